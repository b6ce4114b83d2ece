/**
 * Future Reading cards. 0.1.27b "The Visions of Tomorrow": each turn one card is drawn from the Tea Leaves
 * (minor, less likely) or Crystal Ball (major, more likely) deck, the player's choice, and placed face up;
 * it matures and resolves when its trigger comes (a roll, a number of turns, a season), can be waived by
 * the adverse rolls it foretells, and may redistribute R.O.W. revenue (disregarded when there is not
 * enough). Resolution is in effects.ts; the decks are data (env/merlin/cards/data).
 */
import type { Ruleset } from '../rules/index.ts';
import type { MerlinState } from './state.ts';
import { cardsAvailable } from './cards.ts';
import { layReading } from './effects.ts';

/** Cards left in Future Reading deck `d` (0 Tea Leaves, 1 Crystal Ball), counting its discard pile. */
export function readingsAvailable(s: MerlinState, d: number): number {
  return cardsAvailable(s.cdeck[d], s.cdiscard[d]);
}

/** `seat` draws from deck `d` and the card is laid face up (or resolves at once when its trigger is "now"). */
export function drawReading(s: MerlinState, rs: Ruleset, seat: number, d: number): void {
  layReading(s, rs, seat, d);
}
