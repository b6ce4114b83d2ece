import { describe, expect, it } from 'vitest';
import { resolveRoll } from '../engine/dice.ts';
import { Kind } from '../engine/actions.ts';
import { HAND_POTION, HAND_SPELL, Phase, SlotKind } from '../engine/state.ts';
import { IllegalActionError } from '../../../lib/errors.ts';
import {
  labCardAt,
  act,
  assertConserved,
  club,
  diamond,
  game,
  nextRoll,
  giveCard,
  instancesOf,
  giveCommodity,
  givePotion,
  giveSpell,
  isLegal,
  key,
  putLab,
  putLand,
  putProperty,
  putSpecialised,
  snap,
  spade,
  variant,
  type Game,
  noPocketLoss,
} from './helpers.ts';
import { DECK_INDEX } from '../engine/kernel/card-defs.ts';

const SOULS = 0;
const OIL = 1;
const GRAIN = 2;

function held(g: Game, seat: number): number[] {
  return g.s.held.slice(seat * 3, seat * 3 + 3);
}

describe('Spells with targets: Cumulonimbus on an opponent\'s Land (0.1.27b "Unleash Spells", "Using Spells")', () => {
  it('is cast by naming the player, then their Land; the Land then produces nothing on its number', () => {
    const g = game();
    g.s.wheelPos = 0;
    putProperty(g.s, g.rs, 2, 0, club(8));
    putLand(g.s, g.rs, 2, 0, diamond(4));
    putProperty(g.s, g.rs, 2, 1, club(9));
    putLand(g.s, g.rs, 2, 1, diamond(3));
    giveSpell(g, 0, 'cumulonimbus');
    expect(isLegal(g, Kind.PlayCard, 0)).toBe(true);
    act(g, Kind.PlayCard, 0);
    expect(g.s.phase).toBe(Phase.SelectPlayer);
    // only seat 2 has a Land: offsets 1 (seat 1) and 3 (seat 3) are refused
    expect(isLegal(g, Kind.SelectPlayer, 1)).toBe(false);
    expect(isLegal(g, Kind.SelectPlayer, 2)).toBe(true);
    expect(isLegal(g, Kind.SelectPlayer, 3)).toBe(false);
    act(g, Kind.SelectPlayer, 2);
    expect(g.s.phase).toBe(Phase.SelectSlot);
    expect(isLegal(g, Kind.SelectSlot, 0)).toBe(true);
    expect(isLegal(g, Kind.SelectSlot, 1)).toBe(true);
    expect(isLegal(g, Kind.SelectSlot, 2)).toBe(false);
    act(g, Kind.SelectSlot, 0);
    expect(g.s.phase).toBe(Phase.Main);
    expect(g.s.hands[0]).toEqual([]);
    // the pair is marked as having targeted each other
    expect(g.s.spellTargeted[0 * 4 + 2]).toBe(1);
    expect(g.s.spellTargeted[2 * 4 + 0]).toBe(1);
    resolveRoll(g.s, g.rs, 1, 3); // the clouded Land (4)
    expect(held(g, 2)[SOULS]).toBe(0);
    resolveRoll(g.s, g.rs, 1, 2); // the other Land (3) still yields
    expect(held(g, 2)[SOULS]).toBe(1);
    assertConserved(g);
  });

  it('cannot be cast when no opponent has a Land', () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 0, club(8));
    putLand(g.s, g.rs, 0, 0, diamond(4)); // own Land only
    giveSpell(g, 0, 'cumulonimbus');
    expect(isLegal(g, Kind.PlayCard, 0)).toBe(false);
    const before = snap(g);
    expect(() => act(g, Kind.PlayCard, 0)).toThrow(IllegalActionError);
    expect(snap(g)).toBe(before);
    assertConserved(g);
  });

  it('Pickpocket Hex moves 2 gold from the target to the Central Bank', () => {
    const g = game();
    giveSpell(g, 0, 'pickpocket-hex');
    const bank = g.s.centralBank;
    act(g, Kind.PlayCard, 0);
    expect(isLegal(g, Kind.SelectPlayer, 1)).toBe(true);
    expect(isLegal(g, Kind.SelectPlayer, 3)).toBe(true);
    act(g, Kind.SelectPlayer, 3);
    expect(g.s.gold).toEqual([10, 10, 10, 8]);
    expect(g.s.centralBank).toBe(bank + 2);
    assertConserved(g);
  });

  it('an eliminated player cannot be targeted', () => {
    const g = game();
    g.s.eliminated[1] = 1;
    g.s.centralBank += g.s.gold[1];
    g.s.gold[1] = 0;
    giveSpell(g, 0, 'levy-of-frogs');
    act(g, Kind.PlayCard, 0);
    expect(isLegal(g, Kind.SelectPlayer, 1)).toBe(false);
    act(g, Kind.SelectPlayer, 2);
    expect(g.s.gold[2]).toBe(9);
    expect(g.s.row).toBe(1);
    assertConserved(g);
  });
});

