import { describe, expect, it } from 'vitest';
import { resolveRoll } from '../engine/dice.ts';
import { Kind } from '../engine/actions.ts';
import { HAND_POTION, HAND_SPELL, Phase, SlotKind, TopKind } from '../engine/state.ts';
import { IllegalActionError } from '../../../lib/errors.ts';
import {
  act,
  assertConserved,
  club,
  game,
  giveCommodity,
  giveSpell,
  heart,
  isLegal,
  key,
  putLab,
  putProperty,
  putSpecialised,
  snap,
  spade,
  takeCustom,
  type Game,
} from './helpers.ts';
import { DECK_INDEX } from '../engine/kernel/card-defs.ts';

const GRAIN = 2;

/** Put `n` spent cards (spells for a Spell Lab, recipes for a Potion Lab) under the lab at slot key `k`. */
function spend(g: Game, k: number, n: number): number[] {
  const potion = g.s.slotKind[k] === SlotKind.PotionLab;
  const d = potion ? DECK_INDEX.potions : DECK_INDEX.spells;
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const inst = g.s.cdeck[d][0];
    takeCustom(g.s, potion ? 'potions' : 'spells', inst);
    g.s.underCard.push((potion ? HAND_POTION : HAND_SPELL) + inst);
    g.s.underKey.push(k);
    g.s.slotSpent[k]++;
    out.push(inst);
  }
  return out;
}

describe('D23: funding a lab at the Research Cost (0.1.27b "Spell Labs", "Spell Lab Mechanics": "Research Funding")', () => {
  it('pays the current Research Cost out of the pocket into the lab', () => {
    const g = game();
    putLab(g.s, g.rs, 0, 0, spade(6));
    g.s.researchCost = 3;
    act(g, Kind.FundLab, 0);
    expect(g.s.gold[0]).toBe(7);
    expect(g.s.slotFunds[key(g, 0, 0)]).toBe(3);
    assertConserved(g);
  });

  it('a funded lab cannot be funded again, and funding needs the gold', () => {
    const g = game();
    putLab(g.s, g.rs, 0, 0, spade(6));
    putLab(g.s, g.rs, 0, 1, heart(6));
    act(g, Kind.FundLab, 0);
    expect(isLegal(g, Kind.FundLab, 0)).toBe(false);
    g.s.researchCost = 10;
    expect(isLegal(g, Kind.FundLab, 1)).toBe(false);
    const before = snap(g);
    expect(() => act(g, Kind.FundLab, 1)).toThrow(IllegalActionError);
    expect(snap(g)).toBe(before);
    g.s.researchCost = 9;
    expect(isLegal(g, Kind.FundLab, 1)).toBe(true);
    expect(isLegal(g, Kind.FundLab, 2)).toBe(false); // empty slot
    assertConserved(g);
  });
});

describe('D24: a funded lab produces on its number (0.1.27b "Spell Labs", "Potion Labs": "Spell Generation", "Potion Recipe Generation", "Research Grants and Central Bank")', () => {
  it('a funded Spell Lab draws the top spell into the hand and its funds go to the Central Bank', () => {
    const g = game();
    putLab(g.s, g.rs, 0, 3, spade(6));
    act(g, Kind.FundLab, 3);
    const top = g.s.cdeck[DECK_INDEX.spells].at(-1)!;
    const bank = g.s.centralBank;
    resolveRoll(g.s, g.rs, 2, 4);
    expect(g.s.hands[0]).toEqual([HAND_SPELL + top]);
    expect(g.s.handOrigin[0]).toEqual([spade(6)]); // the producing lab, known by its card
    expect(g.s.slotFunds[key(g, 0, 3)]).toBe(0);
    expect(g.s.centralBank).toBe(bank + 1);
    expect(g.s.cdeck[DECK_INDEX.spells].length).toBe(47);
    assertConserved(g);
  });

  it('a funded Potion Lab draws a potion recipe', () => {
    const g = game();
    putLab(g.s, g.rs, 1, 0, heart(9));
    g.s.gold[1] -= 1;
    g.s.slotFunds[key(g, 1, 0)] = 1;
    const top = g.s.cdeck[DECK_INDEX.potions].at(-1)!;
    resolveRoll(g.s, g.rs, 3, 6);
    expect(g.s.hands[1]).toEqual([HAND_POTION + top]);
    expect(g.s.slotFunds[key(g, 1, 0)]).toBe(0);
    assertConserved(g);
  });

  it('an unfunded lab produces nothing', () => {
    const g = game();
    putLab(g.s, g.rs, 0, 0, spade(6));
    resolveRoll(g.s, g.rs, 2, 4);
    expect(g.s.hands[0]).toEqual([]);
    assertConserved(g);
  });

  it('with a full hand the lab draws nothing and keeps its funds (dice.ts labProduces)', () => {
    const g = game();
    putLab(g.s, g.rs, 0, 0, spade(6));
    act(g, Kind.FundLab, 0);
    const designs = g.rs.decks.spells.cards.map((c) => c.id);
    for (let i = 0; i < 16; i++) giveSpell(g, 0, designs[i % designs.length]);
    resolveRoll(g.s, g.rs, 2, 4);
    expect(g.s.hands[0].length).toBe(16);
    expect(g.s.slotFunds[key(g, 0, 0)]).toBe(1);
    assertConserved(g);
  });

  it('a lab produces once per funding: the next roll of its number needs new funds', () => {
    const g = game();
    putLab(g.s, g.rs, 0, 0, spade(6));
    act(g, Kind.FundLab, 0);
    resolveRoll(g.s, g.rs, 2, 4);
    resolveRoll(g.s, g.rs, 1, 5);
    expect(g.s.hands[0].length).toBe(1);
    assertConserved(g);
  });
});

