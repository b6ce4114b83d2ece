/**
 * The flat action catalogue: every decision a player can make is one integer id in [0, size).
 *
 * Compound choices are split into sub-decisions (pick the card, then the slot or the player; prices and
 * asked items are a SelectTerm sub-decision; a unit is commanded by picking it, then its verb, then the
 * target), so the catalogue stays small for the default ruleset (16 field slots, 16 hand cards, bids 0..20);
 * the size is in docs/ACTIONS.md. Ids are laid out by kind in ascending kind order, each kind's block sized
 * from the ruleset's table sizes and grids (`SHAPES`); decoding is two typed-array lookups. docs/ACTIONS.md
 * is generated from this table (`npx merlin docs`).
 */
import { weakMemo } from '../../../lib/memo.ts';
import type { Ruleset } from '../rules/index.ts';

/**
 * Action kinds, by rulebook chapter (the engine module that declares each kind's legality, apply and
 * description is named in each group; engine/registry.ts gathers them). A kind's number is part of the
 * public contract (action ids, checkpoints, observation layout): numbers never change, a new kind takes an
 * unused number. Kind values are an index, not an id: they may leave gaps; ids are always dense, laid out
 * in ascending kind order.
 */
export const Kind = {
  // ---- the turn (turn.ts) and the Future Reading draw (future-readings.ts)
  EndTurn: 0,
  DrawTeaLeaves: 1,
  DrawCrystalBall: 2,
  // ---- playing cards (playing-cards.ts)
  BuyCard: 3, // arg: place in the Council's offices (`councilDisplay`), else 0
  PlayCard: 4, // arg: hand index
  // ---- spells and potions (magic.ts)
  SellSpell: 5, // arg: hand index
  // ---- properties (properties.ts)
  Invest: 6, // arg: slot, arg2: invest grid index
  // ---- research: labs, Spell Shops, Breweries, Mead (research.ts)
  FundLab: 7, // arg: slot
  CreateSpecialised: 8, // arg: lab slot (then SelectSlot: the property)
  BrewMead: 14,
  SellMead: 15,
  // ---- Chauffeurs (chauffeurs.ts)
  CreateChauffeur: 9, // arg: first property slot (then SelectSlot: the second)
  Deposit: 10, // arg: chauffeur slot, arg2: vault grid index
  Withdraw: 11, // arg: chauffeur slot, arg2: vault grid index
  // ---- Lands (lands.ts)
  Plant: 12, // arg: land slot
  Unplant: 13, // arg: land slot
  // ---- victory (victory.ts)
  PlayCrowns: 16,
  // ---- sub-decisions shared by the chapters (engine.ts dispatches them on the open Pending)
  SelectSlot: 17, // arg: slot
  SelectPlayer: 18, // arg: seat offset 1..5 from the decider
  SelectOption: 19, // arg: option index
  SelectTerm: 39, // arg: index into the menu of the open step (market.prices, trade items, market.propertyPrices, futures terms)
  SelectSquare: 59, // arg: square
  SelectUnit: 60, // arg: square, arg2: stack level
  // ---- Royal Decrees (decrees.ts) and the turn-order auction (setup.ts)
  EnactDecree: 20,
  RefuseDecree: 21,
  Bid: 22, // arg: gold 0..maxBid
  // ---- taxes and the counter votes (taxes.ts, D48)
  PayTax: 23,
  SpendCrownOnTax: 24,
  VoteKeep: 25,
  VoteRaise: 26,
  VoteLower: 27,
  VoteCut: 93, // arg: taxes.costOfLivingCuts index (the largest cut of the Cost of the Living this voter accepts)
  // ---- the Grand Market and transport (market.ts, offers.ts)
  PostBid: 28, // arg: commodity (then SelectTerm: the price; posts, raises or lowers the bid)
  WithdrawBid: 29, // arg: commodity (the bid moves to escrow)
  PostAsk: 30, // arg: commodity, arg2: market.askLots index (then SelectTerm: the price; loads the horse cart)
  PullAsk: 31, // arg: commodity
  SellToBid: 32, // arg: commodity (one unit into the best other bid, by cart)
  BuyFromAsk: 33, // arg: commodity (one unit from the best other ask)
  // ---- trading between players and property sales (trade.ts, offers.ts)
  ProposeTrade: 34, // arg: trade item given (then SelectTerm: the item asked; then SelectPlayer)
  AcceptOffer: 35,
  RefuseOffer: 36,
  OfferProperty: 37, // arg: slot (then SelectTerm: the price; then SelectPlayer)
  LiquidateProperty: 38, // arg: slot
  AuctionProperty: 47, // arg: slot (then SelectTerm: the opening bid; then the other players raise or pass)
  RaiseAuction: 48, // raise the property auction by market.auctionStep
  PassAuction: 49, // leave the property auction
  // ---- futures, loans and insurance (futures.ts, loans.ts, insurance.ts)
  WriteFuture: 40, // arg: commodity (needs a Chauffeur; then SelectTerm: forward price and expiry)
  BuyFuture: 41, // arg: contract place (pay the forward price to the short, become the long)
  ResellFuture: 42, // arg: contract place (the long offers it on; then SelectTerm: price, SelectPlayer: buyer)
  OfferLoan: 43, // arg: finance.loanAmounts index (lend from a Chauffeur vault; then SelectTerm: rate × term, SelectPlayer: borrower)
  RepayLoan: 44, // arg: loan place (the borrower repays everything owed early)
  SellInsurance: 45, // arg: insurance event (needs a Chauffeur; then SelectTerm: the period)
  BuyInsurance: 46, // arg: policy place (pay the premium; the seller's cover is locked)
  // ---- golems, the Royal Guard and combat (combat.ts). A unit is picked by board square: relative seat offset × fieldSlots + slot.
  Animate: 50, // arg: hand index (a Jack or Queen; then SelectSquare: where)
  Motivate: 51, // arg: hand index (a King, active next turn; then SelectSquare: where)
  MotivateNow: 52, // arg: hand index (a King, active at once for 2 gold more; then SelectSquare)
  CommandUnit: 53, // arg: square, arg2: stack level (one of your units; then its verb)
  Move: 54, // verb (then SelectSquare: where)
  AttackProperty: 55, // verb (then SelectSquare: which card)
  AttackUnit: 56, // verb (then SelectUnit: which unit)
  Defend: 57, // verb
  UseAbility: 58, // verb (a King's one-time ability)
  UseAbilityAlt: 61, // verb: the ability's second option (the Adaptive Sentinel's +1 Hit Point)
  LastCall: 62, // arg: slot of your unoccupied Brewery (recall your Royal Guard there for a Mead)
  Combine: 63, // verb: the Queen's combination attack (then SelectUnit: the friendly Jack that joins her)
  UseAbilityThird: 64, // verb: the ability's third option (the Grand Artificer's Sharpen Blades)
  // ---- the Private Mint and sales to players (mint.ts)
  IssueBond: 80, // arg: finance.mint.bondFaces index (needs a Chauffeur; then SelectTerm: coupon × maturity)
  BuyBond: 81, // arg: bond place (pay the face to the issuer, become the holder)
  ResellBond: 82, // arg: bond place (the holder offers it on; then SelectTerm: price, SelectPlayer: buyer)
  IssueShare: 83, // arg: finance.mint.shareFractionsPercent index (needs a Chauffeur; then SelectTerm: the price)
  BuyShare: 84, // arg: share place (pay its price to the issuer, become the holder)
  ResellShare: 85, // arg: share place (the holder offers it on; then SelectTerm: price, SelectPlayer: buyer)
  OfferSpell: 86, // then SelectTerm: which spell (the t-th in hand; shown to all), SelectTerm: price, SelectPlayer: buyer
  OfferMead: 87, // one Mead at the Cost of the Living price (then SelectPlayer: buyer)
  // ---- the regulation vote (regulations.ts)
  ProposeRegulation: 90, // arg: index into decrees.regulations (make, change to or delete it)
  VoteRegulationFor: 91,
  VoteRegulationAgainst: 92,
} as const;
export type Kind = (typeof Kind)[keyof typeof Kind];

