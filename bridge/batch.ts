/**
 * A batch of N envs whose result frame is one preallocated ArrayBuffer: the envs write their
 * observations, masks, rewards and flags straight into the frame's sections (no copy before sending).
 *
 * single mode: N SingleAgentEnvs (env/core/single.ts) stepped like env/core/vector.ts's VectorEnv (same
 * seeds: episode k of env i is `${seed}/${i}/${k}`; same next-step autoreset), or with same-step autoreset
 * (the ended env is reset in the same step and its final observation goes to the final section).
 * aec mode: N AECEnvs (env/core/aec.ts); each env has one row per seat (every seat's observation, the mask
 * all zeros for seats not to act); env i is reset with seed `${seed}/${i}`; no autoreset; action -1 skips
 * an env.
 */
import { AECEnv } from '../env/core/aec.ts';
import type { Game, ObservationRowWriter, RewardOptions } from '../env/core/game.ts';
import { TERMINAL } from '../env/core/game.ts';
import { SingleAgentEnv, StepFlags } from '../env/core/single.ts';
import { useRowWriters } from '../env/core/vector.ts';
import { entryOf } from '../games/registry.ts';
import {
  BridgeError,
  computeLayout,
  FrameType,
  sparseValuesOffset,
  specHash8,
  writeHeader,
  type Layout,
  type ObservationEncoding,
  type Spec,
} from './protocol.ts';

export interface BatchOptions {
  mode: 'single' | 'aec';
  numEnvs: number;
  players: number;
  opponents: string[];
  learnerSeat: number | 'random' | 'all';
  illegal: 'error' | 'noop';
  illegalPenalty: number;
  rewards?: RewardOptions;
  autoreset: 'next_step' | 'same_step';
  /** How result frames carry observations (default dense). */
  observationEncoding?: ObservationEncoding;
}

export abstract class Batch<S = unknown> {
  readonly layout: Layout;
  /** The result frame (header + sections); sent as `frame.subarray(0, length)`. */
  readonly frame: Uint8Array;
  /** Sparse encoding: the dense rows live outside the frame and are packed into its tail per frame. */
  private readonly sparse: boolean;
  readonly view: DataView;
  readonly rewards: Float32Array;
  readonly terminated: Uint8Array;
  readonly truncated: Uint8Array;
  readonly illegal: Uint8Array;
  readonly agent: Int32Array;
  readonly observations: Float32Array;
  readonly masks: Uint8Array;
  readonly finalIndex: Int32Array;
  readonly finalObservations: Float32Array;
  protected readonly hash8: Uint8Array;
  /** False until the first `reset`: before it the envs hold no state to step, show or describe. */
  isReset = false;
  /** Resolves when the last frame sent from `frame` has been handed to the socket (set by the session). */
  inFlight: Promise<void> | null = null;

  constructor(
    readonly id: number,
    readonly game: Game<S>,
    readonly spec: Spec,
    readonly rows: number,
    protected readonly n: number,
    finalCapacity: number,
    encoding: ObservationEncoding = 'dense',
  ) {
    const d = game.observationSpec.size;
    const a = game.numActions;
    this.layout = computeLayout(n, rows, d, a, encoding);
    this.sparse = encoding === 'sparse';
    const L = this.layout;
    // Sparse: room for every value non-zero (the worst case), main rows and final rows.
    const maxValues = (n + finalCapacity) * rows * d;
    const buf = new ArrayBuffer(
      this.sparse ? sparseValuesOffset(L, maxValues) + 4 * maxValues : L.resultBytes + finalCapacity * rows * d * 4,
    );
    this.frame = new Uint8Array(buf);
    this.view = new DataView(buf);
    this.rewards = new Float32Array(buf, L.rewards, n * rows);
    this.terminated = new Uint8Array(buf, L.terminated, n);
    this.truncated = new Uint8Array(buf, L.truncated, n);
    this.illegal = new Uint8Array(buf, L.illegal, n);
    this.agent = new Int32Array(buf, L.agent, n);
    this.observations = this.sparse ? new Float32Array(n * rows * d) : new Float32Array(buf, L.observations, n * rows * d);
    this.masks = new Uint8Array(buf, L.masks, n * rows * a);
    this.finalIndex = new Int32Array(buf, L.finalIndex, n);
    this.finalObservations = this.sparse
      ? new Float32Array(finalCapacity * rows * d)
      : new Float32Array(buf, L.finalObservations, finalCapacity * rows * d);
    if (this.sparse) {
      this.obsCounts = new Uint32Array(buf, L.observations, n * rows);
      this.finalCounts = new Uint32Array(buf, L.finalObservations, n * rows);
      this.packIndex = L.indexBytes === 2 ? new Uint16Array(maxValues) : new Uint32Array(maxValues);
      this.packValue = new Float32Array(maxValues);
    }
    this.hash8 = specHash8(spec);
    this.obsRows = [...Array(n * rows)].map((_, r) => this.observations.subarray(r * d, (r + 1) * d));
    this.maskRows = [...Array(n * rows)].map((_, r) => this.masks.subarray(r * a, (r + 1) * a));
  }

