/**
 * Combat, units and placement: where units stand, the cards they fight over (hit points, destroyed), the
 * relative squares of the action space, animating golems and motivating Royal Guards (0.1.27b "The Animated
 * Guardians", "The Royal Guard"), and the verbs and unit state every other combat chapter reads.
 * The chapter index is combat.ts.
 */
import { rollD6 } from '../../../lib/rng.ts';
import type { Ruleset } from '../rules/index.ts';
import { HAND_SPELL, type MerlinState, SlotKind, TopKind, UnitFlag } from './state.ts';
import { Suit, suitOf } from './cards.ts';
import { adjacent as adjacentSquares, standable } from './board.ts';
import { takeFromHand } from './kernel/hands.ts';
import { payToSupply } from './kernel/purse.ts';
import { isGolemCard, isGuardCard, unitsOn } from './kernel/units.ts';

// ---------------------------------------------------------------------------------------------------------
// Units and squares
// ---------------------------------------------------------------------------------------------------------

/** Black suits (Clubs, Spades) are aggressive golems, red (Hearts, Diamonds) defensive. 0.1.27b "Golem Alignments". */
export function isAggressive(card: number): boolean {
  const suit = suitOf(card);
  return suit === Suit.Clubs || suit === Suit.Spades;
}

/** The `level`-th unit (in order of arrival) on square `k`, or -1. */
export function unitAt(s: MerlinState, k: number, level: number): number {
  const pos = s.unitPos;
  for (let u = 0; u < pos.length; u++) if (pos[u] === k && level-- === 0) return u;
  return -1;
}

/** True when a unit not owned by `seat` stands on `k`. */
export function enemyOn(s: MerlinState, k: number, seat: number): boolean {
  const pos = s.unitPos;
  for (let u = 0; u < pos.length; u++) if (pos[u] === k && s.unitOwner[u] !== seat) return true;
  return false;
}

/** Hit points of the card on `k`: permitted properties (a Land, Spell Shop or Brewery on top) have more. */
export function cardHp(s: MerlinState, rs: Ruleset, k: number): number {
  const top = s.slotTopKind[k];
  const permitted = s.slotKind[k] === SlotKind.Property && (top === TopKind.Land || top === TopKind.SpellShop || top === TopKind.Brewery);
  return permitted ? rs.data.combat.permittedPropertyHp : rs.data.combat.propertyHp;
}

/** The card on `k` has been destroyed (flipped face down). */
export function destroyed(s: MerlinState, rs: Ruleset, k: number): boolean {
  return s.slotHits[k] > 0 && s.slotHits[k] >= cardHp(s, rs, k);
}

/** Slot key of relative square `sq` (seat offset from `seat` × fieldSlots + slot), or -1 when no such seat. */
export function squareKey(s: MerlinState, rs: Ruleset, seat: number, sq: number): number {
  const F = rs.data.table.fieldSlots;
  const off = (sq / F) | 0;
  if (off >= s.numPlayers) return -1;
  return ((seat + off) % s.numPlayers) * F + (sq % F);
}

/** Relative square of slot key `k` from `seat`'s point of view (inverse of squareKey). */
export function squareOf(s: MerlinState, rs: Ruleset, seat: number, k: number): number {
  const F = rs.data.table.fieldSlots;
  const owner = (k / F) | 0;
  return ((owner - seat + s.numPlayers) % s.numPlayers) * F + (k % F);
}

function guardsOf(s: MerlinState, seat: number): number {
  let n = 0;
  for (let u = 0; u < s.unitCard.length; u++) if (s.unitOwner[u] === seat && isGuardCard(s.unitCard[u])) n++;
  return n;
}

// ---------------------------------------------------------------------------------------------------------
// Animating golems and motivating Royal Guards
// ---------------------------------------------------------------------------------------------------------

/** `seat` may place a new unit on `k`: its own card (not a Chauffeur, not destroyed) with room in the stack. */
export function placeOk(s: MerlinState, rs: Ruleset, seat: number, k: number): boolean {
  const F = rs.data.table.fieldSlots;
  return ((k / F) | 0) === seat && standable(s, k) && !destroyed(s, rs, k) && unitsOn(s, k) < rs.data.combat.stackMax;
}

function anyPlace(s: MerlinState, rs: Ruleset, seat: number): boolean {
  const F = rs.data.table.fieldSlots;
  for (let k = seat * F, e = k + F; k < e; k++) if (placeOk(s, rs, seat, k)) return true;
  return false;
}

/** Why `seat` cannot animate the golem at hand index `h`, or null. 0.1.27b "Animating a Golem". */
export function checkAnimate(s: MerlinState, rs: Ruleset, seat: number, h: number): string | null {
  const c = s.hands[seat][h];
  if (c === undefined || c >= HAND_SPELL || !isGolemCard(c)) return 'not a Jack or Queen';
  if (!rs.data.combat.golems) return 'golems are off in this ruleset';
  if (s.held[seat * 3] < rs.data.combat.soulsToAnimate) return 'animating a golem needs a Soul';
  return anyPlace(s, rs, seat) ? null : 'no card of yours (not a Chauffeur) with room for a golem';
}

