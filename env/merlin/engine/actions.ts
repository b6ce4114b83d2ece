/**
 * The flat action catalogue: every decision a player can make is one integer id in [0, size).
 *
 * Compound choices are split into sub-decisions (pick the card, then the slot or the player), so the
 * catalogue stays small for the default ruleset (16 field slots, 16 hand cards, bids 0..20): part 1's ids, the
 * market menus of engine part 2 (prices and asked items are a SelectTerm sub-decision), and part 3's combat
 * block (hand cards × 3, 96 board squares × 2 stack levels twice, 96 squares, 5 verbs); the size is in docs/ACTIONS.md.
 * Ids are laid out by kind in a fixed order derived from the ruleset's table sizes and grids; decoding is
 * two typed-array lookups. docs/ACTIONS.md is generated from this table (`npx merlin docs`).
 */
import { weakMemo } from '../../core/memo.ts';
import type { Ruleset } from '../rules/index.ts';

/**
 * Action kinds. Extend at the end only: ids of earlier kinds stay stable for a given ruleset.
 * Kind values are an index, not an id: they may leave gaps (blocks are reserved per engine part:
 * 0-27 part 1 (economy), 28-49 part 2 (market and finance), 50-79 part 3 (combat), 90-99 part 4 (the
 * regulation vote, economy; the Cost of the Living vote)); ids are always dense.
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
  // ---- part 2: market and finance (engine/market.ts, engine/trade.ts)
  PostBid: 28, // arg: commodity (then SelectTerm: the price; posts, raises or lowers the bid)
  WithdrawBid: 29, // arg: commodity (the bid moves to escrow)
  PostAsk: 30, // arg: commodity, arg2: market.askLots index (then SelectTerm: the price; loads the horse cart)
  PullAsk: 31, // arg: commodity
  SellToBid: 32, // arg: commodity (one unit into the best other bid, by cart)
  BuyFromAsk: 33, // arg: commodity (one unit from the best other ask)
  ProposeTrade: 34, // arg: trade item given (then SelectTerm: the item asked; then SelectPlayer)
  AcceptOffer: 35,
  RefuseOffer: 36,
  OfferProperty: 37, // arg: slot (then SelectTerm: the price; then SelectPlayer)
  LiquidateProperty: 38, // arg: slot
  SelectTerm: 39, // arg: index into the menu of the open step (market.prices, trade items, market.propertyPrices, futures terms)
  WriteFuture: 40, // arg: commodity (needs a Chauffeur; then SelectTerm: forward price and expiry)
  BuyFuture: 41, // arg: contract place (pay the forward price to the short, become the long)
  ResellFuture: 42, // arg: contract place (the long offers it on; then SelectTerm: price, SelectPlayer: buyer)
  OfferLoan: 43, // arg: finance.loanAmounts index (lend from a Chauffeur vault; then SelectTerm: rate × term, SelectPlayer: borrower)
  RepayLoan: 44, // arg: loan place (the borrower repays everything owed early)
  SellInsurance: 45, // arg: insurance event (needs a Chauffeur; then SelectTerm: the period)
  BuyInsurance: 46, // arg: policy place (pay the premium; the seller's cover is locked)
  AuctionProperty: 47, // arg: slot (then SelectTerm: the opening bid; then the other players raise or pass)
  RaiseAuction: 48, // raise the property auction by market.auctionStep
  PassAuction: 49, // leave the property auction
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
  Combine: 63, // verb: the Queen's combination attack (then SelectUnit: the friendly Jack that joins her)
  UseAbilityThird: 64, // verb: the ability's third option (the Grand Artificer's Sharpen Blades)
  // ---- part 2, the Private Mint and sales to players (80..89; engine/mint.ts)
  IssueBond: 80, // arg: finance.mint.bondFaces index (needs a Chauffeur; then SelectTerm: coupon × maturity)
  BuyBond: 81, // arg: bond place (pay the face to the issuer, become the holder)
  ResellBond: 82, // arg: bond place (the holder offers it on; then SelectTerm: price, SelectPlayer: buyer)
  IssueShare: 83, // arg: finance.mint.shareFractionsPercent index (needs a Chauffeur; then SelectTerm: the price)
  BuyShare: 84, // arg: share place (pay its price to the issuer, become the holder)
  ResellShare: 85, // arg: share place (the holder offers it on; then SelectTerm: price, SelectPlayer: buyer)
  OfferSpell: 86, // then SelectTerm: which spell (the t-th in hand; shown to all), SelectTerm: price, SelectPlayer: buyer
  OfferMead: 87, // one Mead at the Cost of the Living price (then SelectPlayer: buyer)
  // ---- part 4: the regulation vote (90..99; engine/regulations.ts)
  ProposeRegulation: 90, // arg: index into decrees.regulations (make, change to or delete it)
  VoteRegulationFor: 91,
  VoteRegulationAgainst: 92,
  // ---- the tax-season Cost of the Living vote (engine/taxes.ts, D48)
  VoteCut: 93, // arg: taxes.costOfLivingCuts index (the largest cut of the Cost of the Living this voter accepts)
} as const;
export type Kind = (typeof Kind)[keyof typeof Kind];

export const KIND_NAMES: Record<number, string> = Object.fromEntries(Object.entries(Kind).map(([k, v]) => [v, k]));

/** The decision families reported by evaluation and training (docs/ACTIONS.md "Categories"). */
export type KindCategory = 'economy' | 'market' | 'combat';

