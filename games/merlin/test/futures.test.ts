/**
 * Scenario tests for futures contracts (0.1.27b "Commodity Derivatives: Futures Contracts", "Chauffeurs:
 * Arcane Derivatives"; 0.1.14a "Futures", "Forward Price"). docs/RULES.md D67-D71.
 */
import { describe, expect, it } from 'vitest';
import { actionId, Kind } from '../engine/actions.ts';
import { Phase } from '../engine/state.ts';
import { whyIllegal } from '../engine/engine.ts';
import { settleFutures } from '../engine/futures.ts';
import { netWorth } from '../engine/victory.ts';
import { act, activeTurn, assertConserved, club, game, giveCommodity, putChauffeur, type Game } from './helpers.ts';

const SOULS = 0;
const GRAIN = 2;
/** SelectTerm index of (forward price, expiry) in the full ruleset (forwardPrices [3, 6, 9, 12, 15], expiryMonths [3, 6, 12]). */
const TERM = (price: number, months: number) => [3, 6, 9, 12, 15].indexOf(price) * 3 + [3, 6, 12].indexOf(months);

function why(g: Game, kind: Kind, arg = 0, arg2 = 0): string | null {
  return whyIllegal(g.s, g.rs, actionId(g.rs, kind, arg, arg2));
}

/** Seat 0 (with a Chauffeur) writes a contract on `c`; seat 1 buys it. Returns the contract place. */
function writeAndSell(g: Game, c: number, price: number, months: number): number {
  putChauffeur(g.s, g.rs, 0, 0, club(3), club(4));
  act(g, Kind.WriteFuture, c);
  act(g, Kind.SelectTerm, TERM(price, months));
  activeTurn(g, 1);
  act(g, Kind.BuyFuture, 0);
  return 0;
}

describe('D67: writing and buying futures, a bushel from a Chauffeur (0.1.27b "Commodity Derivatives", "Chauffeurs")', () => {
  it('a futures contract without a Chauffeur is refused', () => {
    const g = game();
    expect(why(g, Kind.WriteFuture, SOULS)).toMatch(/Chauffeur/);
  });

  it('the short writes a bushel at a forward price and expiry; the long pays the forward price to the short', () => {
    const g = game();
    putChauffeur(g.s, g.rs, 0, 0, club(3), club(4));
    act(g, Kind.WriteFuture, GRAIN);
    expect(g.s.phase).toBe(Phase.SelectTerm);
    act(g, Kind.SelectTerm, TERM(6, 3));
    expect(g.s.futShort[0]).toBe(0);
    expect(g.s.futLong[0]).toBe(-1);
    expect(g.s.futPrice[0]).toBe(6);
    expect(g.s.futExpiry[0]).toBe(g.s.months + 3);
    expect(g.s.futOwed[0]).toBe(3);
    expect(why(g, Kind.BuyFuture, 0)).toMatch(/you wrote/);
    const gold0 = g.s.gold[0];
    const w1 = netWorth(g.s, g.rs, 1);
    activeTurn(g, 1);
    act(g, Kind.BuyFuture, 0);
    expect(g.s.gold[0]).toBe(gold0 + 6);
    expect(g.s.futLong[0]).toBe(1);
    // The long holds a claim on three units at the Cost of the Living; the short owes them.
    expect(netWorth(g.s, g.rs, 1)).toBe(w1 - 6 + 3 * g.s.costOfLiving);
    expect(why(g, Kind.BuyFuture, 0)).toMatch(/long already/);
    assertConserved(g);
  });

  it('the long resells the contract to another player, who accepts', () => {
    const g = game();
    writeAndSell(g, SOULS, 3, 6);
    const gold1 = g.s.gold[1];
    const gold2 = g.s.gold[2];
    act(g, Kind.ResellFuture, 0);
    act(g, Kind.SelectTerm, 1); // 6 gold
    act(g, Kind.SelectPlayer, 1); // seat 2
    act(g, Kind.AcceptOffer);
    expect(g.s.futLong[0]).toBe(2);
    expect(g.s.gold[1]).toBe(gold1 + 6);
    expect(g.s.gold[2]).toBe(gold2 - 6);
    assertConserved(g);
  });
});

