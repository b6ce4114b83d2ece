import { describe, expect, it } from 'vitest';
import { loadRuleset, type Ruleset } from '../rules/index.ts';
import { createGame } from '../engine/setup.ts';
import { Kind } from '../engine/actions.ts';
import { Phase } from '../engine/state.ts';
import { legalActionList } from '../engine/engine.ts';
import { IllegalActionError, ArgumentError } from '../../../lib/errors.ts';
import { act, assertConserved, isLegal, snap, variant, type Game, noPocketLoss } from './helpers.ts';
import { actionId } from '../engine/actions.ts';
import { currentPortion } from '../engine/kernel/phase.ts';

/** A fresh game at the start of the turn-order auction (no helper shortcuts). */
function fresh(players: number, rs: Ruleset = loadRuleset('full'), seed = 'setup'): Game {
  return { s: createGame(rs, players, seed), rs };
}

/** `full` with D22's re-auction of tied bidders (the default settles ties by lots; `literal` and `classic` re-auction). */
const reauction = (): Ruleset => variant((d) => (d.auction.ties = 'reauction'));

/** `full` with D163's `auction.positionGold` at `step`, and no pocket loss on a rolled 7 (so the gold stays countable). */
const positionGold = (step: number): Ruleset =>
  variant((d) => {
    d.sevens.pocketLossPercent = 0;
    d.auction.positionGold = step;
  });

/** Each seat in `seats` (in the order the engine asks) bids the given amount. */
function bids(g: Game, amounts: number[]): void {
  for (const a of amounts) act(g, Kind.Bid, a);
}

describe('Game setup (0.1.27b "Game Setup: Preparing the Mystical Marketplace" 2)', () => {
  it('starts every player on 10 gold, the rest of the 100 gold in the Central Bank', () => {
    const g = fresh(4);
    expect(g.s.gold).toEqual([10, 10, 10, 10]);
    expect(g.s.centralBank).toBe(60);
    expect(g.s.row).toBe(0);
    expect(g.s.auctionPot).toBe(0);
    assertConserved(g);
  });

  it('D4: sets Research Cost 1, Cost of the Living 2, Volatility 1, Climate Change 0 and the Standard wheel at Start of Summer, year 1 (0.1.27b "Game Trackers")', () => {
    const g = fresh(5);
    expect(g.s.researchCost).toBe(1);
    expect(g.s.costOfLiving).toBe(2);
    expect(g.s.volatility).toBe(1);
    expect(g.s.climate).toBe(0);
    expect(g.s.wheelKind).toBe(0);
    expect(g.s.wheelPos).toBe(0);
    expect(currentPortion(g.s, g.rs).label).toBe('Summer'); // D4: the year is four seasons; 'Start of Summer' in classic
    expect(g.s.year).toBe(1);
    expect(g.s.months).toBe(0);
    assertConserved(g);
  });

  it('D1: starts the tax rate at 1, from the ruleset (start.taxRate), which the drafts leave unset', () => {
    expect(fresh(4).s.taxRate).toBe(1);
    expect(
      fresh(
        4,
        variant((d) => (d.start.taxRate = 3)),
      ).s.taxRate,
    ).toBe(3);
  });

  it('supplies 30 of each commodity and nothing held by the players', () => {
    const g = fresh(4);
    expect(g.s.supply).toEqual([30, 30, 30]);
    expect(g.s.held.every((x) => x === 0)).toBe(true);
    assertConserved(g);
  });

  it('uses one 52-card deck per player without jokers (0.1.27b "Required Decks")', () => {
    for (const p of [2, 4, 6]) {
      const g = fresh(p);
      expect(g.s.deck.length).toBe(52 * p);
      expect(g.s.deck.some((c) => c % 54 >= 52)).toBe(false);
      expect(g.s.discard.length).toBe(0);
      assertConserved(g);
    }
  });

  it('adds the two jokers per deck only when the ruleset includes them (0.1.27b "Taxmen": optional rule)', () => {
    const rs = variant((d) => (d.deck.jokers = true));
    const g = fresh(3, rs);
    expect(g.s.deck.length).toBe(54 * 3);
    expect(g.s.deck.filter((c) => c % 54 >= 52).length).toBe(6);
    assertConserved(g);
  });

  it('shuffles the five custom decks at their drafted sizes (0.1.22b "Required Decks")', () => {
    const g = fresh(4);
    expect(g.s.cdeck.map((d) => d.length)).toEqual([30, 20, 48, 28, 30]);
    // shuffled: not left in instance order
    expect(g.s.cdeck[2]).not.toEqual([...Array(48).keys()]);
    assertConserved(g);
  });

  it('D47: refuses player counts outside 2..6 with an ArgumentError', () => {
    const rs = loadRuleset('full');
    expect(() => createGame(rs, 1, 'x')).toThrow(ArgumentError);
    expect(() => createGame(rs, 7, 'x')).toThrow(ArgumentError);
  });

  it('is reproducible: the same seed deals the same decks', () => {
    const g = fresh(4, undefined, 'same');
    expect(g.s.deck).toEqual(fresh(4, undefined, 'same').s.deck);
    expect(g.s.cdeck).toEqual(fresh(4, undefined, 'same').s.cdeck);
    expect(fresh(4, undefined, 'a').s.deck).not.toEqual(fresh(4, undefined, 'b').s.deck);
    assertConserved(g);
  });
});

