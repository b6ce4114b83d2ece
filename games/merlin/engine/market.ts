/**
 * The Grand Market and horse-cart transport. 0.1.27b "The Grand Market", "Commodity Transport";
 * 0.1.14a "The Grand Market" (Bid, Market Stimulus, Ask, Executing Trades, Spot Price).
 *
 * Each commodity has a bid/ask table. A seat holds at most one bid (one unit, at a price from the ruleset's
 * `market.prices` grid) and one ask (any number of units at one price) per commodity, plus an escrow
 * (docs/RULES.md D54-D61):
 *
 * - Bids are covered: the gold moves into the bid. A bid cannot be withdrawn on the turn it was placed or
 *   lowered; a withdrawn bid moves to escrow, where it can still be executed, and returns to its owner's
 *   pocket at the start of their next turn. Raising a bid is immediate; lowering sends the difference
 *   through escrow (returned the same way, not executable).
 * - Asks are covered: the units move into the ask. Putting units into an ask is transport: they travel by
 *   horse cart (once per turn) and join the ask when the cart arrives, at the start of the owner's next
 *   turn. An ask can be pulled (units back to hand) at any time on the owner's turn.
 * - Executing: on your turn, sell one unit into the best other bid (the unit goes by cart to the buyer; the
 *   gold is paid at once: no trade busts) or buy one unit from the best other ask (paid from the pocket).
 * - A cart on the road when a 7 is rolled breaks down on a d6 at or below `cartBreakdownAtOrBelow`: its
 *   units return to the supply.
 * - Spot price: the midpoint of the best bid and best ask (the best bid alone without asks; 0 without bids).
 * - Market stimulus: when a commodity has had no bid for `stimulusMonths` months, the R.O.W. creates
 *   `stimulusBids` one-unit bids at the Cost of the Living from its gold (as many as it can pay).
 *   A R.O.W. purchase goes to the supply (the realm consumes it).
 *
 * Gold in bids and escrow and units in asks and carts are conserved places (engine/invariants.ts) and
 * count in net worth (`marketWorth`).
 */
import { rollD6 } from '../../../lib/rng.ts';
import type { Ruleset } from '../rules/index.ts';
import type { MerlinState } from './state.ts';
import { cartWardOf, shiftedPrice } from './market-cards.ts';

/** Cart destination: the owner's own ask. */
export const CART_TO_ASK = -1;
/** Cart destination: the supply (a R.O.W. stimulus bid bought the unit). */
export const CART_TO_SUPPLY = -2;

/** A bid source found by `bestBid`: a seat's live bid (`seat`), its escrowed bid (`P + seat`) or the R.O.W. (`2P`). */
export type BidSource = number;

/** Price of bid source `src` (see `bestBid`). */
export function bidPrice(s: MerlinState, c: number, src: BidSource): number {
  const P = s.numPlayers;
  if (src < P) return s.mktBid[src * 3 + c];
  if (src < 2 * P) return s.mktEscBid[(src - P) * 3 + c];
  return s.rowBidPrice[c];
}

/**
 * The best bid on commodity `c` that `exclude` may sell into (not their own): highest price; ties go to
 * the R.O.W., then seats in turn order after `exclude`, a live bid before an escrowed one. -1 when none.
 * Pass `exclude` = -1 to consider every bid (the spot price).
 */
export function bestBid(s: MerlinState, c: number, exclude: number): BidSource {
  const P = s.numPlayers;
  let best = -1;
  let price = 0;
  if (s.rowBids[c] > 0) {
    best = 2 * P;
    price = s.rowBidPrice[c];
  }
  const from = exclude >= 0 ? exclude + 1 : 0;
  for (let i = 0; i < P; i++) {
    const seat = from + i < P ? from + i : from + i - P; // (from + i) % P without a division
    if (seat === exclude || s.eliminated[seat]) continue;
    const live = s.mktBid[seat * 3 + c];
    if (live > price) {
      price = live;
      best = seat;
    }
    const esc = s.mktEscBid[seat * 3 + c];
    if (esc > price) {
      price = esc;
      best = P + seat;
    }
  }
  return best;
}

/** The seat holding the cheapest ask on `c` other than `exclude` (ties: turn order after `exclude`), or -1. */
export function bestAsk(s: MerlinState, c: number, exclude: number): number {
  const P = s.numPlayers;
  let best = -1;
  let price = 0;
  const from = exclude >= 0 ? exclude + 1 : 0;
  for (let i = 0; i < P; i++) {
    const seat = from + i < P ? from + i : from + i - P; // (from + i) % P without a division
    if (seat === exclude || s.mktAskQty[seat * 3 + c] === 0) continue;
    const p = s.mktAsk[seat * 3 + c];
    if (best < 0 || p < price) {
      price = p;
      best = seat;
    }
  }
  return best;
}

