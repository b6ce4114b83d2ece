import { describe, expect, it } from 'vitest';
import { Kind } from '../engine/actions.ts';
import { Phase, UnitFlag } from '../engine/state.ts';
import { resolveRoll } from '../engine/dice.ts';
import { eliminate } from '../engine/bankruptcy.ts';
import { combatTurnStart, power } from '../engine/combat.ts';
import { createGame } from '../engine/setup.ts';
import { applyAction, legalActions } from '../engine/engine.ts';
import { catalogue } from '../engine/actions.ts';
import { checkConservation } from '../engine/invariants.ts';
import { rankOf, suitOf } from '../engine/cards.ts';
import { loadRuleset } from '../rules/index.ts';
import { nextInt, seedRng } from '../../../lib/rng.ts';
import { IllegalActionError } from '../../../lib/errors.ts';
import {
  act,
  assertConserved,
  classic,
  club,
  diamond,
  frontLine,
  game,
  giveCard,
  giveCommodity,
  giveGold,
  heart,
  isLegal,
  key,
  nextDice,
  nextRoll,
  putChauffeur,
  putLand,
  putProperty,
  putSpecialised,
  putUnit,
  snap,
  spade,
  sq,
  variant,
  type Game,
} from './helpers.ts';

const SOULS = 0;

/** Command unit (seat's square, level) with verb `verb`, then pick `target` (a square, or [square, level] of a unit). */
function order(g: Game, at: [number, number, number?], verb: Kind, target?: [number, number, number?]): void {
  act(g, Kind.CommandUnit, sq(g, at[0], at[1]), at[2] ?? 0);
  act(g, verb);
  if (!target) return;
  if (verb === Kind.AttackUnit) act(g, Kind.SelectUnit, sq(g, target[0], target[1]), target[2] ?? 0);
  else act(g, Kind.SelectSquare, sq(g, target[0], target[1]));
}

describe('D82: animating a golem for a Soul and placing it (0.1.27b "Animating a Golem", "Commodities")', () => {
  it('costs a Soul to the supply, rolls a d6 for Attack Power and a d6 for Hit Points, and acts from the next turn', () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 0, club(5));
    putChauffeur(g.s, g.rs, 0, 1, club(2), club(3));
    giveCard(g.s, 0, heart(11));
    expect(isLegal(g, Kind.PlayCard, 0)).toBe(false); // a golem is animated, not played
    expect(isLegal(g, Kind.Animate, 0)).toBe(false); // no Soul
    giveCommodity(g.s, 0, SOULS, 1);
    act(g, Kind.Animate, 0);
    expect(g.s.phase).toBe(Phase.SelectSquare);
    expect(isLegal(g, Kind.SelectSquare, sq(g, 0, 1))).toBe(false); // never on a Chauffeur
    expect(isLegal(g, Kind.SelectSquare, sq(g, 0, 2))).toBe(false); // not on an empty slot
    expect(isLegal(g, Kind.SelectSquare, sq(g, 1, 0))).toBe(false); // only on your own cards
    const supply = g.s.supply[SOULS];
    nextDice(g.s, 4, 2);
    act(g, Kind.SelectSquare, sq(g, 0, 0));
    expect(g.s.unitCard).toEqual([heart(11)]);
    expect(g.s.unitPos).toEqual([key(g, 0, 0)]);
    expect([g.s.unitAtk[0], g.s.unitHp[0]]).toEqual([4, 2]);
    expect(g.s.supply[SOULS]).toBe(supply + 1);
    expect(g.s.held[SOULS]).toBe(0);
    expect(g.s.hands[0]).toEqual([]);
    expect(g.s.phase).toBe(Phase.Main);
    expect(isLegal(g, Kind.CommandUnit, sq(g, 0, 0), 0)).toBe(false); // active on the next turn
    g.s.turn++;
    expect(isLegal(g, Kind.CommandUnit, sq(g, 0, 0), 0)).toBe(true); // (a red golem: it may defend)
    assertConserved(g);
  });

  it('stacks at most two units on one card (0.1.22b "Golem Stacking")', () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 0, club(5));
    putUnit(g, 0, 0, heart(11), 2, 2);
    putUnit(g, 0, 0, heart(12), 2, 2);
    giveCard(g.s, 0, diamond(11));
    giveCommodity(g.s, 0, SOULS, 1);
    expect(isLegal(g, Kind.Animate, 0)).toBe(false);
    putProperty(g.s, g.rs, 0, 1, club(6));
    act(g, Kind.Animate, 0);
    expect(isLegal(g, Kind.SelectSquare, sq(g, 0, 0))).toBe(false);
    expect(isLegal(g, Kind.SelectSquare, sq(g, 0, 1))).toBe(true);
  });
});

