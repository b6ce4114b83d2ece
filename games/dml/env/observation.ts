/**
 * DML's observation and state tensors (docs/DML.md "Observation"). Seat-relative: relative seat r is the seat r
 * places after the observer in seat order (r = 0 the observer). A seat sees its own hand, Merchant King and
 * face-down Seize cards; of every other card only what is public (state.ts `pub`: the zone it was last seen
 * entering in public, the "implied" knowledge of the source's zone rules), hand sizes, Black Market sizes and
 * face-down Seize counts. The state tensor adds every card's true zone (perfect information, for critics).
 * Values lie in [0, 1] except the Declaration's Value (in [-1, 2]).
 *
 * `write` fills a whole tensor; `rowWriter` keeps one row that one env owns equal to the observation by
 * rewriting the entries outside the cards' one-hots (about 260 of 1,390, zeroed whole) and, of the 54 cards'
 * one-hots, only the cards whose class changed. Both run the same `encode`, so they write the same values.
 */
import { TensorLayout } from '../../../env/core/layout.ts';
import type { ObservationRowWriter, TensorSpec } from '../../../env/core/game.ts';
import { NUM_CARDS, type Ruleset } from '../rules/index.ts';
import {
  countZone,
  declarationValue,
  lowCard,
  MAX_BM,
  MAX_SEATS,
  NUM_ZONES,
  Outcome,
  Phase,
  PUB_UNKNOWN,
  PointsTally,
  searchedMarket,
  Z,
  type DmlState,
} from '../engine/index.ts';

/** Per-card classes of the observation's `cards` block. */
export const CARD_CLASSES = [
  'deck',
  'event',
  'discard',
  'nest',
  'stock',
  'exile',
  'stack',
  'declared',
  'committed',
  'blackMarket',
  'myHand',
  'front0',
  'front1',
  'front2',
  'front3',
  'hand0',
  'hand1',
  'hand2',
  'hand3',
  'unknown',
  'box',
] as const;
const NC = CARD_CLASSES.length;

export interface Encoder {
  readonly spec: TensorSpec;
  /** Write `seat`'s view (the state tensor: seat 0's plus the true zones) into `out` (length spec.size), every entry. */
  write(s: DmlState, seat: number, out: Float32Array): void;
  /** A new writer for a row one env owns (`Game.observationRowWriter`): the same values as `write`. */
  rowWriter(): ObservationRowWriter<DmlState>;
}

/** `Sink.cls[c]` before card c's one-hot was written to the row. */
const UNSET = 255;

/**
 * Where `encode` writes: the row; its two dense blocks, the entries before the `cards` block and those after it
 * (up to the state tensor's true zones), which each call zeroes whole and rewrites (a few hundred floats, cheaper
 * than listing the few dozen it sets); the list of entries it wrote through `put` (the true zones, zeroed before
 * the next call); and per card the class whose one-hot the row holds (so an unchanged card is not rewritten).
 */
class Sink {
  row: Float32Array = new Float32Array(0);
  n = 0;
  readonly idx: Int32Array;
  readonly cls = new Uint8Array(NUM_CARDS).fill(UNSET);
  /** The observer's victory points, tallied in the same pass over the cards. */
  readonly tally = new PointsTally();
  /**
   * @param size the row's length
   * @param headEnd where the first dense block ends (the `cards` block's start)
   * @param tailStart where the second dense block starts (the `cards` block's end)
   * @param tailEnd where it ends (the true zones' start in the state tensor, else `size`)
   */
  constructor(
    size: number,
    readonly headEnd: number,
    readonly tailStart: number,
    readonly tailEnd: number,
  ) {
    this.idx = new Int32Array(size);
  }
  /** Start a fresh row: all zero, nothing remembered. */
  reset(row: Float32Array): void {
    row.fill(0);
    this.cls.fill(UNSET);
    this.row = row;
    this.n = 0;
  }
  /** Start another call on the same row: zero the dense blocks and what the last call put. */
  again(): void {
    const { row, idx, n } = this;
    row.fill(0, 0, this.headEnd);
    row.fill(0, this.tailStart, this.tailEnd);
    for (let k = 0; k < n; k++) row[idx[k]] = 0;
    this.n = 0;
  }
  /** The entries of the dense blocks that are not zero, into `out` from position m; returns the next position. */
  nonZero(out: Int32Array, m: number): number {
    const row = this.row;
    for (let i = 0; i < this.headEnd; i++) if (row[i] !== 0) out[m++] = i;
    for (let i = this.tailStart; i < this.tailEnd; i++) if (row[i] !== 0) out[m++] = i;
    return m;
  }
}