describe('Turn-order blind auction (0.1.27b "The First Turn" 1)', () => {
  it('orders seats by bid, highest first, and gives half the pot to the last seat, half to the Central Bank', () => {
    const g = fresh(4);
    expect(g.s.phase).toBe(Phase.AuctionBid);
    bids(g, [5, 3, 8, 1]);
    expect(g.s.order).toEqual([2, 0, 1, 3]);
    // pot 17: 8 to the last seat (seat 3), 9 (the odd gold) to the Central Bank
    expect(g.s.auctionPot).toBe(0);
    expect(g.s.gold).toEqual([5, 7, 2, 9 + 8]);
    expect(g.s.centralBank).toBe(60 + 9);
    // the highest bidder opens the game with the Future Reading draw of turn 1
    expect(g.s.turn).toBe(1);
    expect(g.s.turnIdx).toBe(0);
    expect(g.s.decider).toBe(2);
    expect(g.s.phase).toBe(Phase.FutureReading);
    assertConserved(g);
  });

  it('splits an even pot exactly in half', () => {
    const g = fresh(4);
    bids(g, [6, 4, 2, 0]);
    expect(g.s.order).toEqual([0, 1, 2, 3]);
    expect(g.s.gold[3]).toBe(10 + 6);
    expect(g.s.centralBank).toBe(60 + 6);
    assertConserved(g);
  });

  it('keeps bids sealed: the order is unknown until every bid is in, and later bidders may bid anything they hold (0.1.14a "Blind Auction")', () => {
    const g = fresh(4);
    act(g, Kind.Bid, 8);
    expect(g.s.order).toEqual([-1, -1, -1, -1]);
    expect(g.s.phase).toBe(Phase.AuctionBid);
    expect(g.s.decider).toBe(1);
    // not an ascending auction: seat 1 may bid below, equal to or above seat 0's 8
    const legal = legalActionList(g.s, g.rs);
    expect(legal).toEqual([...Array(11).keys()].map((a) => actionId(g.rs, Kind.Bid, a)));
    expect(isLegal(g, Kind.Bid, 0)).toBe(true);
    expect(isLegal(g, Kind.Bid, 8)).toBe(true);
    expect(isLegal(g, Kind.Bid, 10)).toBe(true);
    act(g, Kind.Bid, 2);
    act(g, Kind.Bid, 4);
    expect(g.s.order).toEqual([-1, -1, -1, -1]);
    act(g, Kind.Bid, 3);
    expect(g.s.order).toEqual([0, 2, 3, 1]);
    assertConserved(g);
  });

  it('refuses a bid above the gold the bidder holds, leaving the state unchanged', () => {
    const g = fresh(4);
    const before = snap(g);
    expect(isLegal(g, Kind.Bid, 11)).toBe(false);
    expect(() => act(g, Kind.Bid, 11)).toThrow(IllegalActionError);
    expect(snap(g)).toBe(before);
    assertConserved(g);
  });

  it('re-auctions a tie for a position among the tied players only (0.1.14a "Turn Order")', () => {
    const g = fresh(4, reauction());
    bids(g, [5, 5, 3, 1]);
    expect(g.s.phase).toBe(Phase.AuctionBid);
    expect([...g.s.aucGroup].sort()).toEqual([0, 1]);
    expect(g.s.order[2]).toBe(2);
    expect(g.s.order[3]).toBe(3);
    expect(g.s.order[0]).toBe(-1);
    expect(g.s.decider).toBe(0);
    act(g, Kind.Bid, 2); // seat 0
    act(g, Kind.Bid, 4); // seat 1
    expect(g.s.order).toEqual([1, 0, 2, 3]);
    // pot 14 + 6 = 20: 10 to the last seat, 10 to the Central Bank
    expect(g.s.gold).toEqual([3, 1, 7, 9 + 10]);
    expect(g.s.centralBank).toBe(70);
    assertConserved(g);
  });

  it('re-auctions a tie for last place', () => {
    const g = fresh(4, reauction());
    bids(g, [5, 3, 1, 1]);
    expect(g.s.order.slice(0, 2)).toEqual([0, 1]);
    expect([...g.s.aucGroup].sort()).toEqual([2, 3]);
    expect(g.s.decider).toBe(2);
    act(g, Kind.Bid, 0); // seat 2
    act(g, Kind.Bid, 2); // seat 3
    expect(g.s.order).toEqual([0, 1, 3, 2]);
    // pot 10 + 2 = 12: 6 to seat 2 (last), 6 to the Central Bank
    expect(g.s.gold[2]).toBe(9 + 6);
    expect(g.s.centralBank).toBe(66);
    assertConserved(g);
  });

  it('re-auctions a three-way tie among the three tied players for their three positions', () => {
    const g = fresh(4, reauction());
    bids(g, [2, 2, 2, 6]);
    expect(g.s.order[0]).toBe(3);
    expect([...g.s.aucGroup].sort()).toEqual([0, 1, 2]);
    bids(g, [1, 3, 0]);
    expect(g.s.order).toEqual([3, 1, 0, 2]);
    assertConserved(g);
  });

  it('settles two tied groups in turn, and a tie in the re-auction by lots', () => {
    const rs = variant((d) => {
      d.sevens.pocketLossPercent = 0; // the first roll may be a 7 (D157 is sevens.test.ts's)
      d.auction.ties = 'reauction';
    });
    const g = fresh(4, rs);
    bids(g, [4, 4, 0, 0]);
    expect([...g.s.aucGroup].sort()).toEqual([0, 1]);
    bids(g, [1, 1]); // tied again: lots
    expect([...g.s.order.slice(0, 2)].sort()).toEqual([0, 1]);
    expect(g.s.phase).toBe(Phase.AuctionBid);
    expect([...g.s.aucGroup].sort()).toEqual([2, 3]);
    bids(g, [0, 3]); // seat 2 bids 0, seat 3 bids 3
    expect(g.s.order.slice(2)).toEqual([3, 2]);
    // pot 8 + 2 + 3 = 13: 6 to seat 2 (last), 7 to the Central Bank
    expect(g.s.gold[2]).toBe(10 + 6);
    expect(g.s.centralBank).toBe(67);
    assertConserved(g);
  });

  it('D22: by default settles every tie by lots at once, so only the one round of bids goes into the pot', () => {
    expect(loadRuleset('full').data.auction.ties).toBe('lots');
    const g = fresh(4, noPocketLoss()); // the first roll may be a 7 (D157 is sevens.test.ts's)
    bids(g, [5, 5, 3, 1]);
    expect(g.s.phase).toBe(Phase.FutureReading);
    expect([...g.s.order.slice(0, 2)].sort()).toEqual([0, 1]);
    expect(g.s.order.slice(2)).toEqual([2, 3]);
    // pot 14: 7 to the last seat (seat 3), 7 to the Central Bank; nobody bids twice
    expect(g.s.gold).toEqual([5, 5, 7, 9 + 7]);
    expect(g.s.centralBank).toBe(60 + 7);
    assertConserved(g);
  });

  it('D22: settles a tie for last place by lots too, and `literal` re-auctions it (0.1.14a "Turn Order")', () => {
    const g = fresh(4, noPocketLoss());
    bids(g, [1, 1, 1, 1]);
    expect(g.s.phase).toBe(Phase.FutureReading);
    expect([...g.s.order].sort()).toEqual([0, 1, 2, 3]);
    // pot 4: 2 to whoever drew last place
    expect(g.s.gold[g.s.order[3]]).toBe(9 + 2);
    const lit = fresh(4, loadRuleset('literal'));
    bids(lit, [1, 1, 1, 1]);
    expect(lit.s.phase).toBe(Phase.AuctionBid);
    expect([...lit.s.aucGroup].sort()).toEqual([0, 1, 2, 3]);
  });

  it('works with 2 players', () => {
    const g = fresh(2);
    expect(g.s.centralBank).toBe(80);
    bids(g, [3, 7]);
    expect(g.s.order).toEqual([1, 0]);
    expect(g.s.gold).toEqual([7 + 5, 3]);
    expect(g.s.centralBank).toBe(85);
    assertConserved(g);
  });

  it('D163: with auction.positionGold the Central Bank pays each position after the first the step times its place', () => {
    const g = fresh(4, positionGold(2));
    bids(g, [5, 3, 8, 1]);
    expect(g.s.order).toEqual([2, 0, 1, 3]);
    // pot 17: 8 to seat 3 (last), 9 to the Central Bank; then 2, 4 and 6 gold to the second, third and last places
    expect(g.s.gold).toEqual([5 + 2, 7 + 4, 2, 9 + 8 + 6]);
    expect(g.s.centralBank).toBe(60 + 9 - 12);
    assertConserved(g);
  });

  it('D163: pays the last places first, as far as the Central Bank holds gold', () => {
    const g = fresh(6, positionGold(5));
    expect(g.s.centralBank).toBe(40);
    bids(g, [0, 0, 0, 0, 0, 0]);
    // 25 to the sixth place, the 15 left of the 20 owed to the fifth, nothing to the others
    const byPlace = g.s.order.map((seat) => g.s.gold[seat]);
    expect(byPlace).toEqual([10, 10, 10, 10, 25, 35]);
    expect(g.s.centralBank).toBe(0);
    assertConserved(g);
  });

  it('D163: prosperity pays 2 gold a place; full pays nothing beyond the pot', () => {
    expect(loadRuleset('prosperity').data.auction.positionGold).toBe(2);
    expect(loadRuleset('full').data.auction.positionGold).toBeUndefined();
  });

  it('works with 6 players: only the last seat shares the pot (0.1.27b overrides 0.1.14a "last two")', () => {
    const g = fresh(6, noPocketLoss());
    expect(g.s.centralBank).toBe(40);
    bids(g, [1, 2, 3, 4, 5, 6]);
    expect(g.s.order).toEqual([5, 4, 3, 2, 1, 0]);
    // pot 21: 10 to seat 0 (last), 11 to the Central Bank
    expect(g.s.gold).toEqual([9 + 10, 8, 7, 6, 5, 4]);
    expect(g.s.centralBank).toBe(51);
    assertConserved(g);
  });
});
