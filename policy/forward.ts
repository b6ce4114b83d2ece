/**
 * The network's forward pass in plain JS (no tfjs), for playing a trained policy one observation at a
 * time: agents/ppo.ts, and training/test compares it with the tfjs graph (training/network.ts).
 */
import type { NetShape } from './network.ts';

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
