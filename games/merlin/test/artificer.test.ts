import { describe, expect, it } from 'vitest';
import { Kind } from '../engine/actions.ts';
import { Pending, Phase, UnitFlag } from '../engine/state.ts';
import { checkConservation } from '../engine/invariants.ts';
import { resampleHidden } from '../env/hidden.ts';
import { createObservationEncoder } from '../env/observation.ts';
import {
  act,
  assertConserved,
  club,
  diamond,
  frontLine,
  giveCard,
  giveCommodity,
  heart,
  isLegal,
  putProperty,
  putUnit,
  spade,
  sq,
  type Game,
} from './helpers.ts';

const SOULS = 0;
const GRAIN = 2;

/** Seat 0: the Tactical Artificer on slot 3 and a Jack of Hearts on slot 2; 2 Souls. */
function artificer(): Game {
  const g = frontLine();
  putProperty(g.s, g.rs, 0, 2, club(3));
  putUnit(g, 0, 3, spade(12), 2, 3);
  putUnit(g, 0, 2, heart(11), 1, 4);
  giveCommodity(g.s, 0, SOULS, 2);
  g.s.die1 = 2;
  g.s.die2 = 3;
  return g;
}

describe("The Tactical Artificer's alternative (0.1.22b 'The Tactical Artificer'; D140)", () => {
  it("for 2 Souls she discards a friendly golem and draws a random card from the chosen opponent's hand", () => {
    const g = artificer();
    giveCard(g.s, 2, club(9));
    act(g, Kind.CommandUnit, sq(g, 0, 3), 0);
    expect(isLegal(g, Kind.UseAbilityAlt)).toBe(true);
    act(g, Kind.UseAbilityAlt);
    expect([g.s.phase, g.s.pending]).toEqual([Phase.SelectUnit, Pending.DismissGolem]);
    expect(isLegal(g, Kind.SelectUnit, sq(g, 0, 3), 0)).toBe(false); // not herself
    act(g, Kind.SelectUnit, sq(g, 0, 2), 0);
    expect([g.s.phase, g.s.pending]).toEqual([Phase.SelectPlayer, Pending.RaidHand]);
    expect(isLegal(g, Kind.SelectPlayer, 1)).toBe(false); // seat 1's hand is empty
    expect(isLegal(g, Kind.SelectPlayer, 2)).toBe(true);
    act(g, Kind.SelectPlayer, 2);
    expect(g.s.phase).toBe(Phase.Main);
    expect(g.s.hands[0]).toEqual([club(9)]);
    expect(g.s.handOrigin[0]).toEqual([-1]);
    expect(g.s.hands[2]).toEqual([]);
    expect(g.s.unitCard).toEqual([spade(12)]);
    expect(g.s.discard).toContain(heart(11));
    expect(g.s.held[SOULS]).toBe(0);
    expect(g.s.unitActed[0]).toBe(g.s.turn);
    assertConserved(g);
  });

  it('is closed without an opponent holding a card, or with a full hand', () => {
    const g = artificer();
    act(g, Kind.CommandUnit, sq(g, 0, 3), 0);
    expect(isLegal(g, Kind.UseAbilityAlt)).toBe(false);
    expect(isLegal(g, Kind.UseAbility)).toBe(true); // Transmute Golem itself
    giveCard(g.s, 1, club(9));
    expect(isLegal(g, Kind.UseAbilityAlt)).toBe(true);
    for (let i = 0; i < g.rs.data.table.handSize; i++) (g.s.hands[0].push(club(4)), g.s.handOrigin[0].push(-1));
    expect(isLegal(g, Kind.UseAbilityAlt)).toBe(false);
  });

  it('counts the cards bought this turn toward the full hand (D37), so a raid never takes a hand past the limit', () => {
    const g = artificer();
    giveCard(g.s, 1, club(9));
    act(g, Kind.CommandUnit, sq(g, 0, 3), 0);
    for (let i = 0; i < g.rs.data.table.handSize - 2; i++) (g.s.hands[0].push(club(4)), g.s.handOrigin[0].push(-1));
    g.s.newCards[0].push(club(5));
    expect(isLegal(g, Kind.UseAbilityAlt)).toBe(true); // one place left
    g.s.newCards[0].push(club(6));
    // Full with the two cards bought this turn: past the limit, the hand's action ids would run into the next
    // kind's (a 17th card's Animate is the first card's Motivate).
    expect(isLegal(g, Kind.UseAbilityAlt)).toBe(false);
  });

  it('the drawn card is hidden: only its new owner sees it, and resampling for anyone else stays consistent', () => {
    const g = artificer();
    giveCard(g.s, 1, diamond(9));
    giveCard(g.s, 1, club(10));
    act(g, Kind.CommandUnit, sq(g, 0, 3), 0);
    act(g, Kind.UseAbilityAlt);
    act(g, Kind.SelectUnit, sq(g, 0, 2), 0);
    act(g, Kind.SelectPlayer, 1);
    const stolen = g.s.hands[0][0];
    expect([diamond(9), club(10)]).toContain(stolen);
    const enc = createObservationEncoder(g.rs);
    const seg = (name: string) => enc.spec.segments.find((x) => x.name === name)!;
    const other = g.s.hands[1][0];
    // swap which card was stolen: the thief's observation changes, a third player's does not
    const swapped = structuredClone(g.s);
    swapped.hands[0][0] = other;
    swapped.hands[1][0] = stolen;
    const view = (st: typeof g.s, seat: number) => {
      const out = new Float32Array(enc.spec.size);
      enc.observe(st, seat, out);
      return Array.from(out);
    };
    expect(view(swapped, 0)).not.toEqual(view(g.s, 0));
    expect(view(swapped, 2)).toEqual(view(g.s, 2));
    expect(seg('combat.units2')).toBeDefined();
    for (const seat of [1, 2, 3]) {
      const t = resampleHidden(g.rs, g.s, 'raid', seat);
      expect(t.hands.map((h) => h.length)).toEqual(g.s.hands.map((h) => h.length));
      expect(checkConservation(t, g.rs)).toEqual([]);
    }
    expect(resampleHidden(g.rs, g.s, 'raid', 0).hands[0]).toEqual([stolen]); // its owner knows it
  });
});