describe('Golem actions (0.1.27b "Basic Golem Actions", "Golem Alignments")', () => {
  it('D83: by default alignment is an inclination, not a rule: black and red golems may both attack properties and defend', () => {
    for (const card of [spade(12), heart(12)]) {
      const g = frontLine();
      expect(g.rs.data.combat.alignment).toBe('none');
      putUnit(g, 0, 3, card, 2, 2);
      act(g, Kind.CommandUnit, sq(g, 0, 3), 0);
      expect(isLegal(g, Kind.AttackProperty)).toBe(true);
      expect(isLegal(g, Kind.Defend)).toBe(true);
    }
  });

  it('D83: with `alignment: strict` (ruleset classic) black golems attack properties, never defend; red golems defend, never attack properties', () => {
    const g = frontLine(classic());
    putUnit(g, 0, 3, club(11), 2, 2);
    act(g, Kind.CommandUnit, sq(g, 0, 3), 0);
    expect(isLegal(g, Kind.AttackProperty)).toBe(true);
    expect(isLegal(g, Kind.Defend)).toBe(false);
    const h = frontLine(classic());
    putUnit(h, 0, 3, heart(11), 2, 2);
    act(h, Kind.CommandUnit, sq(h, 0, 3), 0);
    expect(isLegal(h, Kind.AttackProperty)).toBe(false);
    expect(isLegal(h, Kind.Defend)).toBe(true);
    act(h, Kind.Defend);
    expect(h.s.unitStance[0]).toBe(1);
  });

  it('one action per golem per turn: a golem that moved cannot attack until its next turn', () => {
    const g = frontLine();
    putProperty(g.s, g.rs, 0, 2, club(3));
    putUnit(g, 0, 2, spade(11), 2, 2);
    order(g, [0, 2], Kind.Move, [0, 3]);
    expect(g.s.unitPos[0]).toBe(key(g, 0, 3));
    expect(isLegal(g, Kind.CommandUnit, sq(g, 0, 3), 0)).toBe(false);
    const before = snap(g);
    expect(() => act(g, Kind.CommandUnit, sq(g, 0, 3), 0)).toThrow(IllegalActionError);
    expect(snap(g)).toBe(before);
    g.s.turn += 4;
    act(g, Kind.CommandUnit, sq(g, 0, 3), 0);
    expect(isLegal(g, Kind.AttackProperty)).toBe(true);
  });

  it('only legal targets are unmasked: cards in reach, not Chauffeurs, not your own', () => {
    const g = frontLine();
    putChauffeur(g.s, g.rs, 1, 4, club(8), club(9));
    putProperty(g.s, g.rs, 1, 1, club(10)); // two columns away from seat 0's slot 3
    putUnit(g, 0, 3, spade(11), 2, 2);
    order(g, [0, 3], Kind.AttackProperty);
    const ids: number[] = [];
    const buf = new Int32Array(catalogue(g.rs).size);
    const n = legalActions(g.s, g.rs, buf);
    for (let i = 0; i < n; i++) ids.push(catalogue(g.rs).arg[buf[i]]);
    expect(ids).toEqual([sq(g, 1, 0)]);
  });
});

describe('The Overly Eager Sentinel (Jack of Clubs; 0.1.22b "Impetuous Assault")', () => {
  it('for a Soul it attacks on the turn it is animated, with double damage when that turn rolled an 11', () => {
    const g = frontLine();
    giveCard(g.s, 0, club(11));
    giveCommodity(g.s, 0, SOULS, 2);
    g.s.die1 = 5; // this turn's roll was an 11
    g.s.die2 = 6;
    nextDice(g.s, 2, 3);
    act(g, Kind.Animate, 0);
    act(g, Kind.SelectSquare, sq(g, 0, 3));
    putUnit(g, 1, 0, heart(11), 1, 4);
    expect(isLegal(g, Kind.CommandUnit, sq(g, 0, 3), 0)).toBe(true); // only for its ability
    act(g, Kind.CommandUnit, sq(g, 0, 3), 0);
    expect(isLegal(g, Kind.AttackUnit)).toBe(false);
    const supply = g.s.supply[SOULS];
    act(g, Kind.UseAbility);
    expect(g.s.supply[SOULS]).toBe(supply + 1);
    order(g, [0, 3], Kind.AttackUnit, [1, 0]); // Attack Power 2, doubled: 4 defeats the 4 Hit Points
    expect(g.s.unitCard).toEqual([club(11)]);
    expect(g.s.unitHp[0]).toBe(2);
    assertConserved(g);
  });

  it('never defends, whatever the alignment rule', () => {
    const g = game({ ruleset: variant((d) => (d.combat.alignment = 'none')) });
    putProperty(g.s, g.rs, 0, 0, club(5));
    putUnit(g, 0, 0, club(11), 2, 2);
    putUnit(g, 0, 0, spade(11), 2, 2);
    expect(isLegal(g, Kind.CommandUnit, sq(g, 0, 0), 0)).toBe(false);
    act(g, Kind.CommandUnit, sq(g, 0, 0), 1);
    expect(isLegal(g, Kind.Defend)).toBe(true);
  });
});

