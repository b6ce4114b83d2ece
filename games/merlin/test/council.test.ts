import { describe, expect, it } from 'vitest';
import { catalogue, Kind } from '../engine/actions.ts';
import { createGame } from '../engine/setup.ts';
import { Phase, type MerlinState } from '../engine/state.ts';
import { rankOf } from '../engine/cards.ts';
import { loadRuleset } from '../rules/index.ts';
import { createObservationEncoder } from '../env/observation.ts';
import { renderTable } from '../env/render.ts';
import { act, assertConserved, club, diamond, game, heart, isLegal, JOKER, spade, stackDeck, takeCard, variant } from './helpers.ts';

const council = loadRuleset('council');
const full = loadRuleset('full');

/** Show `card` (taken from the deck) at place `place` of the Council's offices; the card it replaces goes back on the deck. */
function show(s: MerlinState, place: number, card: number): void {
  takeCard(s, card);
  if (s.council[place] >= 0) s.deck.unshift(s.council[place]);
  s.council[place] = card;
}

describe("D15 (option `councilDisplay`, ruleset council): a display of the Council's offices (0.1.27b 'The First Turn' 2 A: \"Purchase available property cards\")", () => {
  it('setup lays out `councilDisplay` face-up cards, none an Ace, a 7 or a Joker, each card once; same seed, same display', () => {
    for (const seed of ['a', 'b', 'c', 'd', 'e']) {
      const s = createGame(council, 4, seed);
      expect(s.council.length).toBe(council.data.councilDisplay);
      for (const c of s.council) {
        expect(c).toBeGreaterThanOrEqual(0);
        expect([0, 1, 7]).not.toContain(rankOf(c));
        expect(s.deck).not.toContain(c);
      }
      expect(createGame(council, 4, seed).council).toEqual(s.council);
    }
    const g = game({ ruleset: council });
    assertConserved(g);
  });

  it('without the option there is no display and one Buy action (the blind draw)', () => {
    expect(full.data.councilDisplay).toBeUndefined();
    expect(createGame(full, 4, 'a').council).toEqual([]);
    expect(catalogue(full).count[Kind.BuyCard]).toBe(1);
    expect(catalogue(council).count[Kind.BuyCard]).toBe(4);
    expect(catalogue(council).size).toBe(catalogue(full).size + 3);
  });

  it('a Buy action takes the chosen card at the Cost of the Living (to the R.O.W.); the buyer refills the place from the top of the deck', () => {
    const g = game({ ruleset: council });
    g.s.costOfLiving = 3;
    show(g.s, 2, club(9));
    stackDeck(g.s, heart(4));
    const gold = g.s.gold[0];
    const row = g.s.row;
    act(g, Kind.BuyCard, 2);
    expect(g.s.gold[0]).toBe(gold - 3);
    expect(g.s.row).toBe(row + 3);
    expect(g.s.newCards[0]).toEqual([club(9)]);
    expect(g.s.council[2]).toBe(heart(4));
    assertConserved(g);
  });

  it('Aces, 7s and Jokers drawn while refilling act at once for the buyer and are shuffled back; the first other card fills the place', () => {
    const g = game({ ruleset: council });
    g.s.costOfLiving = 2;
    show(g.s, 0, diamond(5));
    stackDeck(g.s, spade(9)); // drawn last: fills the place
    stackDeck(g.s, club(3)); // the permit the Ace finds: the buyer's, playable at once
    stackDeck(g.s, heart(1)); // an Ace: the Winds of Fortune for the buyer
    stackDeck(g.s, club(7)); // drawn first: the Cost of the Living rises by Volatility
    const volatility = g.s.volatility;
    act(g, Kind.BuyCard, 0);
    expect(g.s.costOfLiving).toBe(2 + volatility);
    expect(g.s.hands[0]).toEqual([club(3)]);
    expect(g.s.council[0]).toBe(spade(9));
    expect(g.s.newCards[0]).toEqual([diamond(5)]);
    expect(g.s.deck).toContain(club(7));
    expect(g.s.deck).toContain(heart(1));
    assertConserved(g);
  });

  it('a Joker drawn while refilling is a Taxman: every player pays the tax rate', () => {
    const withJokers = variant((d) => {
      d.councilDisplay = 4;
      d.deck.jokers = true;
    });
    const g = game({ ruleset: withJokers });
    g.s.taxRate = 1;
    stackDeck(g.s, spade(9));
    stackDeck(g.s, JOKER);
    const others = [1, 2, 3].map((p) => g.s.gold[p]);
    act(g, Kind.BuyCard, 0);
    expect([1, 2, 3].map((p) => g.s.gold[p])).toEqual(others.map((x) => x - 1));
    expect(g.s.council[0]).toBe(spade(9));
    assertConserved(g);
  });

  it('a King bought from the display is played at once: its buyer chooses a decree', () => {
    const g = game({ ruleset: council });
    show(g.s, 1, heart(13));
    act(g, Kind.BuyCard, 1);
    expect(g.s.phase).toBe(Phase.DecreeChoose);
    expect(g.s.decreeDrawer).toBe(0);
    expect(g.s.council[1]).toBeGreaterThanOrEqual(0);
    assertConserved(g);
  });

  it('one Buy action per place that shows a card, none without the price; an empty place stays empty when no card can fill it', () => {
    const g = game({ ruleset: council });
    for (let a = 0; a < 4; a++) expect(isLegal(g, Kind.BuyCard, a)).toBe(true);
    // Only 7s are left to draw: the place bought stays empty (-1) and its action is gone.
    g.s.deck = [club(7), spade(7)];
    g.s.discard = [];
    act(g, Kind.BuyCard, 3);
    expect(g.s.council[3]).toBe(-1);
    expect(isLegal(g, Kind.BuyCard, 3)).toBe(false);
    expect(isLegal(g, Kind.BuyCard, 0)).toBe(true);
    g.s.gold[0] = g.s.costOfLiving - 1;
    for (let a = 0; a < 4; a++) expect(isLegal(g, Kind.BuyCard, a)).toBe(false);
  });

  it('the observation shows every seat the display (council.suit, council.rank); rulesets without it have no such segments', () => {
    const g = game({ ruleset: council });
    show(g.s, 0, club(9));
    show(g.s, 3, spade(13));
    const enc = createObservationEncoder(council);
    const seg = (name: string) => enc.spec.segments.find((x) => x.name === name)!;
    const out = new Float32Array(enc.spec.size);
    for (const seat of [0, 2]) {
      enc.observe(g.s, seat, out);
      expect(out[seg('council.suit').offset + 0 * 4 + 0]).toBe(1);
      expect(out[seg('council.rank').offset + 0]).toBeCloseTo(9 / 13);
      expect(out[seg('council.suit').offset + 3 * 4 + 1]).toBe(1);
      expect(out[seg('council.rank').offset + 3]).toBe(1);
    }
    expect(createObservationEncoder(full).spec.segments.some((x) => x.name.startsWith('council.'))).toBe(false);
    expect(renderTable(council, g.s)).toContain("Council's offices: 9 of Clubs");
  });
});
