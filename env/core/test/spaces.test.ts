import { describe, expect, it } from 'vitest';
import { nextInt, seedRng } from '../../../lib/rng.ts';
import { Discrete, maskedIds } from '../spaces.ts';

/** The plain byte loop maskedIds must agree with. */
function reference(bytes: Uint8Array, from: number, to: number): number[] {
  const ids: number[] = [];
  for (let i = from; i < to; i++) if (bytes[i] !== 0) ids.push(i - from);
  return ids;
}

describe('maskedIds', () => {
  it('finds exactly the non-zero bytes of any row, at every alignment, in plain and shared buffers', () => {
    const rng = seedRng('masked-ids');
    for (const shared of [false, true]) {
      const A = 1029; // an odd row length: rows start at every alignment
      const buf = shared ? new SharedArrayBuffer(8 * A + 8) : new ArrayBuffer(8 * A + 8);
      for (const viewOffset of [0, 1, 2, 3]) {
        const masks = new Uint8Array(buf, viewOffset, 8 * A);
        masks.fill(0);
        for (let k = 0; k < 300; k++) masks[nextInt(rng, masks.length)] = 1 + nextInt(rng, 255);
        masks[0] = 1;
        masks[masks.length - 1] = 1;
        const out = new Int32Array(A);
        for (let row = 0; row < 8; row++) {
          const n = maskedIds(masks, row * A, (row + 1) * A, out);
          expect(Array.from(out.subarray(0, n))).toEqual(reference(masks, row * A, (row + 1) * A));
        }
        // Short and empty ranges.
        for (const [from, to] of [
          [0, 0],
          [5, 6],
          [3, 9],
          [1, 4],
          [A - 3, A + 2],
        ]) {
          const n = maskedIds(masks, from, to, out);
          expect(Array.from(out.subarray(0, n))).toEqual(reference(masks, from, to));
        }
      }
    }
  });

  it('returns ids in ascending order, so a uniform pick matches Discrete.sample over the same mask', () => {
    const mask = new Uint8Array(40);
    for (const i of [3, 4, 17, 31, 39]) mask[i] = 1;
    const out = new Int32Array(40);
    const n = maskedIds(mask, 0, 40, out);
    expect(Array.from(out.subarray(0, n))).toEqual([3, 4, 17, 31, 39]);
    const a = seedRng('same');
    const b = seedRng('same');
    for (let k = 0; k < 50; k++) expect(out[nextInt(a, n)]).toBe(new Discrete(40).sample(b, mask));
  });
});
