import { describe, expect, it } from 'vitest';
import { resolveRoll } from '../engine/dice.ts';
import { Kind } from '../engine/actions.ts';
import { Phase, SlotKind, TopKind } from '../engine/state.ts';
import { IllegalActionError } from '../../../lib/errors.ts';
import {
  act,
  assertConserved,
  classic,
  club,
  diamond,
  game,
  isLegal,
  key,
  putChauffeur,
  putLab,
  putLand,
  putProperty,
  putSpecialised,
  snap,
  spade,
  variant,
} from './helpers.ts';

// Vault grid of the full ruleset: index 0 = 1 gold, 1 = 5 gold, 2 = all.
const V1 = 0;
const V5 = 1;
const ALL = 2;

describe('Creating a Chauffeur (0.1.27b "Chauffeurs": "Creating a Chauffeur")', () => {
  it('binds two un-invested properties without permits: one slot becomes the Chauffeur, the other is freed', () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 0, club(3));
    putProperty(g.s, g.rs, 0, 1, club(5));
    expect(isLegal(g, Kind.CreateChauffeur, 0)).toBe(true);
    act(g, Kind.CreateChauffeur, 0);
    expect(g.s.phase).toBe(Phase.SelectSlot);
    expect(isLegal(g, Kind.SelectSlot, 0)).toBe(false); // not the same property twice
    expect(isLegal(g, Kind.SelectSlot, 1)).toBe(true);
    act(g, Kind.SelectSlot, 1);
    expect(g.s.phase).toBe(Phase.Main);
    const k = key(g, 0, 0);
    expect(g.s.slotKind[k]).toBe(SlotKind.Chauffeur);
    expect(g.s.slotCard[k]).toBe(club(3));
    expect(g.s.slotTopKind[k]).toBe(TopKind.ChauffeurPair);
    expect(g.s.slotTop[k]).toBe(club(5));
    expect(g.s.slotVault[k]).toBe(0);
    expect(g.s.slotKind[key(g, 0, 1)]).toBe(SlotKind.Empty);
    assertConserved(g);
  });

  it('needs a second eligible property', () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 0, club(3));
    expect(isLegal(g, Kind.CreateChauffeur, 0)).toBe(false);
    const before = snap(g);
    expect(() => act(g, Kind.CreateChauffeur, 0)).toThrow(IllegalActionError);
    expect(snap(g)).toBe(before);
    assertConserved(g);
  });

  it('an invested property cannot join a Chauffeur', () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 0, club(3));
    putProperty(g.s, g.rs, 0, 1, club(5));
    act(g, Kind.Invest, 1, 0);
    expect(isLegal(g, Kind.CreateChauffeur, 0)).toBe(false);
    expect(isLegal(g, Kind.CreateChauffeur, 1)).toBe(false);
    assertConserved(g);
  });

  it('properties with a Land or a Spell Shop on top cannot join a Chauffeur, nor can labs', () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 0, club(3));
    putProperty(g.s, g.rs, 0, 1, club(5));
    putLand(g.s, g.rs, 0, 1, diamond(9));
    putProperty(g.s, g.rs, 0, 2, club(6));
    putSpecialised(g.s, g.rs, 0, 2, spade(8));
    putLab(g.s, g.rs, 0, 3, spade(4));
    for (const slot of [0, 1, 2, 3]) expect(isLegal(g, Kind.CreateChauffeur, slot)).toBe(false);
    putProperty(g.s, g.rs, 0, 4, club(9));
    act(g, Kind.CreateChauffeur, 0);
    expect(isLegal(g, Kind.SelectSlot, 1)).toBe(false);
    expect(isLegal(g, Kind.SelectSlot, 2)).toBe(false);
    expect(isLegal(g, Kind.SelectSlot, 3)).toBe(false);
    expect(isLegal(g, Kind.SelectSlot, 4)).toBe(true);
    assertConserved(g);
  });

  it('a Chauffeur does not pay gold on its own numbers (0.1.14a "Clubs")', () => {
    const g = game();
    putChauffeur(g.s, g.rs, 0, 0, club(3), club(5));
    resolveRoll(g.s, g.rs, 1, 2);
    resolveRoll(g.s, g.rs, 1, 4);
    expect(g.s.gold[0]).toBe(10);
    assertConserved(g);
  });
});

