/**
 * Chauffeurs. 0.1.27b "Chauffeurs: Magical Financial Institutions": two un-invested properties without
 * permits, one placed sideways on the other, form a vault; on your turn gold moves between pocket and
 * vault (withdrawing is the project's reading of "move gold freely"); vault gold is safe from 7s;
 * Chauffeurs produce no gold of their own (0.1.14a "Clubs") and resonate (dice.ts). Lending, derivatives
 * and the private mint are loans.ts, futures.ts, insurance.ts and mint.ts.
 */
import type { Ruleset } from '../rules/index.ts';
import { Pending, Phase, SlotKind, TopKind, type MerlinState } from './state.ts';
import { gridAmount, isBareUninvested } from './properties.ts';
import { discardPotionsUnder } from './kernel/hands.ts';
import { clearSlotData } from './kernel/slots.ts';
import { Kind } from './actions.ts';
import type { KindRules } from './registry.ts';
import { gridName, slotName } from './kernel/names.ts';

/** Why `seat` cannot start a Chauffeur with slot `slot` as its first property, or null. */
export function checkCreateChauffeur(s: MerlinState, rs: Ruleset, seat: number, slot: number): string | null {
  const F = rs.data.table.fieldSlots;
  const k = seat * F + slot;
  if (!isBareUninvested(s, k)) return 'needs an un-invested property without a permit';
  for (let i = 0; i < F; i++) if (i !== slot && isBareUninvested(s, seat * F + i)) return null;
  return 'no second un-invested property without a permit';
}

/** Second pick: slot `slot` can join the Chauffeur started at `first`. */
export function checkChauffeurSecond(s: MerlinState, rs: Ruleset, seat: number, first: number, slot: number): string | null {
  if (slot === first) return 'the same property twice';
  return isBareUninvested(s, seat * rs.data.table.fieldSlots + slot) ? null : 'needs an un-invested property without a permit';
}

/** Bind the two properties: `first` becomes the Chauffeur, `second`'s card lies on top of it. */
export function completeChauffeur(s: MerlinState, rs: Ruleset, seat: number, first: number, second: number): void {
  const F = rs.data.table.fieldSlots;
  const a = seat * F + first;
  const b = seat * F + second;
  s.slotKind[a] = SlotKind.Chauffeur;
  s.slotTopKind[a] = TopKind.ChauffeurPair;
  s.slotTop[a] = s.slotCard[b];
  discardPotionsUnder(s, b);
  clearSlotData(s, b);
}

/** Why `seat` cannot deposit (or withdraw, `out`) grid amount `idx` at Chauffeur slot `slot`, or null. */
export function checkVault(s: MerlinState, rs: Ruleset, seat: number, slot: number, idx: number, out: boolean): string | null {
  const k = seat * rs.data.table.fieldSlots + slot;
  if (s.slotKind[k] !== SlotKind.Chauffeur) return 'not a Chauffeur';
  const avail = out ? s.slotVault[k] : s.gold[seat];
  const a = gridAmount(rs.data.grids.vault, idx, avail);
  if (a < 1) return out ? 'the vault is empty' : 'no gold in pocket';
  if (a > avail) return out ? 'not that much gold in the vault' : 'not enough gold in pocket';
  return null;
}

export function applyVault(s: MerlinState, rs: Ruleset, seat: number, slot: number, idx: number, out: boolean): void {
  const k = seat * rs.data.table.fieldSlots + slot;
  const a = gridAmount(rs.data.grids.vault, idx, out ? s.slotVault[k] : s.gold[seat]);
  if (out) {
    s.slotVault[k] -= a;
    s.gold[seat] += a;
  } else {
    s.gold[seat] -= a;
    s.slotVault[k] += a;
  }
}

/** Creating a Chauffeur and its vault (0.1.27b "Chauffeurs"); Withdraw is Deposit's reverse. */
export const CHAUFFEUR_RULES: KindRules = {
  [Kind.CreateChauffeur]: {
    phases: [Phase.Main],
    check: checkCreateChauffeur,
    apply: (s, _rs, _seat, a) => {
      s.phase = Phase.SelectSlot;
      s.pending = Pending.ChauffeurSecond;
      s.pendingSlot = a;
    },
    describe: (rs, a, _b, s) => `start a Chauffeur with ${slotName(rs, s, a)}`,
  },
  [Kind.Deposit]: {
    phases: [Phase.Main],
    check: (s, rs, seat, a, b) => checkVault(s, rs, seat, a, b, false),
    apply: (s, rs, seat, a, b) => applyVault(s, rs, seat, a, b, false),
    describe: (rs, a, b, s) => `deposit ${gridName(rs.data.grids.vault, b)} gold in the Chauffeur in ${slotName(rs, s, a)}`,
  },
  [Kind.Withdraw]: {
    phases: [Phase.Main],
    check: (s, rs, seat, a, b) => checkVault(s, rs, seat, a, b, true),
    apply: (s, rs, seat, a, b) => applyVault(s, rs, seat, a, b, true),
    describe: (rs, a, b, s) => `withdraw ${gridName(rs.data.grids.vault, b)} gold from the Chauffeur in ${slotName(rs, s, a)}`,
  },
};
