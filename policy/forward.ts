/**
 * The network's forward pass in plain JS (no tfjs), for playing a trained policy one observation at a
 * time: agents/ppo.ts, and training/test compares it with the tfjs graph (training/network.ts).
 */
import { transposeInto, type NetShape } from './network.ts';
import { SimdMemory, simdAvailable, simdBytes } from '../lib/simd.ts';

/**
 * out[o .. o + m) += sum over k in [start, end) of value[k] * w[index[k] * m .. + m): one sparse row times a
 * row-major kernel [n, m]. Four entries at a time: each pass loads and stores the output row once per four
 * kernel rows (one at a time, the loop was bound by those loads and stores). Shared by `runSparse` and
 * training's batched `sparseMatMul`.
 */
export function addSparseRow(
  out: Float32Array,
  o: number,
  index: Int32Array,
  value: Float32Array,
  start: number,
  end: number,
  w: Float32Array,
  m: number,
): void {
  let k = start;
  for (; k + 3 < end; k += 4) {
    const v0 = value[k];
    const v1 = value[k + 1];
    const v2 = value[k + 2];
    const v3 = value[k + 3];
    const w0 = index[k] * m;
    const w1 = index[k + 1] * m;
    const w2 = index[k + 2] * m;
    const w3 = index[k + 3] * m;
    for (let c = 0; c < m; c++) out[o + c] += v0 * w[w0 + c] + v1 * w[w1 + c] + v2 * w[w2 + c] + v3 * w[w3 + c];
  }
  for (; k < end; k++) {
    const v = value[k];
    const wo = index[k] * m;
    for (let c = 0; c < m; c++) out[o + c] += v * w[wo + c];
  }
}

/** log(sum over j < n of exp(z[j])), shifted by the maximum (no overflow); -Infinity for n = 0. Shared with training/heads.ts. */
export function logSumExp(z: Float64Array, n: number): number {
  let max = -Infinity;
  for (let j = 0; j < n; j++) if (z[j] > max) max = z[j];
  let sum = 0;
  for (let j = 0; j < n; j++) sum += Math.exp(z[j] - max);
  return max + Math.log(sum);
}

/**
 * The MLP of policy/network.ts over one observation [obsSize]: `run` writes the unmasked logits
 * [numActions] into `logits` and returns the value estimate. Allocation-free per call.
 * Cost: about obsSize x hidden[0] multiply-adds, skipping zero inputs (observations are sparse).
 */
export class PolicyForward {
  readonly shape: NetShape;
  private params: Float32Array[];
  private readonly acts: Float32Array[];
  readonly logits: Float32Array;

  /**
   * @param params in `paramSpecs(shape)` order (as policy/checkpoint.ts `loadCheckpoint` returns them)
   * @param opts.simd false: `runSparse` keeps to plain JS even where the SIMD kernels (lib/simd.ts) are available
   */
  constructor(shape: NetShape, params: Float32Array[], opts: { simd?: boolean } = {}) {
    this.shape = shape;
    this.params = params;
    if (opts.simd === false) this.simd = null;
    this.acts = shape.hidden.map((h) => new Float32Array(h));
    this.logits = new Float32Array(shape.numActions);
    this.zs = new Float64Array(shape.numActions);
  }

  /**
   * Take new parameters for the same shape: a policy whose weights change between uses (training's behaviour
   * policy, once per update) keeps its kernels' memory, copying the new weights in, instead of a new
   * PolicyForward making and filling a memory of the network's size (about 20 ms for Merlin's default network).
   * The results are those of `new PolicyForward(shape, params)`, bit for bit.
   * @throws Error when an array's length is not its parameter's
   */
  load(params: Float32Array[]): void {
    if (params.length !== this.params.length || params.some((a, i) => a.length !== this.params[i].length))
      throw new Error(`load: the parameters do not fit this network (${this.params.map((a) => a.length).join(', ')} values)`);
    this.params = params;
    this.policyT = null;
    if (this.simd) this.copyIn(this.simd);
  }

