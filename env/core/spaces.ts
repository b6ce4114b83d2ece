/**
 * Spaces in Gymnasium's vocabulary: Discrete, Box (with dtype and bounds) and MultiBinary. They describe
 * shapes for users and the bridge (`toJSON`) and check values (`contains`).
 */
import { weakMemo } from './memo.ts';
import { nextFloat, nextInt, type RngState } from './rng.ts';

export type Dtype = 'float32' | 'uint8' | 'int32';

/** Discrete(n): the integers 0..n-1 (actions). */
export class Discrete {
  readonly kind = 'Discrete';
  constructor(readonly n: number) {}
  contains(x: unknown): boolean {
    return typeof x === 'number' && Number.isInteger(x) && x >= 0 && x < this.n;
  }
  /** A uniform sample; with a mask, uniform over the ids the mask marks 1. */
  sample(rng: RngState, mask?: Uint8Array): number {
    if (!mask) return nextInt(rng, this.n);
    let count = 0;
    for (let i = 0; i < this.n; i++) count += mask[i];
    let k = nextInt(rng, count);
    for (let i = 0; i < this.n; i++) if (mask[i] && k-- === 0) return i;
    throw new Error('sample: the mask marks no action');
  }

  toJSON() {
    return { kind: this.kind, n: this.n };
  }
}

/** A buffer's whole 4-byte words (one view per buffer; a batch's rows share it). */
const wordsOf = weakMemo((buffer: ArrayBufferLike) => new Uint32Array(buffer, 0, buffer.byteLength >>> 2));
/** Byte k of a Uint32 word is bits 8k..8k+7 (false on big-endian hosts, which take the byte loop). */
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/**
 * The positions of the non-zero bytes of `bytes[from, to)`, relative to `from`, written into `out`
 * (length >= to - from); returns how many. For action masks (a row of a batch: `from = i * numActions`),
 * where almost every byte is 0: the scan reads four bytes at a time, about 4x faster than a byte loop.
 */
export function maskedIds(bytes: Uint8Array, from: number, to: number, out: Int32Array): number {
  let n = 0;
  let i = from;
  const base = bytes.byteOffset;
  // Bytes up to a 4-byte boundary of the underlying buffer, then whole words, then the tail.
  while (i < to && ((base + i) & 3) !== 0) {
    if (bytes[i] !== 0) out[n++] = i - from;
    i++;
  }
  const wordEnd = LITTLE_ENDIAN ? i + ((to - i) & ~3) : i;
  if (wordEnd > i) {
    const words = wordsOf(bytes.buffer);
    for (let w = (base + i) >>> 2, we = (base + wordEnd) >>> 2; w < we; w++) {
      const v = words[w];
      if (v === 0) continue;
      const at = w * 4 - base - from;
      if (v & 0xff) out[n++] = at;
      if (v & 0xff00) out[n++] = at + 1;
      if (v & 0xff0000) out[n++] = at + 2;
      if (v & 0xff000000) out[n++] = at + 3;
    }
    i = wordEnd;
  }
  for (; i < to; i++) if (bytes[i] !== 0) out[n++] = i - from;
  return n;
}

/** Box: a fixed-shape array of `dtype` with elementwise bounds (scalars here: every element shares them). */
export class Box {
  readonly kind = 'Box';
  readonly size: number;
  constructor(readonly low: number, readonly high: number, readonly shape: number[], readonly dtype: Dtype = 'float32') {
    this.size = shape.reduce((a, b) => a * b, 1);
  }
  contains(x: unknown): boolean {
    if (!ArrayBuffer.isView(x)) return false;
    const a = x as unknown as ArrayLike<number>;
    if (a.length !== this.size) return false;
    if (this.dtype === 'float32' && !(x instanceof Float32Array)) return false;
    if (this.dtype === 'uint8' && !(x instanceof Uint8Array)) return false;
    for (let i = 0; i < a.length; i++) if (!(a[i] >= this.low && a[i] <= this.high)) return false;
    return true;
  }
  sample(rng: RngState): Float32Array {
    const out = new Float32Array(this.size);
    for (let i = 0; i < out.length; i++) out[i] = this.low + (this.high - this.low) * nextFloat(rng);
    return out;
  }
  toJSON() {
    return { kind: this.kind, low: this.low, high: this.high, shape: this.shape, dtype: this.dtype };
  }
}

/** MultiBinary(n): n bits (action masks). */
export class MultiBinary {
  readonly kind = 'MultiBinary';
  constructor(readonly n: number) {}
  contains(x: unknown): boolean {
    if (!(x instanceof Uint8Array) || x.length !== this.n) return false;
    for (let i = 0; i < x.length; i++) if (x[i] > 1) return false;
    return true;
  }
  toJSON() {
    return { kind: this.kind, n: this.n };
  }
}
