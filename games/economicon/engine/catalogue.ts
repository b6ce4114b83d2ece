/**
 * The flat, finite action catalogue (docs/ECONOMICON.md "Actions"): every id is one kind with up to three
 * arguments, in blocks of ascending ids, so `legalActions` can enumerate block by block in id order.
 *
 *   0                      Pass (D12: the second action, or the first when no growth action is possible)
 *   1..6                   growth: MintGold, MintCurrency, Drill, ManufactureElectricity, ManufactureTechnology, DrawMandate
 *   sellBase + (r*2 + w)*S + (m-1)   MarketSell: resource r, receive w (0 native currency, 1 gold), m units received
 *   buyBase + (r*5 + j)*S + (k-1)    MarketBuy: resource r, pay with j (0 native, 1 gold, 2..4 the currency of the
 *                                    nation 1..3 places clockwise), k resources bought
 *   offerBase + r*S + (k-1)          Offer: put k units of resource r up for sale to the players
 *   takeBase + (o-1)*2 + w           BuyOffer: buy the open offer of the seat o places clockwise, paying with w
 *
 * S is the ruleset's column size (12): no trade moves more than a column holds (D11).
 */
import { weakMemo } from '../../../lib/memo.ts';
import { contentHash } from '../../../lib/hash.ts';
import { CUR0, GOLD, MAX_NATIONS, type Ruleset } from '../rules/index.ts';

export const Kind = {
  Pass: 0,
  MintGold: 1,
  MintCurrency: 2,
  Drill: 3,
  ManufactureElectricity: 4,
  ManufactureTechnology: 5,
  DrawMandate: 6,
  MarketSell: 7,
  MarketBuy: 8,
  Offer: 9,
  BuyOffer: 10,
} as const;
export const KIND_NAMES = [
  'Pass',
  'MintGold',
  'MintCurrency',
  'Drill',
  'ManufactureElectricity',
  'ManufactureTechnology',
  'DrawMandate',
  'MarketSell',
  'MarketBuy',
  'Offer',
  'BuyOffer',
] as const;
/** A kind's category ("Playing the game": growth and trade actions; the market's among the trades). */
export const KIND_CATEGORY = [
  'pass',
  'growth',
  'growth',
  'growth',
  'growth',
  'growth',
  'growth',
  'market',
  'market',
  'trade',
  'trade',
] as const;
export const CATEGORIES = ['growth', 'market', 'trade', 'pass'] as const;

/** Payment choices of MarketBuy: native, gold, then the nations 1..3 places clockwise. */
export const BUY_PAYMENTS = 2 + (MAX_NATIONS - 1);

export interface Catalogue {
  readonly size: number;
  readonly columnSize: number;
  readonly sellBase: number;
  readonly buyBase: number;
  readonly offerBase: number;
  readonly takeBase: number;
  /** Per id: kind, and arguments a (resource, or seat offset), b (receive / pay choice), c (amount). */
  readonly kind: Uint8Array;
  readonly a: Uint8Array;
  readonly b: Uint8Array;
  readonly c: Uint8Array;
  /** Hash of the catalogue's layout. */
  readonly hash: string;
}

const catalogues = new Map<number, Catalogue>();

/**
 * The catalogue for `rs` (it depends only on the column size): one per size, and per ruleset the last one asked
 * for checked first (legalActions and applyAction ask on every step; lib/memo.ts `weakMemo`).
 */
export const catalogue: (rs: Ruleset) => Catalogue = weakMemo((rs: Ruleset) => catalogueOfSize(rs.data.columnSize));

/** The catalogue for column size S (built once per size). */
function catalogueOfSize(S: number): Catalogue {
  const hit = catalogues.get(S);
  if (hit) return hit;
  const sellBase = 7;
  const buyBase = sellBase + 3 * 2 * S;
  const offerBase = buyBase + 3 * BUY_PAYMENTS * S;
  const takeBase = offerBase + 3 * S;
  const size = takeBase + (MAX_NATIONS - 1) * 2;
  const kind = new Uint8Array(size);
  const a = new Uint8Array(size);
  const b = new Uint8Array(size);
  const c = new Uint8Array(size);
  for (let id = 1; id < sellBase; id++) kind[id] = id;
  const put = (id: number, k: number, x: number, y: number, z: number) => {
    kind[id] = k;
    a[id] = x;
    b[id] = y;
    c[id] = z;
  };
  for (let r = 0; r < 3; r++) {
    for (let w = 0; w < 2; w++) for (let m = 1; m <= S; m++) put(sellBase + (r * 2 + w) * S + m - 1, Kind.MarketSell, r, w, m);
    for (let j = 0; j < BUY_PAYMENTS; j++)
      for (let k = 1; k <= S; k++) put(buyBase + (r * BUY_PAYMENTS + j) * S + k - 1, Kind.MarketBuy, r, j, k);
    for (let k = 1; k <= S; k++) put(offerBase + r * S + k - 1, Kind.Offer, r, 0, k);
  }
  for (let o = 1; o < MAX_NATIONS; o++) for (let w = 0; w < 2; w++) put(takeBase + (o - 1) * 2 + w, Kind.BuyOffer, o, w, 0);
  const cat: Catalogue = {
    size,
    columnSize: S,
    sellBase,
    buyBase,
    offerBase,
    takeBase,
    kind,
    a,
    b,
    c,
    hash: contentHash({ kind: Array.from(kind), a: Array.from(a), b: Array.from(b), c: Array.from(c) }),
  };
  catalogues.set(S, cat);
  return cat;
}

/** The unit type seat `seat` pays or receives with choice `j` (0 native currency, 1 gold, 2.. the nation j-1 places clockwise). */
export function paymentType(seat: number, j: number): number {
  return j === 1 ? GOLD : CUR0 + ((seat + (j === 0 ? 0 : j - 1)) % MAX_NATIONS);
}
