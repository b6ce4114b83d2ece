/**
 * The heuristic's issue-33 behaviours, each in a constructed state where it must pick the expected action: the tax
 * reserve by the Season Wheel's distance to the tax season, the turn-order bid by the worth of a position, the Future
 * Reading deck by expected worth, votes by standing, and finance (insurance, futures, loans, bonds) by expected value.
 */
import { describe, expect, it } from 'vitest';
import { loadRuleset } from '../../rules/index.ts';
import { applyAction, catalogue, createGame, currentPlayer, isTerminal, Kind, legalActions } from '../../engine/index.ts';
import { Phase, SlotKind, type MerlinState } from '../../engine/state.ts';
import { taxOwed } from '../../engine/taxes.ts';
import { HeuristicAgent, loadWeights, type HeuristicWeights } from '../heuristic.ts';
import { join } from 'node:path';

const rs = loadRuleset('full');
const cat = catalogue(rs);
const F = rs.data.table.fieldSlots;
const w = loadWeights();
const v1 = loadWeights(join(import.meta.dirname, '..', 'heuristic-v1.json'));
const agent = (weights: HeuristicWeights = w) => new HeuristicAgent(rs, weights);
const id = (kind: number, arg = 0, arg2 = 0) => cat.base[kind] + arg * cat.radix[kind] + arg2;

/** Play heuristics from `seed` until seat `turnOf`'s free actions (Main phase) at or after turn `fromTurn`. */
function mainOf(seed: string, fromTurn = 8): MerlinState {
  const s = createGame(rs, 4, seed);
  const h = agent();
  const buf = new Int32Array(cat.size);
  while (!isTerminal(s)) {
    if (s.phase === Phase.Main && s.turn >= fromTurn) return s;
    const n = legalActions(s, rs, buf);
    const seat = currentPlayer(s);
    applyAction(s, rs, h.act(null, null, { seat, legal: buf, numLegal: n, state: s }));
  }
  throw new Error('the game ended before the turn');
}

function legal(s: MerlinState): number[] {
  const buf = new Int32Array(cat.size);
  return Array.from(buf.subarray(0, legalActions(s, rs, buf)));
}
const choose = (s: MerlinState, a = agent()) => {
  const ids = Int32Array.from(legal(s));
  return a.act(null, null, { seat: currentPlayer(s), legal: ids, numLegal: ids.length, state: s });
};
/** Wheel position `d` portions before the tax season. */
function wheelBeforeTax(d: number): number {
  const wheel = rs.wheels[0];
  const tax = wheel.findIndex((p) => p.taxSeason);
  return (tax - d + wheel.length) % wheel.length;
}
/** Make seat `seat`'s slots 0 and 1 a Chauffeur with `vault` gold. */
function giveChauffeur(s: MerlinState, seat: number, vault: number): void {
  const k = seat * F + 14;
  s.slotKind[k] = SlotKind.Chauffeur;
  s.slotCard[k] = s.slotCard[k] || 3;
  s.slotTop[k] = 4;
  s.slotVault[k] = vault;
  s.centralBank -= vault;
}

describe('heuristic: the tax reserve', () => {
  it('keeps the coming tax in reserve when the wheel is one portion from the tax season, and buys a card when it is far', () => {
    const s = mainOf('reserve');
    const seat = currentPlayer(s);
    const h = agent();
    s.costOfLiving = 2;
    s.held.fill(0);
    s.wheelPos = wheelBeforeTax(1);
    expect(h.stepsToTax(s)).toBe(1);
    const need = h.reserve(s, seat);
    expect(need).toBeGreaterThanOrEqual(taxOwed(s, rs, seat) + w.taxAlertReserve);
    s.gold[seat] = need + s.costOfLiving - 1; // a card would eat into the reserve
    expect(legal(s)).toContain(id(Kind.BuyCard));
    expect(h.score(s, seat, id(Kind.BuyCard))).toBeLessThan(0);
    s.wheelPos = wheelBeforeTax(3); // far from the tax: the alert reserve is released
    expect(h.score(s, seat, id(Kind.BuyCard))).toBeGreaterThan(0);
  });

  it('counts the holding charge on the units it holds', () => {
    const s = mainOf('reserve-units');
    const seat = currentPlayer(s);
    const h = agent();
    s.held.fill(0);
    const before = h.reserve(s, seat);
    s.held[seat * 3] = 3;
    expect(h.reserve(s, seat)).toBe(before + 3 * w.holdingChargeCover * rs.data.sevens.holdingChargePerUnit);
  });
});

