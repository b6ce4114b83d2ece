/**
 * A PPO (or imitation) gradient step of the sparse-input network entirely in the SIMD kernels (lib/simd.ts),
 * with every parameter, its gradient and its Adam moments held in the kernels' memory between steps. It
 * computes what ppo.ts's tfjs path computes (the sparse first layer, the ReLU trunk, the heads and loss of
 * training/heads.ts over each row's legal actions, gradient-norm clipping, tfjs's Adam), without an op
 * dispatch or a tensor copy: training/test/training.test.ts checks its updates against the dense tfjs graph
 * and against the plain-JS path within 1e-4.
 *
 * Sparsity is used at every layer: the first layer from the observation's non-zero entries, each hidden
 * layer from the units the ReLU left active (the forward pass records them per row), and the backward pass
 * only over those units (a unit ReLU zeroed gets no gradient). The policy head scores only the legal actions,
 * from the policy kernel held transposed ([numActions, H], one action's weights contiguous).
 *
 * Parameters are in `paramSpecs` order (policy/network.ts); `params()` and `moments()` give them in that
 * layout (the policy kernel transposed back to [H, numActions]).
 */
import { SimdMemory, simdBytes } from '../lib/simd.ts';
import { paramSpecs, transposeInto, type NetShape } from '../policy/network.ts';
import { LossSums, policyRow, valueRow, type HeadBatch, type HeadLossOptions, type HeadMetrics } from './heads.ts';
import { sortByColumn, type SparseRows } from './rows.ts';

/** Adam's settings for one step: the learning rate, b1, b2, epsilon and the step number t (from 1). */
export interface AdamSettings {
  learningRate: number;
  beta1: number;
  beta2: number;
  epsilon: number;
  t: number;
}

/** One parameter array's four regions in the kernels' memory (byte offsets) and its element count. */
interface ParamRegions {
  size: number;
  value: number;
  grad: number;
  m: number;
  v: number;
}

/** The regions of one minibatch (byte offsets), sized for `rows` rows, `nnz` input entries and `legal` legal ids. */
interface BatchRegions {
  rows: number;
  nnz: number;
  legal: number;
  ptr: number;
  idx: number;
  val: number;
  colRow: number;
  colVal: number;
  /** Each layer's activations and their gradients [rows, hidden[i]]. */
  act: number[];
  dAct: number[];
  /** Layer i >= 1's input as sparse rows: the active units of layer i - 1 (index and value) per row. */
  cIdx: number[];
  cVal: number[];
  legalIds: number;
  dz: number;
  logits: number;
  /** 0 .. rows - 1, and rows ones (bias gradients as a sum of rows). */
  rowIds: number;
  ones: number;
}

export class KernelStep {
  readonly shape: NetShape;
  private mem: SimdMemory;
  private p: ParamRegions[] = [];
  private b!: BatchRegions;
  /** Scalars: index 0, one dv. */
  private zeroIdx = 0;
  private dvAt = 0;
  private dotAt = 0;
  /** Per layer i >= 1: where row r's active units of layer i - 1 start in cIdx/cVal (JS side). */
  private cPtr: Int32Array[] = [];
  private colStart = new Int32Array(0);
  /** Columns of the input that the last step's rows touched (W0 gradient rows to zero after the step). */
  private touched = new Int32Array(0);
  private touchedCount = 0;
  /**
   * Rows of W0 whose Adam moments may be non-zero (1): rows some step's minibatch touched, or that were set
   * non-zero (`setMoments`). Adam leaves a row with zero gradient and zero moments exactly as it is (m and v stay
   * 0, the step is 0 / (sqrt(0) + eps) = 0), so the step runs Adam over these rows only: bit for bit the dense
   * update, without streaming the rows no observation ever sets (four fifths of W0 in a Merlin run, the
   * seats and pieces a game never fills), whose values, gradients and moments are most of the network's memory.
   */
  private live = new Uint8Array(0);
  /** `live` as [start, end) row ranges, rebuilt when a row joins (`liveRunCount` pairs). */
  private liveRuns = new Int32Array(0);
  private liveRunCount = 0;
  private liveChanged = false;
  private z = new Float64Array(64);
  private dzJs = new Float64Array(64);

