/**
 * Economicon's observation and state tensors (docs/ECONOMICON.md "Observation").
 *
 * The observation is seat-relative: relative seat r is the seat r places clockwise of the observer (r = 0 the
 * observer), relative nation j the nation j places clockwise (so a currency reads "mine", "next", ... for
 * every seat, as the action catalogue's payment choices do). Everything but the mandate hands and the deck
 * order is public: the observer sees its own unsatisfied mandates, every seat's hand size and satisfied
 * mandates, and the counts of the cards it has not seen (deck plus other hands). The state tensor is the same
 * layout from seat 0's view followed by every seat's hand (perfect information, for centralised critics).
 * Every value is normalised into [0, 1].
 */
import { contentHash } from '../../../lib/hash.ts';
import type { SegmentSpec, TensorSpec } from '../../../env/core/game.ts';
import { CUR0, MAX_NATIONS, NUM_TYPES, type Ruleset } from '../rules/index.ts';
import {
  AT_HAND,
  AT_SATISFIED,
  MARKET,
  OFFER,
  Outcome,
  PILE,
  RESERVES,
  unitTotal,
  unitX,
  victoryPoints,
  type EconomiconState,
} from '../engine/index.ts';

const T = NUM_TYPES;

/** A tensor layout under construction: segments appended in order tile [0, size). */
class Layout {
  readonly segments: SegmentSpec[] = [];
  size = 0;
  add(name: string, length: number, meaning: string): number {
    const offset = this.size;
    this.segments.push({ name, offset, length, meaning, low: 0, high: 1 });
    this.size += length;
    return offset;
  }
  spec(): TensorSpec {
    return { size: this.size, segments: this.segments, hash: contentHash(this.segments) };
  }
}

export interface Encoder {
  readonly spec: TensorSpec;
  /** Write `seat`'s observation (or, for the state encoder, the full state; `seat` ignored) into `out`. */
  write(s: EconomiconState, seat: number, out: Float32Array): void;
}

/** Unit type of relative type i for an observer at nation `me`: resources and gold as they are, currencies rotated. */
function absType(i: number, me: number): number {
  return i < CUR0 ? i : CUR0 + ((i - CUR0 + me) % MAX_NATIONS);
}

