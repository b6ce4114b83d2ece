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
 * entries (`SparseRows`, compressed rows) and its kernel gradient `x^T @ dz` likewise. This is the same
 * arithmetic as the dense product (a test compares both) at a fraction of the cost: the dense first layer
 * used to dominate an update.
 *
 * Where WebAssembly SIMD is available (`simd`), a training step with the sparse input layer runs entirely in
 * the SIMD kernels (training/kernel-step.ts), which then hold the parameters and Adam's moments; the tfjs
 * variables catch up only when something reads them (`syncVars`). Without SIMD the first layer runs in JS,
 * the rest of the trunk and Adam in tfjs, the heads in JS (training/heads.ts). The dense tfjs graph stays as
 * the reference both are tested against.
 */
import type * as TF from '@tensorflow/tfjs';
import { tf } from './tfjs.ts';
import { nextFloat, seedRng } from '../lib/rng.ts';
import { ArgumentError } from '../lib/errors.ts';
import { paramSpecs, type NetShape, type ParamSpec } from '../policy/network.ts';
import { PolicyForward, addSparseRow } from '../policy/forward.ts';
import { simdAvailable } from '../lib/simd.ts';
import { KernelStep } from './kernel-step.ts';
import { sortByColumn, SparseRows } from './rows.ts';

export { IdLists, SparseRows } from './rows.ts';

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
 * Function-preserving widening (Net2Net's "wider" move, Chen, Goodfellow and Shlens 2016, here with zero
 * outgoing weights rather than copied units): parameters for `to`, a network with the same depth, observation
 * and actions as `from` and at least as many units in every hidden layer, that compute exactly what `from`'s
 * parameters compute. Every old unit keeps its weights; a new unit gets fresh incoming weights (`initParams`
 * of `to` with `seed`) and zero weights out of it into old units and into both heads, so it changes nothing
 * until training moves those weights. Used by `train` when `--init-from` names a narrower checkpoint.
 * @throws ArgumentError when the shapes differ in depth, observation size or action count, or `to` is narrower
 */
export function widenParams(from: NetShape, params: Float32Array[], to: NetShape, seed: string | number): Float32Array[] {
  if (
    from.obsSize !== to.obsSize ||
    from.numActions !== to.numActions ||
    from.hidden.length !== to.hidden.length ||
    from.hidden.some((h, i) => h > to.hidden[i])
  )
    throw new ArgumentError(
      `cannot widen a network of hidden sizes [${from.hidden.join(', ')}] to [${to.hidden.join(', ')}]: the depth, observation and actions must match and no layer may shrink`,
    );
  const fresh = initParams(to, seed);
  const oldSpecs = paramSpecs(from);
  return paramSpecs(to).map((spec, k) => {
    const out = fresh[k];
    const old = params[k];
    if (spec.shape.length === 1) {
      out.set(old); // old units' biases; new units keep initParams' zeros
      return out;
    }
    const [rowsNew, colsNew] = spec.shape;
    const [rowsOld, colsOld] = oldSpecs[k].shape;
    for (let r = 0; r < rowsNew; r++) for (let c = 0; c < colsOld; c++) out[r * colsNew + c] = r < rowsOld ? old[r * colsOld + c] : 0;
    return out;
  });
}

/**
 * `x @ w` for x [B, n] and w [n, m], whose gradient transposes explicitly before a plain matMul (fast on
 * the wasm backend; identical values on every backend).
 */
export const denseMatMul = tf.customGrad((x, w, save) => {
  const xs = x as TF.Tensor2D;
  const ws = w as TF.Tensor2D;
  (save as TF.GradSaveFunc)([xs, ws]);
  return {
    value: tf.matMul(xs, ws),
    gradFunc: (dy: TF.Tensor, saved: TF.Tensor[]) => {
      const [sx, sw] = saved as TF.Tensor2D[];
      const d = dy as TF.Tensor2D;
      return [tf.matMul(d, tf.transpose(sw)), tf.matMul(tf.transpose(sx), d)];
    },
  };
}) as (x: TF.Tensor2D, w: TF.Tensor2D) => TF.Tensor2D;

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
 * x entry touches are written, after zeroing it. The entries are first sorted by column (`sortByColumn`),
 * so that each touched row of `grad` is summed four entries at a time, as in `sparseMatMul`.
 * @returns the sum of squares of `grad` (for gradient-norm clipping: only the touched rows are non-zero)
 */
