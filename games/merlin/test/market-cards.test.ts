/**
 * Scenario tests for the transport spells and price-shifting readings (0.1.27b "Commodity Transport":
 * "Transport Spells ... reduce transport risk"; "The Visions of Tomorrow"). docs/RULES.md D127-D129.
 */
import { describe, expect, it } from 'vitest';
import { applyEffects } from '../engine/effects.ts';
import { cartBreakdowns, marketStimulus } from '../engine/market.ts';
import { executeTrade } from '../engine/trade.ts';
import { settlementPrice } from '../engine/futures.ts';
import { cartWardOf, priceShiftOf } from '../engine/market-cards.ts';
import { assertConserved, game, giveCommodity, nextRoll, type Game } from './helpers.ts';

function def(g: Game, deck: 'spells' | 'teaLeaves' | 'crystalBall', id: string) {
  return g.rs.cards[deck].defs.find((d) => d.id === id)!;
}

/** Seat 0's cart carries one Soul from its hand, bound for its ask. */
function loadCart(g: Game): void {
  giveCommodity(g.s, 0, 0, 1);
  g.s.held[0] -= 1;
  g.s.cartCom[0] = 0;
  g.s.cartQty[0] = 1;
  g.s.cartTurn[0] = g.s.turn;
}

describe('D127: transport spells make carts safer (cartWard; 0.1.27b "Commodity Transport")', () => {
  it('Warding Lantern: no breakdown on a 7 while the ward lasts; the die is still rolled', () => {
    const g = game();
    loadCart(g);
    applyEffects(g.s, g.rs, def(g, 'spells', 'warding-lantern'), 0, -1, -1);
    expect(cartWardOf(g.s, 0)).toBe(6);
    nextRoll(g.s, 1, 1);
    cartBreakdowns(g.s, g.rs);
    expect(g.s.cartQty[0]).toBe(1);
    g.s.turn += 7; // past the 6 turns
    expect(cartWardOf(g.s, 0)).toBe(0);
    nextRoll(g.s, 1, 1);
    cartBreakdowns(g.s, g.rs);
    expect(g.s.cartQty[0]).toBe(0);
    assertConserved(g);
  });

  it('Greased Axles lowers the breakdown threshold by one: under the ward a 3 no longer breaks down, a 2 still does', () => {
    const g = game();
    loadCart(g);
    applyEffects(g.s, g.rs, def(g, 'spells', 'greased-axles'), 0, -1, -1);
    nextRoll(g.s, 3, 3);
    cartBreakdowns(g.s, g.rs);
    expect(g.s.cartQty[0]).toBe(1);
    nextRoll(g.s, 2, 2);
    cartBreakdowns(g.s, g.rs);
    expect(g.s.cartQty[0]).toBe(0);
  });

  it("a ward protects its owner's side of a goods trade from robbery, not the partner's", () => {
    const g = game();
    giveCommodity(g.s, 0, 0, 1);
    giveCommodity(g.s, 1, 2, 1);
    applyEffects(g.s, g.rs, def(g, 'spells', 'fair-winds'), 0, -1, -1);
    // Seat 0 rolls 2 (robbed only at or below 3 − 2 = 1), seat 1 rolls 1 (at or below 3): only seat 1's Grain is lost.
    nextRoll(g.s, 2, 1);
    executeTrade(g.s, g.rs, 0, 1, 0, 2 * 2); // give item 0 (1 Soul), ask item 4 (1 Essence Grain)
    expect(g.s.held[1 * 3 + 0]).toBe(1);
    expect(g.s.held[0 * 3 + 2]).toBe(0);
    assertConserved(g);
  });
});

describe('D128: price-shifting readings (marketPrice)', () => {
  it('Oil on the Boil raises the R.O.W. stimulus price and the futures settlement price of Elixir Oil for 6 turns', () => {
    const g = game();
    applyEffects(g.s, g.rs, def(g, 'teaLeaves', 'oil-on-the-boil'), 0, -1, -1);
    expect(priceShiftOf(g.s, 1)).toBe(1);
    const col = g.s.costOfLiving;
    expect(settlementPrice(g.s, 1)).toBe(col + 1);
    expect(settlementPrice(g.s, 0)).toBe(col);
    g.s.months += g.rs.data.market.stimulusMonths;
    g.s.row += 20;
    g.s.centralBank -= 20;
    marketStimulus(g.s, g.rs);
    expect(g.s.rowBidPrice[1]).toBe(col + 1);
    expect(g.s.rowBidPrice[0]).toBe(col);
    g.s.turn += 7;
    expect(settlementPrice(g.s, 1)).toBe(col);
    assertConserved(g);
  });

  it('A Glut of Grain lowers the Essence Grain price, never below 1', () => {
    const g = game();
    applyEffects(g.s, g.rs, def(g, 'crystalBall', 'glut-of-grain'), 0, -1, -1);
    g.s.costOfLiving = 1;
    expect(settlementPrice(g.s, 2)).toBe(1);
    g.s.costOfLiving = 4;
    expect(settlementPrice(g.s, 2)).toBe(3);
  });
});
