/**
 * Old against new in one process, interleaved (docs/BENCHMARKS.md "Measuring"). On the machines here the
 * same work runs up to 1.8x faster or slower from one minute to the next, within one process and between
 * processes; runs of old and new in turn, even alternated, measure that drift as much as the code. This tool
 * loads both checkouts' sources into one process (tsx compiles each tree's modules apart: two copies of every
 * function, each with its own type feedback), warms both up, and then times short slices of the same number of
 * steps, old then new, new then old, alternately. Each pair's ratio (old's time / new's time: above 1 means new
 * is faster) is taken within a fraction of a second, so drift slower than that cancels; the result is the median
 * ratio over the pairs with its 95% distribution-free interval (order statistics of the binomial), and each side's
 * median steps per second.
 *
 * Workloads (the same loop on both sides, random play from the same seeds):
 * - `env`: `merlin bench`'s env figure: a VectorEnv of one in self-play mode, every step writes the acting seat's
 *   observation and action mask, then a random masked action.
 * - `env-no-observation`: the same loop with the observation writer replaced by one that writes nothing: the env's
 *   step path (engine, rewards, action mask) without the encoder, to tell which of the two a difference is in.
 * - `engine`: `merlin bench`'s engine figure: `legalActions` + `applyAction` of uniformly random legal actions
 *   (new games started as old ones end).
 * - `observe`: the observation encoder alone: the acting seat's observation of 4,096 states (random play from
 *   the same seeds, kept as clones) written by one row writer into one row, state after state; a step is one
 *   observation.
 *
 *   npx tsx tools/ab/interleaved.ts --old /tmp/old-tree --new . --workload env --game merlin
 *
 * The old tree needs its own dependencies installed (or a `node_modules` link to a compatible one); both trees
 * need the `games/registry.ts` game registry and `env/core/vector.ts` (every commit since Economicon joined the registry, 2026-11-24). Both share
 * one heap, so one side's garbage may be collected in the other's slice; the loops allocate little, and the
 * median discounts the slices a collection lands in.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { observeLoop } from './observe-loop.ts';
import { binomialDistribution, median, medianSorted, quantileSorted } from 'simple-statistics';

const argv = yargs(hideBin(process.argv))
  .strict()
  .options({
    old: { type: 'string', demandOption: true, describe: 'the old checkout (a folder)' },
    new: { type: 'string', demandOption: true, describe: 'the new checkout (a folder)' },
    workload: {
      choices: ['env', 'env-no-observation', 'engine', 'observe'] as const,
      default: 'env' as const,
      describe: 'what each slice runs',
    },
    game: { type: 'string', default: 'merlin', describe: 'a game of both trees’ registries' },
    variant: { type: 'string', describe: "the game's ruleset (default: its default)" },
    players: { type: 'number', default: 4 },
    pairs: { type: 'number', default: 60, describe: 'timed pairs (one slice of each side)' },
    'slice-seconds': { type: 'number', default: 0.25, describe: 'about how long one slice runs' },
    'warmup-seconds': { type: 'number', default: 15, describe: 'untimed play per side first, interleaved' },
    json: { type: 'boolean', default: false },
  })
  .parseSync();

type Loop = (steps: number) => void;

/** The workload's loop over `tree`'s own modules. */
async function loopOf(tree: string): Promise<Loop> {
  const url = (p: string) => pathToFileURL(resolve(tree, p)).href;
  const { gameEntry } = await import(url('games/registry.ts'));
  const { nextInt, seedRng } = await import(url('lib/rng.ts'));
  const game = gameEntry(argv.game).game(argv.variant);
  const A: number = game.numActions;
  const legal = new Int32Array(A);
  if (argv.workload === 'engine') {
    const rng = seedRng('ab-engine');
    let g = 0;
    let s = game.newState(argv.players, `ab/${g++}`);
    return (steps) => {
      for (let k = 0; k < steps; k++) {
        if (game.isTerminal(s) || game.isTruncated(s)) s = game.newState(argv.players, `ab/${g++}`);
        game.applyAction(s, legal[nextInt(rng, game.legalActions(s, legal))]);
      }
    };
  }
  if (argv.workload === 'observe') return observeLoop(game, { nextInt, seedRng }, argv.players, 4096);
  const { VectorEnv } = await import(url('env/core/vector.ts'));
  const { maskedIds } = await import(url('env/core/spaces.ts'));
  const env = new VectorEnv(game, 1, { players: argv.players, learnerSeat: 'all' });
  const actions = new Int32Array(1);
  const rng = seedRng('bench-env');
  if (argv.workload === 'env-no-observation') for (const e of env.envs) e.writeObservation = () => {};
  env.reset('env');
  return (steps) => {
    for (let k = 0; k < steps; k++) {
      const n = maskedIds(env.actionMasks, 0, A, legal);
      actions[0] = n ? legal[nextInt(rng, n)] : 0;
      env.step(actions);
    }
  };
}

