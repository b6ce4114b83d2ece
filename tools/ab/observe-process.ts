/**
 * The observation encoder of one checkout timed in a process of its own, optionally after importing other modules
 * that play no part in the loop (docs/BENCHMARKS.md "Measuring"). It tells how much of an old-versus-new difference
 * the process around the code makes: the same encoder, run with and without unrelated libraries loaded first,
 * moves by as much as two checkouts whose encoders differ.
 *
 * The loop: `--states` states of random legal play from fixed seeds (every `--every`th decision, kept as clones),
 * each seat-to-act's observation written by one row writer into one row, state after state, `--observations` at a
 * time; each of `--rounds` rounds prints observations per second (the first includes the warm-up).
 *
 *   npx tsx tools/ab/observe-process.ts --tree /tmp/old-tree
 *   npx tsx tools/ab/observe-process.ts --tree /tmp/old-tree --preload zod,yargs,simple-statistics,marked,vega
 *
 * Run the trees (and the preload) in turn, several times each: a single process's figure moves by a few percent.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { observeLoop } from './observe-loop.ts';

const argv = yargs(hideBin(process.argv))
  .strict()
  .options({
    tree: { type: 'string', demandOption: true, describe: 'the checkout whose encoder is timed (a folder)' },
    preload: { type: 'string', default: '', describe: 'comma-separated modules imported first (package names or paths)' },
    game: { type: 'string', default: 'merlin', describe: "a game of the tree's registry" },
    players: { type: 'number', default: 4 },
    states: { type: 'number', default: 256, describe: 'states cycled through' },
    every: { type: 'number', default: 37, describe: 'keep every n-th decision of random play' },
    observations: { type: 'number', default: 3_000_000, describe: 'observations a round' },
    rounds: { type: 'number', default: 3 },
    json: { type: 'boolean', default: false, describe: "print the last round's figure as JSON" },
  })
  .parseSync();

const preload = argv.preload.split(',').filter(Boolean);
for (const m of preload) await import(m.startsWith('.') || m.startsWith('/') ? pathToFileURL(resolve(m)).href : m);

const url = (p: string) => pathToFileURL(resolve(argv.tree, p)).href;
const { gameEntry } = await import(url('games/registry.ts'));
const { nextInt, seedRng } = await import(url('lib/rng.ts'));
const loop = observeLoop(gameEntry(argv.game).game(undefined), { nextInt, seedRng }, argv.players, argv.states, argv.every);
let rate = 0;
for (let r = 0; r < argv.rounds; r++) {
  const t = performance.now();
  loop(argv.observations);
  rate = Math.round(argv.observations / ((performance.now() - t) / 1000));
  if (!argv.json) console.log(`round ${r + 1}: ${rate.toLocaleString('en')} observations/s`);
}
if (argv.json) console.log(JSON.stringify({ tree: argv.tree, preload, observations_per_sec: rate }));
