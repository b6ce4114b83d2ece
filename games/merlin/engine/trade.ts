/**
 * Trading between players and selling properties. 0.1.27b "Trading between Players" (in "Commodity
 * Transport"); 0.1.14a "Trading Between Players", "Auctioning", "Property Value".
 *
 * Free negotiation becomes a finite menu (docs/RULES.md D62-D66):
 *
 * - A goods trade offer: the active player offers one trade item for another (items: a lot of a commodity
 *   from `market.tradeLots`, an amount of gold from `market.tradeGold`, or a Crown), then picks the
 *   counterparty, who accepts or refuses (Phase.OfferRespond). Both sides must hold what they give.
 *   On acceptance each party rolls a d6 for the road: at or below `market.robberyAtOrBelow` (or
 *   `robberyAtOrBelowIfTargeted` when the two have ever targeted each other with spells) the roller's
 *   items are stolen: commodities to the supply, gold to the Central Bank, a Crown lost. The other side's
 *   items still arrive (no trade busts).
 * - A property sale: the active player offers a property (with its permit and planted units) at a price
 *   from `market.propertyPrices` to a player with the gold and a free field slot, who accepts or refuses.
 *   Deeds change hands at the table: no robbery roll.
 * - A property auction: the active player opens at or below the property value (`market.auctionOpenings`);
 *   the other players raise by `market.auctionStep` or pass in turn; the last bidder left buys at their bid.
 * - Liquidation: a bare property (no permit, no investment) is sold to the Central Bank at its property
 *   value (0.1.14a "Property Value"), when the bank holds that much; the card goes to the discard pile.
 */
import { rollD6 } from '../../../lib/rng.ts';
import { weakMemo } from '../../../lib/memo.ts';
import type { Ruleset } from '../rules/index.ts';
import { SlotKind, TopKind, type MerlinState } from './state.ts';
import { rankOf } from './cards.ts';
import { cartWardOf } from './market-cards.ts';
import { freeSlot } from './properties.ts';
import { removeAt } from './ledger.ts';
import { clearSlotData } from './kernel/slots.ts';

/** Number of trade items of `rs`: commodity lots (3 × tradeLots), gold amounts, a Crown. */
export function tradeItemCount(rs: Ruleset): number {
  const m = rs.data.market;
  return 3 * m.tradeLots.length + m.tradeGold.length + 1;
}

/**
 * Per-ruleset tables of the trade items: category, amount, and the mask of the items of each item's category;
 * and per category (0-4) its items' distinct amounts ascending (`thr[c]`) with, for each, the mask of the
 * category's items that many units hold (`held[c][k]`: every item of amount <= thr[c][k]), so a seat's holdings
 * of a category are a short scan of its thresholds, not a test per item.
 */
interface ItemTables {
  cat: Int8Array;
  amt: Int32Array;
  sameCat: Int32Array;
  thr: Int32Array[];
  held: Int32Array[];
}
const tables = weakMemo(buildTables);

function buildTables(rs: Ruleset): ItemTables {
  const m = rs.data.market;
  const L = m.tradeLots.length;
  const n = 3 * L + m.tradeGold.length + 1;
  const cat = new Int8Array(n);
  const amt = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    cat[i] = i < 3 * L ? (i / L) | 0 : i < 3 * L + m.tradeGold.length ? 3 : 4;
    amt[i] = i < 3 * L ? m.tradeLots[i % L] : i < 3 * L + m.tradeGold.length ? m.tradeGold[i - 3 * L] : 1;
  }
  const sameCat = new Int32Array(n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (cat[i] === cat[j]) sameCat[i] |= 1 << j;
  const thr: Int32Array[] = [];
  const held: Int32Array[] = [];
  for (let c = 0; c < 5; c++) {
    const items = [...cat.keys()].filter((i) => cat[i] === c);
    thr.push(Int32Array.from(new Set(items.map((i) => amt[i]))).sort());
    held.push(thr[c].map((a) => items.reduce((mask, i) => (amt[i] <= a ? mask | (1 << i) : mask), 0)));
  }
  return { cat, amt, sameCat, thr, held };
}

/** Category of trade item `item`: 0-2 a commodity lot, 3 gold, 4 a Crown. */
export function itemCategory(rs: Ruleset, item: number): number {
  return tables(rs).cat[item];
}