  /**
   * @param capacity the batch the memory is first sized for (default: a default minibatch, 512 rows of about
   *   130 entries and 30 legal ids each); a larger batch makes the memory again, parameters and moments carried over
   */
  constructor(shape: NetShape, params: Float32Array[], capacity = { rows: 512, nnz: 1 << 17, legal: 1 << 15 }) {
    this.shape = shape;
    this.mem = this.build(capacity.rows, capacity.nnz, capacity.legal, null);
    this.load(params);
  }

  /** Make the memory for a batch of the given capacities, carrying parameters and moments over from `old`. */
  private build(rows: number, nnz: number, legal: number, old: SimdMemory | null): SimdMemory {
    const { obsSize, hidden } = this.shape;
    const specs = paramSpecs(this.shape);
    const sizes = specs.map((s) => s.shape.reduce((a, b) => a * b, 1));
    let bytes = 3 * simdBytes(1);
    for (const n of sizes) bytes += 4 * simdBytes(n);
    bytes += simdBytes(rows + 1) + 4 * simdBytes(nnz) + 3 * simdBytes(legal) + 2 * simdBytes(rows);
    for (let i = 0; i < hidden.length; i++) bytes += 2 * simdBytes(rows * hidden[i]);
    for (let i = 1; i < hidden.length; i++) bytes += 2 * simdBytes(rows * hidden[i - 1]);
    const mem = new SimdMemory(bytes);
    const p = sizes.map((size) => ({ size, value: mem.alloc(size), grad: mem.alloc(size), m: mem.alloc(size), v: mem.alloc(size) }));
    if (old) {
      this.p.forEach((q, i) => {
        for (const k of ['value', 'm', 'v'] as const) mem.f32(p[i][k], q.size).set(old.f32(q[k], q.size));
      });
    }
    this.p = p;
    this.zeroIdx = mem.alloc(1);
    mem.i32(this.zeroIdx, 1)[0] = 0;
    this.dvAt = mem.alloc(1);
    this.dotAt = mem.alloc(1);
    this.b = {
      rows,
      nnz,
      legal,
      ptr: mem.alloc(rows + 1),
      idx: mem.alloc(nnz),
      val: mem.alloc(nnz),
      colRow: mem.alloc(nnz),
      colVal: mem.alloc(nnz),
      act: hidden.map((h) => mem.alloc(rows * h)),
      dAct: hidden.map((h) => mem.alloc(rows * h)),
      cIdx: hidden.map((_, i) => (i === 0 ? 0 : mem.alloc(rows * hidden[i - 1]))),
      cVal: hidden.map((_, i) => (i === 0 ? 0 : mem.alloc(rows * hidden[i - 1]))),
      legalIds: mem.alloc(legal),
      dz: mem.alloc(legal),
      logits: mem.alloc(legal),
      rowIds: mem.alloc(rows),
      ones: mem.alloc(rows),
    };
    mem.i32(this.b.rowIds, rows).forEach((_, i, a) => (a[i] = i));
    mem.f32(this.b.ones, rows).fill(1);
    this.cPtr = hidden.map(() => new Int32Array(rows + 1));
    if (this.colStart.length < obsSize + 1) this.colStart = new Int32Array(obsSize + 1);
    if (this.touched.length < obsSize) this.touched = new Int32Array(obsSize);
    this.touchedCount = 0;
    // Moments carried over from `old` keep their rows live; fresh memory has none.
    if (this.live.length < obsSize) {
      this.live = new Uint8Array(obsSize);
      this.liveRuns = new Int32Array(obsSize + 1);
      this.liveRunCount = 0;
    }
    return mem;
  }

  /** The index of the policy kernel, held transposed. */
  private get policyIndex(): number {
    return 2 * this.shape.hidden.length;
  }

  /** Copy `params` (paramSpecs order and layout) in; gradients start at zero. Moments are kept. */
  load(params: Float32Array[]): void {
    params.forEach((a, i) => {
      const r = this.p[i];
      if (a.length !== r.size) throw new Error(`parameter ${i} has ${a.length} values, the network ${r.size}`);
      const dst = this.mem.f32(r.value, r.size);
      if (i === this.policyIndex) transposeInto(a, this.shape.hidden[this.shape.hidden.length - 1], this.shape.numActions, dst);
      else dst.set(a);
      this.mem.f32(r.grad, r.size).fill(0);
    });
    this.touchedCount = 0;
  }

  /** The parameters (copies, paramSpecs order and layout). */
  params(): Float32Array[] {
    return this.p.map((_, i) => this.out(i, 'value'));
  }

