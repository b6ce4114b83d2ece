/**
 * `npm run build` (and `prepack`): the npm package's build folder, dist/, from the TypeScript sources.
 *
 * 1. `tsc -p tsconfig.build.json`: ES modules and .d.ts files for index.ts and every layer (tests, tools and
 *    benchmarks left out); `rewriteRelativeImportExtensions` turns the sources' `./x.ts` imports into `./x.js`.
 * 2. The .d.ts files keep the sources' `.ts` import paths (tsc rewrites only the JavaScript), which a consumer's
 *    tsc refuses (TS5097) unless it turns on `allowImportingTsExtensions`: they are rewritten to `.js` here.
 * 3. The data the code reads at run time, copied to the same place relative to the compiled modules, which find
 *    it from `import.meta.url` (never the working directory): the rulesets, card decks and the heuristic's
 *    weights, and of each shipped checkpoint the files that play it (model.json, weights.bin, manifest.json;
 *    not its metrics or training curve).
 *
 *   npx tsx tools/build-package.ts          (prints the build folder's file count and size)
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const DIST = join(root, 'dist');

/** Data files the compiled code reads, as [source folder, file filter], relative to the repository (the browser bundle embeds the same: tools/build-browser.ts). */
export const DATA: [string, (name: string) => boolean][] = [
  // Every game's rules folders (games/NAME/rules/rulesets, decks): a new game's data ships with no line here.
  ...readdirSync(join(root, 'games'), { withFileTypes: true })
    .filter((g) => g.isDirectory() && existsSync(join(root, 'games', g.name, 'rules')))
    .flatMap((g) =>
      readdirSync(join(root, 'games', g.name, 'rules'), { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d): [string, (name: string) => boolean] => [`games/${g.name}/rules/${d.name}`, (f) => f.endsWith('.json')]),
    ),
  ['games/merlin/cards/data', (f) => f.endsWith('.json')],
  ['games/merlin/agents', (f) => f.startsWith('heuristic') && f.endsWith('.json')],
  ...readdirSync(join(root, 'checkpoints'), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d): [string, (name: string) => boolean] => [
      `checkpoints/${d.name}`,
      (f) => f === 'model.json' || f === 'weights.bin' || f === 'manifest.json',
    ]),
];

/** Every file under `dir`, recursively. */
function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? walk(join(dir, d.name)) : [join(dir, d.name)]));
}

/** A relative `.ts` / `.tsx` module path in a declaration file (`from './x.ts'`, `import('./x.ts')`), as `.js`. */
export function rewriteDeclaration(text: string): string {
  return text.replace(/((?:from\s+|import\s*\(\s*)['"]\.{1,2}\/[^'"]*?)\.ts(['"])/g, '$1.js$2');
}

/** Build dist/; returns its file count and total bytes. */
export function buildPackage(): { files: number; bytes: number } {
  rmSync(DIST, { recursive: true, force: true });
  execFileSync(join(root, 'node_modules', '.bin', 'tsc'), ['-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit' });
  for (const f of walk(DIST)) if (f.endsWith('.d.ts')) writeFileSync(f, rewriteDeclaration(readFileSync(f, 'utf8')));
  for (const [dir, keep] of DATA) {
    mkdirSync(join(DIST, dir), { recursive: true });
    for (const f of readdirSync(join(root, dir)).filter(keep)) copyFileSync(join(root, dir, f), join(DIST, dir, f));
  }
  const all = walk(DIST);
  return { files: all.length, bytes: all.reduce((n, f) => n + statSync(f).size, 0) };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { files, bytes } = buildPackage();
  console.error(`built ${relative(process.cwd(), DIST) || '.'}: ${files} files, ${(bytes / 1e6).toFixed(1)} MB`);
}