describe('The Adaptive Sentinel (Jack of Diamonds; 0.1.22b "Tactical Flexibility")', () => {
  it('for an Essence Grain, on the turn it is animated: +1 Attack Power or (second option) +1 Hit Point until its next turn', () => {
    const g = frontLine();
    giveCard(g.s, 0, diamond(11));
    giveCommodity(g.s, 0, SOULS, 1);
    giveCommodity(g.s, 0, 2, 1);
    g.s.die1 = 2;
    g.s.die2 = 3;
    nextDice(g.s, 3, 3);
    act(g, Kind.Animate, 0);
    act(g, Kind.SelectSquare, sq(g, 0, 3));
    act(g, Kind.CommandUnit, sq(g, 0, 3), 0);
    expect([isLegal(g, Kind.UseAbility), isLegal(g, Kind.UseAbilityAlt), isLegal(g, Kind.Defend)]).toEqual([true, true, false]);
    const supply = g.s.supply[2];
    act(g, Kind.UseAbility);
    expect(g.s.supply[2]).toBe(supply + 1);
    expect(power(g.s, g.rs, 0, true)).toBe(4);
    expect(isLegal(g, Kind.CommandUnit, sq(g, 0, 3), 0)).toBe(false); // once, and not yet active
    combatTurnStart(g.s, 0);
    expect(power(g.s, g.rs, 0, true)).toBe(3);
    assertConserved(g);
  });

  it('is free on a turn that rolled an 11 or 12; the Hit Point option shields it until its next turn', () => {
    const g = frontLine();
    giveCard(g.s, 0, diamond(11));
    giveCommodity(g.s, 0, SOULS, 1);
    g.s.die1 = 6;
    g.s.die2 = 6;
    act(g, Kind.Animate, 0);
    act(g, Kind.SelectSquare, sq(g, 0, 3));
    order(g, [0, 3], Kind.UseAbilityAlt);
    expect(g.s.unitShield[0]).toBe(1);
    expect(g.s.held[2]).toBe(0);
  });
});

describe('The Harmonious Sentinel (Jack of Spades; 0.1.22b "Coordinated Strike")', () => {
  it('for a Soul and an Essence Grain it strikes with a chosen friendly golem: their Attack Powers add up (+1 for a Spades partner), each takes the blow back', () => {
    const g = frontLine();
    putProperty(g.s, g.rs, 0, 7, club(4));
    const h = putUnit(g, 0, 3, spade(11), 2, 5);
    const p = putUnit(g, 0, 7, spade(12), 3, 5);
    putUnit(g, 1, 0, heart(11), 2, 6);
    giveCommodity(g.s, 0, SOULS, 1);
    giveCommodity(g.s, 0, 2, 1);
    g.s.die1 = 2;
    g.s.die2 = 3;
    act(g, Kind.CommandUnit, sq(g, 0, 3), 0);
    act(g, Kind.UseAbility);
    expect(g.s.phase).toBe(Phase.SelectUnit);
    expect(isLegal(g, Kind.SelectUnit, sq(g, 1, 0), 0)).toBe(false); // a partner is a friendly golem
    act(g, Kind.SelectUnit, sq(g, 0, 7), 0);
    expect(isLegal(g, Kind.Move)).toBe(false); // only the shared attack
    act(g, Kind.AttackUnit);
    act(g, Kind.SelectUnit, sq(g, 1, 0), 0);
    expect(g.s.unitCard).toEqual([spade(11), spade(12)]); // 2 + 3 + 1 = 6 defeats the 6 Hit Points
    expect([g.s.unitHp[h], g.s.unitHp[p]]).toEqual([3, 3]);
    expect([g.s.held[0], g.s.held[2]]).toEqual([0, 0]);
    expect(isLegal(g, Kind.CommandUnit, sq(g, 0, 7), 0)).toBe(false); // the partner's action is spent too
  });
});

describe('The Tactical Artificer (Queen of Spades; 0.1.22b "Transmute Golem")', () => {
  it('for 2 Souls she dismantles a friendly Jack and gives its Attack Power and Hit Points to another friendly golem; a Queen only on an 11', () => {
    const g = frontLine();
    putProperty(g.s, g.rs, 0, 2, club(3));
    putUnit(g, 0, 3, spade(12), 2, 2);
    putUnit(g, 0, 2, heart(11), 3, 4);
    putUnit(g, 0, 2, diamond(12), 1, 5);
    giveCommodity(g.s, 0, SOULS, 2);
    g.s.die1 = 2;
    g.s.die2 = 3;
    act(g, Kind.CommandUnit, sq(g, 0, 3), 0);
    act(g, Kind.UseAbility);
    expect(isLegal(g, Kind.SelectUnit, sq(g, 0, 2), 1)).toBe(false); // a Queen, and the roll was no 11
    act(g, Kind.SelectUnit, sq(g, 0, 2), 0); // the Jack of Hearts
    act(g, Kind.SelectUnit, sq(g, 0, 2), 1); // (now level 1 is still the Queen of Diamonds: the Jack stays until resolution)
    expect(g.s.unitCard).toEqual([spade(12), diamond(12)]);
    expect([g.s.unitAtk[1], g.s.unitHp[1]]).toEqual([4, 9]);
    expect(g.s.held[0]).toBe(0);
    expect(g.s.discard).toContain(heart(11));
    assertConserved(g);
  });
});

