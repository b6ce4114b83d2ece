/**
 * Progress on stderr for the `merlin` commands that play many games (simulate, eval, probe, train's
 * evaluation). On a terminal, a cli-progress bar; anywhere else (CI, a log file, a pipe), where a bar
 * draws nothing, a plain line at most every PLAIN_LINE_SECONDS and one when the work ends, so a log is
 * never silent for long.
 *
 * A line drawn on a terminal fits its width (cli-progress turns line wrapping off, so the rest of a longer line
 * is lost): `fitFields` keeps the most useful fields and drops the rest from the end, and `withBar` gives the
 * bar only the columns left over.
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

/** Columns a line drawn on stderr may use (one less than the terminal's, whose last column some terminals wrap at). */
export function terminalWidth(): number {
  return (process.stderr.columns || 80) - 1;
}

/**
 * The longest line, built by `steps` in order, that fits `width` columns: each step sets one field's text (adding
 * the field or lengthening it), and a line is its fields in field order joined by ` | `. Steps come most useful
 * first, so a narrow terminal keeps the first fields and loses the last. When even the first step is too long, it
 * is cut to `width`.
 */
export function fitFields(steps: readonly { field: number; text: string }[], width: number): string {
  const fields: string[] = [];
  let best = steps.length ? steps[0].text.slice(0, width) : '';
  for (const s of steps) {
    fields[s.field] = s.text;
    const line = fields.filter((f) => f !== undefined).join(' | ');
    if (line.length > width) break;
    best = line;
  }
  return best;
}

/** Bar characters (cli-progress's shades_classic preset). */
const BAR = { done: '\u2588', todo: '\u2591' };

/**
 * `line` (`label rest`) as `label [bar] rest`, the bar (`progress` 0..1 of it filled) as wide as the columns that
 * `width` leaves, up to 40; `line` unchanged when fewer than 10 are left for it.
 */
export function withBar(line: string, width: number, progress: number): string {
  const size = Math.min(40, width - line.length - 3);
  if (size < 10) return line;
  const done = Math.round(Math.max(0, Math.min(1, progress)) * size);
  const at = line.indexOf(' ');
  const [label, rest] = at < 0 ? [line, ''] : [line.slice(0, at), line.slice(at)];
  return `${label} [${BAR.done.repeat(done)}${BAR.todo.repeat(size - done)}]${rest}`;
}

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
      {
        stream: process.stderr,
        format: (_options, p, payload: { note?: string }) =>
          withBar(
            fitFields(
              [
                { field: 0, text: label },
                { field: 1, text: `${p.value.toLocaleString('en')}/${p.total.toLocaleString('en')} ${unit}` },
                { field: 3, text: `${p.eta}s left` },
                ...(payload.note ? [{ field: 2, text: payload.note }] : []),
              ],
              terminalWidth(),
            ),
            terminalWidth(),
            p.progress,
          ),
      },
      cliProgress.Presets.shades_classic,
    );
    return {
      start: (total, done = 0) => bar.start(total, done, { note: '' }),
      update: (n, note) => bar.update(n, { note: note ?? '' }),
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
