/**
 * Proximal Policy Optimization (Schulman et al. 2017) with invalid-action masking (Huang & Ontañón 2020),
 * as in CleanRL's ppo.py: GAE(lambda) advantages, the clipped surrogate objective, a squared-error value
 * loss, an entropy bonus, shuffled minibatches over several epochs, global gradient-norm clipping, and an
 * early stop of the epochs when the approximate KL divergence (the (r-1) - log r estimator) exceeds
 * 1.5 x `targetKl`. Advantages are normalised per minibatch.
 *
 * Two implementations of a gradient step with the same loss and gradients: with the sparse input layer
 * (the default) only the hidden layers run in tfjs; the first layer and its kernel gradient run in JS over the
 * sparse observation rows (training/network.ts) and the heads and the loss in JS over the legal actions
 * (training/heads.ts). A dense-input network runs the whole graph in tfjs, the reference the first is tested
 * against.
 */
import type * as TF from '@tensorflow/tfjs';
import { tf } from './tfjs.ts';
import { nextInt, type RngState } from '../lib/rng.ts';
import { ArgumentError } from '../lib/errors.ts';
import { CheckpointError } from '../policy/checkpoint.ts';
import { sparseMatMulGrad, type PolicyValueNet } from './network.ts';
import { IdLists, SparseRows } from './rows.ts';
import { HeadLoss, type HeadBatch, type HeadMetrics } from './heads.ts';

export interface PpoConfig {
  gamma: number;
  lambda: number;
  clip: number;
  vfCoef: number;
  entCoef: number;
  learningRate: number;
  epochs: number;
  minibatch: number;
  maxGradNorm: number;
  targetKl: number;
  /**
   * Weight of the teacher term (training/heads.ts): behaviour cloning toward the teacher's choices on the rows a
   * rollout labelled (RolloutBatch.teacher), kept beside PPO's loss (docs/TRAINING.md "Teacher regularisation").
   * 0 or absent: none. Sparse-input networks only.
   */
  teacherCoef?: number;
}

export const DEFAULT_PPO: PpoConfig = {
  gamma: 0.995,
  lambda: 0.95,
  clip: 0.2,
  vfCoef: 0.5,
  entCoef: 0.01,
  learningRate: 3e-4,
  epochs: 3,
  minibatch: 512,
  maxGradNorm: 0.5,
  targetKl: 0.03,
};

/** Adam's settings besides the learning rate (the PPO config's). */
const ADAM = { beta1: 0.9, beta2: 0.999, epsilon: 1e-5 };

/** What `saveOptimizer` and `loadOptimizer` (training/checkpoint.ts) read and write: tfjs's Optimizer methods. */
export type OptimizerState = Pick<TF.Optimizer, 'getWeights' | 'setWeights'>;

/** What the rollout buffers must provide (training/rollout.ts Collector). */
export interface RolloutBatch {
  N: number;
  T: number;
  obsSize: number;
  numActions: number;
  /** The observations, [T * N] rows of obsSize, as sparse rows (what the sparse input layer reads). */
  rows: SparseRows;
  /** The same as dense [T * N, obsSize] floats, kept only when a dense network collected (else null). */
  obs: Float32Array | null;
  /** The action masks [T * N, numActions] (1 legal, 0 not): read by the dense-input step only (null: not kept). */
  mask: Float32Array | null;
  /** The same legality as lists of legal ids, one row per transition, ascending. */
  legalLists: IdLists;
  /** Where the taken action stands in its row's legal list. */
  taken: Int32Array;
  /**
   * Where the teacher's choice stands in its row's legal list, -1 for a row without a label (the collector labels
   * the decisions where the heuristic would play one of its teacher kinds, training/rollout.ts); absent or null: no labels.
   */
  teacher?: Int32Array | null;
  actions: Int32Array;
  logp: Float32Array;
  values: Float32Array;
  rewards: Float32Array;
  dones: Uint8Array;
  bootstrapValue: Float32Array;
}

