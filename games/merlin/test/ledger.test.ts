import { describe, expect, it } from 'vitest';
import { nextInt, seedRng } from '../../../lib/rng.ts';
import { freePlace, removeAt } from '../engine/ledger.ts';

describe('removeAt: splice(i, 1) without garbage', () => {
  it('leaves every list exactly as splice(i, 1) does, for every index in and out of range', () => {
    const rng = seedRng('remove-at');
    for (let trial = 0; trial < 200; trial++) {
      const n = nextInt(rng, 7);
      const list = [...Array(n)].map(() => nextInt(rng, 100) - 50);
      for (let i = -n - 2; i <= n + 2; i++) {
        const a = list.slice();
        const b = list.slice();
        removeAt(a, i);
        b.splice(i, 1);
        expect(a).toEqual(b);
      }
    }
  });
});

describe('freePlace', () => {
  it('is the first place whose owner is -1, or -1 when all are taken', () => {
    expect(freePlace([0, 2, -1, -1])).toBe(2);
    expect(freePlace([1, 0])).toBe(-1);
    expect(freePlace([])).toBe(-1);
  });
});
