/**
 * A player count that arrives boxed leaves every game's integer fields small integers (`| 0` in each createGame).
 * The check needs V8's natives syntax, so it runs in a child process (small-integers-child.ts). Speed itself is
 * measured by `merlin bench` (docs/BENCHMARKS.md), not here.
 */
import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GAMES } from '../registry.ts';

const here = dirname(fileURLToPath(import.meta.url));

describe('integer fields of game states', () => {
  it('stay small integers when the player count arrives as a boxed 4.0 (as from the CLI), in every game', async () => {
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile(
        process.execPath,
        ['--allow-natives-syntax', '--import', 'tsx', join(here, 'small-integers-child.ts')],
        { cwd: join(here, '..', '..'), timeout: 120_000 },
        (err, out, errText) => (err ? reject(new Error(`${err.message}\n${errText}`)) : resolve(out)),
      ),
    );
    const found = JSON.parse(stdout) as Record<string, string[]>;
    expect(Object.keys(found).sort()).toEqual(Object.keys(GAMES).sort());
    for (const [game, fields] of Object.entries(found)) expect({ game, fields }).toEqual({ game, fields: [] });
  }, 150_000);
});
