/**
 * Card effects on transport and on the realm's market prices. 0.1.27b "Commodity Transport" ("Transport
 * Spells: Powerful spells that increase efficiency and reduce transport risk will be available through the
 * spell deck"), "The Visions of Tomorrow" (readings that shift prices). docs/RULES.md D127-D129.
 *
 * - `cartWard` (delta, turns): for the next `turns` turns the owner's transport risk falls by `delta` on the
 *   d6: their cart breaks down on a 7 only at or below `cartBreakdownAtOrBelow - delta`, and their side of a
 *   goods trade is robbed only at or below the robbery threshold − delta. The die is still rolled (the RNG
 *   stream does not depend on wards). A new ward replaces a weaker or shorter one field by field (the larger
 *   delta, the later end).
 * - `marketPrice` (commodity, delta, turns): for the next `turns` turns the realm's price for the commodity
 *   moves by `delta` gold (never below 1): the R.O.W.'s stimulus bids are placed at the Cost of the Living +
 *   delta, and a futures contract settled in gold is settled at the last sold price + delta. Shifts on one
 *   commodity add up; their end is the later one.
 */
import type { MerlinState } from './state.ts';

/** How much `seat`'s transport risk is lowered now (0 without an active ward). */
export function cartWardOf(s: MerlinState, seat: number): number {
  return s.cartWardUntil[seat] >= s.turn ? s.cartWard[seat] : 0;
}

/** The active price shift of commodity `c` in gold (0 without one). */
export function priceShiftOf(s: MerlinState, c: number): number {
  return s.priceShiftUntil[c] >= s.turn ? s.priceShift[c] : 0;
}

/** `price` moved by commodity `c`'s active shift, never below 1 (a price of 0 or less stays as it is). */
export function shiftedPrice(s: MerlinState, c: number, price: number): number {
  const d = priceShiftOf(s, c);
  if (d === 0 || price <= 0) return price;
  return price + d < 1 ? 1 : price + d;
}

/** A `cartWard` effect for `seat`. */
export function applyCartWard(s: MerlinState, seat: number, delta: number, turns: number): void {
  const active = s.cartWardUntil[seat] >= s.turn;
  s.cartWard[seat] = active && s.cartWard[seat] > delta ? s.cartWard[seat] : delta;
  const until = s.turn + turns;
  if (!active || until > s.cartWardUntil[seat]) s.cartWardUntil[seat] = until;
}

/** A `marketPrice` effect on commodity `c`. */
export function applyMarketPrice(s: MerlinState, c: number, delta: number, turns: number): void {
  s.priceShift[c] = priceShiftOf(s, c) + delta;
  const until = s.turn + turns;
  if (s.priceShiftUntil[c] < s.turn || until > s.priceShiftUntil[c]) s.priceShiftUntil[c] = until;
}
