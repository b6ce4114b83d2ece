/**
 * One scenario per effect kind, condition and trigger of the part-4 effect language (cards/schema.ts), played
 * through the shipped cards (cards/data) with forced dice. docs/RULES.md section 4, D110-D119.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CARDS_DIR, RULESETS_DIR, compileRuleset } from '../rules/index.ts';
import { resolveRoll } from '../engine/dice.ts';
import { Kind } from '../engine/actions.ts';
import { HAND_POTION, HAND_SPELL, Phase, READING_CRYSTAL, READING_TEA } from '../engine/state.ts';
import { advanceWheel } from '../engine/season-wheel.ts';
import { turnTriggers } from '../engine/effects.ts';
import {
  act,
  assertConserved,
  club,
  diamond,
  game,
  giveCommodity,
  giveGold,
  givePotion,
  giveSpell,
  instancesOf,
  key,
  putLand,
  putProperty,
  putSpecialised,
  heart,
  stackCustom,
  takeCustom,
  type Game,
  noPocketLoss,
} from './helpers.ts';
import { DECK_INDEX } from '../engine/kernel/card-defs.ts';

const GRAIN = 2;

function fundRow(g: Game, n: number): void {
  g.s.centralBank -= n;
  g.s.row += n;
}

/** Seat `seat` draws reading `id` (it is laid face up, or resolves at once). Returns the instance. */
function drawReading(g: Game, deck: 'teaLeaves' | 'crystalBall', id: string, seat = 0, nth = 0): number {
  const inst = instancesOf(g.rs, deck, id)[nth];
  stackCustom(g.s, deck, inst);
  g.s.order = [...Array(g.s.numPlayers).keys()];
  g.s.turnIdx = seat;
  g.s.decider = seat;
  g.s.phase = Phase.FutureReading;
  act(g, deck === 'teaLeaves' ? Kind.DrawTeaLeaves : Kind.DrawCrystalBall);
  g.s.turnIdx = 0;
  g.s.decider = 0;
  return inst;
}

/** Seat 0 casts spell `id` on seat `target` (and, for Land spells, its slot `slot`). */
function cast(g: Game, id: string, target = -1, slot = -1): void {
  giveSpell(g, 0, id);
  act(g, Kind.PlayCard, g.s.hands[0].length - 1);
  if (target >= 0) act(g, Kind.SelectPlayer, target);
  if (slot >= 0) act(g, Kind.SelectSlot, slot);
}

/** A face-down potion of `seat` in front of them (instance of `id`), as if brewed on this turn. */
function faceDown(g: Game, seat: number, id: string, nth = 0): number {
  const inst = takeCustom(g.s, 'potions', instancesOf(g.rs, 'potions', id)[nth]);
  g.s.potionCard.push(inst);
  g.s.potionOwner.push(seat);
  g.s.potionSlot.push(-1);
  g.s.potionTurn.push(g.s.turn);
  g.s.potionOrigin.push(-1);
  return inst;
}

/** Seat 0 holds decree `id` as the King's chosen decree, about to enact or refuse it. Returns the instance. */
function chooseDecreeCard(g: Game, id: string): number {
  const inst = takeCustom(g.s, 'royalDecrees', instancesOf(g.rs, 'royalDecrees', id)[0]);
  g.s.decreeCard = inst;
  g.s.decreeDrawer = 0;
  g.s.phase = Phase.DecreeDecide;
  return inst;
}

function invest(g: Game, seat: number, slot: number, card: number, n: number): number {
  const k = putProperty(g.s, g.rs, seat, slot, card);
  g.s.centralBank -= n;
  g.s.slotInvest[k] = n;
  return k;
}

