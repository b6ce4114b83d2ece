/**
 * The combination attacks (0.1.22b "Combination Attacks"; docs/RULES.md D136).
 *
 * "Certain Golem pairings can perform unique Combination Attacks when stacked or on adjacent properties.
 * These attacks are in addition to their individual abilities." Each pairing is a Queen and a Jack of one
 * owner; the combination is commanded on the Queen (the Combine verb), then the Jack is picked (SelectUnit,
 * Pending.ComboPartner). It is the Queen's own ability made stronger, so it is open exactly when her ability
 * is, and it costs her ability's cost plus the combination's (`combat.combinations`):
 *
 * - Impetuous Bombardment: the Explosive Artillerist (Queen of Diamonds) with the Overly Eager Sentinel
 *   (Jack of Clubs), which throws her bomb at once: Strategic Bombardment with `extraDamage` (+1) to every
 *   target. It is the action of both: the Sentinel must be active and not have acted this turn.
 * - Coordinated Defense: the Shielding Sovereign (Queen of Clubs) with the Harmonious Sentinel (Jack of
 *   Spades): her Aegis of the Realm, and until her owner's next turn the first golem attack aimed at her and
 *   the first aimed at the Sentinel is taken by the Aegis (no damage; the target still strikes back). The
 *   Sentinel keeps its action ("may still perform a coordinated attack").
 * - Inspiring Bulwark: the Inspirational Liege (Queen of Hearts) with the Stalwart Sentinel (Jack of Hearts):
 *   her Royal Boon, and while it lasts every friendly golem has `hp` (+1) Hit Point more; the Sentinel heals
 *   the card it is defending `heal` (1) hit at once. The Sentinel keeps its action.
 */
import type { Ruleset } from '../rules/index.ts';
import { UnitFlag, type MerlinState } from './state.ts';
import { Suit } from './cards.ts';
import { destroyed, fresh, near } from './combat-units.ts';
import { abilityOk, bombard, useAbility } from './combat-abilities.ts';
import { withSurcharge } from './artificer.ts';
import { payToSupply } from './kernel/purse.ts';
import { isNamed } from './kernel/units.ts';

/** The Jack that completes the Queen `card`'s combination: [rank 11, suit], or -1 when she has none. */
function partnerSuit(card: number): number {
  if (isNamed(card, 12, Suit.Diamonds)) return Suit.Clubs;
  if (isNamed(card, 12, Suit.Clubs)) return Suit.Spades;
  if (isNamed(card, 12, Suit.Hearts)) return Suit.Hearts;
  return -1;
}

/** Souls, Elixir Oil and Essence Grain the combination of Queen `card` costs on top of her ability. */
function comboCost(rs: Ruleset, card: number): [number, number, number] {
  const c = rs.data.combat.combinations;
  if (isNamed(card, 12, Suit.Diamonds)) return [c.impetuousBombardment.souls, 0, c.impetuousBombardment.grain];
  if (isNamed(card, 12, Suit.Clubs)) return [c.coordinatedDefense.souls, c.coordinatedDefense.elixirOil, 0];
  return [c.inspiringBulwark.souls, c.inspiringBulwark.elixirOil, c.inspiringBulwark.grain];
}

/** The Queen's own ability cost in [Souls, Elixir Oil, Essence Grain] (paid with the combination). */
function abilityCost(s: MerlinState, rs: Ruleset, card: number): [number, number, number] {
  const c = rs.data.combat;
  if (isNamed(card, 12, Suit.Diamonds))
    return [0, 0, s.die1 + s.die2 === c.bombardment.cheapOnTotal ? c.bombardment.cheapGrain : c.bombardment.grain];
  if (isNamed(card, 12, Suit.Clubs)) return [0, c.aegis.elixirOil, 0];
  return [c.royalBoon.souls, 0, c.royalBoon.grain];
}

/** Queen `u` can pay her ability and her combination together. */
function affords(s: MerlinState, rs: Ruleset, u: number): boolean {
  const card = s.unitCard[u];
  const a = abilityCost(s, rs, card);
  const b = comboCost(rs, card);
  const h = s.unitOwner[u] * 3;
  return s.held[h] >= a[0] + b[0] && s.held[h + 1] >= a[1] + b[1] && s.held[h + 2] >= a[2] + b[2];
}

/**
 * Jack `p` may join Queen `u`'s combination: the right Jack, the same owner, on her square or touching it;
 * for Impetuous Bombardment also active and not yet acted this turn (it throws the bomb).
 */
export function comboPartnerOk(s: MerlinState, rs: Ruleset, u: number, p: number): boolean {
  if (p === u || s.unitOwner[p] !== s.unitOwner[u]) return false;
  const suit = partnerSuit(s.unitCard[u]);
  if (suit < 0 || !isNamed(s.unitCard[p], 11, suit) || !near(rs, s, s.unitPos[u], s.unitPos[p])) return false;
  if (suit === Suit.Clubs) return s.unitActiveFrom[p] <= s.turn && fresh(s, p);
  return true;
}

/** Queen `u` may open a combination now: her ability is open, she can pay both costs, and a partner is there. */
export function comboOpen(s: MerlinState, rs: Ruleset, u: number): boolean {
  if (partnerSuit(s.unitCard[u]) < 0 || !abilityOk(s, rs, u) || !withSurcharge(s, rs, u, () => affords(s, rs, u))) return false;
  for (let p = 0; p < s.unitCard.length; p++) if (comboPartnerOk(s, rs, u, p)) return true;
  return false;
}

/** Resolve Queen `u`'s combination with Jack `p` (both checked by comboOpen / comboPartnerOk). */
export function combine(s: MerlinState, rs: Ruleset, u: number, p: number): void {
  const card = s.unitCard[u];
  const seat = s.unitOwner[u];
  const [souls, oil, grain] = comboCost(rs, card);
  payToSupply(s, seat, 0, souls);
  payToSupply(s, seat, 1, oil);
  payToSupply(s, seat, 2, grain);
  const c = rs.data.combat.combinations;
  if (isNamed(card, 12, Suit.Diamonds)) {
    const bomb = abilityCost(s, rs, card);
    payToSupply(s, seat, 2, bomb[2]);
    s.unitActed[u] = s.turn;
    s.unitActed[p] = s.turn;
    s.unitStance[p] = 0;
    bombard(s, rs, u, false, c.impetuousBombardment.extraDamage);
    return;
  }
  useAbility(s, rs, u); // the Aegis of the Realm, or the Royal Boon (each pays its own cost)
  if (isNamed(card, 12, Suit.Clubs)) {
    s.unitFlags[u] |= UnitFlag.Guarded;
    s.unitFlags[p] |= UnitFlag.Guarded;
    return;
  }
  s.unitFlags[u] |= UnitFlag.Inspiring;
  const k = s.unitPos[p];
  if (s.unitStance[p] === 1 && ((k / rs.data.table.fieldSlots) | 0) === seat && s.slotHits[k] > 0 && !destroyed(s, rs, k)) {
    const h = s.slotHits[k] - c.inspiringBulwark.heal;
    s.slotHits[k] = h > 0 ? h : 0;
  }
}