/** Amount of trade item `item`: units of a commodity lot, gold, or 1 Crown. */
export function itemAmount(rs: Ruleset, item: number): number {
  return tables(rs).amt[item];
}

/** What trade item `item` is: [category (0-2 a commodity, 3 gold, 4 a Crown), amount]. Allocates: not for hot paths. */
export function tradeItem(rs: Ruleset, item: number): [number, number] {
  return [itemCategory(rs, item), itemAmount(rs, item)];
}

/** Readable name of trade item `item` ("3 Elixir Oil", "5 gold", "a Crown"). */
export function tradeItemName(rs: Ruleset, item: number): string {
  const [cat, n] = tradeItem(rs, item);
  if (cat < 3) return `${n} ${['Souls', 'Elixir Oil', 'Essence Grain'][cat]}`;
  return cat === 3 ? `${n} gold` : 'a Crown';
}

/** True when `seat` holds trade item `item`. */
export function holdsItem(s: MerlinState, rs: Ruleset, seat: number, item: number): boolean {
  const cat = itemCategory(rs, item);
  const n = itemAmount(rs, item);
  if (cat < 3) return s.held[seat * 3 + cat] >= n;
  return cat === 3 ? s.gold[seat] >= n : s.crowns[seat] >= 1;
}

/** Bit i set when `seat` holds trade item i (items fit 31 bits: at most 3 × 4 + 6 + 1). */
export function holdMask(s: MerlinState, rs: Ruleset, seat: number): number {
  const t = tables(rs);
  const k = seat * 3;
  return (
    heldOf(t, 0, s.held[k]) |
    heldOf(t, 1, s.held[k + 1]) |
    heldOf(t, 2, s.held[k + 2]) |
    heldOf(t, 3, s.gold[seat]) |
    heldOf(t, 4, s.crowns[seat])
  );
}

/** The mask of category c's trade items that `have` units hold (see ItemTables). */
function heldOf(t: ItemTables, c: number, have: number): number {
  const thr = t.thr[c];
  let k = 0;
  while (k < thr.length && thr[k] <= have) k++;
  return k === 0 ? 0 : t.held[c][k - 1];
}

/** Bit j set when trade item j is in the same category as item `item`. */
export function sameCategoryMask(rs: Ruleset, item: number): number {
  return tables(rs).sameCat[item];
}

/** True when `to` may be offered the goods trade (give, get) by `from`. */
export function tradePartnerOk(s: MerlinState, rs: Ruleset, from: number, to: number, get: number): boolean {
  return to !== from && !s.eliminated[to] && holdsItem(s, rs, to, get);
}

/** Offer trade item `give` for `get` (then choose the counterparty). */
export function checkProposeTrade(s: MerlinState, rs: Ruleset, seat: number, give: number, get: number): string | null {
  if (!rs.data.market.enabled) return 'trading is off in this ruleset';
  if (itemCategory(rs, give) === itemCategory(rs, get)) return 'an offer exchanges two different goods';
  if (!holdsItem(s, rs, seat, give)) return 'you do not hold what you offer';
  for (let p = 0; p < s.numPlayers; p++) if (tradePartnerOk(s, rs, seat, p, get)) return null;
  return 'no other player holds what you ask for';
}

/** Move trade item `item` from `from` to `to`, or lose it on the road when `stolen`. */
function moveItem(s: MerlinState, rs: Ruleset, from: number, to: number, item: number, stolen: boolean): void {
  const cat = itemCategory(rs, item);
  const n = itemAmount(rs, item);
  if (cat < 3) {
    s.held[from * 3 + cat] -= n;
    if (stolen) s.supply[cat] += n;
    else s.held[to * 3 + cat] += n;
  } else if (cat === 3) {
    s.gold[from] -= n;
    if (stolen) s.centralBank += n;
    else s.gold[to] += n;
  } else {
    s.crowns[from]--;
    if (!stolen) s.crowns[to]++;
  }
}

/** The robbery threshold between `a` and `b` (0.1.27b "Trading between Players"; D62). */
export function robberyThreshold(s: MerlinState, rs: Ruleset, a: number, b: number): number {
  const P = s.numPlayers;
  const m = rs.data.market;
  return s.spellTargeted[a * P + b] || s.spellTargeted[b * P + a] ? m.robberyAtOrBelowIfTargeted : m.robberyAtOrBelow;
}

