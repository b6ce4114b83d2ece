/**
 * The encoder workload of tools/ab (interleaved.ts `--workload observe`, observe-process.ts): states of uniformly
 * random legal play from fixed seeds, kept as clones, and a loop that writes the seat-to-act's observation of one
 * state after another (cycling) with one row writer into one row. Each checkout's own game and RNG functions are
 * passed in, so the states are the same on every tree whose game plays the same.
 */
import type { Game } from '../../env/core/game.ts';

/** A checkout's lib/rng.ts, as far as the workload uses it. */
export interface TreeRng<R> {
  seedRng(seed: string): R;
  nextInt(rng: R, n: number): number;
}

/**
 * `count` states of random play of `game` at `players` seats (games seeded `ab/0`, `ab/1`..., draws from
 * `seedRng('ab-observe')`), every `every`-th decision that leaves the game running; returns a loop of `steps`
 * observations. @throws Error when the game has no observation row writer
 */
export function observeLoop<S, R>(game: Game<S>, rngOf: TreeRng<R>, players: number, count: number, every = 1): (steps: number) => void {
  if (!game.observationRowWriter) throw new Error(`${game.name} has no observation row writer`);
  const legal = new Int32Array(game.numActions);
  const rng = rngOf.seedRng('ab-observe');
  const states: S[] = [];
  let g = 0;
  let k = 0;
  let s = game.newState(players, `ab/${g++}`);
  while (states.length < count) {
    if (game.isTerminal(s) || game.isTruncated(s)) s = game.newState(players, `ab/${g++}`);
    game.applyAction(s, legal[rngOf.nextInt(rng, game.legalActions(s, legal))]);
    if (!game.isTerminal(s) && ++k % every === 0) states.push(game.clone(s));
  }
  const write = game.observationRowWriter();
  const row = new Float32Array(game.observationSpec.size);
  const seats = states.map((x) => game.currentPlayer(x));
  let i = 0;
  return (steps) => {
    for (let n = 0; n < steps; n++) {
      write(states[i], seats[i], row);
      i = i + 1 === states.length ? 0 : i + 1;
    }
  };
}
