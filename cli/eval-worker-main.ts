/** Plays the games assigned to this worker thread and posts each record back (see eval.ts). */
import { parentPort, workerData } from 'node:worker_threads';
import { loadRuleset } from '../env/merlin/rules/index.ts';
import { playEvalGame } from './eval.ts';

const d = workerData as { variant: string; agents: string[]; seed: string; games: number[] };
try {
  const rs = loadRuleset(d.variant);
  for (const g of d.games) parentPort!.postMessage(playEvalGame(rs, d.agents, d.seed, g));
} catch (e) {
  parentPort!.postMessage({ error: (e as Error).stack ?? String(e) });
}
