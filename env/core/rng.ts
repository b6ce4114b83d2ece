/**
 * The random number generator held inside a game state.
 *
 * It is seedrandom's `alea` generator, with its four-number state stored as plain data in the game state
 * so that a state serialises, clones and replays exactly. Seeding goes through seedrandom itself; the step
 * below is alea's own recurrence, inlined so that drawing a number allocates nothing and needs no closure
 * per state. `rng.test.ts` checks that this stream equals `seedrandom.alea(seed)` draw for draw.
 */
import seedrandom from 'seedrandom';

/** Plain-data state of the alea generator (exactly seedrandom's `alea(...).state()`). */
export interface RngState {
  c: number;
  s0: number;
  s1: number;
  s2: number;
}

/** A fresh generator state for `seed` (any string or number); the same seed gives the same stream. */
export function seedRng(seed: string | number): RngState {
  const prng = seedrandom.alea(String(seed), { state: true });
  const s = prng.state() as unknown as RngState;
  return { c: s.c, s0: s.s0, s1: s.s1, s2: s.s2 };
}

/** Next uniform float in [0, 1); advances `r` in place. */
export function nextFloat(r: RngState): number {
  const t = 2091639 * r.s0 + r.c * 2.3283064365386963e-10; // 2^-32
  r.s0 = r.s1;
  r.s1 = r.s2;
  r.c = t | 0;
  r.s2 = t - r.c;
  return r.s2;
}

/** Uniform integer in [0, n), n >= 1. */
export function nextInt(r: RngState, n: number): number {
  return Math.floor(nextFloat(r) * n);
}

/** One six-sided die: 1..6. */
export function rollD6(r: RngState): number {
  return 1 + Math.floor(nextFloat(r) * 6);
}

/** Fisher-Yates shuffle of `a` in place. */
export function shuffleInPlace(r: RngState, a: number[]): void {
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(nextFloat(r) * (i + 1));
    const t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
}

/** Insert `x` at a uniformly random position of `a` ("shuffle it back into the deck"). */
export function insertRandom(r: RngState, a: number[], x: number): void {
  const j = Math.floor(nextFloat(r) * (a.length + 1));
  a.splice(j, 0, x);
}

/** Copy of a generator state. */
export function cloneRng(r: RngState): RngState {
  return { c: r.c, s0: r.s0, s1: r.s1, s2: r.s2 };
}
