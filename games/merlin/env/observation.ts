/**
 * Observation and state tensors for Merlin Economics (docs/OBSERVATION.md is generated from the specs here).
 *
 * `createObservationEncoder(rs)` writes one seat's view into a caller-owned Float32Array: the public table
 * from that seat's point of view (itself first, then the other seats in turn order) plus its own hidden
 * cards. `createStateEncoder(rs)` writes the perfect-information tensor for centralised critics: the same
 * public layout by absolute seat, plus every seat's hidden cards, bids and votes and the decree options.
 *
 * Both layouts are generated from code (`TensorLayout.add`, env/core/layout.ts) and sized by the ruleset only (players.max
 * seats, fieldSlots, handSize, deck definitions), so the length is fixed whatever the player count: absent
 * seats are all zero with `seat.present` = 0. Every value is finite and within its segment's [low, high];
 * each segment's `meaning` states its normalisation. Hidden-information rules (never broken by `observe`):
 *
 * - Other players' hands and cards bought this turn appear only as counts.
 * - Face-down potions appear only as "a potion lies here" counts; their identities only to their owner.
 * - Auction bids are hidden: during the turn-order auction and a refused decree's auction every other seat's
 *   gold is shown as pocket + bid (their closed fist folded back), the pot as what it holds beyond the bids
 *   of the open round, and net worths with bids folded back in. A seat's own bid is in `bid`.
 * - Tax-rate votes are hidden until all are cast: only whether each seat has voted; one's own vote in `vote`.
 * - Decree options are shown only to the King's drawer. Draw-pile order is shown to nobody (sizes only).
 * - A decree is shown by its face (docs/RULES.md D151): designs sharing a name look the same; the hidden cost
 *   is seen by nobody until the decree is enacted (then only its effect on the public counters and purses).
 * - The pending hand index of a sub-decision is shown only to the decider.
 *
 * Speed: offsets are fixed when the encoder is made. The encoder writes into a private row that it keeps
 * all zero between calls and lists each entry it writes (about 85 are non-zero of `full`'s 9,172 in a 4-player game, docs/OBSERVATION.md),
 * so `observe` zero-fills the caller's row and copies the non-zero ones, and `observeSparse` returns them as
 * (index, value) pairs without touching a dense row at all. A row writer (`observationRowWriter`) skips the
 * private row: it encodes straight into a row it owns and keeps the list of its entries, to zero them before
 * the next call; vector envs use it (env/core/vector.ts). `encode` calls one small writer per feature block
 * (see `build`), so V8 inlines `put` and the engine helpers (`bestBid`, `contractWorths`...) into each; see
 * docs/BENCHMARKS.md for the figures.
 * Layout: `build` calls the feature blocks (observation/*.ts), one per topic, in layout order; each declares its
 * segments (`TensorLayout.add`, with named sub-fields for record-shaped entries, `record`) right above the
 * function that writes them, and returns its writers, which close over the offsets.
 */
import type { ObservationRowWriter, TensorSpec } from '../../../env/core/game.ts';
import { TensorLayout } from '../../../env/core/layout.ts';
import { ArgumentError } from '../../../lib/errors.ts';
import type { Ruleset } from '../rules/index.ts';
import type { MerlinState } from '../engine/state.ts';
import { createBlock } from './observation/block.ts';
import { clockBlock } from './observation/clock.ts';
import { seatsBlock } from './observation/seats.ts';
import { cardsBlock, decreeDesignsBlock, regulationsBlock } from './observation/cards.ts';
import { marketBlock, marketCardsBlock } from './observation/market.ts';
import { financeBlock, mintBlock } from './observation/finance.ts';
import { combatBlock } from './observation/combat.ts';
import { entityGroups } from './observation/entities.ts';

export { MAX_READINGS } from './observation/block.ts';

/** The writer shared by both encoders: `full` selects the perfect-information state tensor. */
interface Encoder {
  spec: TensorSpec;
  write: (s: MerlinState, observer: number, out: Float32Array) => void;
  writeSparse: (s: MerlinState, observer: number, index: Int32Array, value: Float32Array) => number;
  rowWriter: (capacity?: number) => RowWriter;
}

/** A row writer (`Game.observationRowWriter`) with the list of what it last wrote. */
type RowWriter = ObservationRowWriter<MerlinState> & { written(out: Int32Array): number };

/**
 * Both encoders. The feature blocks are called in layout order, one per topic (the decision and the clock,
 * pools, seats, fields, Future Readings, decrees, hidden cards, the market, futures, loans, insurance, combat,
 * regulations, the Private Mint, market cards): each declares its segments and returns the `write*`
 * functions that write them; `encode` at the end calls the writers. The layout order is the spec (its hash
 * pins it), so the few segments of a topic that sit inside another block's range are declared there and say
 * which writer fills them (the potions and production modifiers, written with the fields).
 */