describe('Research success: 3 spent cards under the lab (0.1.27b "Spell Labs": "Research Success"; "Using Spells")', () => {
  it("a spell cast from the lab's own production goes face down under that lab", () => {
    const g = game();
    putLab(g.s, g.rs, 0, 2, spade(6));
    const inst = giveSpell(g, 0, 'pickpocket-hex', 2);
    act(g, Kind.PlayCard, 0);
    act(g, Kind.SelectPlayer, 1);
    expect(g.s.slotSpent[key(g, 0, 2)]).toBe(1);
    expect(g.s.underCard).toEqual([HAND_SPELL + inst]);
    expect(g.s.underKey).toEqual([key(g, 0, 2)]);
    assertConserved(g);
  });

  it('a spell from elsewhere earns the lab no credit and is shuffled back into the deck', () => {
    const g = game();
    putLab(g.s, g.rs, 0, 2, spade(6));
    const inst = giveSpell(g, 0, 'pickpocket-hex', -1);
    act(g, Kind.PlayCard, 0);
    act(g, Kind.SelectPlayer, 1);
    expect(g.s.slotSpent[key(g, 0, 2)]).toBe(0);
    expect(g.s.cdeck[DECK_INDEX.spells]).toContain(inst);
    assertConserved(g);
  });

  it('a Spell Shop needs a funded lab with 3 spent cards', () => {
    const g = game();
    putLab(g.s, g.rs, 0, 0, spade(6));
    putProperty(g.s, g.rs, 0, 1, club(5));
    const k = key(g, 0, 0);
    spend(g, k, 2);
    act(g, Kind.FundLab, 0);
    expect(isLegal(g, Kind.CreateSpecialised, 0)).toBe(false);
    spend(g, k, 1);
    expect(isLegal(g, Kind.CreateSpecialised, 0)).toBe(true);
    g.s.slotFunds[k] = 0; // unfunded (funds back to the pocket for conservation)
    g.s.gold[0] += 1;
    expect(isLegal(g, Kind.CreateSpecialised, 0)).toBe(false);
    expect(() => act(g, Kind.CreateSpecialised, 0)).toThrow(IllegalActionError);
    assertConserved(g);
  });
});

