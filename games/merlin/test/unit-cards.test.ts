import { describe, expect, it } from 'vitest';
import { Kind } from '../engine/actions.ts';
import { HAND_POTION, Pending, Phase, UnitFlag } from '../engine/state.ts';
import { combatTurnStart } from '../engine/combat.ts';
import { createObservationEncoder } from '../env/observation.ts';
import {
  act,
  activeTurn,
  assertConserved,
  club,
  diamond,
  frontLine,
  game,
  giveCommodity,
  givePotion,
  giveSpell,
  heart,
  isLegal,
  key,
  nextDice,
  putLab,
  putProperty,
  putSpecialised,
  putUnit,
  spade,
  sq,
  variant,
} from './helpers.ts';

describe('Spells on units (D138)', () => {
  it("Stone Sleep: pick an opponent's unit (only those are unmasked); it cannot act or defend for 4 turns", () => {
    const g = frontLine();
    const mine = putUnit(g, 0, 3, spade(11), 3, 3);
    const theirs = putUnit(g, 1, 0, heart(11), 2, 4, { stance: 1 });
    giveSpell(g, 0, 'stone-sleep');
    act(g, Kind.PlayCard, 0);
    expect([g.s.phase, g.s.pending]).toEqual([Phase.SelectUnit, Pending.SpellTargetUnit]);
    expect(isLegal(g, Kind.SelectUnit, sq(g, 0, 3), 0)).toBe(false);
    expect(isLegal(g, Kind.SelectUnit, sq(g, 1, 0), 0)).toBe(true);
    act(g, Kind.SelectUnit, sq(g, 1, 0), 0);
    expect(g.s.phase).toBe(Phase.Main);
    expect(g.s.hands[0]).toEqual([]);
    expect(g.s.unitActiveFrom[theirs]).toBe(g.s.turn + 4);
    expect(g.s.unitStance[theirs]).toBe(0);
    expect(g.s.unitFlags[theirs] & UnitFlag.Dormant).toBeTruthy();
    expect(g.s.unitActiveFrom[mine]).toBe(0);
    // public: both players see it asleep, 4 turns of 8 left (observation segment combat.units2, D138)
    const enc = createObservationEncoder(g.rs);
    const seg = enc.spec.segments.find((x) => x.name === 'combat.units2')!;
    const LV = g.rs.data.combat.stackMax;
    for (const seat of [0, 1]) {
      const out = new Float32Array(enc.spec.size);
      enc.observe(g.s, seat, out);
      expect(out[seg.offset + (sq(g, 1, 0, seat) * LV + 0) * 5 + 3]).toBeCloseTo(0.5);
    }
    activeTurn(g, 1);
    combatTurnStart(g.s, 1);
    expect(g.s.unitFlags[theirs] & UnitFlag.Dormant).toBeTruthy(); // still asleep: stays Dormant
    expect(isLegal(g, Kind.CommandUnit, sq(g, 1, 0), 0)).toBe(false);
    g.s.turn += 3;
    combatTurnStart(g.s, 1);
    expect(g.s.unitFlags[theirs] & UnitFlag.Dormant).toBe(0);
    expect(isLegal(g, Kind.CommandUnit, sq(g, 1, 0), 0)).toBe(true);
    assertConserved(g);
  });

  it("Rust Hex: the unit's Attack Power falls by 1 (never below 0); with no opponent unit the spell cannot be cast", () => {
    const g = frontLine();
    giveSpell(g, 0, 'rust-hex');
    expect(isLegal(g, Kind.PlayCard, 0)).toBe(false);
    const theirs = putUnit(g, 1, 0, club(12), 1, 4);
    act(g, Kind.PlayCard, 0);
    act(g, Kind.SelectUnit, sq(g, 1, 0), 0);
    expect(g.s.unitAtk[theirs]).toBe(0);
    expect(g.s.spellTargeted[0 * g.s.numPlayers + 1]).toBe(1); // the pair has targeted each other (the robbery roll, D62)
    assertConserved(g);
  });
});

