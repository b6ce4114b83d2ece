import { describe, expect, it } from 'vitest';
import { resolveRoll } from '../engine/dice.ts';
import { Kind } from '../engine/actions.ts';
import { Phase, READING_CRYSTAL, READING_TEA } from '../engine/state.ts';
import { act, assertConserved, game, instancesOf, isLegal, nextRoll, stackCustom, type Game, noPocketLoss, variant } from './helpers.ts';

/** Move `n` gold from the Central Bank into the R.O.W. */
function fundRow(g: Game, n: number): void {
  g.s.centralBank -= n;
  g.s.row += n;
}

/** Seat 0 (in its Future Reading step) draws reading `id` from `deck`. Returns the instance. */
function draw(g: Game, deck: 'teaLeaves' | 'crystalBall', id: string, nth = 0): number {
  const inst = instancesOf(g.rs, deck, id)[nth];
  stackCustom(g.s, deck, inst);
  g.s.phase = Phase.FutureReading;
  act(g, deck === 'teaLeaves' ? Kind.DrawTeaLeaves : Kind.DrawCrystalBall);
  return inst;
}

describe('Drawing a Future Reading each turn (0.1.27b "The Visions of Tomorrow": "Drawing a Card", "Delayed Effects")', () => {
  it('the active player draws from the deck of their choice and the card lies face up (0.1.27b "The First Turn" 2)', () => {
    const g = game();
    const inst = draw(g, 'crystalBall', 'vision-of-plenty');
    expect(g.s.phase).toBe(Phase.Main);
    expect(g.s.readingDeck).toEqual([READING_CRYSTAL]);
    expect(g.s.readingCard).toEqual([inst]);
    expect(g.s.readingOwner).toEqual([0]);
    expect(g.s.readingTurn).toEqual([g.s.turn]);
    const t = draw(g, 'teaLeaves', 'kettle-of-coins');
    expect(g.s.readingDeck).toEqual([READING_CRYSTAL, READING_TEA]);
    expect(g.s.readingCard).toEqual([inst, t]);
    assertConserved(g);
  });

  it('each turn starts with the reading: no free action before it', () => {
    const g = game();
    nextRoll(g.s, 1, 3);
    act(g, Kind.EndTurn);
    expect(g.s.phase).toBe(Phase.FutureReading);
    expect(g.s.decider).toBe(1);
    expect(isLegal(g, Kind.EndTurn)).toBe(false);
    expect(isLegal(g, Kind.BuyCard)).toBe(false);
    expect(isLegal(g, Kind.DrawTeaLeaves)).toBe(true);
    expect(isLegal(g, Kind.DrawCrystalBall)).toBe(true);
    act(g, Kind.DrawCrystalBall);
    expect(g.s.readingOwner).toEqual([1]);
    expect(g.s.cdeck[READING_CRYSTAL].length).toBe(19);
    assertConserved(g);
  });
});

describe('Roll triggers and R.O.W. redistribution: the tax money is spent by readings (0.1.27b "Event Triggers", "Market Influence"; 0.1.14a "Taxes")', () => {
  it('A Kettle of Coins resolves on the next 3: the R.O.W. pays every player 1 gold; the card is discarded', () => {
    const g = game();
    fundRow(g, 5);
    const inst = draw(g, 'teaLeaves', 'kettle-of-coins');
    resolveRoll(g.s, g.rs, 2, 4); // 6: not yet
    expect(g.s.readingCard).toEqual([inst]);
    resolveRoll(g.s, g.rs, 1, 2);
    expect(g.s.gold).toEqual([11, 11, 11, 11]);
    expect(g.s.row).toBe(1);
    expect(g.s.readingCard).toEqual([]);
    expect(g.s.cdiscard[READING_TEA]).toEqual([inst]);
    assertConserved(g);
  });

  it('Sprouting Leaves gives its drawer (not the roller) an Essence Grain on an 11', () => {
    const g = game();
    draw(g, 'teaLeaves', 'sprouting-leaves');
    g.s.turnIdx = 2;
    resolveRoll(g.s, g.rs, 5, 6);
    expect(g.s.held.slice(0, 3)).toEqual([0, 0, 1]);
    expect(g.s.held.slice(6, 9)).toEqual([0, 0, 0]);
    assertConserved(g);
  });

  it('Treasury Reckoning takes 1 gold from every player into the R.O.W. on a 5 or 9', () => {
    const g = game();
    draw(g, 'crystalBall', 'treasury-reckoning');
    resolveRoll(g.s, g.rs, 4, 5);
    expect(g.s.gold).toEqual([9, 9, 9, 9]);
    expect(g.s.row).toBe(4);
    assertConserved(g);
  });
});