function build(rs: Ruleset, full: boolean): Encoder {
  const L = new TensorLayout();
  const ctx = createBlock(rs, full, L);
  const { rel, relOf, orderPos } = ctx;

  const { writeDecision, writePools } = clockBlock(ctx, put);
  const { writeSeats, writeModifiers, oFront, oSlotPotions } = seatsBlock(ctx, put, at);
  const { writeReadings, writeDecrees, writeHidden, writePotions } = cardsBlock(ctx, put, at, { oFront, oSlotPotions });
  const { writeMarketBook, writeMarketSeats, writeOffer } = marketBlock(ctx, put);
  const { writeFutures, writeLoans, writePolicies } = financeBlock(ctx, put);
  const { writeCombat, writeCombat2 } = combatBlock(ctx, put);
  const { writeRegulations } = regulationsBlock(ctx, put);
  const { writeDecreeDesigns } = decreeDesignsBlock(ctx, put);
  const { writeMint } = mintBlock(ctx, put);
  const { writeMarketCards, writeCouncil } = marketCardsBlock(ctx, put);
  if (!full) entityGroups(ctx);

  // ======== the row-writing machinery
  const spec = L.spec();
  const size = spec.size;

  // The encoder writes into `buf`, a private dense row that is all zero between calls, and lists every
  // entry it writes in `touched`; the caller's row is then filled from that list (dense) or the
  // list is returned (sparse). Observations are 1-2% non-zero, so neither the caller's row nor `buf` is
  // swept, and a vector env can rewrite only the entries of its rows that changed (env/core/vector.ts).
  // `var`, not const/let: a closure reading a let/const checks it for the temporal dead zone on every
  // access, and `put` must stay small enough for V8 to inline at each of its ~200 call sites.
  // eslint-disable-next-line no-var
  var buf: Float32Array = new Float32Array(size);
  const own = buf;
  // touched[1..nt] lists every write (a few entries are written twice: potions add up, so twice the size
  // is room). The pre-increment keeps `put` at 27 bytes of bytecode, V8's always-inline size.
  // eslint-disable-next-line no-var
  var touched = new Int32Array(2 * size + 1);
  const ownList = touched;
  // eslint-disable-next-line no-var
  var nt = 0;

  /** buf[i] = v, listing i in `touched` (zeros and repeats are dropped when the list is read). */
  function put(i: number, v: number): void {
    buf[i] = v;
    touched[++nt] = i;
  }

  /** buf[i]: what the row being written holds (the potions' counts add up; the first production modifier wins). */
  function at(i: number): number {
    return buf[i];
  }

  function checkSeat(s: MerlinState, observer: number): void {
    const P = s.numPlayers;
    if (!full && !(observer >= 0 && observer < P && (observer | 0) === observer))
      throw new ArgumentError(`seat ${observer} is not in this ${P}-player game`);
  }

  /** Dense: the observation into out[0, size). */
  function write(s: MerlinState, observer: number, out: Float32Array): void {
    if (out.length < size) throw new ArgumentError(`observation buffer holds ${out.length} values, needs ${size}`);
    checkSeat(s, observer);
    encode(s, observer);
    checkList();
    out.fill(0, 0, size);
    for (let k = 1; k <= nt; k++) {
      const i = touched[k];
      const v = buf[i];
      if (v !== 0) {
        out[i] = v;
        buf[i] = 0;
      }
    }
    nt = 0;
  }

  /** Writes past the private list's end (twice the row's size) are dropped by the typed array: a bug in this file, never silent. */
  function checkList(): void {
    if (nt >= ownList.length - 1) throw new Error(`observation encoder: ${nt} writes overflow its list of ${ownList.length - 1}`);
  }

  /**
   * A writer that keeps one caller-owned row equal to the observation: it zeroes the entries it wrote into
   * that row last time, then encodes straight into the row, listing the entries in a list of its own (no
   * private row, nothing copied out). The row must not be written by anyone else between calls; a call with
   * another row, or after a call that threw, zero-fills the row first. `capacity`: the entries its list
   * starts with room for (it grows when an observation needs more).
   */
  function rowWriter(capacity = 256): RowWriter {
    let list = new Int32Array(capacity + 1); // list[1..n]: the entries written into prevRow last time
    let n = -1; // -1: the row's contents are unknown
    let prevRow: Float32Array | null = null;
    const write: RowWriter = (s, observer, row) => {
      if (row.length < size) throw new ArgumentError(`observation buffer holds ${row.length} values, needs ${size}`);
      checkSeat(s, observer);
      if (n < 0 || row !== prevRow) row.fill(0, 0, size);
      else for (let k = 1; k <= n; k++) row[list[k]] = 0;
      n = -1;
      prevRow = row;
      // Entries a throwing call left in the private row (listed in touched[1..nt]) are cleared first.
      for (let k = 1; k <= nt; k++) own[touched[k]] = 0;
      for (;;) {
        nt = 0;
        buf = row;
        touched = list;
        try {
          encode(s, observer);
        } finally {
          buf = own;
          touched = ownList;
        }
        if (nt < list.length) break;
        // The list was too short (`nt` counts the writes it dropped too): a longer one, and encode again.
        list = new Int32Array(2 * nt + 1);
        row.fill(0, 0, size);
      }
      n = nt;
      nt = 0;
    };
    write.written = (out: Int32Array): number => {
      for (let k = 0; k < n; k++) out[k] = list[k + 1];
      return n;
    };
    return write;
  }

  /** Sparse: the non-zero entries as (index, value) pairs, each index once, in no particular order; returns how many. */
  function writeSparse(s: MerlinState, observer: number, index: Int32Array, value: Float32Array): number {
    if (index.length < size || value.length < size)
      throw new ArgumentError(`sparse observation buffers hold ${Math.min(index.length, value.length)} entries, need ${size}`);
    checkSeat(s, observer);
    encode(s, observer);
    checkList();
    let n = 0;
    for (let k = 1; k <= nt; k++) {
      const i = touched[k];
      const v = buf[i];
      if (v !== 0) {
        index[n] = i;
        value[n++] = v;
        buf[i] = 0;
      }
    }
    nt = 0;
    return n;
  }

  function encode(s: MerlinState, observer: number): void {
    // A previous call that threw midway left entries behind: clear them.
    for (let k = 1; k <= nt; k++) buf[touched[k]] = 0;
    nt = 0;
    const P = s.numPlayers;
    const order = s.order;
    // Relative seats: the observer first, then the turn order (seat order while the order is unfixed).
    let placed = true;
    for (let i = 0; i < P; i++) {
      orderPos[i] = 0;
      if (order[i] < 0) placed = false;
    }
    for (let i = 0; i < P; i++) if (order[i] >= 0) orderPos[order[i]] = i + 1;
    if (full) {
      for (let i = 0; i < P; i++) rel[i] = i;
    } else if (placed) {
      let pos = 0;
      while (order[pos] !== observer) pos++;
      for (let i = 0; i < P; i++) {
        const j = pos + i;
        rel[i] = order[j < P ? j : j - P];
      }
    } else {
      for (let i = 0; i < P; i++) {
        const j = observer + i;
        rel[i] = j < P ? j : j - P;
      }
    }
    for (let i = 0; i < P; i++) relOf[rel[i]] = i;

    const active = placed ? order[s.turnIdx] : -1;

    // The feature blocks, in the order they have always been written (values do not depend on it: each block
    // reads back only its own entries).
    writeDecision(s, observer, active);
    writePools(s);
    writeSeats(s, observer, active);
    writePotions(s, observer);
    writeModifiers(s);
    writeReadings(s);
    writeDecrees(s, observer);
    writeMarketBook(s);
    writeMarketSeats(s);
    writeOffer(s);
    writeFutures(s);
    writeLoans(s);
    writePolicies(s);
    writeHidden(s, observer);
    writeCombat(s, observer);
    writeRegulations(s);
    if (s.unitCard.length > 0) writeCombat2(s);
    writeMint(s);
    writeMarketCards(s);
    if (s.council.length > 0) writeCouncil(s);
    if (full) writeDecreeDesigns(s);
  }

  return { spec, write, writeSparse, rowWriter };
}