describe('Potions on units (D138)', () => {
  it('Clay Tonic: for a Soul, one of your own units gains 2 Hit Points at once', () => {
    const g = frontLine();
    const mine = putUnit(g, 0, 3, spade(11), 3, 3);
    putUnit(g, 1, 0, heart(11), 2, 4);
    givePotion(g, 0, 'clay-tonic');
    expect(isLegal(g, Kind.PlayCard, 0)).toBe(false); // no Soul
    giveCommodity(g.s, 0, 0, 1);
    act(g, Kind.PlayCard, 0);
    expect(g.s.pending).toBe(Pending.PotionTargetUnit);
    expect(isLegal(g, Kind.SelectUnit, sq(g, 1, 0), 0)).toBe(false); // not an opponent's
    act(g, Kind.SelectUnit, sq(g, 0, 3), 0);
    expect(g.s.unitHp[mine]).toBe(5);
    expect(g.s.held[0]).toBe(0);
    expect(g.s.potionCard).toEqual([]);
    assertConserved(g);
  });

  it("Golem's Better Nature: under your Spell Shop, the first enemy golem to attack it is deactivated and its attack called off", () => {
    const g = frontLine();
    putLab(g.s, g.rs, 1, 1, spade(3));
    putSpecialised(g.s, g.rs, 1, 0, spade(4));
    const inst = givePotion(g, 1, 'golems-better-nature');
    giveCommodity(g.s, 1, 0, 1);
    giveCommodity(g.s, 1, 1, 1);
    activeTurn(g, 1);
    expect(isLegal(g, Kind.PlayCard, 0)).toBe(true);
    act(g, Kind.PlayCard, 0);
    expect(isLegal(g, Kind.SelectSlot, 1)).toBe(false); // a lab is not a Spell Shop or Brewery
    act(g, Kind.SelectSlot, 0);
    expect(g.s.potionCard).toEqual([inst]);
    expect(g.s.potionSlot).toEqual([key(g, 1, 0)]);
    activeTurn(g, 0);
    const attacker = putUnit(g, 0, 3, spade(11), 5, 3);
    act(g, Kind.CommandUnit, sq(g, 0, 3), 0);
    act(g, Kind.AttackProperty);
    act(g, Kind.SelectSquare, sq(g, 1, 0));
    expect(g.s.slotHits[key(g, 1, 0)]).toBe(0);
    expect(g.s.unitActiveFrom[attacker]).toBe(g.s.turn + 4);
    expect(g.s.unitActed[attacker]).toBe(g.s.turn);
    expect(g.s.potionCard).toEqual([]);
    expect(g.s.hands[1]).not.toContain(HAND_POTION + inst);
    assertConserved(g);
  });
});

describe("The Grand Artificer's Fortify Will (0.1.22b; D139)", () => {
  it('UseAbilityAlt gives another friendly guard +3 to resist spells: a spell aimed at it fails on d6 + 3 >= 7', () => {
    const rs = variant((d) => {
      d.combat.guardsOnField = 2;
    });
    const g = game({ ruleset: rs });
    putProperty(g.s, g.rs, 0, 3, club(2));
    putProperty(g.s, g.rs, 0, 2, club(3));
    putProperty(g.s, g.rs, 1, 0, club(5));
    const art = putUnit(g, 0, 2, diamond(13), 4, 6, { stance: 1 });
    const other = putUnit(g, 0, 3, heart(13), 5, 7, { stance: 1 });
    g.s.unitFlags[art] |= UnitFlag.AbilityReady;
    const col = g.s.costOfLiving;
    act(g, Kind.CommandUnit, sq(g, 0, 2), 0);
    expect(isLegal(g, Kind.UseAbility)).toBe(true); // Reinforce Armor
    act(g, Kind.UseAbilityAlt);
    expect(g.s.unitFlags[other] & UnitFlag.FortifiedWill).toBeTruthy();
    expect(g.s.unitHp[other]).toBe(7);
    expect(g.s.costOfLiving).toBe(Math.max(col - 1, g.rs.data.floors.costOfLiving));
    combatTurnStart(g.s, 0);
    expect(g.s.unitFlags[other] & UnitFlag.FortifiedWill).toBeTruthy(); // it lasts

    activeTurn(g, 1);
    giveSpell(g, 1, 'rust-hex');
    giveSpell(g, 1, 'rust-hex');
    nextDice(g.s, 4);
    act(g, Kind.PlayCard, 0);
    act(g, Kind.SelectUnit, sq(g, 0, 3), 0);
    expect(g.s.unitAtk[other]).toBe(5); // 4 + 3 = 7: resisted
    nextDice(g.s, 3);
    act(g, Kind.PlayCard, 0);
    act(g, Kind.SelectUnit, sq(g, 0, 3), 0);
    expect(g.s.unitAtk[other]).toBe(4); // 3 + 3 = 6: the spell takes hold
    assertConserved(g);
  });

  it('UseAbilityThird is Sharpen Blades: +2 Strength to the other guard, once, only for the Grand Artificer', () => {
    const rs = variant((d) => {
      d.combat.guardsOnField = 2;
    });
    const g = game({ ruleset: rs });
    putProperty(g.s, g.rs, 0, 3, club(2));
    putProperty(g.s, g.rs, 0, 2, club(3));
    const art = putUnit(g, 0, 2, diamond(13), 4, 6, { stance: 1 });
    const other = putUnit(g, 0, 3, spade(13), 5, 7, { stance: 1 });
    g.s.unitFlags[other] |= UnitFlag.AbilityReady;
    act(g, Kind.CommandUnit, sq(g, 0, 3), 0);
    expect(isLegal(g, Kind.UseAbilityThird)).toBe(false); // the Swift Executioner has no third option
    act(g, Kind.UseAbility);
    g.s.unitFlags[art] |= UnitFlag.AbilityReady;
    const col = g.s.costOfLiving;
    act(g, Kind.CommandUnit, sq(g, 0, 2), 0);
    expect(isLegal(g, Kind.UseAbilityThird)).toBe(true);
    act(g, Kind.UseAbilityThird);
    expect(g.s.unitAtk[other]).toBe(7);
    expect(g.s.unitHp[other]).toBe(7);
    expect(g.s.unitFlags[other] & UnitFlag.FortifiedWill).toBeFalsy();
    expect(g.s.costOfLiving).toBe(Math.max(col - 1, g.rs.data.floors.costOfLiving));
    expect(g.s.unitFlags[art] & UnitFlag.AbilityReady).toBeFalsy(); // once
    assertConserved(g);
  });
});