describe('Creating a Spell Shop or Brewery (0.1.27b "Spell Shop Mechanics", "Brewery Mechanics": "Creation")', () => {
  it('places the successful Spell Lab on a property: spent spells go back into the deck, funds to the Central Bank', () => {
    const g = game();
    putLab(g.s, g.rs, 0, 0, spade(6));
    putProperty(g.s, g.rs, 0, 1, club(5));
    const k = key(g, 0, 0);
    const spent = spend(g, k, 3);
    act(g, Kind.FundLab, 0);
    const bank = g.s.centralBank;
    act(g, Kind.CreateSpecialised, 0);
    expect(g.s.phase).toBe(Phase.SelectSlot);
    expect(isLegal(g, Kind.SelectSlot, 0)).toBe(false);
    act(g, Kind.SelectSlot, 1);
    expect(g.s.phase).toBe(Phase.Main);
    const p = key(g, 0, 1);
    expect(g.s.slotTopKind[p]).toBe(TopKind.SpellShop);
    expect(g.s.slotTop[p]).toBe(spade(6));
    expect(g.s.slotKind[k]).toBe(SlotKind.Empty);
    expect(g.s.centralBank).toBe(bank + 1);
    expect(g.s.underCard).toEqual([]);
    for (const c of spent) expect(g.s.cdeck[DECK_INDEX.spells]).toContain(c);
    assertConserved(g);
  });

  it('a Spell Shop may go on an invested property (Spell Shops can be invested in); a Brewery may not', () => {
    const g = game();
    putLab(g.s, g.rs, 0, 0, spade(6));
    putLab(g.s, g.rs, 0, 1, heart(4));
    putProperty(g.s, g.rs, 0, 2, club(5));
    spend(g, key(g, 0, 0), 3);
    spend(g, key(g, 0, 1), 3);
    act(g, Kind.FundLab, 0);
    act(g, Kind.FundLab, 1);
    act(g, Kind.Invest, 2, 0);
    expect(isLegal(g, Kind.CreateSpecialised, 1)).toBe(false); // Brewery: no un-invested property
    expect(isLegal(g, Kind.CreateSpecialised, 0)).toBe(true);
    act(g, Kind.CreateSpecialised, 0);
    act(g, Kind.SelectSlot, 2);
    expect(g.s.slotTopKind[key(g, 0, 2)]).toBe(TopKind.SpellShop);
    expect(g.s.slotInvest[key(g, 0, 2)]).toBe(1);
    assertConserved(g);
  });

  it('places a successful Potion Lab on an un-invested property as a Brewery (0.1.27b "Breweries")', () => {
    const g = game();
    putLab(g.s, g.rs, 0, 0, heart(4));
    putProperty(g.s, g.rs, 0, 1, club(9));
    spend(g, key(g, 0, 0), 3);
    act(g, Kind.FundLab, 0);
    act(g, Kind.CreateSpecialised, 0);
    act(g, Kind.SelectSlot, 1);
    expect(g.s.slotTopKind[key(g, 0, 1)]).toBe(TopKind.Brewery);
    expect(g.s.cdeck[DECK_INDEX.potions].length).toBe(28);
    assertConserved(g);
  });
});

describe('D17: maintenance on the permit number (0.1.27b "Property Maintenance", "Maintenance Costs"; 0.1.14a "Maintenance")', () => {
  it("a Spell Shop costs 1 gold to the Central Bank when its lab card's number is rolled", () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 0, club(5));
    putSpecialised(g.s, g.rs, 0, 0, spade(9));
    const bank = g.s.centralBank;
    resolveRoll(g.s, g.rs, 3, 6);
    expect(g.s.gold[0]).toBe(9);
    expect(g.s.centralBank).toBe(bank + 1);
    expect(g.s.hands[0]).toEqual([]); // a Spell Shop does not draw spells
    assertConserved(g);
  });

  it('a Brewery costs 1 gold when its number is rolled', () => {
    const g = game();
    putProperty(g.s, g.rs, 1, 0, club(5));
    putSpecialised(g.s, g.rs, 1, 0, heart(3));
    resolveRoll(g.s, g.rs, 1, 2);
    expect(g.s.gold[1]).toBe(9);
    assertConserved(g);
  });

  it('a maintenance the owner cannot pay becomes debt to the Central Bank', () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 0, club(5));
    putSpecialised(g.s, g.rs, 0, 0, spade(9));
    g.s.centralBank += 10;
    g.s.gold[0] = 0;
    resolveRoll(g.s, g.rs, 3, 6);
    expect(g.s.debtBank[0]).toBe(1);
    expect(g.s.bankruptSince[0]).toBe(g.s.months);
    assertConserved(g);
  });
});

describe('Mead (0.1.27b "Mead Production"; 0.1.14a "Hearts")', () => {
  it('a Brewery owner brews two Essence Grain into a Mead and sells it to the Central Bank at the Cost of the Living', () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 0, club(5));
    putSpecialised(g.s, g.rs, 0, 0, heart(3));
    giveCommodity(g.s, 0, GRAIN, 3);
    g.s.costOfLiving = 4;
    act(g, Kind.BrewMead);
    expect(g.s.held[GRAIN]).toBe(1);
    expect(g.s.mead[0]).toBe(1);
    expect(isLegal(g, Kind.BrewMead)).toBe(false); // one Grain left
    const bank = g.s.centralBank;
    act(g, Kind.SellMead);
    expect(g.s.mead[0]).toBe(0);
    expect(g.s.gold[0]).toBe(14);
    expect(g.s.centralBank).toBe(bank - 4);
    expect(isLegal(g, Kind.SellMead)).toBe(false);
    assertConserved(g);
  });

  it('no Mead without a Brewery', () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 0, club(5));
    putSpecialised(g.s, g.rs, 0, 0, spade(3));
    giveCommodity(g.s, 0, GRAIN, 2);
    expect(isLegal(g, Kind.BrewMead)).toBe(false);
    expect(() => act(g, Kind.BrewMead)).toThrow(IllegalActionError);
    assertConserved(g);
  });
});