  /** Parameter i (a copy, paramSpecs layout). */
  param(i: number): Float32Array {
    return this.out(i, 'value');
  }

  /** Parameter i's `kind` region as a copy in paramSpecs layout. */
  private out(i: number, kind: 'value' | 'm' | 'v'): Float32Array {
    const r = this.p[i];
    const src = this.mem.f32(r[kind], r.size);
    if (i !== this.policyIndex) return src.slice();
    const { hidden, numActions } = this.shape;
    const out = new Float32Array(r.size);
    transposeInto(src, numActions, hidden[hidden.length - 1], out);
    return out;
  }

  /** Adam's moments of every parameter (copies, paramSpecs order and layout). */
  moments(): { m: Float32Array[]; v: Float32Array[] } {
    return { m: this.p.map((_, i) => this.out(i, 'm')), v: this.p.map((_, i) => this.out(i, 'v')) };
  }

  /**
   * Set Adam's moments (paramSpecs order and layout), or zero them (null: a fresh optimizer).
   * @throws Error when an array's size is not its parameter's
   */
  setMoments(mv: { m: Float32Array[]; v: Float32Array[] } | null): void {
    const { hidden, numActions } = this.shape;
    this.p.forEach((r, i) => {
      for (const kind of ['m', 'v'] as const) {
        const dst = this.mem.f32(r[kind], r.size);
        const src = mv?.[kind][i];
        if (!src) dst.fill(0);
        else if (src.length !== r.size) throw new Error(`moment ${kind} of parameter ${i} has ${src.length} values, the network ${r.size}`);
        else if (i === this.policyIndex) transposeInto(src, hidden[hidden.length - 1], numActions, dst);
        else dst.set(src);
      }
    });
    // W0's live rows: those with a non-zero moment (none after a reset).
    const { obsSize } = this.shape;
    const m0 = hidden[0];
    const m = this.mem.f32(this.p[0].m, this.p[0].size);
    const v = this.mem.f32(this.p[0].v, this.p[0].size);
    for (let j = 0; j < obsSize; j++) {
      let any = 0;
      if (mv) for (let c = j * m0, e = c + m0; c < e && !any; c++) any = m[c] !== 0 || v[c] !== 0 ? 1 : 0;
      this.live[j] = any;
    }
    this.liveChanged = true;
  }

