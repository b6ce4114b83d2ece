/**
 * N single-agent envs in one process, stepped together into preallocated batched arrays, with Gymnasium's
 * next-step autoreset: the step that ends an episode returns its final observation with `terminated` or
 * `truncated` set; the next `step` call resets that env (its action is ignored) and returns the first
 * observation of a new episode with reward 0 and both flags clear.
 *
 * Batches (struct of arrays, row i = env i): `observations` N x D float32, `actionMasks` N x A uint8,
 * `rewards` N float32, `terminated` / `truncated` N uint8. The arrays may live in SharedArrayBuffers (see
 * pool.ts). Episode k of env i is seeded `${seed}/${i}/${k}`.
 *
 * The batches are read-only for callers: each env rewrites only the entries of its rows that changed since
 * its last write (`Game.observationRowWriter` or `sparseRowWriter`, and `maskRowWriter`; observations are
 * 1-2 % non-zero), so a value written into `observations` or `actionMasks` by anyone else could outlive the
 * step. Copy a row to modify it.
 */
import type { Game, ObservationRowWriter } from './game.ts';
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
  private seed: string = '0';

  /**
   * @param n number of envs
   * @param buffers batch arrays to fill (from `allocateBuffers`); allocated when omitted
   * @param firstIndex global index of env 0 (when several vector envs share one seed, as in a pool)
   */
  constructor(
    game: Game<S>,
    n: number,
    options: SingleAgentOptions,
    buffers?: VectorBuffers,
    private readonly firstIndex = 0,
  ) {
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
    useRowWriters(game, this.envs);
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
    this.envs[i].resetInto(`${this.seed}/${this.firstIndex + i}/${this.episode[i]}`, this.obsRows[i], this.maskRows[i]);
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
      const flags = env.stepInto(actions[i], this.obsRows[i], this.maskRows[i]);
      this.rewards[i] = env.lastReward;
      this.terminated[i] = flags & StepFlags.Terminated ? 1 : 0;
      this.truncated[i] = flags & StepFlags.Truncated ? 1 : 0;
      if (flags & (StepFlags.Terminated | StepFlags.Truncated)) this.needsReset[i] = 1;
    }
  }
}

/**
 * Make each of `envs`, whose observation and mask rows belong to one owner that nobody else writes (a
 * vector env's batches, a bridge batch's frame), rewrite only what changed in them: the game's own
 * `observationRowWriter` (one per env), else `sparseRowWriter` (when the game has `observeSparse`), and
 * `maskRowWriter` (its own id lists per env). The envs are stepped one at a time, so the sparse writers
 * share one set of scratch arrays. Returns each env's observation writer when it is the game's own (whose `written`
 * lists what it last wrote), else null.
 */
export function useRowWriters<S>(game: Game<S>, envs: SingleAgentEnv<S>[]): (ObservationRowWriter<S> | null)[] {
  const index = new Int32Array(game.observationSpec.size);
  const value = new Float32Array(game.observationSpec.size);
  return envs.map((env) => {
    env.writeMask = maskRowWriter(game);
    if (game.observationRowWriter) return (env.writeObservation = game.observationRowWriter());
    if (game.observeSparse) env.writeObservation = sparseRowWriter(game, index, value);
    return null;
  });
}

/**
 * An observation writer for one env's row of a batch that rewrites only what changed: it clears the
 * entries it made non-zero last time and writes the new non-zero entries (`game.observeSparse`), about
 * 1-2% of the row, instead of sweeping the whole row. The row must not be written by anyone else (the
 * vector env owns its batches; callers read them). `index` / `value` are scratch (length >= D) and may be
 * shared by the writers of one thread.
 */
export function sparseRowWriter<S>(
  game: Game<S>,
  index: Int32Array,
  value: Float32Array,
): (state: S, seat: number, row: Float32Array) => void {
  let prev = new Int32Array(64);
  let prevN = -1; // -1: the row's contents are unknown (the first write clears it)
  let prevRow: Float32Array | null = null;
  return (state, seat, row) => {
    const n = game.observeSparse!(state, seat, index, value);
    if (prevN < 0 || row !== prevRow) row.fill(0);
    else for (let k = 0; k < prevN; k++) row[prev[k]] = 0;
    if (n > prev.length) prev = new Int32Array(Math.max(n, 2 * prev.length));
    for (let k = 0; k < n; k++) {
      const i = index[k];
      row[i] = value[k];
      prev[k] = i;
    }
    prevN = n;
    prevRow = row;
  };
}

/**
 * An action-mask writer for one env's row of a batch that writes only the bytes that change: the legal
 * ids of this call and of the last are merged (both ascending) and only ids that left or joined are
 * written. A pool's caller reads every mask row each step, so every line a worker leaves alone stays in
 * the caller's cache. Same contract as `sparseRowWriter`. The writer keeps two id lists of its own
 * (numActions int32 each) and swaps them, so the last call's ids are never copied.
 */
export function maskRowWriter<S>(game: Game<S>): (state: S, seat: number, mask: Uint8Array) => void {
  let prev = new Int32Array(game.numActions);
  let next = new Int32Array(game.numActions);
  let prevN = -1;
  let prevMask: Uint8Array | null = null;
  return (state, seat, mask) => {
    const n = game.currentPlayer(state) === seat ? game.legalActions(state, next) : 0;
    if (prevN < 0 || mask !== prevMask) {
      mask.fill(0);
      for (let k = 0; k < n; k++) mask[next[k]] = 1;
    } else {
      let i = 0;
      let j = 0;
      while (i < prevN || j < n) {
        const a = i < prevN ? prev[i] : 0x7fffffff;
        const b = j < n ? next[j] : 0x7fffffff;
        if (a === b) {
          i++;
          j++;
        } else if (a < b) {
          mask[a] = 0;
          i++;
        } else {
          mask[b] = 1;
          j++;
        }
      }
    }
    const t = prev;
    prev = next;
    next = t;
    prevN = n;
    prevMask = mask;
  };
}
