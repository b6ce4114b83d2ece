/**
 * The Economicon engine: setup, the turn (a growth action, then a growth or a trade action), the growth and
 * trade actions, the mandate check after every action, the end at 5 satisfied mandates, scoring and the three
 * tie-breaks (shared/rules/economicon-v0.4.html; every decision where the text is silent is a D-number of
 * docs/ECONOMICON.md).
 *
 * `legalActions` is the fast enumerator (ascending ids, no allocation); `whyIllegal` the reference check,
 * written independently from the rules; `applyAction` refuses an illegal id with IllegalActionError before it
 * touches the state.
 */
import { ArgumentError, GameOverError, IllegalActionError, UnknownActionError } from '../../../lib/errors.ts';
import { rollD6, seedRng, shuffleInPlace } from '../../../lib/rng.ts';
import { CUR0, ELEC, GOLD, NUM_TYPES, OIL, RESOURCES, TECH, TYPE_NAMES, type Ruleset } from '../rules/index.ts';
import { BUY_PAYMENTS, catalogue, Kind, paymentType } from './catalogue.ts';
import { currencyUnits, unitsToPay, unitX, victoryPoints } from './market.ts';
import { drawMandate, satisfyMandates } from './mandates.ts';
import { AT_DECK, EconomiconState, MARKET, OFFER, Outcome, PILE, RESERVES } from './state.ts';

const T = NUM_TYPES;

/**
 * A new game ("Setting up the game"): reserves and market, the draw piles, the shuffled mandate deck, two
 * mandates each, and the die roll for the first player (D9: every seat rolls, highest first, ties roll again).
 * @throws ArgumentError when `players` is outside the ruleset's range
 */
export function createGame(rs: Ruleset, players: number, seed: string | number): EconomiconState {
  const { min, max } = rs.data.players;
  if (!Number.isInteger(players) || players < min || players > max)
    throw new ArgumentError(`Economicon takes ${min}-${max} players, not ${players}`);
  const s = new EconomiconState(rs.cardDef.length);
  s.rulesetHash = rs.hash;
  s.numPlayers = players | 0; // a small integer even when it arrives boxed (see Merlin's createGame)
  s.rng = seedRng(seed);
  const u = s.units;
  for (let t = 0; t < T; t++) {
    u[PILE * T + t] = rs.pile[t];
    const seated = t < CUR0 || t - CUR0 < players;
    if (seated || rs.data.absentNationsInMarket) u[MARKET * T + t] = rs.startMarket[t];
  }
  for (let p = 0; p < players; p++) {
    for (let t = 0; t < CUR0; t++) u[(RESERVES + p) * T + t] = rs.startReserves[t];
    u[(RESERVES + p) * T + CUR0 + p] = rs.startReserves[CUR0 + p];
  }
  const order = Array.from(rs.cardDef, (_, i) => i);
  shuffleInPlace(s.rng, order);
  s.deck.set(order);
  s.deckLen = order.length;
  s.cardAt.fill(AT_DECK);
  for (let p = 0; p < players; p++) for (let k = 0; k < rs.data.mandates.startingHand && s.deckLen > 0; k++) drawMandate(s, p);
  s.firstPlayer = rollForFirst(s, players);
  s.current = s.firstPlayer;
  if (satisfyMandates(s, rs)) endGame(s, rs, Outcome.Mandates);
  return s;
}

/** "Roll a die to see who goes first" (D9): each seat rolls, the highest goes first; the tied highest roll again. */
function rollForFirst(s: EconomiconState, players: number): number {
  let tied = Array.from({ length: players }, (_, p) => p);
  while (tied.length > 1) {
    const rolls = tied.map(() => rollD6(s.rng, 'first'));
    const best = Math.max(...rolls);
    tied = tied.filter((_, i) => rolls[i] === best);
  }
  return tied[0];
}

export function isTerminal(s: EconomiconState): boolean {
  return s.outcome !== Outcome.Running;
}
export function isTruncated(s: EconomiconState): boolean {
  return s.outcome === Outcome.Truncated;
}
/** The seat to act, or -1 once the game is over. */
export function currentPlayer(s: EconomiconState): number {
  return s.outcome === Outcome.Running ? s.current : -1;
}

