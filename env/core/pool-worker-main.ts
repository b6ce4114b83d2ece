/** The loop of one VectorEnvPool worker (see pool.ts): build the envs, then serve commands until Close. */
import { parentPort, workerData } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import type { Agent } from './agent.ts';
import type { Game } from './game.ts';
import { CMD, CTRL, type FactoryRef, type PoolOptions } from './pool.ts';
import { VectorEnv } from './vector.ts';

interface Data {
  options: PoolOptions;
  lo: number;
  hi: number;
  buffers: { observations: Float32Array; actionMasks: Uint8Array; rewards: Float32Array; terminated: Uint8Array; truncated: Uint8Array; actions: Int32Array };
  ctrl: Int32Array;
  seed: Uint8Array;
}

async function load<T>(ref: FactoryRef): Promise<T> {
  const url = ref.module.startsWith('file:') ? ref.module : pathToFileURL(ref.module).href;
  const mod = (await import(url)) as Record<string, (...a: unknown[]) => T>;
  const f = mod[ref.export];
  if (typeof f !== 'function') throw new Error(`${ref.module} has no export ${ref.export}`);
  return f(...(ref.args ?? []));
}

const d = workerData as Data;
const { lo, hi, buffers: b, ctrl } = d;

try {
  const game = await load<Game<unknown>>(d.options.game);
  const opponents = await load<(seat: number, seed: string) => Agent>(d.options.opponents);
  const D = game.observationSpec.size;
  const A = game.numActions;
  const env = new VectorEnv(
    game,
    hi - lo,
    { players: d.options.players, opponents, learnerSeat: d.options.learnerSeat, illegal: d.options.illegal, illegalPenalty: d.options.illegalPenalty, rewards: d.options.rewards },
    {
      observations: b.observations.subarray(lo * D, hi * D),
      actionMasks: b.actionMasks.subarray(lo * A, hi * A),
      rewards: b.rewards.subarray(lo, hi),
      terminated: b.terminated.subarray(lo, hi),
      truncated: b.truncated.subarray(lo, hi),
    },
    lo,
  );
  const actions = b.actions.subarray(lo, hi);
  parentPort!.postMessage({ ready: true });
  let gen = Atomics.load(ctrl, CTRL.Gen);
  for (;;) {
    Atomics.wait(ctrl, CTRL.Gen, gen);
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
