/**
 * Fuzzing every registered game with fast-check (games/test/fuzz.ts): mutated rulesets, any action id, and
 * serialised states and their corruptions. In `npm test` each property runs a fixed number of cases from a
 * fixed seed (reproducible, a few seconds a game); `FUZZ_SECONDS=N npm run fuzz` (tools/fuzz.ts) runs each
 * for its share of N seconds from a random seed outside vitest and prints the cases run (a failure prints the
 * seed and the shrunk case that reproduces it).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { GAMES } from '../registry.ts';
import { actionProperty, rulesetProperty, stateProperty } from './fuzz.ts';

/** Cases per property per game in `npm test` (about 20 s for both games on a loaded 2-core machine). */
const RUNS = { ruleset: 25, action: 60, state: 40 };
const games = Object.values(GAMES);

/** Run `property` for `runs` cases from a fixed seed; returns the cases run. @throws fast-check's report of a failure */
function run<Ts extends unknown[]>(name: string, property: fc.IProperty<Ts>, runs: number): number {
  const details = fc.check(property, { numRuns: runs, seed: 36 });
  if (details.failed) throw new Error(`${fc.defaultReportMessage(details) ?? `${name} failed`}\n${String(details.errorInstance)}`);
  return details.numRuns;
}

const timeout = 60_000;

describe('fuzz', () => {
  it('can compile edited rules of every registered game (its registry entry offers compileRules)', () => {
    for (const entry of games) expect(entry.compileRules, `${entry.name}'s definition has no compileRules`).toBeTypeOf('function');
  });

  for (const entry of games) {
    it(
      `${entry.name}: a ruleset changed within or just outside its schema is refused naming the field, or plays clean`,
      () => {
        expect(run(`${entry.name} rulesets`, rulesetProperty(entry), RUNS.ruleset)).toBeGreaterThan(0);
      },
      timeout,
    );

    it(
      `${entry.name}: any action id applies when legal, else is refused with a typed error and the state unchanged`,
      () => {
        expect(run(`${entry.name} actions`, actionProperty(entry), RUNS.action)).toBeGreaterThan(0);
      },
      timeout,
    );

    it(
      `${entry.name}: mid-game states round-trip exactly; corrupted text is refused with a StateError`,
      () => {
        expect(run(`${entry.name} states`, stateProperty(entry), RUNS.state)).toBeGreaterThan(0);
      },
      timeout,
    );
  }
});
