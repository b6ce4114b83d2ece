/**
 * Golems, the Royal Guard and combat. 0.1.27b "The Animated Guardians", "The Royal Guard",
 * "The Art of War"; 0.1.22b "Golem Stacking", "Suit Synergy", "Terrain Effects", each King; 0.1.14a
 * "Jacks and Queens" (healing on 11/12); 0.1.27b "Breweries" (Last Call). Interpretations: docs/RULES.md
 * D80..D109.
 *
 * Units (golems from Jacks and Queens, Royal Guards from Kings) stand on cards of the board (board.ts) and
 * live in the state's `unit*` arrays, in order of arrival. A unit is commanded in three steps that are
 * separate actions: pick the unit (CommandUnit), then the verb (Move, AttackProperty, AttackUnit, Defend,
 * UseAbility, UseAbilityAlt), then the target square or unit. The named golems' and Kings' abilities are
 * UseAbility verbs; Coordinated Strike and Transmute Golem open further unit choices (engine.ts). Every
 * check here is the reference for `whyIllegal` and is reused by the fast enumerator, so the two agree.
 *
 * Units: Attack Power / Strength in `unitAtk`, Hit Points / Health in `unitHp`; a unit at 0 is defeated and
 * its card goes to the discard pile. Cards take hits in `slotHits`: a card is destroyed (face down) at its
 * hit points (`combat.propertyHp`, or `combat.permittedPropertyHp` with a Land, Spell Shop or Brewery on
 * top); a permitted property that has been hit pays no gold and takes no investment.
 */
import { rollD6 } from '../../../lib/rng.ts';
import type { Ruleset } from '../rules/index.ts';
import { HAND_SPELL, type MerlinState, Pending, Phase, SlotKind, TopKind, UnitFlag } from './state.ts';
import { rankOf, Suit, suitOf } from './cards.ts';
import { adjacent as adjacentSquares, geometry, standable } from './board.ts';
import { comboOpen } from './combinations.ts';
import { attackedTrigger } from './unit-cards.ts';
import { paySurcharge, raidOpen, withSurcharge } from './artificer.ts';
import { removeAt } from './ledger.ts';
import { bumpCounter } from './effects.ts';
import { takeFromHand } from './kernel/hands.ts';
import { payToSupply } from './kernel/purse.ts';
import { isArtificer, isGolemCard, isGuardCard, isNamed, removeUnit, unitsOn } from './kernel/units.ts';
import { Kind } from './actions.ts';
import type { KindRules } from './registry.ts';
import { handName, slotName, squareName } from './kernel/names.ts';
import { backToMain, openSub } from './kernel/phase.ts';
/** Re-exported for agents that read the board here. */
export { isGuardCard } from './kernel/units.ts';

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
// Commands: the verbs and their targets
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

function canAttackAgain(s: MerlinState, u: number): boolean {
  return s.unitActed[u] !== s.turn || s.unitExtraAttacks[u] > 0;
}

/** The Imposing Colossus (Center of Attention) that binds `seat`'s attacks, or -1. */
export function colossusAgainst(s: MerlinState, seat: number): number {
  for (let u = 0; u < s.unitFlags.length; u++) if (s.unitFlags[u] & UnitFlag.CenterOfAttention && s.unitOwner[u] !== seat) return u;
  return -1;
}

/**
 * Unit `u` may move to square `k`: one adjacent card (or empty square with `board.walkEmpty`), or across a
 * Chauffeur to the square just beyond it; never onto a Chauffeur or a square held by an enemy unit.
 */
export function moveOk(s: MerlinState, rs: Ruleset, u: number, k: number): boolean {
  if (!fresh(s, u) || s.unitFlags[u] & UnitFlag.Immovable) return false;
  const g = geometry(rs, s.numPlayers);
  const from = s.unitPos[u];
  for (let j = from * 8, e = j + 8; j < e; j++) {
    const q = g.adj[j];
    if (q < 0) break;
    if (q === k) return destOk(s, rs, u, k);
    if (s.slotKind[q] === SlotKind.Chauffeur && g.beyond[j] === k) return destOk(s, rs, u, k);
  }
  return false;
}

function destOk(s: MerlinState, rs: Ruleset, u: number, k: number): boolean {
  const ground = standable(s, k) || (rs.data.board.walkEmpty && s.slotKind[k] === SlotKind.Empty);
  return k !== s.unitPos[u] && ground && !enemyOn(s, k, s.unitOwner[u]) && unitsOn(s, k) < rs.data.combat.stackMax;
}

function anyMove(s: MerlinState, rs: Ruleset, u: number): boolean {
  if (!fresh(s, u) || s.unitFlags[u] & UnitFlag.Immovable) return false;
  const g = geometry(rs, s.numPlayers);
  for (let j = s.unitPos[u] * 8, e = j + 8; j < e; j++) {
    const q = g.adj[j];
    if (q < 0) break;
    if (destOk(s, rs, u, q)) return true;
    if (s.slotKind[q] === SlotKind.Chauffeur && g.beyond[j] >= 0 && destOk(s, rs, u, g.beyond[j])) return true;
  }
  return false;
}

/** `k` is the unit's own square or touches it. */
function inReach(s: MerlinState, rs: Ruleset, u: number, k: number): boolean {
  const from = s.unitPos[u];
  if (k === from) return true;
  const adj = geometry(rs, s.numPlayers).adj;
  for (let j = from * 8, e = j + 8; j < e; j++) if (adj[j] === k) return true;
  return false;
}

function mayAttack(s: MerlinState, rs: Ruleset, u: number): boolean {
  return canAttackAgain(s, u) && !(s.unitFlags[u] & (UnitFlag.Immovable | UnitFlag.Bulwark));
}

/** Unit `u` may attack the card on square `k`: an enemy's card in reach, not a Chauffeur, not destroyed. */
export function attackPropertyOk(s: MerlinState, rs: Ruleset, u: number, k: number): boolean {
  if (!mayAttack(s, rs, u)) return false;
  const card = s.unitCard[u];
  if (isGolemCard(card) && rs.data.combat.alignment === 'strict' && !isAggressive(card)) return false;
  const seat = s.unitOwner[u];
  if (colossusAgainst(s, seat) >= 0) return false;
  const F = rs.data.table.fieldSlots;
  return ((k / F) | 0) !== seat && standable(s, k) && !destroyed(s, rs, k) && inReach(s, rs, u, k);
}

/** Unit `u` may attack unit `t`: an enemy unit on a square in reach (only the Colossus while it calls attention). */
export function attackUnitOk(s: MerlinState, rs: Ruleset, u: number, t: number): boolean {
  if (!mayAttack(s, rs, u)) return false;
  const seat = s.unitOwner[u];
  if (s.unitOwner[t] === seat) return false;
  const col = colossusAgainst(s, seat);
  if (col >= 0 && t !== col) return false;
  return inReach(s, rs, u, s.unitPos[t]);
}

function anyAttackProperty(s: MerlinState, rs: Ruleset, u: number): boolean {
  if (attackPropertyOk(s, rs, u, s.unitPos[u])) return true;
  const adj = geometry(rs, s.numPlayers).adj;
  for (let j = s.unitPos[u] * 8, e = j + 8; j < e; j++) {
    if (adj[j] < 0) break;
    if (attackPropertyOk(s, rs, u, adj[j])) return true;
  }
  return false;
}

function anyAttackUnit(s: MerlinState, rs: Ruleset, u: number): boolean {
  for (let t = 0; t < s.unitCard.length; t++) if (attackUnitOk(s, rs, u, t)) return true;
  return false;
}

