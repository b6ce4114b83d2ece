import { describe, expect, it } from 'vitest';
import { Kind } from '../engine/actions.ts';
import { Phase, SlotKind } from '../engine/state.ts';
import { rankOf } from '../engine/cards.ts';
import { loadRuleset } from '../rules/index.ts';
import { IllegalActionError } from '../../../lib/errors.ts';
import {
  act,
  assertConserved,
  classic,
  club,
  diamond,
  game,
  giveCard,
  giveGold,
  heart,
  isLegal,
  JOKER,
  key,
  nextRoll,
  putProperty,
  snap,
  spade,
  stackDeck,
  takeCard,
  variant,
} from './helpers.ts';

const OIL = 1;

describe('Buying a card at the Cost of the Living (0.1.27b "Properties and Permits"; 0.1.14a "Core Loop")', () => {
  it("D15: pays the Cost of the Living to the R.O.W. (the Council's office) and takes the top card face down, not yet playable", () => {
    const g = game();
    g.s.costOfLiving = 3;
    stackDeck(g.s, club(9));
    const bank = g.s.centralBank;
    act(g, Kind.BuyCard);
    expect(g.s.gold[0]).toBe(7);
    expect(g.s.row).toBe(3);
    expect(g.s.centralBank).toBe(bank);
    expect(g.s.newCards[0]).toEqual([club(9)]);
    expect(g.s.hands[0]).toEqual([]);
    expect(isLegal(g, Kind.PlayCard, 0)).toBe(false);
    assertConserved(g);
  });

  it('D15: with `cardPricePaidTo: centralBank` (ruleset classic) the price goes to the Central Bank', () => {
    const g = game({ ruleset: classic() });
    g.s.costOfLiving = 3;
    stackDeck(g.s, club(9));
    const bank = g.s.centralBank;
    act(g, Kind.BuyCard);
    expect(g.s.centralBank).toBe(bank + 3);
    expect(g.s.row).toBe(0);
    assertConserved(g);
  });

  it("D45: a bought card joins the hand at the end of the turn and is playable on the buyer's next turn", () => {
    const g = game();
    stackDeck(g.s, club(9));
    act(g, Kind.BuyCard);
    nextRoll(g.s, 1, 2);
    act(g, Kind.EndTurn);
    expect(g.s.hands[0]).toEqual([club(9)]);
    expect(g.s.newCards[0]).toEqual([]);
    for (let seat = 1; seat <= 3; seat++) {
      expect(g.s.decider).toBe(seat);
      act(g, Kind.DrawTeaLeaves);
      expect(g.s.hands[0]).toEqual([club(9)]); // waiting for seat 0's own turn
      nextRoll(g.s, 1, 2);
      act(g, Kind.EndTurn);
    }
    expect(g.s.decider).toBe(0);
    act(g, Kind.DrawTeaLeaves);
    expect(isLegal(g, Kind.PlayCard, 0)).toBe(true);
    act(g, Kind.PlayCard, 0);
    act(g, Kind.SelectSlot, 0);
    expect(g.s.slotKind[key(g, 0, 0)]).toBe(SlotKind.Property);
    expect(g.s.slotCard[key(g, 0, 0)]).toBe(club(9));
    assertConserved(g);
  });

  it('needs the Cost of the Living in the pocket', () => {
    const g = game();
    g.s.costOfLiving = 11;
    expect(isLegal(g, Kind.BuyCard)).toBe(false);
    const before = snap(g);
    expect(() => act(g, Kind.BuyCard)).toThrow(IllegalActionError);
    expect(snap(g)).toBe(before);
    g.s.costOfLiving = 10;
    expect(isLegal(g, Kind.BuyCard)).toBe(true);
    assertConserved(g);
  });

  it('respects the hand limit (16 cards, counting those bought this turn)', () => {
    const g = game();
    for (let r = 2; r <= 6; r++) for (const suit of [club, spade, heart]) giveCard(g.s, 0, suit(r));
    expect(g.s.hands[0].length).toBe(15);
    giveGold(g.s, 0, 20);
    stackDeck(g.s, club(8));
    act(g, Kind.BuyCard);
    expect(g.s.hands[0].length + g.s.newCards[0].length).toBe(16);
    expect(isLegal(g, Kind.BuyCard)).toBe(false);
    expect(() => act(g, Kind.BuyCard)).toThrow(IllegalActionError);
    assertConserved(g);
  });

  it('reshuffles the discard pile when the deck runs out (0.1.27b "When any deck runs out, reshuffle its discard pile")', () => {
    const g = game();
    const all = g.s.deck.splice(0);
    g.s.discard.push(...all);
    act(g, Kind.BuyCard);
    expect(g.s.discard.length).toBe(0);
    expect(g.s.deck.length + g.s.hands[0].length + g.s.newCards[0].length).toBe(208);
    expect(g.s.deck.length).toBeGreaterThanOrEqual(206);
    assertConserved(g);
  });

  it('refuses to buy when the deck and its discard pile are both empty', () => {
    const rs = variant((d) => (d.deck.mode = 'single'));
    const g = game({ ruleset: rs });
    expect(g.s.deck.length).toBe(52);
    const all = g.s.deck.splice(0);
    for (let i = 0; i < all.length; i++) {
      const seat = i % 4;
      g.s.hands[seat].push(all[i]);
      g.s.handOrigin[seat].push(-1);
    }
    expect(isLegal(g, Kind.BuyCard)).toBe(false);
    expect(() => act(g, Kind.BuyCard)).toThrow(IllegalActionError);
    assertConserved(g);
  });
});

