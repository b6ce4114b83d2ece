/**
 * N single-agent envs in one process, stepped together into preallocated batched arrays, with Gymnasium's
 * next-step autoreset: the step that ends an episode returns its final observation with `terminated` or
 * `truncated` set; the next `step` call resets that env (its action is ignored) and returns the first
 * observation of a new episode with reward 0 and both flags clear.
 *
 * Batches (struct of arrays, row i = env i): `observations` N x D float32, `actionMasks` N x A uint8,
 * `rewards` N float32, `terminated` / `truncated` N uint8. The arrays may live in SharedArrayBuffers (see
 * pool.ts). Episode k of env i is seeded `${seed}/${i}/${k}`.
 */
import type { Game } from './game.ts';
import { SingleAgentEnv, StepFlags, type SingleAgentOptions } from './single.ts';

export interface VectorBuffers {
  observations: Float32Array;
  actionMasks: Uint8Array;
  rewards: Float32Array;
  terminated: Uint8Array;
  truncated: Uint8Array;
}

/** Allocate batch arrays for `n` envs of `game` (on SharedArrayBuffers when `shared`). */
export function allocateBuffers<S>(game: Game<S>, n: number, shared = false): VectorBuffers {
  const D = game.observationSpec.size;
  const A = game.numActions;
  const buf = (bytes: number) => (shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes));
  return {
    observations: new Float32Array(buf(n * D * 4)),
    actionMasks: new Uint8Array(buf(n * A)),
    rewards: new Float32Array(buf(n * 4)),
    terminated: new Uint8Array(buf(n)),
    truncated: new Uint8Array(buf(n)),
  };
}

export class VectorEnv<S> implements VectorBuffers {
  readonly numEnvs: number;
  readonly envs: SingleAgentEnv<S>[];
  readonly observations: Float32Array;
  readonly actionMasks: Uint8Array;
  readonly rewards: Float32Array;
  readonly terminated: Uint8Array;
  readonly truncated: Uint8Array;
  private readonly obsRows: Float32Array[];
  private readonly maskRows: Uint8Array[];
  private readonly needsReset: Uint8Array;
  private readonly episode: Int32Array;
  /** Private scratch rows when the batches are shared: V8 writes SharedArrayBuffer memory several times slower. */
  private readonly scratchObs: Float32Array | null;
  private readonly scratchMask: Uint8Array | null;
  private seed: string = '0';

  /**
   * @param n number of envs
   * @param buffers batch arrays to fill (from `allocateBuffers`); allocated when omitted
   * @param firstIndex global index of env 0 (when several vector envs share one seed, as in a pool)
   */
  constructor(game: Game<S>, n: number, options: SingleAgentOptions, buffers?: VectorBuffers, private readonly firstIndex = 0) {
    this.numEnvs = n;
    this.envs = [...Array(n)].map(() => new SingleAgentEnv(game, options));
    const b = buffers ?? allocateBuffers(game, n);
    this.observations = b.observations;
    this.actionMasks = b.actionMasks;
    this.rewards = b.rewards;
    this.terminated = b.terminated;
    this.truncated = b.truncated;
    const D = game.observationSpec.size;
    const A = game.numActions;
    this.obsRows = [...Array(n)].map((_, i) => this.observations.subarray(i * D, (i + 1) * D));
    this.maskRows = [...Array(n)].map((_, i) => this.actionMasks.subarray(i * A, (i + 1) * A));
    this.needsReset = new Uint8Array(n);
    this.episode = new Int32Array(n);
    const shared = typeof SharedArrayBuffer !== 'undefined' && this.observations.buffer instanceof SharedArrayBuffer;
    this.scratchObs = shared ? new Float32Array(D) : null;
    this.scratchMask = shared ? new Uint8Array(A) : null;
  }

  /** Reset every env; env i starts episode 0 seeded `${seed}/${firstIndex + i}/0`. */
  reset(seed: string | number): void {
    this.seed = String(seed);
    for (let i = 0; i < this.numEnvs; i++) {
      this.episode[i] = 0;
      this.resetOne(i);
    }
  }

  private resetOne(i: number): void {
    const o = this.scratchObs ?? this.obsRows[i];
    const m = this.scratchMask ?? this.maskRows[i];
    this.envs[i].resetInto(`${this.seed}/${this.firstIndex + i}/${this.episode[i]}`, o, m);
    if (this.scratchObs) {
      this.obsRows[i].set(o);
      this.maskRows[i].set(m);
    }
    this.rewards[i] = 0;
    this.terminated[i] = 0;
    this.truncated[i] = 0;
    this.needsReset[i] = 0;
  }

  /** Step every env with `actions[i]` (ignored for envs that autoreset this call). */
  step(actions: Int32Array | number[]): void {
    for (let i = 0; i < this.numEnvs; i++) {
      if (this.needsReset[i]) {
        this.episode[i]++;
        this.resetOne(i);
        continue;
      }
      const env = this.envs[i];
      const o = this.scratchObs ?? this.obsRows[i];
      const m = this.scratchMask ?? this.maskRows[i];
      const flags = env.stepInto(actions[i], o, m);
      if (this.scratchObs) {
        this.obsRows[i].set(o);
        this.maskRows[i].set(m);
      }
      this.rewards[i] = env.lastReward;
      this.terminated[i] = flags & StepFlags.Terminated ? 1 : 0;
      this.truncated[i] = flags & StepFlags.Truncated ? 1 : 0;
      if (flags & (StepFlags.Terminated | StepFlags.Truncated)) this.needsReset[i] = 1;
    }
  }
}