// ---- fast legality (shared by legalActions and applyAction) -------------------------------------------------

function canGrow(s: EconomiconState, rs: Ruleset, kind: number): boolean {
  const u = s.units;
  const p = s.current;
  const g = rs.data.growth;
  switch (kind) {
    case Kind.MintGold:
      return u[PILE * T + GOLD] >= g.mintGold;
    case Kind.MintCurrency:
      return u[PILE * T + CUR0 + p] >= g.mintCurrency;
    case Kind.Drill:
      return u[PILE * T + OIL] >= g.drill;
    case Kind.ManufactureElectricity:
      return u[(RESERVES + p) * T + OIL] >= g.electricity.oil && u[PILE * T + ELEC] >= g.electricity.yield;
    case Kind.ManufactureTechnology:
      return u[(RESERVES + p) * T + ELEC] >= g.technology.electricity && u[PILE * T + TECH] >= g.technology.yield;
    case Kind.DrawMandate:
      return s.handLen[p] < rs.data.mandates.handLimit && s.deckLen > 0;
    default:
      return false;
  }
}

function anyGrowth(s: EconomiconState, rs: Ruleset): boolean {
  for (let k = Kind.MintGold; k <= Kind.DrawMandate; k++) if (canGrow(s, rs, k)) return true;
  return false;
}

/** MarketSell: m units of type t for m * X resources r: reserves hold them, the column has room, the t column holds m. */
function canSell(s: EconomiconState, rs: Ruleset, r: number, t: number, m: number): boolean {
  const u = s.units;
  const k = m * unitX(s, rs, t);
  return u[(RESERVES + s.current) * T + r] >= k && u[MARKET * T + r] + k <= rs.data.columnSize && u[MARKET * T + t] >= m;
}

/** MarketBuy: k resources r for the fewest units of type t covering them; the column holds k, the t column has room. */
function canBuy(s: EconomiconState, rs: Ruleset, r: number, t: number, k: number): boolean {
  const u = s.units;
  const m = unitsToPay(k, unitX(s, rs, t));
  return u[MARKET * T + r] >= k && u[(RESERVES + s.current) * T + t] >= m && u[MARKET * T + t] + m <= rs.data.columnSize;
}

function offerEmpty(s: EconomiconState, p: number): boolean {
  const o = (OFFER + p) * T;
  return s.units[o + OIL] === 0 && s.units[o + ELEC] === 0 && s.units[o + TECH] === 0;
}

/** The resource type on offer by seat q, or -1. */
function offeredResource(s: EconomiconState, q: number): number {
  const o = (OFFER + q) * T;
  for (let r = 0; r < 3; r++) if (s.units[o + r] > 0) return r;
  return -1;
}

function canTakeOffer(s: EconomiconState, rs: Ruleset, off: number, w: number): boolean {
  if (off >= s.numPlayers) return false;
  const q = (s.current + off) % s.numPlayers;
  const r = offeredResource(s, q);
  if (r < 0) return false;
  const t = w === 0 ? CUR0 + s.current : GOLD;
  return s.units[(RESERVES + s.current) * T + t] >= unitsToPay(s.units[(OFFER + q) * T + r], unitX(s, rs, t));
}

/** legalActions' scratch: per purchase payment, the most resources it can cover. */
const buyCap = new Int32Array(BUY_PAYMENTS);

/**
 * Write the legal action ids of `s` into `out` (ascending); returns how many (0 once the game is over).
 * Allocates nothing.
 */
