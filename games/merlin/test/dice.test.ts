import { describe, expect, it } from 'vitest';
import { resolveRoll } from '../engine/dice.ts';
import { Kind } from '../engine/actions.ts';
import { Phase } from '../engine/state.ts';
import {
  act,
  assertConserved,
  club,
  diamond,
  game,
  giveGold,
  heart,
  nextRoll,
  putLab,
  putLand,
  putProperty,
  putSpecialised,
  spade,
} from './helpers.ts';

/** Dice that total `n` (doubles only for 2 and 12). */
function diceFor(n: number): [number, number] {
  if (n === 2) return [1, 1];
  if (n === 12) return [6, 6];
  return n <= 7 ? [1, n - 1] : [n - 6, 6];
}

const TABLE: [number, number][] = [
  [2, 5],
  [3, 4],
  [4, 3],
  [10, 3],
  [5, 2],
  [9, 2],
  [6, 1],
  [8, 1],
];

describe('Clubs payout table (0.1.27b "Clubs: Properties and Holdings"; "The Glitter of Gold": gold comes from payouts)', () => {
  for (const [n, pay] of TABLE) {
    it(`a property numbered ${n} pays ${pay} gold from the Central Bank when ${n} is rolled`, () => {
      const g = game();
      putProperty(g.s, g.rs, 0, 0, club(n));
      const bank = g.s.centralBank;
      const [d1, d2] = diceFor(n);
      resolveRoll(g.s, g.rs, d1, d2);
      expect(g.s.gold[0]).toBe(10 + pay);
      expect(g.s.centralBank).toBe(bank - pay);
      assertConserved(g);
    });
  }

  it('pays nothing when another number is rolled', () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 0, club(5));
    putProperty(g.s, g.rs, 0, 1, club(9));
    resolveRoll(g.s, g.rs, 2, 6); // 8
    expect(g.s.gold[0]).toBe(10);
    resolveRoll(g.s, g.rs, 5, 6); // 11: no property answers to 11
    resolveRoll(g.s, g.rs, 6, 6); // 12
    expect(g.s.gold[0]).toBe(10);
    assertConserved(g);
  });

  it('pays every player\'s matching properties on any player\'s roll (0.1.27b "The Dice of Destiny")', () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 0, club(4));
    putProperty(g.s, g.rs, 2, 0, club(4) + 54); // the 4 of Clubs of the second deck
    putProperty(g.s, g.rs, 3, 5, club(4) + 108);
    putProperty(g.s, g.rs, 1, 0, club(10));
    resolveRoll(g.s, g.rs, 1, 3);
    expect(g.s.gold).toEqual([13, 10, 13, 13]);
    expect(g.s.centralBank).toBe(60 - 9);
    assertConserved(g);
  });

  it('pays each matching property of one player', () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 0, club(3));
    putProperty(g.s, g.rs, 0, 1, club(3) + 54);
    resolveRoll(g.s, g.rs, 1, 2);
    expect(g.s.gold[0]).toBe(18);
    assertConserved(g);
  });

  it('records the dice rolled', () => {
    const g = game();
    resolveRoll(g.s, g.rs, 4, 2);
    expect([g.s.die1, g.s.die2]).toEqual([4, 2]);
    assertConserved(g);
  });

  it('the Central Bank pays only what it holds (100 gold in the game, 0.1.27b "Resources")', () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 0, club(2));
    putProperty(g.s, g.rs, 1, 0, club(2) + 54);
    // leave 3 gold in the bank: move the rest to seat 3
    giveGold(g.s, 3, g.s.centralBank - 3);
    resolveRoll(g.s, g.rs, 1, 1);
    // production runs from the active player (seat 0) round the table
    expect(g.s.gold[0]).toBe(13);
    expect(g.s.gold[1]).toBe(10);
    expect(g.s.centralBank).toBe(0);
    assertConserved(g);
  });
});

describe('Specialised properties pay double (0.1.14a "Clubs", "Property Value")', () => {
  it('a Spell Shop on the 4 of Clubs pays 6 gold on a 4', () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 0, club(4));
    putSpecialised(g.s, g.rs, 0, 0, spade(9));
    resolveRoll(g.s, g.rs, 1, 3);
    expect(g.s.gold[0]).toBe(16);
    assertConserved(g);
  });

  it('a Brewery on the 2 of Clubs pays 10 gold on a 2', () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 0, club(2));
    putSpecialised(g.s, g.rs, 0, 0, heart(10));
    resolveRoll(g.s, g.rs, 1, 1);
    expect(g.s.gold[0]).toBe(20);
    assertConserved(g);
  });

  it('D87: a property under a Land (a permit) still pays its ordinary (not doubled) payout on its own number', () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 0, club(6));
    putLand(g.s, g.rs, 0, 0, diamond(3));
    resolveRoll(g.s, g.rs, 2, 4);
    expect(g.s.gold[0]).toBe(11);
    assertConserved(g);
  });
});

describe('The roll at the start of a turn (0.1.27b "The First Turn" 2: "Cast the Dice of Fate")', () => {
  it("the next player's turn starts with a roll whose production is resolved before their reading", () => {
    const g = game();
    putProperty(g.s, g.rs, 1, 0, club(5));
    putProperty(g.s, g.rs, 2, 0, club(9));
    nextRoll(g.s, 2, 3);
    act(g, Kind.EndTurn);
    expect([g.s.die1, g.s.die2]).toEqual([2, 3]);
    expect(g.s.turn).toBe(2);
    expect(g.s.decider).toBe(1);
    expect(g.s.phase).toBe(Phase.FutureReading);
    expect(g.s.gold).toEqual([10, 12, 10, 10]);
    assertConserved(g);
  });

  it('a funded lab does not pay gold: labs are not properties', () => {
    const g = game();
    putLab(g.s, g.rs, 0, 0, spade(5));
    resolveRoll(g.s, g.rs, 2, 3);
    expect(g.s.gold[0]).toBe(10);
    assertConserved(g);
  });
});
