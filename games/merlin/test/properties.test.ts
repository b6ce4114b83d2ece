import { describe, expect, it } from 'vitest';
import { resolveRoll } from '../engine/dice.ts';
import { Kind } from '../engine/actions.ts';
import { IllegalActionError } from '../../../lib/errors.ts';
import { fieldEnd } from '../engine/properties.ts';
import {
  act,
  assertConserved,
  club,
  diamond,
  game,
  heart,
  isLegal,
  key,
  putChauffeur,
  putLab,
  putLand,
  putProperty,
  putSpecialised,
  snap,
  spade,
  noPocketLoss,
} from './helpers.ts';

// Invest grid of the full ruleset: index 0 = 1 gold, 1 = 2 gold, 2 = 5 gold.
const ONE = 0;
const TWO = 1;
const FIVE = 2;

describe('D12: property investing: the stake doubles when the number comes before a 7 (0.1.27b "Property Investing")', () => {
  it('moves the stake from the pocket onto the property', () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 0, club(5));
    act(g, Kind.Invest, 0, TWO);
    expect(g.s.gold[0]).toBe(8);
    expect(g.s.slotInvest[key(g, 0, 0)]).toBe(2);
    expect(g.s.actionsThisTurn).toBe(1);
    assertConserved(g);
  });

  it("rolling the property's number returns the stake doubled to the pocket, besides the payout", () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 0, club(5));
    act(g, Kind.Invest, 0, TWO);
    const bank = g.s.centralBank;
    resolveRoll(g.s, g.rs, 1, 4);
    // 8 left + 2 payout + 2 stake + 2 profit
    expect(g.s.gold[0]).toBe(14);
    expect(g.s.slotInvest[key(g, 0, 0)]).toBe(0);
    expect(g.s.centralBank).toBe(bank - 4);
    assertConserved(g);
  });

  it('the stake waits through other numbers and doubles on a later roll by another player', () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 0, club(10));
    act(g, Kind.Invest, 0, FIVE);
    resolveRoll(g.s, g.rs, 2, 3);
    resolveRoll(g.s, g.rs, 6, 3);
    expect(g.s.slotInvest[key(g, 0, 0)]).toBe(5);
    g.s.turnIdx = 2; // seat 2's turn
    g.s.turn = 7;
    resolveRoll(g.s, g.rs, 4, 6);
    expect(g.s.gold[0]).toBe(5 + 3 + 10);
    expect(g.s.slotInvest[key(g, 0, 0)]).toBe(0);
    assertConserved(g);
  });

  it('a 7 first loses the stake to the Central Bank', () => {
    const g = game({ ruleset: noPocketLoss() });
    putProperty(g.s, g.rs, 0, 0, club(5));
    act(g, Kind.Invest, 0, FIVE);
    const bank = g.s.centralBank;
    resolveRoll(g.s, g.rs, 3, 4);
    expect(g.s.slotInvest[key(g, 0, 0)]).toBe(0);
    expect(g.s.centralBank).toBe(bank + 5);
    resolveRoll(g.s, g.rs, 1, 4);
    expect(g.s.gold[0]).toBe(5 + 2);
    assertConserved(g);
  });
});

describe('Invest once per property per turn (0.1.27b "Property Investing")', () => {
  it('a second investment in the same property this turn is refused, the state unchanged', () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 0, club(5));
    act(g, Kind.Invest, 0, ONE);
    expect(isLegal(g, Kind.Invest, 0, ONE)).toBe(false);
    expect(isLegal(g, Kind.Invest, 0, FIVE)).toBe(false);
    const before = snap(g);
    expect(() => act(g, Kind.Invest, 0, TWO)).toThrow(IllegalActionError);
    expect(snap(g)).toBe(before);
    assertConserved(g);
  });

  it('another property may be invested in the same turn', () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 0, club(5));
    putProperty(g.s, g.rs, 0, 1, club(9));
    act(g, Kind.Invest, 0, ONE);
    expect(isLegal(g, Kind.Invest, 1, TWO)).toBe(true);
    act(g, Kind.Invest, 1, TWO);
    expect(g.s.gold[0]).toBe(7);
    assertConserved(g);
  });

  it('on a later turn the same property may be invested in again and the stakes add up', () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 0, club(5));
    act(g, Kind.Invest, 0, ONE);
    g.s.turn += 4; // seat 0's next turn
    g.s.actionsThisTurn = 0;
    expect(isLegal(g, Kind.Invest, 0, TWO)).toBe(true);
    act(g, Kind.Invest, 0, TWO);
    expect(g.s.slotInvest[key(g, 0, 0)]).toBe(3);
    resolveRoll(g.s, g.rs, 2, 3);
    expect(g.s.gold[0]).toBe(7 + 2 + 6);
    assertConserved(g);
  });
});