  /**
   * One gradient step on the minibatch (`x` its observation rows, `batch` its legal lists, taken actions and
   * targets), the loss of training/heads.ts, the gradient clipped to norm `maxGradNorm` (0: no clipping), then
   * Adam. Returns the loss terms and the gradient's norm before clipping.
   */
  step(x: SparseRows, batch: HeadBatch, o: HeadLossOptions, adam: AdamSettings, maxGradNorm: number): HeadMetrics & { gradNorm: number } {
    const { hidden, numActions: A } = this.shape;
    const L = hidden.length;
    const H = hidden[L - 1];
    const M = x.rows;
    const nnz = x.ptr[M];
    const legalTotal = batch.legal.ptr[M];
    let b = this.b;
    if (M > b.rows || nnz > b.nnz || legalTotal > b.legal) {
      this.mem = this.build(
        Math.max(M, b.rows),
        Math.max(nnz, Math.ceil(b.nnz * 1.5)),
        Math.max(legalTotal, Math.ceil(b.legal * 1.5)),
        this.mem,
      );
      b = this.b;
    }
    const mem = this.mem;
    const k = mem.k;
    const P = this.p;
    // Inputs.
    mem.i32(b.ptr, M + 1).set(x.ptr.subarray(0, M + 1));
    mem.i32(b.idx, nnz).set(x.idx.subarray(0, nnz));
    mem.f32(b.val, nnz).set(x.val.subarray(0, nnz));
    mem.i32(b.legalIds, legalTotal).set(batch.legal.ids.subarray(0, legalTotal));

    // Forward: the sparse first layer, then each hidden layer from the previous one's active units.
    k.sparseMatMul(P[0].value, hidden[0], b.ptr, b.idx, b.val, M, b.act[0]);
    k.biasRelu(b.act[0], M, hidden[0], P[1].value);
    for (let i = 1; i < L; i++) {
      const w = hidden[i - 1];
      const prev = mem.f32(b.act[i - 1], M * w);
      const cIdx = mem.i32(b.cIdx[i], M * w);
      const cVal = mem.f32(b.cVal[i], M * w);
      const cPtr = this.cPtr[i];
      let t = 0;
      for (let r = 0; r < M; r++) {
        cPtr[r] = t;
        for (let j = r * w, e = j + w, c = 0; j < e; j++, c++)
          if (prev[j] !== 0) {
            cIdx[t] = c;
            cVal[t++] = prev[j];
          }
      }
      cPtr[M] = t;
      const out = mem.f32(b.act[i], M * hidden[i]);
      out.fill(0);
      for (let r = 0; r < M; r++)
        k.axpyRows(
          P[2 * i].value,
          hidden[i],
          b.cIdx[i] + 4 * cPtr[r],
          b.cVal[i] + 4 * cPtr[r],
          cPtr[r + 1] - cPtr[r],
          b.act[i] + 4 * r * hidden[i],
        );
      k.biasRelu(b.act[i], M, hidden[i], P[2 * i + 1].value);
    }

    // Heads and loss, row by row; their gradients, and dLoss/dh of the last hidden layer.
    const [pk, pb, vk, vb] = [P[2 * L], P[2 * L + 1], P[2 * L + 2], P[2 * L + 3]];
    const pbV = mem.f32(pb.value, A);
    const gpb = mem.f32(pb.grad, A);
    const vkV = mem.f32(vk.value, H);
    const vbV = mem.f32(vb.value, 1)[0];
    const logits = mem.f32(b.logits, legalTotal);
    const dzF = mem.f32(b.dz, legalTotal);
    const dot = mem.f32(this.dotAt, 1);
    const dvF = mem.f32(this.dvAt, 1);
    const dh = mem.f32(b.dAct[L - 1], M * H);
    const sums = new LossSums();
    let gvb = 0;
    const lptr = batch.legal.ptr;
    const ids = batch.legal.ids;
    for (let r = 0; r < M; r++) {
      const l0 = lptr[r];
      const n = lptr[r + 1] - l0;
      if (this.z.length < n) {
        this.z = new Float64Array(n * 2);
        this.dzJs = new Float64Array(n * 2);
      }
      const z = this.z;
      const dz = this.dzJs;
      const hRow = b.act[L - 1] + 4 * r * H;
      k.dotRows(pk.value, H, b.legalIds + 4 * l0, n, hRow, b.logits + 4 * l0);
      for (let q = 0; q < n; q++) z[q] = pbV[ids[l0 + q]] + logits[l0 + q];
      policyRow(z, dz, n, batch, r, o, sums);
      for (let q = 0; q < n; q++) {
        dzF[l0 + q] = dz[q];
        gpb[ids[l0 + q]] += dz[q];
      }
      k.dotRows(vk.value, H, this.zeroIdx, 1, hRow, this.dotAt);
      const dv = valueRow(vbV + dot[0], batch, r, o, sums);
      gvb += dv;
      dvF[0] = dv;
      const ho = r * H;
      for (let c = 0; c < H; c++) dh[ho + c] = dv * vkV[c];
      k.axpyRows(pk.value, H, b.legalIds + 4 * l0, b.dz + 4 * l0, n, b.dAct[L - 1] + 4 * ho);
      k.scatterAxpy(pk.grad, H, b.legalIds + 4 * l0, b.dz + 4 * l0, n, hRow);
      k.scatterAxpy(vk.grad, H, this.zeroIdx, this.dvAt, 1, hRow);
    }
    mem.f32(vb.grad, 1)[0] = gvb;

    // Backward through the trunk: ReLU, bias, kernel, and the previous layer's active units.
    for (let i = L - 1; i >= 1; i--) {
      const m = hidden[i];
      const w = hidden[i - 1];
      k.reluGrad(b.dAct[i], b.act[i], M * m);
      k.axpyRows(b.dAct[i], m, b.rowIds, b.ones, M, P[2 * i + 1].grad);
      const cPtr = this.cPtr[i];
      const dPrev = mem.f32(b.dAct[i - 1], M * w);
      dPrev.fill(0);
      const cIdx = mem.i32(b.cIdx[i], cPtr[M]);
      const dots = mem.f32(b.cVal[i], cPtr[M]); // reused: the values are not needed once the kernel gradient is summed
      for (let r = 0; r < M; r++) {
        const s = cPtr[r];
        const n = cPtr[r + 1] - s;
        k.scatterAxpy(P[2 * i].grad, m, b.cIdx[i] + 4 * s, b.cVal[i] + 4 * s, n, b.dAct[i] + 4 * r * m);
        k.dotRows(P[2 * i].value, m, b.cIdx[i] + 4 * s, n, b.dAct[i] + 4 * r * m, b.cVal[i] + 4 * s);
        for (let q = s, o = r * w; q < s + n; q++) dPrev[o + cIdx[q]] = dots[q];
      }
    }
    // The first layer: ReLU (rows of dAct[0] are zero where the unit was not active, except with one layer), bias, W0.
    k.reluGrad(b.dAct[0], b.act[0], M * hidden[0]);
    k.axpyRows(b.dAct[0], hidden[0], b.rowIds, b.ones, M, P[1].grad);
    this.firstKernelGradient(x, nnz);

    // Clip and step.
    let sq = 0;
    const m0 = hidden[0];
    const g0 = mem.f32(P[0].grad, P[0].size);
    for (let t = 0; t < this.touchedCount; t++) for (let c = this.touched[t] * m0, e = c + m0; c < e; c++) sq += g0[c] * g0[c];
    for (let i = 1; i < P.length; i++) {
      const g = mem.f32(P[i].grad, P[i].size);
      for (let c = 0; c < g.length; c++) sq += g[c] * g[c];
    }
    const norm = Math.sqrt(sq);
    const scale = maxGradNorm > 0 && norm > maxGradNorm ? maxGradNorm / (norm + 1e-6) : 1;
    const f = Math.fround;
    const { learningRate, beta1, beta2, epsilon, t } = adam;
    const c1 = f(1 - f(beta1 ** t));
    const c2 = f(1 - f(beta2 ** t));
    const [ob1, ob2] = [f(1 - beta1), f(1 - beta2)];
    /** Adam over `n` values of parameter `r` from byte `at` of its regions. */
    const adamOver = (r: ParamRegions, at: number, n: number) =>
      k.adam(r.value + at, r.m + at, r.v + at, r.grad + at, n, scale, -learningRate, beta1, ob1, beta2, ob2, epsilon, c1, c2);
    // W0 over its live rows only (see `live`), the other parameters whole.
    if (this.liveChanged) this.rebuildLiveRuns();
    const runs = this.liveRuns;
    for (let q = 0; q < 2 * this.liveRunCount; q += 2) adamOver(P[0], 4 * runs[q] * m0, (runs[q + 1] - runs[q]) * m0);
    for (let i = 1; i < P.length; i++) adamOver(P[i], 0, P[i].size);
    // Zero the gradients for the next step (W0's only where this step wrote them).
    for (let t2 = 0; t2 < this.touchedCount; t2++) g0.fill(0, this.touched[t2] * m0, (this.touched[t2] + 1) * m0);
    for (let i = 1; i < P.length; i++) mem.f32(P[i].grad, P[i].size).fill(0);
    return { ...sums.metrics(M, o), gradNorm: norm };
  }