  private layer(x: Float32Array, w: Float32Array, b: Float32Array, out: Float32Array, relu: boolean): void {
    const m = out.length;
    out.set(b);
    for (let i = 0; i < x.length; i++) {
      const xi = x[i];
      if (xi === 0) continue;
      const row = i * m;
      for (let j = 0; j < m; j++) out[j] += xi * w[row + j];
    }
    if (relu) for (let j = 0; j < m; j++) if (out[j] < 0) out[j] = 0;
  }

  /**
   * The same network over one observation given as its non-zero entries (`value[k]` at column `index[k]` for k
   * in [start, end), as `Game.observeSparse` writes them), scoring only the `numLegal` actions in `legal`:
   * writes their log-probabilities under the policy restricted to them (a log-softmax over the legal logits,
   * which equals the masked log-softmax of training/network.ts) into `logp[0 .. numLegal)`, in `legal`'s
   * order, and returns the value estimate. `numLegal` 0 computes the value alone. `this.logits` is not
   * written. Cost: about nnz x hidden[0] + the hidden layers' multiply-adds (skipping units ReLU zeroed) +
   * numLegal x the last hidden width, so far less than `run`'s with its obsSize x hidden[0] and every action's
   * logit. Training's rollouts use it (training/rollout.ts). Where WebAssembly SIMD is available it runs
   * through lib/simd.ts's kernels (about 3x faster here, equal to the plain-JS loops within f32 rounding), with
   * the parameters copied into the kernels' memory at the first call.
   */
  runSparse(
    index: Int32Array,
    value: Float32Array,
    start: number,
    end: number,
    legal: Int32Array,
    numLegal: number,
    logp: Float32Array,
  ): number {
    if (this.simd !== null && (this.simd ??= this.makeSimd()) !== null)
      return this.runSparseSimd(this.simd, index, value, start, end, legal, numLegal, logp);
    const p = this.params;
    const L = this.shape.hidden.length;
    const a0 = this.acts[0];
    const m = a0.length;
    const w = p[0];
    a0.set(p[1]);
    addSparseRow(a0, 0, index, value, start, end, w, m);
    for (let c = 0; c < m; c++) if (a0[c] < 0) a0[c] = 0;
    let x = a0;
    for (let i = 1; i < L; i++) {
      this.layer(x, p[2 * i], p[2 * i + 1], this.acts[i], true);
      x = this.acts[i];
    }
    const H = x.length;
    if (numLegal > 0) {
      const pt = this.policyByAction();
      const pb = p[2 * L + 1];
      const zs = this.zs;
      for (let j = 0; j < numLegal; j++) {
        const a = legal[j];
        const o = a * H;
        let z = pb[a];
        for (let c = 0; c < H; c++) z += x[c] * pt[o + c];
        zs[j] = z;
      }
      this.logSoftmax(numLegal, logp);
    }
    const wv = p[2 * L + 2];
    let v = p[2 * L + 3][0];
    for (let i = 0; i < H; i++) v += x[i] * wv[i];
    return v;
  }

  /** logp[0 .. n) = the log-softmax of `this.zs[0 .. n)` (in double precision). */
  private logSoftmax(n: number, logp: Float32Array): void {
    const zs = this.zs;
    const lse = logSumExp(zs, n);
    for (let j = 0; j < n; j++) logp[j] = zs[j] - lse;
  }

