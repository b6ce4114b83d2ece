/**
 * package.json `exports`: every subpath imports by package name (Node's self-reference), in vitest and in
 * a plain Node process (tsx), and offers its main entry points.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../../cli/test/run.ts';

/** A function or class each subpath must export (its main entry point). */
const ENTRY: Record<string, string> = {
  'merlin-gym': 'resolveAgent',
  'merlin-gym/env': 'SingleAgentEnv',
  'merlin-gym/games': 'merlinGame',
  'merlin-gym/agents': 'resolveAgent',
  'merlin-gym/policy': 'loadCheckpoint',
  'merlin-gym/training': 'train',
  'merlin-gym/bridge': 'startServer',
};
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { exports: Record<string, string> };

describe('package exports', () => {
  it('lists exactly the tested subpaths (and package.json)', () => {
    const names = Object.keys(pkg.exports).map((k) => (k === '.' ? 'merlin-gym' : `merlin-gym/${k.slice(2)}`));
    expect(names.sort()).toEqual([...Object.keys(ENTRY), 'merlin-gym/package.json'].sort());
  });

  it('imports every subpath by package name in vitest', async () => {
    const got: Record<string, string> = {};
    for (const name of Object.keys(ENTRY))
      got[name] = typeof ((await import(/* @vite-ignore */ name)) as Record<string, unknown>)[ENTRY[name]];
    expect(got).toEqual(Object.fromEntries(Object.keys(ENTRY).map((n) => [n, 'function'])));
    const games = (await import('merlin-gym/games')) as typeof import('../../games/index.ts');
    expect(games.merlinGame('full').numActions).toBeGreaterThan(0);
  }, 60_000);

  it('imports every subpath by package name in plain Node (tsx)', async () => {
    const script = `const out = {}; for (const [n, e] of Object.entries(${JSON.stringify(ENTRY)})) out[n] = typeof (await import(n))[e]; console.log(JSON.stringify(out));`;
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '-e', script],
        { cwd: root, encoding: 'utf8', timeout: 120_000 },
        (err, out, stderr) => (err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve(out)),
      ),
    );
    expect(JSON.parse(stdout)).toEqual(Object.fromEntries(Object.keys(ENTRY).map((n) => [n, 'function'])));
  }, 120_000);
});