export const KIND_NAMES: Record<number, string> = Object.fromEntries(Object.entries(Kind).map(([k, v]) => [v, k]));

/** The decision families reported by evaluation and training (docs/ACTIONS.md "Categories"). */
export type KindCategory = 'economy' | 'market' | 'combat';

/** Most players an offset can name (SelectPlayer offsets 1..5). */
export const MAX_OFFSET = 5;
/** Most decree options shown at once. */
export const MAX_OPTIONS = 4;

/**
 * The arguments and category of one action kind: `count(rs)` ids, arg2 radix `radix(rs)` (id = base + arg ×
 * radix + arg2; 1 for kinds without arg2). Category: the Grand Market, transport, trading, finance, the
 * Private Mint and selling spells and Mead are `market`; golems, the Royal Guard and combat are `combat`;
 * everything else (building, research, cards, decrees, taxes, bids, sub-decisions) is `economy`.
 */
export interface KindShape {
  readonly category: KindCategory;
  readonly count: (rs: Ruleset) => number;
  readonly radix?: (rs: Ruleset) => number;
}

export const one = (): number => 1;
export const slots = (rs: Ruleset): number => rs.data.table.fieldSlots;
export const hand = (rs: Ruleset): number => rs.data.table.handSize;
export const commodities = (): number => 3;
export const squares = (rs: Ruleset): number => rs.data.players.max * rs.data.table.fieldSlots; // board squares, relative to the decider
export const stack = (rs: Ruleset): number => rs.data.combat.stackMax;
/** Shapes by category, for `SHAPES` and for `defineKind`. */
export const economy = (count: (rs: Ruleset) => number = one, radix?: (rs: Ruleset) => number): KindShape => ({
  category: 'economy',
  count,
  radix,
});
export const market = (count: (rs: Ruleset) => number = one, radix?: (rs: Ruleset) => number): KindShape => ({
  category: 'market',
  count,
  radix,
});
export const combat = (count: (rs: Ruleset) => number = one, radix?: (rs: Ruleset) => number): KindShape => ({
  category: 'combat',
  count,
  radix,
});

