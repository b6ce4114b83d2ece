/**
 * Scenario tests for the Grand Market (0.1.27b "The Grand Market"; 0.1.14a "Bid", "Ask",
 * "Market Stimulus", "Executing Trades", "Spot Price") and horse-cart transport (0.1.27b "Commodity
 * Transport"). docs/RULES.md D54-D61.
 */
import { describe, expect, it } from 'vitest';
import { Kind } from '../engine/actions.ts';
import { Phase } from '../engine/state.ts';
import { resolveRoll } from '../engine/dice.ts';
import { eliminate } from '../engine/bankruptcy.ts';
import { netWorth } from '../engine/victory.ts';
import { addMarketWorths, marketStimulus, marketTurnStart, marketWorth, spotPrice } from '../engine/market.ts';
import { applyAction, createGame, isTerminal, legalActions } from '../engine/index.ts';
import { catalogue } from '../engine/actions.ts';
import { loadRuleset } from '../rules/index.ts';
import { nextInt, seedRng } from '../../../lib/rng.ts';
import { whyIllegal } from '../engine/engine.ts';
import { actionId } from '../engine/actions.ts';
import { act, activeTurn, assertConserved, game, giveCommodity, isLegal, nextRoll, snap, variant, type Game } from './helpers.ts';

const SOULS = 0;
const OIL = 1;
const GRAIN = 2;
/** Index of `price` in the full ruleset's market.prices [1, 2, 3, 4, 5, 6, 8, 10]. */
const P = (price: number) => [1, 2, 3, 4, 5, 6, 8, 10].indexOf(price);

/** The market part of the start of `seat`'s turn, without the roll (the real turn start is tested below). */
function turnOf(g: Game, seat: number): void {
  activeTurn(g, seat);
  marketTurnStart(g.s, seat);
}

function bid(g: Game, c: number, price: number): void {
  act(g, Kind.PostBid, c);
  act(g, Kind.SelectTerm, P(price));
}

function ask(g: Game, c: number, price: number, lot = 0): void {
  act(g, Kind.PostAsk, c, lot);
  act(g, Kind.SelectTerm, P(price));
}

/** The reason action (kind, arg, arg2) is refused now. */
function why(g: Game, kind: Kind, arg = 0, arg2 = 0): string | null {
  return whyIllegal(g.s, g.rs, actionId(g.rs, kind, arg, arg2));
}

describe('the bid/ask tables at setup (0.1.27b "Game Setup" 2, "Game Trackers")', () => {
  it('every player has an empty bid and ask slip for each commodity, and the R.O.W. no bids', () => {
    const g = game();
    const slips = g.s.gold.length * 3;
    for (const table of [g.s.mktBid, g.s.mktAsk, g.s.mktAskQty]) {
      expect(table.length).toBe(slips);
      expect([...table].every((v) => v === 0)).toBe(true);
    }
    expect([...g.s.rowBids]).toEqual([0, 0, 0]);
    expect([SOULS, OIL, GRAIN].map((c) => spotPrice(g.s, c))).toEqual([0, 0, 0]);
  });
});

