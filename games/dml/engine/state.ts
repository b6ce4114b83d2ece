/**
 * The Dragon's Money Laundering state: flat typed arrays and scalars, so a clone is a few array copies, with
 * the in-state RNG (lib/rng.ts) for the roll-off, shuffles, dice and random picks.
 *
 * Where every card is: `zone[c]` for each of the 54 cards (Z codes below: exactly one zone per card by
 * construction; invariants.ts checks the ordered piles agree with it). The Deck's order is `deck[0..deckLen)`
 * (top last) and the response Stack's `stack[0..stackLen)` (top last; `stackOwner`, `stackMode`). `pub[c]` is
 * what every seat knows of card c's place (the zone it was last seen entering in public, or PUB_UNKNOWN):
 * the "implied" knowledge of rules/components/zone/index.md, updated only by public moves.
 */
import { readFlatState, writeFlatState } from '../../../lib/flat-state.ts';
import { cloneRng, type RngState } from '../../../lib/rng.ts';
import { NUM_CARDS } from '../rules/index.ts';

export const STATE_VERSION = 1;
/** Seats the state has room for. */
export const MAX_SEATS = 4;
/** Black Markets the state has room for (a ruleset's `maxBlackMarkets` is at most this). */
export const MAX_BM = 8;

/** Zones (rules/components/zone/index.md), plus the working zones of Buying and the Stack. */
export const Z = {
  DECK: 0,
  EVENT: 1,
  DISCARD: 2,
  NEST: 3,
  STOCK: 4,
  EXILE: 5,
  STACK: 6,
  /** Cards of the current Declaration, set apart (buying/index.md "Declaration"). */
  DECLARED: 7,
  /** Buying Commodities committed during the current Buying (they go to their Stocks at its end). */
  COMMITTED: 8,
  /** Out of this variant's game (Market Mayhem's deck). */
  BOX: 9,
  HAND: 10,
  FRONT: 14,
  KING: 18,
  /** A seat's face-down Seize cards. */
  SEIZE: 22,
  BM: 26,
} as const;
export const NUM_ZONES = Z.BM + MAX_BM;
/** `pub[c]` when nobody but its holder knows where card c is. */
export const PUB_UNKNOWN = NUM_ZONES;

/** Whose decision the state waits for, and of what kind. */
export const Phase = {
  /** The Active Player's Market Phase: spend an Action or Minor Action, or end the Turn. */
  Market: 0,
  /** The Active Player adds cards to the Declaration or commits Buying Commodities, then declares. */
  Declare: 1,
  /** A Passive Player lays Seize cards face down, or passes. */
  Seize: 2,
  /** The awarded seizer and the Active Player alternate commits. */
  Resolve: 3,
  /** A Dabo! was rolled: re-roll or keep. */
  Roll: 4,
  /** A seat may put Powers and Emblems on the Stack, or pass. */
  Stack: 5,
  /** A resolving Power's owner makes a choice (`pendStep`). */
  Choice: 6,
  /** A seat gives a card from its hand (the Jack of diamonds' Power). */
  Tithe: 7,
  Over: 8,
} as const;

/** Steps of `Phase.Choice`. */
export const Step = {
  ReturnEmblem: 1,
  SearchPickMarket: 2,
  SearchPickCard: 3,
  ExileFromStack: 4,
  TakeStock: 5,
  ThiefMode: 6,
  ThiefSeat: 7,
  ThiefCard: 8,
} as const;
/** What a roll is for. */
export const Purpose = { Buy: 0, Callback: 1, BlackMarket: 2, Thief: 3 } as const;
/** How the game ended. */
export const Outcome = { Running: 0, Points: 1, Nobody: 2, Monopoly: 3, FatherOfDragons: 4, LastStanding: 5, Truncated: 6 } as const;
export const OUTCOME_NAMES = ['running', 'points', 'nobody', 'monopoly', 'fatherOfDragons', 'lastStanding', 'truncated'] as const;

/** The state's integer scalars (serialised in this order). */
export const SCALARS = [
  'numPlayers',
  'round',
  'dealer',
  'active',
  'phase',
  'decider',
  'outcome',
  'winner',
  'deckLen',
  'stackLen',
  'bmCount',
  'eventCard',
  'eventType',
  'eventValue',
  'actionsLeft',
  'minorLeft',
  'buySuit',
  'buyKind',
  'buyOwner',
  'declValue',
  'activeCommit',
  'secondaryCommit',
  'seizer',
  'seizerCommit',
  'seizeSeat',
  'resolveSide',
  'committedThisGo',
  'rollPurpose',
  'rollTarget',
  'rollArg',
  'roller',
  'rerolls',
  'die1',
  'die2',
  'stackOrigin',
  'stackLast',
  'asked',
  'askLeft',
  'powerSeat',
  'pendCard',
  'pendOwner',
  'pendStep',
  'pendArg',
  'pendSeat',
  'titheSeat',
  'discardTop',
] as const;
export type Scalar = (typeof SCALARS)[number];
/** The state's typed arrays (serialised in this order). */
export const ARRAYS = [
  'zone',
  'count',
  'pub',
  'deck',
  'stack',
  'stackOwner',
  'stackMode',
  'alive',
  'affected',
  'turnDone',
  'powerDone',
  'seizeTotal',
] as const;

