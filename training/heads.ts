/**
 * The policy and value heads and PPO's loss, forward and backward, in plain JS over each row's legal actions
 * only. The tfjs graph (training/network.ts `forwardFrom` with ppo.ts's loss) scores all numActions logits of
 * every row, masks the illegal ones with -1e9 and runs a dozen [M, numActions] tensor ops forward and back;
 * a Merlin decision has a few dozen legal actions out of 1,035, so that graph was most of an update's tfjs
 * time. This module computes the same loss and the same gradients (illegal actions have probability 0 and
 * gradient 0 there too): training/test/training.test.ts checks an update through it against the dense graph.
 *
 * Shapes: h [M, H] (the trunk's last hidden layer, row-major), policy kernel [H, A], policy bias [A], value
 * kernel [H, 1], value bias [1]; row m's legal ids are row m of `legal` (training/network.ts IdLists) and the taken
 * action is the `taken[m]`-th of them.
 *
 * The loss (CleanRL ppo.py's, as in ppo.ts), over the M rows:
 *   pg = -mean(min(r * adv, clip(r, 1 - c, 1 + c) * adv)), r = exp(logp(taken) - old)   (imitation: -mean(logp(taken)))
 *   vl = 0.5 * mean((v - ret)^2),  ent = mean(-sum_legal p log p)
 *   loss = pg + vfCoef * vl - entCoef * ent   (imitation: no entropy term)
 * and, with a teacher's labels (`teacher`, `teacherCoef` > 0; not while imitating), the teacher term
 *   + teacherCoef * (1/M) * sum over labelled rows of -logp(teacher's action)
 * (behaviour cloning toward the teacher kept beside PPO, as DAPG's augmented loss and AlphaStar's KL to its
 * supervised policy do; docs/TRAINING.md "Teacher regularisation").
 * with tfjs's gradient conventions at the ties: min(a, b) sends the gradient to a when a <= b, clip passes it
 * on the closed interval [1 - c, 1 + c].
 */
import type { IdLists } from './rows.ts';
import { logSumExp } from '../policy/forward.ts';
import { transposeInto } from '../policy/network.ts';

/** Per-step inputs besides h and the parameters. */
export interface HeadBatch {
  M: number;
  /** Row m's legal ids. */
  legal: IdLists;
  taken: Int32Array;
  /** Behaviour log-probability of the taken action [M]. */
  old: Float32Array;
  /** Normalised advantages [M]. */
  adv: Float32Array;
  /** Value targets [M]. */
  ret: Float32Array;
  /** Where the teacher's action stands in row m's legal list, -1 where the row has no label [M] (absent: none). */
  teacher?: Int32Array;
}

export interface HeadLossOptions {
  clip: number;
  vfCoef: number;
  entCoef: number;
  imitation: boolean;
  /** Weight of the teacher term (0 or absent: none). */
  teacherCoef?: number;
}

/** Loss terms of one step (means over the rows). */
export interface HeadMetrics {
  loss: number;
  policyLoss: number;
  valueLoss: number;
  entropy: number;
  approxKl: number;
  clipFraction: number;
  /** The teacher term's mean -logp(teacher's action) over the labelled rows (0 without labels). */
  teacherLoss: number;
  /** The share of the rows that carry a teacher's label. */
  teacherRows: number;
}

export class HeadLoss {
  readonly H: number;
  readonly A: number;
  /** dLoss/dh [M, H] after `run`. */
  dh = new Float32Array(0);
  /** Gradients of the policy kernel [H, A], policy bias [A], value kernel [H] and value bias [1] after `run`. */
  readonly gPolicyKernel: Float32Array;
  readonly gPolicyBias: Float32Array;
  readonly gValueKernel: Float32Array;
  readonly gValueBias = new Float32Array(1);
  /** The policy kernel by action [A, H] and its gradient, the same way round (one action's weights contiguous). */
  private readonly wT: Float32Array;
  private readonly gT: Float32Array;
  private z = new Float64Array(64);
  private dz = new Float64Array(64);

  constructor(H: number, A: number) {
    this.H = H;
    this.A = A;
    this.gPolicyKernel = new Float32Array(H * A);
    this.gPolicyBias = new Float32Array(A);
    this.gValueKernel = new Float32Array(H);
    this.wT = new Float32Array(H * A);
    this.gT = new Float32Array(H * A);
  }

