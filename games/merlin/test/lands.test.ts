import { describe, expect, it } from 'vitest';
import { resolveRoll } from '../engine/dice.ts';
import { Kind } from '../engine/actions.ts';
import { Phase, TopKind } from '../engine/state.ts';
import { IllegalActionError } from '../../../lib/errors.ts';
import {
  act,
  assertConserved,
  club,
  diamond,
  game,
  giveCard,
  giveCommodity,
  isLegal,
  key,
  putLand,
  putProperty,
  snap,
  spade,
  putSpecialised,
  type Game,
} from './helpers.ts';

const SOULS = 0;
const OIL = 1;
const GRAIN = 2;

function diceFor(n: number): [number, number] {
  return n <= 6 ? [1, n - 1] : [n - 6, 6];
}

function held(g: Game, seat = 0): number[] {
  return g.s.held.slice(seat * 3, seat * 3 + 3);
}

describe('Land production by number (0.1.27b "Land Cards": 2,3,4 Souls; 5,6 Elixir Oil; 8,9,10 Essence Grain)', () => {
  const table: [number, number][] = [
    [2, SOULS],
    [3, SOULS],
    [4, SOULS],
    [5, OIL],
    [6, OIL],
    [8, GRAIN],
    [9, GRAIN],
    [10, GRAIN],
  ];
  for (const [n, c] of table) {
    it(`a Land numbered ${n} yields one ${['Soul', 'Elixir Oil', 'Essence Grain'][c]} from the supply on a ${n}`, () => {
      const g = game();
      g.s.wheelPos = 0; // Start of Summer
      putProperty(g.s, g.rs, 0, 0, club(n === 10 ? 9 : 10));
      putLand(g.s, g.rs, 0, 0, diamond(n));
      const supply = g.s.supply[c];
      const [d1, d2] = diceFor(n);
      resolveRoll(g.s, g.rs, d1, d2);
      const want = [0, 0, 0];
      want[c] = 1;
      expect(held(g)).toEqual(want);
      expect(g.s.supply[c]).toBe(supply - 1);
      assertConserved(g);
    });
  }

  it("a Land answers to its own number, not the property's beneath it", () => {
    const g = game();
    g.s.wheelPos = 0;
    putProperty(g.s, g.rs, 0, 0, club(5));
    putLand(g.s, g.rs, 0, 0, diamond(9));
    resolveRoll(g.s, g.rs, 1, 4); // 5: the property pays, the Land does not yield
    expect(held(g)).toEqual([0, 0, 0]);
    expect(g.s.gold[0]).toBe(12);
    resolveRoll(g.s, g.rs, 3, 6);
    expect(held(g)).toEqual([0, 0, 1]);
    assertConserved(g);
  });

  it("other players' Lands yield for them on the active player's roll", () => {
    const g = game();
    g.s.wheelPos = 0;
    putProperty(g.s, g.rs, 3, 0, club(5));
    putLand(g.s, g.rs, 3, 0, diamond(4));
    resolveRoll(g.s, g.rs, 1, 3);
    expect(held(g, 3)).toEqual([1, 0, 0]);
    expect(held(g, 0)).toEqual([0, 0, 0]);
    assertConserved(g);
  });

  it('the supply is finite: an empty supply yields nothing', () => {
    const g = game();
    g.s.wheelPos = 0;
    putProperty(g.s, g.rs, 0, 0, club(5));
    putLand(g.s, g.rs, 0, 0, diamond(4));
    g.s.held[1 * 3 + SOULS] += g.s.supply[SOULS];
    g.s.supply[SOULS] = 0;
    resolveRoll(g.s, g.rs, 1, 3);
    expect(held(g)[SOULS]).toBe(0);
    assertConserved(g);
  });
});

