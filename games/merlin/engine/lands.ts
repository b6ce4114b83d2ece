/**
 * Diamonds: Lands and planting. 0.1.27b "Land Cards: The Source of Raw Materials".
 *
 * A Land is placed on an owned property that is unoccupied, has no permit and is not invested in; it
 * yields its commodity when its number is rolled (dice.ts). Planting puts one unit of the Land's own
 * commodity on it (Souls and Essence Grain only), doubling its yield; the planted unit stays the player's
 * and can be taken back on their turn (project reading; docs/RULES.md "Planting").
 */
import type { Ruleset } from '../rules/index.ts';
import { Phase, TopKind, type MerlinState } from './state.ts';
import { landNumberAt } from './ledger.ts';
import { isBareUninvested } from './properties.ts';
import { unitsOn } from './kernel/units.ts';
import { Kind } from './actions.ts';
import type { KindRules } from './registry.ts';
import { slotName } from './kernel/names.ts';

/** Any property of `seat` that can take a Land. */
export function hasLandSpot(s: MerlinState, rs: Ruleset, seat: number): boolean {
  const F = rs.data.table.fieldSlots;
  for (let i = 0; i < F; i++) if (isBareUninvested(s, seat * F + i) && unitsOn(s, seat * F + i) === 0) return true;
  return false;
}

export function checkLandSpot(s: MerlinState, rs: Ruleset, seat: number, slot: number): string | null {
  const k = seat * rs.data.table.fieldSlots + slot;
  if (!isBareUninvested(s, k)) return 'a Land needs an un-invested property without a permit';
  return unitsOn(s, k) === 0 ? null : 'a Land needs an unoccupied property (no golem or Royal Guard on it)';
}

/** Put the Land `card` on slot `slot` of `seat`. */
export function placeLand(s: MerlinState, rs: Ruleset, seat: number, slot: number, card: number): void {
  const k = seat * rs.data.table.fieldSlots + slot;
  s.slotTopKind[k] = TopKind.Land;
  s.slotTop[k] = card;
}

/** Why `seat` cannot plant on (or take back from, `unplant`) slot `slot`, or null. */
export function checkPlant(s: MerlinState, rs: Ruleset, seat: number, slot: number, unplant: boolean): string | null {
  const k = seat * rs.data.table.fieldSlots + slot;
  if (s.slotTopKind[k] !== TopKind.Land) return 'not a Land';
  if (unplant) return s.slotPlanted[k] > 0 ? null : 'nothing planted';
  const c = rs.landCommodity[landNumberAt(s, k)];
  if (!rs.plantable[c]) return 'Elixir Oil cannot be planted';
  if (s.slotPlanted[k] > 0) return 'already planted';
  if (s.held[seat * 3 + c] < 1) return 'no unit of this commodity to plant';
  return null;
}

export function applyPlant(s: MerlinState, rs: Ruleset, seat: number, slot: number, unplant: boolean): void {
  const k = seat * rs.data.table.fieldSlots + slot;
  const c = rs.landCommodity[landNumberAt(s, k)];
  if (unplant) {
    s.held[seat * 3 + c] += s.slotPlanted[k];
    s.slotPlanted[k] = 0;
  } else {
    s.held[seat * 3 + c] -= 1;
    s.slotPlanted[k] = 1;
  }
}

/** Planting a commodity on a Land and taking it back (0.1.27b "Lands"). */
export const LAND_RULES: KindRules = {
  [Kind.Plant]: {
    phases: [Phase.Main],
    check: (s, rs, seat, a) => checkPlant(s, rs, seat, a, false),
    apply: (s, rs, seat, a) => applyPlant(s, rs, seat, a, false),
    describe: (rs, a, _b, s) => `plant a commodity on the Land in ${slotName(rs, s, a)}`,
  },
  [Kind.Unplant]: {
    phases: [Phase.Main],
    check: (s, rs, seat, a) => checkPlant(s, rs, seat, a, true),
    apply: (s, rs, seat, a) => applyPlant(s, rs, seat, a, true),
    describe: (rs, a, _b, s) => `take back the planted commodity from ${slotName(rs, s, a)}`,
  },
};
