/**
 * The decision flow of the market, trading and finance: how market actions and offers become a few small
 * sub-decisions (docs/RULES.md D54, D63), and the registry entries of their kinds (MARKET_RULES; the Mint's are mint.ts's MINT_RULES).
 *
 *   PostBid(c)        -> SelectTerm(price)                         bid posted / raised / lowered
 *   PostAsk(c, lot)   -> SelectTerm(price)                         units loaded on the horse cart for the ask
 *   ProposeTrade(give)-> SelectTerm(item asked) -> SelectPlayer -> the counterparty: AcceptOffer / RefuseOffer
 *   OfferProperty(slot)-> SelectTerm(price)    -> SelectPlayer -> the buyer: AcceptOffer / RefuseOffer
 *   WriteFuture(c)    -> SelectTerm(forward price × expiry)       contract on the table (needs a Chauffeur)
 *   ResellFuture(k)   -> SelectTerm(price)    -> SelectPlayer -> the buyer: AcceptOffer / RefuseOffer
 *   OfferLoan(amount) -> SelectTerm(rate × term) -> SelectPlayer -> the borrower: AcceptOffer / RefuseOffer
 *   SellInsurance(event) -> SelectTerm(period)                    a policy on the table (needs a Chauffeur)
 *   AuctionProperty(slot) -> SelectTerm(opening) -> the other players in turn: RaiseAuction / PassAuction
 *   WithdrawBid, PullAsk, SellToBid, BuyFromAsk, LiquidateProperty, BuyFuture, RepayLoan, BuyInsurance: one step.
 *
 * A first step is legal only when some term (and some counterparty) completes it, so every sub-decision
 * has a legal choice and needs no "cancel". Splitting the price from the commodity keeps the catalogue
 * small and keeps random play from being flooded by price variants.
 */
import type { Ruleset } from '../rules/index.ts';
import { catalogue, Kind } from './actions.ts';
import { MintPending, Pending, Phase, SlotKind, type MerlinState } from './state.ts';
import {
  applyBuyFromAsk,
  applyPostAsk,
  applyPostBid,
  applyPullAsk,
  applySellToBid,
  applyWithdrawBid,
  checkBuyFromAsk,
  checkPostAsk,
  checkPostBid,
  checkPullAsk,
  checkSellToBid,
  checkWithdrawBid,
} from './market.ts';
import {
  applyLiquidate,
  buyerOk,
  checkLiquidate,
  checkOfferProperty,
  checkProposeTrade,
  checkRaise,
  checkSellable,
  executePropertySale,
  executeTrade,
  holdMask,
  holdsItem,
  sameCategoryMask,
  tradeItemCount,
  tradeItemName,
  tradePartnerOk,
} from './trade.ts';
import {
  applyBuyFuture,
  applyWriteFuture,
  checkBuyFuture,
  checkResellFuture,
  checkWriteFuture,
  contractBuyerOk,
  executeContractSale,
  freeContract,
  hasChauffeur,
} from './futures.ts';
import { applyRepayLoan, borrowerOk, checkOfferLoan, checkRepayLoan, executeLoan, freeLoan, vaultGold } from './loans.ts';
import { applyBuyInsurance, applySellInsurance, checkBuyInsurance, checkSellInsurance } from './insurance.ts';
import { auctionStep, checkAuctionOpening, nextAuctionBid, openAuction } from './trade.ts';
import { freeSlot } from './properties.ts';
import { RegAction, regulationBars } from './regulations.ts';
import {
  applyMintAccept,
  applyMintRefuse,
  applyMintTerm,
  checkMintTerm,
  describeMintTerm,
  isMintPending,
  mintBuyerOk,
  MintOffer,
  mintTermCount,
} from './mint.ts';
import { backToMain } from './kernel/phase.ts';
import { mainKind, type KindApply, type KindRules } from './registry.ts';
import { slotName } from './kernel/names.ts';