/**
 * GAE(lambda) over time-major [T, N] buffers. Returns advantages and returns (advantage + value), [T * N].
 */
export function computeGae(b: RolloutBatch, gamma: number, lambda: number): { adv: Float32Array; ret: Float32Array } {
  const { N, T } = b;
  const adv = new Float32Array(N * T);
  const ret = new Float32Array(N * T);
  for (let i = 0; i < N; i++) {
    let last = 0;
    for (let t = T - 1; t >= 0; t--) {
      const idx = t * N + i;
      const notDone = 1 - b.dones[idx];
      const nextValue = t === T - 1 ? b.bootstrapValue[i] : b.values[idx + N];
      const delta = b.rewards[idx] + gamma * nextValue * notDone - b.values[idx];
      last = delta + gamma * lambda * notDone * last;
      adv[idx] = last;
      ret[idx] = last + b.values[idx];
    }
  }
  return { adv, ret };
}

/** Metrics of one update (means over the minibatches run). */
export interface UpdateMetrics {
  policyLoss: number;
  valueLoss: number;
  entropy: number;
  approxKl: number;
  clipFraction: number;
  gradNorm: number;
  explainedVariance: number;
  epochsRun: number;
  minibatches: number;
  /** Mean -logp of the teacher's choice over the labelled rows (0 without labels; training/heads.ts). */
  teacherLoss: number;
  /** The share of the rows with a teacher's label. */
  teacherRows: number;
}

/** A minibatch's behaviour log-probabilities, normalised advantages and value targets [M], and its sizes. */
interface Minibatch {
  old: Float32Array;
  adv: Float32Array;
  ret: Float32Array;
  M: number;
  O: number;
  A: number;
  imitation: boolean;
  /** The minibatch's teacher labels (null: none). */
  teacher: Int32Array | null;
}

/** The metrics of one gradient step. */
type StepMetrics = Omit<UpdateMetrics, 'explainedVariance' | 'epochsRun' | 'minibatches'>;

/** The metrics of a step whose batch had no teacher labels. */
const NO_TEACHER = { teacherLoss: 0, teacherRows: 0 };

export class PpoLearner {
  readonly net: PolicyValueNet;
  /** Sparse input: a minibatch's observation rows, W0's gradient buffer. */
  private readonly mbRows = new SparseRows();
  private gradW0 = new Float32Array(0);
  /** Sparse input: the minibatch's legal lists and the JS heads (training/heads.ts). */
  private readonly mbLegal = new IdLists();
  private mbTaken = new Int32Array(0);
  private mbTeacher = new Int32Array(0);
  private heads: HeadLoss | null = null;
  private z0Id = 0;
  readonly config: PpoConfig;
  readonly optimizer: TF.AdamOptimizer;

  constructor(net: PolicyValueNet, config: PpoConfig) {
    this.net = net;
    this.config = config;
    this.optimizer = tf.train.adam(config.learningRate, ADAM.beta1, ADAM.beta2, ADAM.epsilon);
    // A new optimizer: where the steps run in the SIMD kernels, so do Adam's moments, starting at zero as tfjs's do.
    if (net.sparseInput && net.simd) net.kernelStep().setMoments(null);
  }

  /** Gradient steps taken through the SIMD kernels (Adam's step count there; tfjs's optimizer counts its own). */
  private kernelSteps = 0;

