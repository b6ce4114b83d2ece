/**
 * Game setup and the blind auction for turn order. 0.1.27b "Game Setup", "The First Turn" 1;
 * 0.1.14a "Turn Order", "Auctioning".
 *
 * Every player starts with the ruleset's gold; the rest of the gold supply is the Central Bank; counters
 * start at the ruleset's values on the Standard wheel's first portion (Start of Summer). All decks are
 * shuffled from the state's RNG. Then each player bids a hidden part of their gold; the highest bid goes
 * first and so on; the pot goes half to the last seat and half to the Central Bank (0.1.27b; odd gold to
 * the bank). Ties (D22): by default (`auction.ties: lots`) every tie is settled by lots at once, so each
 * player bids once; `ties: reauction` (`literal`, `classic`) has the tied players bid again for their positions
 * (0.1.14a "Turn Order"), a tie in the re-auction settled by lots: our documented simplification of bartering
 * and the blind rank auction.
 */
import { ArgumentError } from '../../../lib/errors.ts';
import { seedRng, shuffleInPlace } from '../../../lib/rng.ts';
import type { Ruleset } from '../rules/index.ts';
import { DECK_NAMES } from '../cards/schema.ts';
import { REGULATED_ACTIONS } from '../rules/schema.ts';
import { newState, Phase, type MerlinState } from './state.ts';
import { buildPlayingDeck } from './cards.ts';
import { dealSkirmish } from './combat.ts';
import { dealCouncil } from './playing-cards.ts';
import { bankPays } from './ledger.ts';

/**
 * A new game at the start of the turn-order auction.
 * @param numPlayers 2..6 within the ruleset's `players` bounds
 * @param seed any string or number; the same (ruleset, players, seed) always gives the same game
 * @throws ArgumentError for a player count outside the ruleset's bounds
 */
export function createGame(rs: Ruleset, numPlayers: number, seed: string | number): MerlinState {
  const r = rs.data;
  if (!Number.isInteger(numPlayers) || numPlayers < r.players.min || numPlayers > r.players.max)
    throw new ArgumentError(`players must be an integer in ${r.players.min}..${r.players.max}, got ${numPlayers}`);
  // `| 0` keeps the count a small integer: one that arrives boxed (yargs hands number defaults over so) would
  // make every seat field derived from it a double, and the engine 15-30% slower.
  const P = numPlayers | 0;
  const F = r.table.fieldSlots;
  const rng = seedRng(seed);
  const deck = buildPlayingDeck(r.deck.mode === 'perPlayer' ? P : 1, r.deck.jokers, r.combat.golems);
  shuffleInPlace(rng, deck);
  const cdeck = DECK_NAMES.map((name) => {
    const d = [...Array(rs.decks[name].size).keys()];
    shuffleInPlace(rng, d);
    return d;
  });
  // Every other field starts as engine/state.ts STATE_FIELDS says.
  const s = newState(
    {
      seats: P,
      fieldSlots: F,
      contracts: r.finance.maxContracts,
      loans: r.finance.maxLoans,
      policies: r.finance.insurance.maxPolicies,
      bonds: r.finance.mint.maxBonds,
      shares: r.finance.mint.maxShares,
      regulated: REGULATED_ACTIONS.length,
    },
    {
      rulesetHash: rs.hash,
      numPlayers: P,
      rng,
      wheelPos: r.start.wheelPortion,
      costOfLiving: r.start.costOfLiving,
      researchCost: r.start.researchCost,
      taxRate: r.start.taxRate,
      volatility: r.start.volatility,
      centralBank: r.supply.gold - P * r.start.gold,
      supply: [r.supply.commodities.souls, r.supply.commodities.elixirOil, r.supply.commodities.essenceGrain],
      gold: new Array<number>(P).fill(r.start.gold),
      deck,
      cdeck,
      cdiscard: cdeck.map(() => []),
      aucGroup: [...Array(P).keys()],
    },
  );
  if (r.supply.gold < P * r.start.gold) throw new ArgumentError('the gold supply does not cover starting gold');
  dealSkirmish(s, rs);
  dealCouncil(s, rs);
  return s;
}

/** Highest turn-order bid `seat` may place now. */
export function maxAuctionBid(s: MerlinState, rs: Ruleset, seat: number): number {
  return Math.min(s.gold[seat], rs.data.grids.maxBid);
}

/**
 * Record the decider's hidden turn-order bid (gold moves into the pot). Returns true when the auction is
 * over and the turn order is fixed.
 */
export function placeAuctionBid(s: MerlinState, rs: Ruleset, amount: number): boolean {
  const seat = s.decider;
  s.gold[seat] -= amount;
  s.auctionPot += amount;
  s.bids[seat] = amount;
  for (const p of s.aucGroup) {
    if (s.bids[p] < 0) {
      s.decider = p;
      return false;
    }
  }
  return resolveAuctionRound(s, rs);
}

function resolveAuctionRound(s: MerlinState, rs: Ruleset): boolean {
  const group = s.aucGroup.slice().sort((a, b) => s.bids[b] - s.bids[a] || a - b);
  let pos = s.aucFirstPos;
  for (let i = 0; i < group.length;) {
    let j = i + 1;
    while (j < group.length && s.bids[group[j]] === s.bids[group[i]]) j++;
    const tied = group.slice(i, j);
    if (tied.length === 1) s.order[pos] = tied[0];
    else if (rs.data.auction.ties === 'lots' || s.aucRound >= 1) {
      shuffleInPlace(s.rng, tied);
      tied.forEach((p, t) => (s.order[pos + t] = p));
    } else s.aucPending.push(tied.length, pos, ...tied);
    pos += tied.length;
    i = j;
  }
  for (const p of s.aucGroup) s.bids[p] = -1;
  if (s.aucPending.length > 0) {
    const n = s.aucPending[0];
    s.aucFirstPos = s.aucPending[1];
    s.aucGroup = s.aucPending.slice(2, 2 + n);
    s.aucPending = s.aucPending.slice(2 + n);
    s.aucRound = 1;
    s.decider = s.aucGroup[0];
    return false;
  }
  // Pot: half (rounded down) to the last seat, the rest to the Central Bank.
  const last = s.order[s.numPlayers - 1];
  const share = Math.floor((s.auctionPot * rs.data.auction.lastSeatSharePercent) / 100);
  s.gold[last] += share;
  s.centralBank += s.auctionPot - share;
  s.auctionPot = 0;
  // Gold for the later positions (D163), the last first, as far as the Central Bank holds it.
  const step = rs.data.auction.positionGold;
  if (step !== undefined) for (let pos = s.numPlayers - 1; pos > 0; pos--) bankPays(s, s.order[pos], step * pos);
  s.aucGroup = [];
  s.aucRound = 0;
  return true;
}
