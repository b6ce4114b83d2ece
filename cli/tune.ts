/**
 * `merlin tune SPACE.json`: the rule search (designer/tune.ts; docs/DESIGNER.md "Rule search"). Runs trials until the
 * study holds `--trials` finished ones, confirms the best front points under learned play, and writes the report
 * (OUT.html, OUT.json); with `--emit-ruleset N --out FILE`, writes trial N as a ruleset file instead. Progress on
 * stderr: trials finished, the best front's size, time left.
 */
import { basename, resolve } from 'node:path';
import { ArgumentError } from '../lib/errors.ts';
import { diffLines } from '../designer/ruleset-diff.ts';
import { defaultStorage, emitRuleset, runTune } from '../designer/tune.ts';
import { progress } from './progress.ts';

/** The parsed flags of `merlin tune` (cli/options.ts `tuneOptions`). */
export interface TuneArgs {
  space: string;
  trials: number;
  storage?: string;
  study?: string;
  out?: string;
  workers: number;
  python?: string;
  confirm?: number;
  'emit-ruleset'?: number;
  json: boolean;
}

/** The report's path without extension when --out is not given: SPACE-tune in the working directory. */
const defaultOut = (space: string) => `${basename(space).replace(/\.json$/, '')}-tune`;

const minutes = (s: number) => (s < 90 ? `${Math.round(s)} s` : `${Math.round(s / 60)} min`);

/** Run `merlin tune` with parsed flags; prints the result on stdout (one JSON object with --json). */
export async function tuneCommand(argv: TuneArgs): Promise<void> {
  const command = `npx merlin ${process.argv.slice(2).join(' ')}`;
  const out = argv.out ?? defaultOut(argv.space);
  if (argv['emit-ruleset'] !== undefined) {
    if (argv.out === undefined) throw new ArgumentError('--emit-ruleset needs --out FILE, the ruleset file to write');
    const r = await emitRuleset({
      space: argv.space,
      storage: argv.storage ?? defaultStorage(defaultOut(argv.space)),
      study: argv.study,
      point: argv['emit-ruleset'],
      out: argv.out,
      python: argv.python,
    });
    process.stdout.write(
      argv.json
        ? JSON.stringify({ written: [r.file, ...r.decks], ruleset_diff: r.diff }) + '\n'
        : [
            `wrote ${r.file}${r.decks.length ? ` and ${r.decks.join(', ')}` : ''}; it changes:`,
            ...diffLines(r.diff).map((l) => `  ${l}`),
          ].join('\n') + '\n',
    );
    return;
  }
  const bar = !argv.json || process.stderr.isTTY ? progress('tune', 'trials') : null;
  let started = -1;
  let phase = '';
  let t0 = performance.now();
  const result = await runTune({
    space: argv.space,
    trials: argv.trials,
    storage: argv.storage,
    study: argv.study,
    out,
    workers: argv.workers,
    python: argv.python,
    confirm: argv.confirm,
    command,
    log: (line) => {
      if (!argv.json && !process.stderr.isTTY) process.stderr.write(`  ${line}\n`);
    },
    onProgress: (p) => {
      if (p.phase !== phase) {
        if (phase) bar?.stop();
        bar?.start(p.total, p.done);
        if (p.phase === 'confirm' && !argv.json) process.stderr.write(`tune: confirming ${p.total} front points under learned play\n`);
        phase = p.phase;
        started = p.done;
        t0 = performance.now();
      }
      const rate = (performance.now() - t0) / 1000 / Math.max(1, p.done - started);
      const left = p.done > started ? `, about ${minutes(rate * (p.total - p.done))} left` : '';
      bar?.update(p.done, `front ${p.front}${process.stderr.isTTY ? '' : left}`);
    },
  });
  bar?.stop();
  const r = result.report;
  const pct = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(3));
  process.stdout.write(
    argv.json
      ? JSON.stringify({
          written: result.written,
          study: r.study,
          front: r.front.map((p) => ({
            trial: p.number,
            ruleset: resolve(p.ruleset_file),
            distance: p.distance,
            figures: Object.fromEntries(r.space.objectives.slice(0, -1).map((o, i) => [o.name, p.figures![i]])),
            meets: p.meets,
            confirmation:
              p.confirmation && Object.fromEntries(r.space.objectives.slice(0, -1).map((o, i) => [o.name, p.confirmation!.figures[i]])),
          })),
        }) + '\n'
      : [
          `${r.study.counts.finished} trials in study ${r.study.study}; the front has ${r.front.length} points:`,
          ...r.front.map(
            (p) =>
              `  trial ${p.number} (distance ${pct(p.distance!.distance)}): ` +
              r.space.objectives
                .slice(0, -1)
                .map((o, i) => `${o.name} ${pct(p.figures![i].value)}`)
                .join(', ') +
              (p.diff.length ? `; ${diffLines(p.diff).slice(0, 3).join('; ')}${p.diff.length > 3 ? '; ...' : ''}` : '; the base ruleset'),
          ),
          `wrote ${result.written.html} and ${result.written.json}`,
        ].join('\n') + '\n',
  );
}