describe('Playing permits from the hand (0.1.27b "Properties and Permits", "Spades", "Hearts")', () => {
  it('a Club becomes a property, a Spade a Spell Lab, a Heart a Potion Lab (0.1.14a "Clubs"…"Hearts"), each in the empty slot the player chooses (D81)', () => {
    const g = game();
    giveCard(g.s, 0, club(4));
    giveCard(g.s, 0, spade(5));
    giveCard(g.s, 0, heart(6));
    act(g, Kind.PlayCard, 0);
    expect(g.s.phase).toBe(Phase.SelectSlot);
    act(g, Kind.SelectSlot, 5);
    act(g, Kind.PlayCard, 0);
    expect(isLegal(g, Kind.SelectSlot, 5)).toBe(false); // taken
    act(g, Kind.SelectSlot, 0);
    act(g, Kind.PlayCard, 0);
    act(g, Kind.SelectSlot, 1);
    expect(g.s.slotKind.slice(0, 6)).toEqual([
      SlotKind.SpellLab,
      SlotKind.PotionLab,
      SlotKind.Empty,
      SlotKind.Empty,
      SlotKind.Empty,
      SlotKind.Property,
    ]);
    expect([g.s.slotCard[0], g.s.slotCard[1], g.s.slotCard[5]]).toEqual([spade(5), heart(6), club(4)]);
    expect(g.s.hands[0]).toEqual([]);
    assertConserved(g);
  });

  it("with board.placement 'first' a played card takes the first free slot (the market variant)", () => {
    const g = game({ ruleset: loadRuleset('market') });
    giveCard(g.s, 0, club(4));
    giveCard(g.s, 0, spade(5));
    act(g, Kind.PlayCard, 0);
    act(g, Kind.PlayCard, 0);
    expect(g.s.slotCard.slice(0, 2)).toEqual([club(4), spade(5)]);
  });

  it('a full field takes no more cards', () => {
    const g = game();
    const ranks = [2, 3, 4, 5, 6, 8, 9, 10];
    for (let i = 0; i < 16; i++) putProperty(g.s, g.rs, 0, i, club(ranks[i % 8]) + 54 * Math.floor(i / 8));
    giveCard(g.s, 0, club(4) + 108);
    giveCard(g.s, 0, spade(4));
    giveCard(g.s, 0, diamond(4));
    expect(isLegal(g, Kind.PlayCard, 0)).toBe(false);
    expect(isLegal(g, Kind.PlayCard, 1)).toBe(false);
    expect(() => act(g, Kind.PlayCard, 1)).toThrow(IllegalActionError);
    // a Land needs no slot of its own: it goes on top of a property
    expect(isLegal(g, Kind.PlayCard, 2)).toBe(true);
    assertConserved(g);
  });
});

