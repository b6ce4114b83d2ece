/**
 * N envs stepped on several cores while the caller sees one vector env (`observations` N x D,
 * `actionMasks` N x A, `rewards`, `terminated`, `truncated`; next-step autoreset as in vector.ts). The
 * batches live in SharedArrayBuffers; `workers` threads share the work, and the calling thread is one of
 * them: it steps the first slice itself while `workers - 1` worker threads step the others, so two
 * threads keep two cores busy with nothing sleeping on the step's critical path.
 *
 * Games and opponents are named by module and export (`FactoryRef`) because a worker must build its
 * own: `{ module: '/abs/path/of/the/game/module.ts', export: 'makeGame', args: ['full'] }` (the game registry's `gameRef`). Commands
 * go through a shared control array and Atomics (no message per step): the caller writes actions, bumps
 * the generation, steps its own slice and waits until every worker has finished. Waiting spins briefly
 * before sleeping, on both sides: a futex wake-up costs far more than a step of a slice on a virtual
 * machine. Env i's episode k is seeded
 * `${seed}/${i}/${k}`, exactly as in one VectorEnv of N envs, so a pool and a single vector env give the
 * same batches. As in vector.ts, the batches are read-only for the caller (rows are rewritten by their
 * changed entries only).
 */
import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { ArgumentError } from '../../lib/errors.ts';
import type { Game, RewardOptions } from './game.ts';
import { pathToFileURL } from 'node:url';
import type { Agent } from './agent.ts';
import { allocateBuffers, VectorEnv, type VectorBuffers } from './vector.ts';

export interface FactoryRef {
  /** Absolute path (or file URL) of the module. */
  module: string;
  /** Name of the exported function. */
  export: string;
  args?: unknown[];
}

export interface PoolOptions {
  /** Returns a Game. */
  game: FactoryRef;
  /** Returns `(seat, seed) => Agent` (not needed when learnerSeat is 'all'). */
  opponents?: FactoryRef;
  numEnvs: number;
  workers: number;
  players: number;
  learnerSeat?: number | 'random' | 'all';
  /**
   * Share of the envs the calling thread steps itself (default 1/workers). Lower it when the caller also
   * does per-step work of its own (choosing actions, running a policy) so both sides finish together.
   */
  callerShare?: number;
  /** Busy-wait iterations before a thread sleeps on a futex (default SPINS). */
  spins?: number;
  illegal?: 'error' | 'noop';
  illegalPenalty?: number;
  rewards?: RewardOptions;
}

/** Control array slots. */
export const CTRL = { Gen: 0, Cmd: 1, Done: 2, Error: 3, SeedLen: 4 } as const;
export const CMD = { Reset: 1, Step: 2, Close: 3 } as const;
export const SEED_BYTES = 256;
/**
 * Busy-wait iterations before sleeping on a futex (see the module docs). Measured on 2 cores: 20,000
 * gave the best throughput; 200,000 starved V8's own background threads and was 20x slower.
 */
export const SPINS = 20_000;

/**
 * The VectorEnv that steps envs [lo, hi) of a pool's shared batches (the calling thread's slice or a
 * worker's), with env i seeded as env lo + i of the whole pool.
 */
export async function sliceVectorEnv(
  game: Game<unknown>,
  o: PoolOptions,
  b: VectorBuffers,
  lo: number,
  hi: number,
): Promise<VectorEnv<unknown>> {
  const opponents = o.opponents ? await loadFactory<(seat: number, seed: string) => Agent>(o.opponents) : undefined;
  const D = game.observationSpec.size;
  const A = game.numActions;
  return new VectorEnv(
    game,
    hi - lo,
    { players: o.players, opponents, learnerSeat: o.learnerSeat, illegal: o.illegal, illegalPenalty: o.illegalPenalty, rewards: o.rewards },
    {
      observations: b.observations.subarray(lo * D, hi * D),
      actionMasks: b.actionMasks.subarray(lo * A, hi * A),
      rewards: b.rewards.subarray(lo, hi),
      terminated: b.terminated.subarray(lo, hi),
      truncated: b.truncated.subarray(lo, hi),
    },
    lo,
  );
}

