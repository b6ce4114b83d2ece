/**
 * Combat, attacks: which moves, attacks and defences a unit may take, and how blows resolve (Attack Power with
 * terrain and synergy, wards, shields, golem against guard, combined defence of a card). 0.1.27b "The Art of
 * War", "Golem vs. Golem Combat", "Royal Guard vs. Golem Combat", "Attacking Properties"; 0.1.22b "Suit
 * Synergy", "Terrain Effects". The chapter index is combat.ts.
 */
import type { Ruleset } from '../rules/index.ts';
import { type MerlinState, SlotKind, TopKind, UnitFlag } from './state.ts';
import { rankOf, Suit, suitOf } from './cards.ts';
import { adjacent as adjacentSquares, geometry, standable } from './board.ts';
import { attackedTrigger } from './unit-cards.ts';
import { payToSupply } from './kernel/purse.ts';
import { isGolemCard, removeUnit, unitsOn } from './kernel/units.ts';
import { cardHp, destroyed, enemyOn, fresh, isAggressive, near } from './combat-units.ts';

// ---------------------------------------------------------------------------------------------------------
// Moving, attacking and defending: what a unit may do
// ---------------------------------------------------------------------------------------------------------

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

export function anyMove(s: MerlinState, rs: Ruleset, u: number): boolean {
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

export function mayAttack(s: MerlinState, rs: Ruleset, u: number): boolean {
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

export function anyAttackProperty(s: MerlinState, rs: Ruleset, u: number): boolean {
  if (attackPropertyOk(s, rs, u, s.unitPos[u])) return true;
  const adj = geometry(rs, s.numPlayers).adj;
  for (let j = s.unitPos[u] * 8, e = j + 8; j < e; j++) {
    if (adj[j] < 0) break;
    if (attackPropertyOk(s, rs, u, adj[j])) return true;
  }
  return false;
}

export function anyAttackUnit(s: MerlinState, rs: Ruleset, u: number): boolean {
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

// ---------------------------------------------------------------------------------------------------------
// Resolution
// ---------------------------------------------------------------------------------------------------------
export function sameSuitNear(s: MerlinState, rs: Ruleset, u: number, suit: number): boolean {
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
