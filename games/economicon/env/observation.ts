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
import { TensorLayout } from '../../../env/core/layout.ts';
import type { ObservationRowWriter, TensorSpec } from '../../../env/core/game.ts';
import { CUR0, MAX_NATIONS, NUM_TYPES, type Ruleset } from '../rules/index.ts';
import { AT_HAND, AT_SATISFIED, MARKET, OFFER, Outcome, PILE, RESERVES, unitTotal, unitX, type EconomiconState } from '../engine/index.ts';

const T = NUM_TYPES;

export interface Encoder {
  readonly spec: TensorSpec;
  /** Write `seat`'s observation (or, for the state encoder, the full state; `seat` ignored) into `out`. */
  write(s: EconomiconState, seat: number, out: Float32Array): void;
  /** A new writer for a row one env owns (`Game.observationRowWriter`): the same values as `write`. */
  rowWriter(): ObservationRowWriter<EconomiconState>;
}

/** Unit type of relative type i for an observer at nation `me`: resources and gold as they are, currencies rotated. */
function absType(i: number, me: number): number {
  return i < CUR0 ? i : CUR0 + ((i - CUR0 + me) % MAX_NATIONS);
}

function build(rs: Ruleset, full: boolean): Encoder {
  const D = rs.deck.cards.length;
  const S = rs.data.columnSize;
  const L = new TensorLayout();
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
  const w = new Float64Array(T); // per absolute type, victory points per unit (resources) or its X
  for (let t = 0; t < 3; t++) w[t] = pts[t];

  /** Everything but the mandate blocks (every entry of it written: absent seats and the one-hot zeroed explicitly). */
  const writePublic = (s: EconomiconState, seat: number, out: Float32Array): void => {
    const n = s.numPlayers;
    const me = full ? 0 : seat;
    const u = s.units;
    const over = s.outcome !== Outcome.Running;
    const relOf = (n * MAX_NATIONS + me) * MAX_NATIONS;
    const map = me * T;
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
    for (let t = 3; t < T; t++) w[t] = unitX(s, rs, t);
    for (let p = 0; p < n; p++) {
      const r = rel[relOf + p];
      const h = (RESERVES + p) * T;
      const f = (OFFER + p) * T;
      const ro = oReserves + r * T;
      out[oSeated + r] = 1;
      // Resources and gold in place, currencies rotated to the observer's nation (relative nation j).
      let v = s.satisfied[p] * mandatePoints;
      for (let t = 0; t < CUR0; t++) {
        const k = u[h + t];
        out[ro + t] = k * invTotal[t];
        v += k * w[t];
      }
      for (let j = 0; j < MAX_NATIONS; j++) {
        const t = typeOf[map + CUR0 + j];
        const k = u[h + t];
        out[ro + CUR0 + j] = k * invTotal[t];
        v += k * w[t];
      }
      const fo = oOffers + r * 3;
      const k0 = u[f];
      const k1 = u[f + 1];
      const k2 = u[f + 2];
      out[fo] = k0 * invS;
      out[fo + 1] = k1 * invS;
      out[fo + 2] = k2 * invS;
      v += k0 * w[0] + k1 * w[1] + k2 * w[2];
      out[oPoints + r] = v / (v + 50);
      out[oSatisfied + r] = Math.min(1, s.satisfied[p] / satScale);
      out[oHandSize + r] = s.handLen[p] * invLimit;
    }
    for (let i = 0; i < T; i++) {
      const t = typeOf[map + i];
      out[oMarket + i] = u[MARKET * T + t] * invS;
      out[oPiles + i] = u[PILE * T + t] * invTotal[t];
    }
    out[oX] = w[3] * invMaxX;
    for (let j = 0; j < MAX_NATIONS; j++) out[oX + 1 + j] = w[typeOf[map + CUR0 + j]] * invMaxX;
  };

  /**
   * The mandate blocks (myHand, satisfiedBy, unseen and, in the state tensor, hands; contiguous from myHand)
   * from where each card is, into `block` (length cardsLen: the row's [oMyHand, cardsEnd), kept apart and
   * copied into rows).
   */
  const cardsLen = cardsEnd - oMyHand;
  const bSatisfiedBy = oSatisfiedBy - oMyHand;
  const bUnseen = oUnseen - oMyHand;
  const bHands = oHands - oMyHand;
  const writeCards = (s: EconomiconState, seat: number, block: Float32Array): void => {
    const cardAt = s.cardAt;
    const relOf = (s.numPlayers * MAX_NATIONS + (full ? 0 : seat)) * MAX_NATIONS;
    block.fill(0);
    const myHand = AT_HAND + seat;
    for (let c = 0; c < C; c++) {
      const d = cardDef[c];
      const at = cardAt[c];
      if (at >= AT_SATISFIED) block[bSatisfiedBy + rel[relOf + at - AT_SATISFIED] * D + d] += invCopies[d];
      else if (at === myHand && !full) block[d] += invLimit;
      else block[bUnseen + d] += invCopies[d];
      if (full && at >= AT_HAND && at < AT_SATISFIED) block[bHands + (at - AT_HAND) * D + d] += invLimit;
    }
  };

  // `write`'s memory: per seat, where the cards lay at its last call (and the player count) and the blocks it
  // wrote then; the blocks are copied while no card has moved (any state: the 30 places are compared).
  const lastCards = Array.from({ length: MAX_NATIONS }, () => new Float32Array(cardsLen));
  const lastAt = new Uint8Array(MAX_NATIONS * C);
  const lastN = new Int8Array(MAX_NATIONS).fill(-1);
  const write = (s: EconomiconState, seat: number, out: Float32Array): void => {
    writePublic(s, seat, out);
    const cardAt = s.cardAt;
    const at0 = seat * C;
    let same = s.numPlayers === lastN[seat];
    for (let c = 0; same && c < C; c++) same = cardAt[c] === lastAt[at0 + c];
    if (!same) {
      writeCards(s, seat, lastCards[seat]);
      lastAt.set(cardAt, at0);
      lastN[seat] = s.numPlayers;
    }
    out.set(lastCards[seat], oMyHand);
    out[oDeckSize] = s.deckLen * invC; // after the blocks: in the state tensor, `hands` follows it
  };

  /**
   * A writer for one row that one env owns (Game.observationRowWriter). The env's state changes only through
   * applyAction, under which a card only ever moves out of the deck (deckLen falls) or into a satisfied pile
   * (a satisfied count rises): so for one state object, the number of cards moved so far says whether any
   * card moved since the last call. The mandate blocks are left as they are when the row holds this seat's
   * view of this state with no card moved, copied from this writer's memory of the seat when only the seat
   * changed, and recomputed otherwise.
   */
  const rowWriter = (): ObservationRowWriter<EconomiconState> => {
    const seatCards = Array.from({ length: MAX_NATIONS }, () => new Float32Array(cardsLen));
    const seatState: (EconomiconState | null)[] = new Array<EconomiconState | null>(MAX_NATIONS).fill(null);
    const seatMoved = new Int32Array(MAX_NATIONS);
    let rowState: EconomiconState | null = null;
    let rowRow: Float32Array | null = null;
    let rowSeat = -1;
    let rowMoved = -1;
    return (s, seat, row) => {
      writePublic(s, seat, row);
      let moved = C - s.deckLen;
      for (let p = 0; p < s.numPlayers; p++) moved += s.satisfied[p];
      // Unless the row holds these blocks already, copy them in (from this writer's memory of the seat, rebuilt
      // when a card has moved since).
      if (row !== rowRow || s !== rowState || seat !== rowSeat || moved !== rowMoved) {
        if (s !== seatState[seat] || moved !== seatMoved[seat]) {
          writeCards(s, seat, seatCards[seat]);
          seatState[seat] = s;
          seatMoved[seat] = moved;
        }
        row.set(seatCards[seat], oMyHand);
      }
      rowRow = row;
      rowState = s;
      rowSeat = seat;
      rowMoved = moved;
      row[oDeckSize] = s.deckLen * invC;
    };
  };
  return { spec, write, rowWriter };
}

/** The observation encoder for `rs` (seat-relative, hides other hands and the deck order). */
export function createObservationEncoder(rs: Ruleset): Encoder {
  return build(rs, false);
}

/** The perfect-information state tensor encoder for `rs` (seat 0's view plus every hand). */
export function createStateEncoder(rs: Ruleset): Encoder {
  return build(rs, true);
}
