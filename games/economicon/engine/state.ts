/**
 * The Economicon game state: flat typed arrays and a few scalars, so a clone is a handful of array copies,
 * with the in-state RNG (lib/rng.ts) for the first player's die roll and the mandate shuffle.
 *
 * Where every unit is: `units[h * 8 + t]` holds the units of type t (rules/index.ts: oil, electricity,
 * technology, gold, currency of nations 0..3) at holder h: 0..3 a seat's reserves, 4..7 a seat's open sale
 * offer to the players, 8 the market column, 9 the draw pile. Mandate cards: `deck[0..deckLen)` (the top is
 * the last), `hand[p * MAX_HAND + i]` for i < handLen[p] (unsatisfied mandates), and `cardAt[c]` saying where card
 * instance c is (AT_DECK, AT_HAND + p, AT_SATISFIED + p); `satisfied[p]` counts seat p's satisfied mandates.
 */
import { readFlatState, writeFlatState } from '../../../lib/flat-state.ts';
import { cloneRng, type RngState } from '../../../lib/rng.ts';
import { MAX_NATIONS, NUM_TYPES, type Ruleset } from '../rules/index.ts';

/** Serialisation format version; bump when the layout changes. */
export const STATE_VERSION = 1;

/** Holders (the h of `units[h * 8 + t]`). */
export const RESERVES = 0;
export const OFFER = 4;
export const MARKET = 8;
export const PILE = 9;
export const NUM_HOLDERS = 10;
/** Largest hand limit the state's `hand` array has room for. */
export const MAX_HAND = 8;

/** Where a mandate card is (`cardAt`). */
export const AT_DECK = 0;
export const AT_HAND = 1;
export const AT_SATISFIED = 1 + MAX_NATIONS;

/** How the game ended (`outcome`). */
export const Outcome = { Running: 0, Mandates: 1, Truncated: 2 } as const;
export const OUTCOME_NAMES = ['running', 'mandates', 'truncated'] as const;

export class EconomiconState {
  /** SHA-256 of the ruleset the state was made under. */
  rulesetHash = '';
  numPlayers = 0;
  /** Seat to act (meaningless once `outcome` is not Running). */
  current = 0;
  /** 0: the turn's first action (growth), 1: the second (growth or trade). */
  step = 0;
  /** Turns played so far (each seat's turn counts one). */
  turn = 0;
  /** Seat that won the die roll and played first. */
  firstPlayer = 0;
  outcome: number = Outcome.Running;
  /** Winning seat once over; -1 while running or for a draw. */
  winner = -1;
  units = new Int32Array(NUM_HOLDERS * NUM_TYPES);
  deck: Uint8Array;
  deckLen = 0;
  hand = new Uint8Array(MAX_NATIONS * MAX_HAND);
  handLen = new Uint8Array(MAX_NATIONS);
  satisfied = new Uint8Array(MAX_NATIONS);
  cardAt: Uint8Array;
  rng: RngState = { c: 0, s0: 0, s1: 0, s2: 0 };
  constructor(cards: number) {
    this.deck = new Uint8Array(cards);
    this.cardAt = new Uint8Array(cards);
  }
}

/** An independent copy of `s`. */
export function cloneState(s: EconomiconState): EconomiconState {
  const c = new EconomiconState(s.deck.length);
  c.rulesetHash = s.rulesetHash;
  c.numPlayers = s.numPlayers;
  c.current = s.current;
  c.step = s.step;
  c.turn = s.turn;
  c.firstPlayer = s.firstPlayer;
  c.outcome = s.outcome;
  c.winner = s.winner;
  c.units.set(s.units);
  c.deck.set(s.deck);
  c.deckLen = s.deckLen;
  c.hand.set(s.hand);
  c.handLen.set(s.handLen);
  c.satisfied.set(s.satisfied);
  c.cardAt.set(s.cardAt);
  c.rng = cloneRng(s.rng);
  return c;
}

const SCALARS = ['numPlayers', 'current', 'step', 'turn', 'firstPlayer', 'outcome', 'winner', 'deckLen'] as const;
const ARRAYS = ['units', 'deck', 'hand', 'handLen', 'satisfied', 'cardAt'] as const;

/** `s` as JSON text (typed arrays as plain arrays; key order fixed). */
export function serializeState(s: EconomiconState): string {
  return writeFlatState(s, STATE_VERSION, SCALARS, ARRAYS);
}

/**
 * Read a state written by `serializeState` under ruleset `rs`, checking its shape and that it obeys the rules
 * (`checkState`: conservation of every unit and card, turn fields in range).
 * @throws StateError on malformed JSON, a wrong version, a missing or mistyped field, another ruleset, or a
 *   state no game under `rs` can reach in shape (units not conserved, a card in two places, ...)
 */
export function deserializeState(json: string, rs: Ruleset, check: (s: EconomiconState) => string[]): EconomiconState {
  return readFlatState(json, new EconomiconState(rs.cardDef.length), {
    version: STATE_VERSION,
    hash: rs.hash,
    scalars: SCALARS,
    arrays: ARRAYS,
    check,
  });
}
