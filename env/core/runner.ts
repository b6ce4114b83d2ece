/**
 * The runner pool: play many independent games on worker threads (used by `merlin eval` and `merlin
 * probe`; each game is one `playGame` call, play.ts). Game-agnostic: it knows only a module and a function.
 *
 * A game is played by a named exported function `play(args, g)` of a module (a file URL), which must
 * depend only on `args` and the game index `g` (seeds derive from them), so results are the same in any
 * thread. The i-th game to play goes to worker i mod W (game g to worker g mod W when all are played);
 * records come back in completion order (callers sort by game). With one worker the games are played in this
 * thread.
 */
import { Worker } from 'node:worker_threads';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Plays game `g` with structured-cloneable `args` and returns a structured-cloneable record. */
export type RunGame<A, R> = (args: A, g: number) => R;

const here = dirname(fileURLToPath(import.meta.url));
/** A worker's entry: from the TypeScript sources the bootstrap that registers tsx, compiled (the npm package) the loop itself. */
const WORKER = join(here, import.meta.url.endsWith('.ts') ? 'runner-worker.js' : 'runner-worker-main.js');

/**
 * Play games 0..games-1 (or the game numbers `ids`, when given) on `workers` threads (clamped to 1..the number
 * of games).
 * @param module file URL of the module exporting the play function (e.g. `import.meta.url`)
 * @param onRecord called with each finished game's record, in completion order
 */
export async function runGames<A, R>(o: {
  module: string;
  export: string;
  play: RunGame<A, R>;
  args: A;
  games: number;
  /** The game numbers to play (default 0..games-1), e.g. those a records file lacks. */
  ids?: readonly number[];
  workers: number;
  onRecord: (r: R) => void;
}): Promise<void> {
  const ids = o.ids ?? [...Array(o.games).keys()];
  if (ids.length === 0) return;
  const W = Math.max(1, Math.min(o.workers, ids.length));
  if (W === 1) {
    for (const g of ids) o.onRecord(o.play(o.args, g));
    return;
  }
  await Promise.all(
    [...Array(W)].map(
      (_, w) =>
        new Promise<void>((resolve, reject) => {
          const games = ids.filter((_, i) => i % W === w);
          const worker = new Worker(WORKER, {
            workerData: { module: o.module, export: o.export, args: o.args, games },
          });
          worker.on('message', (m: { record: R } | { error: string }) => {
            if ('error' in m) reject(new Error(m.error));
            else o.onRecord(m.record);
          });
          worker.on('error', reject);
          worker.on('exit', () => resolve());
        }),
    ),
  );
}