/**
 * The observation encoder of ruleset `rs`: `observe(s, seat, out)` writes `seat`'s view of `s` into
 * `out` (length >= spec.size). Allocates nothing per call.
 * @throws ArgumentError for a seat outside the game or a short buffer
 */
export function createObservationEncoder(rs: Ruleset): {
  spec: TensorSpec;
  observe(s: MerlinState, seat: number, out: Float32Array): void;
  /**
   * The same observation as its non-zero entries: writes (index, value) pairs into `index` / `value`
   * (each of length >= spec.size), each index once, in no particular order; returns how many.
   */
  observeSparse(s: MerlinState, seat: number, index: Int32Array, value: Float32Array): number;
  /**
   * A writer that keeps one caller-owned row up to date, rewriting only what it wrote there last time
   * (`Game.observationRowWriter`); `capacity` is the number of entries its list starts with room for.
   */
  observationRowWriter(capacity?: number): ObservationRowWriter<MerlinState> & { written(out: Int32Array): number };
} {
  const { spec, write, writeSparse, rowWriter } = build(rs, false);
  return { spec, observe: write, observeSparse: writeSparse, observationRowWriter: rowWriter };
}

/**
 * The perfect-information state encoder of ruleset `rs` (centralised critics): every hand, face-down
 * potion identity, hidden bid and vote and the decree options, by absolute seat; not the RNG state nor the
 * draw piles' order (the future chance outcomes).
 */
export function createStateEncoder(rs: Ruleset): { spec: TensorSpec; encode(s: MerlinState, out: Float32Array): void } {
  const { spec, write } = build(rs, true);
  return { spec, encode: (s: MerlinState, out: Float32Array) => write(s, -1, out) };
}