/** Gold to motivate a Royal Guard now: 3 + the Cost of the Living, plus 2 to act this turn. */
export function motivationCost(s: MerlinState, rs: Ruleset, now: boolean): number {
  return rs.data.combat.guardBaseCost + s.costOfLiving + (now ? rs.data.combat.guardHasteCost : 0);
}

/** Why `seat` cannot motivate the Royal Guard at hand index `h`, or null. 0.1.27b "Motivating the Royal Guard". */
export function checkMotivate(s: MerlinState, rs: Ruleset, seat: number, h: number, now: boolean): string | null {
  const c = s.hands[seat][h];
  if (c === undefined || c >= HAND_SPELL || !isGuardCard(c)) return 'not a King';
  if (!rs.data.combat.royalGuards) return 'Royal Guards are off in this ruleset';
  if (guardsOf(s, seat) >= rs.data.combat.guardsOnField) return 'a Royal Guard of yours is already on the field';
  if (s.gold[seat] < motivationCost(s, rs, now)) return `motivating needs ${motivationCost(s, rs, now)} gold`;
  return anyPlace(s, rs, seat) ? null : 'no card of yours (not a Chauffeur) with room for a Royal Guard';
}

function addUnit(
  s: MerlinState,
  card: number,
  seat: number,
  k: number,
  atk: number,
  hp: number,
  activeFrom: number,
  stance: number,
  flags: number,
): void {
  s.unitCard.push(card);
  s.unitOwner.push(seat);
  s.unitPos.push(k);
  s.unitAtk.push(atk);
  s.unitHp.push(hp);
  s.unitActiveFrom.push(activeFrom);
  s.unitActed.push(-1);
  s.unitStance.push(stance);
  s.unitShield.push(0);
  s.unitExtraAttacks.push(0);
  s.unitFlags.push(flags);
}

/** Animate the golem at hand index `h` onto square `k`: a Soul to the supply, d6 Attack Power, d6 Hit Points; active next turn. */
export function animate(s: MerlinState, rs: Ruleset, seat: number, h: number, k: number): void {
  const [card] = takeFromHand(s, seat, h);
  const n = rs.data.combat.soulsToAnimate;
  payToSupply(s, seat, 0, n);
  const atk = rollD6(s.rng);
  const hp = rollD6(s.rng);
  for (let u = 0; u < s.unitFlags.length; u++) if (s.unitOwner[u] === seat) s.unitFlags[u] &= ~LASTING; // a Liege's focus shifts
  addUnit(s, card, seat, k, atk, hp, s.turn + 1, 0, 0);
}

/**
 * Motivate the Royal Guard at hand index `h` onto square `k` as a defender: the cost to the Central Bank,
 * two d6 for Strength and two for Health; active at once when `now` (2 gold more), else next turn. Its
 * King's ability may be used this turn (UseAbility).
 */
export function motivate(s: MerlinState, rs: Ruleset, seat: number, h: number, k: number, now: boolean): void {
  const cost = motivationCost(s, rs, now);
  const [card] = takeFromHand(s, seat, h);
  s.gold[seat] -= cost;
  s.centralBank += cost;
  const str = rollD6(s.rng) + rollD6(s.rng);
  const health = rollD6(s.rng) + rollD6(s.rng);
  addUnit(s, card, seat, k, str, health, now ? s.turn : s.turn + 1, 1, UnitFlag.AbilityReady);
}

// ---------------------------------------------------------------------------------------------------------
// Verbs and the unit state the chapters share
// ---------------------------------------------------------------------------------------------------------

/** Unit verbs, in the order of their action kinds (Move .. UseAbility). */
export const Verb = {
  Move: 0,
  AttackProperty: 1,
  AttackUnit: 2,
  Defend: 3,
  UseAbility: 4,
  UseAbilityAlt: 5,
  Combine: 6,
  UseAbilityThird: 7,
} as const;

/** The unit may still act this turn (any verb), or only attack again (Dual Strike). */
export function fresh(s: MerlinState, u: number): boolean {
  return s.unitActed[u] !== s.turn;
}

/** Flags that last beyond the owner's next turn (Royal Boon, Bulwark Stance). */
export const LASTING = UnitFlag.Boon | UnitFlag.BigBoon | UnitFlag.Bulwark | UnitFlag.Inspiring;
/** Flags an owner's new turn keeps: the lasting ones and Fortify Will (a Dormant unit stays Dormant until it is active). */
export const KEPT = LASTING | UnitFlag.FortifiedWill | UnitFlag.Transmuted;

/** `a` and `b` are the same square or touch. */
export function near(rs: Ruleset, s: MerlinState, a: number, b: number): boolean {
  return a === b || adjacentSquares(rs, s.numPlayers, a, b);
}
