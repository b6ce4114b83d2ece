/**
 * A player count that arrives boxed leaves every game's integer fields small integers (`| 0` in each createGame).
 * The check needs V8's natives syntax, so it runs in a child process (small-integers-child.ts). Speed itself is
 * measured by `merlin bench` (docs/BENCHMARKS.md), not here.
 */
import { describe, expect, it } from 'vitest';
import { GAMES } from '../registry.ts';
import { tsxJson } from '../../cli/test/run.ts';

describe('integer fields of game states', () => {
  it('stay small integers when the player count arrives as a boxed 4.0 (as from the CLI), in every game', async () => {
    const found = await tsxJson<Record<string, string[]>>('games/test/small-integers-child.ts', [], ['--allow-natives-syntax']);
    expect(Object.keys(found).sort()).toEqual(Object.keys(GAMES).sort());
    for (const [game, fields] of Object.entries(found)) expect({ game, fields }).toEqual({ game, fields: [] });
  }, 150_000);
});
