/**
 * Batches of rows in compressed row form, as training keeps them: observation rows by their non-zero entries
 * (`SparseRows`, what the sparse input layer reads) and the legal action ids of each decision (`IdLists`).
 */
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
 * x's entries sorted by column, a counting sort: column j's entries are `[colStart[j], colStart[j + 1])` of
 * `colRow` (their row) and `colVal` (their value), rows ascending within a column. The gradient of a sparse
 * product `x^T @ dz` sums each touched column's dz rows this way (training/network.ts `sparseMatMulGrad`,
 * training/kernel-step.ts).
 * @param n the number of columns; colStart needs n + 1 entries, colRow and colVal x's entry count
 */
export function sortByColumn(x: SparseRows, n: number, colStart: Int32Array, colRow: Int32Array, colVal: Float32Array): void {
  const { ptr, idx, val } = x;
  const nnz = ptr[x.rows];
  colStart.fill(0, 0, n + 1);
  for (let k = 0; k < nnz; k++) colStart[idx[k] + 1]++;
  for (let j = 0; j < n; j++) colStart[j + 1] += colStart[j];
  // Place each entry at its column's next free slot (colStart[j] advances; restored below).
  for (let r = 0; r < x.rows; r++)
    for (let k = ptr[r], e = ptr[r + 1]; k < e; k++) {
      const at = colStart[idx[k]]++;
      colRow[at] = r;
      colVal[at] = val[k];
    }
  for (let j = n; j > 0; j--) colStart[j] = colStart[j - 1];
  colStart[0] = 0;
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