export function legalActions(s: EconomiconState, rs: Ruleset, out: Int32Array): number {
  if (s.outcome !== Outcome.Running) return 0;
  const cat = catalogue(rs);
  const S = cat.columnSize;
  // Ascending ids: Pass (0, the second action only), then the growth actions, then the trades.
  let n = s.step === 0 ? 0 : 1;
  for (let k = Kind.MintGold; k <= Kind.DrawMandate; k++) if (canGrow(s, rs, k)) out[n++] = k;
  if (s.step === 0) {
    if (n > 0) return n;
    out[0] = Kind.Pass; // D12: no growth action is possible
    return 1;
  }
  out[0] = Kind.Pass;
  const p = s.current;
  const u = s.units;
  const res = (RESERVES + p) * T;
  // Market sales: m units of the native currency (w 0) or gold (w 1) for m * X resources.
  const xNative = unitX(s, rs, CUR0 + p);
  const xGold = unitX(s, rs, GOLD);
  for (let r = 0; r < 3; r++) {
    const room = S - u[MARKET * T + r];
    for (let w = 0; w < 2; w++) {
      const t = w === 0 ? CUR0 + p : GOLD;
      const mMax = Math.min(u[MARKET * T + t], Math.floor(Math.min(u[res + r], room) / (w === 0 ? xNative : xGold)), S);
      const base = cat.sellBase + (r * 2 + w) * S - 1;
      for (let m = 1; m <= mMax; m++) out[n++] = base + m;
    }
  }
  // Market purchases: what payment j can cover (units held that fit in its column, times X) is the same for every resource.
  for (let j = 0; j < BUY_PAYMENTS; j++) {
    const t = paymentType(p, j);
    buyCap[j] = Math.min(u[res + t], S - u[MARKET * T + t]) * unitX(s, rs, t);
  }
  for (let r = 0; r < 3; r++) {
    const have = Math.min(u[MARKET * T + r], S);
    for (let j = 0; j < BUY_PAYMENTS; j++) {
      const kMax = Math.min(have, buyCap[j]);
      const base = cat.buyBase + (r * BUY_PAYMENTS + j) * S - 1;
      for (let k = 1; k <= kMax; k++) out[n++] = base + k;
    }
  }
  if (offerEmpty(s, p))
    for (let r = 0; r < 3; r++) {
      const kMax = Math.min(u[res + r], S);
      const base = cat.offerBase + r * S - 1;
      for (let k = 1; k <= kMax; k++) out[n++] = base + k;
    }
  for (let off = 1; off < s.numPlayers; off++)
    for (let w = 0; w < 2; w++) if (canTakeOffer(s, rs, off, w)) out[n++] = cat.takeBase + (off - 1) * 2 + w;
  return n;
}

/** Whether id `a` (in range) is legal in the running state `s`: the fast check applyAction relies on. */
function isLegal(s: EconomiconState, rs: Ruleset, a: number): boolean {
  const cat = catalogue(rs);
  const kind = cat.kind[a];
  if (kind === Kind.Pass) return s.step === 1 || !anyGrowth(s, rs);
  if (kind <= Kind.DrawMandate) return canGrow(s, rs, kind);
  if (s.step === 0) return false;
  const r = cat.a[a];
  switch (kind) {
    case Kind.MarketSell:
      return canSell(s, rs, r, cat.b[a] === 0 ? CUR0 + s.current : GOLD, cat.c[a]);
    case Kind.MarketBuy:
      return canBuy(s, rs, r, paymentType(s.current, cat.b[a]), cat.c[a]);
    case Kind.Offer:
      return offerEmpty(s, s.current) && s.units[(RESERVES + s.current) * T + r] >= cat.c[a];
    default:
      return canTakeOffer(s, rs, cat.a[a], cat.b[a]);
  }
}

// ---- reference legality ---------------------------------------------------------------------------------

/**
 * Reference legality check, written from the rules independently of `legalActions`: null when `a` is legal
 * in `s`, else why not. Ids outside the catalogue are "not an action".
 */