export class DmlState implements Record<Scalar, number> {
  rulesetHash = '';
  numPlayers = 0;
  /** Rounds begun (1 in the first). */
  round = 0;
  dealer = 0;
  /** The Active Player of the current Turn. */
  active = 0;
  phase: number = Phase.Market;
  /** The seat to act. */
  decider = 0;
  outcome: number = Outcome.Running;
  /** Winning seat, -1 while running or when nobody wins. */
  winner = -1;
  deckLen = 0;
  stackLen = 0;
  bmCount = 0;
  /** The card in the Event Zone (-1 none); the Round's Event type and Value (stay when the zone empties). */
  eventCard = -1;
  eventType = -1;
  eventValue = 0;
  actionsLeft = 0;
  minorLeft = 0;
  /** Buying: suit of the Declaration, target kind (0 Stock cards, 1 an opponent's Emblem, 2 the Grand Opening Guild), the Emblem's owner. */
  buySuit = -1;
  buyKind = 0;
  buyOwner = -1;
  /** Sum of the declared cards' modified Values. */
  declValue = 0;
  /** Values committed by the Active Player (Primary lowers), Secondary (cancels the seizer's), and by the seizer. */
  activeCommit = 0;
  secondaryCommit = 0;
  seizer = -1;
  seizerCommit = 0;
  seizeSeat = -1;
  /** Resolution: 0 the Active Player commits, 1 the seizer. */
  resolveSide = 0;
  committedThisGo = 0;
  rollPurpose = 0;
  rollTarget = 0;
  /** Callback: the Emblem; Black Market visit: its index. */
  rollArg = 0;
  roller = 0;
  rerolls = 0;
  die1 = 0;
  die2 = 0;
  /** The Stack: opened in the Market Phase (0) or the Power Phase (1); the last seat to play; the seat asked; opponents left to ask. */
  stackOrigin = 0;
  stackLast = -1;
  asked = -1;
  askLeft = 0;
  powerSeat = 0;
  /** The Power being resolved (-1 none), its owner, choice step, and arguments. */
  pendCard = -1;
  pendOwner = -1;
  pendStep = 0;
  pendArg = 0;
  pendSeat = -1;
  titheSeat = -1;
  /** The Discard Pile's top card (-1 empty): open knowledge. */
  discardTop = -1;
  zone = new Uint8Array(NUM_CARDS);
  /** Cards in each zone (kept by every move: zone sizes are read on every step). */
  count = deckOnlyCounts();
  /**
   * Per zone z, its cards as a set: `zoneBits[2 * z]` holds cards 0-31 (bit c), `zoneBits[2 * z + 1]` cards 32-53
   * (bit c - 32). Derived from `zone` (kept by every move; `rebuildZoneBits` after a direct rewrite of `zone`),
   * not serialised. The engine's and the observation's scans of one zone read these (`lowCard`), not all 54 cards.
   */
  zoneBits = deckOnlyBits();
  pub = new Uint8Array(NUM_CARDS);
  deck = new Uint8Array(NUM_CARDS);
  stack = new Uint8Array(NUM_CARDS);
  stackOwner = new Uint8Array(NUM_CARDS);
  /** 0 played as a Power, 1 as an Emblem. */
  stackMode = new Uint8Array(NUM_CARDS);
  alive = new Uint8Array(MAX_SEATS);
  /** Hit by this Round's Player Effect. */
  affected = new Uint8Array(MAX_SEATS);
  turnDone = new Uint8Array(MAX_SEATS);
  powerDone = new Uint8Array(MAX_SEATS);
  seizeTotal = new Int16Array(MAX_SEATS);
  rng: RngState = { c: 0, s0: 0, s1: 0, s2: 0 };
}

/** Zone sizes with every card in the Deck (a new state's, before setup moves them). */
function deckOnlyCounts(): Int16Array {
  const count = new Int16Array(NUM_ZONES);
  count[Z.DECK] = NUM_CARDS;
  return count;
}

/** Zone sets with every card in the Deck (a new state's, before setup moves them). */
function deckOnlyBits(): Int32Array {
  const bits = new Int32Array(2 * NUM_ZONES);
  bits[2 * Z.DECK] = -1; // cards 0-31
  bits[2 * Z.DECK + 1] = 2 ** (NUM_CARDS - 32) - 1; // cards 32-53
  return bits;
}