/** Unit `u` may take up the defence of the card it stands on: its owner's card, not destroyed, not yet defending. */
export function defendOk(s: MerlinState, rs: Ruleset, u: number): boolean {
  if (!fresh(s, u) || s.unitStance[u] === 1) return false;
  const card = s.unitCard[u];
  if (isOverlyEager(card) || (isGolemCard(card) && rs.data.combat.alignment === 'strict' && isAggressive(card))) return false;
  const k = s.unitPos[u];
  return ((k / rs.data.table.fieldSlots) | 0) === s.unitOwner[u] && standable(s, k) && !destroyed(s, rs, k);
}

/** The Overly Eager Sentinel (Jack of Clubs). */
function isOverlyEager(card: number): boolean {
  return rankOf(card) === 11 && suitOf(card) === Suit.Clubs;
}

/** The Harmonious Sentinel (Jack of Spades). */
export function isHarmonious(card: number): boolean {
  return rankOf(card) === 11 && suitOf(card) === Suit.Spades;
}

/**
 * The Tactical Artificer `u` may dismantle golem `x`: a friendly Jack (a Queen too when the turn's roll is
 * `transmute.queensOnTotal`, 11), not herself, with another friendly golem to take its power.
 */
export function sacrificeOk(s: MerlinState, rs: Ruleset, u: number, x: number): boolean {
  if (x === u || s.unitOwner[x] !== s.unitOwner[u] || !isGolemCard(s.unitCard[x])) return false;
  if (rankOf(s.unitCard[x]) === 12 && s.die1 + s.die2 !== rs.data.combat.transmute.queensOnTotal) return false;
  for (let r = 0; r < s.unitCard.length; r++) if (recipientOk(s, u, x, r)) return true;
  return false;
}

/** Golem `r` may take the power of golem `x` dismantled by the Artificer `u`: another friendly golem. */
export function recipientOk(s: MerlinState, u: number, x: number, r: number): boolean {
  return r !== x && s.unitOwner[r] === s.unitOwner[u] && isGolemCard(s.unitCard[r]);
}

/**
 * Transmute Golem (0.1.22b "The Tactical Artificer"): her action, for `transmute.souls` (2) Souls; golem `r`
 * gains golem `x`'s current Attack Power and Hit Points, and `x` is dismantled (its card discarded). D108.
 */
export function transmute(s: MerlinState, rs: Ruleset, u: number, x: number, r: number): void {
  payToSupply(s, s.unitOwner[u], 0, rs.data.combat.transmute.souls);
  s.unitActed[u] = s.turn;
  s.unitAtk[r] += s.unitAtk[x];
  s.unitHp[r] += s.unitHp[x];
  s.unitFlags[r] |= UnitFlag.Transmuted; // its abilities cost more from now on (D140)
  removeUnit(s, x);
}

/** Flags that last beyond the owner's next turn (Royal Boon, Bulwark Stance). */
const LASTING = UnitFlag.Boon | UnitFlag.BigBoon | UnitFlag.Bulwark | UnitFlag.Inspiring;
/** Flags an owner's new turn keeps: the lasting ones and Fortify Will (a Dormant unit stays Dormant until it is active). */
const KEPT = LASTING | UnitFlag.FortifiedWill | UnitFlag.Transmuted;

/** `a` and `b` are the same square or touch. */
export function near(rs: Ruleset, s: MerlinState, a: number, b: number): boolean {
  return a === b || adjacentSquares(rs, s.numPlayers, a, b);
}

/**
 * A named golem's or King's ability (0.1.22b, each Jack, Queen and King): `ok` says whether unit `u` may use
 * it now (`alt`: its second option; false for a card without one), `use` applies it (absent: the King's
 * one-time ability, `kingAbility`; the Harmonious Sentinel's and the Tactical Artificer's open unit choices
 * instead, in their UseAbility rule). One entry per card, indexed by `abilityIndex`.
 */
interface Ability {
  readonly ok: (s: MerlinState, rs: Ruleset, u: number, alt: boolean) => boolean;
  readonly use?: (s: MerlinState, rs: Ruleset, u: number, alt: boolean) => void;
}

/** The ABILITIES index of a card: (rank - 11) × 4 + suit for Jacks, Queens and Kings; out of range otherwise. */
function abilityIndex(card: number): number {
  return (rankOf(card) - 11) * 4 + suitOf(card);
}

/** An ability without a second option. */
const single =
  (ok: (s: MerlinState, rs: Ruleset, u: number) => boolean): Ability['ok'] =>
  (s, rs, u, alt) =>
    !alt && ok(s, rs, u);
const king: Ability = { ok: (s, _rs, u, alt) => kingOk(s, u, alt) };

/** The named abilities, one entry per card (Suit order: Clubs, Spades, Hearts, Diamonds). */
const ABILITIES: readonly Ability[] = [
  // Jacks
  { ok: single(impetuousAssaultOk), use: (s, rs, u) => impetuousAssault(s, rs, u) }, // the Overly Eager Sentinel
  { ok: single(coordinatedStrikeOk) }, // the Harmonious Sentinel: Coordinated Strike (a partner, then the shared attack)
  { ok: single(bulwarkOk), use: (s, rs, u) => bulwarkStance(s, rs, u) }, // the Stalwart Sentinel
  { ok: (s, rs, u) => tacticalFlexibilityOk(s, rs, u), use: (s, rs, u, alt) => tacticalFlexibility(s, rs, u, alt) }, // the Adaptive Sentinel
  // Queens
  { ok: single(aegisOk), use: (s, rs, u) => aegis(s, rs, u) }, // the Aegis of the Realm
  { ok: artificerOk }, // the Tactical Artificer: Transmute Golem, or her alternative (unit choices)
  { ok: single(royalBoonOk), use: (s, rs, u) => royalBoon(s, rs, u) }, // the Inspirational Liege
  { ok: bombardmentOk, use: strategicBombardment }, // the Explosive Artillerist
  // Kings
  king,
  king,
  king,
  king, // Imposing Colossus, Swift Executioner, Stalwart Defender, Grand Artificer
];

/**
 * A Royal Guard motivated this turn may use its King's ability once (the Grand Artificer needs another
 * guard); an Overly Eager Sentinel animated this turn may pay for Impetuous Assault and act at once; an
 * Adaptive Sentinel animated this turn may use Tactical Flexibility once (`alt`: the Hit Point option).
 */
export function abilityOk(s: MerlinState, rs: Ruleset, u: number, alt = false): boolean {
  if (!(s.unitFlags[u] & UnitFlag.Transmuted)) return abilityOkBase(s, rs, u, alt);
  return withSurcharge(s, rs, u, () => abilityOkBase(s, rs, u, alt)); // a transmuted golem pays more (D140)
}

function abilityOkBase(s: MerlinState, rs: Ruleset, u: number, alt: boolean): boolean {
  const ability = ABILITIES[abilityIndex(s.unitCard[u])];
  return ability !== undefined && ability.ok(s, rs, u, alt);
}

/** The Adaptive Sentinel (Jack of Diamonds): Tactical Flexibility once, on the turn it is animated. */
function tacticalFlexibilityOk(s: MerlinState, rs: Ruleset, u: number): boolean {
  if (s.unitActiveFrom[u] !== s.turn + 1 || s.unitFlags[u] & (UnitFlag.AbilityUsed | UnitFlag.Dormant)) return false;
  const tf = rs.data.combat.tacticalFlexibility;
  return tf.freeOnTotals.includes(s.die1 + s.die2) || s.held[s.unitOwner[u] * 3 + 2] >= tf.grain;
}

