/** The loop of one VectorEnvPool worker (see pool.ts): build the envs, then serve commands until Close. */
import { parentPort, workerData } from 'node:worker_threads';
import type { Game } from './game.ts';
import { CMD, CTRL, loadFactory, sliceVectorEnv, SPINS, type PoolOptions } from './pool.ts';

interface Data {
  options: PoolOptions;
  lo: number;
  hi: number;
  buffers: {
    observations: Float32Array;
    actionMasks: Uint8Array;
    rewards: Float32Array;
    terminated: Uint8Array;
    truncated: Uint8Array;
    actions: Int32Array;
  };
  ctrl: Int32Array;
  seed: Uint8Array;
}

const d = workerData as Data;
const { lo, hi, buffers: b, ctrl } = d;

try {
  const game = await loadFactory<Game<unknown>>(d.options.game);
  const env = await sliceVectorEnv(game, d.options, b, lo, hi);
  const actions = b.actions.subarray(lo, hi);
  const maxSpins = d.options.spins ?? SPINS;
  // Read the generation before announcing readiness: the first command may follow at once.
  let gen = Atomics.load(ctrl, CTRL.Gen);
  parentPort!.postMessage({ ready: true });
  for (;;) {
    for (let spins = 0; Atomics.load(ctrl, CTRL.Gen) === gen; spins++) if (spins > maxSpins) Atomics.wait(ctrl, CTRL.Gen, gen, 1000);
    gen = Atomics.load(ctrl, CTRL.Gen);
    const cmd = Atomics.load(ctrl, CTRL.Cmd);
    if (cmd === CMD.Close) break;
    try {
      if (cmd === CMD.Reset) env.reset(new TextDecoder().decode(d.seed.slice(0, Atomics.load(ctrl, CTRL.SeedLen))));
      else if (cmd === CMD.Step) env.step(actions);
    } catch (e) {
      process.stderr.write(`pool worker [${lo}, ${hi}): ${(e as Error).stack}\n`);
      Atomics.store(ctrl, CTRL.Error, 1);
    }
    Atomics.add(ctrl, CTRL.Done, 1);
    Atomics.notify(ctrl, CTRL.Done);
  }
} catch (e) {
  parentPort!.postMessage({ error: (e as Error).stack ?? String(e) });
}