describe('D55, D56: bids are covered and leave through escrow (0.1.27b "The Grand Market"; 0.1.14a "Bid")', () => {
  it('moves the gold into the bid; an uncovered price is refused and changes nothing', () => {
    const g = game();
    const gold = g.s.gold[0];
    act(g, Kind.PostBid, SOULS);
    expect(g.s.phase).toBe(Phase.SelectTerm);
    expect(isLegal(g, Kind.SelectTerm, P(10))).toBe(gold >= 10);
    g.s.gold[0] -= gold - 4; // keep 4 gold in pocket
    g.s.centralBank += gold - 4;
    const before = snap(g);
    expect(why(g, Kind.SelectTerm, P(5))).toMatch(/covered/);
    expect(() => act(g, Kind.SelectTerm, P(5))).toThrow(/covered/);
    expect(snap(g)).toBe(before);
    act(g, Kind.SelectTerm, P(4));
    expect(g.s.gold[0]).toBe(0);
    expect(g.s.mktBid[SOULS]).toBe(4);
    expect(g.s.phase).toBe(Phase.Main);
    assertConserved(g);
    // With an empty pocket no new bid can be posted at all.
    expect(why(g, Kind.PostBid, OIL)).toMatch(/covered/);
  });

  it('cannot be withdrawn on the turn it was placed; next turn it moves to escrow, stays executable, and returns at the next turn', () => {
    const g = game();
    bid(g, GRAIN, 3);
    expect(why(g, Kind.WithdrawBid, GRAIN)).toMatch(/turn it was placed/);
    turnOf(g, 1);
    turnOf(g, 0);
    act(g, Kind.WithdrawBid, GRAIN);
    expect(g.s.mktBid[GRAIN]).toBe(0);
    expect(g.s.mktEscBid[GRAIN]).toBe(3);
    assertConserved(g);
    // Seat 1 sells into the escrowed bid.
    turnOf(g, 1);
    giveCommodity(g.s, 1, GRAIN, 1);
    const gold1 = g.s.gold[1];
    act(g, Kind.SellToBid, GRAIN);
    expect(g.s.gold[1]).toBe(gold1 + 3);
    expect(g.s.mktEscBid[GRAIN]).toBe(0);
    expect(g.s.lastPrice[GRAIN]).toBe(3);
    assertConserved(g);
    // A withdrawn bid nobody executes returns to the pocket at its owner's next turn.
    turnOf(g, 0);
    bid(g, SOULS, 2);
    turnOf(g, 0);
    act(g, Kind.WithdrawBid, SOULS);
    const pocket = g.s.gold[0];
    turnOf(g, 0);
    expect(g.s.gold[0]).toBe(pocket + 2);
    expect(g.s.mktEscBid[SOULS]).toBe(0);
    assertConserved(g);
  });

  it('raises at once; lowering sends the difference through escrow and locks the bid for the turn', () => {
    const g = game();
    const gold = g.s.gold[0];
    bid(g, OIL, 2);
    bid(g, OIL, 5);
    expect(g.s.gold[0]).toBe(gold - 5);
    expect(g.s.mktBid[3 * 0 + OIL]).toBe(5);
    turnOf(g, 0);
    bid(g, OIL, 3);
    expect(g.s.mktBid[OIL]).toBe(3);
    expect(g.s.mktEscGold[OIL]).toBe(2);
    expect(g.s.gold[0]).toBe(gold - 5);
    // A lowered bid cannot be withdrawn the same turn.
    expect(why(g, Kind.WithdrawBid, OIL)).toMatch(/placed or lowered/);
    // The same price again is no action.
    act(g, Kind.PostBid, OIL);
    expect(why(g, Kind.SelectTerm, P(3))).toMatch(/already/);
    act(g, Kind.SelectTerm, P(4));
    assertConserved(g);
    turnOf(g, 0);
    expect(g.s.gold[0]).toBe(gold - 4);
    expect(g.s.mktEscGold[OIL]).toBe(0);
    assertConserved(g);
  });
});

describe('D57, D58: asks travel by horse cart, once per turn (0.1.27b "The Grand Market", "Commodity Transport"; 0.1.14a "Ask")', () => {
  it('loads the units on the cart; a second transport the same turn is refused; the ask opens at the next turn', () => {
    const g = game();
    giveCommodity(g.s, 0, SOULS, 4);
    giveCommodity(g.s, 0, OIL, 1);
    ask(g, SOULS, 6, 0); // lot index 0: one unit
    expect(g.s.held[SOULS]).toBe(3);
    expect(g.s.cartQty[0]).toBe(1);
    expect(g.s.mktAskQty[SOULS]).toBe(0);
    assertConserved(g);
    expect(why(g, Kind.PostAsk, OIL, 0)).toMatch(/once per turn/);
    expect(isLegal(g, Kind.PostAsk, OIL, 0)).toBe(false);
    turnOf(g, 1);
    expect(g.s.mktAskQty[SOULS]).toBe(0); // still on the road
    turnOf(g, 0);
    expect(g.s.cartQty[0]).toBe(0);
    expect(g.s.mktAskQty[SOULS]).toBe(1);
    expect(g.s.mktAsk[SOULS]).toBe(6);
    // "All" loads every held unit; the new units join the ask at the new price.
    ask(g, SOULS, 5, 1);
    expect(g.s.held[SOULS]).toBe(0);
    turnOf(g, 0);
    expect(g.s.mktAskQty[SOULS]).toBe(4);
    expect(g.s.mktAsk[SOULS]).toBe(5);
    assertConserved(g);
    // Pulled at any time on the owner's turn.
    act(g, Kind.PullAsk, SOULS);
    expect(g.s.held[SOULS]).toBe(4);
    expect(g.s.mktAskQty[SOULS]).toBe(0);
    expect(why(g, Kind.PullAsk, SOULS)).toMatch(/no ask/);
    assertConserved(g);
  });

  it('an ask must be covered', () => {
    const g = game();
    expect(why(g, Kind.PostAsk, GRAIN, 0)).toMatch(/covered/);
  });

  it('a cart on the road when a 7 is rolled breaks down on a d6 of 1-3: the goods return to the supply', () => {
    const g = game();
    giveCommodity(g.s, 0, SOULS, 2);
    giveCommodity(g.s, 1, OIL, 2);
    ask(g, SOULS, 4, 1);
    turnOf(g, 1);
    ask(g, OIL, 4, 1);
    const supply = g.s.supply.slice();
    nextRoll(g.s, 3, 4); // the two cart d6 in turn order from the active seat (1): seat 1 rolls 3, seat 0 rolls 4
    resolveRoll(g.s, g.rs, 3, 4);
    expect(g.s.cartQty[1]).toBe(0);
    expect(g.s.supply[OIL]).toBe(supply[OIL] + 2);
    expect(g.s.cartQty[0]).toBe(2);
    expect(g.s.supply[SOULS]).toBe(supply[SOULS]);
    assertConserved(g);
  });
});