/**
 * The counterparty accepted the goods trade: each side rolls a d6 (the offerer first) and its items are
 * stolen at or below the threshold, else delivered.
 */
export function executeTrade(s: MerlinState, rs: Ruleset, from: number, to: number, give: number, get: number): void {
  const t = robberyThreshold(s, rs, from, to);
  const lostGive = rollD6(s.rng) <= t - cartWardOf(s, from);
  const lostGet = rollD6(s.rng) <= t - cartWardOf(s, to);
  moveItem(s, rs, from, to, give, lostGive);
  moveItem(s, rs, to, from, get, lostGet);
}

// ---------------------------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------------------------

/** True when nothing but the slot arrays refers to slot key `k` (no potion under it, no modifier on it). */
function slotUnreferenced(s: MerlinState, k: number): boolean {
  for (let i = 0; i < s.potionSlot.length; i++) if (s.potionSlot[i] === k) return false;
  for (let i = 0; i < s.modSlot.length; i++) if (s.modSlot[i] === k && s.modScope[i] === 0) return false;
  return true;
}

/** Why the property at `slot` of `seat` cannot change hands (a Property slot, not invested, nothing lying on it), or null. */
export function checkSellable(s: MerlinState, rs: Ruleset, seat: number, slot: number): string | null {
  const k = seat * rs.data.table.fieldSlots + slot;
  if (s.slotKind[k] !== SlotKind.Property) return 'not a property';
  if (s.slotInvest[k] > 0) return 'an invested property is locked until the investment resolves';
  if (!slotUnreferenced(s, k)) return 'a potion or spell lies on this property';
  return null;
}

/** True when `to` can be offered a property at grid price `pi` by `from`. */
export function buyerOk(s: MerlinState, rs: Ruleset, from: number, to: number, pi: number): boolean {
  return to !== from && !s.eliminated[to] && s.gold[to] >= rs.data.market.propertyPrices[pi] && freeSlot(s, rs, to) >= 0;
}

/** Offer the property at `slot` at grid price `pi` (then choose the buyer). */
export function checkOfferProperty(s: MerlinState, rs: Ruleset, seat: number, slot: number, pi: number): string | null {
  if (!rs.data.market.enabled) return 'property sales are off in this ruleset';
  const why = checkSellable(s, rs, seat, slot);
  if (why) return why;
  for (let p = 0; p < s.numPlayers; p++) if (buyerOk(s, rs, seat, p, pi)) return null;
  return 'no other player has the gold and a free field slot';
}

/** The buyer accepted offer price index `pi`: see `transferProperty`. */
export function executePropertySale(s: MerlinState, rs: Ruleset, from: number, to: number, slot: number, pi: number): void {
  transferProperty(s, rs, from, to, slot, rs.data.market.propertyPrices[pi]);
}

/** `price` gold from `to` to `from`; the property at `slot` of `from` (permit and planted units with it) to `to`'s first free slot. */
export function transferProperty(s: MerlinState, rs: Ruleset, from: number, to: number, slot: number, price: number): void {
  const F = rs.data.table.fieldSlots;
  const a = from * F + slot;
  const b = to * F + freeSlot(s, rs, to);
  s.gold[to] -= price;
  s.gold[from] += price;
  s.slotKind[b] = s.slotKind[a];
  s.slotCard[b] = s.slotCard[a];
  s.slotTopKind[b] = s.slotTopKind[a];
  s.slotTop[b] = s.slotTop[a];
  s.slotPlanted[b] = s.slotPlanted[a];
  s.slotInvestTurn[b] = s.slotInvestTurn[a];
  clearSlotData(s, a);
}

// ---------------------------------------------------------------------------------------------------------
// Property auctions (0.1.14a "Clubs": "auctioned (opening at or below property value)"; "Bid Auctioning")
// ---------------------------------------------------------------------------------------------------------

/** True when `p` may bid in `seller`'s auction opening at `opening` gold. */
function bidderOk(s: MerlinState, rs: Ruleset, seller: number, p: number, opening: number): boolean {
  return p !== seller && !s.eliminated[p] && s.gold[p] >= opening && freeSlot(s, rs, p) >= 0;
}