/** The Explosive Artillerist (Queen of Diamonds): Strategic Bombardment (`alt`: the enhanced bomb) with a target in reach. */
function bombardmentOk(s: MerlinState, rs: Ruleset, u: number, alt: boolean): boolean {
  const c = rs.data.combat;
  if (s.unitActiveFrom[u] > s.turn || !fresh(s, u)) return false;
  const cost =
    (s.die1 + s.die2 === c.bombardment.cheapOnTotal ? c.bombardment.cheapGrain : c.bombardment.grain) +
    (alt ? c.bombardment.enhanceGrain : 0);
  return s.held[s.unitOwner[u] * 3 + 2] >= cost && bombardTargets(s, rs, u, null) > 0;
}

/** The Tactical Artificer (Queen of Spades): Transmute Golem, or (`alt`) discard a golem and draw from an opponent's hand (D140). */
function artificerOk(s: MerlinState, rs: Ruleset, u: number, alt: boolean): boolean {
  const c = rs.data.combat;
  const seat = s.unitOwner[u];
  if (alt) return s.unitActiveFrom[u] <= s.turn && fresh(s, u) && s.held[seat * 3] >= c.transmute.souls && raidOpen(s, rs, u);
  if (s.unitActiveFrom[u] > s.turn || !fresh(s, u) || s.held[seat * 3] < c.transmute.souls) return false;
  for (let x = 0; x < s.unitCard.length; x++) if (sacrificeOk(s, rs, u, x)) return true;
  return false;
}

/** The Stalwart Sentinel (Jack of Hearts): Bulwark Stance on its owner's own undestroyed card, on the turn it is animated or when fresh. */
function bulwarkOk(s: MerlinState, rs: Ruleset, u: number): boolean {
  const c = rs.data.combat;
  const seat = s.unitOwner[u];
  const animatedNow = s.unitActiveFrom[u] === s.turn + 1 && !(s.unitFlags[u] & (UnitFlag.AbilityUsed | UnitFlag.Dormant));
  if (!(animatedNow || (s.unitActiveFrom[u] <= s.turn && fresh(s, u))) || s.unitFlags[u] & UnitFlag.Bulwark) return false;
  const k = s.unitPos[u];
  if (((k / rs.data.table.fieldSlots) | 0) !== seat || !standable(s, k) || destroyed(s, rs, k)) return false;
  return s.held[seat * 3] >= c.bulwark.souls && s.held[seat * 3 + 1] >= c.bulwark.elixirOil;
}

/** The Harmonious Sentinel (Jack of Spades): Coordinated Strike, with a friendly golem that can join. */
function coordinatedStrikeOk(s: MerlinState, rs: Ruleset, u: number): boolean {
  const c = rs.data.combat;
  const seat = s.unitOwner[u];
  if (s.unitActiveFrom[u] > s.turn || !mayAttack(s, rs, u) || !fresh(s, u)) return false;
  if (s.held[seat * 3] < c.coordinatedStrike.souls || s.held[seat * 3 + 2] < c.coordinatedStrike.grain) return false;
  for (let p = 0; p < s.unitCard.length; p++) if (partnerOk(s, rs, u, p)) return true;
  return false;
}

/** The Aegis of the Realm (Queen of Clubs), while she holds no charge. */
function aegisOk(s: MerlinState, rs: Ruleset, u: number): boolean {
  if (s.unitActiveFrom[u] > s.turn || !fresh(s, u) || s.unitFlags[u] & (UnitFlag.Aegis1 | UnitFlag.Aegis2)) return false;
  return s.held[s.unitOwner[u] * 3 + 1] >= rs.data.combat.aegis.elixirOil;
}

/** The Inspirational Liege (Queen of Hearts): Royal Boon, while no lasting boon is on her. */
function royalBoonOk(s: MerlinState, rs: Ruleset, u: number): boolean {
  const rb = rs.data.combat.royalBoon;
  const seat = s.unitOwner[u];
  return (
    s.unitActiveFrom[u] <= s.turn &&
    fresh(s, u) &&
    !(s.unitFlags[u] & LASTING) &&
    s.held[seat * 3] >= rb.souls &&
    s.held[seat * 3 + 2] >= rb.grain
  );
}

/** The Overly Eager Sentinel (Jack of Clubs): Impetuous Assault, on the turn it is animated. */
function impetuousAssaultOk(s: MerlinState, rs: Ruleset, u: number): boolean {
  return (
    s.unitActiveFrom[u] === s.turn + 1 &&
    !(s.unitFlags[u] & UnitFlag.Dormant) &&
    s.held[s.unitOwner[u] * 3] >= rs.data.combat.impetuousAssault.souls
  );
}

/** A King's one-time ability, ready from its motivation; the Grand Artificer's (Diamonds) needs another friendly guard, for each option. */
function kingOk(s: MerlinState, u: number, alt: boolean): boolean {
  if (!(s.unitFlags[u] & UnitFlag.AbilityReady)) return false;
  if (suitOf(s.unitCard[u]) === Suit.Diamonds) return otherGuard(s, u) >= 0;
  return !alt;
}

function otherGuard(s: MerlinState, u: number): number {
  for (let t = 0; t < s.unitCard.length; t++) if (t !== u && s.unitOwner[t] === s.unitOwner[u] && isGuardCard(s.unitCard[t])) return t;
  return -1;
}

/** Why unit `u` cannot take `verb` now, or null. Each verb needs at least one legal target. */
export function checkVerb(s: MerlinState, rs: Ruleset, u: number, verb: number): string | null {
  switch (verb) {
    case Verb.Move:
      return anyMove(s, rs, u) ? null : 'no square to move to (or the unit has acted)';
    case Verb.AttackProperty:
      return anyAttackProperty(s, rs, u) ? null : 'no enemy card in reach that this unit may attack';
    case Verb.AttackUnit:
      return anyAttackUnit(s, rs, u) ? null : 'no enemy unit in reach that this unit may attack';
    case Verb.Defend:
      return defendOk(s, rs, u) ? null : 'the unit cannot defend here';
    case Verb.UseAbility:
      return abilityOk(s, rs, u) ? null : 'no ability to use';
    case Verb.UseAbilityAlt:
      return abilityOk(s, rs, u, true) ? null : 'no second ability option to use';
    case Verb.Combine:
      return comboOpen(s, rs, u)
        ? null
        : "no combination attack: needs the Queen's ability, its partner Jack stacked or adjacent, and the cost";
    case Verb.UseAbilityThird:
      return isGuardCard(s.unitCard[u]) && suitOf(s.unitCard[u]) === Suit.Diamonds && abilityOk(s, rs, u, true)
        ? null
        : 'no third ability option to use';
  }
  return 'no such verb';
}

/** Why `seat` cannot command unit `u` now (its own, active, with something to do), or null. */
export function checkCommand(s: MerlinState, rs: Ruleset, seat: number, u: number): string | null {
  if (u < 0) return 'no unit there';
  if (s.unitOwner[u] !== seat) return 'not your unit';
  if (abilityOk(s, rs, u) || abilityOk(s, rs, u, true)) return null;
  if (s.unitActiveFrom[u] > s.turn) return 'the unit becomes active on your next turn';
  for (let v = Verb.Move; v <= Verb.Defend; v++) if (checkVerb(s, rs, u, v) === null) return null;
  return 'the unit has nothing left to do this turn';
}

/**
 * Golem `p` may join the Harmonious Sentinel `u`'s Coordinated Strike: a friendly golem, active, not yet
 * acted, with a target (an enemy card or unit) that both may attack.
 */
export function partnerOk(s: MerlinState, rs: Ruleset, u: number, p: number): boolean {
  if (p === u || s.unitOwner[p] !== s.unitOwner[u] || !isGolemCard(s.unitCard[p]) || s.unitActiveFrom[p] > s.turn || !fresh(s, p))
    return false;
  return coordVerbOk(s, rs, u, p, Verb.AttackProperty) || coordVerbOk(s, rs, u, p, Verb.AttackUnit);
}

