import { describe, expect, it } from 'vitest';
import { buildPlayingDeck, cardName, cardsAvailable, drawFrom, isPermit, rankOf, shuffleBack, suitOf, Suit } from '../engine/cards.ts';
import { createGame } from '../engine/setup.ts';
import { loadRuleset, compileRuleset, CARDS_DIR, RULESETS_DIR } from '../rules/index.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { club, diamond, heart, spade, JOKER } from './helpers.ts';

describe('playing-card encoding (0.1.27b "The Cards of Commerce and Conjuring")', () => {
  it('maps ids to suits and ranks, across several 54-card blocks', () => {
    expect([suitOf(club(5)), rankOf(club(5))]).toEqual([Suit.Clubs, 5]);
    expect([suitOf(spade(1)), rankOf(spade(1))]).toEqual([Suit.Spades, 1]);
    expect([suitOf(heart(12)), rankOf(heart(12))]).toEqual([Suit.Hearts, 12]);
    expect([suitOf(diamond(13)), rankOf(diamond(13))]).toEqual([Suit.Diamonds, 13]);
    expect([suitOf(JOKER), rankOf(JOKER)]).toEqual([Suit.Joker, 0]);
    expect([suitOf(54 + club(9)), rankOf(54 + club(9))]).toEqual([Suit.Clubs, 9]);
    expect(cardName(heart(12))).toBe('Queen of Hearts');
    expect(cardName(53)).toBe('Joker');
  });

  it('calls 2-6 and 8-10 of every suit permits, and nothing else (0.1.27b "Properties and Permits (2-6, 8-10)")', () => {
    const permits = buildPlayingDeck(1, true).filter(isPermit);
    expect(permits.length).toBe(32);
    expect(permits.every((c) => rankOf(c) !== 7 && rankOf(c) >= 2 && rankOf(c) <= 10)).toBe(true);
  });
});

describe('deck composition (0.1.27b "Required Decks" vs 0.1.22b; jokers optional per 0.1.27b "Taxmen")', () => {
  it('has one 52-card deck per player by default, without jokers', () => {
    const rs = loadRuleset('full');
    for (const p of [2, 4, 6]) expect(createGame(rs, p, 'd').deck.length).toBe(52 * p);
  });

  it('has one deck with deck.mode single, and 54 cards per deck with jokers', () => {
    const json = JSON.parse(readFileSync(join(RULESETS_DIR, 'full.json'), 'utf8'));
    json.deck = { mode: 'single', jokers: true };
    const rs = compileRuleset(json, (f) => JSON.parse(readFileSync(join(CARDS_DIR, f), 'utf8')));
    const s = createGame(rs, 5, 'd');
    expect(s.deck.length).toBe(54);
    expect(s.deck.filter((c) => suitOf(c) === Suit.Joker).length).toBe(2);
  });

  it('is shuffled from the seed: same seed same order, other seed other order', () => {
    const rs = loadRuleset('full');
    expect(createGame(rs, 4, 'a').deck).toEqual(createGame(rs, 4, 'a').deck);
    expect(createGame(rs, 4, 'a').deck).not.toEqual(createGame(rs, 4, 'b').deck);
  });
});

describe('drawing and reshuffling (0.1.27b "When any deck runs out, reshuffle its discard pile")', () => {
  it('draws from the top, reshuffles the discard pile when empty, and reports -1 when both are empty', () => {
    const s = createGame(loadRuleset('full'), 2, 'draw');
    const draw = [1, 2, 3];
    const discard = [7, 8];
    expect(drawFrom(s, draw, discard)).toBe(3);
    draw.length = 0;
    const c = drawFrom(s, draw, discard);
    expect([7, 8]).toContain(c);
    expect(discard).toEqual([]);
    expect(draw.length).toBe(1);
    expect(cardsAvailable(draw, discard)).toBe(1);
    drawFrom(s, draw, discard);
    expect(drawFrom(s, draw, discard)).toBe(-1);
  });

  it('D52: shuffles a card back at a random position', () => {
    const s = createGame(loadRuleset('full'), 2, 'back');
    const positions = new Set<number>();
    for (let i = 0; i < 200; i++) {
      const pile = [1, 2, 3, 4];
      shuffleBack(s, pile, 9);
      positions.add(pile.indexOf(9));
    }
    expect(positions.size).toBe(5);
  });
});

describe('the market variant: no golems, no Royal Guards (docs/RULES.md D53)', () => {
  it('leaves Jacks and Queens out of the deck and discards a King after its decree', async () => {
    const { game, stackDeck, act } = await import('./helpers.ts');
    const { Kind } = await import('../engine/actions.ts');
    const { Phase } = await import('../engine/state.ts');
    const rs = loadRuleset('market');
    const g = game({ ruleset: rs, players: 4 });
    const all = [...g.s.deck, ...g.s.discard];
    expect(all.some((c) => rankOf(c) === 11 || rankOf(c) === 12)).toBe(false);
    expect(all.length).toBe(4 * 44);
    stackDeck(g.s, spade(13));
    act(g, Kind.BuyCard);
    expect(g.s.phase).toBe(Phase.DecreeChoose);
    expect(g.s.newCards[0]).toEqual([]);
    expect(g.s.discard).toContain(spade(13));
  });
});
