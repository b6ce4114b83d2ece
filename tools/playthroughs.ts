/**
 * Write the golden playthroughs (games/playthroughs.ts): games/NAME/playthroughs/VARIANT.txt for every registered
 * game and variant, or one game's. `npm test` compares them with what the games do now; run this after an
 * intended change of behaviour and review the diff in git.
 *
 *   npx tsx tools/playthroughs.ts                 (every game)
 *   npx tsx tools/playthroughs.ts --game merlin   (one game's variants)
 *   npx tsx tools/playthroughs.ts --check         (write nothing; exit 1 naming the files that differ)
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { allGoldens, goldensOf } from '../games/playthroughs.ts';
import { gameEntry } from '../games/registry.ts';

const args = process.argv.slice(2);
const gi = args.indexOf('--game');
const check = args.includes('--check');
const goldens = gi >= 0 ? goldensOf(gameEntry(args[gi + 1])) : allGoldens();
let differ = 0;
for (const g of goldens) {
  const text = g.text();
  const same = existsSync(g.file) && readFileSync(g.file, 'utf8') === text;
  const name = relative(process.cwd(), g.file);
  if (same) continue;
  differ++;
  if (check) console.log(`differs: ${name}`);
  else {
    mkdirSync(dirname(g.file), { recursive: true });
    writeFileSync(g.file, text);
    console.log(`wrote ${name} (${text.split('\n').length} lines)`);
  }
}
console.log(`${goldens.length} playthroughs, ${differ} ${check ? 'differ' : 'written'}`);
if (check && differ) process.exitCode = 1;
