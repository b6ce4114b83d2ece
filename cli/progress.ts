/**
 * Progress on stderr for the `merlin` commands that play many games (simulate, eval, probe, train's
 * evaluation). On a terminal, a cli-progress bar; anywhere else (CI, a log file, a pipe), where a bar
 * draws nothing, a plain line at most every PLAIN_LINE_SECONDS and one when the work ends, so a log is
 * never silent for long.
 */
import cliProgress from 'cli-progress';

/** Seconds between plain progress lines when stderr is not a terminal. */
export const PLAIN_LINE_SECONDS = 5;

/** A progress display: `start(total)`, `update(done)` as work finishes (with a note: `front 4`), `stop()` at the end. */
export interface Progress {
  start(total: number, done?: number): void;
  update(done: number, note?: string): void;
  stop(): void;
}

/** Where progress goes and when "now" is (tests pass their own). */
export interface ProgressSink {
  write(text: string): void;
  isTTY: boolean;
  /** Milliseconds, monotonic. */
  now(): number;
}

const stderrSink: ProgressSink = {
  write: (t) => process.stderr.write(t),
  get isTTY() {
    return process.stderr.isTTY === true;
  },
  now: () => performance.now(),
};

/**
 * Progress of `label` counted in `unit` (e.g. `games`): a bar on a terminal, else plain lines such as
 * `eval 120/400 games (30%), 41 s`.
 *
 * @param label the command or phase that works (the line's first word).
 * @param unit what `done` and `total` count.
 * @param sink stderr by default.
 */
export function progress(label: string, unit = 'games', sink: ProgressSink = stderrSink): Progress {
  if (sink.isTTY) {
    const bar = new cliProgress.SingleBar(
      { stream: process.stderr, format: `${label} [{bar}] {value}/{total} ${unit}{note} | {eta}s left` },
      cliProgress.Presets.shades_classic,
    );
    return {
      start: (total, done = 0) => bar.start(total, done, { note: '' }),
      update: (n, note) => bar.update(n, { note: note ? ` | ${note}` : '' }),
      stop: () => bar.stop(),
    };
  }
  let total = 0;
  let done = 0;
  let note = '';
  let t0 = 0;
  let last = 0;
  let printed = -1;
  const line = () => {
    printed = done;
    const pct = total > 0 ? ` (${Math.floor((100 * done) / total)}%)` : '';
    sink.write(
      `${label} ${done.toLocaleString('en')}/${total.toLocaleString('en')} ${unit}${pct}, ${Math.round((sink.now() - t0) / 1000)} s${note ? `, ${note}` : ''}\n`,
    );
  };
  return {
    start(n, d = 0) {
      total = n;
      done = d;
      t0 = last = sink.now();
      line();
    },
    update(n, text) {
      done = n;
      note = text ?? '';
      if (sink.now() - last >= PLAIN_LINE_SECONDS * 1000) {
        last = sink.now();
        line();
      }
    },
    stop() {
      if (printed !== done) line();
    },
  };
}