function build(rs: Ruleset, full: boolean): Encoder {
  const D = rs.deck.cards.length;
  const S = rs.data.columnSize;
  const L = new Layout();
  const o = {
    turn: L.add('turn', 3, 'step of the turn (0 first action, 1 second), turns played / turnLimit, 1 when the game is over'),
    current: L.add('current', MAX_NATIONS, 'one-hot relative seat to act (all zero once over)'),
    seated: L.add('seated', MAX_NATIONS, '1 per relative seat that is in the game'),
    reserves: L.add(
      'reserves',
      MAX_NATIONS * T,
      'per relative seat, units of oil, electricity, technology, gold, currency of relative nation 0..3 / the game total of that type',
    ),
    offers: L.add('offers', MAX_NATIONS * 3, 'per relative seat, units of oil, electricity, technology on open sale offer / column size'),
    market: L.add('market', T, 'units in each market column (types as in reserves) / column size'),
    x: L.add('x', 1 + MAX_NATIONS, 'X of gold, then of relative nation 0..3 currency / the largest printed number'),
    piles: L.add('piles', T, 'units in each draw pile (manufacturing discards return there) / the game total of that type'),
    points: L.add('points', MAX_NATIONS, 'per relative seat, victory points p as p / (p + 50)'),
    satisfied: L.add('satisfied', MAX_NATIONS, 'per relative seat, satisfied mandates / (toEnd + handLimit)'),
    handSize: L.add('handSize', MAX_NATIONS, 'per relative seat, unsatisfied mandates held / handLimit'),
    myHand: L.add('myHand', D, 'per mandate definition, copies in the observer’s hand / handLimit'),
    satisfiedBy: L.add('satisfiedBy', MAX_NATIONS * D, 'per relative seat and mandate definition, copies satisfied / copies in the deck'),
    unseen: L.add('unseen', D, 'per mandate definition, copies in the deck or in other seats’ hands / copies in the deck'),
    deckSize: L.add('deckSize', 1, 'mandates left in the deck / deck size'),
    hands: full
      ? L.add('hands', MAX_NATIONS * D, 'state tensor only: per seat and mandate definition, copies in its hand / handLimit')
      : -1,
  };
  const spec = L.spec();
  // Reciprocals and the seat-relative type map, computed once (the observation is on the env's hot path).
  const invTotal = Float64Array.from({ length: T }, (_, t) => 1 / (unitTotal(rs, rs.data.players.max, t) || 1));
  const invMaxX = 1 / Math.max(...rs.goldX, ...rs.currencyX);
  const invCopies = Float64Array.from(rs.deck.cards, (c) => 1 / c.count);
  const typeOf = Uint8Array.from({ length: MAX_NATIONS * T }, (_, k) => absType(k % T, Math.floor(k / T)));
  const limit = rs.data.mandates.handLimit;
  const invLimit = 1 / limit;
  const satScale = rs.data.mandates.toEnd + limit;
  const C = rs.cardDef.length;
  const cardDef = rs.cardDef;
  const pts = rs.resourcePoints;
  const mandatePoints = rs.data.points.mandate;
  const invS = 1 / S;
  const x = new Float64Array(T);
  // Relative seat of seat p for observer `me` at n players: rel[(n * MAX_NATIONS + me) * MAX_NATIONS + p].
  const rel = new Uint8Array((MAX_NATIONS + 1) * MAX_NATIONS * MAX_NATIONS);
  for (let n = 1; n <= MAX_NATIONS; n++)
    for (let me = 0; me < n; me++) for (let p = 0; p < n; p++) rel[(n * MAX_NATIONS + me) * MAX_NATIONS + p] = (p - me + n) % n;
  // Segment offsets as locals of the closure (read on every call).
  const [oTurn, oCurrent, oSeated, oReserves, oOffers, oMarket, oX, oPiles, oPoints, oSatisfied, oHandSize] = [
    o.turn,
    o.current,
    o.seated,
    o.reserves,
    o.offers,
    o.market,
    o.x,
    o.piles,
    o.points,
    o.satisfied,
    o.handSize,
  ];
  const [oMyHand, oSatisfiedBy, oUnseen, oDeckSize, oHands] = [o.myHand, o.satisfiedBy, o.unseen, o.deckSize, o.hands];
  const invTurnLimit = 1 / rs.data.turnLimit;
  const invC = 1 / rs.cardDef.length;
  // The mandate blocks (myHand, satisfiedBy, unseen and, in the state tensor, hands) are contiguous.
  const cardsEnd = full ? oHands + MAX_NATIONS * D : oUnseen + D;
  const lastCards = Array.from({ length: MAX_NATIONS }, () => new Float32Array(cardsEnd - oMyHand));
  const lastAt = new Uint8Array(MAX_NATIONS * rs.cardDef.length);
  const lastN = new Int8Array(MAX_NATIONS).fill(-1);
  const write = (s: EconomiconState, seat: number, out: Float32Array): void => {
    // Every entry is written below (absent seats and the one-hot zeroed explicitly), so no sweep of the row first.
    const n = s.numPlayers;
    const me = full ? 0 : seat;
    const u = s.units;
    const over = s.outcome !== Outcome.Running;
    const map = me * T;
    const relOf = (n * MAX_NATIONS + me) * MAX_NATIONS;
    out[oTurn] = s.step;
    out[oTurn + 1] = s.turn * invTurnLimit;
    out[oTurn + 2] = over ? 1 : 0;
    for (let r = 0; r < MAX_NATIONS; r++) out[oCurrent + r] = 0;
    if (!over) out[oCurrent + rel[relOf + s.current]] = 1;
    for (let r = n; r < MAX_NATIONS; r++) {
      out[oSeated + r] = 0;
      for (let i = 0; i < T; i++) out[oReserves + r * T + i] = 0;
      for (let i = 0; i < 3; i++) out[oOffers + r * 3 + i] = 0;
      out[oPoints + r] = 0;
      out[oSatisfied + r] = 0;
      out[oHandSize + r] = 0;
    }
    for (let t = 3; t < T; t++) x[t] = unitX(s, rs, t);
    for (let p = 0; p < n; p++) {
      const r = rel[relOf + p];
      const h = (RESERVES + p) * T;
      const f = (OFFER + p) * T;
      out[oSeated + r] = 1;
      let v = s.satisfied[p] * mandatePoints;
      const ro = oReserves + r * T;
      for (let i = 0; i < T; i++) {
        const t = typeOf[map + i];
        const k = u[h + t];
        out[ro + i] = k * invTotal[t];
        v += k * (t < 3 ? pts[t] : x[t]);
      }
      const fo = oOffers + r * 3;
      for (let i = 0; i < 3; i++) {
        out[fo + i] = u[f + i] * invS;
        v += u[f + i] * pts[i];
      }
      out[oPoints + r] = v / (v + 50);
      out[oSatisfied + r] = Math.min(1, s.satisfied[p] / satScale);
      out[oHandSize + r] = s.handLen[p] * invLimit;
    }
    for (let i = 0; i < T; i++) {
      const t = typeOf[map + i];
      out[oMarket + i] = u[MARKET * T + t] * invS;
      out[oPiles + i] = u[PILE * T + t] * invTotal[t];
    }
    out[oX] = x[3] * invMaxX;
    for (let j = 0; j < MAX_NATIONS; j++) out[oX + 1 + j] = x[typeOf[map + CUR0 + j]] * invMaxX;
    // The mandate blocks change only when a card moves: for each seat they are copied from that seat's last
    // call when the cards lie where they lay then (same player count), else recomputed and kept.
    const cardAt = s.cardAt;
    const at0 = seat * C;
    let same = n === lastN[seat];
    for (let c = 0; same && c < C; c++) same = cardAt[c] === lastAt[at0 + c];
    if (same) out.set(lastCards[seat], oMyHand);
    else {
      out.fill(0, oMyHand, cardsEnd);
      const myHand = AT_HAND + seat;
      for (let c = 0; c < C; c++) {
        const d = cardDef[c];
        const at = cardAt[c];
        lastAt[at0 + c] = at;
        if (at >= AT_SATISFIED) out[oSatisfiedBy + rel[relOf + at - AT_SATISFIED] * D + d] += invCopies[d];
        else if (at === myHand && !full) out[oMyHand + d] += invLimit;
        else out[oUnseen + d] += invCopies[d];
        if (full && at >= AT_HAND && at < AT_SATISFIED) out[oHands + (at - AT_HAND) * D + d] += invLimit;
      }
      lastCards[seat].set(out.subarray(oMyHand, cardsEnd));
      lastN[seat] = n;
    }
    out[oDeckSize] = s.deckLen * invC;
  };
  return { spec, write };
}

/** The observation encoder for `rs` (seat-relative, hides other hands and the deck order). */
export function createObservationEncoder(rs: Ruleset): Encoder {
  return build(rs, false);
}

/** The perfect-information state tensor encoder for `rs` (seat 0's view plus every hand). */
export function createStateEncoder(rs: Ruleset): Encoder {
  return build(rs, true);
}
