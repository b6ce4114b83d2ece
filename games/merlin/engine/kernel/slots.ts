/**
 * Kernel: field slots. A player's field has `table.fieldSlots` slots; slot key k = seat × fieldSlots + slot.
 * A slot holds a property, Chauffeur or lab card (`slotKind`), maybe a card on top (`slotTopKind`), and
 * the gold, commodities and hits that belong to it.
 */
import type { Ruleset } from '../../rules/index.ts';
import { SlotKind, TopKind, type MerlinState } from '../state.ts';

/** Reset a field slot to empty (no gold, cards or commodities are moved: callers do that first). */
export function clearSlotData(s: MerlinState, k: number): void {
  s.slotKind[k] = SlotKind.Empty;
  s.slotCard[k] = -1;
  s.slotTopKind[k] = TopKind.None;
  s.slotTop[k] = -1;
  s.slotInvest[k] = 0;
  s.slotInvestTurn[k] = -1;
  s.slotVault[k] = 0;
  s.slotFunds[k] = 0;
  s.slotSpent[k] = 0;
  s.slotPlanted[k] = 0;
  s.slotHits[k] = 0;
}

/** A Spell Shop or Brewery on a property (where an `ownSpecialised` potion lies). */
export function isSpecialised(s: MerlinState, k: number): boolean {
  return s.slotKind[k] === SlotKind.Property && (s.slotTopKind[k] === TopKind.SpellShop || s.slotTopKind[k] === TopKind.Brewery);
}

/**
 * Slot key of `seat`'s lab of `kind` whose card is `labCard`, or -1 when that lab is no longer a lab
 * (it became a Spell Shop / Brewery) or the card came from no lab. Labs are known by their card, not
 * their slot, so a new lab played into a freed slot earns no credit (0.1.14a "Spells").
 */
export function findLab(s: MerlinState, rs: Ruleset, seat: number, labCard: number, kind: number): number {
  if (labCard < 0) return -1;
  const F = rs.data.table.fieldSlots;
  for (let k = seat * F, e = k + F; k < e; k++) if (s.slotKind[k] === kind && s.slotCard[k] === labCard) return k;
  return -1;
}
