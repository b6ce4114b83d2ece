/**
 * What every feature block of Merlin's observation and state tensors is built from (env/observation.ts):
 * the ruleset's sizes and the wording shared by the segments' meanings, the layout being declared, the
 * per-call scratch that `encode` fills, and the small helpers several blocks use.
 *
 * A block is a function `xBlock(ctx, put)` that declares its segments on `ctx.L` (in layout order: the spec hash
 * covers it) and returns its `write*` functions, which close over the offsets. `put(i, v)` is the encoder's
 * one writing primitive (env/observation.ts `build`): it is passed as a parameter, not read from `b`, so that
 * each call site loads it from the block's context with no temporal-dead-zone check and V8 inlines it.
 */
import type { TensorLayout } from '../../../../env/core/layout.ts';
import type { Ruleset } from '../../rules/index.ts';
import { MintPending, Pending, Phase, type MerlinState } from '../../engine/state.ts';

/** Most face-up Future Readings encoded one by one (the oldest first); `readingCount` counts them all. */
export const MAX_READINGS = 12;

/** The encoder's writing primitive: entry i of the row being written is v (env/observation.ts `put`). */
export type Put = (i: number, v: number) => void;
/** What the row being written holds at entry i (for the values that add up or where the first write wins). */
export type At = (i: number) => number;

/**
 * One-hot position of each Phase / Pending value (the values leave gaps between the groups of rules, so they are not
 * positions themselves): `PHASE_INDEX[phase]`, `PENDING_INDEX[pending]`, -1 for a value that is not one.
 */
function oneHotIndex(table: Record<string, number>): { names: string[]; index: Int16Array } {
  const entries = Object.entries(table);
  const index = new Int16Array(Math.max(...entries.map(([, v]) => v)) + 1).fill(-1);
  entries.forEach(([, v], i) => (index[v] = i));
  return { names: entries.map(([k]) => k), index };
}
export const PHASES = oneHotIndex(Phase);
const { None: _none, ...OPEN_PENDINGS } = { ...Pending, ...MintPending };
export const PENDINGS = oneHotIndex(OPEN_PENDINGS);
/** Slot kinds encoded one-hot (Empty is all zero): Property, SpellLab, PotionLab, Chauffeur. */
export const SLOT_KINDS = 4;
/** Top kinds encoded one-hot (None and ChauffeurPair are implied by the slot kind): Land, SpellShop, Brewery. */
export const TOP_KINDS = 3;
/** Playing-card suits one-hot: Clubs, Spades, Hearts, Diamonds, Joker. */
export const SUITS = 5;

/**
 * The sub-fields of one entry of a record-shaped segment (a futures contract, a unit, a bond...): their widths
 * in order give each one's offset inside the entry, and `width` the entry's length.
 * `record({ present: 1, commodity: 3, price: 1 })` is `{ present: 0, commodity: 1, price: 4, width: 5 }`.
 */
export function record<K extends string>(widths: Record<K, number>): Readonly<Record<K | 'width', number>> {
  const out = {} as Record<K | 'width', number>;
  let at = 0;
  for (const k of Object.keys(widths) as K[]) {
    out[k] = at;
    at += widths[k];
  }
  out.width = at;
  return out;
}

/** The King's drawer while a Royal Decree is being decided, else -1. */
export function decreeDrawer(s: MerlinState): number {
  return s.decreeCard >= 0 || s.decreeOptions.length > 0 ? s.decreeDrawer : -1;
}

/** The step of an offer being composed, for offer.stage and mint.offer: 0 SelectTerm, 1 SelectPlayer, 2 OfferRespond. */
export function offerStep(phase: number): number {
  return phase === Phase.OfferRespond ? 2 : phase === Phase.SelectPlayer ? 1 : 0;
}

/** The ruleset, the layout and the scratch shared by the feature blocks of one encoder. */
export type Block = ReturnType<typeof createBlock>;

/**
 * The shared part of one encoder of ruleset `rs` (`full`: the perfect-information state tensor), with its
 * empty layout `L`. Sizes: M seats (players.max), F field slots, H hand entries, G gold, C0..C2 (csz) the
 * commodities' totals, R encoded readings, O decree options.
 */
export function createBlock(rs: Ruleset, full: boolean, L: TensorLayout) {
  const d = rs.data;
  const M = d.players.max;
  const F = d.table.fieldSlots;
  const H = d.table.handSize;
  const G = Math.max(1, d.supply.gold);
  const C0 = Math.max(1, d.supply.commodities.souls);
  const C1 = Math.max(1, d.supply.commodities.elixirOil);
  const C2 = Math.max(1, d.supply.commodities.essenceGrain);
  return {
    rs,
    d,
    full,
    L,
    M,
    F,
    H,
    G,
    C0,
    C1,
    C2,
    csz: [C0, C1, C2],
    R: MAX_READINGS,
    O: d.decrees.choices,
    meadPrice: d.mead.priceInCostOfLiving,
    spellDef: rs.cards.spells.instanceDef,
    potionDef: rs.cards.potions.instanceDef,
    decreeDef: rs.cards.royalDecrees.instanceDef,
    nSp: rs.cards.spells.defs.length,
    nPo: rs.cards.potions.defs.length,
    names: (defs: { id: string }[]) => defs.map((x) => x.id).join(', '),
    seatWord: full ? `[${M}] seats by seat number` : `[${M}] relative seats (0 the observer, then turn order)`,
    relWord: full ? 'seat number' : 'relative seat',
    /** Blocks of the private segments: every seat's in the state tensor, the observer's own in the observation. */
    B: full ? M : 1,
    privWord: full ? `[${M}] seats by seat number × ` : "the observer's own: ",
    priceWord: 'x as x / (x + 10)',
    // Per-call scratch, filled by `encode`: rel[i] the seat at relative index i, relOf[p] the relative index of
    // seat p (both the identity in the state tensor), orderPos[p] its turn-order position + 1 (0 unplaced), and
    // worths[p] the part of its net worth that does not come from its field (`seatWorths`).
    rel: new Int32Array(M),
    relOf: new Int32Array(M),
    orderPos: new Int32Array(M),
    worths: new Float64Array(M),
  };
}