/**
 * The category of action kind `k`: part 2's block (28-49: the Grand Market, transport, trading and finance)
 * plus selling spells and Mead is `market`; part 3's block (50-79: golems, the Royal Guard, combat) is
 * `combat`; the Private Mint and sales to players (80-89) are `market` too; everything else (building, research, cards, decrees, taxes, bids) is `economy`.
 */
export function kindCategory(k: number): KindCategory {
  if ((k >= 28 && k <= 49) || (k >= 80 && k <= 89) || k === Kind.SellSpell || k === Kind.SellMead) return 'market';
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
  /** arg2 radix of each kind: id = base + arg * radix + arg2 (1 for kinds without arg2). */
  readonly radix: Int32Array;
}

/** The action catalogue of `rs` (built once per ruleset). */
export const catalogue: (rs: Ruleset) => ActionCatalogue = weakMemo(buildCatalogue);

function buildCatalogue(rs: Ruleset): ActionCatalogue {
  const F = rs.data.table.fieldSlots;
  const H = rs.data.table.handSize;
  const I = rs.data.grids.invest.length;
  const V = rs.data.grids.vault.length;
  const B = rs.data.grids.maxBid + 1;
  const SQ = rs.data.players.max * F; // board squares, relative to the decider
  const L = rs.data.combat.stackMax; // stack levels
  const m = rs.data.market;
  const MP = m.prices.length;
  const ML = m.askLots.length;
  const T = 3 * m.tradeLots.length + m.tradeGold.length + 1; // trade items (engine/trade.ts tradeItem)
  const PP = m.propertyPrices.length;
  const fin = rs.data.finance;
  const FT = Math.max(fin.forwardPrices.length * fin.expiryMonths.length, fin.loanRatesPercent.length * fin.loanTermMonths.length,
    fin.insurance.periodTurns.length, m.auctionOpenings.length, fin.mint.bondCouponPercent.length * fin.mint.bondTermMonths.length,
    fin.mint.bondPrices.length, fin.mint.sharePrices.length, m.spellPrices.length);
  const K = fin.maxContracts;
  // [kind, count, arg2 radix]
  const layout: [number, number, number][] = [
    [Kind.EndTurn, 1, 1], [Kind.DrawTeaLeaves, 1, 1], [Kind.DrawCrystalBall, 1, 1], [Kind.BuyCard, 1, 1],
    [Kind.PlayCard, H, 1], [Kind.SellSpell, H, 1], [Kind.Invest, F * I, I], [Kind.FundLab, F, 1],
    [Kind.CreateSpecialised, F, 1], [Kind.CreateChauffeur, F, 1], [Kind.Deposit, F * V, V], [Kind.Withdraw, F * V, V],
    [Kind.Plant, F, 1], [Kind.Unplant, F, 1], [Kind.BrewMead, 1, 1], [Kind.SellMead, 1, 1], [Kind.PlayCrowns, 1, 1],
    [Kind.SelectSlot, F, 1], [Kind.SelectPlayer, MAX_OFFSET, 1], [Kind.SelectOption, MAX_OPTIONS, 1],
    [Kind.EnactDecree, 1, 1], [Kind.RefuseDecree, 1, 1], [Kind.Bid, B, 1], [Kind.PayTax, 1, 1],
    [Kind.SpendCrownOnTax, 1, 1], [Kind.VoteKeep, 1, 1], [Kind.VoteRaise, 1, 1], [Kind.VoteLower, 1, 1],
    [Kind.PostBid, 3, 1], [Kind.WithdrawBid, 3, 1], [Kind.PostAsk, 3 * ML, ML], [Kind.PullAsk, 3, 1],
    [Kind.SellToBid, 3, 1], [Kind.BuyFromAsk, 3, 1], [Kind.ProposeTrade, T, 1], [Kind.AcceptOffer, 1, 1],
    [Kind.RefuseOffer, 1, 1], [Kind.OfferProperty, F, 1], [Kind.LiquidateProperty, F, 1], [Kind.SelectTerm, Math.max(MP, T, PP, FT), 1],
    [Kind.WriteFuture, 3, 1], [Kind.BuyFuture, K, 1], [Kind.ResellFuture, K, 1], [Kind.OfferLoan, fin.loanAmounts.length, 1],
    [Kind.RepayLoan, fin.maxLoans, 1], [Kind.SellInsurance, fin.insurance.events.length, 1], [Kind.BuyInsurance, fin.insurance.maxPolicies, 1],
    [Kind.AuctionProperty, F, 1], [Kind.RaiseAuction, 1, 1], [Kind.PassAuction, 1, 1],
    // part 3: combat
    [Kind.Animate, H, 1], [Kind.Motivate, H, 1], [Kind.MotivateNow, H, 1], [Kind.CommandUnit, SQ * L, L],
    [Kind.Move, 1, 1], [Kind.AttackProperty, 1, 1], [Kind.AttackUnit, 1, 1], [Kind.Defend, 1, 1], [Kind.UseAbility, 1, 1],
    [Kind.SelectSquare, SQ, 1], [Kind.SelectUnit, SQ * L, L], [Kind.UseAbilityAlt, 1, 1], [Kind.LastCall, F, 1],
    [Kind.Combine, 1, 1], [Kind.UseAbilityThird, 1, 1],
    // part 2: the Private Mint and sales to players
    [Kind.IssueBond, fin.mint.bondFaces.length, 1], [Kind.BuyBond, fin.mint.maxBonds, 1], [Kind.ResellBond, fin.mint.maxBonds, 1],
    [Kind.IssueShare, fin.mint.shareFractionsPercent.length, 1], [Kind.BuyShare, fin.mint.maxShares, 1], [Kind.ResellShare, fin.mint.maxShares, 1],
    [Kind.OfferSpell, 1, 1], [Kind.OfferMead, 1, 1],
    // part 4: the regulation vote
    [Kind.ProposeRegulation, rs.data.decrees.regulations.length, 1], [Kind.VoteRegulationFor, 1, 1], [Kind.VoteRegulationAgainst, 1, 1],
    // the Cost of the Living vote
    [Kind.VoteCut, rs.data.taxes.costOfLivingCuts.length, 1],
  ];
  const size = layout.reduce((n, [, c]) => n + c, 0);
  const kind = new Uint8Array(size);
  const arg = new Int16Array(size);
  const arg2 = new Int16Array(size);
  let maxKind = 0;
  for (const [k] of layout) maxKind = Math.max(maxKind, k);
  const base = new Int32Array(maxKind + 1).fill(-1);
  const count = new Int32Array(maxKind + 1);
  const radixOf = new Int32Array(maxKind + 1).fill(1);
  let id = 0;
  for (const [k, c, radix] of layout) {
    base[k] = id;
    count[k] = c;
    radixOf[k] = radix;
    for (let i = 0; i < c; i++, id++) {
      kind[id] = k;
      arg[id] = radix > 1 ? Math.floor(i / radix) : i;
      arg2[id] = radix > 1 ? i % radix : 0;
    }
  }
  // SelectPlayer offsets are 1-based.
  for (let i = 0; i < MAX_OFFSET; i++) arg[base[Kind.SelectPlayer] + i] = i + 1;
  const cat: ActionCatalogue = { size, kind, arg, arg2, base, count, radix: radixOf };
  return cat;
}

/** The id of (kind, arg, arg2) in `cat`. */
export function actionId(rs: Ruleset, kind: Kind, arg = 0, arg2 = 0): number {
  const cat = catalogue(rs);
  if (kind === Kind.SelectPlayer) return cat.base[kind] + arg - 1;
  return cat.base[kind] + arg * cat.radix[kind] + arg2;
}
