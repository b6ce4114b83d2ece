import { describe, expect, it } from 'vitest';
import { resolveRoll } from '../engine/dice.ts';
import { Kind } from '../engine/actions.ts';
import {
  act,
  assertConserved,
  classic,
  club,
  diamond,
  game as defaultGame,
  putLand,
  putProperty,
  stackDeck,
  type Game,
} from './helpers.ts';
import { currentPortion } from '../engine/kernel/phase.ts';

/** These scenarios pin the 12-month wheel (D4's previous reading, ruleset `classic`); the 4-season default is tested at the end. */
const game = (o: Parameters<typeof defaultGame>[0] = {}) => defaultGame({ ruleset: classic(), ...o });

const SOULS = 0;
const OIL = 1;
const GRAIN = 2;

/** Seat 0 owns a Souls Land (3), an Oil Land (5) and a Grain Land (9), each on a property numbered 6/8/10. */
function farm(g: Game = game()): Game {
  putProperty(g.s, g.rs, 0, 0, club(6));
  putLand(g.s, g.rs, 0, 0, diamond(3));
  putProperty(g.s, g.rs, 0, 1, club(8));
  putLand(g.s, g.rs, 0, 1, diamond(5));
  putProperty(g.s, g.rs, 0, 2, club(10));
  putLand(g.s, g.rs, 0, 2, diamond(9));
  return g;
}

function held(g: Game, seat = 0): number[] {
  return g.s.held.slice(seat * 3, seat * 3 + 3);
}

describe('Doubles advance the Season Wheel (0.1.27b "The Dice of Destiny": "Seasonal Shifts")', () => {
  it('doubles advance the wheel one portion (a month); other rolls do not', () => {
    const g = game();
    g.s.wheelPos = 0;
    g.s.months = 0;
    resolveRoll(g.s, g.rs, 2, 3);
    expect(g.s.wheelPos).toBe(0);
    resolveRoll(g.s, g.rs, 4, 4);
    expect(g.s.wheelPos).toBe(1);
    expect(currentPortion(g.s, g.rs).label).toBe('Midsummer');
    expect(g.s.months).toBe(1);
    resolveRoll(g.s, g.rs, 3, 3);
    expect(g.s.wheelPos).toBe(2);
    expect(g.s.months).toBe(2);
    assertConserved(g);
  });

  it('the wheel has four seasons of three portions; passing End of Spring starts a new year at Start of Summer', () => {
    const g = game();
    const seasons = g.rs.wheels[0].map((p) => p.season);
    expect(seasons).toEqual([
      'summer',
      'summer',
      'summer',
      'autumn',
      'autumn',
      'autumn',
      'winter',
      'winter',
      'winter',
      'spring',
      'spring',
      'spring',
    ]);
    g.s.wheelPos = 11;
    g.s.year = 1;
    resolveRoll(g.s, g.rs, 5, 5);
    expect(g.s.wheelPos).toBe(0);
    expect(g.s.year).toBe(2);
    assertConserved(g);
  });

  it('twelve doubles make a full year', () => {
    const g = game();
    g.s.wheelPos = 0;
    g.s.months = 0;
    for (let i = 0; i < 12; i++) resolveRoll(g.s, g.rs, 1 + (i % 6), 1 + (i % 6));
    expect(g.s.wheelPos).toBe(0);
    expect(g.s.year).toBe(2);
    expect(g.s.months).toBe(12);
    assertConserved(g);
  });

  it('entering Start of Spring opens tax season (0.1.14a "Taxes": every spring)', () => {
    const g = game();
    g.s.wheelPos = 7;
    expect(resolveRoll(g.s, g.rs, 2, 2)).toBe(false); // into End of Winter
    expect(resolveRoll(g.s, g.rs, 2, 2)).toBe(true); // into Start of Spring
    expect(currentPortion(g.s, g.rs).label).toBe('Start of Spring');
    expect(resolveRoll(g.s, g.rs, 2, 2)).toBe(false); // Mid-Spring: no second tax
    assertConserved(g);
  });
});