/** Seconds `loop` takes for `steps` steps. */
function time(loop: Loop, steps: number): number {
  const t = performance.now();
  loop(steps);
  return (performance.now() - t) / 1000;
}

/** The 95% interval of the median of `sorted` (ascending) by order statistics: [x_(k), x_(n+1-k)], 1-based. */
function medianInterval(sorted: number[]): [number, number] {
  const n = sorted.length;
  const pmf = binomialDistribution(n, 0.5) ?? [];
  let k = 0; // the largest k with P(Binomial(n, 1/2) < k) <= 0.025
  for (let cum = 0; k < n && cum + (pmf[k] ?? 0) <= 0.025; k++) cum += pmf[k] ?? 0;
  return k === 0 ? [sorted[0], sorted[n - 1]] : [sorted[k - 1], sorted[n - k]];
}

const oldLoop = await loopOf(argv.old);
const newLoop = await loopOf(argv.new);

// Warm-up: a hundred steps at a time on each side, alternately; the slice length comes from both sides' mean rate
// over the warm-up's last quarter.
const warmEnd = performance.now() + argv['warmup-seconds'] * 2000;
let warmSteps = 0;
let warmSeconds = 0;
while (performance.now() < warmEnd) {
  const late = warmEnd - performance.now() < argv['warmup-seconds'] * 500;
  const t = time(oldLoop, 100) + time(newLoop, 100);
  if (late) {
    warmSteps += 200;
    warmSeconds += t;
  }
}
const slice = Math.max(100, Math.round((warmSteps / Math.max(warmSeconds, 1e-6)) * argv['slice-seconds']));

const ratios: number[] = [];
const oldRates: number[] = [];
const newRates: number[] = [];
for (let p = 0; p < argv.pairs; p++) {
  let tOld: number;
  let tNew: number;
  if (p % 2 === 0) {
    tOld = time(oldLoop, slice);
    tNew = time(newLoop, slice);
  } else {
    tNew = time(newLoop, slice);
    tOld = time(oldLoop, slice);
  }
  ratios.push(tOld / tNew);
  oldRates.push(slice / tOld);
  newRates.push(slice / tNew);
}
const sorted = [...ratios].sort((a, b) => a - b);
const [lo, hi] = medianInterval(sorted);
const result = {
  workload: argv.workload,
  game: argv.game,
  variant: argv.variant ?? null,
  players: argv.players,
  pairs: argv.pairs,
  slice_steps: slice,
  old_steps_per_sec: Math.round(median(oldRates)),
  new_steps_per_sec: Math.round(median(newRates)),
  ratio_median: +medianSorted(sorted).toFixed(3),
  ratio_ci95: [+lo.toFixed(3), +hi.toFixed(3)],
  ratio_quartiles: [+quantileSorted(sorted, 0.25).toFixed(3), +quantileSorted(sorted, 0.75).toFixed(3)],
  new_faster_pairs: ratios.filter((r) => r > 1).length,
};
if (argv.json) console.log(JSON.stringify(result));
else
  console.log(
    `${argv.workload} (${argv.game}, ${argv.players} players): old ${result.old_steps_per_sec.toLocaleString('en')} steps/s, ` +
      `new ${result.new_steps_per_sec.toLocaleString('en')} (medians of ${argv.pairs} slices of ${slice.toLocaleString('en')} steps)\n` +
      `new/old speed: median ${result.ratio_median}x, 95% interval [${result.ratio_ci95.join(', ')}], ` +
      `quartiles [${result.ratio_quartiles.join(', ')}]; new faster in ${result.new_faster_pairs} of ${argv.pairs} pairs`,
  );
