/**
 * Evaluate a checkpoint per variant against (P-1) x random and (P-1) x its game's heuristic (the manifest names
 * the game) and record the results in its manifest (the table `merlin train` prints at the end, with more games).
 *
 *   node --import tsx tools/eval-checkpoint.ts checkpoints/default 1000 full,market,skirmish [GAMES_OTHER_VARIANTS]
 *
 * The first variant gets GAMES games per match, the others GAMES_OTHER_VARIANTS (default: the same).
 */
import { availableParallelism } from 'node:os';
import { evalTable, evaluateCheckpoint } from '../cli/train.ts';
import { readManifest } from '../policy/checkpoint.ts';
import { recordEvaluation } from '../training/train.ts';

const [dir, gamesArg, variantsArg, otherArg] = process.argv.slice(2);
if (!dir) throw new Error('usage: tools/eval-checkpoint.ts DIR [GAMES] [VARIANTS] [GAMES_OTHER_VARIANTS]');
const games = Number(gamesArg ?? 1000);
const manifest = readManifest(dir);
const variants = variantsArg ? variantsArg.split(',') : manifest.variants;
const rows = [];
for (const [i, v] of variants.entries()) {
  const n = i === 0 ? games : Number(otherArg ?? games);
  const t0 = performance.now();
  const r = await evaluateCheckpoint(dir, [v], manifest.players, n, availableParallelism(), manifest.seed, undefined, manifest.game);
  process.stderr.write(`${v}: ${n} games per match in ${((performance.now() - t0) / 1000).toFixed(0)} s\n`);
  rows.push(...r);
}
recordEvaluation(dir, rows);
process.stdout.write(evalTable(rows, manifest.players) + '\n');
