/**
 * Using Spells and Potions. 0.1.27b "Using Spells", "Using Potions", "Spell Shops" (spell sales);
 * 0.1.14a "Potions", "Spells".
 *
 * A spell is revealed and played on its target at once; afterwards it goes under the Spell Lab that made
 * it (counting toward research success) or is shuffled back. Casting on a player marks the pair as having
 * targeted each other (the robbery roll of trade.ts reads it). A potion recipe is brewed by paying its
 * commodities to the supply and lies face down in front of its owner or under the chosen property until
 * its trigger resolves it (effects.ts). A spell can be sold to the Central Bank at the Cost of the Living
 * through your own Spell Shop or, with `spellShopBrokerage`, another player's.
 */
import type { Ruleset } from '../rules/index.ts';
import type { CardDef } from '../cards/schema.ts';
import { HAND_POTION, HAND_SPELL, type MerlinState, Phase, SlotKind, TopKind } from './state.ts';
import { bankPays } from './ledger.ts';
import { shuffleBack } from './cards.ts';
import { applyEffects, resolvePotion, tallyPlay } from './effects.ts';
import { ownsTop } from './research.ts';
import { payRegulationFee, RegAction, regulationBars } from './regulations.ts';
import { anyUnitTarget, resistsSpell } from './unit-cards.ts';
import { DECK_INDEX, handCardDef } from './kernel/card-defs.ts';
import { takeFromHand } from './kernel/hands.ts';
import { findLab, isSpecialised } from './kernel/slots.ts';
import { Kind } from './actions.ts';
import type { KindRules } from './registry.ts';
import { handName } from './kernel/names.ts';
/** Re-exported for agents that read a hand's spells and potions here. */
export { handCardDef } from './kernel/card-defs.ts';

/** A target player for a spell: an opponent still in the game (with a Land, for Land spells). */
export function spellTargetOk(s: MerlinState, rs: Ruleset, seat: number, target: number, needsLand: boolean): boolean {
  if (target === seat || target < 0 || target >= s.numPlayers || s.eliminated[target]) return false;
  if (!needsLand) return true;
  const F = rs.data.table.fieldSlots;
  for (let k = target * F, e = k + F; k < e; k++) if (s.slotTopKind[k] === TopKind.Land) return true;
  return false;
}

/** Why the spell at hand index `h` cannot be cast now, or null. */
export function checkCastSpell(s: MerlinState, rs: Ruleset, seat: number, def: CardDef): string | null {
  const reg = regulationBars(s, rs, RegAction.CastSpell, seat, 0);
  if (reg !== null) return reg;
  if (def.target === 'none') return null;
  if (def.target === 'opponentUnit') return anyUnitTarget(s, seat, def) ? null : "no opponent's unit to target";
  const needsLand = def.target === 'opponentLand';
  for (let p = 0; p < s.numPlayers; p++) if (spellTargetOk(s, rs, seat, p, needsLand)) return null;
  return needsLand ? 'no opponent has a Land' : 'no opponent to target';
}

/** Why the potion recipe `def` cannot be brewed now, or null. */
export function checkBrewPotion(s: MerlinState, rs: Ruleset, seat: number, def: CardDef): string | null {
  const c = def.cost!;
  if (s.held[seat * 3] < c.souls || s.held[seat * 3 + 1] < c.elixirOil || s.held[seat * 3 + 2] < c.essenceGrain)
    return 'not enough commodities for the recipe';
  if (def.target === 'none') return null;
  if (def.target === 'ownUnit') return anyUnitTarget(s, seat, def) ? null : 'no unit of yours to brew it for';
  const F = rs.data.table.fieldSlots;
  for (let i = 0; i < F; i++) if (potionSpotOk(s, rs, seat, def, i)) return null;
  if (def.target === 'ownSpecialised') return 'no Spell Shop or Brewery to brew it under';
  return def.target === 'ownLand' ? 'no Land to brew it on' : 'no property to brew it under';
}

export function potionSpotOk(s: MerlinState, rs: Ruleset, seat: number, def: CardDef, slot: number): boolean {
  const k = seat * rs.data.table.fieldSlots + slot;
  if (def.target === 'ownLand') return s.slotTopKind[k] === TopKind.Land;
  if (def.target === 'ownProperty') return s.slotKind[k] === SlotKind.Property;
  if (def.target === 'ownSpecialised') return isSpecialised(s, k);
  return false;
}