describe('rowShare: R.O.W. revenue redistributed (0.1.27b "The Visions of Tomorrow": "Market Influence")', () => {
  it('Revenue Redeemed on a 6: half the R.O.W. (17 -> 8) is split evenly, 2 gold to each of 4 players', () => {
    const g = game();
    fundRow(g, 17);
    drawReading(g, 'crystalBall', 'revenue-redeemed');
    resolveRoll(g.s, g.rs, 3, 3);
    expect(g.s.gold).toEqual([12, 12, 12, 12]);
    expect(g.s.row).toBe(9);
    expect(g.s.readingCard).toEqual([]);
    assertConserved(g);
  });

  it('disregarded when there is not enough gold for a whole gold each (R.O.W. 7: 3 to share among 4)', () => {
    const g = game();
    fundRow(g, 7);
    const inst = drawReading(g, 'crystalBall', 'revenue-redeemed');
    resolveRoll(g.s, g.rs, 2, 4);
    expect(g.s.gold).toEqual([10, 10, 10, 10]);
    expect(g.s.row).toBe(7);
    expect(g.s.cdiscard[READING_CRYSTAL]).toContain(inst);
    assertConserved(g);
  });

  it("The Collector's Windfall pays its drawer 30% of the R.O.W. (10 -> 3) on a 9, and a 2 waives it", () => {
    const g = game();
    fundRow(g, 10);
    drawReading(g, 'crystalBall', 'collectors-windfall', 2);
    resolveRoll(g.s, g.rs, 4, 5);
    expect(g.s.gold[2]).toBe(13);
    expect(g.s.row).toBe(7);
    drawReading(g, 'crystalBall', 'collectors-windfall', 2);
    resolveRoll(g.s, g.rs, 1, 1);
    expect(g.s.readingCard).toEqual([]);
    resolveRoll(g.s, g.rs, 4, 5);
    expect(g.s.gold[2]).toBe(13);
    assertConserved(g);
  });
});

describe('draw: cards drawn by an effect', () => {
  it("Arcane Echo puts a spell from the deck into the caster's hand, from no lab", () => {
    const g = game();
    const next = instancesOf(g.rs, 'spells', 'levy-of-frogs')[0];
    stackCustom(g.s, 'spells', next);
    cast(g, 'arcane-echo');
    expect(g.s.hands[0]).toEqual([HAND_SPELL + next]);
    expect(g.s.handOrigin[0]).toEqual([-1]);
    assertConserved(g);
  });

  it("a draw stops when the hand is full: Royal Alchemists' Patent draws 1 of its 2 recipes into a hand one short of full", () => {
    const g = game();
    const names = [
      'mortar-tonic',
      'seers-infusion',
      'winter-warmer',
      'restorative-balm',
      'fertile-draught',
      'clear-sight-philtre',
      'tincture-of-the-road',
      'golden-harvest-brew',
    ];
    for (let i = 0; i < g.rs.data.table.handSize - 1; i++) givePotion(g, 0, names[i % names.length]);
    const inst = chooseDecreeCard(g, 'alchemists-patent');
    const left = g.s.cdeck[DECK_INDEX.potions].length;
    act(g, Kind.EnactDecree);
    expect(g.s.hands[0].length).toBe(g.rs.data.table.handSize);
    expect(g.s.cdeck[DECK_INDEX.potions].length).toBe(left - 1);
    assertConserved(g);
  });

  it('A Second Cup lays the next Tea Leaves reading face up for its drawer', () => {
    const g = game();
    const next = instancesOf(g.rs, 'teaLeaves', 'bitter-brew')[0];
    stackCustom(g.s, 'teaLeaves', next);
    const cup = instancesOf(g.rs, 'teaLeaves', 'second-cup')[0];
    stackCustom(g.s, 'teaLeaves', cup);
    g.s.phase = Phase.FutureReading;
    act(g, Kind.DrawTeaLeaves);
    expect(g.s.readingCard).toEqual([next]);
    expect(g.s.readingOwner).toEqual([0]);
    expect(g.s.cdiscard[READING_TEA]).toEqual([cup]);
    assertConserved(g);
  });

  it("Seer's Infusion (a potion, resolved at once) lays a Crystal Ball reading in front of its brewer", () => {
    const g = game();
    giveCommodity(g.s, 0, 0, 1);
    const next = instancesOf(g.rs, 'crystalBall', 'omen-of-inflation')[0];
    stackCustom(g.s, 'crystalBall', next);
    givePotion(g, 0, 'seers-infusion');
    act(g, Kind.PlayCard, 0);
    expect(g.s.readingDeck).toEqual([READING_CRYSTAL]);
    expect(g.s.readingCard).toEqual([next]);
    expect(g.s.potionCard).toEqual([]);
    assertConserved(g);
  });
});