describe('The Inspirational Liege (Queen of Hearts; 0.1.22b "Royal Boon")', () => {
  it('for a Soul and an Essence Grain, friendly golems in her aura get +1 Attack Power and +1 Hit Point until another golem is animated', () => {
    const g = frontLine();
    putProperty(g.s, g.rs, 0, 2, club(3));
    putProperty(g.s, g.rs, 0, 0, club(4));
    const liege = putUnit(g, 0, 2, heart(12), 2, 3);
    const near = putUnit(g, 0, 3, spade(11), 3, 3);
    const far = putUnit(g, 0, 0, spade(12), 3, 3);
    giveCommodity(g.s, 0, SOULS, 2);
    giveCommodity(g.s, 0, 2, 1);
    g.s.die1 = 2;
    g.s.die2 = 3;
    order(g, [0, 2], Kind.UseAbility);
    expect([g.s.held[0], g.s.held[2]]).toEqual([1, 0]);
    expect([power(g.s, g.rs, near, true), power(g.s, g.rs, far, true), power(g.s, g.rs, liege, true)]).toEqual([4, 3, 3]);
    putUnit(g, 1, 0, heart(11), 3, 9);
    order(g, [0, 3], Kind.AttackUnit, [1, 0]); // 4 damage dealt; the 3 struck back loses 1 to the boon's Hit Point
    expect([g.s.unitHp[near], g.s.unitHp[3]]).toEqual([1, 5]);
    combatTurnStart(g.s, 0);
    expect(power(g.s, g.rs, near, true)).toBe(4); // the boon lasts
    giveCard(g.s, 0, diamond(12));
    act(g, Kind.Animate, 0);
    act(g, Kind.SelectSquare, sq(g, 0, 0));
    expect(power(g.s, g.rs, near, true)).toBe(3); // her focus shifts to the new arrival
    assertConserved(g);
  });
});

describe('The Explosive Artillerist (Queen of Diamonds; 0.1.22b "Strategic Bombardment")', () => {
  it('for 2 Essence Grain deals 3 damage to every enemy golem and card on and around her square', () => {
    const g = frontLine();
    putProperty(g.s, g.rs, 1, 4, club(6));
    putLand(g.s, g.rs, 1, 4, diamond(2)); // a permitted property: 2 hit points
    const art = putUnit(g, 0, 3, diamond(12), 2, 4);
    putUnit(g, 1, 0, heart(11), 1, 5);
    putUnit(g, 1, 0, spade(11), 1, 2);
    giveCommodity(g.s, 0, 2, 2);
    g.s.die1 = 2;
    g.s.die2 = 3;
    order(g, [0, 3], Kind.UseAbility);
    expect(g.s.held[2]).toBe(0);
    expect(g.s.unitCard).toEqual([diamond(12), heart(11)]); // the 2-HP golem fell
    expect(g.s.unitHp[1]).toBe(2);
    expect([g.s.slotHits[key(g, 1, 0)], g.s.slotHits[key(g, 1, 4)]]).toEqual([1, 2]); // both destroyed
    expect(g.s.slotHits[key(g, 0, 3)]).toBe(0); // her own card is spared
    expect(art).toBe(0);
    assertConserved(g);
  });

  it('the enhanced bomb (one Grain more) adds her Attack Power and divides it among the targets, halves rounded up; on an 11 it costs 1 less', () => {
    const g = frontLine();
    putUnit(g, 0, 3, diamond(12), 4, 4);
    putUnit(g, 1, 0, heart(11), 1, 9);
    giveCommodity(g.s, 0, 2, 2);
    g.s.die1 = 5;
    g.s.die2 = 6;
    order(g, [0, 3], Kind.UseAbilityAlt); // (3 + 4) / 2 targets (the golem and the card) = 3.5 -> 4 each
    expect(g.s.held[2]).toBe(0);
    expect(g.s.unitHp[1]).toBe(5);
  });
});

describe('The Stalwart Sentinel (Jack of Hearts; 0.1.22b "Bulwark Stance", "Healing")', () => {
  it('in Bulwark Stance it defends, never attacks, and no damage gets past it to the card', () => {
    const g = frontLine();
    const st = putUnit(g, 1, 0, heart(11), 1, 2);
    putUnit(g, 0, 3, spade(12), 6, 9);
    giveCommodity(g.s, 1, SOULS, 1);
    giveCommodity(g.s, 1, 1, 1);
    g.s.decider = 1;
    g.s.order = [1, 2, 3, 0];
    order(g, [1, 0], Kind.UseAbility);
    expect([g.s.unitStance[st], g.s.held[3], g.s.held[4]]).toEqual([1, 0, 0]);
    expect(g.s.unitFlags[st] & UnitFlag.Bulwark).toBeTruthy();
    g.s.turn += 4;
    expect(isLegal(g, Kind.CommandUnit, sq(g, 1, 0), 0)).toBe(false); // an enemy golem next to it, but no attack in Bulwark
    g.s.order = [0, 1, 2, 3];
    g.s.decider = 0;
    order(g, [0, 3], Kind.AttackProperty, [1, 0]); // 6 damage: 2 defeat the Sentinel, the rest is stopped
    expect(g.s.unitCard).toEqual([spade(12)]);
    expect(g.s.slotHits[key(g, 1, 0)]).toBe(0);
  });

  it("heals the damaged card it stands on at the end of its owner's turn", () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 0, club(5));
    putLand(g.s, g.rs, 0, 0, diamond(2));
    g.s.slotHits[key(g, 0, 0)] = 1;
    putUnit(g, 0, 0, heart(11), 1, 2);
    nextRoll(g.s, 1, 2);
    act(g, Kind.EndTurn);
    expect(g.s.slotHits[key(g, 0, 0)]).toBe(0);
  });
});

