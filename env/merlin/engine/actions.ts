/**
 * The flat action catalogue: every decision a player can make is one integer id in [0, size).
 *
 * Compound choices are split into sub-decisions (pick the card, then the slot or the player), so the
 * catalogue stays small: 316 ids of part 1 for the default ruleset (16 field slots, 16 hand cards, bids 0..20), plus
 * part 3's combat block (hand cards × 3, 96 board squares × 2 stack levels twice, 96 squares, 5 verbs).
 * Ids are laid out by kind in a fixed order derived from the ruleset's table sizes and grids; decoding is
 * two typed-array lookups. docs/ACTIONS.md is generated from this table (`npx merlin docs`).
 */
import type { Ruleset } from '../rules/index.ts';

/**
 * Action kinds. Extend at the end only: ids of earlier kinds stay stable for a given ruleset.
 * Kind values are an index, not an id: they may leave gaps (blocks are reserved per engine part:
 * 0-27 part 1 (economy), 28-49 part 2 (market and finance), 50-79 part 3 (combat)); ids are always dense.
 */
export const Kind = {
  EndTurn: 0,
  DrawTeaLeaves: 1,
  DrawCrystalBall: 2,
  BuyCard: 3,
  PlayCard: 4, // arg: hand index
  SellSpell: 5, // arg: hand index
  Invest: 6, // arg: slot, arg2: invest grid index
  FundLab: 7, // arg: slot
  CreateSpecialised: 8, // arg: lab slot (then SelectSlot: the property)
  CreateChauffeur: 9, // arg: first property slot (then SelectSlot: the second)
  Deposit: 10, // arg: chauffeur slot, arg2: vault grid index
  Withdraw: 11, // arg: chauffeur slot, arg2: vault grid index
  Plant: 12, // arg: land slot
  Unplant: 13, // arg: land slot
  BrewMead: 14,
  SellMead: 15,
  PlayCrowns: 16,
  SelectSlot: 17, // arg: slot
  SelectPlayer: 18, // arg: seat offset 1..5 from the decider
  SelectOption: 19, // arg: option index
  EnactDecree: 20,
  RefuseDecree: 21,
  Bid: 22, // arg: gold 0..maxBid
  PayTax: 23,
  SpendCrownOnTax: 24,
  VoteKeep: 25,
  VoteRaise: 26,
  VoteLower: 27,
  // ---- part 3: combat (50..79). A unit is picked by board square: relative seat offset × fieldSlots + slot.
  Animate: 50, // arg: hand index (a Jack or Queen; then SelectSquare: where)
  Motivate: 51, // arg: hand index (a King, active next turn; then SelectSquare: where)
  MotivateNow: 52, // arg: hand index (a King, active at once for 2 gold more; then SelectSquare)
  CommandUnit: 53, // arg: square, arg2: stack level (one of your units; then its verb)
  Move: 54, // verb (then SelectSquare: where)
  AttackProperty: 55, // verb (then SelectSquare: which card)
  AttackUnit: 56, // verb (then SelectUnit: which unit)
  Defend: 57, // verb
  UseAbility: 58, // verb (a King's one-time ability)
  SelectSquare: 59, // arg: square
  SelectUnit: 60, // arg: square, arg2: stack level
  UseAbilityAlt: 61, // verb: the ability's second option (the Adaptive Sentinel's +1 Hit Point)
  LastCall: 62, // arg: slot of your unoccupied Brewery (recall your Royal Guard there for a Mead)
} as const;
export type Kind = (typeof Kind)[keyof typeof Kind];

export const KIND_NAMES: Record<number, string> = Object.fromEntries(Object.entries(Kind).map(([k, v]) => [v, k]));

/** The decision families reported by evaluation and training (docs/ACTIONS.md "Categories"). */
export type KindCategory = 'economy' | 'market' | 'combat';

/**
 * The category of action kind `k`: part 2's block (28-49: the Grand Market, transport, trading and finance)
 * plus selling spells and Mead is `market`; part 3's block (50-79: golems, the Royal Guard, combat) is
 * `combat`; everything else (building, research, cards, decrees, taxes, bids) is `economy`.
 */
export function kindCategory(k: number): KindCategory {
  if ((k >= 28 && k <= 49) || k === Kind.SellSpell || k === Kind.SellMead) return 'market';
  if (k >= 50 && k <= 79) return 'combat';
  return 'economy';
}

/** Most players an offset can name (SelectPlayer offsets 1..5). */
export const MAX_OFFSET = 5;
/** Most decree options shown at once. */
export const MAX_OPTIONS = 4;