  /** `liveRuns` from `live`: maximal ranges of consecutive live rows. */
  private rebuildLiveRuns(): void {
    const live = this.live;
    const n = this.shape.obsSize;
    let c = 0;
    for (let j = 0; j < n;) {
      if (!live[j]) {
        j++;
        continue;
      }
      const start = j;
      while (j < n && live[j]) j++;
      this.liveRuns[c++] = start;
      this.liveRuns[c++] = j;
    }
    this.liveRunCount = c / 2;
    this.liveChanged = false;
  }

  /** W0's gradient x^T @ dAct[0]: the entries sorted by column (`sortByColumn`), each touched row summed by the kernel. */
  private firstKernelGradient(x: SparseRows, nnz: number): void {
    const { obsSize: n, hidden } = this.shape;
    const m = hidden[0];
    const mem = this.mem;
    const b = this.b;
    const colStart = this.colStart;
    sortByColumn(x, n, colStart, mem.i32(b.colRow, nnz), mem.f32(b.colVal, nnz));
    let touched = 0;
    const g = this.p[0].grad;
    for (let j = 0; j < n; j++) {
      const s = colStart[j];
      const e = colStart[j + 1];
      if (s === e) continue;
      this.touched[touched++] = j;
      if (!this.live[j]) {
        this.live[j] = 1;
        this.liveChanged = true;
      }
      mem.k.axpyRows(b.dAct[0], m, b.colRow + 4 * s, b.colVal + 4 * s, e - s, g + 4 * j * m);
    }
    this.touchedCount = touched;
  }
}