/** Trade items (engine/trade.ts tradeItem): each commodity in each trade lot, each gold amount, nothing. */
const tradeItems = (rs: Ruleset): number => 3 * rs.data.market.tradeLots.length + rs.data.market.tradeGold.length + 1;

/** The longest menu a SelectTerm step offers (prices, trade items, property prices, futures, loan, insurance, auction, bond, share and spell terms). */
function termMenu(rs: Ruleset): number {
  const m = rs.data.market;
  const fin = rs.data.finance;
  return Math.max(
    m.prices.length,
    tradeItems(rs),
    m.propertyPrices.length,
    fin.forwardPrices.length * fin.expiryMonths.length,
    fin.loanRatesPercent.length * fin.loanTermMonths.length,
    fin.insurance.periodTurns.length,
    m.auctionOpenings.length,
    fin.mint.bondCouponPercent.length * fin.mint.bondTermMonths.length,
    fin.mint.bondPrices.length,
    fin.mint.sharePrices.length,
    m.spellPrices.length,
  );
}

/** Every kind's arguments and category, by chapter (the groups of `Kind`). */
const SHAPES: Record<number, KindShape> = {
  [Kind.EndTurn]: economy(),
  [Kind.DrawTeaLeaves]: economy(),
  [Kind.DrawCrystalBall]: economy(),
  [Kind.BuyCard]: economy((rs) => rs.data.councilDisplay ?? 1),
  [Kind.PlayCard]: economy(hand),
  [Kind.SellSpell]: market(hand),
  [Kind.Invest]: economy(
    (rs) => rs.data.table.fieldSlots * rs.data.grids.invest.length,
    (rs) => rs.data.grids.invest.length,
  ),
  [Kind.FundLab]: economy(slots),
  [Kind.CreateSpecialised]: economy(slots),
  [Kind.BrewMead]: economy(),
  [Kind.SellMead]: market(),
  [Kind.CreateChauffeur]: economy(slots),
  [Kind.Deposit]: economy(
    (rs) => rs.data.table.fieldSlots * rs.data.grids.vault.length,
    (rs) => rs.data.grids.vault.length,
  ),
  [Kind.Withdraw]: economy(
    (rs) => rs.data.table.fieldSlots * rs.data.grids.vault.length,
    (rs) => rs.data.grids.vault.length,
  ),
  [Kind.Plant]: economy(slots),
  [Kind.Unplant]: economy(slots),
  [Kind.PlayCrowns]: economy(),
  [Kind.SelectSlot]: economy(slots),
  [Kind.SelectPlayer]: economy(() => MAX_OFFSET),
  [Kind.SelectOption]: economy(() => MAX_OPTIONS),
  [Kind.SelectTerm]: market(termMenu),
  [Kind.SelectSquare]: combat(squares),
  [Kind.SelectUnit]: combat((rs) => squares(rs) * stack(rs), stack),
  [Kind.EnactDecree]: economy(),
  [Kind.RefuseDecree]: economy(),
  [Kind.Bid]: economy((rs) => rs.data.grids.maxBid + 1),
  [Kind.PayTax]: economy(),
  [Kind.SpendCrownOnTax]: economy(),
  [Kind.VoteKeep]: economy(),
  [Kind.VoteRaise]: economy(),
  [Kind.VoteLower]: economy(),
  [Kind.VoteCut]: economy((rs) => rs.data.taxes.costOfLivingCuts.length),
  [Kind.PostBid]: market(commodities),
  [Kind.WithdrawBid]: market(commodities),
  [Kind.PostAsk]: market(
    (rs) => 3 * rs.data.market.askLots.length,
    (rs) => rs.data.market.askLots.length,
  ),
  [Kind.PullAsk]: market(commodities),
  [Kind.SellToBid]: market(commodities),
  [Kind.BuyFromAsk]: market(commodities),
  [Kind.ProposeTrade]: market(tradeItems),
  [Kind.AcceptOffer]: market(),
  [Kind.RefuseOffer]: market(),
  [Kind.OfferProperty]: market(slots),
  [Kind.LiquidateProperty]: market(slots),
  [Kind.AuctionProperty]: market(slots),
  [Kind.RaiseAuction]: market(),
  [Kind.PassAuction]: market(),
  [Kind.WriteFuture]: market(commodities),
  [Kind.BuyFuture]: market((rs) => rs.data.finance.maxContracts),
  [Kind.ResellFuture]: market((rs) => rs.data.finance.maxContracts),
  [Kind.OfferLoan]: market((rs) => rs.data.finance.loanAmounts.length),
  [Kind.RepayLoan]: market((rs) => rs.data.finance.maxLoans),
  [Kind.SellInsurance]: market((rs) => rs.data.finance.insurance.events.length),
  [Kind.BuyInsurance]: market((rs) => rs.data.finance.insurance.maxPolicies),
  [Kind.Animate]: combat(hand),
  [Kind.Motivate]: combat(hand),
  [Kind.MotivateNow]: combat(hand),
  [Kind.CommandUnit]: combat((rs) => squares(rs) * stack(rs), stack),
  [Kind.Move]: combat(),
  [Kind.AttackProperty]: combat(),
  [Kind.AttackUnit]: combat(),
  [Kind.Defend]: combat(),
  [Kind.UseAbility]: combat(),
  [Kind.UseAbilityAlt]: combat(),
  [Kind.LastCall]: combat(slots),
  [Kind.Combine]: combat(),
  [Kind.UseAbilityThird]: combat(),
  [Kind.IssueBond]: market((rs) => rs.data.finance.mint.bondFaces.length),
  [Kind.BuyBond]: market((rs) => rs.data.finance.mint.maxBonds),
  [Kind.ResellBond]: market((rs) => rs.data.finance.mint.maxBonds),
  [Kind.IssueShare]: market((rs) => rs.data.finance.mint.shareFractionsPercent.length),
  [Kind.BuyShare]: market((rs) => rs.data.finance.mint.maxShares),
  [Kind.ResellShare]: market((rs) => rs.data.finance.mint.maxShares),
  [Kind.OfferSpell]: market(),
  [Kind.OfferMead]: market(),
  [Kind.ProposeRegulation]: economy((rs) => rs.data.decrees.regulations.length),
  [Kind.VoteRegulationFor]: economy(),
  [Kind.VoteRegulationAgainst]: economy(),
};

