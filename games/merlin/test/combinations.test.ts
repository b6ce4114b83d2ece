import { describe, expect, it } from 'vitest';
import { Kind } from '../engine/actions.ts';
import { Pending, Phase, UnitFlag } from '../engine/state.ts';
import { ward } from '../engine/combat.ts';
import { checkLandSpot } from '../engine/lands.ts';
import {
  act,
  assertConserved,
  club,
  diamond,
  frontLine,
  game,
  giveCard,
  giveCommodity,
  heart,
  isLegal,
  key,
  putLand,
  putProperty,
  putUnit,
  spade,
  sq,
  type Game,
} from './helpers.ts';

const SOULS = 0;
const OIL = 1;
const GRAIN = 2;

/** The front line (seat 0's slot 3 touches seat 1's slot 0) with seat 0's slot 2 and seat 1's slot 4 behind it. */
function front(): Game {
  const g = frontLine();
  putProperty(g.s, g.rs, 0, 2, club(3));
  putProperty(g.s, g.rs, 1, 4, club(6));
  return g;
}

/** Seat 1 acts (the scenarios' defending side). */
function seat1(g: Game): void {
  g.s.decider = 1;
  g.s.order = [1, 2, 3, 0];
}

function seat0(g: Game): void {
  g.s.decider = 0;
  g.s.order = [0, 1, 2, 3];
}