/** Offer kinds stored in `offerKind`. */
export const Offer = { None: 0, Trade: 1, Property: 2, Bid: 3, Ask: 4, Future: 5, Contract: 6, Loan: 7, Policy: 8, Auction: 9 } as const;

/**
 * The kinds whose first step composes an offer to other players: answered with AcceptOffer / RefuseOffer (the
 * Private Mint's resales and sales included), or a property auction, refused when nobody bids.
 * `market.refusalsPerTurn` bars them for the rest of a turn in which that many were refused (docs/RULES.md D160).
 */
export const PLAYER_OFFER_KINDS: readonly number[] = [
  Kind.ProposeTrade,
  Kind.AuctionProperty,
  Kind.OfferProperty,
  Kind.ResellFuture,
  Kind.OfferLoan,
  Kind.ResellBond,
  Kind.ResellShare,
  Kind.OfferSpell,
  Kind.OfferMead,
];

/** True when the active player may make no more offers to players this turn (`market.refusalsPerTurn`, D160). */
export function offersBarred(s: MerlinState, rs: Ruleset): boolean {
  const limit = rs.data.market.refusalsPerTurn;
  return limit !== undefined && s.offersRefused >= limit;
}

/** True when the open SelectPlayer step belongs to an offer. */
export function isOfferTarget(s: MerlinState): boolean {
  return (
    s.pending === Pending.TradeTarget ||
    s.pending === Pending.PropertyBuyer ||
    s.pending === Pending.ContractBuyer ||
    s.pending === Pending.LoanBorrower ||
    s.pending === MintPending.MintBuyer
  );
}

/** True when `target` may be the counterparty of `seat`'s offer being composed. */
export function offerTargetOk(s: MerlinState, rs: Ruleset, seat: number, target: number): boolean {
  if (s.pending === Pending.TradeTarget) return tradePartnerOk(s, rs, seat, target, s.offerB);
  if (s.pending === Pending.ContractBuyer) return contractBuyerOk(s, rs, seat, target, s.offerA, s.offerB);
  if (s.pending === Pending.LoanBorrower) return borrowerOk(s, seat, target);
  if (s.pending === MintPending.MintBuyer) return mintBuyerOk(s, rs, seat, target);
  return buyerOk(s, rs, seat, target, s.offerB);
}

/** Why the long `seat` cannot resell contract `k` at grid price `pi` (no possible buyer), or null. */
function checkContractPrice(s: MerlinState, rs: Ruleset, seat: number, k: number, pi: number): string | null {
  const why = checkResellFuture(s, rs, seat, k);
  if (why) return why;
  for (let p = 0; p < s.numPlayers; p++) if (contractBuyerOk(s, rs, seat, p, k, pi)) return null;
  return 'no other player can pay that price';
}

/** Why term `t` cannot complete the open SelectTerm step, or null. */
export function checkTerm(s: MerlinState, rs: Ruleset, seat: number, t: number): string | null {
  if (isMintPending(s)) return checkMintTerm(s, rs, seat, t);
  const m = rs.data.market;
  switch (s.pending) {
    case Pending.BidPrice:
      return t < m.prices.length ? checkPostBid(s, rs, seat, s.offerA, t) : 'no such price';
    case Pending.AskPrice:
      return t < m.prices.length ? null : 'no such price';
    case Pending.TradeGet:
      return t < tradeItemCount(rs) ? checkProposeTrade(s, rs, seat, s.offerA, t) : 'no such trade item';
    case Pending.PropertyPrice:
      return t < m.propertyPrices.length ? checkOfferProperty(s, rs, seat, s.offerA, t) : 'no such price';
    case Pending.FutureTerms:
      return t < rs.data.finance.forwardPrices.length * rs.data.finance.expiryMonths.length ? null : 'no such forward price and expiry';
    case Pending.ContractPrice:
      return t < rs.data.finance.forwardPrices.length ? checkContractPrice(s, rs, seat, s.offerA, t) : 'no such price';
    case Pending.LoanTerms:
      return t < rs.data.finance.loanRatesPercent.length * rs.data.finance.loanTermMonths.length ? null : 'no such rate and term';
    case Pending.PolicyPeriod:
      return t < rs.data.finance.insurance.periodTurns.length ? null : 'no such period';
    case Pending.AuctionOpening:
      return t < m.auctionOpenings.length ? checkAuctionOpening(s, rs, seat, s.offerA, t) : 'no such opening bid';
  }
  return 'no term is being chosen';
}

