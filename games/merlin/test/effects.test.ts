import { describe, expect, it } from 'vitest';
import { resolveRoll } from '../engine/dice.ts';
import { Kind } from '../engine/actions.ts';
import { Phase } from '../engine/state.ts';
import { applyEffects, bumpCounter, expireModifiers, productionMultiplier } from '../engine/effects.ts';
import {
  act,
  assertConserved,
  club,
  diamond,
  game,
  giveCommodity,
  givePotion,
  giveSpell,
  instancesOf,
  key,
  nextRoll,
  putLand,
  putProperty,
  snap,
  stackCustom,
  type Game,
} from './helpers.ts';
import { cardDef, DECK_INDEX } from '../engine/kernel/card-defs.ts';

const SOULS = 0;
const GRAIN = 2;

function def(g: Game, deck: keyof typeof DECK_INDEX, id: string) {
  return cardDef(g.rs, DECK_INDEX[deck], instancesOf(g.rs, deck, id)[0]);
}

/** Seat 0 casts Cumulonimbus on seat `target`'s Land at `slot`. */
function cumulonimbus(g: Game, target: number, slot: number): void {
  giveSpell(g, 0, 'cumulonimbus');
  act(g, Kind.PlayCard, g.s.hands[0].length - 1);
  act(g, Kind.SelectPlayer, target);
  act(g, Kind.SelectSlot, slot);
}

describe('Card effects are all-or-nothing (effects.ts; 0.1.27b "The Visions of Tomorrow" note)', () => {
  it('Treasury Reckoning: one player unable to pay 1 gold means nobody pays', () => {
    const g = game();
    g.s.centralBank += g.s.gold[2];
    g.s.gold[2] = 0;
    const before = snap(g);
    expect(applyEffects(g.s, g.rs, def(g, 'crystalBall', 'treasury-reckoning'), 0, -1, -1)).toBe(false);
    expect(snap(g)).toBe(before);
    g.s.gold[2] = 1;
    g.s.centralBank -= 1;
    expect(applyEffects(g.s, g.rs, def(g, 'crystalBall', 'treasury-reckoning'), 0, -1, -1)).toBe(true);
    expect(g.s.gold).toEqual([9, 9, 0, 9]);
    expect(g.s.row).toBe(4);
    assertConserved(g);
  });

  it('a card with several effects changes nothing when one transfer fails (Bountiful Coffers, Central Bank short)', () => {
    const g = game();
    giveGoldAll(g, 3);
    const before = snap(g);
    expect(applyEffects(g.s, g.rs, def(g, 'royalDecrees', 'bountiful-coffers'), 0, -1, -1)).toBe(false);
    expect(snap(g)).toBe(before);
    expect(g.s.taxRate).toBe(1);
    assertConserved(g);
  });

  it('Rot Curse on a target without Essence Grain does nothing; with Grain, one unit goes back to the supply', () => {
    const g = game();
    giveSpell(g, 0, 'rot-curse');
    act(g, Kind.PlayCard, 0);
    act(g, Kind.SelectPlayer, 1);
    expect(g.s.held.slice(3, 6)).toEqual([0, 0, 0]);
    giveCommodity(g.s, 1, GRAIN, 2);
    giveSpell(g, 0, 'rot-curse');
    const supply = g.s.supply[GRAIN];
    act(g, Kind.PlayCard, 0);
    act(g, Kind.SelectPlayer, 1);
    expect(g.s.held[1 * 3 + GRAIN]).toBe(1);
    expect(g.s.supply[GRAIN]).toBe(supply + 1);
    assertConserved(g);
  });

  it('"each player" means each player still in the game', () => {
    const g = game();
    g.s.eliminated[3] = 1;
    g.s.centralBank += g.s.gold[3] - 6;
    g.s.gold[3] = 0;
    g.s.row = 6;
    expect(applyEffects(g.s, g.rs, def(g, 'crystalBall', 'vision-of-plenty'), 0, -1, -1)).toBe(true);
    expect(g.s.gold).toEqual([12, 12, 12, 0]);
    expect(g.s.row).toBe(0);
    assertConserved(g);
  });
});

/** Move all but `n` gold of the Central Bank to seat 3. */
function giveGoldAll(g: Game, n: number): void {
  g.s.gold[3] += g.s.centralBank - n;
  g.s.centralBank = n;
}

describe('Counters and their floors (effects.ts bumpCounter; ruleset floors)', () => {
  it('the Cost of the Living and Research Cost stop at 1, the tax rate at 0', () => {
    const g = game();
    g.s.costOfLiving = 2;
    bumpCounter(g.s, g.rs, 'costOfLiving', -5);
    expect(g.s.costOfLiving).toBe(1);
    bumpCounter(g.s, g.rs, 'researchCost', -1);
    expect(g.s.researchCost).toBe(1);
    g.s.taxRate = 1;
    bumpCounter(g.s, g.rs, 'taxRate', -2);
    expect(g.s.taxRate).toBe(0);
    bumpCounter(g.s, g.rs, 'costOfLiving', 3);
    expect(g.s.costOfLiving).toBe(4);
    assertConserved(g);
  });
});