  /**
   * The optimizer's state to save and restore (training/checkpoint.ts `saveOptimizer`), in tfjs's
   * `getWeights` layout: the iteration count ("iter"), then every variable's first moment, then every second
   * moment. Where the steps run in the SIMD kernels (training/kernel-step.ts), the moments live there and are
   * listed in the order tfjs's own list has them on the plain-JS path (trunk and heads first, W0 last of each
   * kind) under the same names, so a resume folder written either way resumes the other.
   */
  get optimizerState(): OptimizerState {
    const net = this.net;
    if (!net.sparseInput || !net.simd) return this.optimizer;
    const P = net.vars.length;
    const order = [...Array(P).keys()].slice(1).concat(0);
    return {
      getWeights: async () => {
        const iter = { name: 'iter', tensor: tf.scalar(this.kernelSteps, 'int32') };
        if (this.kernelSteps === 0) return [iter];
        const { m, v } = net.kernelStep().moments();
        const named = (a: Float32Array[], tag: string) =>
          order.map((i) => ({ name: `${net.vars[i].name}/${tag}`, tensor: tf.tensor(a[i], net.specs[i].shape, 'float32') }));
        return [iter, ...named(m, 'm'), ...named(v, 'v')];
      },
      setWeights: async (ws) => {
        if (ws.length === 0 || ws[0].name !== 'iter')
          throw new CheckpointError('the saved optimizer state does not start with its iteration count');
        this.kernelSteps = (ws[0].tensor.dataSync() as Int32Array)[0];
        const ks = net.kernelStep();
        if (ws.length === 1) return ks.setMoments(null);
        if (ws.length !== 1 + 2 * P)
          throw new CheckpointError(`the saved optimizer state has ${ws.length - 1} moments; this network needs ${2 * P}`);
        const m: Float32Array[] = [];
        const v: Float32Array[] = [];
        order.forEach((i, k) => {
          m[i] = ws[1 + k].tensor.dataSync() as Float32Array;
          v[i] = ws[1 + P + k].tensor.dataSync() as Float32Array;
        });
        try {
          ks.setMoments({ m, v });
        } catch (e) {
          throw new CheckpointError(`the saved optimizer state does not fit this network: ${(e as Error).message}`);
        }
      },
    };
  }

  /** One PPO update on a collected rollout; `rng` shuffles the minibatches. */
  update(b: RolloutBatch, rng: RngState): UpdateMetrics {
    return this.run(b, rng, false);
  }

  /**
   * One imitation (behaviour cloning) update on a rollout whose actions were chosen by a teacher
   * (Collector.collect with `teacher`): the policy loss is the cross-entropy -log pi(teacher action)
   * over the legal actions, the value head regresses to the GAE returns as in PPO, no entropy bonus.
   * Used as a warm start before PPO (docs/TRAINING.md "Imitation warm start").
   */
  imitate(b: RolloutBatch, rng: RngState): UpdateMetrics {
    return this.run(b, rng, true);
  }