/** The Coordinated Strike of `u` and `p` has a shared target for `verb` (AttackProperty or AttackUnit). */
export function coordVerbOk(s: MerlinState, rs: Ruleset, u: number, p: number, verb: number): boolean {
  if (verb === Verb.AttackUnit) {
    for (let t = 0; t < s.unitCard.length; t++) if (attackUnitOk(s, rs, u, t) && attackUnitOk(s, rs, p, t)) return true;
    return false;
  }
  if (verb !== Verb.AttackProperty) return false;
  const adj = geometry(rs, s.numPlayers).adj;
  const k0 = s.unitPos[u];
  for (let j = k0 * 8 - 1, e = k0 * 8 + 8; j < e; j++) {
    const k = j < k0 * 8 ? k0 : adj[j];
    if (k >= 0 && attackPropertyOk(s, rs, u, k) && attackPropertyOk(s, rs, p, k)) return true;
  }
  return false;
}

/** Why unit `u` cannot take `verb` now, or null: the abilities are the only verbs open before a unit becomes active. */
export function verbOpen(s: MerlinState, rs: Ruleset, u: number, verb: number): string | null {
  if (verb < Verb.UseAbility && s.unitActiveFrom[u] > s.turn) return 'the unit becomes active on your next turn';
  return checkVerb(s, rs, u, verb);
}

// ---------------------------------------------------------------------------------------------------------
// Resolution
// ---------------------------------------------------------------------------------------------------------

function sameSuitNear(s: MerlinState, rs: Ruleset, u: number, suit: number): boolean {
  const k = s.unitPos[u];
  for (let t = 0; t < s.unitCard.length; t++) {
    if (t === u || s.unitOwner[t] !== s.unitOwner[u] || !isGolemCard(s.unitCard[t]) || suitOf(s.unitCard[t]) !== suit) continue;
    const q = s.unitPos[t];
    if (q === k) return true;
    const adj = geometry(rs, s.numPlayers).adj;
    for (let j = k * 8, e = j + 8; j < e; j++) if (adj[j] === q) return true;
  }
  return false;
}

/**
 * Damage unit `u` deals: a golem's Attack Power with terrain (Spell Shop +1 when attacking, Land -1) and
 * Clubs synergy (+1 with another Clubs golem stacked or adjacent); a guard's Strength. Never below 0.
 */
export function power(s: MerlinState, rs: Ruleset, u: number, attacking: boolean): number {
  let p = s.unitAtk[u];
  const card = s.unitCard[u];
  if (isGolemCard(card)) {
    const c = rs.data.combat;
    const top = s.slotTopKind[s.unitPos[u]];
    if (top === TopKind.Land && s.slotKind[s.unitPos[u]] === SlotKind.Property) p += c.terrain.landAttack;
    else if (attacking && top === TopKind.SpellShop) p += c.terrain.spellShopAttack;
    if (suitOf(card) === Suit.Clubs && c.synergy.clubsAttack > 0 && sameSuitNear(s, rs, u, Suit.Clubs)) p += c.synergy.clubsAttack;
    const flags = s.unitFlags[u];
    p += boonFor(s, rs, u);
    if (flags & UnitFlag.Flex1) p += 1;
    if (flags & UnitFlag.Flex2) p += 2;
    if (attacking && flags & UnitFlag.Doubled) p *= 2;
  }
  return p > 0 ? p : 0;
}

/**
 * Damage a blow to unit `u` loses before it reaches Hit Points (D88): a defending golem on a Brewery
 * (+1 HP), a Hearts golem with another Hearts golem stacked or adjacent (+1 HP).
 */
export function ward(s: MerlinState, rs: Ruleset, u: number): number {
  const card = s.unitCard[u];
  if (!isGolemCard(card)) return 0;
  const c = rs.data.combat;
  let w = 0;
  if (s.unitStance[u] === 1 && s.slotTopKind[s.unitPos[u]] === TopKind.Brewery) w += c.terrain.breweryHp;
  if (suitOf(card) === Suit.Hearts && c.synergy.heartsHp > 0 && sameSuitNear(s, rs, u, Suit.Hearts)) w += c.synergy.heartsHp;
  return w + boonFor(s, rs, u) + inspiringFor(s, rs, u);
}

/** Inspiring Bulwark (D136): extra Hit Points of golem `u` while a friendly Liege's Royal Boon carries it. */
function inspiringFor(s: MerlinState, rs: Ruleset, u: number): number {
  const flags = s.unitFlags;
  for (let q = 0; q < flags.length; q++)
    if (flags[q] & UnitFlag.Inspiring && s.unitOwner[q] === s.unitOwner[u]) return rs.data.combat.combinations.inspiringBulwark.hp;
  return 0;
}

/** Damage that defeats unit `u` in one blow. */
function toDefeat(s: MerlinState, rs: Ruleset, u: number): number {
  return s.unitHp[u] + s.unitShield[u] + ward(s, rs, u);
}

/** Deal `d` damage to unit `u`: the Stalwart Defender's shield first, then the ward, then Hit Points. */
export function strike(s: MerlinState, rs: Ruleset, u: number, d: number): void {
  if (d <= 0 || s.unitHp[u] <= 0) return;
  const sh = s.unitShield[u];
  if (sh > 0) {
    const a = sh < d ? sh : d;
    s.unitShield[u] -= a;
    d -= a;
  }
  d -= ward(s, rs, u);
  if (d > 0) s.unitHp[u] = s.unitHp[u] > d ? s.unitHp[u] - d : 0;
}

/** Remove defeated units (Hit Points or Health 0): their cards go to the discard pile. */
export function sweep(s: MerlinState): void {
  for (let u = s.unitCard.length - 1; u >= 0; u--) if (s.unitHp[u] <= 0) removeUnit(s, u);
}

function spendAttack(s: MerlinState, u: number): void {
  if (s.unitActed[u] === s.turn && s.unitExtraAttacks[u] > 0) s.unitExtraAttacks[u]--;
  s.unitActed[u] = s.turn;
  s.unitStance[u] = 0;
}

/** Move unit `u` to square `k`; it stops defending. */
export function moveUnit(s: MerlinState, u: number, k: number): void {
  s.unitPos[u] = k;
  s.unitActed[u] = s.turn;
  s.unitStance[u] = 0;
  s.unitFlags[u] &= ~UnitFlag.Bulwark;
}

/** Unit `u` defends the card it stands on. */
export function defend(s: MerlinState, u: number): void {
  s.unitStance[u] = 1;
  s.unitActed[u] = s.turn;
}

/**
 * Unit `a` attacks unit `t`. Golem against golem and guard against guard: simultaneous damage. Guard
 * against golem (either side attacking): the guard strikes first with Strength + 1; a surviving golem
 * strikes back. 0.1.27b "Golem vs. Golem Combat", "Royal Guard vs. Golem Combat", "Royal Guard vs. Royal Guard".
 */
export function attackUnit(s: MerlinState, rs: Ruleset, a: number, t: number, partner = -1): void {
  spendAttack(s, a);
  if (partner >= 0) spendAttack(s, partner);
  if (isGolemCard(s.unitCard[a]) && isGolemCard(s.unitCard[t])) {
    const q = aegisFor(s, rs, s.unitOwner[t], s.unitPos[t], t);
    if (q >= 0) t = q;
    if (s.unitFlags[t] & UnitFlag.Guarded) {
      // Coordinated Defense (D136): the Aegis takes the blow; the target still strikes back.
      s.unitFlags[t] &= ~UnitFlag.Guarded;
      const back = power(s, rs, t, false);
      strike(s, rs, a, back);
      if (partner >= 0) strike(s, rs, partner, back);
      sweep(s);
      return;
    }
  }
  if (partner < 0) duel(s, rs, a, t);
  else if (isGolemCard(s.unitCard[t])) {
    const back = power(s, rs, t, false);
    strike(s, rs, t, jointDamage(s, rs, a, partner));
    strike(s, rs, a, back);
    strike(s, rs, partner, back);
  } else {
    strike(s, rs, a, s.unitAtk[t] + rs.data.combat.guardFirstStrikeBonus);
    strike(s, rs, t, jointDamage(s, rs, a, partner));
  }
  sweep(s);
}