describe('waive: Future Readings discarded unresolved (0.1.27b "Waivers", "Contradictions")', () => {
  it("Calm Waters waives the other players' readings and keeps its drawer's", () => {
    const g = game();
    const mine = drawReading(g, 'crystalBall', 'omen-of-inflation', 0);
    drawReading(g, 'crystalBall', 'vision-of-plenty', 1);
    drawReading(g, 'teaLeaves', 'bitter-brew', 2);
    drawReading(g, 'teaLeaves', 'calm-waters', 0);
    expect(g.s.readingCard).toEqual([mine]);
    expect(g.s.cdiscard[READING_CRYSTAL].length).toBe(1);
    assertConserved(g);
  });

  it("Clear-Sight Philtre waives only its brewer's readings; The Shattered Sphere waives all", () => {
    const g = game();
    drawReading(g, 'crystalBall', 'omen-of-inflation', 0);
    const theirs = drawReading(g, 'crystalBall', 'omen-of-cheap-bread', 1);
    giveCommodity(g.s, 0, 1, 1);
    givePotion(g, 0, 'clear-sight-philtre');
    act(g, Kind.PlayCard, 0);
    expect(g.s.readingCard).toEqual([theirs]);
    const vol = g.s.volatility;
    drawReading(g, 'crystalBall', 'shattered-sphere', 2);
    expect(g.s.readingCard).toEqual([]);
    expect(g.s.volatility).toBe(vol); // the Sphere no longer rattles the market (docs/CARDS.md: counters move both ways)
    assertConserved(g);
  });

  it('readings on the same roll resolve in the order drawn, each on what the one before left (0.1.27b "Contradictions")', () => {
    const g = game();
    fundRow(g, 20);
    drawReading(g, 'crystalBall', 'vision-of-plenty', 1); // on a 6 or 8: R.O.W. pays 2 to each
    drawReading(g, 'crystalBall', 'revenue-redeemed', 2); // on a 6 or 8: half the R.O.W. shared
    resolveRoll(g.s, g.rs, 3, 3);
    // Vision first (20 -> 12, 2 each), then Revenue Redeemed on what is left (12 -> 6 shared, 1 each + ...).
    expect(g.s.row).toBe(12 - 4 * Math.floor(6 / 4));
    expect(g.s.readingCard).toEqual([]);
    assertConserved(g);
  });
});

describe('dispel: face-down potions revealed and discarded', () => {
  it("Dispelling Gust discards the target's oldest face-down potion; The Great Unbrewing up to three", () => {
    const g = game();
    const a = faceDown(g, 1, 'winter-warmer');
    const b = faceDown(g, 1, 'paupers-broth');
    const mine = faceDown(g, 0, 'winter-warmer', 1);
    cast(g, 'dispelling-gust', 1);
    expect(g.s.potionCard).toEqual([b, mine]);
    expect(g.s.cdiscard[DECK_INDEX.potions]).toEqual([a]);
    cast(g, 'great-unbrewing', 1);
    expect(g.s.potionCard).toEqual([mine]);
    assertConserved(g);
  });
});

