/**
 * Kernel: readable names of hand cards, field slots and board squares for action descriptions
 * (`describeAction`), from the deciding player's point of view: only their own hand is named.
 */
import type { Ruleset } from '../../rules/index.ts';
import { HAND_POTION, HAND_SPELL, type MerlinState } from '../state.ts';
import { cardName, rankOf } from '../cards.ts';
import { cardDef, DECK_INDEX } from './card-defs.ts';

/** Hand card `h` of the decider ("spell \"Drought\" (hand 2)"), or "hand card h" without a state. */
export function handName(rs: Ruleset, s: MerlinState | undefined, h: number): string {
  if (!s || s.decider < 0) return `hand card ${h}`;
  const c = s.hands[s.decider][h];
  if (c === undefined) return `hand card ${h}`;
  if (c >= HAND_POTION) return `potion "${cardDef(rs, DECK_INDEX.potions, c - HAND_POTION).name}" (hand ${h})`;
  if (c >= HAND_SPELL) return `spell "${cardDef(rs, DECK_INDEX.spells, c - HAND_SPELL).name}" (hand ${h})`;
  return `${cardName(c)} (hand ${h})`;
}

/** Field slot `slot` of `seat` (the decider by default), with its card when there is one. */
export function slotName(rs: Ruleset, s: MerlinState | undefined, slot: number, seat = s?.decider ?? -1): string {
  if (!s || seat < 0) return `slot ${slot}`;
  const k = seat * rs.data.table.fieldSlots + slot;
  return s.slotCard[k] >= 0
    ? `slot ${slot} (${rankOf(s.slotCard[k])} of ${['', 'Clubs', 'Spades', 'Hearts', 'Clubs'][s.slotKind[k]]})`
    : `slot ${slot}`;
}

/** Board square `q` (relative seat offset × fieldSlots + slot) as a player's slot. */
export function squareName(rs: Ruleset, s: MerlinState | undefined, q: number): string {
  const F = rs.data.table.fieldSlots;
  const off = (q / F) | 0;
  if (!s || s.decider < 0) return `square ${q} (seat offset ${off}, slot ${q % F})`;
  return off >= s.numPlayers ? `square ${q}` : `slot ${q % F} of player ${(s.decider + off) % s.numPlayers}`;
}

/** An amount from grid `grid` at index `b` (0 in a grid means "all"). */
export function gridName(grid: readonly number[], b: number): string {
  return grid[b] === 0 ? 'all' : String(grid[b]);
}
