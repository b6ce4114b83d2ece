/**
 * Playing cards and decks. 0.1.27b "The Cards of Commerce and Conjuring", "Required Decks".
 *
 * A playing card is an integer instance id; `id % 54` is its face: 0..51 are the four suits of 13
 * (Clubs, Spades, Hearts, Diamonds; rank 1 = Ace .. 13 = King), 52 and 53 the Jokers. With one deck per
 * player (0.1.27b) ids run over several 54-card blocks; jokers are left out unless the ruleset enables them.
 */
import { insertRandom, shuffleInPlace } from '../../../lib/rng.ts';
import type { MerlinState } from './state.ts';

export const Suit = { Clubs: 0, Spades: 1, Hearts: 2, Diamonds: 3, Joker: 4 } as const;
export const SUIT_NAMES = ['Clubs', 'Spades', 'Hearts', 'Diamonds', 'Joker'] as const;
const RANK_NAMES = ['', 'Ace', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'Jack', 'Queen', 'King'];

/** Suit of a playing card (4 for a Joker). */
export function suitOf(card: number): number {
  const f = card % 54;
  return f >= 52 ? 4 : (f / 13) | 0;
}

/**
 * Rank of a playing card: 1 Ace, 2..10, 11 Jack, 12 Queen, 13 King; 0 for a Joker (and for -1, no card).
 * The one place the rank is computed: the engine, the observation and the agents all call it. (It was once
 * written out as `((card % 54) % 13) + 1` in six files, which gives a Joker 1 or 2; every such copy read a
 * field slot's card, a unit's card or a hand card already known not to be a Joker, and a Joker never lies
 * there: it is played at once and shuffled back (0.1.27b "Taxmen"; test/rank.test.ts), so none differed.)
 */
export function rankOf(card: number): number {
  const f = card % 54;
  return f >= 52 ? 0 : (f % 13) + 1;
}

/** A permit (0.1.27b "Properties and Permits (2-6, 8-10)"): a numbered card other than a 7. */
export function isPermit(card: number): boolean {
  const r = rankOf(card);
  return r >= 2 && r <= 10 && r !== 7;
}

/** "7 of Clubs", "Queen of Hearts", "Joker". */
export function cardName(card: number): string {
  const s = suitOf(card);
  return s === 4 ? 'Joker' : `${RANK_NAMES[rankOf(card)]} of ${SUIT_NAMES[s]}`;
}

/**
 * The card ids of the playing-card deck for `decks` 54-card blocks, with or without jokers, and without
 * Jacks and Queens when `golems` is false (the `market` variant).
 */
export function buildPlayingDeck(decks: number, jokers: boolean, golems = true): number[] {
  const out: number[] = [];
  for (let d = 0; d < decks; d++) {
    for (let f = 0; f < (jokers ? 54 : 52); f++) {
      const r = rankOf(f);
      if (!golems && (r === 11 || r === 12)) continue;
      out.push(d * 54 + f);
    }
  }
  return out;
}

/**
 * Draw the top card of a deck; when the draw pile is empty its discard pile is shuffled to form a new one
 * (0.1.27b "When any deck runs out, reshuffle its discard pile"). Returns -1 when both are empty.
 */
export function drawFrom(s: MerlinState, draw: number[], discard: number[]): number {
  if (draw.length === 0) {
    if (discard.length === 0) return -1;
    for (let i = 0; i < discard.length; i++) draw.push(discard[i]);
    discard.length = 0;
    shuffleInPlace(s.rng, draw);
  }
  return draw.pop()!;
}

/** Shuffle a card back into a draw pile at a random position ("reshuffled back into the deck"). */
export function shuffleBack(s: MerlinState, draw: number[], card: number): void {
  insertRandom(s.rng, draw, card);
}

/** Cards left to draw, counting the discard pile that would be reshuffled. */
export function cardsAvailable(draw: number[], discard: number[]): number {
  return draw.length + discard.length;
}
