// Fixed work for old-versus-new timing of whole processes (docs/BENCHMARKS.md "Measuring"): `merlin bench`'s env
// workload, a VectorEnv of one env in self-play mode (every step writes the acting seat's observation and action
// mask, then a random masked action), 1,200,000 steps of 4-player Merlin on the checkout given as the argument:
//   /usr/bin/time -v node --import tsx tools/ab/vector-loop.mjs TREE [STEPS]
// Needs the tree's games/registry.ts and env/core/vector.ts (every commit since 2026-11-24).
const root = process.argv[2];
const steps = Number(process.argv[3] ?? 1_200_000);
const { gameEntry } = await import(root + '/games/registry.ts');
const { nextInt, seedRng } = await import(root + '/lib/rng.ts');
const { VectorEnv } = await import(root + '/env/core/vector.ts');
const { maskedIds } = await import(root + '/env/core/spaces.ts');
const game = gameEntry('merlin').game();
const A = game.numActions;
const legal = new Int32Array(A);
const env = new VectorEnv(game, 1, { players: 4, learnerSeat: 'all' });
const actions = new Int32Array(1);
const rng = seedRng('bench-env');
env.reset('env');
for (let k = 0; k < steps; k++) {
  const n = maskedIds(env.actionMasks, 0, A, legal);
  actions[0] = n ? legal[nextInt(rng, n)] : 0;
  env.step(actions);
}