describe('damage and heal: invested gold on properties (0.1.27b "Property Investing")', () => {
  it("D110: a spell harms another player: Termite Swarm takes up to 2 invested gold from each of the target's properties to the Central Bank", () => {
    const g = game();
    const k1 = invest(g, 1, 0, club(5), 3);
    const k2 = invest(g, 1, 1, club(6), 1);
    const bank = g.s.centralBank;
    cast(g, 'termite-swarm', 1);
    expect([g.s.slotInvest[k1], g.s.slotInvest[k2]]).toEqual([1, 0]);
    expect(g.s.centralBank).toBe(bank + 3);
    assertConserved(g);
  });

  it('Crumbling Mortar pays the damage to the R.O.W.; a target without investments loses nothing', () => {
    const g = game();
    const k = invest(g, 2, 0, club(8), 2);
    cast(g, 'crumbling-mortar', 2);
    expect(g.s.slotInvest[k]).toBe(1);
    expect(g.s.row).toBe(1);
    const before = g.s.centralBank + g.s.row;
    cast(g, 'crumbling-mortar', 3);
    expect(g.s.centralBank + g.s.row).toBe(before);
    assertConserved(g);
  });

  it('D110: a potion buffs its brewer: Mortar Tonic adds 2 from the Central Bank to the investment of the property it is brewed under; not to a Land', () => {
    const g = game();
    const k = putProperty(g.s, g.rs, 0, 0, club(9));
    putProperty(g.s, g.rs, 0, 1, club(4));
    putLand(g.s, g.rs, 0, 1, diamond(4));
    giveCommodity(g.s, 0, 0, 2);
    givePotion(g, 0, 'mortar-tonic');
    act(g, Kind.PlayCard, 0);
    act(g, Kind.SelectSlot, 0);
    expect(g.s.slotInvest[k]).toBe(2);
    givePotion(g, 0, 'mortar-tonic');
    act(g, Kind.PlayCard, 0);
    act(g, Kind.SelectSlot, 1);
    expect(g.s.slotInvest[key(g, 0, 1)]).toBe(0);
    assertConserved(g);
  });

  it('Crown Works (a decree) heals each invested property of the enactor, never a Brewery, and is atomic on the bank', () => {
    const g = game();
    const k1 = invest(g, 0, 0, club(5), 1);
    const k2 = putProperty(g.s, g.rs, 0, 1, club(6));
    putSpecialised(g.s, g.rs, 0, 1, heart(2));
    const k3 = putProperty(g.s, g.rs, 0, 2, club(7));
    const inst = chooseDecreeCard(g, 'crown-works');
    act(g, Kind.EnactDecree);
    expect([g.s.slotInvest[k1], g.s.slotInvest[k2], g.s.slotInvest[k3]]).toEqual([3, 0, 0]);
    expect(g.s.crowns[0]).toBe(1);
    expect(g.s.taxRate).toBe(2);
    assertConserved(g);
  });
});

describe('Conditions (D111): spells and readings are disregarded, potions wait face down', () => {
  it('Audit Hex takes 3 gold only from a target holding at least 10', () => {
    const g = game();
    g.s.gold[1] = 9;
    g.s.centralBank += 1;
    cast(g, 'audit-hex', 1);
    expect(g.s.gold[1]).toBe(9);
    expect(g.s.row).toBe(0);
    giveGold(g.s, 1, 1);
    cast(g, 'audit-hex', 1);
    expect(g.s.gold[1]).toBe(7);
    expect(g.s.row).toBe(3);
    assertConserved(g);
  });

  it("Pauper's Broth waits through a 7 while its brewer is rich, then pays on a 7 once they hold 5 or less", () => {
    const g = game({ ruleset: noPocketLoss() });
    const inst = faceDown(g, 0, 'paupers-broth');
    resolveRoll(g.s, g.rs, 3, 4);
    expect(g.s.potionCard).toEqual([inst]);
    g.s.centralBank += 6;
    g.s.gold[0] = 4;
    resolveRoll(g.s, g.rs, 3, 4);
    expect(g.s.potionCard).toEqual([]);
    expect(g.s.gold[0]).toBe(8);
    assertConserved(g);
  });

  it('The Humble Cup pays 2 gold only to a drawer holding 12 gold or more when it matures', () => {
    const g = game();
    drawReading(g, 'teaLeaves', 'humble-cup', 1);
    g.s.turn += 2;
    turnTriggers(g.s, g.rs);
    expect(g.s.gold[1]).toBe(10);
    expect(g.s.readingCard).toEqual([]);
    giveGold(g.s, 1, 2);
    drawReading(g, 'teaLeaves', 'humble-cup', 1, 1);
    g.s.turn += 2;
    turnTriggers(g.s, g.rs);
    expect(g.s.gold[1]).toBe(14);
    assertConserved(g);
  });
});