describe('The Shielding Sovereign (Queen of Clubs; 0.1.22b "Aegis of the Realm")', () => {
  it("for 2 Elixir Oil she takes the next golem attack on a friendly golem or card near her, until her owner's next turn; never for a guard", () => {
    const g = frontLine();
    putProperty(g.s, g.rs, 1, 4, club(6));
    const sov = putUnit(g, 1, 4, club(12), 1, 8);
    putUnit(g, 1, 0, heart(11), 1, 2);
    putUnit(g, 0, 3, spade(11), 3, 9);
    giveCommodity(g.s, 1, 1, 2);
    g.s.decider = 1;
    g.s.order = [1, 2, 3, 0];
    g.s.die1 = 1;
    g.s.die2 = 2;
    order(g, [1, 4], Kind.UseAbility);
    expect(g.s.held[4]).toBe(0);
    expect(g.s.unitFlags[sov] & UnitFlag.Aegis1).toBeTruthy();
    g.s.order = [0, 1, 2, 3];
    g.s.decider = 0;
    order(g, [0, 3], Kind.AttackUnit, [1, 0]); // aimed at the Jack of Hearts, taken by the Sovereign
    expect([g.s.unitHp[sov], g.s.unitHp[1]]).toEqual([5, 2]);
    expect(g.s.unitFlags[sov] & (UnitFlag.Aegis1 | UnitFlag.Aegis2)).toBe(0); // used up
  });
});

describe('Attacking properties (0.1.27b "Attacking Properties")', () => {
  it('a standard card has 1 hit point: one hit destroys it, face down, and it produces nothing more', () => {
    const g = frontLine();
    putUnit(g, 0, 3, spade(11), 1, 2);
    order(g, [0, 3], Kind.AttackProperty, [1, 0]);
    expect(g.s.slotHits[key(g, 1, 0)]).toBe(1);
    const gold = g.s.gold[1];
    resolveRoll(g.s, g.rs, 2, 3); // a 5: the destroyed 5 of Clubs pays nothing
    expect(g.s.gold[1]).toBe(gold);
    assertConserved(g);
  });

  it('a permitted property has 2 hit points: the first hit stops its gold and investing, the second destroys it', () => {
    const g = frontLine();
    putLand(g.s, g.rs, 1, 0, diamond(2)); // a Souls Land on seat 1's 5 of Clubs
    putUnit(g, 0, 3, spade(11), 1, 3);
    order(g, [0, 3], Kind.AttackProperty, [1, 0]);
    expect(g.s.slotHits[key(g, 1, 0)]).toBe(1);
    const gold = g.s.gold[1];
    resolveRoll(g.s, g.rs, 2, 3); // the property's 5: no gold after a hit
    expect(g.s.gold[1]).toBe(gold);
    const souls = g.s.held[1 * 3 + SOULS];
    resolveRoll(g.s, g.rs, 1, 1); // the Land's 2 still yields until the card is destroyed
    expect(g.s.held[1 * 3 + SOULS]).toBe(souls + 1);
    g.s.turn += 4;
    order(g, [0, 3], Kind.AttackProperty, [1, 0]);
    expect(g.s.slotHits[key(g, 1, 0)]).toBe(2);
    resolveRoll(g.s, g.rs, 1, 1);
    expect(g.s.held[1 * 3 + SOULS]).toBe(souls + 1);
    assertConserved(g);
  });

  it('a property that has been hit cannot be invested in', () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 0, club(5));
    expect(isLegal(g, Kind.Invest, 0, 0)).toBe(true);
    g.s.slotHits[key(g, 0, 0)] = 1;
    expect(isLegal(g, Kind.Invest, 0, 0)).toBe(false);
  });

  it('defenders fight first with combined hit points; the excess reaches the card; defenders strike back at once', () => {
    const g = frontLine();
    putUnit(g, 0, 3, spade(12), 5, 9);
    putUnit(g, 1, 0, heart(11), 2, 2, { stance: 1 });
    putUnit(g, 1, 0, diamond(11), 3, 2, { stance: 1 });
    order(g, [0, 3], Kind.AttackProperty, [1, 0]);
    expect(g.s.unitCard).toEqual([spade(12)]); // both defenders fell (2 + 2 of the 5 damage)
    expect(g.s.unitHp[0]).toBe(9 - 2 - 3);
    expect(g.s.slotHits[key(g, 1, 0)]).toBe(1); // the 1 left over
    expect(g.s.discard).toEqual(expect.arrayContaining([heart(11), diamond(11)]));
    assertConserved(g);
  });

  it('an enemy golem on a producing card seizes its gold; with a defending golem the card is entrenched (d6 1-3 produces)', () => {
    const g = frontLine();
    putUnit(g, 0, 0, spade(11), 2, 2, { field: 1 }); // seat 0's golem stands on seat 1's 5 of Clubs
    const g0 = g.s.gold[0];
    const g1 = g.s.gold[1];
    resolveRoll(g.s, g.rs, 2, 3);
    expect(g.s.gold[0]).toBe(g0 + g.rs.payout[5]);
    expect(g.s.gold[1]).toBe(g1);
    putUnit(g, 1, 0, heart(11), 2, 2, { stance: 1 });
    nextDice(g.s, 4); // entrenched: 4-6 produces nothing
    resolveRoll(g.s, g.rs, 2, 3);
    expect([g.s.gold[0], g.s.gold[1]]).toEqual([g0 + g.rs.payout[5], g1]);
    nextDice(g.s, 3); // 1-3: the card produces as normal, for its owner
    resolveRoll(g.s, g.rs, 2, 3);
    expect([g.s.gold[0], g.s.gold[1]]).toEqual([g0 + g.rs.payout[5], g1 + g.rs.payout[5]]);
    assertConserved(g);
  });

  it('D90: a defending golem heals its damaged card one hit on an 11 or 12, unless an enemy stands there (0.1.14a "Jacks and Queens")', () => {
    const g = frontLine();
    putLand(g.s, g.rs, 1, 0, diamond(2));
    g.s.slotHits[key(g, 1, 0)] = 1;
    putUnit(g, 1, 0, heart(11), 2, 2, { stance: 1 });
    resolveRoll(g.s, g.rs, 5, 5);
    expect(g.s.slotHits[key(g, 1, 0)]).toBe(1);
    resolveRoll(g.s, g.rs, 5, 6);
    expect(g.s.slotHits[key(g, 1, 0)]).toBe(0);
    g.s.slotHits[key(g, 1, 0)] = 1;
    putUnit(g, 0, 0, spade(11), 2, 2, { field: 1 });
    resolveRoll(g.s, g.rs, 6, 6);
    expect(g.s.slotHits[key(g, 1, 0)]).toBe(1);
  });
});