/** Import `ref.module` and call its `ref.export(...ref.args)`. */
export async function loadFactory<T>(ref: FactoryRef): Promise<T> {
  const url = ref.module.startsWith('file:') ? ref.module : pathToFileURL(ref.module).href;
  const mod = (await import(url)) as Record<string, (...a: unknown[]) => T>;
  const f = mod[ref.export];
  if (typeof f !== 'function') throw new ArgumentError(`${ref.module} has no export ${ref.export}`);
  return f(...(ref.args ?? []));
}

const here = dirname(fileURLToPath(import.meta.url));
/** A worker's entry: from the TypeScript sources the bootstrap that registers tsx, compiled (the npm package) the loop itself. */
const WORKER = join(here, import.meta.url.endsWith('.ts') ? 'pool-worker.js' : 'pool-worker-main.js');

export class VectorEnvPool implements VectorBuffers {
  readonly numEnvs: number;
  readonly observations: Float32Array;
  readonly actionMasks: Uint8Array;
  readonly rewards: Float32Array;
  readonly terminated: Uint8Array;
  readonly truncated: Uint8Array;
  /** Actions for the next step (write here, or pass them to `step`). */
  readonly actions: Int32Array;
  private readonly ctrl: Int32Array;
  private readonly seedBytes: Uint8Array;
  private readonly workers: Worker[];
  private local: VectorEnv<unknown> | null = null;
  private readonly localEnd: number;
  /** actions[0, localEnd): the calling thread's envs' actions. */
  private readonly localActions: Int32Array;
  private closed = false;
  private inFlight = false;
  private readonly spins: number;

  private constructor(game: Game<unknown>, o: PoolOptions) {
    this.numEnvs = o.numEnvs;
    this.spins = o.spins ?? SPINS;
    const b = allocateBuffers(game, o.numEnvs, true);
    this.observations = b.observations;
    this.actionMasks = b.actionMasks;
    this.rewards = b.rewards;
    this.terminated = b.terminated;
    this.truncated = b.truncated;
    this.actions = new Int32Array(new SharedArrayBuffer(o.numEnvs * 4));
    this.ctrl = new Int32Array(new SharedArrayBuffer(8 * 4));
    this.seedBytes = new Uint8Array(new SharedArrayBuffer(SEED_BYTES));
    this.workers = [];
    const W = Math.min(o.workers, o.numEnvs);
    const share = o.callerShare ?? 1 / W;
    if (!(share > 0 && share <= 1)) throw new ArgumentError('callerShare must be in (0, 1]');
    this.localEnd = W === 1 ? o.numEnvs : Math.max(1, Math.min(o.numEnvs - (W - 1), Math.round(o.numEnvs * share)));
    this.localActions = this.actions.subarray(0, this.localEnd);
    for (let w = 1; w < W; w++) {
      const rest = o.numEnvs - this.localEnd;
      const lo = this.localEnd + Math.floor(((w - 1) * rest) / (W - 1));
      const hi = this.localEnd + Math.floor((w * rest) / (W - 1));
      this.workers.push(
        new Worker(WORKER, {
          workerData: {
            options: { ...o },
            lo,
            hi,
            buffers: {
              observations: b.observations,
              actionMasks: b.actionMasks,
              rewards: b.rewards,
              terminated: b.terminated,
              truncated: b.truncated,
              actions: this.actions,
            },
            ctrl: this.ctrl,
            seed: this.seedBytes,
          },
        }),
      );
    }
  }