/** True when commodity `c` has any bid (live, escrowed or the R.O.W.'s). */
export function hasAnyBid(s: MerlinState, c: number): boolean {
  if (s.rowBids[c] > 0) return true;
  for (let k = c, n = s.mktBid.length; k < n; k += 3) if (s.mktBid[k] > 0 || s.mktEscBid[k] > 0) return true;
  return false;
}

/** Spot price of `c` in gold per unit: midpoint of best bid and best ask; the best bid without asks; 0 without bids. */
export function spotPrice(s: MerlinState, c: number): number {
  const b = bestBid(s, c, -1);
  if (b < 0) return 0;
  const bp = bidPrice(s, c, b);
  const a = bestAsk(s, c, -1);
  return a < 0 ? bp : (bp + s.mktAsk[a * 3 + c]) / 2;
}

/** True when `seat` has used its one transport this turn (or has a cart on the road). */
export function transportUsed(s: MerlinState, seat: number): boolean {
  return s.cartTurn[seat] === s.turn || s.cartQty[seat] > 0;
}

// ---------------------------------------------------------------------------------------------------------
// Checks (null = legal) and their effects. `c` is the commodity (0 Souls, 1 Elixir Oil, 2 Essence Grain).
// ---------------------------------------------------------------------------------------------------------

/** Post, raise or lower `seat`'s bid on `c` to grid price `pi` (market.prices). */
export function checkPostBid(s: MerlinState, rs: Ruleset, seat: number, c: number, pi: number): string | null {
  if (!rs.data.market.enabled) return 'the Grand Market is off in this ruleset';
  const p = rs.data.market.prices[pi];
  const cur = s.mktBid[seat * 3 + c];
  if (cur === p) return 'the bid is already at that price';
  if (p > cur && s.gold[seat] < p - cur) return 'a bid must be covered: not enough gold in pocket';
  return null;
}

export function applyPostBid(s: MerlinState, rs: Ruleset, seat: number, c: number, pi: number): void {
  const p = rs.data.market.prices[pi];
  const k = seat * 3 + c;
  const cur = s.mktBid[k];
  if (p > cur) {
    s.gold[seat] -= p - cur;
    if (cur === 0) s.mktBidTurn[k] = s.turn;
  } else {
    s.mktEscGold[k] += cur - p;
    s.mktBidTurn[k] = s.turn;
  }
  s.mktBid[k] = p;
}

/** Withdraw `seat`'s bid on `c` into escrow. */
export function checkWithdrawBid(s: MerlinState, seat: number, c: number): string | null {
  const k = seat * 3 + c;
  if (s.mktBid[k] === 0) return 'no bid on this commodity';
  if (s.mktBidTurn[k] >= s.turn) return 'a bid cannot leave the market on the turn it was placed or lowered';
  if (s.mktEscBid[k] > 0) return 'a withdrawn bid is already in escrow';
  return null;
}

export function applyWithdrawBid(s: MerlinState, seat: number, c: number): void {
  const k = seat * 3 + c;
  s.mktEscBid[k] = s.mktBid[k];
  s.mktBid[k] = 0;
}

/** Units an ask of lot index `li` would load for `seat` on `c` (0 = all held). */
function askLoad(s: MerlinState, rs: Ruleset, seat: number, c: number, li: number): number {
  const lot = rs.data.market.askLots[li];
  return lot === 0 ? s.held[seat * 3 + c] : lot;
}

/** Put units of `c` into `seat`'s ask at grid price `pi`, lot `li` (market.askLots): a transport. */
export function checkPostAsk(s: MerlinState, rs: Ruleset, seat: number, c: number, pi: number, li: number): string | null {
  if (!rs.data.market.enabled) return 'the Grand Market is off in this ruleset';
  if (pi >= rs.data.market.prices.length) return 'no such price';
  if (transportUsed(s, seat)) return 'commodities can be transported only once per turn';
  const q = askLoad(s, rs, seat, c, li);
  if (q === 0 || s.held[seat * 3 + c] < q) return 'an ask must be covered: not enough units held';
  // "All" equal to a fixed lot would be the same action twice: only the fixed lot is offered.
  if (rs.data.market.askLots[li] === 0 && rs.data.market.askLots.includes(q)) return 'the same load as a fixed lot';
  return null;
}

