/**
 * Combat, abilities: the named golems' abilities (each Jack and Queen, 0.1.22b), the Kings' one-time abilities
 * (each King), Coordinated Strike, Transmute Golem, Strategic Bombardment, and the Stalwart Sentinel's healing
 * at the end of its owner's turn. Each ability's check (`ok`) and effect (`use`) sit in one table, ABILITIES.
 * The chapter index is combat.ts.
 */
import type { Ruleset } from '../rules/index.ts';
import { type MerlinState, UnitFlag } from './state.ts';
import { rankOf, Suit, suitOf } from './cards.ts';
import { geometry, standable } from './board.ts';
import { raidOpen, withSurcharge } from './artificer.ts';
import { bumpCounter } from './effects.ts';
import { payToSupply } from './kernel/purse.ts';
import { isGolemCard, isGuardCard, isNamed, removeUnit } from './kernel/units.ts';
import { cardHp, destroyed, fresh, LASTING, Verb } from './combat-units.ts';
import { attackPropertyOk, attackUnitOk, mayAttack, power, sameSuitNear, strike, sweep } from './combat-attacks.ts';

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