/**
 * A Coordinated Strike's damage (0.1.22b "The Harmonious Sentinel"): both golems' Attack Power, + the Spades
 * synergy when the partner is a Spades golem, doubled on the roll `doubleOnTotal` (11); the Harmonious
 * Sentinel's part only while it stands (a guard's first strike can break the strike).
 */
function jointDamage(s: MerlinState, rs: Ruleset, a: number, p: number): number {
  const cs = rs.data.combat.coordinatedStrike;
  if (s.unitHp[a] <= 0) return power(s, rs, p, true);
  let d = power(s, rs, a, true) + power(s, rs, p, true) + (suitOf(s.unitCard[p]) === Suit.Spades ? cs.spadesBonus : 0);
  if (s.die1 + s.die2 === cs.doubleOnTotal) d *= 2;
  return d;
}

/** Pay for and resolve the Coordinated Strike of `a` and `p` on square `k` (a card) or unit `t`. */
export function coordinatedStrike(s: MerlinState, rs: Ruleset, a: number, p: number, k: number, t: number): void {
  const cs = rs.data.combat.coordinatedStrike;
  const seat = s.unitOwner[a];
  payToSupply(s, seat, 0, cs.souls);
  payToSupply(s, seat, 2, cs.grain);
  if (t >= 0) attackUnit(s, rs, a, t, p);
  else attackProperty(s, rs, a, k, p);
}

/**
 * The Shielding Sovereign of `owner` who intercepts a golem's attack on square `k` (on a golem other than
 * herself, or on the card), spending one interception, or -1. 0.1.22b "Aegis of the Realm" (D105).
 */
function aegisFor(s: MerlinState, rs: Ruleset, owner: number, k: number, target: number): number {
  for (let q = 0; q < s.unitFlags.length; q++) {
    const f = s.unitFlags[q];
    if (!(f & (UnitFlag.Aegis1 | UnitFlag.Aegis2)) || s.unitOwner[q] !== owner || q === target || !near(rs, s, s.unitPos[q], k)) continue;
    s.unitFlags[q] = f & UnitFlag.Aegis2 ? (f & ~UnitFlag.Aegis2) | UnitFlag.Aegis1 : f & ~UnitFlag.Aegis1;
    return q;
  }
  return -1;
}

/** One exchange of blows between units `a` (attacking) and `t` (see attackUnit). */
function duel(s: MerlinState, rs: Ruleset, a: number, t: number): void {
  const ga = isGolemCard(s.unitCard[a]);
  const gt = isGolemCard(s.unitCard[t]);
  if (ga === gt) {
    const da = power(s, rs, a, true);
    const dt = power(s, rs, t, false);
    strike(s, rs, t, da);
    strike(s, rs, a, dt);
  } else {
    const guard = ga ? t : a;
    const golem = ga ? a : t;
    strike(s, rs, golem, s.unitAtk[guard] + rs.data.combat.guardFirstStrikeBonus);
    if (s.unitHp[golem] > 0) strike(s, rs, guard, power(s, rs, golem, golem === a));
  }
}

/**
 * Unit `a` attacks the card on square `k`. The owner's units defending `k` fight first (combined
 * defence): guards defending against a golem strike first (Strength + 1); then the attacker's damage
 * (Attack Power, or Strength, + 1 for a guard against golems) goes through the defenders in order and any
 * excess hits the card; defending golems (and guards against a guard) strike back at the same time, and
 * golems that survive a guard's blow retaliate after it. The card takes hits up to its hit points.
 * 0.1.27b "Attacking Properties", "Basic Golem Actions".
 */
export function attackProperty(s: MerlinState, rs: Ruleset, a: number, k: number, partner = -1): void {
  const F = rs.data.table.fieldSlots;
  const owner = (k / F) | 0;
  if (s.potionSlot.length > 0 && isGolemCard(s.unitCard[a])) {
    const units = s.unitCard.length;
    if (attackedTrigger(s, rs, a, k)) {
      // Golem's Better Nature (D138): the card's effect acts on the attacker and the attack is called off; the
      // attacker's (and a partner's) action is spent. A card that defeats the attacker removes it (indices shift).
      if (s.unitCard.length === units) spendAttack(s, a);
      if (partner >= 0) spendAttack(s, s.unitCard.length === units || partner < a ? partner : partner - 1);
      return;
    }
  }
  if (isGolemCard(s.unitCard[a])) {
    const q = aegisFor(s, rs, owner, k, -1);
    if (q >= 0) {
      attackUnit(s, rs, a, q, partner); // she takes the whole blow; nothing reaches the card
      return;
    }
  }
  spendAttack(s, a);
  if (partner >= 0) spendAttack(s, partner);
  const defs: number[] = [];
  for (let u = 0; u < s.unitCard.length; u++) if (s.unitPos[u] === k && s.unitOwner[u] === owner && s.unitStance[u] === 1) defs.push(u);
  const aGolem = isGolemCard(s.unitCard[a]);
  const bonus = rs.data.combat.guardFirstStrikeBonus;
  let d: number;
  let back = 0;
  if (aGolem) {
    for (const u of defs) if (!isGolemCard(s.unitCard[u])) strike(s, rs, a, s.unitAtk[u] + bonus);
    if (s.unitHp[a] <= 0) {
      sweep(s);
      return;
    }
    d = partner >= 0 ? jointDamage(s, rs, a, partner) : power(s, rs, a, true);
    for (const u of defs) if (isGolemCard(s.unitCard[u])) back += power(s, rs, u, false);
  } else {
    d = s.unitAtk[a];
    let golems = false;
    for (const u of defs) {
      if (isGolemCard(s.unitCard[u])) golems = true;
      else back += s.unitAtk[u];
    }
    if (golems) d += bonus;
  }
  for (const u of defs) {
    if (d <= 0) break;
    const need = toDefeat(s, rs, u);
    const take = d < need ? d : need;
    strike(s, rs, u, take);
    d -= take;
  }
  let bulwark = false;
  for (const u of defs) if (s.unitFlags[u] & UnitFlag.Bulwark) bulwark = true;
  if (d > 0 && !bulwark) {
    const hp = cardHp(s, rs, k);
    s.slotHits[k] = s.slotHits[k] + d >= hp ? hp : s.slotHits[k] + d;
  }
  strike(s, rs, a, back);
  if (partner >= 0) strike(s, rs, partner, back);
  if (!aGolem)
    for (const u of defs) if (isGolemCard(s.unitCard[u]) && s.unitHp[u] > 0 && s.unitHp[a] > 0) strike(s, rs, a, power(s, rs, u, false));
  sweep(s);
}

/**
 * The unit's ability: the Overly Eager Sentinel's Impetuous Assault, or the King's one-time ability (0.1.22b each King): Stalwart Defender (Hearts) +3 Health until its owner's
 * next turn and neither moves nor attacks; Swift Executioner (Spades) attacks twice this turn; Grand
 * Artificer (Diamonds) enhances another friendly guard: Reinforce Armor +2 Health, or (`alt`) Fortify Will, or
 * (`third`) Sharpen Blades +2 Strength; Imposing Colossus (Clubs) draws every enemy attack until its owner's next
 * turn. Each changes the Cost of the Living (floors apply).
 */