/** Why `seat` cannot auction the property at `slot` with opening index `oi`, or null. */
export function checkAuctionOpening(s: MerlinState, rs: Ruleset, seat: number, slot: number, oi: number): string | null {
  if (!rs.data.market.enabled) return 'property auctions are off in this ruleset';
  const why = checkSellable(s, rs, seat, slot);
  if (why) return why;
  const opening = rs.data.market.auctionOpenings[oi];
  if (opening > propertyValue(s, rs, seat * rs.data.table.fieldSlots + slot)) return 'an auction opens at or below the property value';
  for (let p = 0; p < s.numPlayers; p++) if (bidderOk(s, rs, seat, p, opening)) return null;
  return 'no other player can bid the opening price';
}

/** Open the auction: the bidders are the other players who can pay the opening, in turn order after the seller. */
export function openAuction(s: MerlinState, rs: Ruleset, seller: number, slot: number, oi: number): void {
  const opening = rs.data.market.auctionOpenings[oi];
  s.queue.length = 0;
  for (let i = 1; i < s.numPlayers; i++) {
    const p = s.order[(s.order.indexOf(seller) + i) % s.numPlayers];
    if (bidderOk(s, rs, seller, p, opening)) s.queue.push(p);
  }
  s.propAucPrice = opening - rs.data.market.auctionStep;
  s.propAucLeader = -1;
  s.decider = s.queue[0];
}

/** The bid a raise by `seat` would place now. */
export function nextAuctionBid(s: MerlinState, rs: Ruleset): number {
  return s.propAucPrice + rs.data.market.auctionStep;
}

/** Why the decider cannot raise, or null. */
export function checkRaise(s: MerlinState, rs: Ruleset, seat: number): string | null {
  return s.gold[seat] >= nextAuctionBid(s, rs) ? null : 'not enough gold in pocket to raise';
}

/**
 * The decider raises (`raise`) or passes. Bidding goes round the bidders still in; it ends when only the
 * leader is left (the property is sold at the leader's bid) or when everyone passed before any bid (no sale).
 * Returns true when the auction is over.
 */
export function auctionStep(s: MerlinState, rs: Ruleset, seat: number, raise: boolean, seller: number, slot: number): boolean {
  const q = s.queue;
  const i = q.indexOf(seat);
  let next: number;
  if (raise) {
    s.propAucPrice = nextAuctionBid(s, rs);
    s.propAucLeader = seat;
    next = (i + 1) % q.length;
  } else {
    removeAt(q, i);
    next = i % (q.length || 1);
  }
  if (q.length === 0 || (q.length === 1 && q[0] === s.propAucLeader)) {
    if (s.propAucLeader >= 0) transferProperty(s, rs, seller, s.propAucLeader, slot, s.propAucPrice);
    else s.offersRefused++; // nobody bid: the auction counts as a refused offer (market.refusalsPerTurn, D160)
    q.length = 0;
    s.propAucPrice = 0;
    s.propAucLeader = -1;
    return true;
  }
  s.decider = q[next];
  return false;
}

/** Property value of the property card at slot key `k` (0.1.14a "Property Value": the payout table). */
function propertyValue(s: MerlinState, rs: Ruleset, k: number): number {
  return rs.payout[rankOf(s.slotCard[k])];
}

/** Liquidate the bare property at `slot` to the Central Bank at its property value. */
export function checkLiquidate(s: MerlinState, rs: Ruleset, seat: number, slot: number): string | null {
  if (!rs.data.market.enabled) return 'property sales are off in this ruleset';
  const why = checkSellable(s, rs, seat, slot);
  if (why) return why;
  const k = seat * rs.data.table.fieldSlots + slot;
  if (s.slotTopKind[k] !== TopKind.None) return 'only a property without a permit can be liquidated';
  return s.centralBank >= propertyValue(s, rs, k) ? null : 'the Central Bank cannot pay the property value';
}

export function applyLiquidate(s: MerlinState, rs: Ruleset, seat: number, slot: number): void {
  const k = seat * rs.data.table.fieldSlots + slot;
  const v = propertyValue(s, rs, k);
  s.centralBank -= v;
  s.gold[seat] += v;
  s.discard.push(s.slotCard[k]);
  clearSlotData(s, k);
}