/** Number of terms of the open SelectTerm step's menu. */
function termCount(s: MerlinState, rs: Ruleset): number {
  if (isMintPending(s)) return mintTermCount(s, rs);
  const m = rs.data.market;
  if (s.pending === Pending.TradeGet) return tradeItemCount(rs);
  if (s.pending === Pending.FutureTerms) return rs.data.finance.forwardPrices.length * rs.data.finance.expiryMonths.length;
  if (s.pending === Pending.ContractPrice) return rs.data.finance.forwardPrices.length;
  if (s.pending === Pending.AuctionOpening) return rs.data.market.auctionOpenings.length;
  if (s.pending === Pending.PolicyPeriod) return rs.data.finance.insurance.periodTurns.length;
  if (s.pending === Pending.LoanTerms) return rs.data.finance.loanRatesPercent.length * rs.data.finance.loanTermMonths.length;
  return s.pending === Pending.PropertyPrice ? m.propertyPrices.length : m.prices.length;
}

/** Why term `t` of the Main-phase action (`a`) of one kind would be refused, or null (checkPostBid, checkProposeTrade, ...). */
type TermCheck = (s: MerlinState, rs: Ruleset, seat: number, a: number, t: number) => string | null;

/**
 * Null when some term t < n of action `a` passes `why`, else the reason the first term fails. `why` is a
 * module-level function (no closure per call: a closure per check was garbage on every market action).
 */
function anyTerm(s: MerlinState, rs: Ruleset, seat: number, a: number, n: number, why: TermCheck): string | null {
  let first: string | null = 'nothing to choose';
  for (let t = 0; t < n; t++) {
    const w = why(s, rs, seat, a, t);
    if (w === null) return null;
    if (t === 0) first = w;
  }
  return first;
}

/** Why `seat` may not auction the property at slot `a` (no opening bid any other player could answer), or null. */
function checkAuction(s: MerlinState, rs: Ruleset, seat: number, a: number): string | null {
  return anyTerm(s, rs, seat, a, rs.data.market.auctionOpenings.length, checkAuctionOpening);
}

/** Why the long `seat` may not offer contract `a` for resale (no price with a possible buyer), or null. */
function checkResell(s: MerlinState, rs: Ruleset, seat: number, a: number): string | null {
  return anyTerm(s, rs, seat, a, rs.data.finance.forwardPrices.length, checkContractPrice);
}

/**
 * Append the legal Main-phase market ids of `seat` to `out` from `n` (ascending); returns the new count.
 * `end` is `fieldEnd(s, rs, seat)`: the seat's slots from `end` on are empty.
 */
export function legalMarketMain(s: MerlinState, rs: Ruleset, seat: number, end: number, out: Int32Array, n: number): number {
  if (rs.data.market.enabled) n = legalGrandMarket(s, rs, seat, end, out, n);
  const fin = rs.data.finance;
  const base = catalogue(rs).base;
  const vault = vaultGold(s, rs, seat, end);
  const chauffeur = vault > 0 || hasChauffeur(s, rs, seat, end);
  n = legalFutures(s, rs, seat, chauffeur, out, n);
  if (fin.loans && freeLoan(s) >= 0) {
    // checkOfferLoan: a free place, the principal in the vaults, someone to lend to (always, while the game runs).
    const amounts = fin.loanAmounts;
    for (let i = 0; i < amounts.length; i++) if (vault >= amounts[i]) out[n++] = base[Kind.OfferLoan] + i;
  }
  if (fin.loans)
    for (let k = 0; k < s.loanLender.length; k++)
      if (s.loanBorrower[k] === seat && checkRepayLoan(s, seat, k) === null) out[n++] = base[Kind.RepayLoan] + k;
  if (fin.insurance.enabled) {
    const E = fin.insurance.events.length;
    if (chauffeur) for (let e = 0; e < E; e++) if (checkSellInsurance(s, rs, seat, e) === null) out[n++] = base[Kind.SellInsurance] + e;
    for (let k = 0; k < s.polSeller.length; k++)
      if (s.polSeller[k] >= 0 && checkBuyInsurance(s, rs, seat, k) === null) out[n++] = base[Kind.BuyInsurance] + k;
  }
  if (rs.data.market.enabled) {
    const F = rs.data.table.fieldSlots;
    for (let i = 0; i < end; i++) {
      if (s.slotKind[seat * F + i] === SlotKind.Property && checkAuction(s, rs, seat, i) === null)
        out[n++] = base[Kind.AuctionProperty] + i;
    }
  }
  return n;
}

