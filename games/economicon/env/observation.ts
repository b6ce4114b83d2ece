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
  const write = (s: EconomiconState, seat: number, out: Float32Array): void => {
    out.fill(0);
    const n = s.numPlayers;
    const me = full ? 0 : seat;
    const u = s.units;
    const over = s.outcome !== Outcome.Running;
    const map = me * T;
    out[o.turn] = s.step;
    out[o.turn + 1] = s.turn / rs.data.turnLimit;
    out[o.turn + 2] = over ? 1 : 0;
    if (!over) out[o.current + ((s.current - me + n) % n)] = 1;
    for (let t = 3; t < T; t++) x[t] = unitX(s, rs, t);
    for (let r = 0; r < n; r++) {
      const p = (me + r) % n;
      const h = (RESERVES + p) * T;
      const f = (OFFER + p) * T;
      out[o.seated + r] = 1;
      let v = s.satisfied[p] * mandatePoints;
      for (let i = 0; i < T; i++) {
        const t = typeOf[map + i];
        out[o.reserves + r * T + i] = u[h + t] * invTotal[t];
        v += u[h + t] * (t < 3 ? pts[t] : x[t]);
      }
      for (let i = 0; i < 3; i++) {
        out[o.offers + r * 3 + i] = u[f + i] * invS;
        v += u[f + i] * pts[i];
      }
      out[o.points + r] = v / (v + 50);
      out[o.satisfied + r] = Math.min(1, s.satisfied[p] / satScale);
      out[o.handSize + r] = s.handLen[p] * invLimit;
    }
    for (let i = 0; i < T; i++) {
      const t = typeOf[map + i];
      out[o.market + i] = u[MARKET * T + t] * invS;
      out[o.piles + i] = u[PILE * T + t] * invTotal[t];
    }
    out[o.x] = x[3] * invMaxX;
    for (let j = 0; j < MAX_NATIONS; j++) out[o.x + 1 + j] = x[typeOf[map + CUR0 + j]] * invMaxX;
    for (let c = 0; c < C; c++) {
      const d = cardDef[c];
      const at = s.cardAt[c];
      if (at >= AT_SATISFIED) out[o.satisfiedBy + ((at - AT_SATISFIED - me + n) % n) * D + d] += invCopies[d];
      else if (at === AT_HAND + seat && !full) out[o.myHand + d] += invLimit;
      else out[o.unseen + d] += invCopies[d];
      if (full && at >= AT_HAND && at < AT_SATISFIED) out[o.hands + (at - AT_HAND) * D + d] += invLimit;
    }
    out[o.deckSize] = s.deckLen / C;
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
