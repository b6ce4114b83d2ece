// Fixed work for old-versus-new timing (docs/BENCHMARKS.md): 1,500,000 AEC env steps with observation + mask, 4 players,
// 'full', on the checkout given as the argument. Run each tree in turn: /usr/bin/time -v node --import tsx tools/ab/env-loop.mjs TREE
const root = process.argv[2];
const fs = await import('node:fs');
const base = fs.existsSync(root + '/games/merlin') ? root + '/games/merlin' : root + '/env/merlin';
const { merlinGame } = await import(base + '/env/game.ts');
const { AECEnv } = await import(root + '/env/core/aec.ts');
const game = merlinGame('full');
const env = new AECEnv(game, { players: 4 });
const obs = new Float32Array(game.observationSpec.size);
const mask = new Uint8Array(game.numActions);
const legal = new Int32Array(game.numActions);
let seed = 7,
  g = 0;
const rnd = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 4294967296;
env.reset({ seed: `env/${g++}` });
for (let i = 0; i < 1_500_000; i++) {
  if (env.currentPlayer() < 0) env.reset({ seed: `env/${g++}` });
  env.observeInto(env.agentSelection, obs, mask);
  let n = 0;
  for (let a = 0; a < mask.length; a++) if (mask[a]) legal[n++] = a;
  env.step(legal[Math.floor(rnd() * n)]);
}
console.log(g);
