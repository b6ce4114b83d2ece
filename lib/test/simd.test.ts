/**
 * lib/simd.ts: the committed module is lib/simd.wat's assembly, and each kernel computes what its comment
 * says, against plain-JS loops, at widths with and without a scalar tail and entry counts with and without
 * a remainder of the four-at-a-time loop.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SimdMemory, simdAvailable } from '../simd.ts';
import { generatedSimdModule, OUT_PATH } from '../../tools/gen-simd.ts';
import { nextFloat, nextInt, seedRng } from '../rng.ts';

describe('lib/simd', () => {
  it('lib/simd-wasm.ts is the assembly of lib/simd.wat (npx tsx tools/gen-simd.ts)', async () => {
    expect(readFileSync(OUT_PATH, 'utf8')).toBe(await generatedSimdModule());
  });

  it('axpyRows, sparseMatMul, dotRows, scatterAxpy, reluGrad, relu and biasRelu compute their definitions', () => {
    expect(simdAvailable()).toBe(true);
    const rng = seedRng('simd');
    for (const m of [1, 4, 7, 16, 30]) {
      const rowsW = 11;
      const mem = new SimdMemory(1 << 16);
      const w = mem.alloc(rowsW * m);
      const wv = mem.f32(w, rowsW * m);
      wv.forEach((_, i) => (wv[i] = nextFloat(rng) - 0.5));
      for (const n of [0, 1, 3, 4, 5, 9]) {
        const idx = mem.alloc(n);
        const val = mem.alloc(n);
        const out = mem.alloc(m);
        const iv = mem.i32(idx, n);
        const vv = mem.f32(val, n);
        for (let k = 0; k < n; k++) {
          iv[k] = nextInt(rng, rowsW);
          vv[k] = nextFloat(rng) - 0.5;
        }
        const ov = mem.f32(out, m);
        ov.forEach((_, c) => (ov[c] = c));
        mem.k.axpyRows(w, m, idx, val, n, out);
        for (let c = 0; c < m; c++) {
          let want = c;
          for (let k = 0; k < n; k++) want += vv[k] * wv[iv[k] * m + c];
          expect(ov[c]).toBeCloseTo(want, 5);
        }
        const dots = mem.alloc(n);
        mem.k.dotRows(w, m, idx, n, out, dots);
        for (let k = 0; k < n; k++) {
          let want = 0;
          for (let c = 0; c < m; c++) want += wv[iv[k] * m + c] * ov[c];
          expect(mem.f32(dots, n)[k]).toBeCloseTo(want, 4);
        }
        const before = Float32Array.from(ov);
        const g = mem.alloc(rowsW * m);
        const gv = mem.f32(g, rowsW * m);
        gv.fill(0.5);
        mem.k.scatterAxpy(g, m, idx, val, n, out);
        const want = new Float32Array(rowsW * m).fill(0.5);
        for (let k = 0; k < n; k++) for (let c = 0; c < m; c++) want[iv[k] * m + c] += vv[k] * ov[c];
        gv.forEach((v, i) => expect(v).toBeCloseTo(want[i], 5));
        const d = mem.alloc(m);
        const dv = mem.f32(d, m);
        dv.fill(2);
        mem.k.reluGrad(d, out, m);
        dv.forEach((v, c) => expect(v).toBe(before[c] > 0 ? 2 : 0));
        mem.k.relu(out, m);
        ov.forEach((v, c) => expect(v).toBe(Math.max(before[c], 0)));
        // biasRelu over two rows: x + b, then max(., 0).
        const x2 = mem.alloc(2 * m);
        const x2v = mem.f32(x2, 2 * m);
        const x2before = Float32Array.from(x2v, (_, i) => (i % 3) - 1);
        x2v.set(x2before);
        mem.k.biasRelu(x2, 2, m, w);
        x2v.forEach((v, i) => expect(v).toBeCloseTo(Math.max(x2before[i] + wv[i % m], 0), 6));
      }
      // sparseMatMul: three rows of 0, 2 and 5 entries, overwriting what was there.
      const ptr = mem.alloc(4);
      mem.i32(ptr, 4).set([0, 0, 2, 7]);
      const idx = mem.alloc(7);
      const val = mem.alloc(7);
      mem.i32(idx, 7).set([3, 5, 0, 1, 2, 3, 10]);
      mem.f32(val, 7).set([0.5, -1, 2, 0.25, 1, -0.5, 3]);
      const out = mem.alloc(3 * m);
      mem.f32(out, 3 * m).fill(7);
      mem.k.sparseMatMul(w, m, ptr, idx, val, 3, out);
      const p = mem.i32(ptr, 4);
      for (let r = 0; r < 3; r++)
        for (let c = 0; c < m; c++) {
          let want = 0;
          for (let k = p[r]; k < p[r + 1]; k++) want += mem.f32(val, 7)[k] * wv[mem.i32(idx, 7)[k] * m + c];
          expect(mem.f32(out, 3 * m)[r * m + c]).toBeCloseTo(want, 5);
        }
    }
  });

  it('refuses to hand out more memory than it reserved', () => {
    const mem = new SimdMemory(100);
    expect(mem.bytes).toBe(65536);
    mem.alloc(16000);
    expect(() => mem.alloc(1000)).toThrow(RangeError);
  });
});
