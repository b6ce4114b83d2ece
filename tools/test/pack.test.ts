/**
 * The npm package as a frontend gets it: `npm pack` (prepack builds dist/ from the sources), then in a fresh folder
 * outside the repository made the way a newcomer makes one (`npm init -y`, which writes `"type": "commonjs"`, and
 * `tsc --init`), `npm install --omit=optional` of the tarball (dependencies from the registry or npm's cache;
 * tfjs, vega and openskill left out), then there, with no tsx and no access to the sources:
 * - node_modules at most 40 MB, with none of the optional dependencies in it;
 * - a plain `node` script that plays a whole game of each registered game with the move API and asks the shipped
 *   checkpoint for a move, as an ES module (`import`) and as CommonJS (`require`), and every entry point loaded
 *   both ways, `merlin-gym/training` refusing with the command that installs tfjs;
 * - every ```js example of README.md that imports `merlin-gym`, as an `.mjs` file;
 * - README.md's TypeScript examples (each fenced block after a `<!-- example: library-ts -->` line, and any other
 *   ```ts block that imports `merlin-gym`) as `.mts` files, a TypeScript file of ours, and a CommonJS TypeScript
 *   file that loads the package with `import x = require(...)`, compiled by `tsc` under the config `tsc --init` wrote,
 *   then run by `node`;
 * - `merlin simulate` through the package's bin, and `merlin eval` refused with the command that installs openskill.
 * About 2-3 minutes on a shared 2-core machine (the build, then the install).
 */
import { execFile } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from '../../cli/test/run.ts';
import { GAMES } from '../../games/registry.ts';

const run = promisify(execFile);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const dir = mkdtempSync(join(tmpdir(), 'merlin-gym-pack-'));
const consumer = join(dir, 'consumer');
const pkgJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  exports: Record<string, unknown>;
  optionalDependencies: Record<string, string>;
};
/**
 * The most node_modules may hold after `npm install --omit=optional` of the tarball (bytes of the files): the
 * code, zod, and the shipped checkpoints' weights (three Merlin networks of 10.1 MB each; docs/BENCHMARKS.md
 * "Install size").
 */
const MAX_INSTALL_BYTES = 50e6;
let tarball = '';

/** Run `cmd args` in `cwd`; its stdout. Fails with the command's stderr. */
async function sh(cmd: string, args: string[], cwd: string, timeout = 300_000): Promise<string> {
  try {
    return (await run(cmd, args, { cwd, encoding: 'utf8', timeout, maxBuffer: 64 << 20 })).stdout;
  } catch (e) {
    const x = e as Error & { stderr?: string; stdout?: string };
    throw new Error(`${cmd} ${args.join(' ')} failed: ${x.message}\n${x.stdout ?? ''}\n${x.stderr ?? ''}`, { cause: e });
  }
}

/** `cmd args` in `cwd` expected to fail: its exit code and stderr. */
async function shFails(cmd: string, args: string[], cwd: string): Promise<{ code: number; stderr: string }> {
  try {
    await run(cmd, args, { cwd, encoding: 'utf8', timeout: 120_000 });
  } catch (e) {
    const x = e as { code?: number; stderr?: string };
    return { code: x.code ?? -1, stderr: x.stderr ?? '' };
  }
  throw new Error(`${cmd} ${args.join(' ')} succeeded`);
}

/** README.md's fenced examples in `lang` that import the package by name, and (for ts) every block after the marker. */
function readmeExamples(text: string, lang: 'js' | 'ts'): { marked: string[]; all: string[] } {
  const marked = lang === 'ts' ? [...text.matchAll(/^<!-- example: library-ts -->\n```ts\n([\s\S]*?)^```/gm)].map((m) => m[1]) : [];
  const imports = [...text.matchAll(new RegExp('^```' + lang + '\\n([\\s\\S]*?)^```', 'gm'))]
    .map((m) => m[1])
    .filter((code) => /from 'merlin-gym(\/[a-z]+)?'/.test(code));
  return { marked, all: [...new Set([...marked, ...imports])] };
}

const README = readFileSync(join(root, 'README.md'), 'utf8');

