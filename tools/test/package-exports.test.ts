/**
 * package.json as an npm package: every entry point in `exports` with `types` first and a `default`
 * condition (what both `import` and, on Node 20.19+, `require` resolve), both in the build folder (dist/,
 * `npm run build`) at the place of a source module; `files` ships the build folder and the `merlin` command
 * only. That the packed tarball installs and plays from plain Node and from a consumer's tsc is
 * tools/test/pack.test.ts. And the repository's own install: `npm pack`'s tarball is ignored by git, and every
 * installed package with an install script is approved or denied in `allowScripts` (npm 11's policy), so that
 * `npm ci` lists nothing to review.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../../cli/test/run.ts';

/** The entry points (DESIGN: subpath per layer), each with the source module it is compiled from. */
const ENTRY: Record<string, string> = {
  '.': 'index.ts',
  './env': 'env/index.ts',
  './games': 'games/index.ts',
  './agents': 'agents/index.ts',
  './policy': 'policy/index.ts',
  './training': 'training/index.ts',
  './bridge': 'bridge/index.ts',
};
const run = promisify(execFile);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  exports: Record<string, Record<string, string> | string>;
  files: string[];
  bin: Record<string, string>;
  scripts: Record<string, string>;
};

describe('package exports', () => {
  it('lists exactly the entry points (and package.json), types first, then default, compiled from a source module', () => {
    expect(Object.keys(pkg.exports).sort()).toEqual([...Object.keys(ENTRY), './package.json'].sort());
    for (const [name, source] of Object.entries(ENTRY)) {
      const conditions = pkg.exports[name] as Record<string, string>;
      expect(Object.keys(conditions), name).toEqual(['types', 'default']);
      const base = `./dist/${source.replace(/\.ts$/, '')}`;
      expect(conditions, name).toEqual({ types: `${base}.d.ts`, default: `${base}.js` });
      expect(existsSync(join(root, source)), source).toBe(true);
    }
  });

  it('ships the build folder and the merlin command, built by prepack', () => {
    expect(pkg.files.sort()).toEqual(['bin/merlin.js', 'dist']);
    expect(pkg.bin.merlin).toBe('bin/merlin.js');
    expect(pkg.scripts.prepack).toMatch(/build-package/);
  });

  it("leaves npm pack's tarball out of git", async () => {
    await run('git', ['check-ignore', '-q', `${pkg.name}-${pkg.version}.tgz`], { cwd: root });
  });

  it('approves or denies every installed install script (npm install-scripts ls lists none to review)', async () => {
    const { stdout } = await run(npm, ['install-scripts', 'ls', '--json'], { cwd: root, encoding: 'utf8' });
    expect((JSON.parse(stdout) as { allowScripts: unknown[] }).allowScripts).toEqual([]);
  });
});