describe('D59, D60: executing trades and the spot price (0.1.14a "Executing Trades", "Spot Price")', () => {
  it("sells one unit into the best other bid (paid now, delivered by cart at the seller's next turn) and buys from the cheapest ask; each sets the last sold price (D68)", () => {
    const g = game();
    bid(g, GRAIN, 3);
    turnOf(g, 1);
    bid(g, GRAIN, 5);
    turnOf(g, 2);
    giveCommodity(g.s, 2, GRAIN, 2);
    const gold2 = g.s.gold[2];
    act(g, Kind.SellToBid, GRAIN);
    expect(g.s.gold[2]).toBe(gold2 + 5);
    expect(g.s.mktBid[1 * 3 + GRAIN]).toBe(0);
    expect(g.s.cartDest[2]).toBe(1);
    expect(g.s.lastPrice[GRAIN]).toBe(5);
    expect(why(g, Kind.SellToBid, GRAIN)).toMatch(/once per turn/);
    assertConserved(g);
    turnOf(g, 3);
    expect(g.s.held[1 * 3 + GRAIN]).toBe(0);
    turnOf(g, 2);
    expect(g.s.held[1 * 3 + GRAIN]).toBe(1);
    // Seat 2 cannot sell into its own bid.
    bid(g, SOULS, 2);
    giveCommodity(g.s, 2, SOULS, 1);
    expect(why(g, Kind.SellToBid, SOULS)).toMatch(/no other/);
    // Asks: seat 3 buys the cheapest of two.
    ask(g, GRAIN, 8, 0);
    turnOf(g, 2);
    turnOf(g, 0);
    giveCommodity(g.s, 0, GRAIN, 1);
    ask(g, GRAIN, 4, 0);
    turnOf(g, 0);
    turnOf(g, 3);
    const gold0 = g.s.gold[0];
    const gold3 = g.s.gold[3];
    act(g, Kind.BuyFromAsk, GRAIN);
    expect(g.s.gold[3]).toBe(gold3 - 4);
    expect(g.s.gold[0]).toBe(gold0 + 4);
    expect(g.s.held[3 * 3 + GRAIN]).toBe(1);
    expect(g.s.lastPrice[GRAIN]).toBe(4);
    expect(g.s.mktAskQty[GRAIN]).toBe(0);
    assertConserved(g);
  });

  it('spot price is the midpoint of best bid and best ask, the best bid without asks, 0 without bids', () => {
    const g = game();
    giveCommodity(g.s, 1, SOULS, 1);
    expect(spotPrice(g.s, SOULS)).toBe(0);
    turnOf(g, 1);
    ask(g, SOULS, 6, 0);
    turnOf(g, 1);
    expect(spotPrice(g.s, SOULS)).toBe(0); // an ask without bids
    turnOf(g, 0);
    bid(g, SOULS, 3);
    expect(spotPrice(g.s, SOULS)).toBe(4.5);
    act(g, Kind.BuyFromAsk, SOULS);
    expect(spotPrice(g.s, SOULS)).toBe(3);
  });

  it('market positions count in net worth and go to the Central Bank / supply on elimination', () => {
    const g = game();
    giveCommodity(g.s, 0, OIL, 2);
    const w = netWorth(g.s, g.rs, 0);
    bid(g, SOULS, 4);
    ask(g, OIL, 5, 1);
    expect(netWorth(g.s, g.rs, 0)).toBe(w);
    const bank = g.s.centralBank;
    const supply = g.s.supply[OIL];
    eliminate(g.s, g.rs, 0);
    g.s.decider = 1;
    expect(g.s.mktBid[SOULS]).toBe(0);
    expect(g.s.centralBank).toBe(bank + 10); // 6 in pocket + 4 in the bid
    expect(g.s.supply[OIL]).toBe(supply + 2); // the cart bound for its own ask
    expect(g.s.cartQty[0]).toBe(0);
    assertConserved(g);
  });
});