describe('Deposits and withdrawals (0.1.27b "Creating a Chauffeur": "move gold freely")', () => {
  it('deposits 1, 5 or all of the pocket, and withdraws likewise', () => {
    const g = game();
    putChauffeur(g.s, g.rs, 0, 2, club(3), club(5));
    const k = key(g, 0, 2);
    act(g, Kind.Deposit, 2, V1);
    expect([g.s.gold[0], g.s.slotVault[k]]).toEqual([9, 1]);
    act(g, Kind.Deposit, 2, V5);
    expect([g.s.gold[0], g.s.slotVault[k]]).toEqual([4, 6]);
    act(g, Kind.Withdraw, 2, V1);
    expect([g.s.gold[0], g.s.slotVault[k]]).toEqual([5, 5]);
    act(g, Kind.Deposit, 2, ALL);
    expect([g.s.gold[0], g.s.slotVault[k]]).toEqual([0, 10]);
    act(g, Kind.Withdraw, 2, ALL);
    expect([g.s.gold[0], g.s.slotVault[k]]).toEqual([10, 0]);
    assertConserved(g);
  });

  it('refuses to move more than there is', () => {
    const g = game();
    putChauffeur(g.s, g.rs, 0, 0, club(3), club(5), 3);
    g.s.centralBank += 7;
    g.s.gold[0] = 3;
    expect(isLegal(g, Kind.Deposit, 0, V5)).toBe(false);
    expect(isLegal(g, Kind.Withdraw, 0, V5)).toBe(false);
    expect(isLegal(g, Kind.Withdraw, 0, V1)).toBe(true);
    g.s.gold[0] = 0;
    g.s.centralBank += 3;
    expect(isLegal(g, Kind.Deposit, 0, ALL)).toBe(false);
    expect(() => act(g, Kind.Deposit, 0, V1)).toThrow(IllegalActionError);
    assertConserved(g);
  });

  it('only a Chauffeur has a vault', () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 0, club(3));
    expect(isLegal(g, Kind.Deposit, 0, V1)).toBe(false);
    expect(isLegal(g, Kind.Deposit, 1, V1)).toBe(false);
    assertConserved(g);
  });

  it('D29: vault gold is safe from a 7', () => {
    const g = game();
    putChauffeur(g.s, g.rs, 0, 0, club(3), club(5), 9);
    resolveRoll(g.s, g.rs, 3, 4);
    expect(g.s.slotVault[key(g, 0, 0)]).toBe(9);
    expect(g.s.gold[0]).toBe(8); // the pocket loses a quarter, rounded down (D157); the vault nothing
    assertConserved(g);
  });
});

describe('D7: passive resonance in \'faces\' mode, the previous reading (ruleset classic; 0.1.27b "Passive Resonance")', () => {
  it('dice showing both numbers pay 1 gold per 5 in the vault, from the Central Bank into the vault', () => {
    const g = game({ ruleset: classic() });
    expect(g.rs.data.chauffeur.resonance).toBe('faces');
    putChauffeur(g.s, g.rs, 0, 0, club(3), club(5), 10);
    const bank = g.s.centralBank;
    resolveRoll(g.s, g.rs, 3, 5);
    expect(g.s.slotVault[key(g, 0, 0)]).toBe(12);
    expect(g.s.centralBank).toBe(bank - 2);
    resolveRoll(g.s, g.rs, 5, 3);
    expect(g.s.slotVault[key(g, 0, 0)]).toBe(14);
    expect(g.s.gold[0]).toBe(10);
    assertConserved(g);
  });

  it('does not resonate when each number is rolled individually, nor on a total equal to their sum', () => {
    const g = game({ ruleset: classic() });
    putChauffeur(g.s, g.rs, 0, 0, club(3), club(5), 10);
    resolveRoll(g.s, g.rs, 1, 2); // 3
    resolveRoll(g.s, g.rs, 3, 2); // one die shows 3
    resolveRoll(g.s, g.rs, 5, 1); // one die shows 5
    resolveRoll(g.s, g.rs, 4, 4); // total 8
    resolveRoll(g.s, g.rs, 2, 6); // total 8
    expect(g.s.slotVault[key(g, 0, 0)]).toBe(10);
    assertConserved(g);
  });

  it('fewer than 5 gold in the vault earns nothing', () => {
    const g = game({ ruleset: classic() });
    putChauffeur(g.s, g.rs, 0, 0, club(3), club(5), 4);
    resolveRoll(g.s, g.rs, 3, 5);
    expect(g.s.slotVault[key(g, 0, 0)]).toBe(4);
    assertConserved(g);
  });

  it("resonates for its owner on any player's roll", () => {
    const g = game({ ruleset: classic() });
    putChauffeur(g.s, g.rs, 2, 0, club(2), club(6), 17);
    g.s.turnIdx = 1;
    resolveRoll(g.s, g.rs, 6, 2);
    expect(g.s.slotVault[key(g, 2, 0)]).toBe(20);
    assertConserved(g);
  });
});

describe('D7: passive resonance in \'sum\' mode, the default (0.1.27b "Passive Resonance": "the dice roll matches")', () => {
  it('D7: resonates when the roll total equals the sum of the two numbers, whatever the faces', () => {
    const g = game();
    expect(g.rs.data.chauffeur.resonance).toBe('sum');
    putChauffeur(g.s, g.rs, 0, 0, club(3), club(5), 10);
    resolveRoll(g.s, g.rs, 4, 4);
    expect(g.s.slotVault[key(g, 0, 0)]).toBe(12);
    resolveRoll(g.s, g.rs, 2, 6);
    expect(g.s.slotVault[key(g, 0, 0)]).toBe(14);
    resolveRoll(g.s, g.rs, 3, 5);
    expect(g.s.slotVault[key(g, 0, 0)]).toBe(16);
    resolveRoll(g.s, g.rs, 3, 4); // 7: not 8
    expect(g.s.slotVault[key(g, 0, 0)]).toBe(16);
    assertConserved(g);
  });
});
