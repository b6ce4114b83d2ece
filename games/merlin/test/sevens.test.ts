import { describe, expect, it } from 'vitest';
import { resolveRoll } from '../engine/dice.ts';
import { Kind } from '../engine/actions.ts';
import { rankOf } from '../engine/cards.ts';
import {
  act,
  assertConserved,
  club,
  diamond,
  game,
  giveCommodity,
  putChauffeur,
  putLand,
  putProperty,
  putSpecialised,
  spade,
  stackDeck,
  variant,
  key,
  noPocketLoss,
  classic,
} from './helpers.ts';

const SOULS = 0;
const OIL = 1;
const GRAIN = 2;

describe('A rolled 7 raises the counters (0.1.27b "The Sevens of Upheaval" 1, "The Dice of Destiny")', () => {
  it('raises the Cost of the Living by the Volatility (1) and the Research Cost by one', () => {
    const g = game();
    expect(g.s.costOfLiving).toBe(2);
    expect(g.s.researchCost).toBe(1);
    resolveRoll(g.s, g.rs, 3, 4);
    expect(g.s.costOfLiving).toBe(3);
    expect(g.s.researchCost).toBe(2);
    resolveRoll(g.s, g.rs, 6, 1);
    expect(g.s.costOfLiving).toBe(4);
    expect(g.s.researchCost).toBe(3);
    assertConserved(g);
  });

  it('raises the Cost of the Living by a Volatility of 3 when volatility has been changed', () => {
    const g = game();
    g.s.volatility = 3;
    resolveRoll(g.s, g.rs, 2, 5);
    expect(g.s.costOfLiving).toBe(5);
    expect(g.s.researchCost).toBe(2);
    assertConserved(g);
  });
});

describe('A rolled 7 takes every property investment to the Central Bank (0.1.27b "The Sevens of Upheaval" 2, "Property Investing")', () => {
  it("sends every player's invested gold, Spell Shops included, to the Central Bank", () => {
    const g = game({ ruleset: noPocketLoss() });
    putProperty(g.s, g.rs, 0, 0, club(5));
    putProperty(g.s, g.rs, 0, 1, club(9));
    putSpecialised(g.s, g.rs, 0, 1, spade(4));
    putProperty(g.s, g.rs, 1, 0, club(8));
    act(g, Kind.Invest, 0, 2); // 5 gold on the 5 of Clubs
    act(g, Kind.Invest, 1, 1); // 2 gold on the Spell Shop
    // seat 1 invested 2 gold on an earlier turn
    g.s.gold[1] -= 2;
    g.s.slotInvest[key(g, 1, 0)] = 2;
    const bank = g.s.centralBank;
    resolveRoll(g.s, g.rs, 4, 3);
    expect(g.s.slotInvest.every((x) => x === 0)).toBe(true);
    expect(g.s.centralBank).toBe(bank + 9);
    expect(g.s.gold).toEqual([3, 8, 10, 10]);
    // the lost stake is gone: rolling the 5 later pays only the payout
    resolveRoll(g.s, g.rs, 1, 4);
    expect(g.s.gold[0]).toBe(5);
    assertConserved(g);
  });
});