describe('heuristic: the turn-order bid', () => {
  it('bids 0 when the last seat (and half the pot) is worth more than the first; the first heuristic bids auctionBid', () => {
    const s = createGame(rs, 4, 'bid');
    expect(s.phase).toBe(Phase.AuctionBid);
    const a = choose(s);
    expect(cat.kind[a]).toBe(Kind.Bid);
    expect(cat.arg[a]).toBe(0);
    expect(cat.arg[choose(s, agent(v1))]).toBe(v1.auctionBid);
    // a designer who values the first seat at 3 gold more bids 3
    expect(cat.arg[choose(s, agent({ ...w, seatValues: [3, 0] }))]).toBe(3);
  });
});

describe('heuristic: the Future Reading', () => {
  it('draws from the deck worth more: the Crystal Ball as a rule (its Royal Summons brings a decree), Tea Leaves when the Crystal Ball gold shared by all would keep short rivals afloat', () => {
    const s = mainOf('reading');
    const seat = currentPlayer(s);
    s.phase = Phase.FutureReading;
    s.gold.fill(20);
    const h = agent();
    const rich = h.deckValue(s, seat, 'crystalBall');
    expect(rich).toBeGreaterThan(h.deckValue(s, seat, 'teaLeaves'));
    expect(cat.kind[choose(s)]).toBe(Kind.DrawCrystalBall);
    // its rivals cannot pay the coming tax and it can: gold every player gains is worth less (sharedPressure)
    for (let p = 0; p < 4; p++) s.gold[p] = p === seat ? 9 : 0;
    s.row = 0;
    expect(h.deckValue(s, seat, 'crystalBall')).toBeLessThan(rich);
    // without the Crown a summoned decree may bring (summonsCrownShare 0) the shared gold decides: Tea Leaves
    const noSummons = agent({ ...w, summonsCrownShare: 0 });
    expect(noSummons.deckValue(s, seat, 'teaLeaves')).toBeGreaterThan(noSummons.deckValue(s, seat, 'crystalBall'));
    expect(cat.kind[choose(s, noSummons)]).toBe(Kind.DrawTeaLeaves);
  });
});

describe('heuristic: votes by standing', () => {
  /** A state in the vote `phase` with seat 0 deciding; seat 0 holds only gold, the others `units` each. */
  function vote(phase: number, units: number) {
    const s = mainOf('vote');
    s.phase = phase as MerlinState['phase'];
    s.decider = 0;
    s.queue = [0, 1, 2, 3];
    s.costOfLiving = 10;
    s.held.fill(0);
    for (let p = 1; p < 4; p++) s.held[p * 3] = units;
    return s;
  }
  const cuts = rs.data.taxes.costOfLivingCuts;

  it('a buyer of cards holding cash votes the largest Cost of the Living cut', () => {
    const s = vote(Phase.CostOfLivingVote, 0);
    const a = choose(s);
    expect(cat.kind[a]).toBe(Kind.VoteCut);
    expect(cuts[cat.arg[a]]).toBeGreaterThanOrEqual(Math.min(...cuts.filter((c) => c >= s.costOfLiving - rs.data.floors.costOfLiving)));
  });

  it('votes keep when a cut hurts its standing more than cheaper cards help (it holds the commodities)', () => {
    const s = vote(Phase.CostOfLivingVote, 0);
    s.held[0] = 30;
    expect(cat.kind[choose(s, agent({ ...w, cardsPerYear: 0 }))]).toBe(Kind.VoteKeep);
  });

  it('votes to raise the tax rate when its rivals cannot pay the next tax and it can', () => {
    const s = vote(Phase.TaxVote, 0);
    s.costOfLiving = rs.data.floors.costOfLiving; // the raise cannot lower it: the tax alone decides
    s.gold.fill(1);
    s.gold[0] = 40;
    expect(cat.kind[choose(s)]).toBe(Kind.VoteRaise);
    s.gold.fill(40);
    s.gold[0] = 1; // the tax would bankrupt it first
    expect(cat.kind[choose(s)]).not.toBe(Kind.VoteRaise);
  });
});