describe('Production modifiers last their number of turns (spells.json Cumulonimbus: 4 turns; effects.ts)', () => {
  it('Cumulonimbus blocks the target Land\'s next four rolls, then it produces again (0.1.27b "Unleash Spells")', () => {
    const g = game();
    g.s.wheelPos = 0;
    putProperty(g.s, g.rs, 2, 0, club(9));
    putLand(g.s, g.rs, 2, 0, diamond(4));
    cumulonimbus(g, 2, 0);
    const souls: number[] = [];
    for (let t = 2; t <= 6; t++) {
      g.s.phase = Phase.Main;
      g.s.decider = g.s.order[g.s.turnIdx];
      nextRoll(g.s, 1, 3);
      act(g, Kind.EndTurn);
      expect(g.s.turn).toBe(t);
      souls.push(g.s.held[2 * 3 + SOULS]);
    }
    expect(souls).toEqual([0, 0, 0, 0, 1]);
    expect(g.s.modSeat).toEqual([]);
    assertConserved(g);
  });

  it("Blight blocks all of the target's Lands but not their properties' gold", () => {
    const g = game();
    g.s.wheelPos = 0;
    putProperty(g.s, g.rs, 1, 0, club(4));
    putLand(g.s, g.rs, 1, 0, diamond(9));
    putProperty(g.s, g.rs, 1, 1, club(9));
    putLand(g.s, g.rs, 1, 1, diamond(4));
    giveSpell(g, 0, 'blight');
    act(g, Kind.PlayCard, 0);
    act(g, Kind.SelectPlayer, 1);
    resolveRoll(g.s, g.rs, 1, 3); // 4: the club pays 3, the Souls Land is blighted
    resolveRoll(g.s, g.rs, 4, 5); // 9: the club pays 2, the Grain Land is blighted
    expect(g.s.held.slice(3, 6)).toEqual([0, 0, 0]);
    expect(g.s.gold[1]).toBe(15);
    // after its 2 turns it is gone
    g.s.turn += 3;
    expireAndCheck(g);
    resolveRoll(g.s, g.rs, 1, 3);
    expect(g.s.held[3 + SOULS]).toBe(1);
    assertConserved(g);
  });

  it('when two modifiers apply, the first played takes precedence (0.1.27b "Contradictions")', () => {
    const g = game();
    g.s.wheelPos = 0;
    putProperty(g.s, g.rs, 0, 0, club(9));
    putLand(g.s, g.rs, 0, 0, diamond(8));
    // seat 1 clouds seat 0's Land first; seat 0 then pours Fertile Draught on it
    g.s.turnIdx = 1;
    g.s.decider = 1;
    giveSpell(g, 1, 'cumulonimbus');
    act(g, Kind.PlayCard, 0);
    act(g, Kind.SelectPlayer, 3); // seat 1 + 3 = seat 0
    act(g, Kind.SelectSlot, 0);
    g.s.turnIdx = 0;
    g.s.decider = 0;
    giveCommodity(g.s, 0, GRAIN, 1);
    givePotion(g, 0, 'fertile-draught');
    act(g, Kind.PlayCard, 0);
    act(g, Kind.SelectSlot, 0);
    const k = key(g, 0, 0);
    expect(productionMultiplier(g.s, 0, k, true)).toBe(0);
    resolveRoll(g.s, g.rs, 2, 6);
    expect(g.s.held[GRAIN]).toBe(0);
    assertConserved(g);
  });
});

function expireAndCheck(g: Game): void {
  expireModifiers(g.s);
  expect(g.s.modSeat).toEqual([]);
}

describe('Pending cards resolve in the order played (0.1.27b "Contradictions")', () => {
  it('two Kettles of Coins on one 3 with 5 gold in the R.O.W.: the first pays everyone, the second is disregarded', () => {
    const g = game();
    g.s.centralBank -= 5;
    g.s.row = 5;
    for (const inst of instancesOf(g.rs, 'teaLeaves', 'kettle-of-coins').slice(0, 2)) {
      stackCustom(g.s, 'teaLeaves', inst);
      g.s.phase = Phase.FutureReading;
      act(g, Kind.DrawTeaLeaves);
    }
    expect(g.s.readingCard.length).toBe(2);
    resolveRoll(g.s, g.rs, 1, 2);
    expect(g.s.gold).toEqual([11, 11, 11, 11]);
    expect(g.s.row).toBe(1);
    expect(g.s.readingCard).toEqual([]);
    assertConserved(g);
  });
});