describe('Seasons change Souls and Essence Grain, not Elixir Oil (0.1.27b "The Dice of Destiny"; 0.1.14a "Season Wheel")', () => {
  it('summer: one unit of each', () => {
    const g = farm();
    g.s.wheelPos = 1;
    resolveRoll(g.s, g.rs, 1, 2);
    resolveRoll(g.s, g.rs, 1, 4);
    resolveRoll(g.s, g.rs, 3, 6);
    expect(held(g)).toEqual([1, 1, 1]);
    assertConserved(g);
  });

  it('winter: no Souls nor Essence Grain, Elixir Oil as usual', () => {
    const g = farm();
    for (const pos of [6, 7, 8]) {
      g.s.wheelPos = pos;
      resolveRoll(g.s, g.rs, 1, 2);
      resolveRoll(g.s, g.rs, 1, 4);
      resolveRoll(g.s, g.rs, 3, 6);
    }
    expect(held(g)).toEqual([0, 3, 0]);
    assertConserved(g);
  });

  it('spring: double Souls and Essence Grain, Elixir Oil single', () => {
    const g = farm();
    g.s.wheelPos = 10;
    resolveRoll(g.s, g.rs, 1, 2);
    resolveRoll(g.s, g.rs, 1, 4);
    resolveRoll(g.s, g.rs, 3, 6);
    expect(held(g)).toEqual([2, 1, 2]);
    assertConserved(g);
  });

  it('autumn: double Souls and Essence Grain, Elixir Oil single', () => {
    const g = farm();
    g.s.wheelPos = 4;
    resolveRoll(g.s, g.rs, 1, 2);
    resolveRoll(g.s, g.rs, 1, 4);
    resolveRoll(g.s, g.rs, 3, 6);
    expect(held(g)).toEqual([2, 1, 2]);
    assertConserved(g);
  });

  it('a doubles roll produces in the season it was rolled in, then advances the wheel', () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 0, club(6));
    putLand(g.s, g.rs, 0, 0, diamond(4));
    g.s.wheelPos = 5; // End of Autumn
    resolveRoll(g.s, g.rs, 2, 2);
    expect(held(g)[SOULS]).toBe(2);
    expect(currentPortion(g.s, g.rs).season).toBe('winter');
    resolveRoll(g.s, g.rs, 2, 2);
    expect(held(g)[SOULS]).toBe(2);
    assertConserved(g);
  });
});

describe('Climate Change and the Erratic wheel (0.1.27b "The Two Season Wheels"; 0.1.14a "Climate Change")', () => {
  it('the Climate Change counter rises by one for every Elixir Oil produced', () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 0, club(2));
    putLand(g.s, g.rs, 0, 0, diamond(6));
    putProperty(g.s, g.rs, 1, 0, club(3));
    putLand(g.s, g.rs, 1, 0, diamond(6) + 54);
    expect(g.s.climate).toBe(0);
    resolveRoll(g.s, g.rs, 1, 5);
    expect(g.s.climate).toBe(2);
    expect(held(g, 0)[OIL]).toBe(1);
    expect(held(g, 1)[OIL]).toBe(1);
    assertConserved(g);
  });

  it('Souls and Grain do not change the climate', () => {
    const g = farm();
    resolveRoll(g.s, g.rs, 1, 2);
    resolveRoll(g.s, g.rs, 3, 6);
    expect(g.s.climate).toBe(0);
    assertConserved(g);
  });

  it('no Oil produced (empty supply) means no climate change', () => {
    const g = farm();
    g.s.held[OIL] += g.s.supply[OIL];
    g.s.supply[OIL] = 0;
    resolveRoll(g.s, g.rs, 1, 4);
    expect(g.s.climate).toBe(0);
    assertConserved(g);
  });

  it('reaching the threshold (30) switches to the Erratic wheel, set aside until then (0.1.27b "Game Setup" 1), for the rest of the game', () => {
    const g = farm();
    g.s.climate = 28;
    resolveRoll(g.s, g.rs, 1, 4);
    expect(g.s.climate).toBe(29);
    expect(g.s.wheelKind).toBe(0);
    resolveRoll(g.s, g.rs, 1, 4);
    expect(g.s.climate).toBe(30);
    expect(g.s.wheelKind).toBe(1);
    // stays erratic
    resolveRoll(g.s, g.rs, 1, 2);
    resolveRoll(g.s, g.rs, 3, 4);
    expect(g.s.wheelKind).toBe(1);
    assertConserved(g);
  });

  it('Elixir Oil from an Ace that brings the counter to the threshold switches to the Erratic wheel at once', () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 0, club(8));
    putLand(g.s, g.rs, 0, 0, diamond(3));
    g.s.wheelPos = 1; // Midsummer on the Standard wheel, Heatwave (no Souls) on the Erratic one
    g.s.climate = 29;
    stackDeck(g.s, diamond(5));
    stackDeck(g.s, club(1));
    act(g, Kind.BuyCard); // the Ace finds the 5 of Diamonds: one Elixir Oil now
    expect(g.s.held[OIL]).toBe(1);
    expect(g.s.climate).toBe(30);
    expect(g.s.wheelKind).toBe(1);
    // so the next roll already follows the Erratic wheel: no Souls in a Heatwave
    resolveRoll(g.s, g.rs, 1, 2);
    expect(held(g)[SOULS]).toBe(0);
    assertConserved(g);
  });

  it("D6: the Erratic wheel's portions set production: Heatwave doubles Oil and yields no Souls", () => {
    const g = farm();
    g.s.wheelKind = 1;
    g.s.wheelPos = 1;
    expect(currentPortion(g.s, g.rs).label).toBe('Heatwave');
    resolveRoll(g.s, g.rs, 1, 4);
    resolveRoll(g.s, g.rs, 1, 2);
    expect(held(g)).toEqual([0, 2, 0]);
    expect(g.s.climate).toBe(2);
    assertConserved(g);
  });

  it('D6: the Erratic wheel advances an extra portion on a 12 (double sixes: two portions)', () => {
    const g = game();
    g.s.wheelKind = 1;
    g.s.wheelPos = 0;
    resolveRoll(g.s, g.rs, 6, 6);
    expect(g.s.wheelPos).toBe(2);
    expect(g.s.months).toBeGreaterThanOrEqual(2);
    resolveRoll(g.s, g.rs, 3, 3);
    expect(g.s.wheelPos).toBe(3);
    assertConserved(g);
  });
});