/** What the consumer's scripts check and print: a game played to its end by each registered game, and a move. */
const CHECK = `
const out = { games: {} };
for (const name of Object.keys(GAMES)) {
  const ai = createOpponent('random', { game: name, seed: 1 });
  const game = ai.game;
  const state = game.newState(game.minPlayers, 'pack');
  let moves = 0;
  resolveChance(game, state);
  while (!game.isTerminal(state)) {
    game.applyAction(state, ai.act(state).action);
    resolveChance(game, state);
    moves++;
  }
  out.games[name] = moves;
}
const ai = createOpponent('ppo:checkpoints/default', { game: 'merlin', variant: 'full' });
const state = ai.game.newState(4, 'pack');
out.move = ai.act(ai.game.serialize(state));
out.ppo = typeof PpoAgent;
console.log(JSON.stringify(out));
`;
const ESM = `import { createOpponent, GAMES, resolveChance } from 'merlin-gym';\nimport { PpoAgent } from 'merlin-gym/agents';\n${CHECK}`;
const CJS = `const { createOpponent, GAMES, resolveChance } = require('merlin-gym');\nconst { PpoAgent } = require('merlin-gym/agents');\n${CHECK}`;

/** Every entry point (but package.json) loaded by `load`, as a line of JSON: its export count, or the error it threw. */
const ENTRIES = (load: string) => `
const out = {};
for (const name of ${JSON.stringify(Object.keys(pkgJson.exports).filter((e) => e !== './package.json'))}) {
  const spec = name === '.' ? 'merlin-gym' : 'merlin-gym' + name.slice(1);
  try {
    out[name] = Object.keys(${load}).length;
  } catch (e) {
    out[name] = { name: e.name, code: e.code, message: e.message };
  }
}
console.log(JSON.stringify(out));
`;

/** Bytes of the files under `d` (links not followed). */
function bytes(d: string): number {
  return readdirSync(d).reduce((n, f) => {
    const p = join(d, f);
    const s = lstatSync(p);
    return n + (s.isDirectory() ? bytes(p) : s.size);
  }, 0);
}