describe('D26, D27: spell sales through a Spell Shop, with brokerage (0.1.27b "Spell Sales", "Brokerage Services")', () => {
  it("the Spell Shop's owner sells a spell to the Central Bank at the Cost of the Living; it goes back into the deck", () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 0, club(5));
    putSpecialised(g.s, g.rs, 0, 0, spade(8));
    const inst = giveSpell(g, 0, 'blight');
    g.s.costOfLiving = 3;
    expect(isLegal(g, Kind.SellSpell, 0)).toBe(true);
    const bank = g.s.centralBank;
    act(g, Kind.SellSpell, 0);
    expect(g.s.gold[0]).toBe(13);
    expect(g.s.centralBank).toBe(bank - 3);
    expect(g.s.hands[0]).toEqual([]);
    expect(g.s.cdeck[DECK_INDEX.spells]).toContain(inst);
    assertConserved(g);
  });

  it("another player's Spell Shop can broker the sale", () => {
    const g = game();
    putProperty(g.s, g.rs, 3, 0, club(5));
    putSpecialised(g.s, g.rs, 3, 0, spade(8));
    giveSpell(g, 0, 'blight');
    expect(isLegal(g, Kind.SellSpell, 0)).toBe(true);
    act(g, Kind.SellSpell, 0);
    expect(g.s.gold[0]).toBe(12);
    assertConserved(g);
  });

  it('without brokerage, or without any Spell Shop, a spell cannot be sold', () => {
    const g = game();
    giveSpell(g, 0, 'blight');
    expect(isLegal(g, Kind.SellSpell, 0)).toBe(false);
    expect(() => act(g, Kind.SellSpell, 0)).toThrow(IllegalActionError);
    const rs = variant((d) => (d.spellShopBrokerage = false));
    const h = game({ ruleset: rs });
    putProperty(h.s, h.rs, 3, 0, club(5));
    putSpecialised(h.s, h.rs, 3, 0, spade(8));
    giveSpell(h, 0, 'blight');
    expect(isLegal(h, Kind.SellSpell, 0)).toBe(false);
    assertConserved(g);
    assertConserved(h);
  });

  it('a potion recipe is not a spell and cannot be sold as one', () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 0, club(5));
    putSpecialised(g.s, g.rs, 0, 0, spade(8));
    givePotion(g, 0, 'raining-gold');
    expect(isLegal(g, Kind.SellSpell, 0)).toBe(false);
    assertConserved(g);
  });
});

