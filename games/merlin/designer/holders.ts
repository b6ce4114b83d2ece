/**
 * Where the gold and the commodity tokens sit, for the designer's flow charts (`merlin probe`) and the
 * replay viewer. The places follow the engine's conservation check (games/merlin/engine/invariants.ts,
 * checkConservation): every unit is somewhere. Each table below is the one place to name a new holder;
 * until a new place (a market escrow, a cart, a loan) is named here, its units show up under "elsewhere"
 * (the ruleset's supply minus everything named), so flows never silently lose gold.
 */
import type { Ruleset } from '../rules/index.ts';
import type { MerlinState } from '../engine/state.ts';

type Reader = (s: MerlinState, rs: Ruleset) => number;

const sum = (a: readonly number[]) => a.reduce((x, y) => x + y, 0);
/** Sum of a per-player field that may not exist in this engine version (0 when absent). */
const field =
  (name: string): Reader =>
  (s) => {
    const v = (s as unknown as Record<string, unknown>)[name];
    return Array.isArray(v) ? sum(v as number[]) : typeof v === 'number' ? v : 0;
  };

/** Named gold holders (gold), in chart order. */
export const GOLD_HOLDERS: readonly { name: string; read: Reader }[] = [
  { name: "players' pockets", read: field('gold') },
  { name: 'Chauffeur vaults', read: field('slotVault') },
  { name: 'property investments', read: field('slotInvest') },
  { name: 'lab funds', read: field('slotFunds') },
  { name: 'Central Bank', read: field('centralBank') },
  { name: 'R.O.W.', read: field('row') },
  { name: 'auction pot', read: field('auctionPot') },
  // Market and finance (engine/market.ts, insurance.ts): gold sitting in bids (the players' and the R.O.W. stimulus bids),
  // in escrow, and locked as insurance cover.
  { name: 'Grand Market bids', read: (s, rs) => field('mktBid')(s, rs) + rowBidGold(s) },
  { name: 'escrow', read: (s, rs) => field('mktEscBid')(s, rs) + field('mktEscGold')(s, rs) },
  { name: 'insurance cover', read: field('polCover') },
];

/** Gold in the R.O.W. stimulus bids (count × price per commodity). */
function rowBidGold(s: MerlinState): number {
  let g = 0;
  for (let c = 0; c < s.rowBids.length; c++) g += s.rowBids[c] * s.rowBidPrice[c];
  return g;
}

/** Named commodity holders (tokens of all three commodities together), in chart order. */
export const COMMODITY_HOLDERS: readonly { name: string; read: Reader }[] = [
  { name: 'supply', read: field('supply') },
  { name: 'held by players', read: field('held') },
  { name: 'planted on Lands', read: field('slotPlanted') },
  { name: 'Grand Market asks', read: field('mktAskQty') },
  { name: 'on horse carts', read: field('cartQty') },
];

export const ELSEWHERE = 'elsewhere';

function split(s: MerlinState, rs: Ruleset, holders: readonly { read: Reader }[], total: number): number[] {
  const out = holders.map((h) => h.read(s, rs));
  out.push(total - sum(out));
  return out;
}

/** Names of the columns of `goldBy`: the named holders, then "elsewhere". */
export const GOLD_COLUMNS = [...GOLD_HOLDERS.map((h) => h.name), ELSEWHERE];
/** Names of the columns of `commoditiesBy`. */
export const COMMODITY_COLUMNS = [...COMMODITY_HOLDERS.map((h) => h.name), ELSEWHERE];

/** Gold by holder (GOLD_COLUMNS order), in gold; sums to the ruleset's gold supply. */
export function goldBy(s: MerlinState, rs: Ruleset): number[] {
  return split(s, rs, GOLD_HOLDERS, rs.data.supply.gold);
}

/** Commodity tokens by holder (COMMODITY_COLUMNS order); sums to the ruleset's commodity supply. */
export function commoditiesBy(s: MerlinState, rs: Ruleset): number[] {
  const c = rs.data.supply.commodities;
  return split(s, rs, COMMODITY_HOLDERS, c.souls + c.elixirOil + c.essenceGrain);
}
