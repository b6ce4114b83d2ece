/**
 * Kernel: looking up a custom card's definition (Future Readings, Spells, Potions, Royal Decrees) in the
 * ruleset's decks (games/merlin/cards). A card instance is an index into its deck's `instanceDef`; a spell
 * or potion in a hand is a hand code (HAND_SPELL / HAND_POTION + instance).
 */
import type { CardDef, DeckName } from '../../cards/schema.ts';
import type { Ruleset } from '../../rules/index.ts';
import { HAND_POTION, HAND_SPELL } from '../state.ts';

/** Custom deck index in `state.cdeck` by deck name. */
export const DECK_INDEX: Record<DeckName, number> = { teaLeaves: 0, crystalBall: 1, spells: 2, potions: 3, royalDecrees: 4 };
const DECK_BY_INDEX: DeckName[] = ['teaLeaves', 'crystalBall', 'spells', 'potions', 'royalDecrees'];

/** The definition of instance `card` of custom deck `deck` (index into DECK_BY_INDEX). */
export function cardDef(rs: Ruleset, deck: number, card: number): CardDef {
  const d = rs.cards[DECK_BY_INDEX[deck]];
  return d.defs[d.instanceDef[card]];
}

/** The definition of a spell or potion held as hand code `code`. */
export function handCardDef(rs: Ruleset, code: number): CardDef {
  return code >= HAND_POTION ? cardDef(rs, DECK_INDEX.potions, code - HAND_POTION) : cardDef(rs, DECK_INDEX.spells, code - HAND_SPELL);
}