export function useAbility(s: MerlinState, rs: Ruleset, u: number, alt = false, third = false): void {
  const ability = ABILITIES[abilityIndex(s.unitCard[u])];
  if (ability !== undefined && ability.use !== undefined) ability.use(s, rs, u, alt);
  else kingAbility(s, rs, u, alt, third);
}

/** Strategic Bombardment: the Explosive Artillerist pays her Essence Grain (less on `cheapOnTotal`, more for the enhanced bomb) and bombs. */
function strategicBombardment(s: MerlinState, rs: Ruleset, u: number, alt: boolean): void {
  const c = rs.data.combat;
  const cost =
    (s.die1 + s.die2 === c.bombardment.cheapOnTotal ? c.bombardment.cheapGrain : c.bombardment.grain) +
    (alt ? c.bombardment.enhanceGrain : 0);
  payToSupply(s, s.unitOwner[u], 2, cost);
  s.unitActed[u] = s.turn;
  bombard(s, rs, u, alt);
}

/** Bulwark Stance: the Stalwart Sentinel defends its card, its Hit Points doubled as a shield on the turn it is animated with `doubleOnTotal`. */
function bulwarkStance(s: MerlinState, rs: Ruleset, u: number): void {
  const c = rs.data.combat;
  const seat = s.unitOwner[u];
  payToSupply(s, seat, 0, c.bulwark.souls);
  payToSupply(s, seat, 1, c.bulwark.elixirOil);
  if (s.unitActiveFrom[u] > s.turn && s.die1 + s.die2 === c.bulwark.doubleOnTotal) s.unitShield[u] += s.unitHp[u];
  s.unitFlags[u] |= UnitFlag.Bulwark | UnitFlag.AbilityUsed;
  s.unitStance[u] = 1;
  if (s.unitActiveFrom[u] <= s.turn) s.unitActed[u] = s.turn;
}

/** The Aegis of the Realm: one charge, or two on `bigOnTotal`, for her Elixir Oil. */
function aegis(s: MerlinState, rs: Ruleset, u: number): void {
  const c = rs.data.combat;
  payToSupply(s, s.unitOwner[u], 1, c.aegis.elixirOil);
  const n = s.die1 + s.die2 === c.aegis.bigOnTotal ? c.aegis.bigCharges : c.aegis.charges;
  s.unitFlags[u] |= n === 2 ? UnitFlag.Aegis2 : UnitFlag.Aegis1;
  s.unitActed[u] = s.turn;
}

/** A King's one-time ability (see useAbility); each changes the Cost of the Living (floors apply). */
function kingAbility(s: MerlinState, rs: Ruleset, u: number, alt: boolean, third: boolean): void {
  const k = rs.data.combat.kings;
  s.unitFlags[u] &= ~UnitFlag.AbilityReady;
  let delta = 0;
  switch (suitOf(s.unitCard[u])) {
    case Suit.Hearts:
      delta = k.stalwartDefender.costOfLivingDelta;
      s.unitShield[u] = k.stalwartDefender.health;
      s.unitFlags[u] |= UnitFlag.Immovable;
      break;
    case Suit.Spades:
      delta = k.swiftExecutioner.costOfLivingDelta;
      s.unitExtraAttacks[u] = k.swiftExecutioner.attacks - 1;
      break;
    case Suit.Diamonds:
      delta = k.grandArtificer.costOfLivingDelta;
      if (third)
        s.unitAtk[otherGuard(s, u)] += k.grandArtificer.strengthBonus; // Sharpen Blades (D139)
      else if (alt)
        s.unitFlags[otherGuard(s, u)] |= UnitFlag.FortifiedWill; // Fortify Will (D139)
      else s.unitHp[otherGuard(s, u)] += k.grandArtificer.bonus; // Reinforce Armor
      break;
    default:
      delta = k.imposingColossus.costOfLivingDelta;
      s.unitFlags[u] |= UnitFlag.CenterOfAttention;
  }
  bumpCounter(s, rs, 'costOfLiving', delta);
}

/**
 * The Overly Eager Sentinel's Impetuous Assault (0.1.22b): pay its Souls to the supply and it acts on the
 * turn it is animated; if that turn's roll was an 11 (`doubleOnTotal`), its attacks this turn are doubled.
 * (It never defends: `defendOk`.)
 */
function impetuousAssault(s: MerlinState, rs: Ruleset, u: number): void {
  const ia = rs.data.combat.impetuousAssault;
  const seat = s.unitOwner[u];
  payToSupply(s, seat, 0, ia.souls);
  s.unitActiveFrom[u] = s.turn;
  if (s.die1 + s.die2 === ia.doubleOnTotal) s.unitFlags[u] |= UnitFlag.Doubled;
}

/**
 * The Adaptive Sentinel's Tactical Flexibility (0.1.22b): on the turn it is animated, for Essence Grain (free
 * on an 11 or 12), +1 Attack Power or (`hp`) +1 Hit Point until its owner's next turn; +1 more with a friendly
 * Diamonds golem stacked or adjacent (Diamonds synergy). The Hit Point is kept as a shield (D101).
 */
function tacticalFlexibility(s: MerlinState, rs: Ruleset, u: number, hp: boolean): void {
  const tf = rs.data.combat.tacticalFlexibility;
  const seat = s.unitOwner[u];
  if (!tf.freeOnTotals.includes(s.die1 + s.die2)) {
    payToSupply(s, seat, 2, tf.grain);
  }
  const bonus = sameSuitNear(s, rs, u, Suit.Diamonds) ? 2 : 1;
  s.unitFlags[u] |= UnitFlag.AbilityUsed;
  if (hp) s.unitShield[u] += bonus;
  else s.unitFlags[u] |= bonus === 2 ? UnitFlag.Flex2 : UnitFlag.Flex1;
}

/**
 * The Inspirational Liege's Royal Boon (0.1.22b): her action, for a Soul and an Essence Grain; from then on
 * every friendly golem in her aura (stacked with or next to her, herself included) has +1 Attack Power and
 * +1 Hit Point (a ward, D88), +2 if that turn's roll was a 12, until she is defeated or her owner animates
 * another golem (D102).
 */
function royalBoon(s: MerlinState, rs: Ruleset, u: number): void {
  const rb = rs.data.combat.royalBoon;
  const seat = s.unitOwner[u];
  payToSupply(s, seat, 0, rb.souls);
  payToSupply(s, seat, 2, rb.grain);
  s.unitFlags[u] |= s.die1 + s.die2 === rb.bigOnTotal ? UnitFlag.BigBoon : UnitFlag.Boon;
  s.unitActed[u] = s.turn;
}

/**
 * The targets of the Explosive Artillerist `u`'s bomb: enemy golems and enemy cards (not Chauffeurs, not
 * destroyed) on her square and the squares touching it. Counts them; with `hit`, deals `hit(n)` to each.
 */
function bombardTargets(s: MerlinState, rs: Ruleset, u: number, dmg: number | null): number {
  const F = rs.data.table.fieldSlots;
  const seat = s.unitOwner[u];
  const g = geometry(rs, s.numPlayers);
  const k0 = s.unitPos[u];
  let n = 0;
  for (let j = -1; j < 8; j++) {
    const k = j < 0 ? k0 : g.adj[k0 * 8 + j];
    if (k < 0) break;
    if (((k / F) | 0) !== seat && standable(s, k) && !destroyed(s, rs, k)) {
      n++;
      if (dmg !== null) {
        const hp = cardHp(s, rs, k);
        s.slotHits[k] = s.slotHits[k] + dmg >= hp ? hp : s.slotHits[k] + dmg;
      }
    }
    for (let t = 0; t < s.unitCard.length; t++) {
      if (s.unitPos[t] !== k || s.unitOwner[t] === seat || !isGolemCard(s.unitCard[t])) continue;
      n++;
      if (dmg !== null) strike(s, rs, t, dmg);
    }
  }
  return n;
}