describe('A rolled 7 charges 1 gold per commodity unit to keep it (0.1.27b "The Sevens of Upheaval" 2)', () => {
  it('a holder who can pay keeps every unit and pays 1 gold per unit to the Central Bank', () => {
    const g = game({ ruleset: noPocketLoss() });
    giveCommodity(g.s, 0, SOULS, 2);
    giveCommodity(g.s, 0, GRAIN, 1);
    giveCommodity(g.s, 2, OIL, 4);
    const bank = g.s.centralBank;
    resolveRoll(g.s, g.rs, 5, 2);
    expect(g.s.gold).toEqual([7, 10, 6, 10]);
    expect(g.s.held.slice(0, 3)).toEqual([2, 0, 1]);
    expect(g.s.held.slice(6, 9)).toEqual([0, 4, 0]);
    expect(g.s.centralBank).toBe(bank + 7);
    assertConserved(g);
  });

  it('a unit the holder cannot pay for goes back to the supply', () => {
    const g = game();
    g.s.gold[1] = 1;
    g.s.centralBank += 9;
    giveCommodity(g.s, 1, SOULS, 1);
    giveCommodity(g.s, 1, OIL, 2);
    const supply = [...g.s.supply];
    resolveRoll(g.s, g.rs, 1, 6);
    expect(g.s.gold[1]).toBe(0);
    expect(g.s.held.slice(3, 6)).toEqual([1, 0, 0]);
    expect(g.s.supply).toEqual([supply[0], supply[1] + 2, supply[2]]);
    assertConserved(g);
  });

  it('planted units are charged too', () => {
    const g = game({ ruleset: noPocketLoss() });
    putProperty(g.s, g.rs, 0, 0, club(6));
    putLand(g.s, g.rs, 0, 0, diamond(9));
    giveCommodity(g.s, 0, GRAIN, 2);
    act(g, Kind.Plant, 0);
    expect(g.s.slotPlanted[key(g, 0, 0)]).toBe(1);
    resolveRoll(g.s, g.rs, 3, 4);
    expect(g.s.gold[0]).toBe(8);
    expect(g.s.held[GRAIN]).toBe(1);
    expect(g.s.slotPlanted[key(g, 0, 0)]).toBe(1);
    assertConserved(g);
  });

  it('units are paid for Souls first, then Elixir Oil, then Essence Grain, held before planted (sevens.ts docstring)', () => {
    const g = game();
    putProperty(g.s, g.rs, 1, 0, club(6));
    putLand(g.s, g.rs, 1, 0, diamond(4));
    giveCommodity(g.s, 1, SOULS, 2);
    act1Plant(g);
    giveCommodity(g.s, 1, OIL, 1);
    giveCommodity(g.s, 1, GRAIN, 2);
    // seat 1 holds 1 Soul, 1 Oil, 2 Grain and has 1 Soul planted; 3 gold in pocket
    g.s.centralBank += 7;
    g.s.gold[1] = 3;
    const supply = [...g.s.supply];
    resolveRoll(g.s, g.rs, 6, 1);
    expect(g.s.held.slice(3, 6)).toEqual([1, 1, 0]);
    expect(g.s.slotPlanted[key(g, 1, 0)]).toBe(1);
    expect(g.s.gold[1]).toBe(0);
    expect(g.s.supply).toEqual([supply[0], supply[1], supply[2] + 2]);
    assertConserved(g);
  });

  it('with gold for one unit only, the held Soul is kept and the planted Soul goes back to the supply', () => {
    const g = game();
    putProperty(g.s, g.rs, 1, 0, club(6));
    putLand(g.s, g.rs, 1, 0, diamond(4));
    giveCommodity(g.s, 1, SOULS, 2);
    act1Plant(g);
    g.s.centralBank += 9;
    g.s.gold[1] = 1;
    resolveRoll(g.s, g.rs, 6, 1);
    expect(g.s.held[3 + SOULS]).toBe(1);
    expect(g.s.slotPlanted[key(g, 1, 0)]).toBe(0);
    assertConserved(g);
  });

  it('D11: vault gold is safe: it is not spent on the charge, and unpaid units are lost (0.1.27b "Secure Vault", "Pocket Change")', () => {
    const g = game();
    putChauffeur(g.s, g.rs, 2, 0, club(3), club(5), 8);
    g.s.centralBank += g.s.gold[2];
    g.s.gold[2] = 0;
    giveCommodity(g.s, 2, GRAIN, 2);
    const supply = g.s.supply[GRAIN];
    resolveRoll(g.s, g.rs, 2, 5);
    expect(g.s.slotVault[key(g, 2, 0)]).toBe(8);
    expect(g.s.held[2 * 3 + GRAIN]).toBe(0);
    expect(g.s.supply[GRAIN]).toBe(supply + 2);
    assertConserved(g);
  });

  it('Mead is not a commodity: it pays no holding charge (project decision D38)', () => {
    const g = game({ ruleset: noPocketLoss() });
    g.s.mead[0] = 2;
    resolveRoll(g.s, g.rs, 3, 4);
    expect(g.s.mead[0]).toBe(2);
    expect(g.s.gold[0]).toBe(10);
    assertConserved(g);
  });

  it('a player without commodities pays nothing', () => {
    const g = game({ ruleset: noPocketLoss() });
    resolveRoll(g.s, g.rs, 3, 4);
    expect(g.s.gold).toEqual([10, 10, 10, 10]);
    expect(g.s.centralBank).toBe(60);
    assertConserved(g);
  });
});