export function applyPostAsk(s: MerlinState, rs: Ruleset, seat: number, c: number, pi: number, li: number): void {
  const q = askLoad(s, rs, seat, c, li);
  s.held[seat * 3 + c] -= q;
  loadCart(s, seat, c, q, CART_TO_ASK, rs.data.market.prices[pi]);
}

function loadCart(s: MerlinState, seat: number, c: number, q: number, dest: number, price: number): void {
  s.cartCom[seat] = c;
  s.cartQty[seat] = q;
  s.cartDest[seat] = dest;
  s.cartPrice[seat] = price;
  s.cartTurn[seat] = s.turn;
}

/** Pull `seat`'s ask on `c`: every unit back to hand. */
export function checkPullAsk(s: MerlinState, seat: number, c: number): string | null {
  return s.mktAskQty[seat * 3 + c] > 0 ? null : 'no ask on this commodity';
}

export function applyPullAsk(s: MerlinState, seat: number, c: number): void {
  const k = seat * 3 + c;
  s.held[k] += s.mktAskQty[k];
  s.mktAskQty[k] = 0;
  s.mktAsk[k] = 0;
}

/** Sell one held unit of `c` into the best other bid (a transport). */
export function checkSellToBid(s: MerlinState, rs: Ruleset, seat: number, c: number): string | null {
  if (!rs.data.market.enabled) return 'the Grand Market is off in this ruleset';
  if (s.held[seat * 3 + c] === 0) return 'no unit of this commodity held';
  if (bestBid(s, c, seat) < 0) return "no other player's or R.O.W. bid on this commodity";
  if (transportUsed(s, seat)) return 'commodities can be transported only once per turn';
  return null;
}

export function applySellToBid(s: MerlinState, seat: number, c: number): void {
  const P = s.numPlayers;
  const src = bestBid(s, c, seat);
  const price = bidPrice(s, c, src);
  let dest: number;
  if (src < P) {
    s.mktBid[src * 3 + c] = 0;
    dest = src;
  } else if (src < 2 * P) {
    s.mktEscBid[(src - P) * 3 + c] = 0;
    dest = src - P;
  } else {
    s.rowBids[c]--;
    if (s.rowBids[c] === 0) s.rowBidPrice[c] = 0;
    dest = CART_TO_SUPPLY;
  }
  s.gold[seat] += price;
  s.held[seat * 3 + c]--;
  s.lastPrice[c] = price;
  loadCart(s, seat, c, 1, dest, 0);
}

/** Buy one unit of `c` from the cheapest other ask, paying from the pocket. */
export function checkBuyFromAsk(s: MerlinState, rs: Ruleset, seat: number, c: number): string | null {
  if (!rs.data.market.enabled) return 'the Grand Market is off in this ruleset';
  const a = bestAsk(s, c, seat);
  if (a < 0) return "no other player's ask on this commodity";
  return s.gold[seat] >= s.mktAsk[a * 3 + c] ? null : 'not enough gold in pocket for the best ask';
}

export function applyBuyFromAsk(s: MerlinState, seat: number, c: number): void {
  const a = bestAsk(s, c, seat);
  const k = a * 3 + c;
  const price = s.mktAsk[k];
  s.gold[seat] -= price;
  s.gold[a] += price;
  s.held[seat * 3 + c]++;
  if (--s.mktAskQty[k] === 0) s.mktAsk[k] = 0;
  s.lastPrice[c] = price;
}

// ---------------------------------------------------------------------------------------------------------
// The clock: arrivals and escrow at the start of a seat's turn, breakdowns on a 7, the stimulus.
// ---------------------------------------------------------------------------------------------------------

/** Start of `seat`'s turn (before the roll): its cart arrives and its escrow returns to its pocket. */
export function marketTurnStart(s: MerlinState, seat: number): void {
  arriveCart(s, seat);
  for (let k = seat * 3, e = k + 3; k < e; k++) {
    const g = s.mktEscBid[k] + s.mktEscGold[k];
    if (g === 0) continue;
    s.gold[seat] += g;
    s.mktEscBid[k] = 0;
    s.mktEscGold[k] = 0;
  }
}

/** `seat`'s cart (if any) delivers: into its ask, to the buyer's hand, or to the supply. */
export function arriveCart(s: MerlinState, seat: number): void {
  const q = s.cartQty[seat];
  if (q === 0) return;
  const c = s.cartCom[seat];
  const dest = s.cartDest[seat];
  if (dest === CART_TO_ASK && !s.eliminated[seat]) {
    s.mktAskQty[seat * 3 + c] += q;
    s.mktAsk[seat * 3 + c] = s.cartPrice[seat];
  } else if (dest >= 0 && !s.eliminated[dest]) s.held[dest * 3 + c] += q;
  else s.supply[c] += q;
  clearCart(s, seat);
}