/**
 * Strategic Bombardment (0.1.22b "The Explosive Artillerist"): `bombardment.damage` (3) to every target in
 * her area; the enhanced bomb (`enhanced`) adds her Attack Power to that and divides it equally among the
 * targets, halves rounded up (D106).
 */
export function bombard(s: MerlinState, rs: Ruleset, u: number, enhanced: boolean, extra = 0): void {
  const base = rs.data.combat.bombardment.damage + extra;
  let d = base;
  if (enhanced) d = Math.floor((base + power(s, rs, u, true)) / bombardTargets(s, rs, u, null) + 0.5);
  bombardTargets(s, rs, u, d);
  sweep(s);
}

/**
 * At the end of `seat`'s turn each of its Stalwart Sentinels (Jack of Hearts) standing on its owner's
 * damaged, not destroyed card heals it one hit (0.1.22b "The Stalwart Sentinel": "Healing").
 */
export function combatTurnEnd(s: MerlinState, rs: Ruleset, seat: number): void {
  const F = rs.data.table.fieldSlots;
  for (let u = 0; u < s.unitCard.length; u++) {
    const k = s.unitPos[u];
    if (s.unitOwner[u] !== seat || !isNamed(s.unitCard[u], 11, Suit.Hearts) || ((k / F) | 0) !== seat) continue;
    if (s.slotHits[k] === 0 || destroyed(s, rs, k)) continue;
    let first = true;
    for (let q = 0; q < u; q++) if (s.unitPos[q] === k && s.unitOwner[q] === seat && isNamed(s.unitCard[q], 11, Suit.Hearts)) first = false;
    if (first) s.slotHits[k]--;
  }
}

/** Royal Boon bonus golem `u` receives: the best of its owner's Lieges whose aura reaches it. */
function boonFor(s: MerlinState, rs: Ruleset, u: number): number {
  let best = 0;
  const flags = s.unitFlags;
  for (let q = 0; q < flags.length; q++) {
    if (!(flags[q] & (UnitFlag.Boon | UnitFlag.BigBoon)) || s.unitOwner[q] !== s.unitOwner[u]) continue;
    if (q !== u && s.unitPos[q] !== s.unitPos[u] && !adjacentSquares(rs, s.numPlayers, s.unitPos[q], s.unitPos[u])) continue;
    const b = flags[q] & UnitFlag.BigBoon ? rs.data.combat.royalBoon.bigBonus : rs.data.combat.royalBoon.bonus;
    if (b > best) best = b;
  }
  return best;
}

// ---------------------------------------------------------------------------------------------------------
// Hooks called by the turn, the dice and bankruptcy
// ---------------------------------------------------------------------------------------------------------

/**
 * At the start of `seat`'s turn its units' one-turn effects end (shield, Immovable, Center of Attention,
 * extra attacks, abilities used, Tactical Flexibility, doubling); a Royal Boon lasts.
 */
export function combatTurnStart(s: MerlinState, seat: number): void {
  for (let u = 0; u < s.unitCard.length; u++) {
    if (s.unitOwner[u] !== seat) continue;
    s.unitShield[u] = 0;
    s.unitExtraAttacks[u] = 0;
    s.unitFlags[u] &= s.unitActiveFrom[u] > s.turn ? KEPT | UnitFlag.Dormant : KEPT;
  }
}

/**
 * Who receives what the card on `k` (owned by `seat`) produces (0.1.27b "Attacking Properties" 5-6): an
 * enemy golem on the card seizes it; with one of the owner's golems defending there as well the card is
 * entrenched and a d6 decides (up to `entrenchedProducesUpTo`: the owner, else nobody: -1).
 */
export function productionRecipient(s: MerlinState, rs: Ruleset, seat: number, k: number): number {
  let attacker = -1;
  let defended = false;
  for (let u = 0; u < s.unitCard.length; u++) {
    if (s.unitPos[u] !== k || !isGolemCard(s.unitCard[u])) continue;
    if (s.unitOwner[u] !== seat) {
      if (attacker < 0) attacker = s.unitOwner[u];
    } else if (s.unitStance[u] === 1) defended = true;
  }
  if (attacker < 0) return seat;
  if (!defended) return attacker;
  return rollD6(s.rng) <= rs.data.combat.entrenchedProducesUpTo ? seat : -1;
}

/** On a roll in `healOnTotals`, a defending golem heals the damaged (not destroyed) card it defends one hit, unless an enemy stands there. */
export function healOnRoll(s: MerlinState, rs: Ruleset, total: number): void {
  if (s.unitCard.length === 0 || !rs.data.combat.healOnTotals.includes(total)) return;
  const F = rs.data.table.fieldSlots;
  const healed: number[] = [];
  for (let u = 0; u < s.unitCard.length; u++) {
    const k = s.unitPos[u];
    if (s.unitStance[u] !== 1 || !isGolemCard(s.unitCard[u]) || ((k / F) | 0) !== s.unitOwner[u]) continue;
    if (s.slotHits[k] === 0 || destroyed(s, rs, k) || enemyOn(s, k, s.unitOwner[u]) || healed.includes(k)) continue;
    s.slotHits[k]--;
    healed.push(k);
  }
}

/**
 * Why `seat` cannot recall its Royal Guard to the Brewery on field slot `slot` ("Last Call"), or null: a
 * Mead, a guard on the field elsewhere, and an unoccupied Brewery (no unit on it, not destroyed). 0.1.27b
 * "Breweries" (D109).
 */
export function checkLastCall(s: MerlinState, rs: Ruleset, seat: number, slot: number): string | null {
  if (!rs.data.combat.royalGuards) return 'Royal Guards are off in this ruleset';
  if (s.mead[seat] < 1) return 'Last Call costs a Mead';
  const k = seat * rs.data.table.fieldSlots + slot;
  if (s.slotKind[k] !== SlotKind.Property || s.slotTopKind[k] !== TopKind.Brewery) return 'not one of your Breweries';
  if (destroyed(s, rs, k) || unitsOn(s, k) > 0) return 'the Brewery is not unoccupied';
  for (let u = 0; u < s.unitCard.length; u++) if (s.unitOwner[u] === seat && isGuardCard(s.unitCard[u])) return null;
  return 'no Royal Guard of yours on the field';
}

/** Last Call: `seat`'s Royal Guard goes to the Brewery on `slot` and defends it; one Mead is used up. */
export function lastCall(s: MerlinState, rs: Ruleset, seat: number, slot: number): void {
  s.mead[seat]--;
  for (let u = 0; u < s.unitCard.length; u++) {
    if (s.unitOwner[u] !== seat || !isGuardCard(s.unitCard[u])) continue;
    s.unitPos[u] = seat * rs.data.table.fieldSlots + slot;
    s.unitStance[u] = 1;
    return;
  }
}

/**
 * The `skirmish` start (`combat.start`): every seat is dealt Club properties, golems (Jacks, Queens) and
 * Kings from the top of the shuffled deck into its hand, playable at once, and commodities from the supply.
 */
