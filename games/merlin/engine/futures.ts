/**
 * Futures contracts. 0.1.27b "Commodity Derivatives: Futures Contracts" and "Chauffeurs: Arcane
 * Derivatives"; 0.1.14a "Commodity Derivatives", "Futures", "Forward Price". docs/RULES.md D67-D71.
 *
 * - A player with a Chauffeur writes (shorts) a contract for one bushel (`finance.bushel` units) of a
 *   commodity at a forward price (gold per bushel, `finance.forwardPrices`) with an expiry
 *   (`finance.expiryMonths` months on the season wheel after writing). It lies on the table in one of
 *   `finance.maxContracts` places until bought.
 * - Another player buys it by paying the forward price to the short and becomes the long. The long may
 *   resell it to a player (an offer: price from the same grid, accepted or refused; engine/offers.ts).
 * - The short delivers on their first turn after expiry, automatically, in this order: offset with a long
 *   contract they hold on the same commodity and expiry (its long takes over that contract); units held;
 *   units pulled from their own asks; units bought from the cheapest asks (paid from the pocket); when
 *   no ask is left to buy from, the rest is settled in gold at the last sold price (the Cost of the Living
 *   before any trade), from the pocket and then the vaults.
 * - What is still owed after the short's second turn after expiry is a failure to deliver: the Central Bank
 *   pays the long its value (as far as it holds gold) and the short owes the Central Bank that much, so the
 *   short is bankrupt (engine/bankruptcy.ts) until the debt is paid.
 * - A contract nobody bought lapses at expiry. An eliminated short's or long's contracts are cancelled.
 */
import type { Ruleset } from '../rules/index.ts';
import { SlotKind, type MerlinState } from './state.ts';
import { bestAsk } from './market.ts';
import { freePlace, takeGold } from './ledger.ts';
import { payRegulationFee, RegAction, regulationBars } from './regulations.ts';
import { shiftedPrice } from './market-cards.ts';
import { incurDebt } from './kernel/purse.ts';

/** True when `seat` owns a Chauffeur (needed to write derivatives). Slots from `end` on are known to be empty. */
export function hasChauffeur(s: MerlinState, rs: Ruleset, seat: number, end = rs.data.table.fieldSlots): boolean {
  const F = rs.data.table.fieldSlots;
  for (let k = seat * F, e = k + end; k < e; k++) if (s.slotKind[k] === SlotKind.Chauffeur) return true;
  return false;
}

/** First free contract place, or -1. */
export function freeContract(s: MerlinState): number {
  return freePlace(s.futShort);
}

/** Why `seat` cannot write a futures contract on commodity `c` now, or null. */
export function checkWriteFuture(s: MerlinState, rs: Ruleset, seat: number, c: number): string | null {
  if (!rs.data.finance.futures) return 'futures are off in this ruleset';
  if (!hasChauffeur(s, rs, seat)) return 'writing a futures contract needs a Chauffeur';
  if (c < 0 || c > 2) return 'no such commodity';
  if (freeContract(s) < 0) return 'every contract place on the table is taken';
  return regulationBars(s, rs, RegAction.WriteFuture, seat, 0);
}

/** Write a contract on `c` with term `t` = forward price index × expiries + expiry index. */
export function applyWriteFuture(s: MerlinState, rs: Ruleset, seat: number, c: number, t: number): void {
  const f = rs.data.finance;
  const E = f.expiryMonths.length;
  const k = freeContract(s);
  s.futShort[k] = seat;
  s.futLong[k] = -1;
  s.futCom[k] = c;
  s.futPrice[k] = f.forwardPrices[(t / E) | 0];
  s.futExpiry[k] = s.months + f.expiryMonths[t % E];
  s.futOwed[k] = f.bushel;
  s.futLate[k] = 0;
}

/** Why `seat` cannot buy the contract in place `k`, or null. */
export function checkBuyFuture(s: MerlinState, rs: Ruleset, seat: number, k: number): string | null {
  if (!rs.data.finance.futures) return 'futures are off in this ruleset';
  if (s.futShort[k] < 0) return 'no contract in that place';
  if (s.futLong[k] >= 0) return 'the contract has a long already';
  if (s.futShort[k] === seat) return 'you wrote this contract';
  if (s.months >= s.futExpiry[k]) return 'the contract has expired';
  return s.gold[seat] >= s.futPrice[k] ? null : 'not enough gold in pocket for the forward price';
}

export function applyBuyFuture(s: MerlinState, seat: number, k: number): void {
  s.gold[seat] -= s.futPrice[k];
  s.gold[s.futShort[k]] += s.futPrice[k];
  s.futLong[k] = seat;
}

/** Why `seat` cannot offer the contract in place `k` for resale, or null (a buyer is checked later). */
export function checkResellFuture(s: MerlinState, rs: Ruleset, seat: number, k: number): string | null {
  if (!rs.data.finance.futures) return 'futures are off in this ruleset';
  if (s.futShort[k] < 0 || s.futLong[k] !== seat) return 'you are not the long of that contract';
  return s.months >= s.futExpiry[k] ? 'the contract has expired' : null;
}