/** Every kind value, ascending: the order of the catalogue's id blocks (kinds of `defineKind` included). */
export let KINDS: readonly number[] = (Object.values(Kind) as number[]).sort((x, y) => x - y);
/** One more than the largest kind value: the length of tables indexed by kind. */
export let KIND_LIMIT = KINDS[KINDS.length - 1] + 1;
const CATEGORY: KindCategory[] = [];
for (const k of KINDS) CATEGORY[k] = SHAPES[k].category;
/** A declared kind's row in docs/ACTIONS.md: the phase or step it is decided in, and what it does. */
export interface KindDoc {
  readonly decidedIn: string;
  readonly meaning: string;
}
const DECLARED_DOCS: KindDoc[] = [];
/** The docs/ACTIONS.md row of a kind declared with `defineKind` (undefined for the shipped kinds: cli/docs.ts has theirs). */
export function declaredKindDoc(k: number): KindDoc | undefined {
  return DECLARED_DOCS[k];
}
/** Set once a catalogue is built: kinds can no longer be declared. */
let catalogueBuilt = false;

/**
 * Declare a new action kind from the chapter that owns it, at module load: its number (a value no kind
 * uses, below 256: ids store kinds as bytes), its name (KIND_NAMES), its shape (`economy(count, radix)`,
 * `market(...)`, `combat(...)`) and its row of docs/ACTIONS.md (where it is decided, what it means). The chapter then gives the kind its phases, check,
 * apply and description in its `KindRules` table, and engine/registry.ts gathers it like the kinds of
 * `Kind`; engine.ts's fast legal-action paths know only the shipped kinds, so a declared kind, in any phase,
 * is enumerated by its check. The
 * kinds of `Kind` are the shipped ones; a declared kind joins them in the catalogue (ids laid out in
 * ascending kind order, so a number above 93 appends its ids after today's and keeps every existing id).
 *
 * @returns `value`, for the chapter's constant (`export const Concede = defineKind('Concede', 94, economy(), {...})`)
 * @throws Error for a number already used, out of 0..255, a name already used, or a declaration after
 *   the first catalogue was built (a kind must be declared when its module loads)
 */