/**
 * Cast the spell at hand index `h` on `target` (seat or -1), `slotKey` (or -1) and `unit` (a unit of `target`,
 * or -1); a unit with Fortify Will may resist it, and then the spell has no effect (D139).
 */
export function castSpell(s: MerlinState, rs: Ruleset, seat: number, h: number, target: number, slotKey: number, unit = -1): void {
  const [code, origin] = takeFromHand(s, seat, h);
  const def = handCardDef(rs, code);
  tallyPlay(DECK_INDEX.spells, code - HAND_SPELL);
  payRegulationFee(s, rs, RegAction.CastSpell, seat);
  if (target >= 0) {
    s.spellTargeted[seat * s.numPlayers + target] = 1;
    s.spellTargeted[target * s.numPlayers + seat] = 1;
  }
  if (unit < 0 || !resistsSpell(s, rs, unit)) applyEffects(s, rs, def, seat, target, slotKey, unit);
  const lab = findLab(s, rs, seat, origin, SlotKind.SpellLab);
  if (lab >= 0) {
    s.underCard.push(code);
    s.underKey.push(lab);
    s.slotSpent[lab]++;
  } else {
    shuffleBack(s, s.cdeck[DECK_INDEX.spells], code - HAND_SPELL);
  }
}

/** Brew the potion at hand index `h`, face down under `slotKey` (or in front of the player, -1); `unit`: the unit it is brewed for (-1 none). */
export function brewPotion(s: MerlinState, rs: Ruleset, seat: number, h: number, slotKey: number, unit = -1): void {
  const [code, origin] = takeFromHand(s, seat, h);
  const def = handCardDef(rs, code);
  tallyPlay(DECK_INDEX.potions, code - HAND_POTION);
  const c = def.cost!;
  s.held[seat * 3] -= c.souls;
  s.held[seat * 3 + 1] -= c.elixirOil;
  s.held[seat * 3 + 2] -= c.essenceGrain;
  s.supply[0] += c.souls;
  s.supply[1] += c.elixirOil;
  s.supply[2] += c.essenceGrain;
  s.potionCard.push(code - HAND_POTION);
  s.potionOwner.push(seat);
  s.potionSlot.push(slotKey);
  s.potionTurn.push(s.turn);
  s.potionOrigin.push(origin);
  if (def.trigger.on === 'now') resolvePotion(s, rs, s.potionCard.length - 1, unit);
}

/** Why `seat` cannot sell the card at hand index `h` to the Central Bank, or null. */
export function checkSellSpell(s: MerlinState, rs: Ruleset, seat: number, h: number): string | null {
  const code = s.hands[seat][h];
  if (code === undefined) return 'no card at that hand index';
  if (code < HAND_SPELL || code >= HAND_POTION) return 'not a spell';
  const reg = regulationBars(s, rs, RegAction.SellSpell, seat, 0);
  if (reg !== null) return reg;
  if (ownsTop(s, rs, seat, TopKind.SpellShop)) return null;
  if (rs.data.spellShopBrokerage)
    for (let p = 0; p < s.numPlayers; p++) if (p !== seat && !s.eliminated[p] && ownsTop(s, rs, p, TopKind.SpellShop)) return null;
  return 'needs a Spell Shop';
}

export function applySellSpell(s: MerlinState, rs: Ruleset, seat: number, h: number): void {
  const [code] = takeFromHand(s, seat, h);
  shuffleBack(s, s.cdeck[DECK_INDEX.spells], code - HAND_SPELL);
  bankPays(s, seat, s.costOfLiving * rs.data.spellPriceInCostOfLiving);
}

/** Selling a spell to the Central Bank (0.1.27b "Spell Shops"). */
export const MAGIC_RULES: KindRules = {
  [Kind.SellSpell]: {
    phases: [Phase.Main],
    check: checkSellSpell,
    apply: applySellSpell,
    describe: (rs, a, _b, s) => `sell ${handName(rs, s, a)} to the Central Bank`,
  },
};