describe('Golem against golem (0.1.27b "Golem vs. Golem Combat"; 0.1.22b "Terrain Effects", "Suit Synergy")', () => {
  it('both deal their Attack Power at once; a golem at 0 Hit Points is defeated and its card discarded', () => {
    const g = frontLine();
    putUnit(g, 0, 3, spade(11), 3, 4);
    putUnit(g, 1, 0, heart(11), 2, 3);
    order(g, [0, 3], Kind.AttackUnit, [1, 0]);
    expect(g.s.unitCard).toEqual([spade(11)]);
    expect(g.s.unitHp[0]).toBe(2);
    expect(g.s.discard).toContain(heart(11));
    assertConserved(g);
  });

  it('terrain: +1 attacking from a Spell Shop, -1 on a Land, +1 hit point defending on a Brewery', () => {
    const g = frontLine();
    putSpecialised(g.s, g.rs, 0, 3, spade(3));
    const a = putUnit(g, 0, 3, spade(11), 3, 4);
    expect(power(g.s, g.rs, a, true)).toBe(4);
    expect(power(g.s, g.rs, a, false)).toBe(3);
    putLand(g.s, g.rs, 1, 0, diamond(2));
    const b = putUnit(g, 1, 0, heart(11), 3, 4);
    expect(power(g.s, g.rs, b, false)).toBe(2);
    const h = frontLine();
    putSpecialised(h.s, h.rs, 1, 0, heart(3)); // a Brewery
    putUnit(h, 0, 3, spade(11), 3, 9);
    putUnit(h, 1, 0, heart(11), 1, 3, { stance: 1 });
    order(h, [0, 3], Kind.AttackUnit, [1, 0]);
    expect(h.s.unitHp[1]).toBe(1); // 3 damage, 1 warded by the Brewery
  });

  it('suit synergy: two Clubs golems together +1 Attack Power; two Hearts golems +1 Hit Point', () => {
    const g = frontLine();
    putProperty(g.s, g.rs, 0, 2, club(3));
    const a = putUnit(g, 0, 3, club(11), 3, 4);
    expect(power(g.s, g.rs, a, true)).toBe(3);
    putUnit(g, 0, 2, club(12), 1, 1);
    expect(power(g.s, g.rs, a, true)).toBe(4);
    const h = frontLine();
    putProperty(h.s, h.rs, 1, 4, club(6));
    putUnit(h, 0, 3, spade(11), 3, 9);
    putUnit(h, 1, 0, heart(11), 1, 3);
    putUnit(h, 1, 4, heart(12), 1, 3);
    order(h, [0, 3], Kind.AttackUnit, [1, 0]);
    expect(h.s.unitHp[1]).toBe(1);
  });
});