export function sparseMatMulGrad(x: SparseRows, dz: Float32Array, m: number, grad: Float32Array): number {
  grad.fill(0);
  const n = Math.floor(grad.length / m);
  const nnz = x.ptr[x.rows];
  if (colStart.length < n + 1) colStart = new Int32Array(n + 1);
  if (colRow.length < nnz) {
    colRow = new Int32Array(nnz);
    colVal = new Float32Array(nnz);
  }
  sortByColumn(x, n, colStart, colRow, colVal);
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
      const d0 = colRow[k] * m;
      const d1 = colRow[k + 1] * m;
      const d2 = colRow[k + 2] * m;
      const d3 = colRow[k + 3] * m;
      for (let c = 0; c < m; c++) grad[go + c] += v0 * dz[d0 + c] + v1 * dz[d1 + c] + v2 * dz[d2 + c] + v3 * dz[d3 + c];
    }
    for (; k < e; k++) {
      const v = colVal[k];
      const d = colRow[k] * m;
      for (let c = 0; c < m; c++) grad[go + c] += v * dz[d + c];
    }
    for (let c = 0; c < m; c++) sq += grad[go + c] * grad[go + c];
  }
  return sq;
}

/** The network's tfjs variables and forward pass (training only; see policy/forward.ts for inference). */
export class PolicyValueNet {
  readonly shape: NetShape;
  readonly specs: ParamSpec[];
  readonly vars: TF.Variable[];
  /** Use the explicit-transpose matMul gradient (default true); false uses tf.matMul's own. */
  fastGrad = true;
  /** Compute the first layer and its kernel gradient from sparse rows in JS (default true); false: dense tfjs. */
  sparseInput = true;
  /** A JS copy of the first kernel (W0) for the sparse input layer, refreshed when `version` moves. */
  private w0: Float32Array | null = null;
  private w0Version = -1;
  /** Bumped whenever the parameters change (optimizer steps, `assign`). */
  version = 0;
  /** Whether training steps of the sparse-input network run in the SIMD kernels (training/kernel-step.ts). */
  readonly simd: boolean;
  private kernel: KernelStep | null = null;
  /** The parameter version the kernels hold (-1: none). */
  private kernelHeld = -1;
  /** Whether the tfjs variables lag the kernels' parameters (after `kernelStepped`; `syncVars` catches up). */
  private varsLag = false;
  private z0 = new Float32Array(0);

  /**
   * @param opts.simd false: training steps with the sparse input layer keep to plain JS and tfjs (the path
   *   where WebAssembly SIMD is missing, and the reference in tests)
   */
  constructor(shape: NetShape, params: Float32Array[], opts: { simd?: boolean } = {}) {
    this.shape = shape;
    this.specs = paramSpecs(shape);
    if (params.length !== this.specs.length)
      throw new ArgumentError(`expected ${this.specs.length} parameter arrays, got ${params.length}`);
    this.vars = this.specs.map((p, i) => tf.variable(tf.tensor(params[i], p.shape, 'float32'), true, `${p.name}_${uid++}`));
    this.simd = (opts.simd ?? true) && simdAvailable();
  }

  /**
   * Forward pass. `obs` [B, obsSize], `mask` [B, numActions] of 1 (legal) / 0.
   * @returns logp [B, numActions] (log-probabilities; illegal actions near -1e9) and value [B]
   */
  forward(obs: TF.Tensor2D, mask: TF.Tensor2D): { logp: TF.Tensor2D; value: TF.Tensor1D } {
    this.syncVars();
    return this.forwardFrom(this.mm(obs, this.vars[0] as TF.Tensor2D), mask);
  }

  /** `a @ b`: `denseMatMul` (fast gradient on wasm) unless `fastGrad` is off. */
  private mm(a: TF.Tensor2D, b: TF.Tensor2D): TF.Tensor2D {
    return this.fastGrad ? denseMatMul(a, b) : tf.matMul(a, b);
  }

  /** Whether the kernels hold the current parameters. */
  private get kernelCurrent(): boolean {
    return this.kernel !== null && this.kernelHeld === this.version;
  }

  /** The first kernel W0 [obsSize, hidden[0]] as a JS array (cached until the parameters change). */
  firstKernel(): Float32Array {
    if (!this.w0 || this.w0Version !== this.version) {
      this.w0 = this.kernelCurrent ? this.kernel!.param(0) : (this.vars[0].dataSync() as Float32Array);
      this.w0Version = this.version;
    }
    return this.w0;
  }

  /**
   * The SIMD kernels' training step (training/kernel-step.ts) holding the current parameters: made at the
   * first call, loaded again when the parameters changed elsewhere (`assign`). Its Adam moments belong to
   * the learner (ppo.ts). After a step through it, call `kernelStepped`.
   * @throws Error where the kernels are unavailable (`simd` false)
   */
  kernelStep(): KernelStep {
    if (!this.simd) throw new Error('this network does not train through the SIMD kernels');
    if (!this.kernel) this.kernel = new KernelStep(this.shape, this.params());
    else if (this.kernelHeld !== this.version) this.kernel.load(this.params());
    this.kernelHeld = this.version;
    return this.kernel;
  }

