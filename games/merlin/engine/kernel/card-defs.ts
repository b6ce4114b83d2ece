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

/** The definition of instance `card` of custom deck `deck` (its DECK_INDEX). */
export function cardDef(rs: Ruleset, deck: number, card: number): CardDef {
  // Named loads (a hot path: every reading, spell and potion check), not a keyed load by the deck's name.
  const c = rs.cards;
  const d = deck === 0 ? c.teaLeaves : deck === 1 ? c.crystalBall : deck === 2 ? c.spells : deck === 3 ? c.potions : c.royalDecrees;
  return d.defs[d.instanceDef[card]];
}

/** The definition of a spell or potion held as hand code `code`. */
export function handCardDef(rs: Ruleset, code: number): CardDef {
  return code >= HAND_POTION ? cardDef(rs, DECK_INDEX.potions, code - HAND_POTION) : cardDef(rs, DECK_INDEX.spells, code - HAND_SPELL);
}
