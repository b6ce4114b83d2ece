/**
 * Game setup and the blind auction for turn order. 0.1.27b "Game Setup", "The First Turn" 1;
 * 0.1.14a "Turn Order", "Auctioning".
 *
 * Every player starts with the ruleset's gold; the rest of the gold supply is the Central Bank; counters
 * start at the ruleset's values on the Standard wheel's first portion (Start of Summer). All decks are
 * shuffled from the state's RNG. Then each player bids a hidden part of their gold; the highest bid goes
 * first and so on; the pot goes half to the last seat and half to the Central Bank (0.1.27b; odd gold to
 * the bank). Ties (0.1.14a): the tied players re-auction for their positions (ruleset `auction.ties:
 * reauction`), and a tie in the re-auction is settled by lots: our documented simplification of bartering
 * and the blind rank auction; `ties: lots` settles every tie by lots at once.
 */
import { ArgumentError } from '../../core/errors.ts';
import { seedRng, shuffleInPlace } from '../../core/rng.ts';
import type { Ruleset } from '../rules/index.ts';
import { DECK_NAMES } from '../cards/schema.ts';
import { REGULATED_ACTIONS } from '../rules/schema.ts';
import { cloneState, Phase, STATE_VERSION, Victory, type MerlinState } from './state.ts';
import { buildPlayingDeck } from './cards.ts';
import { dealSkirmish } from './combat.ts';

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
  const P = numPlayers;
  const F = r.table.fieldSlots;
  const rng = seedRng(seed);
  const deck = buildPlayingDeck(r.deck.mode === 'perPlayer' ? P : 1, r.deck.jokers, r.combat.golems);
  shuffleInPlace(rng, deck);
  const cdeck = DECK_NAMES.map((name) => {
    const d = [...Array(rs.decks[name].size).keys()];
    shuffleInPlace(rng, d);
    return d;
  });
  const fill = (n: number, v: number) => new Array<number>(n).fill(v);
  const K = r.finance.maxContracts;
  const KP = r.finance.insurance.maxPolicies;
  const s: MerlinState = {
    v: STATE_VERSION, rulesetHash: rs.hash, numPlayers: P, rng,
    turn: 0, turnIdx: 0, order: fill(P, -1), actionsThisTurn: 0,
    wheelPos: r.start.wheelPortion, wheelKind: 0, months: 0, year: 1, climate: 0,
    costOfLiving: r.start.costOfLiving, researchCost: r.start.researchCost, taxRate: r.start.taxRate, volatility: r.start.volatility,
    die1: 0, die2: 0,
    centralBank: r.supply.gold - P * r.start.gold, row: 0, auctionPot: 0,
    supply: [r.supply.commodities.souls, r.supply.commodities.elixirOil, r.supply.commodities.essenceGrain],
    gold: fill(P, r.start.gold), held: fill(P * 3, 0), crowns: fill(P, 0), mead: fill(P, 0),
    debtBank: fill(P, 0), debtRow: fill(P, 0), bankruptSince: fill(P, -1), eliminated: fill(P, 0),
    hands: [...Array(P)].map(() => []), handOrigin: [...Array(P)].map(() => []), newCards: [...Array(P)].map(() => []),
    spellTargeted: fill(P * P, 0),
    slotKind: fill(P * F, 0), slotCard: fill(P * F, -1), slotTopKind: fill(P * F, 0), slotTop: fill(P * F, -1),
    slotInvest: fill(P * F, 0), slotInvestTurn: fill(P * F, -1), slotVault: fill(P * F, 0), slotFunds: fill(P * F, 0),
    slotSpent: fill(P * F, 0), slotPlanted: fill(P * F, 0), underCard: [], underKey: [],
    deck, discard: [], cdeck, cdiscard: cdeck.map(() => []),
    readingDeck: [], readingCard: [], readingOwner: [], readingTurn: [],
    potionCard: [], potionOwner: [], potionSlot: [], potionTurn: [], potionOrigin: [],
    modSeat: [], modSlot: [], modScope: [], modMult: [], modUntil: [],
    mktBid: fill(P * 3, 0), mktBidTurn: fill(P * 3, -1), mktEscBid: fill(P * 3, 0), mktEscGold: fill(P * 3, 0),
    mktAsk: fill(P * 3, 0), mktAskQty: fill(P * 3, 0), rowBids: fill(3, 0), rowBidPrice: fill(3, 0), lastPrice: fill(3, 0),
    bidSeenMonth: fill(3, 0), cartCom: fill(P, -1), cartQty: fill(P, 0), cartDest: fill(P, -1), cartPrice: fill(P, 0), cartTurn: fill(P, -1),
    offerKind: 0, offerA: -1, offerB: -1, offerTo: -1, propAucPrice: 0, propAucLeader: -1,
    futShort: fill(K, -1), futLong: fill(K, -1), futCom: fill(K, 0), futPrice: fill(K, 0), futExpiry: fill(K, 0), futOwed: fill(K, 0),
    futLate: fill(K, 0),
    loanLender: fill(r.finance.maxLoans, -1), loanBorrower: fill(r.finance.maxLoans, -1), loanOwed: fill(r.finance.maxLoans, 0),
    loanDue: fill(r.finance.maxLoans, 0),
    polSeller: fill(KP, -1), polBuyer: fill(KP, -1), polEvent: fill(KP, 0), polPremium: fill(KP, 0), polCover: fill(KP, 0),
    polUntil: fill(KP, 0), polPeriod: fill(KP, 0), polSeason: fill(KP, 0),
    bondIssuer: fill(r.finance.mint.maxBonds, -1), bondHolder: fill(r.finance.mint.maxBonds, -1), bondFace: fill(r.finance.mint.maxBonds, 0),
    bondCoupon: fill(r.finance.mint.maxBonds, 0), bondDue: fill(r.finance.mint.maxBonds, 0),
    shareIssuer: fill(r.finance.mint.maxShares, -1), shareHolder: fill(r.finance.mint.maxShares, -1), sharePct: fill(r.finance.mint.maxShares, 0),
    sharePrice: fill(r.finance.mint.maxShares, 0), offerCard: -1, offerOrigin: -1,
    cartWard: fill(P, 0), cartWardUntil: fill(P, -1), priceShift: fill(3, 0), priceShiftUntil: fill(3, -1),
    phase: Phase.AuctionBid, decider: 0, pending: 0, pendingHand: -1, pendingSlot: -1, pendingPlayer: -1,
    queue: [], bids: fill(P, -1), aucGroup: [...Array(P).keys()], aucFirstPos: 0, aucRound: 0, aucPending: [],
    decreeOptions: [], decreeCard: -1, decreeDrawer: -1, votes: fill(P, -1),
    regulation: fill(REGULATED_ACTIONS.length, -1), regMotion: -1, regProposer: -1, regVotes: fill(P, -1),
    winner: -1, victory: Victory.None,
    slotHits: fill(P * F, 0), unitCard: [], unitOwner: [], unitPos: [], unitAtk: [], unitHp: [], unitActiveFrom: [], unitActed: [],
    unitStance: [], unitShield: [], unitExtraAttacks: [], unitFlags: [], cmdUnit: -1, cmdPartner: -1,
  };
  if (r.supply.gold < P * r.start.gold) throw new ArgumentError('the gold supply does not cover starting gold');
  dealSkirmish(s, rs);
  return cloneState(s); // fixes the key order used by serialisation
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
  for (let i = 0; i < group.length; ) {
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
  s.aucGroup = [];
  s.aucRound = 0;
  return true;
}
