/**
 * How a Merlin policy's self-play games end, beyond the victory counts of `merlin probe`: how many reach the turn
 * limit, the most Crowns any seat holds when they do (Royal Favor takes `victory.crownsToWin` and strictly the highest
 * net worth, docs/RULES.md D34), and how many seats of a game are at some point bankrupt through a turn of their own
 * (`bankruptHeld`, what Economic Dominance counts, D33), and how often a seat could have played its Crowns (Play
 * Crowns legal to the seat deciding) and did. The policy sits in every seat; game g uses seed
 * `SEED/g`, seat i's sampling `SEED/g/i`, so the counts are the same in any process.
 *
 *   npx tsx tools/self-play-endings.ts --ppo checkpoints/prosperity --variant prosperity --games 100 [--seed endings]
 *
 * Prints one JSON object: games, victories by kind, truncated games, a histogram of the most Crowns held at
 * truncation, the mean number of seats per game ever bankrupt through a turn of their own, and the decisions where
 * Play Crowns was legal and where it was taken.
 */
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { resolveAgent } from '../agents/registry.ts';
import { playGame } from '../env/core/play.ts';
import { merlinAgents } from '../games/merlin/agents/specs.ts';
import { merlinGame } from '../games/merlin/env/game.ts';
import { VICTORY_NAMES } from '../games/merlin/engine/state.ts';
import { catalogue, Kind } from '../games/merlin/engine/actions.ts';

const argv = yargs(hideBin(process.argv))
  .strict()
  .options({
    ppo: { type: 'string', demandOption: true, describe: 'the checkpoint directory' },
    variant: { type: 'string', default: 'full' },
    games: { type: 'number', default: 100 },
    players: { type: 'number', default: 4 },
    seed: { type: 'string', default: 'endings' },
  })
  .parseSync();

const game = merlinGame(argv.variant);
const P = argv.players;
const victories: Record<string, number> = {};
const crownsAtTruncation: Record<number, number> = {};
let truncated = 0;
let seatsHeld = 0;
const kindOf = catalogue(game.ruleset).kind;
const legal = new Int32Array(game.numActions);
let crownsLegal = 0;
let crownsTaken = 0;
for (let g = 0; g < argv.games; g++) {
  const agents = Array.from({ length: P }, (_, i) => resolveAgent(`ppo:${argv.ppo}`, `${argv.seed}/${g}/${i}`, game, merlinAgents));
  let held = 0; // bit p: seat p was bankrupt through a turn of its own at some point
  const { state: s } = playGame(game, agents, `${argv.seed}/${g}`, {
    beforeAction: (s, _seat, action) => {
      const n = game.legalActions(s, legal);
      for (let k = 0; k < n; k++)
        if (kindOf[legal[k]] === Kind.PlayCrowns) {
          crownsLegal++;
          if (kindOf[action] === Kind.PlayCrowns) crownsTaken++;
          break;
        }
    },
    afterAction: (s) => {
      for (let q = 0; q < P; q++) if (s.bankruptHeld[q]) held |= 1 << q;
    },
  });
  for (let q = 0; q < P; q++) if (held & (1 << q)) seatsHeld++;
  if (game.isTruncated(s)) {
    truncated++;
    let most = 0;
    for (let q = 0; q < P; q++) most = Math.max(most, s.crowns[q]);
    crownsAtTruncation[most] = (crownsAtTruncation[most] ?? 0) + 1;
  } else {
    const name = VICTORY_NAMES[s.victory];
    victories[name] = (victories[name] ?? 0) + 1;
  }
}
process.stdout.write(
  JSON.stringify({
    ppo: argv.ppo,
    variant: argv.variant,
    players: P,
    games: argv.games,
    seed: argv.seed,
    victories,
    truncated,
    mostCrownsAtTruncation: crownsAtTruncation,
    seatsEverBankruptHeldPerGame: seatsHeld / argv.games,
    playCrowns: { legal: crownsLegal, taken: crownsTaken },
  }) + '\n',
);