describe('D157: a rolled 7 takes a quarter of each pocket (0.1.27b "The Glitter of Gold": pocket change "can be vulnerable to loss or theft during certain events, like the roll of a 7")', () => {
  it('every player still in the game loses pocketLossPercent of its pocket, rounded down, to the Central Bank; vaults and small purses keep theirs', () => {
    const g = game();
    expect(g.rs.data.sevens.pocketLossPercent).toBe(25);
    putChauffeur(g.s, g.rs, 1, 0, club(3), club(5), 12);
    g.s.centralBank += g.s.gold[2] - 3;
    g.s.gold[2] = 3; // a quarter of 3 rounds down to 0
    g.s.eliminated[3] = 1;
    g.s.centralBank += g.s.gold[3];
    g.s.gold[3] = 0;
    const bank = g.s.centralBank;
    resolveRoll(g.s, g.rs, 3, 4);
    expect([...g.s.gold]).toEqual([8, 8, 3, 0]);
    expect(g.s.slotVault[key(g, 1, 0)]).toBe(12);
    expect(g.s.centralBank).toBe(bank + 4);
    assertConserved(g);
  });

  it('is charged after the holding charge, on what the pocket has left', () => {
    const g = game();
    giveCommodity(g.s, 0, SOULS, 2);
    resolveRoll(g.s, g.rs, 3, 4);
    expect(g.s.held[SOULS]).toBe(2);
    expect(g.s.gold[0]).toBe(6); // 10 - 2 for the Souls = 8, then a quarter: 2
    assertConserved(g);
  });

  it('is off in classic and literal (0: the drafts give the sentence no rule)', () => {
    const g = game({ ruleset: classic() });
    resolveRoll(g.s, g.rs, 3, 4);
    expect([...g.s.gold]).toEqual([10, 10, 10, 10]);
  });
});

describe('The Sevens are unleashed (0.1.27b "The Sevens of Upheaval" 3; 0.1.14a "7s")', () => {
  it('a 7 card drawn is played at once: Cost of the Living + Volatility, and the card goes back into the deck', () => {
    const g = game();
    stackDeck(g.s, club(7));
    act(g, Kind.BuyCard);
    expect(g.s.costOfLiving).toBe(3);
    expect(g.s.newCards[0]).toEqual([]);
    expect(g.s.hands[0]).toEqual([]);
    expect(g.s.deck).toContain(club(7));
    expect(g.s.gold[0]).toBe(8);
    assertConserved(g);
  });

  it('D10: with `playSevenCardsInDeckOnRoll` (the literal reading), each 7 card in the draw pile also adds the Volatility on a rolled 7', () => {
    const rs = variant((d) => (d.sevens.playSevenCardsInDeckOnRoll = true));
    const g = game({ ruleset: rs });
    const sevens = g.s.deck.filter((c) => rankOf(c) === 7).length;
    expect(sevens).toBe(16);
    resolveRoll(g.s, g.rs, 3, 4);
    expect(g.s.costOfLiving).toBe(2 + 1 + 16);
    expect(g.s.researchCost).toBe(2);
    assertConserved(g);
  });

  it('D10: by default the 7 cards in the deck are not played on a rolled 7', () => {
    const g = game();
    resolveRoll(g.s, g.rs, 3, 4);
    expect(g.s.costOfLiving).toBe(3);
    assertConserved(g);
  });
});

/** Seat 1 plants one of its Souls on its Land in slot 0 (as if on its own turn). */
function act1Plant(g: ReturnType<typeof game>): void {
  g.s.turnIdx = 1;
  g.s.decider = 1;
  act(g, Kind.Plant, 0);
  g.s.turnIdx = 0;
  g.s.decider = 0;
}