  /**
   * Start the workers and wait until each has built its envs.
   * @param game the same game the workers build (for buffer sizes)
   */
  static async create(game: Game<unknown>, o: PoolOptions): Promise<VectorEnvPool> {
    if (!(o.numEnvs >= 1) || !(o.workers >= 1)) throw new ArgumentError('numEnvs and workers must be at least 1');
    const pool = new VectorEnvPool(game, o);
    pool.local = await sliceVectorEnv(game, o, pool, 0, pool.localEnd);
    await Promise.all(
      pool.workers.map(
        (w) =>
          new Promise<void>((resolve, reject) => {
            w.once('message', (m: { ready?: boolean; error?: string }) => (m.ready ? resolve() : reject(new Error(m.error))));
            w.once('error', reject);
          }),
      ),
    );
    return pool;
  }

  private command(cmd: number, local: () => void): void {
    this.start(cmd);
    local();
    this.wait();
  }

  private start(cmd: number): void {
    if (this.closed) throw new ArgumentError('the pool is closed');
    if (this.inFlight) throw new ArgumentError('a step is already in flight: call endStep first');
    this.inFlight = true;
    Atomics.store(this.ctrl, CTRL.Cmd, cmd);
    Atomics.store(this.ctrl, CTRL.Done, 0);
    Atomics.add(this.ctrl, CTRL.Gen, 1);
    Atomics.notify(this.ctrl, CTRL.Gen);
  }

  private wait(): void {
    this.inFlight = false;
    const n = this.workers.length;
    for (let spins = 0; ; spins++) {
      const done = Atomics.load(this.ctrl, CTRL.Done);
      if (done >= n) break;
      if (spins > this.spins) Atomics.wait(this.ctrl, CTRL.Done, done, 10_000);
    }
    if (Atomics.load(this.ctrl, CTRL.Error)) throw new Error('a pool worker failed; see its stderr');
  }

  /** Reset every env (env i, episode 0 seeded `${seed}/${i}/0`). */
  reset(seed: string | number): void {
    const bytes = new TextEncoder().encode(String(seed));
    if (bytes.length > SEED_BYTES) throw new ArgumentError(`seed longer than ${SEED_BYTES} bytes`);
    this.seedBytes.set(bytes);
    Atomics.store(this.ctrl, CTRL.SeedLen, bytes.length);
    this.command(CMD.Reset, () => this.local!.reset(String(seed)));
  }

  /** Step every env; `actions` defaults to the shared `actions` array. */
  step(actions?: ArrayLike<number>): void {
    if (actions && actions !== this.actions) for (let i = 0; i < this.numEnvs; i++) this.actions[i] = actions[i];
    this.command(CMD.Step, () => this.local!.step(this.localActions));
  }

  /** Envs [0, callerEnvs) are stepped by the calling thread; the rest by worker threads. */
  get callerEnvs(): number {
    return this.localEnd;
  }

  /**
   * Split step, so the caller's own work overlaps the workers': `beginStep()` starts the worker threads
   * on envs [callerEnvs, N) with the actions already in `actions`; the caller may then fill
   * `actions[0..callerEnvs)` (e.g. run its policy on those rows) and call `endStep()`, which steps the
   * caller's envs and waits for the workers. Equivalent to `step()` when the actions are the same.
   */
  beginStep(): void {
    this.start(CMD.Step);
  }

  /** Finish the step begun by `beginStep()`. */
  endStep(): void {
    if (!this.inFlight) throw new ArgumentError('no step in flight: call beginStep first');
    this.local!.step(this.localActions);
    this.wait();
  }

  /** Stop the workers. */
  async close(): Promise<void> {
    if (this.closed) return;
    Atomics.store(this.ctrl, CTRL.Cmd, CMD.Close);
    Atomics.add(this.ctrl, CTRL.Gen, 1);
    Atomics.notify(this.ctrl, CTRL.Gen);
    this.closed = true;
    await Promise.all(this.workers.map((w) => new Promise((r) => w.once('exit', r))));
  }
}
