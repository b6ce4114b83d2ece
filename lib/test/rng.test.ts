import { describe, expect, it } from 'vitest';
import seedrandom from 'seedrandom';
import { cloneRng, insertRandom, nextFloat, nextInt, rollD6, seedRng, shuffleInPlace } from '../rng.ts';

describe('in-state RNG', () => {
  it('is seedrandom alea, draw for draw', () => {
    for (const seed of ['0', 'merlin', 42]) {
      const ref = seedrandom.alea(String(seed));
      const r = seedRng(seed);
      for (let i = 0; i < 10_000; i++) expect(nextFloat(r)).toBe(ref());
    }
  });

  it('round-trips through JSON and clones exactly', () => {
    const r = seedRng('x');
    for (let i = 0; i < 17; i++) nextFloat(r);
    const copy = JSON.parse(JSON.stringify(r));
    const c = cloneRng(r);
    const a = [nextFloat(r), nextFloat(r)];
    expect([nextFloat(copy), nextFloat(copy)]).toEqual(a);
    expect([nextFloat(c), nextFloat(c)]).toEqual(a);
  });

  it('gives different streams for different seeds', () => {
    const a = seedRng('a');
    const b = seedRng('b');
    expect(nextFloat(a)).not.toBe(nextFloat(b));
  });

  it('rolls fair-looking dice and integers in range', () => {
    const r = seedRng('dice');
    const counts = [0, 0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 60_000; i++) counts[rollD6(r)]++;
    expect(counts[0]).toBe(0);
    for (let f = 1; f <= 6; f++) expect(Math.abs(counts[f] - 10_000)).toBeLessThan(500);
    for (let i = 0; i < 1000; i++) {
      const x = nextInt(r, 7);
      expect(x >= 0 && x < 7 && Number.isInteger(x)).toBe(true);
    }
  });

  it('shuffles to a permutation and inserts anywhere', () => {
    const r = seedRng('s');
    const a = [...Array(52).keys()];
    shuffleInPlace(r, a);
    expect([...a].sort((x, y) => x - y)).toEqual([...Array(52).keys()]);
    expect(a).not.toEqual([...Array(52).keys()]);
    const seen = new Set<number>();
    for (let i = 0; i < 500; i++) {
      const b = [0, 1, 2];
      insertRandom(r, b, 9);
      seen.add(b.indexOf(9));
    }
    expect([...seen].sort()).toEqual([0, 1, 2, 3]);
  });
});