/** The Grand Market, trade and property ids (ascending). */
function legalGrandMarket(s: MerlinState, rs: Ruleset, seat: number, end: number, out: Int32Array, n: number): number {
  const base = catalogue(rs).base;
  const m = rs.data.market;
  const ML = m.askLots.length;
  const F = rs.data.table.fieldSlots;
  const prices = m.prices;
  const gold = s.gold[seat];
  for (let c = 0; c < 3; c++) {
    // checkPostBid for some price: lowering is always covered, a new or raised price needs the difference in pocket.
    const cur = s.mktBid[seat * 3 + c];
    for (let t = 0; t < prices.length; t++) {
      const p = prices[t];
      if (p !== cur && (p < cur || gold >= p - cur)) {
        out[n++] = base[Kind.PostBid] + c;
        break;
      }
    }
  }
  for (let c = 0; c < 3; c++) if (checkWithdrawBid(s, seat, c) === null) out[n++] = base[Kind.WithdrawBid] + c;
  for (let c = 0; c < 3; c++) {
    if (s.held[seat * 3 + c] === 0) continue;
    for (let l = 0; l < ML; l++) if (checkPostAsk(s, rs, seat, c, 0, l) === null) out[n++] = base[Kind.PostAsk] + c * ML + l;
  }
  for (let c = 0; c < 3; c++) if (s.mktAskQty[seat * 3 + c] > 0) out[n++] = base[Kind.PullAsk] + c;
  for (let c = 0; c < 3; c++) if (checkSellToBid(s, rs, seat, c) === null) out[n++] = base[Kind.SellToBid] + c;
  for (let c = 0; c < 3; c++) if (checkBuyFromAsk(s, rs, seat, c) === null) out[n++] = base[Kind.BuyFromAsk] + c;
  // Trade offers: give item i is legal when held and another player holds some item of another category.
  const T = tradeItemCount(rs);
  const mine = holdMask(s, rs, seat);
  let others = 0;
  let buyerGold = -1; // most gold of a possible property buyer (another player with a free slot)
  for (let p = 0; p < s.numPlayers; p++) {
    if (p === seat || s.eliminated[p]) continue;
    others |= holdMask(s, rs, p);
    if (s.gold[p] > buyerGold && freeSlot(s, rs, p) >= 0) buyerGold = s.gold[p];
  }
  if (mine !== 0 && others !== 0) {
    for (let i = 0; i < T; i++) {
      if (mine & (1 << i) && others & ~sameCategoryMask(rs, i)) out[n++] = base[Kind.ProposeTrade] + i;
    }
  }
  let cheapest = Infinity;
  for (const price of m.propertyPrices) if (price < cheapest) cheapest = price;
  const PROPERTY = SlotKind.Property;
  if (buyerGold >= cheapest) {
    for (let i = 0; i < end; i++) {
      if (s.slotKind[seat * F + i] === PROPERTY && checkSellable(s, rs, seat, i) === null) out[n++] = base[Kind.OfferProperty] + i;
    }
  }
  for (let i = 0; i < end; i++)
    if (s.slotKind[seat * F + i] === PROPERTY && checkLiquidate(s, rs, seat, i) === null) out[n++] = base[Kind.LiquidateProperty] + i;
  return n;
}