  get numEnvs(): number {
    return this.n;
  }

  /** Row views, made once. */
  private readonly obsRows: Float32Array[];
  private readonly maskRows: Uint8Array[];
  protected obsRow(i: number): Float32Array {
    return this.obsRows[i];
  }
  protected maskRow(i: number): Uint8Array {
    return this.maskRows[i];
  }

  private obsCounts: Uint32Array | null = null;
  private finalCounts: Uint32Array | null = null;
  private packIndex: Uint16Array | Uint32Array | null = null;
  private packValue: Float32Array | null = null;

  /** The frame's length for K final observations (sparse: packs the rows into the tail first). */
  private finish(k: number): number {
    const L = this.layout;
    if (!this.sparse) return L.resultBytes + k * this.rows * L.d * 4;
    const d = L.d;
    const idx = this.packIndex!;
    const val = this.packValue!;
    let t = this.pack(this.observations, this.n * this.rows, d, this.obsCounts!, idx, val, 0, true);
    t = this.pack(this.finalObservations, k * this.rows, d, this.finalCounts!, idx, val, t, false);
    const buf = this.frame.buffer;
    if (L.indexBytes === 2) new Uint16Array(buf, L.resultBytes, t).set(idx.subarray(0, t));
    else new Uint32Array(buf, L.resultBytes, t).set(idx.subarray(0, t));
    const vo = sparseValuesOffset(L, t);
    new Float32Array(buf, vo, t).set(val.subarray(0, t));
    return vo + 4 * t;
  }

  /**
   * The indices of main row r that may be non-zero, into `out` (length >= D); returns how many, or -1 when
   * unknown (the row is then swept). Batches whose rows are written by the game's row writers know them.
   */
  protected rowEntries(_r: number, _out: Int32Array): number {
    return -1;
  }

  /** Sparse packing scratch: candidate indices of one row, and marks against listing one twice. */
  private entryScratch: Int32Array | null = null;
  private entryMarks: Uint8Array | null = null;

  /**
   * Append the non-zero values of `count` rows of `src` to (idx, val) from position t; returns the new t.
   * Main rows (`known`) whose writer lists what it wrote visit only those entries; other rows are swept,
   * four entries' bits OR-ed per branch (rows are 1-2 % non-zero; a 256-row batch is 2.3 million entries,
   * about 1.4 ms to sweep here, against about 0.1 ms for the lists).
   */
  private pack(
    src: Float32Array,
    count: number,
    d: number,
    counts: Uint32Array,
    idx: Uint16Array | Uint32Array,
    val: Float32Array,
    t: number,
    known: boolean,
  ): number {
    const bits = new Int32Array(src.buffer, src.byteOffset, count * d);
    const d4 = d & ~3;
    const cand = (this.entryScratch ??= new Int32Array(d));
    const marks = (this.entryMarks ??= new Uint8Array(d));
    for (let r = 0; r < count; r++) {
      const t0 = t;
      const o = r * d;
      const m = known ? this.rowEntries(r, cand) : -1;
      if (m >= 0) {
        for (let k = 0; k < m; k++) {
          const j = cand[k];
          if (marks[j]) continue;
          marks[j] = 1;
          if (bits[o + j] !== 0) {
            idx[t] = j;
            val[t++] = src[o + j];
          }
        }
        for (let k = 0; k < m; k++) marks[cand[k]] = 0;
        counts[r] = t - t0;
        continue;
      }
      let j = 0;
      for (; j < d4; j += 4) {
        const p = o + j;
        if ((bits[p] | bits[p + 1] | bits[p + 2] | bits[p + 3]) === 0) continue;
        for (let q = 0; q < 4; q++) {
          if (bits[p + q] !== 0) {
            idx[t] = j + q;
            val[t++] = src[p + q];
          }
        }
      }
      for (; j < d; j++) {
        if (bits[o + j] !== 0) {
          idx[t] = j;
          val[t++] = src[o + j];
        }
      }
      counts[r] = t - t0;
    }
    return t;
  }