describe('What can be invested in (0.1.27b "Property Investing", "Land Cards", "Spell Shops", "Breweries")', () => {
  it('not a property with a Land on it', () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 0, club(5));
    putLand(g.s, g.rs, 0, 0, diamond(9));
    expect(isLegal(g, Kind.Invest, 0, ONE)).toBe(false);
    expect(() => act(g, Kind.Invest, 0, ONE)).toThrow(IllegalActionError);
    assertConserved(g);
  });

  it('not a Brewery', () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 0, club(5));
    putSpecialised(g.s, g.rs, 0, 0, heart(8));
    expect(isLegal(g, Kind.Invest, 0, ONE)).toBe(false);
    assertConserved(g);
  });

  it('yes a Spell Shop: its stake doubles on the property number, beside the doubled payout', () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 0, club(5));
    putSpecialised(g.s, g.rs, 0, 0, spade(8));
    expect(isLegal(g, Kind.Invest, 0, TWO)).toBe(true);
    act(g, Kind.Invest, 0, TWO);
    resolveRoll(g.s, g.rs, 1, 4);
    // 8 + payout 2x2 + stake 2 doubled
    expect(g.s.gold[0]).toBe(8 + 4 + 4);
    assertConserved(g);
  });

  it('not a Chauffeur, a lab, or an empty slot', () => {
    const g = game();
    putChauffeur(g.s, g.rs, 0, 0, club(3), club(4));
    putLab(g.s, g.rs, 0, 1, spade(6));
    expect(isLegal(g, Kind.Invest, 0, ONE)).toBe(false);
    expect(isLegal(g, Kind.Invest, 1, ONE)).toBe(false);
    expect(isLegal(g, Kind.Invest, 2, ONE)).toBe(false);
    assertConserved(g);
  });

  it("not another player's property (investments are on properties you own)", () => {
    const g = game();
    putProperty(g.s, g.rs, 1, 0, club(5));
    expect(isLegal(g, Kind.Invest, 0, ONE)).toBe(false);
    assertConserved(g);
  });

  it('only pocket gold can be staked: more than the pocket holds is refused', () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 0, club(5));
    g.s.centralBank += 8;
    g.s.gold[0] = 2;
    expect(isLegal(g, Kind.Invest, 0, TWO)).toBe(true);
    expect(isLegal(g, Kind.Invest, 0, FIVE)).toBe(false);
    expect(() => act(g, Kind.Invest, 0, FIVE)).toThrow(IllegalActionError);
    assertConserved(g);
  });
});

describe('fieldEnd: where the legal-action scans of a field may stop', () => {
  it('is 1 + the highest occupied slot, whatever lies below it, and 0 for an empty field', () => {
    const g = game();
    expect(fieldEnd(g.s, g.rs, 0)).toBe(0);
    putProperty(g.s, g.rs, 0, 0, club(5));
    expect(fieldEnd(g.s, g.rs, 0)).toBe(1);
    putProperty(g.s, g.rs, 0, 6, heart(9)); // slots 1-5 stay empty
    expect(fieldEnd(g.s, g.rs, 0)).toBe(7);
    expect(fieldEnd(g.s, g.rs, 1)).toBe(0);
    const F = g.rs.data.table.fieldSlots;
    putProperty(g.s, g.rs, 1, F - 1, spade(3));
    expect(fieldEnd(g.s, g.rs, 1)).toBe(F);
  });
});