/** Set row entry i to v and list i at position `at` of `idx`; returns the next position (Sink.put, with the count in a local). */
function put(row: Float32Array, idx: Int32Array, at: number, i: number, v: number): number {
  row[i] = v;
  idx[at] = i;
  return at + 1;
}

const clamp = (x: number, lo = 0, hi = 1) => (x < lo ? lo : x > hi ? hi : x);

/** Seat p's place after observer `me` in seat order among n seats (0 = the observer). */
function relSeat(p: number, me: number, n: number): number {
  return (p - me + n) % n;
}

/** The observation class of zone code z for observer `me` among n seats. */
function classOf(z: number, me: number, n: number): number {
  if (z === PUB_UNKNOWN) return 19;
  if (z <= Z.COMMITTED) return z;
  if (z === Z.BOX) return 20;
  if (z >= Z.BM) return 9;
  if (z >= Z.SEIZE) return z - Z.SEIZE === me ? 8 : 19;
  if (z >= Z.KING) return 19;
  if (z >= Z.FRONT) return 11 + relSeat(z - Z.FRONT, me, n);
  const p = z - Z.HAND;
  return p === me ? 10 : 15 + relSeat(p, me, n);
}

/** Per player count n and observer `me` (index (n - 1) * MAX_SEATS + me): `classOf` of every zone code and PUB_UNKNOWN. */
const classTable = Array.from({ length: MAX_SEATS * MAX_SEATS }, (_, i) => {
  const n = Math.floor(i / MAX_SEATS) + 1;
  const me = i % MAX_SEATS;
  return Uint8Array.from({ length: PUB_UNKNOWN + 1 }, (_, z) => classOf(z, me, n));
});

/**
 * Per observer `me`: the class of each zone code that holds the observer's own cards (its hand, Seize cards and
 * Merchant King, seen where they truly are); UNSET for the other zones, whose cards are seen by `pub`.
 */
const ownClasses = Array.from({ length: MAX_SEATS }, (_, me) => {
  const t = new Uint8Array(PUB_UNKNOWN + 1).fill(UNSET);
  // Any seat count does: the observer's own zones never read a relative seat.
  for (const z of [Z.HAND + me, Z.SEIZE + me, Z.KING + me]) t[z] = classOf(z, me, MAX_SEATS);
  return t;
});

/**
 * The `cards` block: each card's class (its own zone's for the observer's own cards, else its public zone's),
 * rewriting only the cards whose class differs from `cls` (what the row holds; updated).
 */
function classify(
  zone: Uint8Array,
  pub: Uint8Array,
  own: Uint8Array,
  classes: Uint8Array,
  cls: Uint8Array,
  out: Float32Array,
  at: number,
): void {
  for (let c = 0; c < NUM_CARDS; c++) {
    let cl = own[zone[c]];
    if (cl === UNSET) cl = classes[pub[c]];
    const was = cls[c];
    if (was !== cl) {
      if (was !== UNSET) out[at + c * NC + was] = 0;
      out[at + c * NC + cl] = 1;
      cls[c] = cl;
    }
  }
}