  /** Reset every env; returns the frame's length. */
  reset(seed: string, seq: number): number {
    this.resetAll(seed);
    this.isReset = true;
    writeHeader(this.view, FrameType.RESET_RESULT, seq, this.id, this.n, 0, this.hash8);
    return this.finish(0);
  }

  /**
   * Step with `actions` (validated first: on any error nothing is stepped); returns the frame's length.
   * @throws BridgeError NOT_RESET, UNKNOWN_ACTION, ILLEGAL_ACTION, GAME_OVER
   */
  step(actions: Int32Array, seq: number): number {
    if (!this.isReset) throw new BridgeError('NOT_RESET', `batch ${this.id} has not been reset: send reset first`);
    this.validate(actions);
    const k = this.stepAll(actions);
    writeHeader(this.view, FrameType.STEP_RESULT, seq, this.id, this.n, k, this.hash8);
    return this.finish(k);
  }

  protected checkAction(i: number, action: number, maskOffset: number, state: S): void {
    const A = this.layout.a;
    if (!Number.isInteger(action) || action < 0 || action >= A)
      throw new BridgeError('UNKNOWN_ACTION', `env ${i}: action id ${action} is not in the catalogue (0..${A - 1})`, false, {
        env: i,
        action,
      });
    if (this.masks[maskOffset + action] !== 1)
      throw new BridgeError(
        'ILLEGAL_ACTION',
        `env ${i}: illegal action ${action} (${this.game.describeAction(state, action)}): not in the action mask`,
        false,
        { env: i, action },
      );
  }

  protected abstract resetAll(seed: string): void;
  protected abstract validate(actions: Int32Array): void;
  /** Step; returns K (final observations written). */
  protected abstract stepAll(actions: Int32Array): number;
  /** The state of env i (for describe/state/render). */
  abstract stateOf(i: number): S;
}

export class SingleBatch<S> extends Batch<S> {
  readonly envs: SingleAgentEnv<S>[];
  private readonly writers: (ObservationRowWriter<S> | null)[];
  private readonly needsReset: Uint8Array;
  private readonly episode: Int32Array;
  private seed = '0';
  private readonly sameStep: boolean;
  private readonly noop: boolean;

  constructor(id: number, game: Game<S>, spec: Spec, o: BatchOptions) {
    super(id, game, spec, 1, o.numEnvs, o.autoreset === 'same_step' ? o.numEnvs : 0, o.observationEncoding);
    const entry = entryOf(game as Game<unknown>);
    if (o.learnerSeat !== 'all') for (const spec of o.opponents) entry.agent(spec, 0, game as Game<unknown>);
    const opponents =
      o.learnerSeat === 'all'
        ? undefined
        : (seat: number, seed: string) => entry.agent(o.opponents[seat % o.opponents.length], seed, game as Game<unknown>);
    const options = {
      players: o.players,
      opponents,
      learnerSeat: o.learnerSeat,
      illegal: o.illegal,
      illegalPenalty: o.illegalPenalty,
      rewards: o.rewards,
    };
    this.envs = [...Array(o.numEnvs)].map(() => new SingleAgentEnv(game, options));
    // The batch owns its frame rows, so each env rewrites only what changed in them.
    this.writers = useRowWriters(game, this.envs);
    this.needsReset = new Uint8Array(o.numEnvs);
    this.episode = new Int32Array(o.numEnvs);
    this.sameStep = o.autoreset === 'same_step';
    this.noop = o.illegal === 'noop';
  }

  private resetOne(i: number): void {
    const env = this.envs[i];
    env.resetInto(`${this.seed}/${i}/${this.episode[i]}`, this.obsRow(i), this.maskRow(i));
    this.agent[i] = env.seat;
    this.needsReset[i] = 0;
  }

  protected resetAll(seed: string): void {
    this.seed = seed;
    this.rewards.fill(0);
    this.terminated.fill(0);
    this.truncated.fill(0);
    this.illegal.fill(0);
    for (let i = 0; i < this.n; i++) {
      this.episode[i] = 0;
      this.resetOne(i);
    }
  }

