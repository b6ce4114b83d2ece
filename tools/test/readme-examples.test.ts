/**
 * README.md's examples run as written, from a folder outside the repository. Each fenced block of README.md stands
 * after a marker that names it (`<!-- example: NAME -->`, or `<!-- output: NAME -->` for what an example prints),
 * and every one is accounted for here:
 * - `install` and `test` (`npm ci && npm start`, `npm test`) are what CI runs on a fresh clone (.ci/run); here
 *   their text and the scripts they name are checked, not run (npm ci would replace the node_modules this suite
 *   runs from);
 * - `quick-eval`, a shell command, runs in a fresh folder where `merlin` is linked as `npm link merlin-gym`
 *   leaves it (node_modules/.bin/merlin -> the clone's bin/merlin.js), and prints its `output` block (the time on
 *   the first line aside; `npx tsx tools/doc-figures.ts --outputs` makes the block again);
 * - `library-ts` and `move-api` run with tsx in a fresh folder whose node_modules/merlin-gym maps the package's
 *   entry points onto the clone's sources (tools/test/pack.test.ts runs the library examples from the packed
 *   tarball instead, compiled by tsc);
 * - `python` runs in bridge/python/tests/test_readme.py (pytest, with the client installed).
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from '../../cli/test/run.ts';

const run = promisify(execFile);

/** The README's fenced blocks by their marker (`example:NAME`, `output:NAME`), and the first lines of those without one. */
function readmeBlocks(text: string): { named: Map<string, string>; unnamed: string[] } {
  const named = new Map<string, string>();
  const unnamed: string[] = [];
  for (const m of text.matchAll(/(?:<!-- (example|output): ([\w-]+) -->\n)?```\w*\n([\s\S]*?)```/g)) {
    if (m[1]) named.set(`${m[1]}:${m[2]}`, m[3]);
    else unnamed.push(m[3].split('\n')[0]);
  }
  return { named, unnamed };
}

const readme = readFileSync(join(root, 'README.md'), 'utf8');
const { named, unnamed } = readmeBlocks(readme);
const block = (key: string): string => {
  const b = named.get(key);
  if (b === undefined) throw new Error(`README.md has no block after <!-- ${key.replace(':', ': ')} -->`);
  return b;
};
const example = (name: string) => block(`example:${name}`);

/** A folder outside the repository with merlin-gym linked into its node_modules. */
const dir = mkdtempSync(join(tmpdir(), 'merlin-gym-readme-'));
const ENTRY_POINTS = ['env', 'games', 'agents', 'policy'];

beforeAll(() => {
  const pkg = join(dir, 'node_modules', 'merlin-gym');
  mkdirSync(join(dir, 'node_modules', '.bin'), { recursive: true });
  mkdirSync(pkg);
  symlinkSync(root, join(pkg, 'src'));
  const exports: Record<string, string> = { '.': './src/index.ts' };
  for (const e of ENTRY_POINTS) exports[`./${e}`] = `./src/${e}/index.ts`;
  writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name: 'merlin-gym', type: 'module', exports }));
  symlinkSync(join(root, 'bin', 'merlin.js'), join(dir, 'node_modules', '.bin', 'merlin'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'readme-reader', private: true, type: 'module' }));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Run `cmd args` in the outside folder; its stdout. Fails with the command's output. */
async function sh(cmd: string, args: string[]): Promise<string> {
  try {
    return (await run(cmd, args, { cwd: dir, encoding: 'utf8', timeout: 300_000, maxBuffer: 16 << 20 })).stdout;
  } catch (e) {
    const x = e as Error & { stdout?: string; stderr?: string };
    throw new Error(`${cmd} ${args.join(' ')} failed: ${x.message}\n${x.stdout ?? ''}\n${x.stderr ?? ''}`, { cause: e });
  }
}

describe("README.md's examples", () => {
  it('are each named by a marker, and the names are the ones this test runs', () => {
    expect(unnamed).toEqual([]);
    expect([...named.keys()].sort()).toEqual(
      ['install', 'test', 'quick-eval', 'library-ts', 'python', 'move-api']
        .map((n) => `example:${n}`)
        .concat('output:quick-eval')
        .sort(),
    );
  });

  it('install and test name the scripts CI runs', () => {
    expect(example('install').trim()).toBe('npm ci && npm start');
    expect(example('test').trim()).toBe('npm test');
    const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.start).toMatch(/^node bin\/merlin\.js train --variant prosperity --minutes 4 --out runs\/latest$/);
    expect(readme).toContain('`merlin train --variant prosperity --minutes 4`');
    expect(scripts.test).toBeTruthy();
    expect(readFileSync(join(root, '.ci', 'run'), 'utf8')).toMatch(/npm ci[\s\S]*npm test/);
  });

  it('quick-eval prints its output block from a folder outside the repository', async () => {
    const command = example('quick-eval').trim();
    expect(command).toMatch(/^npx merlin eval /);
    const out = await sh('bash', ['-c', command]);
    const untimed = (s: string) => s.replace(/, [\d.]+s$/m, ', Ns').trim();
    expect(untimed(out)).toBe(untimed(block('output:quick-eval')));
  }, 300_000);

  it('the TypeScript env loop plays a game to its end', async () => {
    writeFileSync(join(dir, 'library.ts'), example('library-ts'));
    const out = await sh(process.execPath, [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'library.ts']);
    expect(out).toMatch(/player_0/);
  }, 120_000);

  it("the move API answers the shipped checkpoint's move", async () => {
    writeFileSync(join(dir, 'move.mjs'), example('move-api'));
    const out = await sh(process.execPath, [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'move.mjs']);
    expect(out).toMatch(/probability/);
  }, 120_000);
});