export function whyIllegal(s: EconomiconState, rs: Ruleset, a: number): string | null {
  const cat = catalogue(rs);
  if (!Number.isInteger(a) || a < 0 || a >= cat.size) return `not an action (0..${cat.size - 1})`;
  if (s.outcome !== Outcome.Running) return 'the game is over';
  const p = s.current;
  const g = rs.data.growth;
  const S = rs.data.columnSize;
  const mine = (t: number) => s.units[(RESERVES + p) * T + t];
  const market = (t: number) => s.units[MARKET * T + t];
  const pile = (t: number) => s.units[PILE * T + t];
  const growthReasons = [
    null,
    pile(GOLD) < g.mintGold ? `the gold draw pile holds ${pile(GOLD)}, fewer than ${g.mintGold}` : null,
    pile(CUR0 + p) < g.mintCurrency ? `your currency's draw pile holds ${pile(CUR0 + p)}, fewer than ${g.mintCurrency}` : null,
    pile(OIL) < g.drill ? `the oil draw pile holds ${pile(OIL)}, fewer than ${g.drill}` : null,
    mine(OIL) < g.electricity.oil
      ? `you hold ${mine(OIL)} oil, the factory needs ${g.electricity.oil}`
      : pile(ELEC) < g.electricity.yield
        ? `the electricity draw pile holds ${pile(ELEC)}, fewer than ${g.electricity.yield}`
        : null,
    mine(ELEC) < g.technology.electricity
      ? `you hold ${mine(ELEC)} electricity, the factory needs ${g.technology.electricity}`
      : pile(TECH) < g.technology.yield
        ? `the technology draw pile holds ${pile(TECH)}, fewer than ${g.technology.yield}`
        : null,
    s.handLen[p] >= rs.data.mandates.handLimit
      ? `you already hold ${s.handLen[p]} unsatisfied mandates (the limit)`
      : s.deckLen === 0
        ? 'the mandate deck is empty'
        : null,
  ];
  const kind = cat.kind[a];
  if (kind === Kind.Pass) {
    if (s.step === 1) return null;
    return growthReasons.some((why, k) => k > 0 && why === null)
      ? 'the first action of a turn is a growth action while one is possible'
      : null;
  }
  if (kind <= Kind.DrawMandate) return growthReasons[kind];
  if (s.step === 0) return 'a trade action can only be the second action of a turn';
  const r = cat.a[a];
  const rname = RESOURCES[r];
  switch (kind) {
    case Kind.MarketSell: {
      const t = cat.b[a] === 0 ? CUR0 + p : GOLD;
      const m = cat.c[a];
      const k = m * unitX(s, rs, t);
      if (market(r) >= S) return `the ${rname} column is saturated`;
      if (mine(r) < k) return `${m} ${TYPE_NAMES[t]} at X ${unitX(s, rs, t)} cost ${k} ${rname}; you hold ${mine(r)}`;
      if (market(r) + k > S) return `the ${rname} column has ${S - market(r)} free spots, not ${k}`;
      if (market(t) < m) return `the market holds ${market(t)} ${TYPE_NAMES[t]}, not ${m}`;
      return null;
    }
    case Kind.MarketBuy: {
      const t = paymentType(p, cat.b[a]);
      const k = cat.c[a];
      const m = Math.ceil(k / unitX(s, rs, t));
      if (market(r) === 0) return `${rname} is scarce`;
      if (market(r) < k) return `the market holds ${market(r)} ${rname}, not ${k}`;
      if (mine(t) < m) return `${k} ${rname} cost ${m} ${TYPE_NAMES[t]}; you hold ${mine(t)}`;
      if (market(t) + m > S) return `the ${TYPE_NAMES[t]} column has ${S - market(t)} free spots, not ${m}`;
      return null;
    }
    case Kind.Offer: {
      const o = (OFFER + p) * T;
      if (s.units[o + OIL] + s.units[o + ELEC] + s.units[o + TECH] > 0) return 'you already have a sale offer open';
      if (mine(r) < cat.c[a]) return `you hold ${mine(r)} ${rname}, not ${cat.c[a]}`;
      return null;
    }
    default: {
      const off = cat.a[a];
      if (off >= s.numPlayers) return `no seat ${off} places clockwise in a ${s.numPlayers}-player game`;
      const q = (p + off) % s.numPlayers;
      const o = (OFFER + q) * T;
      let r2 = -1;
      for (let x = 0; x < 3; x++) if (s.units[o + x] > 0) r2 = x;
      if (r2 < 0) return `seat ${q} has no sale offer open`;
      const t = cat.b[a] === 0 ? CUR0 + p : GOLD;
      const m = Math.ceil(s.units[o + r2] / unitX(s, rs, t));
      if (mine(t) < m) return `seat ${q}'s ${s.units[o + r2]} ${RESOURCES[r2]} cost ${m} ${TYPE_NAMES[t]}; you hold ${mine(t)}`;
      return null;
    }
  }
}

