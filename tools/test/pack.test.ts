/**
 * The npm package as a consumer gets it: `npm pack` (prepack builds dist/ from the sources), `npm install` of
 * the tarball into a fresh folder outside the repository (dependencies from the registry or npm's cache,
 * tfjs-node's optional download skipped), then there, with no tsx and no access to the sources:
 * - a plain `node` script that plays a whole game of each registered game with the move API and asks the
 *   shipped checkpoint for a move, and every ```js example of README.md that imports `merlin-gym`;
 * - a TypeScript file and every ```ts example of README.md that imports `merlin-gym`, compiled by `tsc` under
 *   the config a default `tsc --init` writes (module nodenext), then run by `node`;
 * - `merlin simulate` through the package's bin.
 * About 2 minutes on a shared 2-core machine (the build, then the install).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
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

/** README.md's fenced examples in `lang` that import the package by name. */
function readmeExamples(lang: 'js' | 'ts'): string[] {
  const text = readFileSync(join(root, 'README.md'), 'utf8');
  return [...text.matchAll(new RegExp('```' + lang + '\\n([\\s\\S]*?)```', 'g'))]
    .map((m) => m[1])
    .filter((code) => /from 'merlin-gym(\/[a-z]+)?'/.test(code));
}

/** What the consumer's scripts check and print: a game played to its end by each registered game, and a move. */
const CHECK = `
import { createOpponent, GAMES, resolveChance } from 'merlin-gym';
import { PpoAgent } from 'merlin-gym/agents';

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

beforeAll(async () => {
  const packed = JSON.parse(await sh(npm, ['pack', '--json', '--pack-destination', dir], root)) as { filename: string; size: number }[];
  tarball = join(dir, packed[0].filename);
  writeFileSync(join(dir, 'package.json'), '{}');
  await sh('mkdir', ['-p', consumer], dir);
  writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  await sh(npm, ['install', '--omit=optional', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', tarball], consumer);
}, 600_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the packed npm package, installed in a fresh folder', () => {
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

  it('plays every game and answers a move from the shipped checkpoint in a plain node script (no tsx)', async () => {
    writeFileSync(join(consumer, 'check.mjs'), CHECK);
    const out = JSON.parse(await sh(process.execPath, ['check.mjs'], consumer)) as {
      games: Record<string, number>;
      move: { action: number; description: string; top: { probability: number }[] };
    };
    expect(Object.keys(out.games).sort()).toEqual(Object.keys(GAMES).sort());
    for (const n of Object.values(out.games)) expect(n).toBeGreaterThan(0);
    expect(out.move.description.length).toBeGreaterThan(0);
    expect(out.move.top.length).toBe(3);
    expect(out.move.top[0].probability).toBeGreaterThan(0);
  }, 120_000);

  it("runs README.md's JavaScript examples as written", async () => {
    const examples = readmeExamples('js');
    expect(examples.length).toBeGreaterThan(0);
    for (const [i, code] of examples.entries()) {
      writeFileSync(join(consumer, `readme-${i}.mjs`), code);
      await sh(process.execPath, [`readme-${i}.mjs`], consumer);
    }
  }, 120_000);

  it("compiles a TypeScript file and README.md's TypeScript examples with a default tsc --init (module nodenext) and runs them", async () => {
    await sh(process.execPath, [tsc, '--init'], consumer);
    const config = readFileSync(join(consumer, 'tsconfig.json'), 'utf8');
    expect(config).toMatch(/"module":\s*"nodenext"/);
    const files = ['check.ts', ...readmeExamples('ts').map((_, i) => `readme-${i}.ts`)];
    writeFileSync(
      join(consumer, 'check.ts'),
      CHECK.replace('const out = { games: {} };', 'const out: { games: Record<string, number>; [k: string]: unknown } = { games: {} };'),
    );
    readmeExamples('ts').forEach((code, i) => writeFileSync(join(consumer, `readme-${i}.ts`), code));
    await sh(process.execPath, [tsc, '-p', '.'], consumer);
    const out = JSON.parse(await sh(process.execPath, ['check.js'], consumer)) as { move: { description: string } };
    expect(out.move.description.length).toBeGreaterThan(0);
    for (const f of files.slice(1)) await sh(process.execPath, [f.replace(/\.ts$/, '.js')], consumer);
  }, 180_000);

  it('runs the merlin command from the installed package', async () => {
    const out = JSON.parse(
      await sh(
        join(consumer, 'node_modules', '.bin', 'merlin'),
        ['simulate', '--games', '2', '--agents', 'random', '--seed', '7', '--json'],
        consumer,
      ),
    ) as { games: number; errors: number };
    expect(out).toMatchObject({ games: 2, errors: 0 });
  }, 60_000);
});