describe('Placing a Land (0.1.27b "Land Cards": "Placement")', () => {
  it('goes from the hand onto an unoccupied, un-invested property without a permit', () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 0, club(5));
    putProperty(g.s, g.rs, 0, 1, club(8));
    act(g, Kind.Invest, 1, 0);
    giveCard(g.s, 0, diamond(3));
    expect(isLegal(g, Kind.PlayCard, 0)).toBe(true);
    act(g, Kind.PlayCard, 0);
    expect(g.s.phase).toBe(Phase.SelectSlot);
    expect(isLegal(g, Kind.SelectSlot, 0)).toBe(true);
    expect(isLegal(g, Kind.SelectSlot, 1)).toBe(false); // invested
    expect(isLegal(g, Kind.SelectSlot, 2)).toBe(false); // empty
    const before = snap(g);
    expect(() => act(g, Kind.SelectSlot, 1)).toThrow(IllegalActionError);
    expect(snap(g)).toBe(before);
    act(g, Kind.SelectSlot, 0);
    expect(g.s.phase).toBe(Phase.Main);
    expect(g.s.slotTopKind[key(g, 0, 0)]).toBe(TopKind.Land);
    expect(g.s.slotTop[key(g, 0, 0)]).toBe(diamond(3));
    expect(g.s.hands[0]).toEqual([]);
    assertConserved(g);
  });

  it('cannot be played without a free property (Land or Spell Shop already on it, or none at all)', () => {
    const g = game();
    giveCard(g.s, 0, diamond(3));
    expect(isLegal(g, Kind.PlayCard, 0)).toBe(false);
    putProperty(g.s, g.rs, 0, 0, club(5));
    putLand(g.s, g.rs, 0, 0, diamond(9));
    putProperty(g.s, g.rs, 0, 1, club(6));
    putSpecialised(g.s, g.rs, 0, 1, spade(2));
    expect(isLegal(g, Kind.PlayCard, 0)).toBe(false);
    expect(() => act(g, Kind.PlayCard, 0)).toThrow(IllegalActionError);
    assertConserved(g);
  });

  it('a property with a Land can be invested in neither (0.1.27b "Investment Restriction")', () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 0, club(5));
    putLand(g.s, g.rs, 0, 0, diamond(9));
    expect(isLegal(g, Kind.Invest, 0, 0)).toBe(false);
    assertConserved(g);
  });
});

describe('Planting doubles Souls and Essence Grain, not Elixir Oil (0.1.27b "Planting Commodities")', () => {
  it('a planted Souls Land yields two Souls; the planted Soul stays planted and is not doubled', () => {
    const g = game();
    g.s.wheelPos = 0;
    putProperty(g.s, g.rs, 0, 0, club(8));
    putLand(g.s, g.rs, 0, 0, diamond(2));
    giveCommodity(g.s, 0, SOULS, 1);
    act(g, Kind.Plant, 0);
    expect(held(g)[SOULS]).toBe(0);
    expect(g.s.slotPlanted[key(g, 0, 0)]).toBe(1);
    resolveRoll(g.s, g.rs, 1, 1);
    expect(held(g)[SOULS]).toBe(2);
    expect(g.s.slotPlanted[key(g, 0, 0)]).toBe(1);
    assertConserved(g);
  });

  it('a planted Grain Land yields two Essence Grain', () => {
    const g = game();
    g.s.wheelPos = 0;
    putProperty(g.s, g.rs, 0, 0, club(5));
    putLand(g.s, g.rs, 0, 0, diamond(10));
    giveCommodity(g.s, 0, GRAIN, 3);
    act(g, Kind.Plant, 0);
    resolveRoll(g.s, g.rs, 4, 6);
    expect(held(g)[GRAIN]).toBe(2 + 2);
    assertConserved(g);
  });

  it('a planted Land in spring yields four', () => {
    const g = game();
    g.s.wheelPos = 3; // Spring
    putProperty(g.s, g.rs, 0, 0, club(5));
    putLand(g.s, g.rs, 0, 0, diamond(8));
    giveCommodity(g.s, 0, GRAIN, 1);
    act(g, Kind.Plant, 0);
    resolveRoll(g.s, g.rs, 2, 6);
    expect(held(g)[GRAIN]).toBe(4);
    assertConserved(g);
  });

  it('Elixir Oil cannot be planted', () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 0, club(8));
    putLand(g.s, g.rs, 0, 0, diamond(5));
    giveCommodity(g.s, 0, OIL, 2);
    expect(isLegal(g, Kind.Plant, 0)).toBe(false);
    expect(() => act(g, Kind.Plant, 0)).toThrow(IllegalActionError);
    resolveRoll(g.s, g.rs, 1, 4);
    expect(held(g)[OIL]).toBe(3);
    assertConserved(g);
  });

  it("planting needs a unit of the Land's own commodity, and one unit at a time", () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 0, club(8));
    putLand(g.s, g.rs, 0, 0, diamond(3));
    giveCommodity(g.s, 0, GRAIN, 2);
    expect(isLegal(g, Kind.Plant, 0)).toBe(false);
    giveCommodity(g.s, 0, SOULS, 2);
    act(g, Kind.Plant, 0);
    expect(isLegal(g, Kind.Plant, 0)).toBe(false);
    expect(g.s.slotPlanted[key(g, 0, 0)]).toBe(1);
    expect(isLegal(g, Kind.Plant, 1)).toBe(false); // not a Land
    assertConserved(g);
  });

  it('the planted unit can be taken back (project reading, lands.ts docstring)', () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 0, club(8));
    putLand(g.s, g.rs, 0, 0, diamond(3));
    giveCommodity(g.s, 0, SOULS, 1);
    expect(isLegal(g, Kind.Unplant, 0)).toBe(false);
    act(g, Kind.Plant, 0);
    act(g, Kind.Unplant, 0);
    expect(held(g)[SOULS]).toBe(1);
    expect(g.s.slotPlanted[key(g, 0, 0)]).toBe(0);
    assertConserved(g);
  });
});