  protected validate(actions: Int32Array): void {
    const A = this.layout.a;
    for (let i = 0; i < this.n; i++) {
      if (this.needsReset[i]) continue;
      const a = actions[i];
      if (this.noop) {
        if (!(a >= 0 && a < A))
          throw new BridgeError('UNKNOWN_ACTION', `env ${i}: action id ${a} is not in the catalogue (0..${A - 1})`, false, {
            env: i,
            action: a,
          });
      } else this.checkAction(i, a, i * A, this.envs[i].state);
    }
  }

  protected stepAll(actions: Int32Array): number {
    let k = 0;
    const D = this.layout.d;
    for (let i = 0; i < this.n; i++) {
      if (this.needsReset[i]) {
        this.episode[i]++;
        this.resetOne(i);
        this.rewards[i] = 0;
        this.terminated[i] = 0;
        this.truncated[i] = 0;
        this.illegal[i] = 0;
        continue;
      }
      const env = this.envs[i];
      const flags = env.stepInto(actions[i], this.obsRow(i), this.maskRow(i));
      this.rewards[i] = env.lastReward;
      this.terminated[i] = flags & StepFlags.Terminated ? 1 : 0;
      this.truncated[i] = flags & StepFlags.Truncated ? 1 : 0;
      this.illegal[i] = flags & StepFlags.Illegal ? 1 : 0;
      this.agent[i] = env.seat;
      if (flags & (StepFlags.Terminated | StepFlags.Truncated)) {
        if (this.sameStep) {
          this.finalIndex[k] = i;
          this.finalObservations.set(this.obsRow(i), k * D);
          k++;
          this.episode[i]++;
          this.resetOne(i);
        } else this.needsReset[i] = 1;
      }
    }
    return k;
  }

  stateOf(i: number): S {
    return this.envs[i].state;
  }

  /** Row i is env i's, written by its row writer (when the game has one) and by nobody else. */
  protected override rowEntries(r: number, out: Int32Array): number {
    const w = this.writers[r];
    return w && w.written ? w.written(out) : -1;
  }
}

export class AecBatch<S> extends Batch<S> {
  readonly envs: AECEnv<S>[];
  private readonly players: number;

  constructor(id: number, game: Game<S>, spec: Spec, o: BatchOptions) {
    super(id, game, spec, o.players, o.numEnvs, 0, o.observationEncoding);
    this.players = o.players;
    this.envs = [...Array(o.numEnvs)].map(() => new AECEnv(game, { players: o.players, rewards: o.rewards }));
  }

  private write(i: number, stepped: boolean): void {
    const env = this.envs[i];
    const P = this.players;
    for (let p = 0; p < P; p++) {
      const r = i * P + p;
      const agent = env.possibleAgents[p];
      env.observeInto(agent, this.obsRow(r), this.maskRow(r));
      this.rewards[r] = stepped ? env.rewards[agent] : 0;
    }
    const a0 = env.possibleAgents[0];
    this.terminated[i] = env.terminations[a0] ? 1 : 0;
    this.truncated[i] = env.truncations[a0] ? 1 : 0;
    this.illegal[i] = 0;
    this.agent[i] = env.currentPlayer();
  }

  protected resetAll(seed: string): void {
    for (let i = 0; i < this.n; i++) {
      this.envs[i].reset({ seed: `${seed}/${i}` });
      this.write(i, false);
    }
  }

  protected validate(actions: Int32Array): void {
    for (let i = 0; i < this.n; i++) {
      const a = actions[i];
      if (a === -1) continue;
      const env = this.envs[i];
      const p = env.currentPlayer();
      if (p === TERMINAL)
        throw new BridgeError('GAME_OVER', `env ${i}: the game is over: send action -1 for it, or reset`, false, { env: i, action: a });
      this.checkAction(i, a, (i * this.players + p) * this.layout.a, env.state);
    }
  }

  protected stepAll(actions: Int32Array): number {
    for (let i = 0; i < this.n; i++) {
      if (actions[i] === -1) {
        for (let p = 0; p < this.players; p++) this.rewards[i * this.players + p] = 0;
        continue;
      }
      this.envs[i].step(actions[i]);
      this.write(i, true);
    }
    return 0;
  }

  stateOf(i: number): S {
    return this.envs[i].state;
  }
}
