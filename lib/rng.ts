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

/** A chance outcome: a die's face, or a shuffled deck's order (card ids, top of the draw pile last as stored). */
export type ChanceOutcome = number | readonly number[];

/**
 * The chance channel (OpenSpiel's chance outcomes, for a game that samples chance inside `applyAction`):
 * every die rolled with `rollD6` and every deck shuffled with `shuffleInPlace` is reported to `record`
 * when it is set, as (kind, outcome); and when `forced` holds outcomes for that kind, the first is taken
 * instead of the drawn one. The RNG is drawn all the same, so forcing one outcome leaves the rest of the
 * game's random stream as it was, and forcing the outcomes a game recorded replays it exactly. Kinds: the
 * caller's label ('d6' and 'shuffle' by default; Merlin's turn roll is 'roll', one outcome per die).
 *
 * Process-wide and never serialised (states and hashes are unchanged): `playGame` sets `record` only
 * around the game's own `applyAction`, so a searching agent's rollouts are not recorded. Off (null) by default.
 */
export const chance: {
  record: ((kind: string, outcome: ChanceOutcome) => void) | null;
  forced: Map<string, ChanceOutcome[]> | null;
} = { record: null, forced: null };

/** The next forced outcome of `kind`, or undefined. */
function forcedOutcome(kind: string): ChanceOutcome | undefined {
  const q = chance.forced?.get(kind);
  return q && q.length > 0 ? q.shift() : undefined;
}

/**
 * One six-sided die: 1..6 (a chance event of `kind`, see `chance`).
 * @throws RangeError when a forced outcome of `kind` is not a face 1..6
 */
export function rollD6(r: RngState, kind = 'd6'): number {
  let face = 1 + Math.floor(nextFloat(r) * 6);
  if (chance.forced !== null) {
    const f = forcedOutcome(kind);
    if (f !== undefined) {
      if (typeof f !== 'number' || !(Number.isInteger(f) && f >= 1 && f <= 6))
        throw new RangeError(`forced ${kind} outcome ${String(f)} is not a die face 1..6`);
      face = f;
    }
  }
  if (chance.record !== null) chance.record(kind, face);
  return face;
}

/**
 * Fisher-Yates shuffle of `a` in place (a chance event of `kind`, see `chance`; a forced outcome is the
 * order `a` ends in).
 * @throws RangeError when a forced order is not a rearrangement of `a`
 */
export function shuffleInPlace(r: RngState, a: number[], kind = 'shuffle'): void {
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(nextFloat(r) * (i + 1));
    const t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
  if (chance.forced !== null) {
    const f = forcedOutcome(kind);
    if (f !== undefined) {
      const sorted = (x: readonly number[]) => [...x].sort((p, q) => p - q).join(',');
      if (typeof f === 'number' || sorted(f) !== sorted(a))
        throw new RangeError(`forced ${kind} outcome is not a rearrangement of the ${a.length} items shuffled`);
      for (let i = 0; i < a.length; i++) a[i] = f[i];
    }
  }
  if (chance.record !== null) chance.record(kind, a.slice());
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