// ---- applying -------------------------------------------------------------------------------------------

function move(s: EconomiconState, t: number, from: number, to: number, k: number): void {
  s.units[from * T + t] -= k;
  s.units[to * T + t] += k;
}

/**
 * Apply action `a` for the current seat, then satisfy every mandate whose condition holds, then end the game
 * (5 satisfied) or go on: after the second action the next seat clockwise starts its turn, getting back its
 * unsold sale offer (D10; the goods back in its reserves may satisfy its mandates at once), unless the turn
 * limit truncates the game.
 * @throws UnknownActionError outside the catalogue; GameOverError once over; IllegalActionError (state unchanged)
 */
export function applyAction(s: EconomiconState, rs: Ruleset, a: number): void {
  const cat = catalogue(rs);
  if (!Number.isInteger(a) || a < 0 || a >= cat.size) throw new UnknownActionError(a, cat.size);
  if (s.outcome !== Outcome.Running) throw new GameOverError();
  if (!isLegal(s, rs, a)) throw new IllegalActionError(a, describeAction(rs, a, s), whyIllegal(s, rs, a) ?? 'illegal');
  const p = s.current;
  const R = RESERVES + p;
  const g = rs.data.growth;
  const kind = cat.kind[a];
  switch (kind) {
    case Kind.Pass:
      break;
    case Kind.MintGold:
      move(s, GOLD, PILE, R, g.mintGold);
      break;
    case Kind.MintCurrency:
      move(s, CUR0 + p, PILE, R, g.mintCurrency);
      break;
    case Kind.Drill:
      move(s, OIL, PILE, R, g.drill);
      break;
    case Kind.ManufactureElectricity:
      move(s, OIL, R, PILE, g.electricity.oil);
      move(s, ELEC, PILE, R, g.electricity.yield);
      break;
    case Kind.ManufactureTechnology:
      move(s, ELEC, R, PILE, g.technology.electricity);
      move(s, TECH, PILE, R, g.technology.yield);
      break;
    case Kind.DrawMandate:
      do drawMandate(s, p);
      while (rs.data.mandates.drawToLimit && s.handLen[p] < rs.data.mandates.handLimit && s.deckLen > 0);
      break;
    case Kind.MarketSell: {
      const t = cat.b[a] === 0 ? CUR0 + p : GOLD;
      const m = cat.c[a];
      move(s, cat.a[a], R, MARKET, m * unitX(s, rs, t));
      move(s, t, MARKET, R, m);
      break;
    }
    case Kind.MarketBuy: {
      const t = paymentType(p, cat.b[a]);
      const k = cat.c[a];
      move(s, t, R, MARKET, unitsToPay(k, unitX(s, rs, t)));
      move(s, cat.a[a], MARKET, R, k);
      break;
    }
    case Kind.Offer:
      move(s, cat.a[a], R, OFFER + p, cat.c[a]);
      break;
    default: {
      const q = (p + cat.a[a]) % s.numPlayers;
      const r = offeredResource(s, q);
      const t = cat.b[a] === 0 ? CUR0 + p : GOLD;
      const k = s.units[(OFFER + q) * T + r];
      move(s, t, R, RESERVES + q, unitsToPay(k, unitX(s, rs, t)));
      move(s, r, OFFER + q, R, k);
    }
  }
  if (satisfyMandates(s, rs)) return endGame(s, rs, Outcome.Mandates);
  if (s.step === 0) {
    s.step = 1;
    return;
  }
  s.turn++;
  if (s.turn >= rs.data.turnLimit) return endGame(s, rs, Outcome.Truncated);
  s.step = 0;
  s.current = (p + 1) % s.numPlayers;
  if (rs.data.offersReturnAtOwnersTurn && !offerEmpty(s, s.current)) {
    returnOffer(s, s.current);
    if (satisfyMandates(s, rs)) endGame(s, rs, Outcome.Mandates);
  }
}

function returnOffer(s: EconomiconState, p: number): void {
  for (let r = 0; r < 3; r++) {
    const k = s.units[(OFFER + p) * T + r];
    if (k > 0) move(s, r, OFFER + p, RESERVES + p, k);
  }
}