export function dealSkirmish(s: MerlinState, rs: Ruleset): void {
  const st = rs.data.combat.start;
  for (let p = 0; p < s.numPlayers; p++) {
    const want = [st.properties, st.golems, st.kings];
    const fits = [
      (c: number) => suitOf(c) === Suit.Clubs && rankOf(c) >= 2 && rankOf(c) <= 10 && rankOf(c) !== 7,
      isGolemCard,
      isGuardCard,
    ];
    for (let g = 0; g < 3; g++) {
      for (let i = s.deck.length - 1; i >= 0 && want[g] > 0; i--) {
        const c = s.deck[i];
        if (!fits[g](c)) continue;
        removeAt(s.deck, i);
        s.hands[p].push(c);
        s.handOrigin[p].push(-1);
        want[g]--;
      }
    }
    const want3 = [st.souls, st.elixirOil, st.essenceGrain];
    for (let c = 0; c < 3; c++) {
      const n = Math.min(want3[c], s.supply[c]);
      s.supply[c] -= n;
      s.held[p * 3 + c] += n;
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// The action kinds: placing units, commanding one, and its verbs
// ---------------------------------------------------------------------------------------------------------

/** The verb of each verb kind (Move .. UseAbility, UseAbilityAlt, Combine, UseAbilityThird). */
export function verbOfKind(kind: number): number {
  return kind === Kind.UseAbilityAlt
    ? Verb.UseAbilityAlt
    : kind === Kind.Combine
      ? Verb.Combine
      : kind === Kind.UseAbilityThird
        ? Verb.UseAbilityThird
        : kind - Kind.Move + Verb.Move;
}

/** Why the commanded unit cannot take `verb`, or null; with a Coordinated Strike partner chosen, only a shared attack. */
export function checkUnitVerb(s: MerlinState, rs: Ruleset, verb: number): string | null {
  if (s.cmdPartner < 0) return verbOpen(s, rs, s.cmdUnit, verb);
  return coordVerbOk(s, rs, s.cmdUnit, s.cmdPartner, verb) ? null : 'no target both golems of the Coordinated Strike can attack';
}

/** A verb kind's check: the commanded unit can take the kind's verb. */
function verbCheck(s: MerlinState, rs: Ruleset, _seat: number, _a: number, _b: number, kind: number): string | null {
  return checkUnitVerb(s, rs, verbOfKind(kind));
}

/** UseAbility / UseAbilityAlt: the surcharge of a transmuted golem (D140), then the ability or its first sub-decision. */
function applyAbility(s: MerlinState, rs: Ruleset, _seat: number, _a: number, _b: number, kind: number): void {
  paySurcharge(s, rs, s.cmdUnit);
  if (kind === Kind.UseAbilityAlt && isArtificer(s.unitCard[s.cmdUnit])) {
    s.phase = Phase.SelectUnit;
    s.pending = Pending.DismissGolem;
    return;
  }
  if (isHarmonious(s.unitCard[s.cmdUnit]) || isArtificer(s.unitCard[s.cmdUnit])) {
    // Coordinated Strike: the partner, then the shared attack. Transmute Golem: the golem to dismantle, then the recipient.
    s.phase = Phase.SelectUnit;
    s.pending = isHarmonious(s.unitCard[s.cmdUnit]) ? Pending.CoordPartner : Pending.TransmuteSacrifice;
    return;
  }
  useAbility(s, rs, s.cmdUnit, kind === Kind.UseAbilityAlt);
  backToMain(s);
}

/** Golems, the Royal Guard and their commands (0.1.27b "The Animated Guardians", "The Royal Guard", "The Art of War"). */
export const COMBAT_RULES: KindRules = {
  [Kind.Animate]: {
    phases: [Phase.Main],
    check: checkAnimate,
    apply: (s, _rs, seat, a) => openSub(s, seat, Phase.SelectSquare, Pending.PlaceGolem, a),
    describe: (rs, a, _b, s) => `animate ${handName(rs, s, a)} as a golem`,
  },
  [Kind.Motivate]: {
    phases: [Phase.Main],
    check: (s, rs, seat, a) => checkMotivate(s, rs, seat, a, false),
    apply: (s, _rs, seat, a) => openSub(s, seat, Phase.SelectSquare, Pending.PlaceGuard, a),
    describe: (rs, a, _b, s) => `motivate ${handName(rs, s, a)} as a Royal Guard (active next turn)`,
  },
  [Kind.MotivateNow]: {
    phases: [Phase.Main],
    check: (s, rs, seat, a) => checkMotivate(s, rs, seat, a, true),
    apply: (s, _rs, seat, a) => openSub(s, seat, Phase.SelectSquare, Pending.PlaceGuardNow, a),
    describe: (rs, a, _b, s) => `motivate ${handName(rs, s, a)} as a Royal Guard, active at once`,
  },
  [Kind.CommandUnit]: {
    phases: [Phase.Main],
    check: (s, rs, seat, a, b) => {
      const k = squareKey(s, rs, seat, a);
      return checkCommand(s, rs, seat, k < 0 ? -1 : unitAt(s, k, b));
    },
    apply: (s, rs, seat, a, b) => {
      s.cmdUnit = unitAt(s, squareKey(s, rs, seat, a), b);
      s.phase = Phase.UnitVerb;
    },
    describe: (rs, a, b, s) => `command the unit at ${squareName(rs, s, a)}, level ${b}`,
  },
  [Kind.LastCall]: {
    phases: [Phase.Main],
    check: checkLastCall,
    apply: lastCall,
    describe: (rs, a, _b, s) => `Last Call: recall your Royal Guard to the Brewery in ${slotName(rs, s, a)} for a Mead`,
  },
  [Kind.Move]: {
    phases: [Phase.UnitVerb],
    check: verbCheck,
    apply: (s) => {
      s.phase = Phase.SelectSquare;
      s.pending = Pending.MoveUnit;
    },
    describe: () => 'move the unit',
  },
  [Kind.AttackProperty]: {
    phases: [Phase.UnitVerb],
    check: verbCheck,
    apply: (s) => {
      s.phase = Phase.SelectSquare;
      s.pending = s.cmdPartner >= 0 ? Pending.CoordAttackProperty : Pending.AttackProperty;
    },
    describe: () => 'attack a card with the unit',
  },
  [Kind.AttackUnit]: {
    phases: [Phase.UnitVerb],
    check: verbCheck,
    apply: (s) => {
      s.phase = Phase.SelectUnit;
      s.pending = s.cmdPartner >= 0 ? Pending.CoordAttackUnit : Pending.AttackUnit;
    },
    describe: () => 'attack a unit with the unit',
  },
  [Kind.Defend]: {
    phases: [Phase.UnitVerb],
    check: verbCheck,
    apply: (s) => {
      defend(s, s.cmdUnit);
      backToMain(s);
    },
    describe: () => 'defend the card the unit stands on',
  },
  [Kind.UseAbility]: { phases: [Phase.UnitVerb], check: verbCheck, apply: applyAbility, describe: () => "use the unit's ability" },
  [Kind.UseAbilityAlt]: {
    phases: [Phase.UnitVerb],
    check: verbCheck,
    apply: applyAbility,
    describe: () => "use the ability's second option (+1 Hit Point)",
  },
  [Kind.UseAbilityThird]: {
    phases: [Phase.UnitVerb],
    check: verbCheck,
    apply: (s, rs) => {
      useAbility(s, rs, s.cmdUnit, false, true); // the Grand Artificer's Sharpen Blades (D139); a King is never transmuted
      backToMain(s);
    },
    describe: () => "use the ability's third option (the Grand Artificer's Sharpen Blades: +2 Strength)",
  },
  [Kind.Combine]: {
    phases: [Phase.UnitVerb],
    check: verbCheck,
    apply: (s, rs) => {
      paySurcharge(s, rs, s.cmdUnit);
      s.phase = Phase.SelectUnit;
      s.pending = Pending.ComboPartner;
    },
    describe: () => "the Queen's combination attack (then the Jack that joins her)",
  },
};