/** The zone sets of `zone` written into `bits` (length 2 * NUM_ZONES; zone codes outside it are skipped). */
export function zoneBitsOf(zone: Uint8Array, bits: Int32Array): Int32Array {
  bits.fill(0);
  for (let c = 0; c < NUM_CARDS; c++) if (zone[c] < NUM_ZONES) bits[2 * zone[c] + (c >> 5)] |= 1 << (c & 31);
  return bits;
}

/**
 * The Black Market zone `seat` is choosing a card from (a Search Power's card choice, Step.SearchPickCard), or -1:
 * its cards are open to that seat alone (its observation shows them; `resampleHidden` leaves them in place).
 */
export function searchedMarket(s: DmlState, seat: number): number {
  return s.phase === Phase.Choice && s.decider === seat && s.pendStep === Step.SearchPickCard ? Z.BM + s.pendArg : -1;
}

/** Recompute `s.zoneBits` from `s.zone` (after code that writes `zone` directly: deserialisation, resampling). */
export function rebuildZoneBits(s: DmlState): void {
  zoneBitsOf(s.zone, s.zoneBits);
}

/**
 * The card of the lowest set bit of `m`, a word of `zoneBits` (`w` 0: cards 0-31, 1: cards 32-53). A zone's cards
 * ascending: `for (let w = 0; w < 2; w++) for (let m = bits[2 * z + w]; m !== 0; m &= m - 1) lowCard(w, m)`.
 */
export function lowCard(w: number, m: number): number {
  return (w << 5) | (31 - Math.clz32(m & -m));
}

/** An independent copy of `s` (every field of SCALARS and ARRAYS written out: a keyed loop over them took most of a clone's time). */
export function cloneState(s: DmlState): DmlState {
  const c = new DmlState();
  c.rulesetHash = s.rulesetHash;
  c.numPlayers = s.numPlayers;
  c.round = s.round;
  c.dealer = s.dealer;
  c.active = s.active;
  c.phase = s.phase;
  c.decider = s.decider;
  c.outcome = s.outcome;
  c.winner = s.winner;
  c.deckLen = s.deckLen;
  c.stackLen = s.stackLen;
  c.bmCount = s.bmCount;
  c.eventCard = s.eventCard;
  c.eventType = s.eventType;
  c.eventValue = s.eventValue;
  c.actionsLeft = s.actionsLeft;
  c.minorLeft = s.minorLeft;
  c.buySuit = s.buySuit;
  c.buyKind = s.buyKind;
  c.buyOwner = s.buyOwner;
  c.declValue = s.declValue;
  c.activeCommit = s.activeCommit;
  c.secondaryCommit = s.secondaryCommit;
  c.seizer = s.seizer;
  c.seizerCommit = s.seizerCommit;
  c.seizeSeat = s.seizeSeat;
  c.resolveSide = s.resolveSide;
  c.committedThisGo = s.committedThisGo;
  c.rollPurpose = s.rollPurpose;
  c.rollTarget = s.rollTarget;
  c.rollArg = s.rollArg;
  c.roller = s.roller;
  c.rerolls = s.rerolls;
  c.die1 = s.die1;
  c.die2 = s.die2;
  c.stackOrigin = s.stackOrigin;
  c.stackLast = s.stackLast;
  c.asked = s.asked;
  c.askLeft = s.askLeft;
  c.powerSeat = s.powerSeat;
  c.pendCard = s.pendCard;
  c.pendOwner = s.pendOwner;
  c.pendStep = s.pendStep;
  c.pendArg = s.pendArg;
  c.pendSeat = s.pendSeat;
  c.titheSeat = s.titheSeat;
  c.discardTop = s.discardTop;
  c.zone.set(s.zone);
  c.count.set(s.count);
  c.zoneBits.set(s.zoneBits);
  c.pub.set(s.pub);
  c.deck.set(s.deck);
  c.stack.set(s.stack);
  c.stackOwner.set(s.stackOwner);
  c.stackMode.set(s.stackMode);
  c.alive.set(s.alive);
  c.affected.set(s.affected);
  c.turnDone.set(s.turnDone);
  c.powerDone.set(s.powerDone);
  c.seizeTotal.set(s.seizeTotal);
  c.rng = cloneRng(s.rng);
  return c;
}

/** `s` as JSON text (key order fixed). */
export function serializeState(s: DmlState): string {
  return writeFlatState(s, STATE_VERSION, SCALARS, ARRAYS);
}

/**
 * Read a state written by `serializeState` under the ruleset of hash `hash`, then check it with `check`.
 * @throws StateError on malformed JSON, another version or ruleset, a missing or mistyped field, or a broken invariant
 */
export function deserializeState(json: string, hash: string, check: (s: DmlState) => string[]): DmlState {
  // The zone sets are derived, not serialised: rebuilt before the invariants (which check them) run.
  const checked = (s: DmlState) => {
    rebuildZoneBits(s);
    return check(s);
  };
  return readFlatState(json, new DmlState(), { version: STATE_VERSION, hash, scalars: SCALARS, arrays: ARRAYS, check: checked });
}