  private run(b: RolloutBatch, rng: RngState, imitation: boolean): UpdateMetrics {
    const c = this.config;
    const R = b.N * b.T;
    const { adv, ret } = computeGae(b, c.gamma, c.lambda);
    const M = Math.min(c.minibatch, R);
    const O = b.obsSize;
    const A = b.numActions;
    const mbObs = new Float32Array(M * O);
    const mbMask = new Float32Array(M * A);
    const mbAct = new Int32Array(M);
    const mbOld = new Float32Array(M);
    const mbAdv = new Float32Array(M);
    const mbRet = new Float32Array(M);
    const order = new Int32Array(R);
    for (let i = 0; i < R; i++) order[i] = i;
    const sparse = this.net.sparseInput;
    const obs = b.obs;
    const mask = b.mask;
    if (!sparse && (!obs || !mask))
      throw new ArgumentError(
        'a dense-input network (sparseInput false) needs the dense observations and masks: collect with that network',
      );
    const labels = b.teacher && !imitation ? b.teacher : null;
    if (labels && (c.teacherCoef ?? 0) > 0 && !sparse)
      throw new ArgumentError('the teacher term (teacherCoef) needs a sparse-input network (sparseInput true)');
    if (labels && this.mbTeacher.length < M) this.mbTeacher = new Int32Array(M);
    const sums = { policyLoss: 0, valueLoss: 0, entropy: 0, approxKl: 0, clipFraction: 0, gradNorm: 0, teacherLoss: 0, teacherRows: 0 };
    let mbs = 0;
    let epochsRun = 0;
    for (let epoch = 0; epoch < c.epochs; epoch++) {
      for (let i = R - 1; i > 0; i--) {
        const j = nextInt(rng, i + 1);
        const t = order[i];
        order[i] = order[j];
        order[j] = t;
      }
      let epochKl = 0;
      let epochMbs = 0;
      for (let start = 0; start + M <= R; start += M) {
        let mean = 0;
        if (sparse) {
          this.mbRows.reset(M);
          this.mbLegal.reset(M);
          if (this.mbTaken.length < M) this.mbTaken = new Int32Array(M);
        }
        for (let k = 0; k < M; k++) {
          const r = order[start + k];
          if (sparse) {
            this.mbRows.pushFrom(b.rows, r);
            this.mbLegal.pushFrom(b.legalLists, r);
            this.mbTaken[k] = b.taken[r];
            if (labels) this.mbTeacher[k] = labels[r];
          } else {
            mbObs.set(obs!.subarray(r * O, (r + 1) * O), k * O);
            mbMask.set(mask!.subarray(r * A, (r + 1) * A), k * A);
          }
          mbAct[k] = b.actions[r];
          mbOld[k] = b.logp[r];
          mbAdv[k] = adv[r];
          mbRet[k] = ret[r];
          mean += adv[r];
        }
        mean /= M;
        let v = 0;
        for (let k = 0; k < M; k++) v += (mbAdv[k] - mean) ** 2;
        const std = Math.sqrt(v / M) + 1e-8;
        for (let k = 0; k < M; k++) mbAdv[k] = (mbAdv[k] - mean) / std;
        const mb: Minibatch = { old: mbOld, adv: mbAdv, ret: mbRet, M, O, A, imitation, teacher: labels ? this.mbTeacher : null };
        const m = sparse ? this.stepSparse(mb) : this.step(mbObs, mbMask, mbAct, mb);
        sums.policyLoss += m.policyLoss;
        sums.valueLoss += m.valueLoss;
        sums.entropy += m.entropy;
        sums.approxKl += m.approxKl;
        sums.clipFraction += m.clipFraction;
        sums.gradNorm += m.gradNorm;
        sums.teacherLoss += m.teacherLoss;
        sums.teacherRows += m.teacherRows;
        epochKl += m.approxKl;
        epochMbs++;
        mbs++;
      }
      epochsRun++;
      if (!imitation && c.targetKl > 0 && epochMbs > 0 && epochKl / epochMbs > 1.5 * c.targetKl) break;
    }
    let vr = 0;
    let vm = 0;
    for (let i = 0; i < R; i++) vm += ret[i];
    vm /= R;
    let vres = 0;
    for (let i = 0; i < R; i++) {
      vr += (ret[i] - vm) ** 2;
      vres += (ret[i] - b.values[i]) ** 2;
    }
    const n = Math.max(mbs, 1);
    return {
      policyLoss: sums.policyLoss / n,
      valueLoss: sums.valueLoss / n,
      entropy: sums.entropy / n,
      approxKl: sums.approxKl / n,
      clipFraction: sums.clipFraction / n,
      gradNorm: sums.gradNorm / n,
      explainedVariance: vr > 0 ? 1 - vres / vr : 0,
      epochsRun,
      minibatches: mbs,
      teacherLoss: sums.teacherLoss / n,
      teacherRows: sums.teacherRows / n,
    };
  }