describe('The Royal Guard (0.1.27b "Motivating the Royal Guard", "Royal Guard vs. Golem Combat")', () => {
  it('costs 3 + the Cost of the Living to the Central Bank, rolls two dice each for Strength and Health, and defends a card', () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 0, club(5));
    putChauffeur(g.s, g.rs, 0, 1, club(2), club(3));
    giveCard(g.s, 0, club(13));
    giveCard(g.s, 0, spade(13));
    g.s.costOfLiving = 3;
    const bank = g.s.centralBank;
    act(g, Kind.Motivate, 0);
    expect(isLegal(g, Kind.SelectSquare, sq(g, 0, 1))).toBe(false); // never on a Chauffeur
    nextDice(g.s, 3, 4, 5, 6);
    act(g, Kind.SelectSquare, sq(g, 0, 0));
    expect(g.s.gold[0]).toBe(10 - 6);
    expect(g.s.centralBank).toBe(bank + 6);
    expect([g.s.unitAtk[0], g.s.unitHp[0], g.s.unitStance[0]]).toEqual([7, 11, 1]);
    expect(g.s.unitActiveFrom[0]).toBe(g.s.turn + 1);
    giveGold(g.s, 0, 20);
    expect(isLegal(g, Kind.Motivate, 0)).toBe(false); // one Royal Guard on the field at a time
    assertConserved(g);
  });

  it('for 2 gold more it is active at once', () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 0, club(5));
    giveCard(g.s, 0, club(13));
    g.s.costOfLiving = 2;
    act(g, Kind.MotivateNow, 0);
    act(g, Kind.SelectSquare, sq(g, 0, 0));
    expect(g.s.gold[0]).toBe(10 - 7);
    expect(g.s.unitActiveFrom[0]).toBe(g.s.turn);
  });

  it('strikes a golem first with Strength + 1; a surviving golem strikes back; a golem attacking a guard meets the same order', () => {
    const g = frontLine();
    putUnit(g, 0, 3, club(13), 4, 6);
    putUnit(g, 1, 0, heart(11), 3, 8);
    order(g, [0, 3], Kind.AttackUnit, [1, 0]);
    expect([g.s.unitHp[0], g.s.unitHp[1]]).toEqual([6 - 3, 8 - 5]);
    const h = frontLine();
    putUnit(h, 0, 3, spade(11), 6, 4);
    putUnit(h, 1, 0, club(13), 3, 5, { stance: 1 });
    order(h, [0, 3], Kind.AttackUnit, [1, 0]);
    expect(h.s.unitCard).toEqual([club(13)]); // the golem fell to the guard's first strike (3 + 1) and dealt nothing
    expect(h.s.unitHp[0]).toBe(5);
  });

  it('guard against guard: both deal their Strength at once (0.1.27b "Royal Guard vs. Royal Guard Combat")', () => {
    const g = frontLine();
    putUnit(g, 0, 3, club(13), 4, 6);
    putUnit(g, 1, 0, spade(13), 5, 4);
    order(g, [0, 3], Kind.AttackUnit, [1, 0]);
    expect(g.s.unitCard).toEqual([club(13)]);
    expect(g.s.unitHp[0]).toBe(1);
  });
});

describe('Last Call and unoccupied properties (0.1.27b "Breweries", "Property Investing")', () => {
  it('a Mead recalls your Royal Guard to your unoccupied Brewery, where it defends', () => {
    const g = frontLine();
    putProperty(g.s, g.rs, 0, 8, club(6));
    putSpecialised(g.s, g.rs, 0, 8, heart(3));
    putUnit(g, 0, 0, club(13), 4, 4, { field: 1 });
    expect(isLegal(g, Kind.LastCall, 8)).toBe(false); // no Mead
    g.s.mead[0] = 1;
    expect(isLegal(g, Kind.LastCall, 3)).toBe(false); // not a Brewery
    act(g, Kind.LastCall, 8);
    expect([g.s.unitPos[0], g.s.unitStance[0], g.s.mead[0]]).toEqual([key(g, 0, 8), 1, 0]);
    g.s.mead[0] = 1;
    expect(isLegal(g, Kind.LastCall, 8)).toBe(false); // now occupied
  });

  it('a property with a golem or Royal Guard on it cannot be invested in', () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 0, club(5));
    expect(isLegal(g, Kind.Invest, 0, 0)).toBe(true);
    putUnit(g, 0, 0, heart(11), 2, 2);
    expect(isLegal(g, Kind.Invest, 0, 0)).toBe(false);
  });
});