describe('Waivers (0.1.27b "Waivers": waived by adverse rolls foretold on the card)', () => {
  it('a 7 waives A Kettle of Coins: it is discarded and a later 3 pays nothing', () => {
    const g = game({ ruleset: noPocketLoss() });
    fundRow(g, 8);
    const inst = draw(g, 'teaLeaves', 'kettle-of-coins');
    resolveRoll(g.s, g.rs, 3, 4);
    expect(g.s.readingCard).toEqual([]);
    expect(g.s.cdiscard[READING_TEA]).toEqual([inst]);
    resolveRoll(g.s, g.rs, 1, 2);
    expect(g.s.gold).toEqual([10, 10, 10, 10]);
    expect(g.s.row).toBe(8);
    assertConserved(g);
  });

  it('a card without a waiver survives a 7 (Treasury Reckoning)', () => {
    const g = game();
    const inst = draw(g, 'crystalBall', 'treasury-reckoning');
    resolveRoll(g.s, g.rs, 3, 4);
    expect(g.s.readingCard).toEqual([inst]);
    assertConserved(g);
  });
});

describe('Not enough gold to distribute to every player: disregard the card (0.1.27b "The Visions of Tomorrow" note; 0.1.14a "Future reading cards")', () => {
  it('Vision of Plenty with 7 gold in the R.O.W. cannot pay 2 to each of 4 players: nobody is paid, the card is discarded', () => {
    const g = game();
    fundRow(g, 7);
    const inst = draw(g, 'crystalBall', 'vision-of-plenty');
    resolveRoll(g.s, g.rs, 2, 6);
    expect(g.s.gold).toEqual([10, 10, 10, 10]);
    expect(g.s.row).toBe(7);
    expect(g.s.readingCard).toEqual([]);
    expect(g.s.cdiscard[READING_CRYSTAL]).toEqual([inst]);
    assertConserved(g);
  });

  it('with 8 gold in the R.O.W. every player receives 2', () => {
    const g = game();
    fundRow(g, 8);
    draw(g, 'crystalBall', 'vision-of-plenty');
    resolveRoll(g.s, g.rs, 2, 6);
    expect(g.s.gold).toEqual([12, 12, 12, 12]);
    expect(g.s.row).toBe(0);
    assertConserved(g);
  });
});

