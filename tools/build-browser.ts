/**
 * `npm run build:browser`: the browser bundle, one ES module (`dist-browser/merlin-gym.browser.js`), built by esbuild
 * from browser/index.ts: every registered game, the agents with the plain-JS policy, and the data the package ships
 * (tools/build-package.ts `DATA`: rulesets, decks, the heuristic's weights, the checkpoints' playing files) inside
 * it, so that a page plays whole games with no server.
 *
 * How the Node-only parts become browser code, without changing them:
 * - `import.meta.url` in each source file becomes that file's own virtual URL (`file:///merlin-gym/<its path>`), so
 *   the folders the modules compute from it are the repository's layout under /merlin-gym/;
 * - `node:fs` reads those virtual paths from the embedded files (browser/shims/fs.ts; JSON as text, weights as
 *   bytes), `node:path` is path-browserify, `node:url` and `node:crypto` (SHA-256 on @noble/hashes) are small shims,
 *   and the `process` global answers `cwd()` with `/` (browser/shims/process.ts).
 *
 *   npx tsx tools/build-browser.ts          (prints the bundle's path and size)
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { DATA } from './build-package.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const BROWSER_DIST = join(root, 'dist-browser');
export const BUNDLE = join(BROWSER_DIST, 'merlin-gym.browser.js');
/** Where the bundle's modules and files live in its virtual file system. */
const VIRTUAL_ROOT = '/merlin-gym';

const shim = (name: string) => join(root, 'browser', 'shims', name);
const NODE_MODULES: Record<string, string> = {
  'node:fs': shim('fs.ts'),
  'node:url': shim('url.ts'),
  'node:crypto': shim('crypto.ts'),
};

/** The embedded files as a module: `FILES[virtual path]` is a JSON file's text or a binary file's bytes. */
function filesModule(): string {
  const lines: string[] = [];
  const entries: string[] = [];
  for (const [dir, keep] of DATA)
    for (const f of readdirSync(join(root, dir)).filter(keep)) {
      const i = entries.length;
      lines.push(`import f${i} from ${JSON.stringify(join(root, dir, f))};`);
      entries.push(`  ${JSON.stringify(`${VIRTUAL_ROOT}/${dir}/${f}`)}: f${i},`);
    }
  return `${lines.join('\n')}\nexport const FILES = {\n${entries.join('\n')}\n};\n`;
}

const plugin: esbuild.Plugin = {
  name: 'merlin-gym-browser',
  setup(build) {
    build.onResolve({ filter: /^node:(fs|url|crypto|path)$/ }, (a) =>
      a.path === 'node:path' ? build.resolve('path-browserify', { kind: a.kind, resolveDir: root }) : { path: NODE_MODULES[a.path] },
    );
    build.onResolve({ filter: /^merlin-gym:files$/ }, () => ({ path: 'files', namespace: 'merlin-gym-files' }));
    build.onLoad({ filter: /.*/, namespace: 'merlin-gym-files' }, () => ({ contents: filesModule(), loader: 'js', resolveDir: root }));
    // Each source file's import.meta.url: its own place in the virtual file system.
    build.onLoad({ filter: /\.ts$/ }, (a) => {
      const rel = relative(root, a.path);
      if (rel.startsWith('..') || rel.startsWith('node_modules')) return undefined;
      const text = readFileSync(a.path, 'utf8').replaceAll('import.meta.url', JSON.stringify(`file://${VIRTUAL_ROOT}/${rel}`));
      return { contents: text, loader: 'ts' };
    });
  },
};

/** Build the bundle; its path, its size in bytes and how many of them are code (the rest: the embedded files). */
export async function buildBrowser(out = BUNDLE): Promise<{ file: string; bytes: number; codeBytes: number }> {
  const built = await esbuild.build({
    entryPoints: [join(root, 'browser', 'index.ts')],
    outfile: out,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    inject: [shim('process.ts')],
    loader: { '.json': 'text', '.bin': 'binary' },
    plugins: [plugin],
    logLevel: 'warning',
    metafile: true,
  });
  // The embedded files' share of the output (the rest is code): what a page pays for the checkpoints.
  const inputs = Object.values(built.metafile.outputs)[0].inputs;
  const data = Object.entries(inputs)
    .filter(([path]) => /\.(json|bin)$/.test(path))
    .reduce((n, [, i]) => n + i.bytesInOutput, 0);
  const bytes = statSync(out).size;
  return { file: out, bytes, codeBytes: bytes - data };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { file, bytes, codeBytes } = await buildBrowser();
  console.error(`built ${relative(process.cwd(), file)}: ${(bytes / 1e6).toFixed(1)} MB (code ${(codeBytes / 1e6).toFixed(2)} MB)`);
}
