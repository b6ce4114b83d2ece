/**
 * The policy/value network trained by PPO: an MLP over the observation vector with a shared trunk, a
 * policy head (one logit per action id) and a value head (one scalar).
 *
 *   observation [B, obsSize] -> (dense + ReLU) x hidden.length -> policy logits [B, numActions]
 *                                                              -> value [B]
 *
 * Illegal actions are masked by adding `-1e9` to their logits before the log-softmax, so they get
 * probability 0 and no gradient. The shape and the parameter order (`paramSpecs`) are policy/network.ts's,
 * shared by the tfjs training graph here, the pure-JS inference in policy/forward.ts and the checkpoint
 * files (policy/checkpoint.ts).
 *
 * Speed on the wasm backend: the gradient of `matMul(x, W)` with respect to W is `matMul(x, dy,
 * transposeA)`, which tfjs-backend-wasm runs on a slow path. `denseMatMul` is a `tf.customGrad` that
 * transposes explicitly before a plain matMul instead; training/test/network.test.ts checks that its
 * gradients equal the plain ones. Likewise the log-probability of the taken action uses a one-hot
 * product, because tf.gather's gradient is not registered on wasm.
 *
 * Sparse input layer: observations are about 1-2% non-zero (docs/OBSERVATION.md), so the first layer,
 * `x @ W0` with x [B, obsSize] and W0 [obsSize, hidden[0]], is computed in plain JS from the non-zero
 * entries (`SparseRows`, compressed rows) and its kernel gradient `x^T @ dz` likewise; the rest of the
 * network stays in tfjs. This is the same arithmetic as the dense product (a test compares both) at a
 * fraction of the cost: the dense first layer used to dominate an update.
 */
import * as tf from '@tensorflow/tfjs';
import { nextFloat, seedRng } from '../lib/rng.ts';
import { ArgumentError } from '../lib/errors.ts';
import { paramSpecs, type NetShape, type ParamSpec } from '../policy/network.ts';
import { PolicyForward, addSparseRow } from '../policy/forward.ts';
import { SimdMemory, simdAvailable, simdBytes } from '../lib/simd.ts';

/** The logit given to illegal actions. */
export const MASKED_LOGIT = -1e9;

