/**
 * Clubs: properties, payout and property investing. 0.1.27b "Clubs: Properties and Holdings", "Property
 * Investing"; 0.1.14a "Property Value", "Clubs".
 *
 * Production (payout, investment doubling) is in dice.ts; this module holds the investing action and the
 * property counts used by taxes. Investing: gold from the pocket onto an owned, unoccupied property, once
 * per property per turn; doubled when the property's number is rolled before a 7, lost to the Central Bank
 * on a 7. Lands and Breweries cannot be invested in; Spell Shops can (0.1.27b "Spell Shops": the specific
 * rule wins over the general "properties with permits cannot be invested in").
 */
import type { Ruleset } from '../rules/index.ts';
import { Phase, SlotKind, TopKind, type MerlinState } from './state.ts';
import { unitsOn } from './kernel/units.ts';
import { Kind } from './actions.ts';
import type { KindRules } from './registry.ts';
import { gridName, slotName } from './kernel/names.ts';

/** Amount `idx` of a grid: the entry, or all of `available` when the entry is 0. */
export function gridAmount(grid: number[], idx: number, available: number): number {
  const v = grid[idx];
  return v === 0 ? available : v;
}

/** Why `seat` cannot invest grid amount `idx` in slot `slot` this turn, or null. */
export function checkInvest(s: MerlinState, rs: Ruleset, seat: number, slot: number, idx: number): string | null {
  const k = seat * rs.data.table.fieldSlots + slot;
  if (s.slotKind[k] !== SlotKind.Property) return 'not a property';
  const top = s.slotTopKind[k];
  if (top !== TopKind.None && top !== TopKind.SpellShop) return 'Lands and Breweries cannot be invested in';
  if (s.slotHits[k] > 0) return 'a property that has been hit cannot be invested in';
  if (s.unitCard.length > 0 && unitsOn(s, k) > 0) return 'a property with a golem or Royal Guard on it cannot be invested in';
  if (s.slotInvestTurn[k] === s.turn) return 'already invested in this property this turn';
  const a = gridAmount(rs.data.grids.invest, idx, s.gold[seat]);
  if (a < 1) return 'nothing to invest';
  if (a > s.gold[seat]) return 'not enough gold in pocket';
  return null;
}

export function applyInvest(s: MerlinState, rs: Ruleset, seat: number, slot: number, idx: number): void {
  const k = seat * rs.data.table.fieldSlots + slot;
  const a = gridAmount(rs.data.grids.invest, idx, s.gold[seat]);
  s.gold[seat] -= a;
  s.slotInvest[k] += a;
  s.slotInvestTurn[k] = s.turn;
}

/**
 * Property count for taxes (0.1.14a "Taxes"): each property card counts one, a specialised property
 * (Spell Shop, Brewery) counts `specialisedFactor`, a Chauffeur counts its two property cards.
 */
export function taxableProperties(s: MerlinState, rs: Ruleset, seat: number): number {
  const F = rs.data.table.fieldSlots;
  let n = 0;
  for (let k = seat * F, e = k + F; k < e; k++) {
    const kind = s.slotKind[k];
    if (kind === SlotKind.Chauffeur) n += 2;
    else if (kind === SlotKind.Property) {
      const top = s.slotTopKind[k];
      n += top === TopKind.SpellShop || top === TopKind.Brewery ? rs.data.taxes.specialisedFactor : 1;
    }
  }
  return n;
}

/** First empty field slot of `seat`, or -1 when the field is full. */
export function freeSlot(s: MerlinState, rs: Ruleset, seat: number): number {
  const F = rs.data.table.fieldSlots;
  for (let i = 0; i < F; i++) if (s.slotKind[seat * F + i] === SlotKind.Empty) return i;
  return -1;
}

/**
 * 1 + the highest occupied slot of `seat`'s field (0 for an empty field): the legal-action scans stop there,
 * since every slot action needs a card in the slot and a field fills from its first slots.
 */
export function fieldEnd(s: MerlinState, rs: Ruleset, seat: number): number {
  const F = rs.data.table.fieldSlots;
  const k0 = seat * F;
  let i = F;
  while (i > 0 && s.slotKind[k0 + i - 1] === SlotKind.Empty) i--;
  return i;
}

/** A bare property: an undamaged Property slot with nothing on top and no investment (for Lands, Chauffeurs, Breweries). */
export function isBareUninvested(s: MerlinState, k: number): boolean {
  return s.slotKind[k] === SlotKind.Property && s.slotTopKind[k] === TopKind.None && s.slotInvest[k] === 0 && s.slotHits[k] === 0;
}

/** Investing in a property (0.1.27b "Investing"). */
export const PROPERTY_RULES: KindRules = {
  [Kind.Invest]: {
    phases: [Phase.Main],
    check: checkInvest,
    apply: applyInvest,
    describe: (rs, a, b, s) => `invest ${gridName(rs.data.grids.invest, b)} gold in ${slotName(rs, s, a)}`,
  },
};