describe('Potions: brewed from their recipe, face down, resolved on their trigger (0.1.27b "Brew and Deploy Potions", "Using Potions")', () => {
  it('Raining Gold (0.1.27b "The First Turn" 2 B): costs one Elixir Oil, lies face down under the Land, pays 3 gold on the Land\'s number; the recipe, single use (0.1.14a "Hearts"), then goes back into the deck (D25)', () => {
    const g = game();
    g.s.wheelPos = 0;
    putProperty(g.s, g.rs, 0, 0, club(5));
    putLand(g.s, g.rs, 0, 0, diamond(9));
    putProperty(g.s, g.rs, 0, 1, club(6)); // a property without a Land is not a valid place
    giveCommodity(g.s, 0, OIL, 1);
    const inst = givePotion(g, 0, 'raining-gold');
    const oil = g.s.supply[OIL];
    act(g, Kind.PlayCard, 0);
    expect(g.s.phase).toBe(Phase.SelectSlot);
    expect(isLegal(g, Kind.SelectSlot, 1)).toBe(false);
    act(g, Kind.SelectSlot, 0);
    expect(held(g, 0)[OIL]).toBe(0);
    expect(g.s.supply[OIL]).toBe(oil + 1);
    expect(g.s.potionCard).toEqual([inst]);
    expect(g.s.potionSlot).toEqual([key(g, 0, 0)]);
    expect(g.s.potionOwner).toEqual([0]);
    // the property's own number (5) does not trigger it
    resolveRoll(g.s, g.rs, 1, 4);
    expect(g.s.potionCard).toEqual([inst]);
    expect(g.s.gold[0]).toBe(12);
    const bank = g.s.centralBank;
    resolveRoll(g.s, g.rs, 3, 6); // the Land's number
    expect(g.s.gold[0]).toBe(15);
    expect(g.s.centralBank).toBe(bank - 3);
    expect(held(g, 0)[GRAIN]).toBe(1);
    expect(g.s.potionCard).toEqual([]);
    expect(g.s.cdeck[DECK_INDEX.potions]).toContain(inst);
    assertConserved(g);
  });

  it('a recipe cannot be brewed without its ingredients: Raining Gold needs its Elixir Oil (0.1.27b "Commodities")', () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 0, club(5));
    putLand(g.s, g.rs, 0, 0, diamond(9));
    givePotion(g, 0, 'raining-gold');
    expect(isLegal(g, Kind.PlayCard, 0)).toBe(false);
    giveCommodity(g.s, 0, SOULS, 1);
    expect(isLegal(g, Kind.PlayCard, 0)).toBe(false);
    giveCommodity(g.s, 0, OIL, 1);
    expect(isLegal(g, Kind.PlayCard, 0)).toBe(true);
    assertConserved(g);
  });

  it("D25: a potion from the player's own Potion Lab goes under that lab when it resolves (research progress)", () => {
    const g = game();
    putLab(g.s, g.rs, 0, 3, 26 + 5); // 6 of Hearts
    putProperty(g.s, g.rs, 0, 0, club(5));
    putLand(g.s, g.rs, 0, 0, diamond(9));
    giveCommodity(g.s, 0, OIL, 1);
    const inst = givePotion(g, 0, 'raining-gold', 3);
    act(g, Kind.PlayCard, 0);
    act(g, Kind.SelectSlot, 0);
    resolveRoll(g.s, g.rs, 4, 5);
    expect(g.s.slotSpent[key(g, 0, 3)]).toBe(1);
    expect(g.s.underCard).toEqual([HAND_POTION + inst]);
    assertConserved(g);
  });

  it('a potion under one Land is not triggered by the number of another of its owner\'s Lands (0.1.14a "Potions")', () => {
    const g = game();
    g.s.wheelPos = 0;
    putProperty(g.s, g.rs, 0, 0, club(5));
    putLand(g.s, g.rs, 0, 0, diamond(9));
    putProperty(g.s, g.rs, 0, 1, club(6));
    putLand(g.s, g.rs, 0, 1, diamond(10));
    giveCommodity(g.s, 0, OIL, 1);
    const inst = givePotion(g, 0, 'raining-gold');
    act(g, Kind.PlayCard, 0);
    act(g, Kind.SelectSlot, 0);
    const gold = g.s.gold[0];
    resolveRoll(g.s, g.rs, 4, 6); // 10: the other Land yields, the potion under the 9 stays face down
    expect(held(g, 0)[GRAIN]).toBe(1);
    expect(g.s.potionCard).toEqual([inst]);
    expect(g.s.gold[0]).toBe(gold);
    resolveRoll(g.s, g.rs, 4, 5); // 9: its own Land
    expect(g.s.potionCard).toEqual([]);
    expect(g.s.gold[0]).toBe(gold + 3);
    assertConserved(g);
  });

  it("Philosopher's Tonic lies in front of its owner and pays 4 gold at the start of the second turn after", () => {
    const g = game();
    giveCommodity(g.s, 0, SOULS, 1);
    giveCommodity(g.s, 0, OIL, 1);
    givePotion(g, 0, 'philosophers-tonic');
    act(g, Kind.PlayCard, 0); // no target: brewed at once
    expect(g.s.phase).toBe(Phase.Main);
    expect(g.s.potionSlot).toEqual([-1]);
    expect(g.s.potionTurn).toEqual([g.s.turn]);
    nextRoll(g.s, 1, 2);
    act(g, Kind.EndTurn); // turn 2 (seat 1)
    expect(g.s.potionCard.length).toBe(1);
    const gold = g.s.gold[0];
    act(g, Kind.DrawTeaLeaves);
    act(g, Kind.EndTurn); // turn 3 (seat 2): the tonic resolves at the start of the turn
    expect(g.s.turn).toBe(3);
    expect(g.s.potionCard.length).toBe(0);
    expect(g.s.gold[0]).toBe(gold + 4);
    assertConserved(g);
  });

  it("Merchant's Elixir waits face down for a 7 and then pays 3 gold", () => {
    const g = game({ ruleset: noPocketLoss() });
    giveCommodity(g.s, 0, GRAIN, 2);
    givePotion(g, 0, 'merchants-elixir');
    act(g, Kind.PlayCard, 0);
    expect(g.s.potionCard.length).toBe(1);
    expect(held(g, 0)[GRAIN]).toBe(0);
    resolveRoll(g.s, g.rs, 4, 4);
    expect(g.s.potionCard.length).toBe(1);
    resolveRoll(g.s, g.rs, 4, 3);
    expect(g.s.potionCard.length).toBe(0);
    expect(g.s.gold[0]).toBe(13);
    assertConserved(g);
  });

  it("an unresolved potion is discarded after its expiry (Merchant's Elixir: 24 turns)", () => {
    const g = game();
    giveCommodity(g.s, 0, GRAIN, 2);
    const inst = givePotion(g, 0, 'merchants-elixir');
    act(g, Kind.PlayCard, 0);
    g.s.turn = 25; // the next turn is the 25th after brewing
    nextRoll(g.s, 1, 3);
    act(g, Kind.EndTurn);
    expect(g.s.potionCard).toEqual([]);
    expect(g.s.cdiscard[DECK_INDEX.potions]).toEqual([inst]);
    assertConserved(g);
  });

  it('Fertile Draught doubles its Land at once for the next rolls', () => {
    const g = game();
    g.s.wheelPos = 0;
    putProperty(g.s, g.rs, 0, 0, club(5));
    putLand(g.s, g.rs, 0, 0, diamond(9));
    giveCommodity(g.s, 0, GRAIN, 1);
    givePotion(g, 0, 'fertile-draught');
    act(g, Kind.PlayCard, 0);
    act(g, Kind.SelectSlot, 0);
    expect(held(g, 0)[GRAIN]).toBe(0);
    expect(g.s.potionCard).toEqual([]); // resolved at once and returned
    resolveRoll(g.s, g.rs, 4, 5);
    expect(held(g, 0)[GRAIN]).toBe(2);
    assertConserved(g);
  });
});

