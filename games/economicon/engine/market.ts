/**
 * The market ("The Market"): the X value of gold and each currency, read off the bottom-most visible printed
 * number of its column (D4, D5), and victory points ("Winning the game"), which value gold and currency at X.
 */
import { CUR0, GOLD, MAX_NATIONS, NUM_TYPES, type Ruleset } from '../rules/index.ts';
import { MARKET, OFFER, RESERVES, type EconomiconState } from './state.ts';

/** X of one unit of type `t` (gold or a currency) now: the printed number above the column's top unit. */
export function unitX(s: EconomiconState, rs: Ruleset, t: number): number {
  const c = s.units[MARKET * NUM_TYPES + t];
  return t === GOLD ? rs.goldX[c] : rs.currencyX[c];
}

/** Currency or gold units needed to pay for `k` resources at X `x`: the fewest whose total X covers k (overpaying the rest; D7). */
export function unitsToPay(k: number, x: number): number {
  return Math.ceil(k / x);
}

/** Victory points of the units at holder `h` (a seat's reserves or offer): resources by the points table, gold and currencies at X. */
export function holderPoints(s: EconomiconState, rs: Ruleset, h: number): number {
  const u = s.units;
  const o = h * NUM_TYPES;
  let v = u[o] * rs.resourcePoints[0] + u[o + 1] * rs.resourcePoints[1] + u[o + 2] * rs.resourcePoints[2];
  if (u[o + GOLD] > 0) v += u[o + GOLD] * unitX(s, rs, GOLD);
  for (let n = 0; n < MAX_NATIONS; n++) if (u[o + CUR0 + n] > 0) v += u[o + CUR0 + n] * unitX(s, rs, CUR0 + n);
  return v;
}

/**
 * Seat `p`'s victory points ("Winning the game"): 5 per satisfied mandate plus its reserves (and, before the
 * end returns them, the goods of its open sale offer; D13), gold and currency at their X.
 */
export function victoryPoints(s: EconomiconState, rs: Ruleset, p: number): number {
  return s.satisfied[p] * rs.data.points.mandate + holderPoints(s, rs, RESERVES + p) + holderPoints(s, rs, OFFER + p);
}

/** Units of all currencies (own and other nations') in seat `p`'s reserves: the second tie-break. */
export function currencyUnits(s: EconomiconState, p: number): number {
  let n = 0;
  for (let c = 0; c < MAX_NATIONS; c++) n += s.units[(RESERVES + p) * NUM_TYPES + CUR0 + c];
  return n;
}