describe('Production uses the portion the roll lands in (0.1.27b "The Dice of Destiny")', () => {
  it('End of Summer doubles on a Grain Land produce one unit, then the wheel enters autumn', () => {
    const g = farm();
    g.s.wheelPos = 2;
    resolveRoll(g.s, g.rs, 3, 3); // 6: nothing on Lands 3/5/9 (the 6 of Clubs pays 1)
    expect(g.s.wheelPos).toBe(3);
    resolveRoll(g.s, g.rs, 4, 5); // 9 in autumn: 2 grain
    expect(held(g)[GRAIN]).toBe(2);
    expect(g.s.gold[0]).toBe(11);
    assertConserved(g);
  });
});

describe('D4: the default year is four seasons, one wheel portion each (0.1.27b "Standard Season Wheel": "Divides the year into four seasons")', () => {
  it('D4: doubles move the wheel a season; four doubles make a year; entering Spring opens tax season', () => {
    const g = defaultGame();
    expect(g.rs.wheels[0].map((p) => p.season)).toEqual(['summer', 'autumn', 'winter', 'spring']);
    expect(g.rs.wheels[1].map((p) => p.season)).toEqual(['summer', 'autumn', 'winter', 'spring']);
    expect(resolveRoll(g.s, g.rs, 1, 1)).toBe(false); // into Autumn
    expect(resolveRoll(g.s, g.rs, 2, 2)).toBe(false); // into Winter
    expect(resolveRoll(g.s, g.rs, 3, 3)).toBe(true); // into Spring: tax season
    expect(currentPortion(g.s, g.rs).label).toBe('Spring');
    resolveRoll(g.s, g.rs, 4, 4);
    expect(g.s.wheelPos).toBe(0);
    expect(g.s.year).toBe(2);
    expect(g.s.months).toBe(4);
    assertConserved(g);
  });

  it('D4: Souls and Grain follow the season (x1 summer, x2 autumn and spring, none in winter); Elixir Oil does not', () => {
    const want: Record<number, number[]> = { 0: [1, 1, 1], 1: [2, 1, 2], 2: [0, 1, 0], 3: [2, 1, 2] };
    for (const pos of [0, 1, 2, 3]) {
      const g = farm(defaultGame());
      g.s.wheelPos = pos;
      resolveRoll(g.s, g.rs, 1, 2);
      resolveRoll(g.s, g.rs, 1, 4);
      resolveRoll(g.s, g.rs, 3, 6);
      expect(g.s.held.slice(0, 3), `portion ${pos}`).toEqual(want[pos]);
    }
  });
});
