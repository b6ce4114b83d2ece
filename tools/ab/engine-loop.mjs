// Fixed work for old-versus-new timing (docs/BENCHMARKS.md): 6,000,000 random-play engine steps, 4 players, 'full',
// on the checkout given as the argument. Run each tree in turn: /usr/bin/time -v node --import tsx tools/ab/engine-loop.mjs TREE
import { performance } from 'node:perf_hooks';
const root = process.argv[2];
const base = (await import('node:fs')).existsSync(root + '/games/merlin') ? root + '/games/merlin' : root + '/env/merlin';
const eng = await import(base + '/engine/index.ts');
const { loadRuleset } = await import(base + '/rules/index.ts');
const rs = loadRuleset('full');
const buf = new Int32Array(eng.catalogue(rs).size);
let seed = 1,
  g = 0;
const rnd = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 4294967296;
let s = eng.createGame(rs, 4, 'b/' + g++);
let n = 0;
const t = performance.now();
for (let i = 0; i < 6_000_000; i++) {
  if (eng.isTerminal(s)) s = eng.createGame(rs, 4, 'b/' + g++);
  const m = eng.legalActions(s, rs, buf);
  eng.applyAction(s, rs, buf[Math.floor(rnd() * m)]);
  n++;
}
console.log(Math.round(n / ((performance.now() - t) / 1000)), g);