describe('D46: turn triggers and expiry (0.1.27b "Event Triggers": "a certain number of turns passing")', () => {
  it('Omen of Inflation raises the Cost of the Living at the start of the third turn after it was drawn', () => {
    const g = game();
    const inst = draw(g, 'crystalBall', 'omen-of-inflation');
    const col = g.s.costOfLiving;
    for (let i = 1; i <= 2; i++) {
      nextRoll(g.s, 1, 3);
      act(g, Kind.EndTurn);
      expect(g.s.turn).toBe(1 + i);
      expect(g.s.costOfLiving).toBe(col);
      expect(g.s.readingCard).toEqual([inst]);
      g.s.phase = Phase.Main; // skip this player's own reading
    }
    nextRoll(g.s, 1, 3);
    act(g, Kind.EndTurn);
    expect(g.s.turn).toBe(4);
    expect(g.s.costOfLiving).toBe(col + 1);
    expect(g.s.readingCard).toEqual([]);
    assertConserved(g);
  });

  it('a reading that has not resolved after its expiry (16 turns for Vision of Plenty) is discarded', () => {
    const g = game();
    fundRow(g, 8);
    const inst = draw(g, 'crystalBall', 'vision-of-plenty');
    g.s.turn = 16; // the next turn is the 16th after the draw
    nextRoll(g.s, 1, 3);
    act(g, Kind.EndTurn);
    expect(g.s.readingCard).toEqual([inst]);
    g.s.phase = Phase.Main;
    nextRoll(g.s, 1, 3);
    act(g, Kind.EndTurn); // 17 turns after: expired
    expect(g.s.readingCard).toEqual([]);
    expect(g.s.cdiscard[READING_CRYSTAL]).toEqual([inst]);
    resolveRoll(g.s, g.rs, 2, 6);
    expect(g.s.row).toBe(8);
    assertConserved(g);
  });
});

describe('Season triggers (0.1.27b "Event Triggers": "a specific season occurring")', () => {
  it('The Great Thaw gives every player a Soul when the wheel enters spring', () => {
    const g = game();
    draw(g, 'crystalBall', 'great-thaw');
    g.s.wheelPos = 1;
    resolveRoll(g.s, g.rs, 2, 2); // Winter
    expect(g.s.readingCard.length).toBe(1);
    resolveRoll(g.s, g.rs, 2, 2); // Spring
    expect([0, 1, 2, 3].map((p) => g.s.held[p * 3])).toEqual([1, 1, 1, 1]);
    expect(g.s.readingCard).toEqual([]);
    assertConserved(g);
  });
});

describe('D159: Tea Leaves "are drawn more frequently" (0.1.27b "The Visions of Tomorrow"), as `teaLeavesPerDraw`', () => {
  it('with teaLeavesPerDraw 2 a Tea Leaves draw lays two cards; a Crystal Ball draw still one; the default lays one', () => {
    const two = variant((d) => (d.teaLeavesPerDraw = 2));
    const g = game({ ruleset: two });
    const [first, second] = instancesOf(g.rs, 'teaLeaves', 'kettle-of-coins');
    stackCustom(g.s, 'teaLeaves', second);
    stackCustom(g.s, 'teaLeaves', first);
    g.s.phase = Phase.FutureReading;
    const left = g.s.cdeck[READING_TEA].length;
    act(g, Kind.DrawTeaLeaves);
    expect(g.s.phase).toBe(Phase.Main);
    expect(g.s.readingCard).toEqual([first, second]);
    expect(g.s.readingOwner).toEqual([0, 0]);
    expect(g.s.cdeck[READING_TEA].length).toBe(left - 2);
    const c = draw(g, 'crystalBall', 'vision-of-plenty');
    expect(g.s.readingCard).toEqual([first, second, c]);
    assertConserved(g);
    const one = game();
    draw(one, 'teaLeaves', 'kettle-of-coins');
    expect(one.s.readingCard.length).toBe(1);
  });

  it('the second card is skipped when the Tea Leaves deck and its discards are empty', () => {
    const g = game({ ruleset: variant((d) => (d.teaLeavesPerDraw = 2)) });
    const keep = g.s.cdeck[READING_TEA].pop()!;
    g.s.cdeck[READING_TEA].length = 0;
    g.s.cdiscard[READING_TEA].length = 0;
    g.s.cdeck[READING_TEA].push(keep);
    g.s.phase = Phase.FutureReading;
    act(g, Kind.DrawTeaLeaves);
    expect(g.s.phase).toBe(Phase.Main);
    expect(g.s.readingCard.length + g.s.cdiscard[READING_TEA].length).toBe(1);
  });
});
