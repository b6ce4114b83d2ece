/**
 * Kernel: where the cards are (zone/index.md). Zone counts, seats still in the game, and moving a card between
 * zones with its public knowledge, the Discard Pile's top, the Deck (draws, a card shuffled back in), random
 * picks from a zone and the Black Markets' renumbering. Imports only the state and the ruleset tables; every
 * chapter builds on it. Chance (a random pick, a card shuffled in) comes from the state's RNG.
 */
import { insertRandom, nextInt } from '../../../lib/rng.ts';
import { C_EGG, NUM_CARDS, P_THIEF, SUITS, type Ruleset } from '../rules/index.ts';
import { DmlState, lowCard, PUB_UNKNOWN, Z } from './state.ts';

// ---------------------------------------------------------------- zones and seats

/** Cards of zone `z`. */
export function countZone(s: DmlState, z: number): number {
  return s.count[z];
}
/** Cards in seat p's hand. */
export const handSize = (s: DmlState, p: number): number => countZone(s, Z.HAND + p);
/** The next seat counter-clockwise (seat order) after p that is still in the game. */
export function nextAlive(s: DmlState, p: number): number {
  for (let k = 1; k <= s.numPlayers; k++) {
    const q = (p + k) % s.numPlayers;
    if (s.alive[q]) return q;
  }
  return p;
}
export function aliveCount(s: DmlState): number {
  let n = 0;
  for (let p = 0; p < s.numPlayers; p++) n += s.alive[p];
  return n;
}
/** The ids of `table`'s cards of suit index `suit` (-1: of no suit), ascending (a Ruleset `suit*` table). */
export function cardsOfSuit(table: readonly Uint8Array[], suit: number): Uint8Array {
  return table[suit < 0 ? SUITS.length : suit];
}

// ---------------------------------------------------------------- card movement

export function move(s: DmlState, c: number, z: number, isPublic: boolean): void {
  const from = s.zone[c];
  const w = c >> 5;
  const bit = 1 << (c & 31);
  s.count[from]--;
  s.count[z]++;
  s.zoneBits[2 * from + w] &= ~bit;
  s.zoneBits[2 * z + w] |= bit;
  s.zone[c] = z;
  if (isPublic) s.pub[c] = z;
  if (z === Z.DISCARD) s.discardTop = c;
  else if (s.discardTop === c) s.discardTop = topOfDiscard(s);
}
/** Some card of the Discard Pile after its top left (order below the top is not kept: the pile is implied knowledge). */
function topOfDiscard(s: DmlState): number {
  const hi = s.zoneBits[2 * Z.DISCARD + 1];
  if (hi !== 0) return 63 - Math.clz32(hi);
  const lo = s.zoneBits[2 * Z.DISCARD];
  return lo !== 0 ? 31 - Math.clz32(lo) : -1;
}
/**
 * Discard card c (zone/index.md "Discard Pile"): an Egg goes to the Nest, a Thief is shuffled into the Deck
 * (by the Dealer only when `thiefFromDealer` is 'deck', D8), without a Discard Pile (Market Mayhem) to Exile.
 */
export function discard(s: DmlState, rs: Ruleset, c: number, byDealer: boolean): void {
  if (rs.classes[c] & C_EGG) return move(s, c, Z.NEST, true);
  if (rs.power[c] === P_THIEF && (!byDealer || rs.data.thiefFromDealer === 'deck')) return intoDeck(s, c);
  move(s, c, rs.data.discardPile ? Z.DISCARD : Z.EXILE, true);
}
/** Shuffle card c into the Deck at a random depth. */
export function intoDeck(s: DmlState, c: number): void {
  const d = Array.from(s.deck.subarray(0, s.deckLen));
  insertRandom(s.rng, d, c);
  s.deck.set(d);
  s.deckLen = d.length;
  move(s, c, Z.DECK, true);
}
/** The Deck's top card, taken off (-1 when empty). */
export function draw(s: DmlState): number {
  if (s.deckLen === 0) return -1;
  return s.deck[--s.deckLen];
}
/** A uniformly random card of zone z (-1 when empty). */
export function randomOf(s: DmlState, z: number): number {
  const n = countZone(s, z);
  if (n === 0) return -1;
  let k = nextInt(s.rng, n);
  const bits = s.zoneBits;
  for (let w = 0; w < 2; w++) for (let m = bits[2 * z + w]; m !== 0; m &= m - 1) if (k-- === 0) return lowCard(w, m);
  return -1;
}
/** Drop empty Black Markets, renumbering the rest (zones and public knowledge alike). */
export function compactBlackMarkets(s: DmlState): void {
  for (let b = 0; b < s.bmCount;) {
    if (countZone(s, Z.BM + b) > 0) {
      b++;
      continue;
    }
    for (let c = 0; c < NUM_CARDS; c++) {
      if (s.zone[c] > Z.BM + b && s.zone[c] < Z.BM + s.bmCount) s.zone[c]--;
      if (s.pub[c] === Z.BM + b) s.pub[c] = PUB_UNKNOWN;
      else if (s.pub[c] > Z.BM + b && s.pub[c] < Z.BM + s.bmCount) s.pub[c]--;
    }
    s.count.copyWithin(Z.BM + b, Z.BM + b + 1, Z.BM + s.bmCount);
    s.count[Z.BM + s.bmCount - 1] = 0;
    s.zoneBits.copyWithin(2 * (Z.BM + b), 2 * (Z.BM + b + 1), 2 * (Z.BM + s.bmCount));
    s.zoneBits.fill(0, 2 * (Z.BM + s.bmCount - 1), 2 * (Z.BM + s.bmCount));
    s.bmCount--;
  }
}