/**
 * End the game ("Winning the game"): trading stops, unsold offers go back to their owners (D13), and the seat
 * with the most victory points wins; ties go to more gold units, then more currency units; still tied, a draw
 * (winner -1).
 */
function endGame(s: EconomiconState, rs: Ruleset, outcome: number): void {
  s.outcome = outcome;
  for (let p = 0; p < s.numPlayers; p++) returnOffer(s, p);
  const order = ranking(s, rs);
  s.winner = order.length > 1 && compareSeats(s, rs, order[0], order[1]) === 0 ? -1 : order[0];
}

/** Negative when seat a ranks before seat b: more points, then more gold units, then more currency units; 0 when tied on all three. */
export function compareSeats(s: EconomiconState, rs: Ruleset, a: number, b: number): number {
  return (
    victoryPoints(s, rs, b) - victoryPoints(s, rs, a) ||
    s.units[(RESERVES + b) * T + GOLD] - s.units[(RESERVES + a) * T + GOLD] ||
    currencyUnits(s, b) - currencyUnits(s, a)
  );
}

/** Seats best first by points and the tie-breaks (tied seats in seat order). */
export function ranking(s: EconomiconState, rs: Ruleset): number[] {
  return Array.from({ length: s.numPlayers }, (_, p) => p).sort((a, b) => compareSeats(s, rs, a, b) || a - b);
}

// ---- describing -----------------------------------------------------------------------------------------

const PAY_NAMES = [
  'native currency',
  'gold',
  'the currency 1 seat clockwise',
  'the currency 2 seats clockwise',
  'the currency 3 seats clockwise',
];

/** A readable description of id `a` (with prices at the current X when `s` is given). */
export function describeAction(rs: Ruleset, a: number, s?: EconomiconState): string {
  const cat = catalogue(rs);
  if (!Number.isInteger(a) || a < 0 || a >= cat.size) return `unknown action ${a}`;
  const g = rs.data.growth;
  const seat = s ? s.current : -1;
  const xOf = (t: number) => (s ? ` (X ${unitX(s, rs, t)})` : '');
  const typeName = (j: number) => (seat >= 0 ? TYPE_NAMES[paymentType(seat, j)] : PAY_NAMES[j]);
  const r = RESOURCES[cat.a[a]];
  switch (cat.kind[a]) {
    case Kind.Pass:
      return 'pass';
    case Kind.MintGold:
      return `mint ${g.mintGold} gold`;
    case Kind.MintCurrency:
      return `mint ${g.mintCurrency} native currency`;
    case Kind.Drill:
      return `drill ${g.drill} oil`;
    case Kind.ManufactureElectricity:
      return `manufacture ${g.electricity.yield} electricity from ${g.electricity.oil} oil`;
    case Kind.ManufactureTechnology:
      return `manufacture ${g.technology.yield} technology from ${g.technology.electricity} electricity`;
    case Kind.DrawMandate:
      return rs.data.mandates.drawToLimit ? 'draw mandates up to the limit' : 'draw a mandate';
    case Kind.MarketSell: {
      const j = cat.b[a];
      const cost = s ? `${cat.c[a] * unitX(s, rs, paymentType(seat, j))} ` : '';
      return `sell ${cost}${r} to the market for ${cat.c[a]} ${typeName(j)}${s ? xOf(paymentType(seat, j)) : ''}`;
    }
    case Kind.MarketBuy: {
      const j = cat.b[a];
      const price = s ? `${unitsToPay(cat.c[a], unitX(s, rs, paymentType(seat, j)))} ` : '';
      return `buy ${cat.c[a]} ${r} from the market for ${price}${typeName(j)}${s ? xOf(paymentType(seat, j)) : ''}`;
    }
    case Kind.Offer:
      return `offer ${cat.c[a]} ${r} for sale to the players`;
    default: {
      const off = cat.a[a];
      const who = s && off < s.numPlayers ? `seat ${(seat + off) % s.numPlayers}` : `the seat ${off} places clockwise`;
      return `buy the sale offer of ${who}, paying with ${cat.b[a] === 0 ? 'native currency' : 'gold'}`;
    }
  }
}