describe("The transmuted golem's surcharge (0.1.22b 'The Tactical Artificer'; D140)", () => {
  it('the golem that took the power is flagged and pays one more of its primary resource for each ability use', () => {
    const g = frontLine();
    putProperty(g.s, g.rs, 0, 2, club(3));
    putUnit(g, 0, 2, spade(12), 2, 3);
    putUnit(g, 0, 3, club(11), 1, 1);
    const art = putUnit(g, 0, 3, diamond(12), 2, 2); // the Explosive Artillerist: Essence Grain
    putUnit(g, 1, 0, heart(11), 1, 9);
    giveCommodity(g.s, 0, SOULS, 2);
    g.s.die1 = 2;
    g.s.die2 = 3;
    act(g, Kind.CommandUnit, sq(g, 0, 2), 0);
    act(g, Kind.UseAbility);
    act(g, Kind.SelectUnit, sq(g, 0, 3), 0); // dismantle the Jack of Clubs
    act(g, Kind.SelectUnit, sq(g, 0, 3), 1); // into the Artillerist stacked with it
    const q = g.s.unitCard.indexOf(diamond(12));
    expect(q).toBe(art - 1);
    expect([g.s.unitAtk[q], g.s.unitHp[q]]).toEqual([3, 3]);
    expect(g.s.unitFlags[q] & UnitFlag.Transmuted).toBeTruthy();
    giveCommodity(g.s, 0, GRAIN, 2); // the bomb's cost, not the surcharge
    act(g, Kind.CommandUnit, sq(g, 0, 3), 0);
    expect(isLegal(g, Kind.UseAbility)).toBe(false);
    giveCommodity(g.s, 0, GRAIN, 1);
    expect(isLegal(g, Kind.UseAbility)).toBe(true);
    act(g, Kind.UseAbility);
    expect(g.s.held[GRAIN]).toBe(0);
    expect(g.s.unitHp[g.s.unitCard.indexOf(heart(11))]).toBe(6); // the bomb: 3 damage
    assertConserved(g);
  });
});
