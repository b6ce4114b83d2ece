/**
 * Spells and potions that act on units (engine part 3b; docs/RULES.md D138, D139): the targets
 * `opponentUnit` (spells), `ownUnit` and `ownSpecialised` (potions), the trigger `attacked` and the ops
 * `deactivateUnit` and `unitStat` of env/merlin/cards/schema.ts. 0.1.27b 'The First Turn' 2 B (Golem's
 * Better Nature), 'Spells'; 0.1.22b 'The Grand Artificer' (Fortify Will).
 *
 * A unit effect acts on one unit: the one chosen when the card is played (SelectUnit, Pending.SpellTargetUnit
 * or Pending.PotionTargetUnit), or, for a potion lying under a Spell Shop or Brewery with the trigger
 * `attacked`, the enemy golem that attacks that card (the attack is then called off).
 */
import { rollD6 } from '../../core/rng.ts';
import type { Ruleset } from '../rules/index.ts';
import type { CardDef } from '../cards/schema.ts';
import { SlotKind, TopKind, UnitFlag, type MerlinState } from './state.ts';
import { isGolemCard, removeUnit } from './combat.ts';
import { cardDef, conditionHolds, DECK_INDEX, resolvePotion } from './effects.ts';

/** Unit `u` can be the target of `seat`'s card `def` (`opponentUnit`: an opponent's, still in the game; `ownUnit`: `seat`'s). */
export function unitTargetOk(s: MerlinState, seat: number, def: CardDef, u: number): boolean {
  if (u < 0 || u >= s.unitCard.length) return false;
  const owner = s.unitOwner[u];
  if (def.target === 'ownUnit') return owner === seat;
  return def.target === 'opponentUnit' && owner !== seat && !s.eliminated[owner];
}

/** Any unit `seat`'s card `def` can target. */
export function anyUnitTarget(s: MerlinState, seat: number, def: CardDef): boolean {
  for (let u = 0; u < s.unitCard.length; u++) if (unitTargetOk(s, seat, def, u)) return true;
  return false;
}

/** A Spell Shop or Brewery on a property (where an `ownSpecialised` potion lies). */
export function isSpecialised(s: MerlinState, k: number): boolean {
  return s.slotKind[k] === SlotKind.Property && (s.slotTopKind[k] === TopKind.SpellShop || s.slotTopKind[k] === TopKind.Brewery);
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

/**
 * A unit with Fortify Will resists a spell aimed at it: a d6 + `willBonus` (3) reaching `resistSpellsAt` (7).
 * Units without it never roll (D139).
 */
export function resistsSpell(s: MerlinState, rs: Ruleset, u: number): boolean {
  if (!(s.unitFlags[u] & UnitFlag.FortifiedWill)) return false;
  const ga = rs.data.combat.kings.grandArtificer;
  return rollD6(s.rng) + ga.willBonus >= ga.resistSpellsAt;
}

/**
 * Golem `a` attacks the card on `k`: the first of the card owner's potions lying under it with the trigger
 * `attacked` resolves on `a` (Golem's Better Nature). Returns true when one did (the attack is called off).
 */
export function attackedTrigger(s: MerlinState, rs: Ruleset, a: number, k: number): boolean {
  if (!isGolemCard(s.unitCard[a])) return false;
  for (let i = 0; i < s.potionSlot.length; i++) {
    if (s.potionSlot[i] !== k || s.potionOwner[i] === s.unitOwner[a]) continue;
    const def = cardDef(rs, DECK_INDEX.potions, s.potionCard[i]);
    const owner = s.potionOwner[i];
    if (def.trigger.on !== 'attacked' || (def.condition && !conditionHolds(s, rs, def.condition, owner, owner))) continue;
    resolvePotion(s, rs, i, a);
    return true;
  }
  return false;
}