/** The decoded catalogue of one ruleset. */
export interface ActionCatalogue {
  readonly size: number;
  readonly kind: Uint8Array;
  readonly arg: Int16Array;
  readonly arg2: Int16Array;
  /** First id of each kind (index by Kind; -1 for an unused Kind value). */
  readonly base: Int32Array;
  /** Number of ids of each kind. */
  readonly count: Int32Array;
}

const cache = new WeakMap<Ruleset, ActionCatalogue>();

/** The action catalogue of `rs` (built once per ruleset). */
export function catalogue(rs: Ruleset): ActionCatalogue {
  const hit = cache.get(rs);
  if (hit) return hit;
  const F = rs.data.table.fieldSlots;
  const H = rs.data.table.handSize;
  const I = rs.data.grids.invest.length;
  const V = rs.data.grids.vault.length;
  const B = rs.data.grids.maxBid + 1;
  const SQ = rs.data.players.max * F; // board squares, relative to the decider
  const L = rs.data.combat.stackMax; // stack levels
  // [kind, count, arg2 radix]
  const layout: [number, number, number][] = [
    [Kind.EndTurn, 1, 1], [Kind.DrawTeaLeaves, 1, 1], [Kind.DrawCrystalBall, 1, 1], [Kind.BuyCard, 1, 1],
    [Kind.PlayCard, H, 1], [Kind.SellSpell, H, 1], [Kind.Invest, F * I, I], [Kind.FundLab, F, 1],
    [Kind.CreateSpecialised, F, 1], [Kind.CreateChauffeur, F, 1], [Kind.Deposit, F * V, V], [Kind.Withdraw, F * V, V],
    [Kind.Plant, F, 1], [Kind.Unplant, F, 1], [Kind.BrewMead, 1, 1], [Kind.SellMead, 1, 1], [Kind.PlayCrowns, 1, 1],
    [Kind.SelectSlot, F, 1], [Kind.SelectPlayer, MAX_OFFSET, 1], [Kind.SelectOption, MAX_OPTIONS, 1],
    [Kind.EnactDecree, 1, 1], [Kind.RefuseDecree, 1, 1], [Kind.Bid, B, 1], [Kind.PayTax, 1, 1],
    [Kind.SpendCrownOnTax, 1, 1], [Kind.VoteKeep, 1, 1], [Kind.VoteRaise, 1, 1], [Kind.VoteLower, 1, 1],
    // part 3: combat
    [Kind.Animate, H, 1], [Kind.Motivate, H, 1], [Kind.MotivateNow, H, 1], [Kind.CommandUnit, SQ * L, L],
    [Kind.Move, 1, 1], [Kind.AttackProperty, 1, 1], [Kind.AttackUnit, 1, 1], [Kind.Defend, 1, 1], [Kind.UseAbility, 1, 1],
    [Kind.SelectSquare, SQ, 1], [Kind.SelectUnit, SQ * L, L], [Kind.UseAbilityAlt, 1, 1], [Kind.LastCall, F, 1],
  ];
  const size = layout.reduce((n, [, c]) => n + c, 0);
  const kind = new Uint8Array(size);
  const arg = new Int16Array(size);
  const arg2 = new Int16Array(size);
  let maxKind = 0;
  for (const [k] of layout) maxKind = Math.max(maxKind, k);
  const base = new Int32Array(maxKind + 1).fill(-1);
  const count = new Int32Array(maxKind + 1);
  let id = 0;
  for (const [k, c, radix] of layout) {
    base[k] = id;
    count[k] = c;
    for (let i = 0; i < c; i++, id++) {
      kind[id] = k;
      arg[id] = radix > 1 ? Math.floor(i / radix) : i;
      arg2[id] = radix > 1 ? i % radix : 0;
    }
  }
  // SelectPlayer offsets are 1-based.
  for (let i = 0; i < MAX_OFFSET; i++) arg[base[Kind.SelectPlayer] + i] = i + 1;
  const cat: ActionCatalogue = { size, kind, arg, arg2, base, count };
  cache.set(rs, cat);
  return cat;
}

/** The id of (kind, arg, arg2) in `cat`. */
export function actionId(rs: Ruleset, kind: Kind, arg = 0, arg2 = 0): number {
  const cat = catalogue(rs);
  if (kind === Kind.Invest) return cat.base[kind] + arg * rs.data.grids.invest.length + arg2;
  if (kind === Kind.Deposit || kind === Kind.Withdraw) return cat.base[kind] + arg * rs.data.grids.vault.length + arg2;
  if (kind === Kind.SelectPlayer) return cat.base[kind] + arg - 1;
  if (kind === Kind.CommandUnit || kind === Kind.SelectUnit) return cat.base[kind] + arg * rs.data.combat.stackMax + arg2;
  return cat.base[kind] + arg;
}
