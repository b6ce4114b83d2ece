/** Plays the games assigned to this worker thread with the named exported function and posts each record back (see runner.ts). */
import { parentPort, workerData } from 'node:worker_threads';
import type { RunGame } from './runner.ts';

const d = workerData as { module: string; export: string; args: unknown; games: number[] };
try {
  const play = (await import(d.module))[d.export] as RunGame<unknown, unknown>;
  for (const g of d.games) parentPort!.postMessage({ record: play(d.args, g) });
} catch (e) {
  parentPort!.postMessage({ error: (e as Error).stack ?? String(e) });
}