  /** Record a step through `kernelStep()`: a new parameter version, held by the kernels; the tfjs variables lag. */
  kernelStepped(): void {
    this.version++;
    this.kernelHeld = this.version;
    this.varsLag = true;
  }

  /** Bring the tfjs variables up to the kernels' parameters, if they lag (every reader of `vars` calls this first). */
  syncVars(): void {
    if (!this.varsLag) return;
    const ps = this.kernel!.params();
    this.vars.forEach((v, i) => v.assign(tf.tensor(ps[i], this.specs[i].shape, 'float32')));
    this.varsLag = false;
  }

  /**
   * The plain-JS forward pass (policy/forward.ts) over the current parameters, brought up to date when they
   * change (the same object, `PolicyForward.load`: take it afresh for each use, not across an update):
   * rollouts run it (`PolicyForward.runSparse`) instead of the tfjs graph, which costs an op dispatch per
   * layer and scores all numActions logits where only the legal ones are needed.
   */
  inference(): PolicyForward {
    if (!this.js || this.jsVersion !== this.version) {
      const params = this.kernelCurrent
        ? this.kernel!.params()
        : this.vars.map((v, i) => (i === 0 ? this.firstKernel() : (v.dataSync() as Float32Array)));
      // The same object with the new weights (its kernels' memory kept): callers take it afresh per use.
      if (this.js) this.js.load(params);
      else this.js = new PolicyForward(this.shape, params);
      this.jsVersion = this.version;
    }
    return this.js;
  }
  private js: PolicyForward | null = null;
  private jsVersion = -1;

  /** `x @ W0` for sparse observation rows, computed in JS: a new [rows, hidden[0]] tensor. */
  firstLayer(x: SparseRows): TF.Tensor2D {
    this.syncVars();
    const h = this.shape.hidden[0];
    if (this.z0.length < x.rows * h) this.z0 = new Float32Array(x.rows * h);
    sparseMatMul(x, this.firstKernel(), h, this.z0);
    return tf.tensor2d(this.z0.slice(0, x.rows * h), [x.rows, h]);
  }

  /** Forward pass from sparse observation rows (no gradient for W0; see Ppo for training). */
  forwardSparse(x: SparseRows, mask: TF.Tensor2D): { logp: TF.Tensor2D; value: TF.Tensor1D } {
    return this.forwardFrom(this.firstLayer(x), mask);
  }

  /**
   * The network from the first layer's pre-activation `z0 = x @ W0` [B, hidden[0]] (without its bias) on.
   * @returns logp [B, numActions] and value [B], as `forward`
   */
  forwardFrom(z0: TF.Tensor2D, mask: TF.Tensor2D): { logp: TF.Tensor2D; value: TF.Tensor1D } {
    const h = this.trunkFrom(z0);
    const L = this.shape.hidden.length;
    const logits = tf.add(this.mm(h, this.vars[2 * L] as TF.Tensor2D), this.vars[2 * L + 1]);
    const masked = tf.add(logits, tf.mul(tf.sub(mask, 1), -MASKED_LOGIT));
    const logp = tf.logSoftmax(masked) as TF.Tensor2D;
    const value = tf.reshape(tf.add(this.mm(h, this.vars[2 * L + 2] as TF.Tensor2D), this.vars[2 * L + 3]), [-1]) as TF.Tensor1D;
    return { logp, value };
  }

  /** The trunk from `z0 = x @ W0` [B, hidden[0]] (without its bias): the last hidden layer's activations [B, hidden[L-1]]. */
  trunkFrom(z0: TF.Tensor2D): TF.Tensor2D {
    let h = tf.relu(tf.add(z0, this.vars[1])) as TF.Tensor2D;
    const L = this.shape.hidden.length;
    for (let i = 1; i < L; i++) h = tf.relu(tf.add(this.mm(h, this.vars[2 * i] as TF.Tensor2D), this.vars[2 * i + 1])) as TF.Tensor2D;
    return h;
  }

  /** The current parameters as Float32Arrays (copies), in `specs` order. */
  params(): Float32Array[] {
    if (this.kernelCurrent) return this.kernel!.params();
    return this.vars.map((v) => v.dataSync() as Float32Array).map((a) => Float32Array.from(a));
  }

  /** Overwrite the parameters (same shapes). */
  assign(params: Float32Array[]): void {
    this.vars.forEach((v, i) => v.assign(tf.tensor(params[i], this.specs[i].shape, 'float32')));
    this.varsLag = false;
    this.version++;
  }

  dispose(): void {
    for (const v of this.vars) v.dispose();
  }
}
let uid = 0;