  /**
   * One gradient step on a minibatch with the sparse input layer: the first layer and W0's gradient in JS
   * from the sparse rows (training/network.ts), the hidden layers in tfjs, the policy and value heads and the
   * loss in JS over each row's legal actions (training/heads.ts), entering the tfjs graph as one custom op
   * whose gradient is their dLoss/dh. The same loss and gradients as `step`'s dense graph.
   */
  private stepSparse(mb: Minibatch): StepMetrics {
    if (this.net.simd) return this.stepKernels(mb);
    const { old, adv, ret, M, O, A, imitation } = mb;
    const c = this.config;
    const net = this.net;
    const L = net.shape.hidden.length;
    const H = net.shape.hidden[L - 1];
    const h0 = net.shape.hidden[0];
    const heads = (this.heads ??= new HeadLoss(H, A));
    const [pk, pb, vk, vb] = [2 * L, 2 * L + 1, 2 * L + 2, 2 * L + 3].map((i) => net.vars[i].dataSync() as Float32Array);
    const batch: HeadBatch = { M, legal: this.mbLegal, taken: this.mbTaken, old, adv, ret, ...(mb.teacher ? { teacher: mb.teacher } : {}) };
    const opts = { clip: c.clip, vfCoef: c.vfCoef, entCoef: c.entCoef, imitation, teacherCoef: c.teacherCoef ?? 0 };
    let hm: HeadMetrics | null = null;
    const z0 = tf.variable(
      tf.tidy(() => net.firstLayer(this.mbRows)),
      true,
      `ppo.z0_${this.z0Id++}`,
    );
    const gradNorm = tf.tidy(() => {
      const headLoss = tf.customGrad((h) => {
        hm = heads.run((h as TF.Tensor).dataSync() as Float32Array, pk, pb, vk, vb[0], batch, opts);
        return {
          value: tf.scalar(hm.loss),
          gradFunc: (dy: TF.Tensor) => [tf.mul(tf.tensor2d(heads.dh.subarray(0, M * H), [M, H]), dy)],
        };
      }) as (h: TF.Tensor2D) => TF.Scalar;
      const trunk = net.vars.slice(1, 2 * L);
      const { value: loss, grads } = tf.variableGrads(() => headLoss(net.trunkFrom(z0)), [...trunk, z0]);
      loss.dispose();
      if (this.gradW0.length !== O * h0) this.gradW0 = new Float32Array(O * h0);
      let sq = sparseMatMulGrad(this.mbRows, grads[z0.name].dataSync() as Float32Array, h0, this.gradW0);
      delete grads[z0.name];
      const jsGrads: [number, Float32Array][] = [
        [2 * L, heads.gPolicyKernel],
        [2 * L + 1, heads.gPolicyBias],
        [2 * L + 2, heads.gValueKernel],
        [2 * L + 3, heads.gValueBias],
      ];
      for (const [, g] of jsGrads) for (let i = 0; i < g.length; i++) sq += g[i] * g[i];
      const names = Object.keys(grads);
      sq += (tf.addN(names.map((k) => tf.sum(tf.square(grads[k])))).dataSync() as Float32Array)[0];
      // W0 last: its Adam moments stand last in the optimizer's state (see `optimizerState`).
      jsGrads.push([0, this.gradW0]);
      for (const [i, g] of jsGrads) grads[net.vars[i].name] = tf.tensor(g, net.specs[i].shape, 'float32');
      const norm = Math.sqrt(sq);
      const scale = c.maxGradNorm > 0 && norm > c.maxGradNorm ? c.maxGradNorm / (norm + 1e-6) : 1;
      this.optimizer.applyGradients(Object.keys(grads).map((k) => ({ name: k, tensor: scale === 1 ? grads[k] : tf.mul(grads[k], scale) })));
      net.version++;
      return norm;
    });
    z0.dispose();
    const m = hm as HeadMetrics | null;
    if (!m) throw new Error('the head loss did not run');
    return stepMetrics(m, gradNorm);
  }

  /** `stepSparse` through the SIMD kernels (training/kernel-step.ts): the same step, no tfjs. */
  private stepKernels(mb: Minibatch): StepMetrics {
    const c = this.config;
    const batch: HeadBatch = {
      M: mb.M,
      legal: this.mbLegal,
      taken: this.mbTaken,
      old: mb.old,
      adv: mb.adv,
      ret: mb.ret,
      ...(mb.teacher ? { teacher: mb.teacher } : {}),
    };
    const opts = { clip: c.clip, vfCoef: c.vfCoef, entCoef: c.entCoef, imitation: mb.imitation, teacherCoef: c.teacherCoef ?? 0 };
    const m = this.net
      .kernelStep()
      .step(this.mbRows, batch, opts, { ...ADAM, learningRate: c.learningRate, t: ++this.kernelSteps }, c.maxGradNorm);
    this.net.kernelStepped();
    return stepMetrics(m, m.gradNorm);
  }