/** Futures ids (ascending; they come before the loan kinds). */
function legalFutures(s: MerlinState, rs: Ruleset, seat: number, chauffeur: boolean, out: Int32Array, n: number): number {
  const base = catalogue(rs).base;
  if (!rs.data.finance.futures) return n;
  if (chauffeur && freeContract(s) >= 0 && regulationBars(s, rs, RegAction.WriteFuture, seat, 0) === null)
    for (let c = 0; c < 3; c++) out[n++] = base[Kind.WriteFuture] + c;
  const K = s.futShort.length;
  for (let k = 0; k < K; k++)
    if (s.futShort[k] >= 0 && s.futLong[k] < 0 && checkBuyFuture(s, rs, seat, k) === null) out[n++] = base[Kind.BuyFuture] + k;
  for (let k = 0; k < K; k++) {
    if (s.futLong[k] === seat && s.futShort[k] >= 0 && checkResell(s, rs, seat, k) === null) out[n++] = base[Kind.ResellFuture] + k;
  }
  return n;
}

/** Legal ids of the open SelectTerm step. */
export function legalTerms(s: MerlinState, rs: Ruleset, seat: number, out: Int32Array): number {
  const base = catalogue(rs).base[Kind.SelectTerm];
  let n = 0;
  for (let t = 0, e = termCount(s, rs); t < e; t++) if (checkTerm(s, rs, seat, t) === null) out[n++] = base + t;
  return n;
}

/** Legal counterparty ids of the open offer's SelectPlayer step. */
export function legalOfferTargets(s: MerlinState, rs: Ruleset, seat: number, out: Int32Array): number {
  const base = catalogue(rs).base[Kind.SelectPlayer];
  let n = 0;
  for (let off = 1; off < s.numPlayers; off++) if (offerTargetOk(s, rs, seat, (seat + off) % s.numPlayers)) out[n++] = base + off - 1;
  return n;
}

function compose(s: MerlinState, offer: number, pending: number, a: number, b: number): void {
  s.phase = Phase.SelectTerm;
  s.pending = pending;
  s.offerKind = offer;
  s.offerA = a;
  s.offerB = b;
}

/** Clear the composed offer and return to the active player's free actions. */
function closeOffer(s: MerlinState): void {
  s.offerKind = Offer.None;
  s.offerA = -1;
  s.offerB = -1;
  s.offerTo = -1;
  backToMain(s);
}

/** True when the open offer is the Private Mint's (mint.ts applies its shared steps). */
function mintOffer(s: MerlinState): boolean {
  return s.offerKind >= MintOffer.Bond;
}

/** The chosen term `a` of the open SelectTerm step: completes a bid, ask, futures contract or policy, or leads to the next step. */
function applyTerm(s: MerlinState, rs: Ruleset, seat: number, a: number): void {
  if (mintOffer(s)) {
    if (applyMintTerm(s, rs, seat, a)) closeOffer(s);
    return;
  }
  if (s.pending === Pending.BidPrice) {
    applyPostBid(s, rs, seat, s.offerA, a);
    closeOffer(s);
  } else if (s.pending === Pending.AskPrice) {
    applyPostAsk(s, rs, seat, s.offerA, a, s.offerB);
    closeOffer(s);
  } else if (s.pending === Pending.FutureTerms) {
    applyWriteFuture(s, rs, seat, s.offerA, a);
    closeOffer(s);
  } else if (s.pending === Pending.PolicyPeriod) {
    applySellInsurance(s, rs, seat, s.offerA, a);
    closeOffer(s);
  } else if (s.pending === Pending.AuctionOpening) {
    s.offerB = a;
    s.phase = Phase.PropertyAuction;
    s.pending = Pending.None;
    openAuction(s, rs, seat, s.offerA, a);
  } else {
    s.offerB = a;
    s.phase = Phase.SelectPlayer;
    s.pending =
      s.pending === Pending.TradeGet
        ? Pending.TradeTarget
        : s.pending === Pending.ContractPrice
          ? Pending.ContractBuyer
          : s.pending === Pending.LoanTerms
            ? Pending.LoanBorrower
            : Pending.PropertyBuyer;
  }
}