describe('D61: market stimulus (0.1.14a "Market Stimulus")', () => {
  it('after two months without a bid the R.O.W. creates three bids at the Cost of the Living from its gold', () => {
    const g = game();
    g.s.row += 20;
    g.s.centralBank -= 20;
    g.s.costOfLiving = 3;
    bid(g, OIL, 1); // Elixir Oil has a bid; Souls and Grain have none
    g.s.months = 1;
    marketStimulus(g.s, g.rs); // one month without bids: nothing yet
    expect(g.s.rowBids[SOULS]).toBe(0);
    g.s.months = 2;
    turnOf(g, 1);
    marketStimulus(g.s, g.rs); // startTurn runs this after every roll
    expect(g.s.rowBids[SOULS]).toBe(3);
    expect(g.s.rowBidPrice[SOULS]).toBe(3);
    expect(g.s.rowBids[GRAIN]).toBe(3);
    expect(g.s.rowBids[OIL]).toBe(0);
    expect(g.s.row).toBe(2);
    assertConserved(g);
    // Selling into a R.O.W. bid: the unit goes to the supply.
    giveCommodity(g.s, 1, SOULS, 1);
    const supply = g.s.supply[SOULS];
    act(g, Kind.SellToBid, SOULS);
    expect(g.s.rowBids[SOULS]).toBe(2);
    turnOf(g, 1);
    expect(g.s.supply[SOULS]).toBe(supply + 1);
    assertConserved(g);
  });
});

describe('the real turn flow', () => {
  it("carts arrive and escrow returns at the start of the owner's turn (startTurn), not before", () => {
    const g = game();
    giveCommodity(g.s, 0, GRAIN, 1);
    ask(g, GRAIN, 2, 0);
    for (let guard = 0; guard < 200 && !(g.s.decider === 0 && g.s.phase === Phase.Main && g.s.turn > 1); guard++) {
      if (g.s.phase === Phase.Main) {
        nextRoll(g.s, 1, 2);
        act(g, Kind.EndTurn);
      } else if (g.s.phase === Phase.FutureReading) act(g, isLegal(g, Kind.DrawTeaLeaves) ? Kind.DrawTeaLeaves : Kind.DrawCrystalBall);
      else act(g, Kind.RefuseOffer); // not reached: no offers are open
      if (g.s.decider !== 0) expect(g.s.cartQty[0]).toBe(1);
    }
    expect(g.s.mktAskQty[GRAIN]).toBe(1);
    assertConserved(g);
  });
});

describe('ruleset switch', () => {
  it('market.enabled false removes every market action', () => {
    const rs = variant((d) => (d.market.enabled = false));
    const g = game({ ruleset: rs });
    giveCommodity(g.s, 0, SOULS, 3);
    for (const k of [Kind.PostBid, Kind.PostAsk, Kind.SellToBid, Kind.BuyFromAsk, Kind.ProposeTrade, Kind.LiquidateProperty])
      expect(isLegal(g, k, 0)).toBe(false);
    expect(why(g, Kind.PostBid, 0)).toMatch(/off/);
  });
});

describe('addMarketWorths', () => {
  it("adds every seat's marketWorth in one pass, on states of random market play", () => {
    const rs = loadRuleset('market');
    const buf = new Int32Array(catalogue(rs).size);
    const rng = seedRng('market-worths');
    const worth = new Float64Array(6);
    let carts = 0;
    for (const players of [2, 4, 6]) {
      for (let g = 0; g < 3; g++) {
        const s = createGame(rs, players, `market-worths/${players}/${g}`);
        for (let t = 0; t < 3000 && !isTerminal(s); t++) {
          worth.fill(1);
          addMarketWorths(s, worth);
          for (let p = 0; p < players; p++) expect(worth[p]).toBe(1 + marketWorth(s, p));
          for (let p = 0; p < players; p++) if (s.cartQty[p] > 0) carts++;
          applyAction(s, rs, buf[nextInt(rng, legalActions(s, rs, buf))]);
        }
      }
    }
    expect(carts).toBeGreaterThan(0); // the carts' branch was exercised
  });
});