  /**
   * The parameters copied into a SIMD kernel instance (lib/simd.ts) with the scratch `runSparseSimd` needs,
   * made at the first `runSparse` (so `run` alone never pays for it); null where the kernels are unavailable.
   */
  private makeSimd(): SimdState | null {
    if (!simdAvailable()) return null;
    const { obsSize, hidden, numActions: A } = this.shape;
    const L = hidden.length;
    const H = hidden[L - 1];
    const p = this.params;
    const widest = Math.max(obsSize, ...hidden, A);
    // What is allocated below, in order: each layer's kernel and activations, the policy kernel transposed,
    // the value kernel, two scalars, a sparse row (indices and values), the legal ids and their logits.
    let bytes = 0;
    for (let i = 0; i < L; i++) bytes += simdBytes(p[2 * i].length) + simdBytes(hidden[i]);
    bytes += simdBytes(A * H) + simdBytes(H) + 2 * simdBytes(1) + 2 * simdBytes(widest) + 2 * simdBytes(A);
    const mem = new SimdMemory(bytes);
    const kernels = hidden.map((_, i) => mem.alloc(p[2 * i].length));
    const acts = hidden.map((h) => mem.alloc(h));
    const policyT = mem.alloc(A * H);
    const value = mem.alloc(H);
    const zero = mem.alloc(1);
    mem.i32(zero, 1)[0] = 0;
    const out = mem.alloc(1);
    const idx = mem.alloc(widest);
    const val = mem.alloc(widest);
    const legal = mem.alloc(A);
    const logits = mem.alloc(A);
    const s: SimdState = {
      mem,
      kernels,
      acts,
      actViews: acts.map((at, i) => mem.f32(at, hidden[i])),
      policyT,
      value,
      zero,
      out,
      outView: mem.f32(out, 1),
      idx,
      idxView: mem.i32(idx, widest),
      val,
      valView: mem.f32(val, widest),
      legal,
      legalView: mem.i32(legal, A),
      logits,
      logitsView: mem.f32(logits, A),
    };
    this.copyIn(s);
    return s;
  }

  /** Copy the parameters the kernels read into `s`'s memory: each layer's kernel, the policy kernel transposed, the value kernel. */
  private copyIn(s: SimdState): void {
    const p = this.params;
    const { hidden, numActions: A } = this.shape;
    const L = hidden.length;
    for (let i = 0; i < L; i++) s.mem.f32(s.kernels[i], p[2 * i].length).set(p[2 * i]);
    const pk = p[2 * L];
    transposeInto(pk, pk.length / A, A, s.mem.f32(s.policyT, pk.length));
    s.mem.f32(s.value, p[2 * L + 2].length).set(p[2 * L + 2]);
  }
  /** undefined: not made yet; null: the kernels are unavailable here. */
  private simd: SimdState | null | undefined;

  /** `runSparse` through the SIMD kernels: the same network, products rounded to f32 (see lib/simd.ts). */
  private runSparseSimd(
    s: SimdState,
    index: Int32Array,
    value: Float32Array,
    start: number,
    end: number,
    legal: Int32Array,
    numLegal: number,
    logp: Float32Array,
  ): number {
    const p = this.params;
    const { hidden } = this.shape;
    const L = hidden.length;
    const k = s.mem.k;
    s.idxView.set(index.subarray(start, end));
    s.valView.set(value.subarray(start, end));
    s.actViews[0].set(p[1]);
    k.axpyRows(s.kernels[0], hidden[0], s.idx, s.val, end - start, s.acts[0]);
    k.relu(s.acts[0], hidden[0]);
    for (let i = 1; i < L; i++) {
      // The previous layer's non-zero units as a sparse row (ReLU zeroes many).
      const x = s.actViews[i - 1];
      let n = 0;
      for (let j = 0; j < x.length; j++)
        if (x[j] !== 0) {
          s.idxView[n] = j;
          s.valView[n++] = x[j];
        }
      s.actViews[i].set(p[2 * i + 1]);
      k.axpyRows(s.kernels[i], hidden[i], s.idx, s.val, n, s.acts[i]);
      k.relu(s.acts[i], hidden[i]);
    }
    const H = hidden[L - 1];
    const xAt = s.acts[L - 1];
    if (numLegal > 0) {
      s.legalView.set(legal.subarray(0, numLegal));
      k.dotRows(s.policyT, H, s.legal, numLegal, xAt, s.logits);
      const pb = p[2 * L + 1];
      for (let j = 0; j < numLegal; j++) this.zs[j] = pb[legal[j]] + s.logitsView[j];
      this.logSoftmax(numLegal, logp);
    }
    k.dotRows(s.value, H, s.zero, 1, xAt, s.out);
    return p[2 * L + 3][0] + s.outView[0];
  }