/** The chosen counterparty (seat offset `a`) of the offer being composed (engine.ts hands SelectPlayer here when `isOfferTarget`). */
export function applyOfferTarget(s: MerlinState, seat: number, a: number): void {
  s.offerTo = (seat + a) % s.numPlayers;
  s.phase = Phase.OfferRespond;
  s.decider = s.offerTo;
}

/** The counterparty accepts the open offer: the trade, contract sale, loan or property sale happens. */
function applyAccept(s: MerlinState, rs: Ruleset, seat: number): void {
  if (mintOffer(s)) applyMintAccept(s, rs, seat);
  else {
    const from = s.order[s.turnIdx];
    if (s.offerKind === Offer.Trade) executeTrade(s, rs, from, seat, s.offerA, s.offerB);
    else if (s.offerKind === Offer.Contract) executeContractSale(s, rs, from, seat, s.offerA, s.offerB);
    else if (s.offerKind === Offer.Loan) executeLoan(s, rs, from, seat, s.offerA, s.offerB);
    else executePropertySale(s, rs, from, seat, s.offerA, s.offerB);
  }
  closeOffer(s);
}

/** The counterparty refuses the open offer; it counts toward the proposer's `market.refusalsPerTurn` (D160). */
function applyRefuse(s: MerlinState): void {
  if (mintOffer(s)) applyMintRefuse(s);
  s.offersRefused++;
  closeOffer(s);
}

/** A bidder raises (RaiseAuction) or leaves (PassAuction) the property auction. */
function applyAuctionStep(s: MerlinState, rs: Ruleset, seat: number, _a: number, _b: number, kind: number): void {
  if (auctionStep(s, rs, seat, kind === Kind.RaiseAuction, s.order[s.turnIdx], s.offerA)) closeOffer(s);
}

/** The first step of an offer: opens the SelectTerm step of `offer` with the term menu `pending` (arg2 kept for PostAsk's lot). */
const opens =
  (offer: number, pending: number, keepB = false): KindApply =>
  (s, _rs, _seat, a, b) =>
    compose(s, offer, pending, a, keepB ? b : -1);

const COMMODITY_NAMES = ['Souls', 'Elixir Oil', 'Essence Grain'];

/** Readable text of the term `a` of the open SelectTerm step (`s` names the step; without it, the plain index). */
function describeTerm(rs: Ruleset, a: number, _b: number, s: MerlinState | undefined): string {
  const m = rs.data.market;
  if (s && isMintPending(s)) return describeMintTerm(rs, a, s);
  if (s && s.pending === Pending.AuctionOpening) return `open the auction at ${m.auctionOpenings[a] ?? '?'} gold`;
  if (s && s.pending === Pending.PolicyPeriod) return `covering the next ${rs.data.finance.insurance.periodTurns[a] ?? '?'} turn(s)`;
  if (s && s.pending === Pending.LoanTerms) {
    const T = rs.data.finance.loanTermMonths.length;
    return `interest ${rs.data.finance.loanRatesPercent[(a / T) | 0] ?? '?'}%, due in ${rs.data.finance.loanTermMonths[a % T]} months`;
  }
  if (s && s.pending === Pending.FutureTerms) {
    const E = rs.data.finance.expiryMonths.length;
    return `forward price ${rs.data.finance.forwardPrices[(a / E) | 0] ?? '?'} gold, expiry in ${rs.data.finance.expiryMonths[a % E]} months`;
  }
  if (s && s.pending === Pending.ContractPrice) return `ask ${rs.data.finance.forwardPrices[a] ?? '?'} gold for the contract`;
  if (s && s.pending === Pending.TradeGet) return `ask for ${tradeItemName(rs, a)}`;
  if (s && s.pending === Pending.PropertyPrice) return `ask ${m.propertyPrices[a] ?? '?'} gold for the property`;
  if (s && (s.pending === Pending.BidPrice || s.pending === Pending.AskPrice)) return `at ${m.prices[a] ?? '?'} gold per unit`;
  return `choose term ${a}`;
}

