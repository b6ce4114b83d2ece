/**
 * What a game declares so that the designer's coverage report (designer/coverage.ts, in `merlin probe` and
 * `merlin eval --coverage`) can say which of its rules, cards and victory conditions ever come into play:
 * the ruleset options that gate action kinds, the cards its actions name, the kinds that claim a victory,
 * and an optional state fingerprint for finding no-op loops. Supplied per game beside its reporting
 * (`GameReporting.coverage`), so the designer names no game.
 */

/**
 * A ruleset option that action kinds need: while it is off, no action of `kinds` is legal (unless another gate
 * that lists the kind is on: a kind under several gates needs any one of them).
 */
export interface KindGate {
  /** The option as a dotted path into the game's rules (Merlin: `finance.loans`, `combat.golems`). */
  readonly option: string;
  /** Whether this ruleset's value allows the kinds (a switch on, a vote other than 'off'). */
  readonly on: boolean;
  /** Kind names, as `GameReporting.kindNames` spells them. */
  readonly kinds: readonly string[];
}

export interface GameCoverage<S> {
  /** The gates of this ruleset (empty for a game whose options gate no kind). */
  readonly gates: readonly KindGate[];
  /**
   * The cards its actions can name under this ruleset (index = the card's number in `cardOf`), every one listed
   * so that a card no action ever named shows as dead; empty for a game whose actions name no card.
   */
  readonly cardNames: readonly string[];
  /** The group of each card (Merlin: the suit of a playing card, the deck of a custom card), by card number. */
  readonly cardGroups: readonly string[];
  /** The kinds whose actions name a card: `cardOf` is asked about the legal actions of these kinds only. */
  readonly cardKinds: readonly string[];
  /** The card `action` (of one of `cardKinds`, legal in `s`, before it is applied) names, or -1. Allocates nothing. */
  cardOf(s: S, action: number): number;
  /**
   * Per outcome (`GameReporting.outcomes`), the kinds whose action claims that victory (Merlin: `royal_favor` by
   * PlayCrowns); an outcome not listed ends the game without an action of its own (Economic Dominance).
   */
  readonly victoryKinds: Readonly<Record<string, readonly string[]>>;
  /**
   * Optional: a 32-bit hash (>= 0) of what a seat's own actions can change in `s` (at least whose turn it is and the
   * turn number), leaving out counters of actions taken (Merlin: `actionsThisTurn`) and random draws, at the
   * decisions where a seat chooses freely (Merlin: the Main phase); -1 at any other decision. The coverage
   * recorder joins it with a hash of the decision's legal actions; two equal results for one seat in one turn mean
   * its actions between them changed nothing: a no-op loop. Asked once a decision, so it must be cheap: hash what
   * actions change, not every field.
   */
  fingerprint?(s: S): number;
}

/**
 * One step of the 32-bit hash the fingerprints use (MurmurHash3's block step): `h` with the integer `v` mixed in.
 * A plain FNV-1a step on whole words (`imul(h ^ v, prime)`) is not enough: multiplication carries differences only
 * upwards, and states differing by a pair of -1 -> 1 entries (two places taken in a table) hashed alike.
 */
export function mixInt(h: number, v: number): number {
  let k = Math.imul(v, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  h ^= Math.imul(k, 0x1b873593);
  h = (h << 13) | (h >>> 19);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}

/** `h` with an array of integers (its length, then each entry) mixed in. */
export function mixArray(h: number, a: ArrayLike<number>): number {
  h = mixInt(h, a.length);
  for (let i = 0; i < a.length; i++) h = mixInt(h, a[i]);
  return h;
}

/** The hash fingerprints start from. */
export const FINGERPRINT_SEED = 0x811c9dc5 | 0;

/**
 * Gates from a table of option paths to the kinds each gates, read against `rules` (the ruleset's data): an
 * option is off when its value is false, 'off', 0 or absent.
 * @throws Error when a path names no field of `rules` that is an object along the way (a table out of date)
 */
export function kindGates(table: Readonly<Record<string, readonly string[]>>, rules: object): KindGate[] {
  return Object.entries(table).map(([option, kinds]) => {
    let v: unknown = rules;
    for (const part of option.split('.')) {
      if (typeof v !== 'object' || v === null) throw new Error(`gate ${option}: ${part} is not a field of the rules`);
      v = (v as Record<string, unknown>)[part];
    }
    return { option, on: !(v === false || v === 'off' || v === 0 || v === undefined), kinds };
  });
}
