/**
 * The in-process baseline for bridge/bench.py: env/core's VectorEnv (one thread) with N single-agent envs
 * (random opponents, random learner seat), random masked actions chosen in the same thread, as steps/s.
 *   npx tsx bridge/bench-inprocess.ts [N] [SECONDS] [VARIANT] [GAME]   → one JSON line (GAME: a registered game, default merlin)
 */
import { VectorEnv } from '../env/core/vector.ts';
import { nextInt, seedRng } from '../lib/rng.ts';
import { DEFAULT_GAME, gameEntry, opponentFactory } from '../games/registry.ts';

const n = Number(process.argv[2] ?? 256);
const seconds = Number(process.argv[3] ?? 5);
const name = process.argv[5] ?? DEFAULT_GAME;
const entry = gameEntry(name);
const variant = process.argv[4] ?? entry.defaultVariant;
const game = entry.game(variant);
const vec = new VectorEnv(game, n, { players: Math.min(4, game.maxPlayers), opponents: opponentFactory(['random'], variant, name) });
const A = game.numActions;
const actions = new Int32Array(n);
const legal = new Int32Array(A);
const rng = seedRng('bench-inprocess');
const step = () => {
  for (let i = 0; i < n; i++) {
    let k = 0;
    const o = i * A;
    for (let a = 0; a < A; a++) if (vec.actionMasks[o + a]) legal[k++] = a;
    actions[i] = k ? legal[nextInt(rng, k)] : 0;
  }
  vec.step(actions);
};
vec.reset('bench');
const w = performance.now();
while (performance.now() - w < 2000) step(); // JIT warm-up
let steps = 0;
const t0 = performance.now();
while (performance.now() - t0 < seconds * 1000) {
  step();
  steps += n;
}
const secs = (performance.now() - t0) / 1000;
process.stdout.write(JSON.stringify({ num_envs: n, steps, seconds: secs, steps_per_sec: Math.round(steps / secs) }) + '\n');