// ---------------------------------------------------------------------------------------------------------
// The action kinds of the market, trading, finance and the Private Mint
// ---------------------------------------------------------------------------------------------------------

/**
 * The Grand Market, transport, trading, property sales, futures, loans, insurance (0.1.27b "The Grand
 * Market", "Commodity Transport", "Trading between Players", "Commodity Derivatives"; docs/RULES.md): each
 * kind's check, apply and description, and the shared offer steps (which hand a Private Mint offer's steps to
 * mint.ts). The Private Mint's own kinds are mint.ts's MINT_RULES.
 */
export const MARKET_RULES: KindRules = {
  [Kind.PostBid]: mainKind(
    (s, rs, seat, a) => anyTerm(s, rs, seat, a, rs.data.market.prices.length, checkPostBid),
    opens(Offer.Bid, Pending.BidPrice),
    (_rs, a) => `bid for one ${COMMODITY_NAMES[a]} (post, raise or lower; then choose the price)`,
  ),
  [Kind.WithdrawBid]: mainKind(
    (s, _rs, seat, a) => checkWithdrawBid(s, seat, a),
    (s, _rs, seat, a) => applyWithdrawBid(s, seat, a),
    (_rs, a) => `withdraw the ${COMMODITY_NAMES[a]} bid into escrow`,
  ),
  [Kind.PostAsk]: mainKind(
    (s, rs, seat, a, b) => checkPostAsk(s, rs, seat, a, 0, b),
    opens(Offer.Ask, Pending.AskPrice, true),
    (rs, a, b) =>
      `load ${rs.data.market.askLots[b] === 0 ? 'all held' : rs.data.market.askLots[b]} ${COMMODITY_NAMES[a]} on the cart for an ask (then choose the price)`,
  ),
  [Kind.PullAsk]: mainKind(
    (s, _rs, seat, a) => checkPullAsk(s, seat, a),
    (s, _rs, seat, a) => applyPullAsk(s, seat, a),
    (_rs, a) => `pull the ${COMMODITY_NAMES[a]} ask`,
  ),
  [Kind.SellToBid]: mainKind(
    (s, rs, seat, a) => checkSellToBid(s, rs, seat, a),
    (s, _rs, seat, a) => applySellToBid(s, seat, a),
    (_rs, a) => `sell one ${COMMODITY_NAMES[a]} into the best bid (by cart)`,
  ),
  [Kind.BuyFromAsk]: mainKind(
    (s, rs, seat, a) => checkBuyFromAsk(s, rs, seat, a),
    (s, _rs, seat, a) => applyBuyFromAsk(s, seat, a),
    (_rs, a) => `buy one ${COMMODITY_NAMES[a]} from the best ask`,
  ),
  [Kind.ProposeTrade]: mainKind(
    (s, rs, seat, a) => {
      if (!rs.data.market.enabled) return 'trading is off in this ruleset';
      if (!holdsItem(s, rs, seat, a)) return 'you do not hold what you offer';
      return anyTerm(s, rs, seat, a, tradeItemCount(rs), checkProposeTrade);
    },
    opens(Offer.Trade, Pending.TradeGet),
    (rs, a) => `offer ${tradeItemName(rs, a)} in a trade (then choose what you ask for and from whom)`,
  ),
  [Kind.OfferProperty]: mainKind(
    (s, rs, seat, a) => anyTerm(s, rs, seat, a, rs.data.market.propertyPrices.length, checkOfferProperty),
    opens(Offer.Property, Pending.PropertyPrice),
    (rs, a, _b, s) => `offer ${slotName(rs, s, a)} for sale to a player (then choose the price and the buyer)`,
  ),
  [Kind.LiquidateProperty]: mainKind(
    (s, rs, seat, a) => checkLiquidate(s, rs, seat, a),
    (s, rs, seat, a) => applyLiquidate(s, rs, seat, a),
    (rs, a, _b, s) => `liquidate ${slotName(rs, s, a)} to the Central Bank at its property value`,
  ),
  [Kind.WriteFuture]: mainKind(
    (s, rs, seat, a) => checkWriteFuture(s, rs, seat, a),
    opens(Offer.Future, Pending.FutureTerms),
    (_rs, a) => `write a futures contract on a bushel of ${COMMODITY_NAMES[a]} (then choose the forward price and expiry)`,
  ),
  [Kind.BuyFuture]: mainKind(
    (s, rs, seat, a) => checkBuyFuture(s, rs, seat, a),
    (s, _rs, seat, a) => applyBuyFuture(s, seat, a),
    (_rs, a) => `buy the futures contract in place ${a} at its forward price (become the long)`,
  ),
  [Kind.ResellFuture]: mainKind(
    (s, rs, seat, a) => checkResell(s, rs, seat, a),
    opens(Offer.Contract, Pending.ContractPrice),
    (_rs, a) => `offer the futures contract in place ${a} for resale (then choose the price and the buyer)`,
  ),
  [Kind.OfferLoan]: mainKind(
    (s, rs, seat, a) => checkOfferLoan(s, rs, seat, a),
    opens(Offer.Loan, Pending.LoanTerms),
    (rs, a) => `lend ${rs.data.finance.loanAmounts[a]} gold from your Chauffeur (then choose the rate, term and borrower)`,
  ),
  [Kind.RepayLoan]: mainKind(
    (s, _rs, seat, a) => checkRepayLoan(s, seat, a),
    (s, _rs, seat, a) => applyRepayLoan(s, seat, a),
    (_rs, a) => `repay loan ${a} in full`,
  ),
  [Kind.SellInsurance]: mainKind(
    (s, rs, seat, a) => checkSellInsurance(s, rs, seat, a),
    opens(Offer.Policy, Pending.PolicyPeriod),
    (rs, a) => `sell insurance on "${rs.data.finance.insurance.events[a]?.name ?? a}" (then choose the period)`,
  ),
  [Kind.BuyInsurance]: mainKind(
    (s, rs, seat, a) => checkBuyInsurance(s, rs, seat, a),
    (s, rs, seat, a) => applyBuyInsurance(s, rs, seat, a),
    (_rs, a) => `buy the insurance policy in place ${a} at its premium`,
  ),
  [Kind.AuctionProperty]: mainKind(
    (s, rs, seat, a) => checkAuction(s, rs, seat, a),
    opens(Offer.Auction, Pending.AuctionOpening),
    (rs, a, _b, s) => `auction ${slotName(rs, s, a)} to the other players (then choose the opening bid)`,
  ),
  [Kind.AcceptOffer]: { phases: [Phase.OfferRespond], apply: applyAccept, describe: () => 'accept the offer' },
  [Kind.RefuseOffer]: { phases: [Phase.OfferRespond], apply: applyRefuse, describe: () => 'refuse the offer' },
  [Kind.SelectTerm]: {
    phases: [Phase.SelectTerm],
    check: (s, rs, seat, a) => checkTerm(s, rs, seat, a),
    apply: applyTerm,
    describe: describeTerm,
  },
  [Kind.RaiseAuction]: {
    phases: [Phase.PropertyAuction],
    check: (s, rs, seat) => checkRaise(s, rs, seat),
    apply: applyAuctionStep,
    describe: (rs, _a, _b, s) =>
      s && s.phase === Phase.PropertyAuction ? `raise the property auction to ${nextAuctionBid(s, rs)} gold` : 'raise the property auction',
  },
  [Kind.PassAuction]: { phases: [Phase.PropertyAuction], apply: applyAuctionStep, describe: () => 'pass: leave the property auction' },
};