describe('production without a target applies to the owner; season triggers', () => {
  it("Harvest Moon doubles its drawer's Land yields when the wheel enters autumn", () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 0, club(6));
    putLand(g.s, g.rs, 0, 0, diamond(6));
    drawReading(g, 'crystalBall', 'harvest-moon', 0);
    let steps = 0;
    while (g.s.readingCard.length > 0 && steps++ < 24) advanceWheel(g.s, g.rs, 1);
    expect(g.rs.wheels[g.s.wheelKind][g.s.wheelPos].season).toBe('autumn');
    expect(g.s.modSeat).toEqual([0]);
    expect(g.s.modScope).toEqual([1]);
    expect(g.s.modMult).toEqual([2]);
    const held = g.s.held.slice(0, 3).reduce((a, b) => a + b, 0);
    resolveRoll(g.s, g.rs, 2, 4);
    expect(g.s.held.slice(0, 3).reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(held + 2);
    assertConserved(g);
  });
});

describe('Decree counters move by one (0.1.14a "Kings") and potions pay their recipe', () => {
  it('D110: an enacted decree has its consequences: Writ of Tax Relief lowers the tax rate by one and raises the Cost of the Living by one', () => {
    const g = game();
    const inst = chooseDecreeCard(g, 'writ-of-tax-relief');
    const [tax, col] = [g.s.taxRate, g.s.costOfLiving];
    act(g, Kind.EnactDecree);
    expect([g.s.taxRate, g.s.costOfLiving]).toEqual([tax - 1, col + 1]);
    expect(g.s.cdiscard[DECK_INDEX.royalDecrees]).toEqual([inst]);
  });

  it("Golden Harvest Brew, under a Land, pays 2 Essence Grain when that Land's number is rolled; the Soul goes to the supply", () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 0, club(9));
    putLand(g.s, g.rs, 0, 0, diamond(9));
    giveCommodity(g.s, 0, 0, 1);
    const souls = g.s.supply[0];
    givePotion(g, 0, 'golden-harvest-brew');
    act(g, Kind.PlayCard, 0);
    act(g, Kind.SelectSlot, 0);
    expect(g.s.supply[0]).toBe(souls + 1);
    expect(g.s.hands[0]).not.toContain(HAND_POTION + instancesOf(g.rs, 'potions', 'golden-harvest-brew')[0]);
    const grain = g.s.held[GRAIN];
    resolveRoll(g.s, g.rs, 4, 5);
    expect(g.s.held[GRAIN]).toBeGreaterThanOrEqual(grain + 2);
    expect(g.s.potionCard).toEqual([]);
    assertConserved(g);
  });
});

describe('A refused effect changes nothing', () => {
  it('Bad Luck Penny on a target with an empty pocket is disregarded', () => {
    const g = game();
    g.s.centralBank += g.s.gold[3];
    g.s.gold[3] = 0;
    giveSpell(g, 0, 'bad-luck-penny');
    const gold = g.s.gold.slice();
    act(g, Kind.PlayCard, 0);
    act(g, Kind.SelectPlayer, 3);
    expect(g.s.gold).toEqual(gold);
    expect(g.s.hands[0]).toEqual([]);
    assertConserved(g);
  });
});

describe('A reading that waives others during a trigger pass (D114)', () => {
  it('readings waived mid-pass do not resolve; the pass visits only the readings there when it began', () => {
    const cards = (file: string) => JSON.parse(readFileSync(join(CARDS_DIR, file), 'utf8'));
    const rules = JSON.parse(readFileSync(join(RULESETS_DIR, 'full.json'), 'utf8'));
    const rs = compileRuleset(
      rules,
      (file) => {
        const d = cards(file);
        if (d.deck === 'teaLeaves') {
          // Calm Waters now waits for a 3 before it waives the other players' readings.
          const calm = d.cards.find((c: { id: string }) => c.id === 'calm-waters');
          calm.trigger = { on: 'roll', totals: [3] };
        }
        return d;
      },
      'waive-variant',
    );
    const g = game({ ruleset: rs });
    fundRow(g, 10);
    drawReading(g, 'teaLeaves', 'calm-waters', 0);
    const kettle = drawReading(g, 'teaLeaves', 'kettle-of-coins', 1); // on a 3: the R.O.W. pays everyone 1
    resolveRoll(g.s, g.rs, 1, 2);
    expect(g.s.readingCard).toEqual([]);
    expect(g.s.row).toBe(10); // the Kettle was waived before its turn in the pass
    expect(g.s.cdiscard[READING_TEA]).toContain(kettle);
    assertConserved(g);
  });
});
