/**
 * The move API's latency (games/opponent.ts `createOpponent(...).act(state)`): the time of each `act` call
 * over whole games where every seat is played by the opponent, after a warm-up game (JIT), as median, p90 and
 * mean in milliseconds. The state is passed as the object; `--serialised` passes `game.serialize(state)`
 * (deserialising is then part of the time). docs/BENCHMARKS.md "Move API".
 *
 *   npx tsx tools/bench-move.ts [--spec ppo:checkpoints/default] [--game merlin] [--variant full] [--games 5] [--serialised]
 */
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { createOpponent } from '../games/opponent.ts';

const argv = yargs(hideBin(process.argv))
  .options({
    spec: { type: 'string', default: 'ppo:checkpoints/default' },
    game: { type: 'string', default: 'merlin' },
    variant: { type: 'string' },
    games: { type: 'number', default: 5 },
    players: { type: 'number' },
    serialised: { type: 'boolean', default: false },
  })
  .strict()
  .parseSync();

const ai = createOpponent(argv.spec, { game: argv.game, variant: argv.variant });
const game = ai.game;
const players = argv.players ?? Math.min(4, game.maxPlayers);
const times: number[] = [];
for (let g = -1; g < argv.games; g++) {
  const state = game.newState(players, `bench-move-${g}`);
  while (!game.isTerminal(state)) {
    const t = performance.now();
    const move = ai.act(argv.serialised ? game.serialize(state) : state);
    const dt = performance.now() - t;
    if (g >= 0) times.push(dt);
    game.applyAction(state, move.action);
  }
}
times.sort((a, b) => a - b);
const at = (q: number) => +times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(3);
console.log(
  JSON.stringify({
    spec: argv.spec,
    game: argv.game,
    variant: game.variant,
    players,
    serialised: argv.serialised,
    games: argv.games,
    moves: times.length,
    median_ms: at(0.5),
    p90_ms: at(0.9),
    mean_ms: +(times.reduce((a, b) => a + b, 0) / times.length).toFixed(3),
  }),
);