  /**
   * Forward and backward over one minibatch: fills `dh` and the head gradients and returns the loss terms.
   * @param h the trunk's output [M, H]
   */
  run(
    h: Float32Array,
    policyKernel: Float32Array,
    policyBias: Float32Array,
    valueKernel: Float32Array,
    valueBias: number,
    b: HeadBatch,
    o: HeadLossOptions,
  ): HeadMetrics {
    const { H, A, wT, gT } = this;
    const M = b.M;
    transposeInto(policyKernel, H, A, wT);
    gT.fill(0);
    this.gPolicyBias.fill(0);
    this.gValueKernel.fill(0);
    let gvb = 0;
    if (this.dh.length < M * H) this.dh = new Float32Array(M * H);
    const dh = this.dh;
    dh.fill(0, 0, M * H);
    const sums = new LossSums();
    for (let m = 0; m < M; m++) {
      const ho = m * H;
      const l0 = b.legal.ptr[m];
      const n = b.legal.ptr[m + 1] - l0;
      if (this.z.length < n) {
        this.z = new Float64Array(n * 2);
        this.dz = new Float64Array(n * 2);
      }
      const z = this.z;
      const dz = this.dz;
      // Logits of the legal actions.
      for (let k = 0; k < n; k++) {
        const a = b.legal.ids[l0 + k];
        const wo = a * H;
        let s = policyBias[a];
        for (let c = 0; c < H; c++) s += h[ho + c] * wT[wo + c];
        z[k] = s;
      }
      policyRow(z, dz, n, b, m, o, sums);
      // Value head.
      let v = valueBias;
      for (let c = 0; c < H; c++) v += h[ho + c] * valueKernel[c];
      const dv = valueRow(v, b, m, o, sums);
      gvb += dv;
      for (let c = 0; c < H; c++) {
        dh[ho + c] = dv * valueKernel[c];
        this.gValueKernel[c] += dv * h[ho + c];
      }
      for (let k = 0; k < n; k++) {
        const a = b.legal.ids[l0 + k];
        const d = dz[k];
        if (d === 0) continue;
        const wo = a * H;
        this.gPolicyBias[a] += d;
        for (let c = 0; c < H; c++) {
          dh[ho + c] += d * wT[wo + c];
          gT[wo + c] += d * h[ho + c];
        }
      }
    }
    transposeInto(gT, A, H, this.gPolicyKernel);
    this.gValueBias[0] = gvb;
    return sums.metrics(M, o);
  }
}

/** The loss terms summed over a minibatch's rows (`policyRow`, `valueRow`), before the means. */
export class LossSums {
  pg = 0;
  vl = 0;
  ent = 0;
  kl = 0;
  clipped = 0;
  /** Sum of -logp(teacher's action) over the labelled rows, and how many rows were labelled. */
  bc = 0;
  bcRows = 0;

  /** The means over `M` rows, and the loss. */
  metrics(M: number, o: HeadLossOptions): HeadMetrics {
    const policyLoss = this.pg / M;
    const valueLoss = (0.5 * this.vl) / M;
    const entropy = this.ent / M;
    const teacher = o.imitation ? 0 : (o.teacherCoef ?? 0);
    return {
      loss: policyLoss + o.vfCoef * valueLoss - (o.imitation ? 0 : o.entCoef) * entropy + (teacher * this.bc) / M,
      policyLoss,
      valueLoss,
      entropy,
      approxKl: this.kl / M,
      clipFraction: this.clipped / M,
      teacherLoss: this.bcRows > 0 ? this.bc / this.bcRows : 0,
      teacherRows: this.bcRows / M,
    };
  }
}

/**
 * Row m's policy loss from the logits of its `n` legal actions `z[0 .. n)` (overwritten by their
 * log-probabilities): adds its terms to `sums` and writes dLoss/dz into `dz[0 .. n)`. Shared by `HeadLoss`
 * and the SIMD kernels' step (training/kernel-step.ts).
 */
export function policyRow(z: Float64Array, dz: Float64Array, n: number, b: HeadBatch, m: number, o: HeadLossOptions, sums: LossSums): void {
  const M = b.M;
  const lse = logSumExp(z, n);
  let negEnt = 0; // sum p log p
  for (let k = 0; k < n; k++) {
    z[k] -= lse; // now log p
    negEnt += Math.exp(z[k]) * z[k];
  }
  sums.ent -= negEnt;
  const t = b.taken[m];
  const lp = z[t];
  const logRatio = lp - b.old[m];
  const ratio = Math.exp(logRatio);
  const adv = b.adv[m];
  // d pg_m / d logp(taken)
  let g: number;
  if (o.imitation) {
    sums.pg -= lp;
    g = -1;
  } else {
    const cr = Math.min(Math.max(ratio, 1 - o.clip), 1 + o.clip);
    const s1 = ratio * adv;
    const s2 = cr * adv;
    if (s1 <= s2) {
      sums.pg -= s1;
      g = -adv * ratio;
    } else {
      sums.pg -= s2;
      g = ratio >= 1 - o.clip && ratio <= 1 + o.clip ? -adv * ratio : 0;
    }
  }
  sums.kl += ratio - 1 - logRatio;
  if (Math.abs(ratio - 1) > o.clip) sums.clipped++;
  // dLoss/dz_k = (g/M)(1[k = taken] - p_k) + (entC/M) p_k (log p_k - sum p log p)
  // The teacher term: (teacherCoef / M) * -logp(u), u the teacher's action; dLoss/dz_k = (teacherCoef / M)(p_k - 1[k = u]).
  const u = b.teacher === undefined || o.imitation ? -1 : b.teacher[m];
  if (u >= 0) {
    sums.bc -= z[u];
    sums.bcRows++;
  }
  const tm = u >= 0 ? (o.teacherCoef ?? 0) / M : 0;
  const gm = g / M;
  const em = (o.imitation ? 0 : o.entCoef) / M;
  for (let k = 0; k < n; k++) {
    const p = Math.exp(z[k]);
    dz[k] = gm * ((k === t ? 1 : 0) - p) + em * p * (z[k] - negEnt);
    if (tm !== 0) dz[k] += tm * p;
  }
  if (tm !== 0) dz[u] -= tm;
}

/** Row m's value loss from its value estimate `v`: adds its term to `sums` and returns dLoss/dv. */
export function valueRow(v: number, b: HeadBatch, m: number, o: HeadLossOptions, sums: LossSums): number {
  const err = v - b.ret[m];
  sums.vl += err * err;
  return (o.vfCoef * err) / b.M;
}