/** True when `to` may buy contract `k` from `from` at grid price `pi`. */
export function contractBuyerOk(s: MerlinState, rs: Ruleset, from: number, to: number, k: number, pi: number): boolean {
  return to !== from && !s.eliminated[to] && to !== s.futShort[k] && s.gold[to] >= rs.data.finance.forwardPrices[pi];
}

/** The resale was accepted: the buyer pays the seller and becomes the long. */
export function executeContractSale(s: MerlinState, rs: Ruleset, from: number, to: number, k: number, pi: number): void {
  const price = rs.data.finance.forwardPrices[pi];
  s.gold[to] -= price;
  s.gold[from] += price;
  s.futLong[k] = to;
}

function closeContract(s: MerlinState, k: number): void {
  s.futShort[k] = -1;
  s.futLong[k] = -1;
  s.futCom[k] = 0;
  s.futPrice[k] = 0;
  s.futExpiry[k] = 0;
  s.futOwed[k] = 0;
  s.futLate[k] = 0;
}

/** Settlement price per unit when nothing can be bought: the last sold price, else the Cost of the Living (moved by a card's price shift, D128). */
export function settlementPrice(s: MerlinState, c: number): number {
  return shiftedPrice(s, c, s.lastPrice[c] > 0 ? s.lastPrice[c] : s.costOfLiving);
}

/**
 * Start of `seat`'s turn: unbought contracts it wrote lapse at expiry; each bought contract it is short on
 * and that has expired is delivered as far as possible (module docs); after the second such turn the rest is
 * a failure to deliver.
 */
export function settleFutures(s: MerlinState, rs: Ruleset, seat: number): void {
  const K = s.futShort.length;
  for (let k = 0; k < K; k++) {
    if (s.futShort[k] !== seat || s.months < s.futExpiry[k]) continue;
    const long = s.futLong[k];
    if (long < 0) {
      closeContract(s, k);
      continue;
    }
    deliver(s, rs, seat, k);
    if (s.futOwed[k] === 0) {
      closeContract(s, k);
      continue;
    }
    if (++s.futLate[k] >= 2) {
      const value = s.futOwed[k] * settlementPrice(s, s.futCom[k]);
      const paid = value < s.centralBank ? value : s.centralBank;
      s.centralBank -= paid;
      s.gold[long] += paid;
      incurDebt(s, seat, paid, 0);
      closeContract(s, k);
    }
  }
}

/** Deliver contract `k` of short `seat` as far as possible (module docs for the order). */
function deliver(s: MerlinState, rs: Ruleset, seat: number, k: number): void {
  const c = s.futCom[k];
  const long = s.futLong[k];
  // Offset: the short is long on another contract of the same commodity and expiry.
  if (s.futOwed[k] === rs.data.finance.bushel) {
    for (let j = 0; j < s.futShort.length; j++) {
      if (j === k || s.futLong[j] !== seat || s.futCom[j] !== c || s.futExpiry[j] !== s.futExpiry[k] || s.futShort[j] === long) continue;
      s.futLong[j] = long;
      s.futOwed[k] = 0;
      return;
    }
  }
  let owed = s.futOwed[k];
  const h = seat * 3 + c;
  let n = s.held[h] < owed ? s.held[h] : owed;
  s.held[h] -= n;
  s.held[long * 3 + c] += n;
  owed -= n;
  n = s.mktAskQty[h] < owed ? s.mktAskQty[h] : owed;
  if (n > 0) {
    s.mktAskQty[h] -= n;
    if (s.mktAskQty[h] === 0) s.mktAsk[h] = 0;
    s.held[long * 3 + c] += n;
    owed -= n;
  }
  while (owed > 0) {
    const a = bestAsk(s, c, seat);
    if (a < 0) break;
    const ak = a * 3 + c;
    const price = s.mktAsk[ak];
    if (s.gold[seat] < price) break;
    s.gold[seat] -= price;
    s.gold[a] += price;
    if (--s.mktAskQty[ak] === 0) s.mktAsk[ak] = 0;
    s.lastPrice[c] = price;
    s.held[long * 3 + c]++;
    owed--;
  }
  if (owed > 0 && bestAsk(s, c, seat) < 0) {
    // Nothing left to buy: settle in gold at the last sold price, unit by unit as far as the short can pay
    // (pocket, then vaults).
    const price = settlementPrice(s, c);
    while (owed > 0 && goldAvailable(s, rs, seat) >= price) {
      takeGold(s, rs, seat, price);
      s.gold[long] += price;
      owed--;
    }
  }
  s.futOwed[k] = owed;
}

/** Gold `seat` can pay: pocket plus Chauffeur vaults. */
function goldAvailable(s: MerlinState, rs: Ruleset, seat: number): number {
  const F = rs.data.table.fieldSlots;
  let g = s.gold[seat];
  for (let k = seat * F, e = k + F; k < e; k++) if (s.slotKind[k] === SlotKind.Chauffeur) g += s.slotVault[k];
  return g;
}

/** Cancel every contract of an eliminated seat (as short or long). */
export function leaveFutures(s: MerlinState, seat: number): void {
  for (let k = 0; k < s.futShort.length; k++) if (s.futShort[k] === seat || s.futLong[k] === seat) closeContract(s, k);
}
