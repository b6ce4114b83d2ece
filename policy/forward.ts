/**
 * The network's forward pass in plain JS (no tfjs), for playing a trained policy one observation at a
 * time: agents/ppo.ts, and training/test compares it with the tfjs graph (training/network.ts).
 */
import type { NetShape } from './network.ts';

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

/**
 * The MLP of policy/network.ts over one observation [obsSize]: `run` writes the unmasked logits
 * [numActions] into `logits` and returns the value estimate. Allocation-free per call.
 * Cost: about obsSize x hidden[0] multiply-adds, skipping zero inputs (observations are sparse).
 */
export class PolicyForward {
  readonly shape: NetShape;
  private readonly params: Float32Array[];
  private readonly acts: Float32Array[];
  readonly logits: Float32Array;

  /** @param params in `paramSpecs(shape)` order (as policy/checkpoint.ts `loadCheckpoint` returns them) */
  constructor(shape: NetShape, params: Float32Array[]) {
    this.shape = shape;
    this.params = params;
    this.acts = shape.hidden.map((h) => new Float32Array(h));
    this.logits = new Float32Array(shape.numActions);
    this.zs = new Float64Array(shape.numActions);
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
   * logit. Training's rollouts use it (training/rollout.ts).
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
      let max = -Infinity;
      for (let j = 0; j < numLegal; j++) {
        const a = legal[j];
        const o = a * H;
        let z = pb[a];
        for (let c = 0; c < H; c++) z += x[c] * pt[o + c];
        zs[j] = z;
        if (z > max) max = z;
      }
      let sum = 0;
      for (let j = 0; j < numLegal; j++) sum += Math.exp(zs[j] - max);
      const lse = max + Math.log(sum);
      for (let j = 0; j < numLegal; j++) logp[j] = zs[j] - lse;
    }
    const wv = p[2 * L + 2];
    let v = p[2 * L + 3][0];
    for (let i = 0; i < H; i++) v += x[i] * wv[i];
    return v;
  }

  /** The policy kernel [H, numActions] transposed to [numActions, H] (one action's weights contiguous), made once. */
  private policyByAction(): Float32Array {
    if (!this.policyT) {
      const L = this.shape.hidden.length;
      const pk = this.params[2 * L];
      const A = this.shape.numActions;
      const H = pk.length / A;
      const t = new Float32Array(pk.length);
      for (let h = 0; h < H; h++) for (let a = 0; a < A; a++) t[a * H + h] = pk[h * A + a];
      this.policyT = t;
    }
    return this.policyT;
  }
  private policyT: Float32Array | null = null;
  /** The legal logits of `runSparse`, in double precision (so a lone legal action gets log-probability exactly 0). */
  private readonly zs: Float64Array;

  /** Write the (unmasked) logits of `obs` [obsSize] into `this.logits` and return the value estimate. */
  run(obs: Float32Array): number {
    const p = this.params;
    let x = obs;
    const L = this.shape.hidden.length;
    for (let i = 0; i < L; i++) {
      this.layer(x, p[2 * i], p[2 * i + 1], this.acts[i], true);
      x = this.acts[i];
    }
    this.layer(x, p[2 * L], p[2 * L + 1], this.logits, false);
    const wv = p[2 * L + 2];
    let v = p[2 * L + 3][0];
    for (let i = 0; i < x.length; i++) v += x[i] * wv[i];
    return v;
  }
}