describe('Aces: draw until a permit, paid at once, Ace shuffled back (0.1.27b "The Winds of Fortune (Aces)")', () => {
  it('draws past non-permits to the first permit, keeps it playable at once, and pays as if its number were rolled', () => {
    const g = game();
    stackDeck(g.s, club(5));
    stackDeck(g.s, spade(11)); // a Jack: not a permit
    stackDeck(g.s, heart(7)); // a 7: not a permit
    stackDeck(g.s, diamond(1)); // the Ace, drawn first
    const bank = g.s.centralBank;
    act(g, Kind.BuyCard);
    expect(g.s.hands[0]).toEqual([club(5)]);
    expect(g.s.newCards[0]).toEqual([]);
    // paid the Cost of the Living (2) to the R.O.W. (D15), received the 5's payout (2) from the Central Bank
    expect(g.s.gold[0]).toBe(10);
    expect(g.s.centralBank).toBe(bank - 2);
    expect(g.s.costOfLiving).toBe(2); // the 7 passed over was not played
    expect(g.s.deck).toContain(diamond(1));
    expect(g.s.deck).toContain(spade(11));
    expect(g.s.deck).toContain(heart(7));
    // playable now
    expect(isLegal(g, Kind.PlayCard, 0)).toBe(true);
    act(g, Kind.PlayCard, 0);
    act(g, Kind.SelectSlot, 0);
    expect(g.s.slotCard[key(g, 0, 0)]).toBe(club(5));
    assertConserved(g);
  });

  it('an Elixir Oil Land found by an Ace yields one Oil at once (and Climate Change)', () => {
    const g = game();
    stackDeck(g.s, diamond(6));
    stackDeck(g.s, club(1));
    act(g, Kind.BuyCard);
    expect(g.s.hands[0]).toEqual([diamond(6)]);
    expect(g.s.held[OIL]).toBe(1);
    expect(g.s.climate).toBe(1);
    assertConserved(g);
  });

  it('a Souls Land found by an Ace in winter yields nothing; in spring two', () => {
    const g = game();
    g.s.wheelPos = 2; // Winter
    stackDeck(g.s, diamond(3));
    stackDeck(g.s, club(1));
    act(g, Kind.BuyCard);
    expect(g.s.held[0]).toBe(0);
    g.s.wheelPos = 3; // Spring
    stackDeck(g.s, diamond(4));
    stackDeck(g.s, spade(1));
    act(g, Kind.BuyCard);
    expect(g.s.held[0]).toBe(2);
    assertConserved(g);
  });

  it('a lab found by an Ace is kept but, being unfunded, yields nothing', () => {
    const g = game();
    stackDeck(g.s, spade(9));
    stackDeck(g.s, heart(1));
    act(g, Kind.BuyCard);
    expect(g.s.hands[0]).toEqual([spade(9)]);
    expect(g.s.gold[0]).toBe(8);
    assertConserved(g);
  });

  it('keeps drawing through a reshuffle of the discard pile when the deck holds no permit', () => {
    const g = game();
    // move every permit to the discard pile; leave the Ace on top of a deck of non-permits
    const permits = g.s.deck.filter((c) => rankOf(c) >= 2 && rankOf(c) <= 10 && rankOf(c) !== 7);
    g.s.deck = g.s.deck.filter((c) => !permits.includes(c));
    g.s.discard.push(...permits);
    stackDeck(g.s, club(1));
    act(g, Kind.BuyCard);
    expect(g.s.hands[0].length).toBe(1);
    const r = rankOf(g.s.hands[0][0]);
    expect(r >= 2 && r <= 10 && r !== 7).toBe(true);
    assertConserved(g);
  });
});

describe('Jokers: the Taxman (0.1.27b "Taxmen of the Wizard\'s Republic (Jokers)", optional rule)', () => {
  it('every player pays the tax rate to the R.O.W. (not the Central Bank); the Joker is shuffled back', () => {
    const rs = variant((d) => {
      d.deck.jokers = true;
      d.sevens.pocketLossPercent = 0;
    });
    const g = game({ ruleset: rs });
    g.s.costOfLiving = 2;
    g.s.taxRate = 2;
    stackDeck(g.s, JOKER);
    const bank = g.s.centralBank;
    act(g, Kind.BuyCard);
    expect(g.s.gold).toEqual([10 - 2 - 2, 8, 8, 8]);
    expect(g.s.row).toBe(2 + 8); // the card's price (D15) and the Taxman's 4 x 2
    expect(g.s.centralBank).toBe(bank); // nothing
    expect(g.s.deck).toContain(JOKER);
    expect(g.s.newCards[0]).toEqual([]);
    assertConserved(g);
  });

  it('a player who cannot pay the Taxman owes the rest to the R.O.W.', () => {
    const rs = variant((d) => {
      d.deck.jokers = true;
      d.sevens.pocketLossPercent = 0;
    });
    const g = game({ ruleset: rs });
    g.s.costOfLiving = 2;
    g.s.taxRate = 3;
    g.s.centralBank += 9;
    g.s.gold[2] = 1;
    stackDeck(g.s, JOKER + 54);
    act(g, Kind.BuyCard);
    expect(g.s.gold[2]).toBe(0);
    expect(g.s.debtRow[2]).toBe(2);
    expect(g.s.bankruptSince[2]).toBe(g.s.months);
    expect(g.s.row).toBe(2 + 3 + 3 + 1 + 3); // the card's price (D15) and the Taxman's
    assertConserved(g);
  });

  it('the full ruleset leaves the Jokers out', () => {
    const g = game();
    expect(() => takeCard(g.s, JOKER)).toThrow();
    assertConserved(g);
  });
});

describe('Kings: a Royal Decree at once (0.1.27b "Royal Decrees")', () => {
  it('a King drawn is played immediately: the buyer chooses among revealed decrees', () => {
    const g = game();
    stackDeck(g.s, spade(13));
    act(g, Kind.BuyCard);
    expect(g.s.phase).toBe(Phase.DecreeChoose);
    expect(g.s.decider).toBe(0);
    expect(g.s.decreeOptions.length).toBe(3);
    expect(g.s.decreeDrawer).toBe(0);
    expect(g.s.newCards[0]).toEqual([spade(13)]);
    expect(isLegal(g, Kind.EndTurn)).toBe(false);
    assertConserved(g);
  });
});

describe('Golems and Royal Guards are animated and motivated, never played (combat.ts)', () => {
  it('a Jack bought waits in the hand', () => {
    const g = game();
    giveCard(g.s, 0, club(11));
    expect(isLegal(g, Kind.PlayCard, 0)).toBe(false);
    assertConserved(g);
  });
});
