/**
 * Kernel: units on the board (golems from Jacks and Queens, Royal Guards from Kings). 0.1.27b "The Animated
 * Guardians", "The Royal Guard". Which card is which kind of unit, where units stand, and taking a unit off
 * the board or changing its stats; the verbs, combat and abilities that use these live in combat.ts.
 *
 * Units live in the state's `unit*` arrays, in order of arrival: Attack Power / Strength in `unitAtk`, Hit
 * Points / Health in `unitHp`.
 */
import { UnitFlag, type MerlinState } from '../state.ts';
import { rankOf, Suit, suitOf } from '../cards.ts';
import { removeAt } from '../ledger.ts';

/** A Jack (Stone Sentinel) or Queen (Bronze Guardian). */
export function isGolemCard(card: number): boolean {
  const r = rankOf(card);
  return r === 11 || r === 12;
}

/** A King (Royal Guard). */
export function isGuardCard(card: number): boolean {
  return rankOf(card) === 13;
}

/** The card of `rank` (11 Jack .. 13 King) and `suit` (a Suit): a named golem or King. */
export function isNamed(card: number, rank: number, suit: number): boolean {
  return rankOf(card) === rank && suitOf(card) === suit;
}

/** The Tactical Artificer (Queen of Spades). */
export function isArtificer(card: number): boolean {
  return rankOf(card) === 12 && suitOf(card) === Suit.Spades;
}

/** Units standing on square `k`. */
export function unitsOn(s: MerlinState, k: number): number {
  let n = 0;
  const pos = s.unitPos;
  for (let u = 0; u < pos.length; u++) if (pos[u] === k) n++;
  return n;
}

/** Take unit `u` off the board; its card goes to the discard pile. */
export function removeUnit(s: MerlinState, u: number): void {
  s.discard.push(s.unitCard[u]);
  for (const a of [
    s.unitCard,
    s.unitOwner,
    s.unitPos,
    s.unitAtk,
    s.unitHp,
    s.unitActiveFrom,
    s.unitActed,
    s.unitStance,
    s.unitShield,
    s.unitExtraAttacks,
    s.unitFlags,
  ])
    removeAt(a, u);
}

/** An eliminated player's units leave the board (cards to the discard pile). */
export function removeUnitsOf(s: MerlinState, seat: number): void {
  for (let u = s.unitCard.length - 1; u >= 0; u--) if (s.unitOwner[u] === seat) removeUnit(s, u);
}

/**
 * Unit `u` cannot act and stops defending for `turns` turns: it becomes active again at turn `turn + turns`
 * (never earlier than it already would). Flagged Dormant so it is not taken for a golem animated this turn.
 */
export function deactivateUnit(s: MerlinState, u: number, turns: number): void {
  const until = s.turn + turns;
  if (s.unitActiveFrom[u] < until) s.unitActiveFrom[u] = until;
  s.unitStance[u] = 0;
  s.unitFlags[u] = (s.unitFlags[u] & ~UnitFlag.Bulwark) | UnitFlag.Dormant;
}

/**
 * Unit `u`'s Attack Power / Strength (`attack`) or Hit Points / Health (`health`) change by `delta`, never
 * below 0; a unit at 0 Health is defeated (its card to the discard pile). Returns `u`, or -1 when it fell.
 */
export function changeUnitStat(s: MerlinState, u: number, stat: 'attack' | 'health', delta: number): number {
  const a = stat === 'attack' ? s.unitAtk : s.unitHp;
  const v = a[u] + delta;
  a[u] = v > 0 ? v : 0;
  if (stat === 'health' && a[u] === 0) {
    removeUnit(s, u);
    return -1;
  }
  return u;
}