describe("D92, D93: the Kings' abilities, used once when played (0.1.22b each King)", () => {
  it('Stalwart Defender (Hearts): Cost of the Living -2, +3 Health until its next turn, and it neither moves nor attacks', () => {
    const g = frontLine();
    giveCard(g.s, 0, heart(13));
    g.s.costOfLiving = 4;
    act(g, Kind.MotivateNow, 0);
    act(g, Kind.SelectSquare, sq(g, 0, 3));
    order(g, [0, 3], Kind.UseAbility);
    expect(g.s.costOfLiving).toBe(2);
    expect(g.s.unitShield[0]).toBe(3);
    expect(isLegal(g, Kind.CommandUnit, sq(g, 0, 3), 0)).toBe(false);
    combatTurnStart(g.s, 0);
    expect([g.s.unitShield[0], g.s.unitFlags[0]]).toEqual([0, 0]);
  });

  it('Swift Executioner (Spades): Cost of the Living -1 and two attacks on the turn it is played', () => {
    const g = frontLine();
    giveCard(g.s, 0, spade(13));
    giveGold(g.s, 0, 10);
    g.s.costOfLiving = 3;
    act(g, Kind.MotivateNow, 0);
    nextDice(g.s, 1, 1, 6, 6);
    act(g, Kind.SelectSquare, sq(g, 0, 3));
    putUnit(g, 1, 0, heart(11), 1, 6);
    order(g, [0, 3], Kind.UseAbility);
    expect(g.s.costOfLiving).toBe(2);
    order(g, [0, 3], Kind.AttackUnit, [1, 0]); // Strength 2 + 1
    order(g, [0, 3], Kind.AttackUnit, [1, 0]);
    expect(g.s.unitCard).toEqual([spade(13)]);
    expect(isLegal(g, Kind.CommandUnit, sq(g, 0, 3), 0)).toBe(false);
  });

  it('Imposing Colossus (Clubs): Cost of the Living -2; until its next turn every enemy attack must target it', () => {
    const g = frontLine();
    putProperty(g.s, g.rs, 1, 4, club(8));
    giveCard(g.s, 1, club(13));
    putUnit(g, 0, 3, spade(11), 2, 5);
    g.s.decider = 1;
    g.s.order = [1, 2, 3, 0];
    g.s.costOfLiving = 3;
    act(g, Kind.Motivate, 0);
    act(g, Kind.SelectSquare, sq(g, 1, 4));
    order(g, [1, 4], Kind.UseAbility);
    expect(g.s.costOfLiving).toBe(1);
    expect(g.s.unitFlags[1] & UnitFlag.CenterOfAttention).toBeTruthy();
    g.s.order = [0, 1, 2, 3];
    g.s.decider = 0;
    act(g, Kind.CommandUnit, sq(g, 0, 3), 0);
    expect(isLegal(g, Kind.AttackProperty)).toBe(false);
    expect(isLegal(g, Kind.AttackUnit)).toBe(true);
    act(g, Kind.AttackUnit);
    expect(isLegal(g, Kind.SelectUnit, sq(g, 1, 4), 0)).toBe(true);
  });

  it('Grand Artificer (Diamonds) needs another friendly Royal Guard, so with one guard per player it is never usable', () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 0, club(5));
    putProperty(g.s, g.rs, 0, 1, club(6));
    giveCard(g.s, 0, diamond(13));
    act(g, Kind.MotivateNow, 0);
    act(g, Kind.SelectSquare, sq(g, 0, 0));
    act(g, Kind.CommandUnit, sq(g, 0, 0), 0);
    expect(isLegal(g, Kind.UseAbility)).toBe(false);
    expect(isLegal(g, Kind.Move)).toBe(true);
  });
});

describe('Units leave with their player, and the skirmish variant (docs/RULES.md D99)', () => {
  it("an eliminated player's units leave the board for the discard pile", () => {
    const g = frontLine();
    putUnit(g, 1, 0, heart(11), 2, 2);
    putUnit(g, 0, 3, spade(11), 2, 2);
    eliminate(g.s, g.rs, 1);
    expect(g.s.unitCard).toEqual([spade(11)]);
    assertConserved(g);
  });

  it('deals Club properties, golems, Kings and Souls to every player, and random play stays clean', () => {
    const rs = loadRuleset('skirmish');
    const s = createGame(rs, 4, 'sk');
    for (let p = 0; p < 4; p++) {
      const ranks = s.hands[p].map(rankOf).sort((a, b) => a - b);
      expect(ranks.filter((r) => r <= 10).length).toBe(3);
      expect(s.hands[p].filter((c) => rankOf(c) <= 10).every((c) => suitOf(c) === 0)).toBe(true);
      expect(ranks.filter((r) => r === 11 || r === 12).length).toBe(4);
      expect(ranks.filter((r) => r === 13).length).toBe(2);
      expect(s.held[p * 3 + SOULS]).toBe(5);
      expect([s.held[p * 3 + 1], s.held[p * 3 + 2]]).toEqual([4, 4]); // Elixir Oil, Essence Grain
    }
    const buf = new Int32Array(catalogue(rs).size);
    const r = seedRng('sk-play');
    let attacks = 0;
    for (let game = 0; game < 6 && attacks === 0; game++) {
      const x = createGame(rs, 4, `sk/${game}`);
      while (x.phase !== Phase.GameOver) {
        const a = buf[nextInt(r, legalActions(x, rs, buf))];
        if (catalogue(rs).kind[a] === Kind.AttackProperty || catalogue(rs).kind[a] === Kind.AttackUnit) attacks++;
        applyAction(x, rs, a);
        const v = checkConservation(x, rs);
        if (v.length) throw new Error(v.join('; '));
      }
    }
    expect(attacks).toBeGreaterThan(0);
  });
});
