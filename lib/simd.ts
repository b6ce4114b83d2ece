/**
 * WebAssembly SIMD kernels for the network's sparse and dense products (lib/simd.wat): about ten times the
 * plain-JS loops they replace, where the engine has WebAssembly SIMD (Node 16.4+, current browsers).
 * policy/forward.ts and training/network.ts use them when `simdAvailable()` and keep their plain-JS loops
 * otherwise (and as the reference their tests compare with).
 *
 * Each `SimdMemory` is one instance of the module with its own linear memory, sized once at construction (so
 * views into it stay valid: the memory never grows afterwards) and carved by `alloc`. Pointers are byte
 * offsets; lengths are in elements. The kernels round every product to f32 before adding it, where plain JS
 * rounds only the sum, so results differ from the JS loops in the last bits.
 *
 * `MERLIN_SIMD=0` in the environment turns the kernels off (plain JS everywhere), for A/B timing.
 */
import { SIMD_WASM_BASE64 } from './simd-wasm.ts';

/** The module's exports (lib/simd.wat documents each). */
export interface SimdKernels {
  /** out[0 .. m) += sum over k < n of val[k] * w[idx[k] * m .. + m). */
  axpyRows(w: number, m: number, idx: number, val: number, n: number, out: number): void;
  /** out [rows, m] = x @ w for compressed sparse rows x (ptr [rows + 1], idx, val); out is overwritten. */
  sparseMatMul(w: number, m: number, ptr: number, idx: number, val: number, rows: number, out: number): void;
  /** out[k] = dot(x[0 .. m), w[idx[k] * m .. + m)) for k < n. */
  dotRows(w: number, m: number, idx: number, n: number, x: number, out: number): void;
  /** x[0 .. n) = max(x, 0). */
  relu(x: number, n: number): void;
  /** g[idx[k] * m .. + m) += val[k] * x[0 .. m) for k < n. */
  scatterAxpy(g: number, m: number, idx: number, val: number, n: number, x: number): void;
  /** x[r * m + j] = max(x[r * m + j] + b[j], 0) for r < rows, j < m. */
  biasRelu(x: number, rows: number, m: number, b: number): void;
  /** d[j] = h[j] > 0 ? d[j] : 0 for j < n. */
  reluGrad(d: number, h: number, n: number): void;
  /**
   * One Adam step over n parameters w with moments m and v and gradient g (scaled by `scale` first), as
   * tfjs's AdamOptimizer computes it: `nlr` = -learning rate, `ob1` = 1 - b1, `ob2` = 1 - b2, `c1` = 1 - b1^t,
   * `c2` = 1 - b2^t at step t (from 1).
   */
  adam(
    w: number,
    m: number,
    v: number,
    g: number,
    n: number,
    scale: number,
    nlr: number,
    b1: number,
    ob1: number,
    b2: number,
    ob2: number,
    eps: number,
    c1: number,
    c2: number,
  ): void;
}

let compiled: WebAssembly.Module | null | undefined;

function decodeBase64(s: string): Uint8Array<ArrayBuffer> {
  const bin = atob(s);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** The compiled module, or null where WebAssembly SIMD is missing or `MERLIN_SIMD=0`. */
function simdModule(): WebAssembly.Module | null {
  if (compiled === undefined) {
    const off = typeof process !== 'undefined' && process.env?.MERLIN_SIMD === '0';
    const bytes = decodeBase64(SIMD_WASM_BASE64);
    compiled = !off && typeof WebAssembly !== 'undefined' && WebAssembly.validate(bytes) ? new WebAssembly.Module(bytes) : null;
  }
  return compiled;
}

/** Whether the SIMD kernels can be used here (see module docs). */
export function simdAvailable(): boolean {
  return simdModule() !== null;
}

const PAGE = 65536;

/** One instance of the kernels with its own memory of a fixed size (see module docs). */
export class SimdMemory {
  readonly k: SimdKernels;
  readonly bytes: number;
  private readonly memory: WebAssembly.Memory;
  private next = 0;

  /**
   * @param bytes the memory to reserve (rounded up to 64 KiB pages)
   * @throws Error where the kernels are not available (`simdAvailable()` is false)
   */
  constructor(bytes: number) {
    const mod = simdModule();
    if (!mod) throw new Error('WebAssembly SIMD is not available here (or MERLIN_SIMD=0)');
    const inst = new WebAssembly.Instance(mod);
    this.k = inst.exports as unknown as SimdKernels;
    this.memory = inst.exports.memory as WebAssembly.Memory;
    const pages = Math.ceil(bytes / PAGE);
    const have = this.memory.buffer.byteLength / PAGE;
    if (pages > have) this.memory.grow(pages - have);
    this.bytes = this.memory.buffer.byteLength;
  }

  /**
   * Reserve `n` 4-byte elements (16-byte aligned); returns the byte offset.
   * @throws RangeError when the memory reserved at construction is used up
   */
  alloc(n: number): number {
    const at = this.next;
    const end = at + ((n * 4 + 15) & ~15);
    if (end > this.bytes) throw new RangeError(`SimdMemory: ${end} bytes needed, ${this.bytes} reserved`);
    this.next = end;
    return at;
  }

  /** A Float32Array view of `n` elements at byte offset `ptr`. */
  f32(ptr: number, n: number): Float32Array {
    return new Float32Array(this.memory.buffer, ptr, n);
  }

  /** An Int32Array view of `n` elements at byte offset `ptr`. */
  i32(ptr: number, n: number): Int32Array {
    return new Int32Array(this.memory.buffer, ptr, n);
  }
}

/** Bytes that `alloc` takes for `n` elements (for sizing a SimdMemory). */
export function simdBytes(n: number): number {
  return (n * 4 + 15) & ~15;
}