describe('Combination attacks (0.1.22b "Combination Attacks"; D136)', () => {
  it("Impetuous Bombardment: the Overly Eager Sentinel throws the Artillerist's bomb, +1 damage, for 1 Soul and 1 Essence Grain more", () => {
    const g = front();
    const art = putUnit(g, 0, 3, diamond(12), 2, 4);
    const jack = putUnit(g, 0, 2, club(11), 1, 3);
    putUnit(g, 1, 0, heart(11), 1, 9);
    giveCommodity(g.s, 0, GRAIN, 3);
    g.s.die1 = 2;
    g.s.die2 = 3;
    act(g, Kind.CommandUnit, sq(g, 0, 3), 0);
    expect(isLegal(g, Kind.Combine)).toBe(false); // no Soul for the combination
    g.s.phase = Phase.Main;
    g.s.cmdUnit = -1;
    giveCommodity(g.s, 0, SOULS, 1);
    act(g, Kind.CommandUnit, sq(g, 0, 3), 0);
    expect(isLegal(g, Kind.Combine)).toBe(true);
    act(g, Kind.Combine);
    expect([g.s.phase, g.s.pending]).toEqual([Phase.SelectUnit, Pending.ComboPartner]);
    expect(isLegal(g, Kind.SelectUnit, sq(g, 1, 0), 0)).toBe(false); // an enemy is no partner
    expect(isLegal(g, Kind.SelectUnit, sq(g, 0, 3), 0)).toBe(false); // nor is she
    act(g, Kind.SelectUnit, sq(g, 0, 2), 0);
    expect(g.s.phase).toBe(Phase.Main);
    expect(g.s.unitHp[2]).toBe(5); // 3 + 1 damage
    expect(g.s.slotHits[key(g, 1, 0)]).toBe(1);
    expect([g.s.held[SOULS], g.s.held[GRAIN]]).toEqual([0, 0]);
    expect([g.s.unitActed[art], g.s.unitActed[jack]]).toEqual([g.s.turn, g.s.turn]);
    assertConserved(g);
  });

  it('needs the partner Jack stacked or adjacent, and (for the bomb) not yet acted', () => {
    const g = front();
    putProperty(g.s, g.rs, 0, 15, club(4));
    putUnit(g, 0, 3, diamond(12), 2, 4);
    const jack = putUnit(g, 0, 15, club(11), 1, 3);
    putUnit(g, 1, 0, heart(11), 1, 9);
    giveCommodity(g.s, 0, GRAIN, 3);
    giveCommodity(g.s, 0, SOULS, 1);
    g.s.die1 = 2;
    g.s.die2 = 3;
    act(g, Kind.CommandUnit, sq(g, 0, 3), 0);
    expect(isLegal(g, Kind.Combine)).toBe(false); // too far
    expect(isLegal(g, Kind.UseAbility)).toBe(true);
    g.s.unitPos[jack] = key(g, 0, 3);
    g.s.unitActed[jack] = g.s.turn;
    expect(isLegal(g, Kind.Combine)).toBe(false); // stacked, but it has acted
    g.s.unitActed[jack] = -1;
    expect(isLegal(g, Kind.Combine)).toBe(true);
  });

  it("Coordinated Defense: the Sovereign's Aegis also takes the next golem attack on her and on the Harmonious Sentinel, which keeps its action", () => {
    const g = front();
    const sov = putUnit(g, 1, 4, club(12), 1, 8);
    const harm = putUnit(g, 1, 0, spade(11), 2, 2);
    const a1 = putUnit(g, 0, 3, spade(11) + 54, 3, 9); // (a second deck's copy)
    const a2 = putUnit(g, 0, 3, club(11), 4, 9);
    giveCommodity(g.s, 1, OIL, 3);
    giveCommodity(g.s, 1, SOULS, 1);
    seat1(g);
    g.s.die1 = 1;
    g.s.die2 = 2;
    act(g, Kind.CommandUnit, sq(g, 1, 4), 0);
    act(g, Kind.Combine);
    act(g, Kind.SelectUnit, sq(g, 1, 0), 0);
    expect([g.s.held[3], g.s.held[4]]).toEqual([0, 0]);
    expect(g.s.unitFlags[sov] & UnitFlag.Aegis1).toBeTruthy();
    expect(g.s.unitFlags[sov] & UnitFlag.Guarded).toBeTruthy();
    expect(g.s.unitFlags[harm] & UnitFlag.Guarded).toBeTruthy();
    expect(g.s.unitActed[harm]).not.toBe(g.s.turn); // it may still strike
    seat0(g);
    act(g, Kind.CommandUnit, sq(g, 0, 3), 0);
    act(g, Kind.AttackUnit);
    act(g, Kind.SelectUnit, sq(g, 1, 0), 0); // aimed at the Sentinel, the Sovereign intercepts and her Aegis takes it
    expect([g.s.unitHp[sov], g.s.unitHp[harm], g.s.unitHp[a1]]).toEqual([8, 2, 8]);
    act(g, Kind.CommandUnit, sq(g, 0, 3), 1);
    act(g, Kind.AttackUnit);
    act(g, Kind.SelectUnit, sq(g, 1, 0), 0); // no interception left: the Sentinel's own guard takes it
    expect([g.s.unitHp[harm], g.s.unitHp[a2]]).toEqual([2, 7]);
    expect(g.s.unitFlags[harm] & UnitFlag.Guarded).toBe(0);
    assertConserved(g);
  });

  it('Inspiring Bulwark: the Royal Boon gives every friendly golem +1 Hit Point and the Stalwart Sentinel heals its card', () => {
    const g = front();
    putProperty(g.s, g.rs, 0, 12, club(7 + 1));
    putLand(g.s, g.rs, 0, 3, diamond(2));
    g.s.slotHits[key(g, 0, 3)] = 1;
    const liege = putUnit(g, 0, 2, heart(12), 2, 3);
    putUnit(g, 0, 3, heart(11), 1, 2, { stance: 1 });
    const far = putUnit(g, 0, 12, spade(12), 3, 3);
    giveCommodity(g.s, 0, SOULS, 2);
    giveCommodity(g.s, 0, GRAIN, 2);
    giveCommodity(g.s, 0, OIL, 1);
    g.s.die1 = 2;
    g.s.die2 = 3;
    expect(ward(g.s, g.rs, far)).toBe(0);
    act(g, Kind.CommandUnit, sq(g, 0, 2), 0);
    act(g, Kind.Combine);
    act(g, Kind.SelectUnit, sq(g, 0, 3), 0);
    expect([g.s.held[0], g.s.held[1], g.s.held[2]]).toEqual([0, 0, 0]);
    expect(g.s.unitFlags[liege] & UnitFlag.Boon).toBeTruthy();
    expect(ward(g.s, g.rs, far)).toBe(1); // out of her aura, still +1 Hit Point
    expect(g.s.slotHits[key(g, 0, 3)]).toBe(0);
    giveCard(g.s, 0, club(11));
    giveCommodity(g.s, 0, SOULS, 1);
    act(g, Kind.Animate, 0);
    act(g, Kind.SelectSquare, sq(g, 0, 12));
    expect(ward(g.s, g.rs, far)).toBe(0); // it ends with the boon
    assertConserved(g);
  });
});

describe('A Land goes only on an unoccupied property (0.1.14a "Diamonds"; RULES.md 2.9)', () => {
  it('a property with a golem or a Royal Guard on it takes no Land', () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 0, club(5));
    expect(checkLandSpot(g.s, g.rs, 0, 0)).toBeNull();
    putUnit(g, 0, 0, heart(11), 1, 1);
    expect(checkLandSpot(g.s, g.rs, 0, 0)).toMatch(/unoccupied/);
  });
});