describe('D68, D69: delivery on the short\'s first turn after expiry, or bankruptcy (0.1.27b "Commodity Derivatives")', () => {
  it('nothing happens before expiry; then the short delivers from held units', () => {
    const g = game();
    writeAndSell(g, GRAIN, 6, 3);
    giveCommodity(g.s, 0, GRAIN, 3);
    g.s.months += 2;
    settleFutures(g.s, g.rs, 0);
    expect(g.s.futOwed[0]).toBe(3);
    g.s.months += 1;
    settleFutures(g.s, g.rs, 0);
    expect(g.s.held[1 * 3 + GRAIN]).toBe(3);
    expect(g.s.held[GRAIN]).toBe(0);
    expect(g.s.futShort[0]).toBe(-1);
    assertConserved(g);
  });

  it('pulls its own ask, buys from the cheapest asks, and settles the rest at the last sold price when nothing is left to buy', () => {
    const g = game();
    writeAndSell(g, SOULS, 3, 3);
    // Seat 0 has one Soul in its own ask; seat 2 asks 4 gold for one.
    g.s.supply[SOULS] -= 2;
    g.s.mktAskQty[SOULS] = 1;
    g.s.mktAsk[SOULS] = 9;
    g.s.mktAskQty[2 * 3 + SOULS] = 1;
    g.s.mktAsk[2 * 3 + SOULS] = 4;
    g.s.lastPrice[SOULS] = 5;
    const gold0 = g.s.gold[0];
    const gold1 = g.s.gold[1];
    const gold2 = g.s.gold[2];
    g.s.months += 3;
    settleFutures(g.s, g.rs, 0);
    expect(g.s.held[1 * 3 + SOULS]).toBe(2); // one pulled, one bought
    expect(g.s.gold[2]).toBe(gold2 + 4);
    expect(g.s.lastPrice[SOULS]).toBe(4);
    // The third unit: nothing left to buy, settled at the last sold price (now 4).
    expect(g.s.gold[0]).toBe(gold0 - 4 - 4);
    expect(g.s.gold[1]).toBe(gold1 + 4);
    expect(g.s.futShort[0]).toBe(-1);
    assertConserved(g);
  });

  it('offsets with a long contract of the same commodity and expiry: its long takes over that contract', () => {
    const g = game();
    putChauffeur(g.s, g.rs, 0, 0, club(3), club(4));
    putChauffeur(g.s, g.rs, 2, 0, club(5), club(6));
    act(g, Kind.WriteFuture, GRAIN); // place 0: seat 0 short
    act(g, Kind.SelectTerm, TERM(3, 6));
    activeTurn(g, 2);
    act(g, Kind.WriteFuture, GRAIN); // place 1: seat 2 short, same expiry
    act(g, Kind.SelectTerm, TERM(9, 6));
    activeTurn(g, 1);
    act(g, Kind.BuyFuture, 0); // seat 1 long on place 0
    activeTurn(g, 0);
    act(g, Kind.BuyFuture, 1); // seat 0 long on place 1
    const held1 = g.s.held[1 * 3 + GRAIN];
    g.s.months += 6;
    settleFutures(g.s, g.rs, 0);
    expect(g.s.futShort[0]).toBe(-1); // seat 0's contract is settled...
    expect(g.s.futShort[1]).toBe(2);
    expect(g.s.futLong[1]).toBe(1); // ...by handing its long position to its long
    expect(g.s.held[1 * 3 + GRAIN]).toBe(held1);
    assertConserved(g);
  });

  it('a short who has not delivered by the second turn after expiry is bankrupt: the Central Bank pays the long and the short owes it', () => {
    const g = game();
    writeAndSell(g, GRAIN, 3, 3);
    g.s.gold[0] = 0;
    g.s.centralBank += 13; // seat 0 had 10 + 3 from the sale
    g.s.lastPrice[GRAIN] = 2;
    g.s.months += 3;
    settleFutures(g.s, g.rs, 0);
    expect(g.s.futLate[0]).toBe(1);
    expect(g.s.bankruptSince[0]).toBe(-1);
    const gold1 = g.s.gold[1];
    settleFutures(g.s, g.rs, 0);
    expect(g.s.futShort[0]).toBe(-1);
    expect(g.s.gold[1]).toBe(gold1 + 6);
    expect(g.s.debtBank[0]).toBe(6);
    expect(g.s.bankruptSince[0]).toBe(g.s.months);
    assertConserved(g);
  });

  it('a contract nobody bought lapses at expiry', () => {
    const g = game();
    putChauffeur(g.s, g.rs, 0, 0, club(3), club(4));
    act(g, Kind.WriteFuture, SOULS);
    act(g, Kind.SelectTerm, TERM(3, 3));
    g.s.months += 3;
    activeTurn(g, 1);
    expect(why(g, Kind.BuyFuture, 0)).toMatch(/expired/);
    settleFutures(g.s, g.rs, 0);
    expect(g.s.futShort[0]).toBe(-1);
  });
});
