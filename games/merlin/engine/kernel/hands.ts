/**
 * Kernel: cards held by a player: the hand (playing cards, spells and potion recipes as hand codes, each
 * with the lab that produced it) and the face-down potions lying in front of a player or under a property.
 * 0.1.27b "Using Potions", "Creation".
 */
import type { Ruleset } from '../../rules/index.ts';
import type { MerlinState } from '../state.ts';
import { shuffleBack } from '../cards.ts';
import { removeAt } from '../ledger.ts';

/**
 * Whether `seat`'s hand is at its limit (D37: `table.handSize`, counting the cards bought this turn, which join the
 * hand at its end): every way a card reaches a hand asks this first.
 */
export function handFull(s: MerlinState, rs: Ruleset, seat: number): boolean {
  return s.hands[seat].length + s.newCards[seat].length >= rs.data.table.handSize;
}

/** Remove hand card `h` of `seat`; returns [code, card id of the lab that produced it or -1]. */
export function takeFromHand(s: MerlinState, seat: number, h: number): [number, number] {
  const code = s.hands[seat][h];
  const origin = s.handOrigin[seat][h];
  removeAt(s.hands[seat], h);
  removeAt(s.handOrigin[seat], h);
  return [code, origin];
}

/** Remove face-down potion i; `toDiscard` puts it on the discard pile, else it is shuffled back into the deck. */
export function removePotion(s: MerlinState, i: number, toDiscard: boolean): void {
  const card = s.potionCard[i];
  if (toDiscard) s.cdiscard[3].push(card);
  else shuffleBack(s, s.cdeck[3], card);
  unlistPotion(s, i);
}

/** Take face-down potion i off the table's lists; the caller has put its card somewhere first. */
export function unlistPotion(s: MerlinState, i: number): void {
  removeAt(s.potionCard, i);
  removeAt(s.potionOwner, i);
  removeAt(s.potionSlot, i);
  removeAt(s.potionTurn, i);
  removeAt(s.potionOrigin, i);
}

/** Discard potions lying under slot key `k` (the card they lay under left the field). */
export function discardPotionsUnder(s: MerlinState, k: number): void {
  for (let i = s.potionSlot.length - 1; i >= 0; i--) if (s.potionSlot[i] === k) removePotion(s, i, true);
}
