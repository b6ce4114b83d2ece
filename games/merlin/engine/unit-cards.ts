/**
 * Spells and potions that act on units (docs/RULES.md D138, D139): the targets
 * `opponentUnit` (spells), `ownUnit` and `ownSpecialised` (potions), the trigger `attacked` and the ops
 * `deactivateUnit` and `unitStat` of games/merlin/cards/schema.ts. 0.1.27b 'The First Turn' 2 B (Golem's
 * Better Nature), 'Spells'; 0.1.22b 'The Grand Artificer' (Fortify Will).
 *
 * A unit effect acts on one unit: the one chosen when the card is played (SelectUnit, Pending.SpellTargetUnit
 * or Pending.PotionTargetUnit), or, for a potion lying under a Spell Shop or Brewery with the trigger
 * `attacked`, the enemy golem that attacks that card (the attack is then called off).
 */
import { rollD6 } from '../../../lib/rng.ts';
import type { Ruleset } from '../rules/index.ts';
import type { CardDef } from '../cards/schema.ts';
import { UnitFlag, type MerlinState } from './state.ts';
import { conditionHolds, resolvePotion } from './effects.ts';
import { cardDef, DECK_INDEX } from './kernel/card-defs.ts';
import { isGolemCard } from './kernel/units.ts';
/** Re-exported for the hidden-information resampler, which places `ownSpecialised` potions. */
export { isSpecialised } from './kernel/slots.ts';

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