function clearCart(s: MerlinState, seat: number): void {
  s.cartCom[seat] = -1;
  s.cartQty[seat] = 0;
  s.cartDest[seat] = CART_TO_ASK;
  s.cartPrice[seat] = 0;
}

/** A rolled 7: every cart on the road rolls a d6 (turn order from the active player); at or below the threshold it breaks down. */
export function cartBreakdowns(s: MerlinState, rs: Ruleset): void {
  const t = rs.data.market.cartBreakdownAtOrBelow;
  for (let i = 0; i < s.numPlayers; i++) {
    const seat = s.order[(s.turnIdx + i) % s.numPlayers];
    if (s.cartQty[seat] === 0) continue;
    if (rollD6(s.rng) <= t - cartWardOf(s, seat)) {
      s.supply[s.cartCom[seat]] += s.cartQty[seat];
      clearCart(s, seat);
    }
  }
}

/** After each roll: record bids seen and run the R.O.W. stimulus where a commodity has gone bidless too long. */
export function marketStimulus(s: MerlinState, rs: Ruleset): void {
  const m = rs.data.market;
  if (!m.enabled) return;
  for (let c = 0; c < 3; c++) {
    if (hasAnyBid(s, c)) {
      s.bidSeenMonth[c] = s.months;
      continue;
    }
    if (s.months - s.bidSeenMonth[c] < m.stimulusMonths) continue;
    const col = shiftedPrice(s, c, s.costOfLiving);
    if (col <= 0) continue;
    const n = Math.min(m.stimulusBids, Math.floor(s.row / col));
    if (n === 0) continue;
    s.row -= n * col;
    s.rowBids[c] = n;
    s.rowBidPrice[c] = col;
    s.bidSeenMonth[c] = s.months;
  }
}

/** Remove an eliminated seat from the market: bid and escrow gold to the Central Bank, asks to the supply, its cart delivered. */
export function leaveMarket(s: MerlinState, seat: number): void {
  for (let k = seat * 3, e = k + 3; k < e; k++) {
    s.centralBank += s.mktBid[k] + s.mktEscBid[k] + s.mktEscGold[k];
    s.mktBid[k] = 0;
    s.mktEscBid[k] = 0;
    s.mktEscGold[k] = 0;
    s.supply[k - seat * 3] += s.mktAskQty[k];
    s.mktAskQty[k] = 0;
    s.mktAsk[k] = 0;
  }
  arriveCart(s, seat);
}

/** Gold in `seat`'s bids and escrow plus its asks' units at the Cost of the Living (marketWorth without the carts). */
function bookWorth(s: MerlinState, seat: number): number {
  let w = 0;
  let units = 0;
  for (let k = seat * 3, e = k + 3; k < e; k++) {
    w += s.mktBid[k] + s.mktEscBid[k] + s.mktEscGold[k];
    units += s.mktAskQty[k];
  }
  return w + units * s.costOfLiving;
}

/** The seat whose net worth the units on cart `p` count for: p's own when bound for its ask, the buyer's when sold into a bid, else -1. */
function cartWorthSeat(s: MerlinState, p: number): number {
  const dest = s.cartDest[p];
  return dest === CART_TO_ASK ? p : dest >= 0 && dest !== p ? dest : -1;
}

/** Gold and units of `seat` on the market, in gold at the Cost of the Living per unit (for net worth). */
export function marketWorth(s: MerlinState, seat: number): number {
  let w = bookWorth(s, seat);
  for (let p = 0; p < s.numPlayers; p++) if (s.cartQty[p] > 0 && cartWorthSeat(s, p) === seat) w += s.cartQty[p] * s.costOfLiving;
  return w;
}

/**
 * worth[p] += marketWorth(s, p) for every seat p, in one pass over the seats and one over the carts (the
 * observation's net worths need every seat's: O(P), where P calls of marketWorth are O(P²)).
 */
export function addMarketWorths(s: MerlinState, worth: Float64Array): void {
  const P = s.numPlayers;
  for (let p = 0; p < P; p++) worth[p] += bookWorth(s, p);
  for (let p = 0; p < P; p++) {
    const q = s.cartQty[p];
    if (q <= 0) continue;
    const to = cartWorthSeat(s, p);
    if (to >= 0) worth[to] += q * s.costOfLiving;
  }
}