function build(rs: Ruleset, full: boolean): Encoder {
  const L = new TensorLayout();
  const o = {
    phase: L.add('phase', 9, 'one-hot phase (state.ts Phase: market, declare, seize, resolve, roll, stack, choice, tithe, over)'),
    me: L.add('toAct', 1, '1 when the observer is the seat to act'),
    active: L.add('active', MAX_SEATS, 'one-hot relative seat of the Active Player'),
    dealer: L.add('dealer', MAX_SEATS, 'one-hot relative seat of the Dealer'),
    alive: L.add('alive', MAX_SEATS, '1 per relative seat in the game'),
    round: L.add('round', 1, 'Rounds begun / roundLimit'),
    deck: L.add('deck', 1, 'cards in the Deck / 54'),
    spend: L.add('spend', 2, 'Actions and Minor Actions left / 3'),
    event: L.add('event', 6, 'one-hot Event type of the Round'),
    eventValue: L.add('eventValue', 1, 'the Event Value / 12'),
    affected: L.add('affected', MAX_SEATS, 'per relative seat, hit by the Player Effect'),
    handSize: L.add('handSize', MAX_SEATS, 'per relative seat, cards in hand / 20 (capped at 1)'),
    king: L.add('king', 4, "one-hot suit of the observer's Merchant King (Desired Commodity)"),
    cards: L.add('cards', NUM_CARDS * NC, `per card, one-hot of what the observer knows of its place: ${CARD_CLASSES.join(', ')}`),
    markets: L.add('blackMarkets', MAX_BM, 'cards in each Black Market / 20 (capped)'),
    stackPos: L.add('stackPos', NUM_CARDS, 'per card on the Stack, (position + 1) / 54; 0 elsewhere'),
    stackTop: L.add('stackTop', MAX_SEATS, 'one-hot relative seat that played the top of the Stack'),
    buySuit: L.add('buySuit', 4, 'one-hot suit of the Declaration'),
    buyKind: L.add('buyKind', 3, 'one-hot target of the Declaration: Stock cards, an Emblem, the Grand Opening Guild'),
    value: L.add('declValue', 1, "the Declaration's current Value / 12", -1, 2),
    seizer: L.add('seizer', MAX_SEATS, 'one-hot relative seat awarded the Seize'),
    seizeCards: L.add('seizeCards', MAX_SEATS, 'per relative seat, face-down Seize cards / 8'),
    commits: L.add('commits', 3, 'Values committed by the Active Player (Primary), Secondary, and the seizer / 30'),
    roll: L.add('roll', 4, 'the dice / 6, the target / 12 (clamped), re-rolls / 10 (clamped)'),
    purpose: L.add('rollPurpose', 4, 'one-hot what the roll is for: Buying, Callback, Black Market, Thief'),
    step: L.add('choice', 9, 'one-hot choice step of a resolving Power (state.ts Step; 0 none)'),
    pend: L.add('resolving', NUM_CARDS, 'one-hot card whose Power is resolving'),
    seen: L.add('searched', NUM_CARDS, 'cards of the Black Market the observer is searching (Jack of hearts)'),
    score: L.add('score', 1, "the observer's victory points now / 150 (capped)"),
    truth: full ? L.add('zones', NUM_CARDS * (NUM_ZONES + 1), 'state tensor only: per card, one-hot true zone (state.ts Z)') : -1,
  };
  const spec = L.spec();
  const encode = (s: DmlState, seat: number, k: Sink): void => {
    const out = k.row;
    const idx = k.idx;
    let at = k.n; // entries listed so far (kept in a local, not the Sink, while encoding)
    const n = s.numPlayers;
    const me = full ? 0 : seat;
    const classes = classTable[(n - 1) * MAX_SEATS + me];
    out[o.phase + s.phase] = 1;
    if (s.outcome === Outcome.Running && s.decider === me) out[o.me] = 1;
    out[o.active + relSeat(s.active, me, n)] = 1;
    out[o.dealer + relSeat(s.dealer, me, n)] = 1;
    for (let p = 0; p < n; p++) {
      const r = relSeat(p, me, n);
      out[o.alive + r] = s.alive[p];
      out[o.affected + r] = s.affected[p];
      out[o.handSize + r] = clamp(countZone(s, Z.HAND + p) / 20);
      out[o.seizeCards + r] = clamp(countZone(s, Z.SEIZE + p) / 8);
    }
    out[o.round] = clamp(s.round / rs.data.roundLimit);
    out[o.deck] = s.deckLen / NUM_CARDS;
    out[o.spend] = clamp(s.actionsLeft / 3);
    out[o.spend + 1] = clamp(s.minorLeft / 3);
    if (s.eventType >= 0) out[o.event + s.eventType] = 1;
    out[o.eventValue] = clamp(s.eventValue / 12);
    const searched = searchedMarket(s, me);
    const { zone, zoneBits } = s;
    classify(zone, s.pub, ownClasses[me], classes, k.cls, out, o.cards);
    const tally = k.tally;
    tally.reset();
    tally.add(s, rs, me);
    // The Merchant King's suit, the true zones (state tensor) and the searched Black Market's cards, card by card.
    const kingZone = Z.KING + me;
    if (full)
      for (let c = 0; c < NUM_CARDS; c++) {
        const z = zone[c];
        if (z === kingZone) out[o.king + rs.suit[c]] = 1;
        at = put(out, idx, at, o.truth + c * (NUM_ZONES + 1) + z, 1);
        if (z === searched) out[o.seen + c] = 1;
      }
    else {
      let king = -1;
      for (let w = 0; w < 2 && king < 0; w++) if (zoneBits[2 * kingZone + w] !== 0) king = lowCard(w, zoneBits[2 * kingZone + w]);
      if (searched >= 0)
        for (let w = 0; w < 2; w++)
          for (let m = zoneBits[2 * searched + w]; m !== 0; m &= m - 1) {
            const c = lowCard(w, m);
            if (king >= 0 && king < c) {
              out[o.king + rs.suit[king]] = 1;
              king = -1;
            }
            out[o.seen + c] = 1;
          }
      if (king >= 0) out[o.king + rs.suit[king]] = 1;
    }
    for (let b = 0; b < s.bmCount; b++) out[o.markets + b] = clamp(countZone(s, Z.BM + b) / 20);
    for (let i = 0; i < s.stackLen; i++) out[o.stackPos + s.stack[i]] = (i + 1) / NUM_CARDS;
    if (s.stackLen > 0) out[o.stackTop + relSeat(s.stackOwner[s.stackLen - 1], me, n)] = 1;
    if (s.buySuit >= 0) {
      out[o.buySuit + s.buySuit] = 1;
      out[o.buyKind + s.buyKind] = 1;
      out[o.value] = clamp(declarationValue(s, rs) / 12, -1, 2);
      if (s.seizer >= 0) out[o.seizer + relSeat(s.seizer, me, n)] = 1;
      out[o.commits] = clamp(s.activeCommit / 30);
      out[o.commits + 1] = clamp(s.secondaryCommit / 30);
      out[o.commits + 2] = clamp(s.seizerCommit / 30);
    }
    if (s.phase === Phase.Roll) {
      out[o.roll] = s.die1 / 6;
      out[o.roll + 1] = s.die2 / 6;
      out[o.roll + 2] = clamp(s.rollTarget / 12);
      out[o.roll + 3] = clamp(s.rerolls / 10);
      out[o.purpose + s.rollPurpose] = 1;
    }
    out[o.step + s.pendStep] = 1;
    if (s.pendCard >= 0) out[o.pend + s.pendCard] = 1;
    if (s.alive[me] || s.outcome !== Outcome.Running) out[o.score] = clamp(tally.total(rs) / 150);
    k.n = at;
  };
  const sink = (): Sink => new Sink(spec.size, o.cards, o.cards + NUM_CARDS * NC, full ? o.truth : spec.size);
  const dense = sink();
  const write = (s: DmlState, seat: number, out: Float32Array): void => {
    dense.reset(out);
    encode(s, seat, dense);
  };
  const rowWriter = (): ObservationRowWriter<DmlState> => {
    const k = sink();
    let last: Float32Array | null = null; // the row it keeps (null: unknown, so the next call starts afresh)
    const w = (s: DmlState, seat: number, row: Float32Array): void => {
      if (row !== last) k.reset(row);
      else k.again();
      last = null;
      encode(s, seat, k);
      last = row;
    };
    w.written = (out: Int32Array): number => {
      if (last === null) return -1;
      out.set(k.idx.subarray(0, k.n));
      let m = k.nonZero(out, k.n);
      for (let c = 0; c < NUM_CARDS; c++) out[m++] = o.cards + c * NC + k.cls[c];
      return m;
    };
    return w;
  };
  return { spec, write, rowWriter };
}

/** The observation encoder (a seat's view). */
export const createObservationEncoder = (rs: Ruleset): Encoder => build(rs, false);
/** The state tensor encoder (seat 0's view plus every card's true zone). */
export const createStateEncoder = (rs: Ruleset): Encoder => build(rs, true);