describe('heuristic: finance by expected value', () => {
  it('sells insurance on a 7 for the one-turn period (premium above the expected payout)', () => {
    const s = mainOf('insure');
    const seat = currentPlayer(s);
    giveChauffeur(s, seat, 20);
    const seven = rs.data.finance.insurance.events.findIndex((e) => e.kind === 'roll' && e.totals.includes(7));
    expect(legal(s)).toContain(id(Kind.SellInsurance, seven));
    const h = agent();
    expect(h.score(s, seat, id(Kind.SellInsurance, seven))).toBeGreaterThan(0);
    expect(agent(v1).score(s, seat, id(Kind.SellInsurance, seven))).toBeLessThan(0);
    applyAction(s, rs, id(Kind.SellInsurance, seven));
    const term = choose(s);
    expect(cat.kind[term]).toBe(Kind.SelectTerm);
    expect(rs.data.finance.insurance.periodTurns[cat.arg[term]]).toBe(Math.min(...rs.data.finance.insurance.periodTurns));
  });

  it('writes a futures contract on surplus units at a price another heuristic buys', () => {
    const s = mainOf('future');
    const seat = currentPlayer(s);
    giveChauffeur(s, seat, 5);
    s.held[seat * 3 + 2] = w.keepUnits + rs.data.finance.bushel;
    s.supply[2] -= w.keepUnits + rs.data.finance.bushel;
    const h = agent();
    expect(h.score(s, seat, id(Kind.WriteFuture, 2))).toBeGreaterThan(0);
    applyAction(s, rs, id(Kind.WriteFuture, 2));
    applyAction(s, rs, choose(s));
    const k = s.futShort.indexOf(seat);
    expect(k).toBeGreaterThanOrEqual(0);
    const buyer = (seat + 1) % 4;
    s.gold[buyer] = 60;
    expect(h.score(s, buyer, id(Kind.BuyFuture, k))).toBeGreaterThan(0);
  });

  it('lends to a rival short of the coming tax, who accepts; and a short player issues a bond a rich one buys', () => {
    const s = mainOf('loan');
    const seat = currentPlayer(s);
    const borrower = (seat + 1) % 4;
    giveChauffeur(s, seat, 20);
    s.wheelPos = wheelBeforeTax(1);
    s.gold[borrower] = 0;
    s.held[borrower * 3] = 10; // worth far more than it would owe: a small chance of default
    s.supply[0] -= 10;
    const h = agent();
    const ai = rs.data.finance.loanAmounts.findIndex((a) => a >= taxOwed(s, rs, borrower) + 2);
    expect(h.score(s, seat, id(Kind.OfferLoan, ai))).toBeGreaterThan(0);
    applyAction(s, rs, id(Kind.OfferLoan, ai));
    applyAction(s, rs, choose(s)); // the rate and term
    const target = choose(s);
    expect(cat.kind[target]).toBe(Kind.SelectPlayer);
    applyAction(s, rs, target);
    expect(s.decider).toBe(borrower);
    expect(cat.kind[choose(s)]).toBe(Kind.AcceptOffer);

    // the bond: the borrower's turn would come later; score it as the issuer now
    const t = mainOf('bond');
    const me = currentPlayer(t);
    giveChauffeur(t, me, 0);
    t.wheelPos = wheelBeforeTax(1);
    t.gold[me] = 0;
    expect(h.score(t, me, id(Kind.IssueBond, 0))).toBeGreaterThan(0);
    applyAction(t, rs, id(Kind.IssueBond, 0));
    applyAction(t, rs, choose(t));
    const k = t.bondIssuer.indexOf(me);
    const rich = (me + 1) % 4;
    t.gold[rich] = 60;
    expect(h.score(t, rich, id(Kind.BuyBond, k))).toBeGreaterThan(0);
  });
});