describe('Only the lab that produced a spell takes credit for it (0.1.27b "Using Spells"; 0.1.14a "Spells")', () => {
  it('a spell made by a lab that has since become a Spell Shop earns no credit for a new lab played into the freed slot', () => {
    const g = game();
    putLab(g.s, g.rs, 0, 0, spade(6));
    putProperty(g.s, g.rs, 0, 1, club(5));
    const lab = key(g, 0, 0);
    // the lab has 3 spent cards and is funded; it makes one more spell
    for (let i = 0; i < 3; i++) {
      const inst = g.s.cdeck[DECK_INDEX.spells][0];
      g.s.cdeck[DECK_INDEX.spells].splice(0, 1);
      g.s.underCard.push(HAND_SPELL + inst);
      g.s.underKey.push(lab);
      g.s.slotSpent[lab]++;
    }
    act(g, Kind.FundLab, 0);
    resolveRoll(g.s, g.rs, 1, 5);
    expect(g.s.handOrigin[0]).toEqual([labCardAt(g, 0, 0)]); // the producing lab, known by its card
    // the lab becomes a Spell Shop on the 5 of Clubs; slot 0 is free again
    act(g, Kind.FundLab, 0);
    act(g, Kind.CreateSpecialised, 0);
    act(g, Kind.SelectSlot, 1);
    expect(g.s.slotKind[lab]).toBe(SlotKind.Empty);
    // a new Spell Lab is played into the freed slot 0 (board.placement 'choose': the player picks the slot)
    giveCard(g.s, 0, spade(2));
    act(g, Kind.PlayCard, 1);
    act(g, Kind.SelectSlot, 0);
    expect(g.s.slotKind[lab]).toBe(SlotKind.SpellLab);
    expect(g.s.slotCard[lab]).toBe(spade(2));
    // casting the old lab's spell must not count toward the new lab's research
    const code = g.s.hands[0][0];
    expect(code).toBeGreaterThanOrEqual(HAND_SPELL);
    g.s.hands[0][0] = HAND_SPELL + swapToPickpocket(g, code - HAND_SPELL);
    act(g, Kind.PlayCard, 0);
    act(g, Kind.SelectPlayer, 1);
    expect(g.s.slotSpent[lab]).toBe(0);
    expect(g.s.underCard).toEqual([]);
    assertConserved(g);
  });
});

/** Swap hand instance `inst` for a Pickpocket Hex instance from the deck (so the cast needs no Land). */
function swapToPickpocket(g: Game, inst: number): number {
  const pp = instancesOf(g.rs, 'spells', 'pickpocket-hex').find((i) => g.s.cdeck[DECK_INDEX.spells].includes(i))!;
  const d = g.s.cdeck[DECK_INDEX.spells];
  d[d.indexOf(pp)] = inst;
  return pp;
}