export function defineKind(name: string, value: number, shape: KindShape, doc: KindDoc): number {
  if (!Number.isInteger(value) || value < 0 || value > 255) throw new Error(`action kind ${name}: number ${value} is not in 0..255`);
  if (KIND_NAMES[value] !== undefined) throw new Error(`action kind ${name}: number ${value} is already ${KIND_NAMES[value]}`);
  if (Object.values(KIND_NAMES).includes(name)) throw new Error(`action kind ${name} is declared twice`);
  if (catalogueBuilt) throw new Error(`action kind ${name} is declared after the action catalogue was built: declare kinds at module load`);
  KIND_NAMES[value] = name;
  SHAPES[value] = shape;
  CATEGORY[value] = shape.category;
  DECLARED_DOCS[value] = doc;
  KINDS = [...KINDS, value].sort((x, y) => x - y);
  KIND_LIMIT = KINDS[KINDS.length - 1] + 1;
  return value;
}

/** The category of action kind `k` (economy for an unused value). */
export function kindCategory(k: number): KindCategory {
  return CATEGORY[k] ?? 'economy';
}

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
  catalogueBuilt = true;
  let size = 0;
  for (const k of KINDS) size += SHAPES[k].count(rs);
  const kind = new Uint8Array(size);
  const arg = new Int16Array(size);
  const arg2 = new Int16Array(size);
  const base = new Int32Array(KIND_LIMIT).fill(-1);
  const count = new Int32Array(KIND_LIMIT);
  const radixOf = new Int32Array(KIND_LIMIT).fill(1);
  let id = 0;
  for (const k of KINDS) {
    const c = SHAPES[k].count(rs);
    const radix = SHAPES[k].radix?.(rs) ?? 1;
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
export function actionId(rs: Ruleset, kind: number, arg = 0, arg2 = 0): number {
  const cat = catalogue(rs);
  if (kind === Kind.SelectPlayer) return cat.base[kind] + arg - 1;
  return cat.base[kind] + arg * cat.radix[kind] + arg2;
}