function gaussian(r: ReturnType<typeof seedRng>): number {
  const u = 1 - nextFloat(r);
  const v = nextFloat(r);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/**
 * Fresh parameters for `shape`, deterministic in `seed` (the same on every backend): He-normal trunk
 * kernels, a policy kernel scaled by 0.01 (a near-uniform initial policy over the legal actions, as in
 * common PPO practice), a value kernel scaled by 1/sqrt(fan-in), zero biases.
 */
export function initParams(shape: NetShape, seed: string | number): Float32Array[] {
  const r = seedRng(`init/${seed}`);
  return paramSpecs(shape).map((p) => {
    const n = p.shape.reduce((a, b) => a * b, 1);
    const a = new Float32Array(n);
    if (p.shape.length === 2) {
      const fanIn = p.shape[0];
      const std = p.name.startsWith('trunk') ? Math.sqrt(2 / fanIn) : p.name === 'policy.kernel' ? 0.01 : 1 / Math.sqrt(fanIn);
      for (let i = 0; i < n; i++) a[i] = gaussian(r) * std;
    }
    return a;
  });
}

/**
 * `x @ w` for x [B, n] and w [n, m], whose gradient transposes explicitly before a plain matMul (fast on
 * the wasm backend; identical values on every backend).
 */
export const denseMatMul = tf.customGrad((x, w, save) => {
  const xs = x as tf.Tensor2D;
  const ws = w as tf.Tensor2D;
  (save as tf.GradSaveFunc)([xs, ws]);
  return {
    value: tf.matMul(xs, ws),
    gradFunc: (dy: tf.Tensor, saved: tf.Tensor[]) => {
      const [sx, sw] = saved as tf.Tensor2D[];
      const d = dy as tf.Tensor2D;
      return [tf.matMul(d, tf.transpose(sw)), tf.matMul(tf.transpose(sx), d)];
    },
  };
}) as (x: tf.Tensor2D, w: tf.Tensor2D) => tf.Tensor2D;

/**
 * A batch of observation rows in compressed sparse row form: row r's non-zero values are
 * `val[ptr[r] .. ptr[r+1])` at columns `idx[...]`. Buffers grow as needed and are reused.
 */
export class SparseRows {
  rows = 0;
  ptr = new Int32Array(1);
  idx = new Int32Array(1024);
  val = new Float32Array(1024);

  /** Fill from `rows` dense rows of length `width` in `dense` (row r at r * width). */
  fromDense(dense: Float32Array, rows: number, width: number): this {
    this.reset(rows);
    for (let r = 0; r < rows; r++) this.pushRow(dense, r * width, width);
    return this;
  }

  /** Start an empty batch of up to `rows` rows. */
  reset(rows: number): void {
    if (this.ptr.length < rows + 1) this.ptr = new Int32Array(rows + 1);
    this.rows = 0;
    this.ptr[0] = 0;
  }

  /** Append the dense row `dense[offset .. offset + width)`. */
  pushRow(dense: Float32Array, offset: number, width: number): void {
    let t = this.ptr[this.rows];
    for (let j = 0; j < width; j++) {
      const v = dense[offset + j];
      if (v !== 0) {
        if (t === this.idx.length) this.grow();
        this.idx[t] = j;
        this.val[t++] = v;
      }
    }
    this.ptr[++this.rows] = t;
  }

  /** Append a row given as `n` (column, value) pairs, any order, each column once; zero values are left out. */
  pushPairs(index: Int32Array, value: Float32Array, n: number): void {
    let t = this.ptr[this.rows];
    for (let k = 0; k < n; k++) {
      const v = value[k];
      if (v === 0) continue;
      if (t === this.idx.length) this.grow();
      this.idx[t] = index[k];
      this.val[t++] = v;
    }
    this.ptr[++this.rows] = t;
  }

  /** Write row `r` into `dense[offset .. offset + width)`, zeros elsewhere in that range. */
  toDense(r: number, dense: Float32Array, offset: number, width: number): void {
    dense.fill(0, offset, offset + width);
    for (let k = this.ptr[r], e = this.ptr[r + 1]; k < e; k++) dense[offset + this.idx[k]] = this.val[k];
  }

  /** Append row `r` of another SparseRows. */
  pushFrom(src: SparseRows, r: number): void {
    let t = this.ptr[this.rows];
    for (let k = src.ptr[r], e = src.ptr[r + 1]; k < e; k++) {
      if (t === this.idx.length) this.grow();
      this.idx[t] = src.idx[k];
      this.val[t++] = src.val[k];
    }
    this.ptr[++this.rows] = t;
  }

  private grow(): void {
    const idx = new Int32Array(this.idx.length * 2);
    idx.set(this.idx);
    this.idx = idx;
    const val = new Float32Array(this.val.length * 2);
    val.set(this.val);
    this.val = val;
  }
}

/**
 * Rows of integer ids in compressed row form: row r's ids are `ids[ptr[r] .. ptr[r+1])`. The buffer grows
 * as needed and is reused. Training keeps each decision's legal action ids this way (training/heads.ts).
 */
export class IdLists {
  rows = 0;
  ptr = new Int32Array(1);
  ids = new Int32Array(1024);

  /** Start an empty batch of up to `rows` rows. */
  reset(rows: number): void {
    if (this.ptr.length < rows + 1) this.ptr = new Int32Array(rows + 1);
    this.rows = 0;
    this.ptr[0] = 0;
  }

  /** Append the row `ids[start .. end)`. */
  push(ids: Int32Array, start: number, end: number): void {
    const at = this.ptr[this.rows];
    const n = end - start;
    if (at + n > this.ids.length) {
      const grown = new Int32Array(Math.max(this.ids.length * 2, at + n));
      grown.set(this.ids.subarray(0, at));
      this.ids = grown;
    }
    this.ids.set(ids.subarray(start, end), at);
    this.ptr[++this.rows] = at + n;
  }

  /** Append row `r` of another IdLists. */
  pushFrom(src: IdLists, r: number): void {
    this.push(src.ids, src.ptr[r], src.ptr[r + 1]);
  }
}

/**
 * out [rows, m] = x @ w for sparse x [rows, n] and dense row-major w [n, m]. Four non-zero entries of a row
 * at a time: each pass over the output row then loads and stores it once per four kernel rows (one at a time,
 * the loop was bound by those loads and stores: 2.5 ms against 0.96 ms for 32 rows of ~110 entries and
 * m = 256 here). The sum's order differs from the dense product's in the last bits only.
 */
export function sparseMatMul(x: SparseRows, w: Float32Array, m: number, out: Float32Array): void {
  out.fill(0, 0, x.rows * m);
  for (let r = 0; r < x.rows; r++) addSparseRow(out, r * m, x.idx, x.val, x.ptr[r], x.ptr[r + 1], w, m);
}

/** Scratch of `sparseMatMulGrad`: x's entries sorted by column (start of each column, row, value). */
let colStart = new Int32Array(0);
let colRow = new Int32Array(0);
let colVal = new Float32Array(0);

/**
 * grad [n, m] = x^T @ dz for sparse x [rows, n] and dense dz [rows, m]; only the rows of `grad` that some
 * x entry touches are written, after zeroing it. The entries are first sorted by column (a counting sort),
 * so that each touched row of `grad` is summed four entries at a time, as in `sparseMatMul`.
 * @returns the sum of squares of `grad` (for gradient-norm clipping: only the touched rows are non-zero)
 */
export function sparseMatMulGrad(x: SparseRows, dz: Float32Array, m: number, grad: Float32Array): number {
  grad.fill(0);
  const n = Math.floor(grad.length / m);
  const { ptr, idx, val } = x;
  const nnz = ptr[x.rows];
  if (colStart.length < n + 1) colStart = new Int32Array(n + 1);
  if (colRow.length < nnz) {
    colRow = new Int32Array(nnz);
    colVal = new Float32Array(nnz);
  }
  colStart.fill(0, 0, n + 1);
  for (let k = 0; k < nnz; k++) colStart[idx[k] + 1]++;
  for (let j = 0; j < n; j++) colStart[j + 1] += colStart[j];
  // Place each entry at its column's next free slot (colStart[j] advances; restored below).
  for (let r = 0; r < x.rows; r++)
    for (let k = ptr[r], e = ptr[r + 1]; k < e; k++) {
      const at = colStart[idx[k]]++;
      colRow[at] = r * m;
      colVal[at] = val[k];
    }
  for (let j = n; j > 0; j--) colStart[j] = colStart[j - 1];
  colStart[0] = 0;
  let sq = 0;
  for (let j = 0; j < n; j++) {
    let k = colStart[j];
    const e = colStart[j + 1];
    if (k === e) continue;
    const go = j * m;
    for (; k + 3 < e; k += 4) {
      const v0 = colVal[k];
      const v1 = colVal[k + 1];
      const v2 = colVal[k + 2];
      const v3 = colVal[k + 3];
      const d0 = colRow[k];
      const d1 = colRow[k + 1];
      const d2 = colRow[k + 2];
      const d3 = colRow[k + 3];
      for (let c = 0; c < m; c++) grad[go + c] += v0 * dz[d0 + c] + v1 * dz[d1 + c] + v2 * dz[d2 + c] + v3 * dz[d3 + c];
    }
    for (; k < e; k++) {
      const v = colVal[k];
      const d = colRow[k];
      for (let c = 0; c < m; c++) grad[go + c] += v * dz[d + c];
    }
    for (let c = 0; c < m; c++) sq += grad[go + c] * grad[go + c];
  }
  return sq;
}

/** Adam's settings for `SparseInputLayer.adam`: the learning rate, b1, b2, epsilon, the step t (from 1) and the gradient's clipping scale. */
export interface AdamStep {
  learningRate: number;
  beta1: number;
  beta2: number;
  epsilon: number;
  t: number;
  scale: number;
}

/**
 * The sparse input layer's two products for a batch of rows, `forward` (z0 = x @ W0) and `gradient` (W0's
 * gradient x^T @ dz), and W0's Adam step (`adam`), through the SIMD kernels (lib/simd.ts) where they are
 * available, else the plain-JS `sparseMatMul` and `sparseMatMulGrad` (and tfjs's Adam, in training/ppo.ts).
 *
 * With the kernels, W0 lives in their memory between calls: `forward` copies it in only when the network's
 * parameter version differs from the one held (`held`), and `adam` updates it in place there, with the Adam
 * moments beside it, so an update never moves W0's 2.3 M floats through tfjs. The rows and dz are copied in
 * per call. The memory is made again, larger (W0 and the moments carried over), when a batch outgrows it.
 */
export class SparseInputLayer {
  private mem: SimdMemory | null = null;
  private rowsCap = 0;
  private nnzCap = 0;
  private at = { w0: 0, grad: 0, m: 0, v: 0, z0: 0, dz: 0, ptr: 0, idx: 0, val: 0, colRow: 0, colVal: 0 };
  /** The parameter version whose W0 the kernels' memory holds (-1: none). */
  held = -1;
  private colStart = new Int32Array(0);
  private jsOut = new Float32Array(0);
  private jsGrad = new Float32Array(0);
  readonly simd: boolean;

  /**
   * @param n the observation size, m the first hidden width (W0 is [n, m])
   * @param simd false: plain JS even where the kernels are available (the reference in tests)
   */
  constructor(
    readonly n: number,
    readonly m: number,
    simd = true,
  ) {
    this.simd = simd && simdAvailable();
  }

  /** Memory for `rows` rows of `nnz` entries in all (with headroom), W0, its gradient and Adam moments. */
  private reserve(rows: number, nnz: number): SimdMemory {
    if (this.mem && rows <= this.rowsCap && nnz <= this.nnzCap) return this.mem;
    this.rowsCap = Math.max(rows, Math.ceil(this.rowsCap * 1.5));
    this.nnzCap = Math.max(nnz, Math.ceil(this.nnzCap * 1.5), 1024);
    const { n, m, rowsCap: R, nnzCap: Z } = this;
    const W = n * m;
    const mem = new SimdMemory(4 * simdBytes(W) + 2 * simdBytes(R * m) + simdBytes(R + 1) + 4 * simdBytes(Z));
    const old = this.mem;
    const was = this.at;
    this.at = {
      w0: mem.alloc(W),
      grad: mem.alloc(W),
      m: mem.alloc(W),
      v: mem.alloc(W),
      z0: mem.alloc(R * m),
      dz: mem.alloc(R * m),
      ptr: mem.alloc(R + 1),
      idx: mem.alloc(Z),
      val: mem.alloc(Z),
      colRow: mem.alloc(Z),
      colVal: mem.alloc(Z),
    };
    if (old) for (const k of ['w0', 'm', 'v'] as const) mem.f32(this.at[k], W).set(old.f32(was[k], W));
    this.mem = mem;
    return mem;
  }

  /**
   * z0 [x.rows, m] = x @ W0 (a view, valid until the next call) for the network at parameter `version`;
   * `w0` gives W0 when the kernels do not hold that version yet.
   */
  forward(x: SparseRows, version: number, w0: () => Float32Array): Float32Array {
    const { m } = this;
    const nnz = x.ptr[x.rows];
    if (!this.simd) {
      if (this.jsOut.length < x.rows * m) this.jsOut = new Float32Array(x.rows * m);
      sparseMatMul(x, w0(), m, this.jsOut);
      return this.jsOut.subarray(0, x.rows * m);
    }
    const mem = this.reserve(x.rows, nnz);
    const a = this.at;
    if (this.held !== version) {
      mem.f32(a.w0, this.n * m).set(w0());
      this.held = version;
    }
    mem.i32(a.ptr, x.rows + 1).set(x.ptr.subarray(0, x.rows + 1));
    mem.i32(a.idx, nnz).set(x.idx.subarray(0, nnz));
    mem.f32(a.val, nnz).set(x.val.subarray(0, nnz));
    mem.k.sparseMatMul(a.w0, m, a.ptr, a.idx, a.val, x.rows, a.z0);
    return mem.f32(a.z0, x.rows * m);
  }

  /**
   * W0's gradient [n, m] = x^T @ dz for dz [x.rows, m] (a view, valid until the next call), and its sum of
   * squares (for gradient-norm clipping). As `sparseMatMulGrad`: the entries sorted by column, each touched
   * row of the gradient summed from the dz rows of its column's entries.
   */
  gradient(x: SparseRows, dz: Float32Array): { grad: Float32Array; sq: number } {
    const { n, m } = this;
    if (!this.simd) {
      if (this.jsGrad.length !== n * m) this.jsGrad = new Float32Array(n * m);
      const sq = sparseMatMulGrad(x, dz, m, this.jsGrad);
      return { grad: this.jsGrad, sq };
    }
    const { ptr, idx, val } = x;
    const nnz = ptr[x.rows];
    const mem = this.reserve(x.rows, nnz);
    const a = this.at;
    mem.f32(a.dz, x.rows * m).set(dz.subarray(0, x.rows * m));
    if (this.colStart.length < n + 1) this.colStart = new Int32Array(n + 1);
    const colStart = this.colStart;
    const colRow = mem.i32(a.colRow, nnz);
    const colVal = mem.f32(a.colVal, nnz);
    colStart.fill(0);
    for (let k = 0; k < nnz; k++) colStart[idx[k] + 1]++;
    for (let j = 0; j < n; j++) colStart[j + 1] += colStart[j];
    for (let r = 0; r < x.rows; r++)
      for (let k = ptr[r], e = ptr[r + 1]; k < e; k++) {
        const at = colStart[idx[k]]++;
        colRow[at] = r;
        colVal[at] = val[k];
      }
    for (let j = n; j > 0; j--) colStart[j] = colStart[j - 1];
    colStart[0] = 0;
    const grad = mem.f32(a.grad, n * m);
    grad.fill(0);
    let sq = 0;
    for (let j = 0; j < n; j++) {
      const k = colStart[j];
      const e = colStart[j + 1];
      if (k === e) continue;
      mem.k.axpyRows(a.dz, m, a.colRow + 4 * k, a.colVal + 4 * k, e - k, a.grad + 4 * j * m);
      for (let c = j * m, end = c + m; c < end; c++) sq += grad[c] * grad[c];
    }
    return { grad, sq };
  }

  /**
   * One Adam step of W0 in the kernels' memory with the last `gradient`, as tfjs's AdamOptimizer computes it
   * (the same formula and f32 rounding; 1 - b^t is rounded once here, where tfjs multiplies b^t up step by
   * step). Afterwards the kernels hold parameter version `version`.
   * @throws Error without the kernels, or when they do not hold W0 (no `forward` since it changed)
   */
  adam(o: AdamStep, version: number): void {
    const mem = this.mem;
    if (!this.simd || !mem || this.held < 0) throw new Error('SparseInputLayer.adam needs the SIMD kernels holding W0');
    const f = Math.fround;
    const a = this.at;
    mem.k.adam(
      a.w0,
      a.m,
      a.v,
      a.grad,
      this.n * this.m,
      o.scale,
      -o.learningRate,
      o.beta1,
      f(1 - o.beta1),
      o.beta2,
      f(1 - o.beta2),
      o.epsilon,
      f(1 - f(o.beta1 ** o.t)),
      f(1 - f(o.beta2 ** o.t)),
    );
    this.held = version;
  }

  /** W0 as the kernels hold it (a view, changed in place by `adam`), or null when they hold none. */
  heldW0(): Float32Array | null {
    return this.mem && this.held >= 0 ? this.mem.f32(this.at.w0, this.n * this.m) : null;
  }

  /** W0's Adam moments [n * m] each (views; zeros until an `adam` step or `setMoments`). Needs the kernels. */
  moments(): { m: Float32Array; v: Float32Array } {
    const mem = this.reserve(1, 1);
    const W = this.n * this.m;
    return { m: mem.f32(this.at.m, W), v: mem.f32(this.at.v, W) };
  }
}

/** The network's tfjs variables and forward pass (training only; see policy/forward.ts for inference). */
export class PolicyValueNet {
  readonly shape: NetShape;
  readonly specs: ParamSpec[];
  readonly vars: tf.Variable[];
  /** Use the explicit-transpose matMul gradient (default true); false uses tf.matMul's own. */
  fastGrad = true;
  /** Compute the first layer and its kernel gradient from sparse rows in JS (default true); false: dense tfjs. */
  sparseInput = true;
  /** A JS copy of the first kernel (W0) for the sparse input layer, refreshed when `version` moves. */
  private w0: Float32Array | null = null;
  private w0Version = -1;
  /** Bumped whenever the parameters change (optimizer steps, `assign`). */
  version = 0;
  /** The sparse input layer's products (SIMD kernels where available). */
  readonly input: SparseInputLayer;

  /** @param opts.simd false: the sparse input layer keeps to plain JS and tfjs's Adam (the reference in tests) */
  constructor(shape: NetShape, params: Float32Array[], opts: { simd?: boolean } = {}) {
    this.shape = shape;
    this.specs = paramSpecs(shape);
    if (params.length !== this.specs.length)
      throw new ArgumentError(`expected ${this.specs.length} parameter arrays, got ${params.length}`);
    this.vars = this.specs.map((p, i) => tf.variable(tf.tensor(params[i], p.shape, 'float32'), true, `${p.name}_${uid++}`));
    this.input = new SparseInputLayer(shape.obsSize, shape.hidden[0], opts.simd ?? true);
  }

  /**
   * Forward pass. `obs` [B, obsSize], `mask` [B, numActions] of 1 (legal) / 0.
   * @returns logp [B, numActions] (log-probabilities; illegal actions near -1e9) and value [B]
   */
  forward(obs: tf.Tensor2D, mask: tf.Tensor2D): { logp: tf.Tensor2D; value: tf.Tensor1D } {
    this.syncFirstKernel();
    return this.forwardFrom(this.mm(obs, this.vars[0] as tf.Tensor2D), mask);
  }

  /** `a @ b`: `denseMatMul` (fast gradient on wasm) unless `fastGrad` is off. */
  private mm(a: tf.Tensor2D, b: tf.Tensor2D): tf.Tensor2D {
    return this.fastGrad ? denseMatMul(a, b) : tf.matMul(a, b);
  }

  /** The first kernel W0 [obsSize, hidden[0]] as a JS array (cached until the parameters change). */
  firstKernel(): Float32Array {
    if (!this.w0 || this.w0Version !== this.version) {
      const held = this.input.held === this.version ? this.input.heldW0() : null;
      this.w0 = held ? held.slice() : (this.vars[0].dataSync() as Float32Array);
      this.w0Version = this.version;
    }
    return this.w0;
  }

  /**
   * One Adam step of W0 in the sparse input layer's kernels (`SparseInputLayer.adam`, with its last
   * gradient), bumping `version`. The tfjs variable of W0 lags until something reads it (`syncFirstKernel`).
   */
  adamFirstKernel(o: AdamStep): void {
    this.version++;
    this.input.adam(o, this.version);
    this.w0Lags = true;
  }
  /** Whether W0's tfjs variable lags the kernels' copy (after `adamFirstKernel`). */
  private w0Lags = false;

  /** Bring W0's tfjs variable up to the kernels' copy, if it lags (every reader of `vars[0]` calls this first). */
  syncFirstKernel(): void {
    if (!this.w0Lags) return;
    this.vars[0].assign(tf.tensor(this.firstKernel(), this.specs[0].shape, 'float32'));
    this.w0Lags = false;
  }

  /**
   * The plain-JS forward pass (policy/forward.ts) over the current parameters, made again when they change:
   * rollouts run it (`PolicyForward.runSparse`) instead of the tfjs graph, which costs an op dispatch per
   * layer and scores all numActions logits where only the legal ones are needed.
   */
  inference(): PolicyForward {
    if (!this.js || this.jsVersion !== this.version) {
      this.js = new PolicyForward(
        this.shape,
        this.vars.map((v, i) => (i === 0 ? this.firstKernel() : (v.dataSync() as Float32Array))),
      );
      this.jsVersion = this.version;
    }
    return this.js;
  }
  private js: PolicyForward | null = null;
  private jsVersion = -1;

  /** `x @ W0` for sparse observation rows, computed in JS: a new [rows, hidden[0]] tensor. */
  firstLayer(x: SparseRows): tf.Tensor2D {
    const z0 = this.input.forward(x, this.version, () => this.firstKernel());
    return tf.tensor2d(z0.slice(), [x.rows, this.shape.hidden[0]]);
  }

  /** Forward pass from sparse observation rows (no gradient for W0; see Ppo for training). */
  forwardSparse(x: SparseRows, mask: tf.Tensor2D): { logp: tf.Tensor2D; value: tf.Tensor1D } {
    return this.forwardFrom(this.firstLayer(x), mask);
  }

  /**
   * The network from the first layer's pre-activation `z0 = x @ W0` [B, hidden[0]] (without its bias) on.
   * @returns logp [B, numActions] and value [B], as `forward`
   */
  forwardFrom(z0: tf.Tensor2D, mask: tf.Tensor2D): { logp: tf.Tensor2D; value: tf.Tensor1D } {
    const h = this.trunkFrom(z0);
    const L = this.shape.hidden.length;
    const logits = tf.add(this.mm(h, this.vars[2 * L] as tf.Tensor2D), this.vars[2 * L + 1]);
    const masked = tf.add(logits, tf.mul(tf.sub(mask, 1), -MASKED_LOGIT));
    const logp = tf.logSoftmax(masked) as tf.Tensor2D;
    const value = tf.reshape(tf.add(this.mm(h, this.vars[2 * L + 2] as tf.Tensor2D), this.vars[2 * L + 3]), [-1]) as tf.Tensor1D;
    return { logp, value };
  }

  /** The trunk from `z0 = x @ W0` [B, hidden[0]] (without its bias): the last hidden layer's activations [B, hidden[L-1]]. */
  trunkFrom(z0: tf.Tensor2D): tf.Tensor2D {
    let h = tf.relu(tf.add(z0, this.vars[1])) as tf.Tensor2D;
    const L = this.shape.hidden.length;
    for (let i = 1; i < L; i++) h = tf.relu(tf.add(this.mm(h, this.vars[2 * i] as tf.Tensor2D), this.vars[2 * i + 1])) as tf.Tensor2D;
    return h;
  }

  /** The current parameters as Float32Arrays (copies), in `specs` order. */
  params(): Float32Array[] {
    this.syncFirstKernel();
    return this.vars.map((v) => v.dataSync() as Float32Array).map((a) => Float32Array.from(a));
  }

  /** Overwrite the parameters (same shapes). */
  assign(params: Float32Array[]): void {
    this.vars.forEach((v, i) => v.assign(tf.tensor(params[i], this.specs[i].shape, 'float32')));
    this.w0Lags = false;
    this.version++;
  }

  dispose(): void {
    for (const v of this.vars) v.dispose();
  }
}
let uid = 0;