  /** The policy kernel [H, numActions] transposed to [numActions, H] (one action's weights contiguous), made once. */
  private policyByAction(): Float32Array {
    if (!this.policyT) {
      const L = this.shape.hidden.length;
      const pk = this.params[2 * L];
      const A = this.shape.numActions;
      this.policyT = new Float32Array(pk.length);
      transposeInto(pk, pk.length / A, A, this.policyT);
    }
    return this.policyT;
  }
  private policyT: Float32Array | null = null;
  /** The legal logits of `runSparse`, in double precision (so a lone legal action gets log-probability exactly 0). */
  private readonly zs: Float64Array;

  /** The ReLU trunk over the dense observation `obs` [obsSize]: the last hidden layer's activations. */
  private trunk(obs: Float32Array): Float32Array {
    const p = this.params;
    let x = obs;
    for (let i = 0; i < this.shape.hidden.length; i++) {
      this.layer(x, p[2 * i], p[2 * i + 1], this.acts[i], true);
      x = this.acts[i];
    }
    return x;
  }

  /**
   * `run`'s logits of the `numLegal` actions in `legal` only, bit for bit (the same f32 roundings in the same
   * order), written at their ids in `this.logits`; the other entries keep whatever they held, and the value is
   * not computed. Cost: the hidden layers plus numLegal x the last hidden width multiply-adds instead of every
   * action's (the policy head is most of `run`'s work: 128 x 1,035 for the shipped Merlin checkpoint). The
   * ppo agent plays through it (agents/ppo.ts).
   */
  runLegal(obs: Float32Array, legal: Int32Array, numLegal: number): void {
    const p = this.params;
    const x = this.trunk(obs);
    const L = this.shape.hidden.length;
    const w = p[2 * L];
    const b = p[2 * L + 1];
    const z = this.logits;
    const A = z.length;
    const H = x.length;
    for (let k = 0; k < numLegal; k++) {
      const a = legal[k];
      let s = b[a];
      for (let i = 0; i < H; i++) {
        const xi = x[i];
        if (xi !== 0) s = Math.fround(s + xi * w[i * A + a]);
      }
      z[a] = s;
    }
  }

  /** Write the (unmasked) logits of `obs` [obsSize] into `this.logits` and return the value estimate. */
  run(obs: Float32Array): number {
    const p = this.params;
    const x = this.trunk(obs);
    const L = this.shape.hidden.length;
    this.layer(x, p[2 * L], p[2 * L + 1], this.logits, false);
    const wv = p[2 * L + 2];
    let v = p[2 * L + 3][0];
    for (let i = 0; i < x.length; i++) v += x[i] * wv[i];
    return v;
  }
}

/** A PolicyForward's parameters and scratch inside a SIMD kernel instance (byte offsets, and views of them). */
interface SimdState {
  mem: SimdMemory;
  /** Each hidden layer's kernel, and its activations. */
  kernels: number[];
  acts: number[];
  actViews: Float32Array[];
  /** The policy kernel transposed [numActions, H], the value kernel [H], a one-entry index list [0], the value's product. */
  policyT: number;
  value: number;
  zero: number;
  out: number;
  outView: Float32Array;
  /** A sparse row (the input's entries, then each hidden layer's non-zero units). */
  idx: number;
  idxView: Int32Array;
  val: number;
  valView: Float32Array;
  legal: number;
  legalView: Int32Array;
  logits: number;
  logitsView: Float32Array;
}