  /**
   * One gradient step on a minibatch through the whole tfjs graph (dense input, all numActions logits masked);
   * returns its metrics. The reference `stepSparse` is checked against (training/test/training.test.ts).
   */
  private step(obs: Float32Array, mask: Float32Array, act: Int32Array, mb: Minibatch): StepMetrics {
    const { old, adv, ret, M, O, A, imitation } = mb;
    const c = this.config;
    const net = this.net;
    return tf.tidy(() => {
      const obsT = tf.tensor2d(obs, [M, O]);
      const maskT = tf.tensor2d(mask, [M, A]);
      const onehot = tf.cast(tf.oneHot(tf.tensor1d(act, 'int32'), A), 'float32');
      const oldT = tf.tensor1d(old);
      const advT = tf.tensor1d(adv);
      const retT = tf.tensor1d(ret);
      let aux: TF.Tensor[] = [];
      const { value: loss, grads } = tf.variableGrads(() => {
        const { logp, value } = net.forward(obsT, maskT);
        const lp = tf.sum(tf.mul(logp, onehot), 1);
        const logRatio = tf.sub(lp, oldT);
        const ratio = tf.exp(logRatio);
        const s1 = tf.mul(ratio, advT);
        const s2 = tf.mul(tf.clipByValue(ratio, 1 - c.clip, 1 + c.clip), advT);
        const pg = imitation ? tf.neg(tf.mean(lp)) : tf.neg(tf.mean(tf.minimum(s1, s2)));
        const vl = tf.mul(0.5, tf.mean(tf.square(tf.sub(value, retT))));
        const ent = tf.mean(tf.neg(tf.sum(tf.mul(tf.mul(tf.exp(logp), logp), maskT), 1)));
        const kl = tf.mean(tf.sub(tf.sub(ratio, 1), logRatio));
        const clipped = tf.mean(tf.cast(tf.greater(tf.abs(tf.sub(ratio, 1)), c.clip), 'float32'));
        aux = [pg, vl, ent, kl, clipped].map((t) => tf.keep(t));
        return tf.add(tf.add(pg, tf.mul(c.vfCoef, vl)), tf.mul(imitation ? 0 : -c.entCoef, ent)) as TF.Scalar;
      }, net.vars);
      loss.dispose();
      const names = Object.keys(grads);
      const sq = names.map((k) => tf.sum(tf.square(grads[k])));
      const norm = Math.sqrt((tf.addN(sq).dataSync() as Float32Array)[0]);
      const scale = c.maxGradNorm > 0 && norm > c.maxGradNorm ? c.maxGradNorm / (norm + 1e-6) : 1;
      this.optimizer.applyGradients(names.map((k) => ({ name: k, tensor: scale === 1 ? grads[k] : tf.mul(grads[k], scale) })));
      net.version++;
      const vals = aux.map((t) => (t.dataSync() as Float32Array)[0]);
      for (const t of aux) t.dispose();
      return {
        policyLoss: vals[0],
        valueLoss: vals[1],
        entropy: vals[2],
        approxKl: vals[3],
        clipFraction: vals[4],
        gradNorm: norm,
        ...NO_TEACHER,
      };
    });
  }
}

/** A step's metrics from the head loss's terms and the gradient's norm. */
function stepMetrics(m: HeadMetrics, gradNorm: number): StepMetrics {
  return {
    policyLoss: m.policyLoss,
    valueLoss: m.valueLoss,
    entropy: m.entropy,
    approxKl: m.approxKl,
    clipFraction: m.clipFraction,
    gradNorm,
    teacherLoss: m.teacherLoss,
    teacherRows: m.teacherRows,
  };
}