beforeAll(async () => {
  const packed = JSON.parse(await sh(npm, ['pack', '--json', '--pack-destination', dir], root)) as { filename: string; size: number }[];
  tarball = join(dir, packed[0].filename);
  writeFileSync(join(dir, 'package.json'), '{}');
  await sh('mkdir', ['-p', consumer], dir);
  await sh(npm, ['init', '-y'], consumer);
  await sh(process.execPath, [tsc, '--init'], consumer);
  await sh(npm, ['install', '--omit=optional', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', tarball], consumer);
}, 600_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the packed npm package, installed with --omit=optional in a fresh npm init -y folder', () => {
  it('ships compiled modules, types and data, and no sources, tests, docs or tools', () => {
    const pkg = join(consumer, 'node_modules', 'merlin-gym');
    const top = readdirSync(pkg).sort();
    expect(top).toEqual(['README.md', 'bin', 'dist', 'package.json']);
    const dist = join(pkg, 'dist');
    expect(statSync(join(dist, 'index.js')).isFile()).toBe(true);
    expect(statSync(join(dist, 'index.d.ts')).isFile()).toBe(true);
    expect(statSync(join(dist, 'checkpoints', 'default', 'weights.bin')).size).toBeGreaterThan(1e6);
    expect(statSync(join(dist, 'games', 'merlin', 'rules', 'rulesets', 'full.json')).isFile()).toBe(true);
    const walk = (d: string): string[] =>
      readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(d, e.name)) : [join(d, e.name)]));
    const files = walk(dist);
    expect(files.filter((f) => /\.ts$/.test(f) && !f.endsWith('.d.ts'))).toEqual([]);
    expect(files.filter((f) => /[/\\]test[/\\]|\.test\.|metrics\.jsonl|\.svg$|\.png$/.test(f))).toEqual([]);
    expect(files.filter((f) => f.endsWith('.d.ts') && /from '\.[^']*\.ts'/.test(readFileSync(f, 'utf8')))).toEqual([]);
  });

  it(`is at most ${MAX_INSTALL_BYTES / 1e6} MB of node_modules, without tfjs, vega or openskill`, () => {
    const modules = join(consumer, 'node_modules');
    expect(JSON.parse(readFileSync(join(consumer, 'package.json'), 'utf8')).type).toBe('commonjs');
    for (const name of Object.keys(pkgJson.optionalDependencies)) expect(existsSync(join(modules, name)), name).toBe(false);
    expect(bytes(modules)).toBeLessThanOrEqual(MAX_INSTALL_BYTES);
  });

  it('plays every game and answers a move from the shipped checkpoint in a plain node script, by import and by require', async () => {
    writeFileSync(join(consumer, 'check.mjs'), ESM);
    writeFileSync(join(consumer, 'check.cjs'), CJS);
    for (const file of ['check.mjs', 'check.cjs']) {
      const out = JSON.parse(await sh(process.execPath, [file], consumer)) as {
        games: Record<string, number>;
        move: { action: number; description: string; top: { probability: number }[] };
      };
      expect(Object.keys(out.games).sort(), file).toEqual(Object.keys(GAMES).sort());
      for (const n of Object.values(out.games)) expect(n).toBeGreaterThan(0);
      expect(out.move.description.length).toBeGreaterThan(0);
      expect(out.move.top.length).toBe(3);
      expect(out.move.top[0].probability).toBeGreaterThan(0);
    }
  }, 120_000);

  it('loads every entry point by import and by require; merlin-gym/training refuses with the command that installs tfjs', async () => {
    writeFileSync(join(consumer, 'entries.mjs'), ENTRIES('await import(spec)'));
    writeFileSync(join(consumer, 'entries.cjs'), ENTRIES('require(spec)'));
    const tfjs = `npm install @tensorflow/tfjs@${pkgJson.optionalDependencies['@tensorflow/tfjs']} @tensorflow/tfjs-backend-wasm@`;
    for (const file of ['entries.mjs', 'entries.cjs']) {
      const out = JSON.parse(await sh(process.execPath, [file], consumer)) as Record<string, number | { code: string; message: string }>;
      for (const [name, got] of Object.entries(out))
        if (name === './training') {
          expect(got, file).toMatchObject({ code: 'MISSING_DEPENDENCY' });
          expect((got as { message: string }).message, file).toContain(tfjs);
        } else expect(got, `${file} ${name}`).toBeGreaterThan(0);
    }
  }, 120_000);

  it("runs README.md's JavaScript examples as written", async () => {
    const examples = readmeExamples(README, 'js').all;
    expect(examples.length).toBeGreaterThan(0);
    for (const [i, code] of examples.entries()) {
      writeFileSync(join(consumer, `readme-${i}.mjs`), code);
      await sh(process.execPath, [`readme-${i}.mjs`], consumer);
    }
  }, 120_000);

  it("compiles README.md's TypeScript examples (.mts) and a CommonJS TypeScript file under tsc --init's defaults, and runs them", async () => {
    const config = readFileSync(join(consumer, 'tsconfig.json'), 'utf8');
    expect(config).toMatch(/"module":\s*"nodenext"/);
    const { marked, all } = readmeExamples(README, 'ts');
    expect(marked.length).toBeGreaterThan(0);
    // README tells the reader the example's file name: an .mts file is an ES module in a "type": "commonjs" project.
    expect(README.slice(0, README.indexOf('<!-- example: library-ts -->'))).toMatch(/`app\.mts`/);
    all.forEach((code, i) => writeFileSync(join(consumer, `readme-ts-${i}.mts`), code));
    writeFileSync(
      join(consumer, 'check.mts'),
      ESM.replace('const out = { games: {} };', 'const out: { games: Record<string, number>; [k: string]: unknown } = { games: {} };'),
    );
    writeFileSync(
      join(consumer, 'require.ts'),
      `import merlin = require('merlin-gym');\nconst ai = merlin.createOpponent('random', { game: 'economicon', seed: 1 });\n` +
        `const move: merlin.Move = ai.act(ai.game.newState(2, 'pack'));\nconsole.log(JSON.stringify(move));\n`,
    );
    await sh(process.execPath, [tsc, '-p', '.'], consumer);
    const out = JSON.parse(await sh(process.execPath, ['check.mjs'], consumer)) as { move: { description: string } };
    expect(out.move.description.length).toBeGreaterThan(0);
    expect(
      (JSON.parse(await sh(process.execPath, ['require.js'], consumer)) as { description: string }).description.length,
    ).toBeGreaterThan(0);
    for (const i of all.keys()) await sh(process.execPath, [`readme-ts-${i}.mjs`], consumer);
  }, 180_000);

  it('runs the merlin command from the installed package; eval says how to install the ratings it needs', async () => {
    const merlin = join(consumer, 'node_modules', '.bin', 'merlin');
    const out = JSON.parse(await sh(merlin, ['simulate', '--games', '2', '--agents', 'random', '--seed', '7', '--json'], consumer)) as {
      games: number;
      errors: number;
    };
    expect(out).toMatchObject({ games: 2, errors: 0 });
    const refused = await shFails(merlin, ['eval', '--agents', 'random,random', '--games', '2', '--json'], consumer);
    expect(refused.code).toBe(2);
    expect(refused.stderr.trim()).toBe(
      `merlin: MISSING_DEPENDENCY: merlin eval needs openskill: an optional dependency of merlin-gym, not installed here ` +
        `(npm install --omit=optional leaves it out); install it with \`npm install openskill@${pkgJson.optionalDependencies.openskill}\``,
    );
  }, 60_000);
});
