/**
 * The long fuzz run on demand: the properties of games/test/fuzz.ts (mutated rulesets, any action id,
 * serialised states and their corruptions) for every registered game, each for its share of a time budget,
 * from a random seed, outside vitest (a property that runs for minutes would stall vitest's worker).
 *
 *   FUZZ_SECONDS=3600 nice -n 10 npm run fuzz      # or: npx tsx tools/fuzz.ts 3600
 *   FUZZ_ONLY='merlin rulesets' npx tsx tools/fuzz.ts 600   # one property (game and property name), all the budget
 *
 * Prints one line per property (cases run, cases skipped, failures, seed) and, for a failure, fast-check's
 * report with the shrunk case and the seed that replays it. Exit code 1 when any property failed.
 */
import fc from 'fast-check';
import { GAMES } from '../games/registry.ts';
import { actionProperty, rulesetProperty, stateProperty } from '../games/test/fuzz.ts';

const seconds = Number(process.argv[2] ?? process.env.FUZZ_SECONDS ?? 600);
if (!(seconds > 0)) throw new Error(`the budget must be a positive number of seconds, got ${process.argv[2] ?? process.env.FUZZ_SECONDS}`);
const only = process.env.FUZZ_ONLY;
const games = Object.values(GAMES);
const share = (seconds * 1000) / (only ? 1 : 3 * games.length);
let cases = 0;
let failures = 0;
for (const entry of games)
  for (const [name, property] of [
    ['rulesets', rulesetProperty(entry)],
    ['actions', actionProperty(entry)],
    ['states', stateProperty(entry)],
  ] as const) {
    if (only && only !== `${entry.name} ${name}`) continue;
    const d = fc.check(property as fc.IProperty<unknown[]>, {
      numRuns: Number.MAX_SAFE_INTEGER,
      interruptAfterTimeLimit: share,
      markInterruptAsFailure: false,
    });
    cases += d.numRuns;
    if (d.failed) failures++;
    process.stdout.write(
      `fuzz ${entry.name} ${name}: ${d.numRuns} cases, ${d.numSkips} skipped, ${d.failed ? 'FAILED' : '0 failures'} (seed ${d.seed})\n`,
    );
    if (d.failed) process.stdout.write(`${fc.defaultReportMessage(d)}\n${String(d.errorInstance)}\n`);
  }
process.stdout.write(`fuzz: ${cases} cases in ${seconds} s over ${games.length} games, ${failures} failed properties\n`);
if (failures) process.exitCode = 1;
