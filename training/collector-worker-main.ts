/** The loop of a collector worker (training/collector-thread.ts): one rollout per request, until terminated. */
import { parentPort, workerData } from 'node:worker_threads';
import { replyTransfers, RolloutWorker, type CollectorSetup, type CollectRequest } from './collector-thread.ts';

const worker = new RolloutWorker(workerData as CollectorSetup);
parentPort!.on('message', (req: CollectRequest) => {
  try {
    const reply = worker.collect(req, (before) => parentPort!.postMessage({ before }));
    parentPort!.postMessage({ reply }, replyTransfers(reply));
  } catch (e) {
    parentPort!.postMessage({ error: (e as Error).message });
  }
});
