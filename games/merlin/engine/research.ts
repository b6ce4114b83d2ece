/**
 * Research: Spell Labs and Potion Labs, Spell Shops and Breweries, Mead. 0.1.27b "Spades: Spell Labs and
 * Arcane Research", "Hearts: Potion Labs and Alchemical Concoctions"; 0.1.14a "Spades", "Hearts",
 * "Maintenance".
 *
 * A lab is funded by paying the Research Cost (held on the lab until it produces, then given to the
 * Central Bank). A lab with `spentForSuccess` spent cards under it is successful; a funded, successful lab
 * placed on an owned property without a permit makes a Spell Shop (Spade) or Brewery (Heart; the property
 * must also be un-invested, since Breweries cannot be invested in): the spent cards are shuffled back and
 * the funds go to the Central Bank. Production and maintenance are in dice.ts.
 */
import type { Ruleset } from '../rules/index.ts';
import { Pending, Phase, SlotKind, TopKind, type MerlinState } from './state.ts';
import { bankPays } from './ledger.ts';
import { returnCardsUnder } from './effects.ts';
import { payRegulationFee, RegAction, regulationBars } from './regulations.ts';
import { discardPotionsUnder } from './kernel/hands.ts';
import { clearSlotData } from './kernel/slots.ts';
import { Kind } from './actions.ts';
import type { KindRules } from './registry.ts';
import { slotName } from './kernel/names.ts';

/** Why `seat` cannot fund the lab in `slot`, or null. */
export function checkFundLab(s: MerlinState, rs: Ruleset, seat: number, slot: number): string | null {
  const k = seat * rs.data.table.fieldSlots + slot;
  const kind = s.slotKind[k];
  if (kind !== SlotKind.SpellLab && kind !== SlotKind.PotionLab) return 'not a lab';
  if (s.slotHits[k] > 0) return 'the lab is destroyed';
  if (s.slotFunds[k] > 0) return 'the lab is already funded';
  if (s.researchCost < 1) return 'the Research Cost is zero';
  if (s.gold[seat] < s.researchCost) return 'not enough gold for the Research Cost';
  return regulationBars(s, rs, RegAction.FundLab, seat, s.researchCost);
}

export function applyFundLab(s: MerlinState, rs: Ruleset, seat: number, slot: number): void {
  const k = seat * rs.data.table.fieldSlots + slot;
  s.gold[seat] -= s.researchCost;
  s.slotFunds[k] = s.researchCost;
  payRegulationFee(s, rs, RegAction.FundLab, seat);
}

/** An undamaged property slot that can take a Spell Shop (`brewery` false) or a Brewery. */
export function specialisedSpot(s: MerlinState, k: number, brewery: boolean): boolean {
  return (
    s.slotKind[k] === SlotKind.Property && s.slotTopKind[k] === TopKind.None && s.slotHits[k] === 0 && (!brewery || s.slotInvest[k] === 0)
  );
}

/** Why the lab in `slot` cannot become a Spell Shop / Brewery now, or null. */
export function checkCreateSpecialised(s: MerlinState, rs: Ruleset, seat: number, slot: number): string | null {
  const F = rs.data.table.fieldSlots;
  const k = seat * F + slot;
  const kind = s.slotKind[k];
  if (kind !== SlotKind.SpellLab && kind !== SlotKind.PotionLab) return 'not a lab';
  if (s.slotHits[k] > 0) return 'the lab is destroyed';
  if (s.slotFunds[k] === 0) return 'the lab is not funded';
  if (s.slotSpent[k] < rs.data.research.spentForSuccess)
    return `the lab has ${s.slotSpent[k]} of ${rs.data.research.spentForSuccess} spent cards`;
  const brewery = kind === SlotKind.PotionLab;
  for (let i = 0; i < F; i++) if (specialisedSpot(s, seat * F + i, brewery)) return null;
  return brewery ? 'no un-invested property without a permit' : 'no property without a permit';
}

/** Place the lab in `labSlot` on the property in `propSlot`. */
export function completeSpecialised(s: MerlinState, rs: Ruleset, seat: number, labSlot: number, propSlot: number): void {
  const F = rs.data.table.fieldSlots;
  const lab = seat * F + labSlot;
  const prop = seat * F + propSlot;
  s.slotTopKind[prop] = s.slotKind[lab] === SlotKind.SpellLab ? TopKind.SpellShop : TopKind.Brewery;
  s.slotTop[prop] = s.slotCard[lab];
  s.centralBank += s.slotFunds[lab];
  returnCardsUnder(s, lab);
  discardPotionsUnder(s, lab);
  clearSlotData(s, lab);
}

/** `seat` owns a working Brewery / Spell Shop. */
export function ownsTop(s: MerlinState, rs: Ruleset, seat: number, top: number): boolean {
  const F = rs.data.table.fieldSlots;
  for (let k = seat * F, e = k + F; k < e; k++) if (s.slotTopKind[k] === top) return true;
  return false;
}

/** Why `seat` cannot brew a Mead (0.1.27b "Mead Production"), or null. */
export function checkBrewMead(s: MerlinState, rs: Ruleset, seat: number): string | null {
  if (!ownsTop(s, rs, seat, TopKind.Brewery)) return 'needs a Brewery';
  if (s.held[seat * 3 + 2] < rs.data.mead.grainPerMead) return `needs ${rs.data.mead.grainPerMead} Essence Grain`;
  return regulationBars(s, rs, RegAction.BrewMead, seat, 0);
}

export function applyBrewMead(s: MerlinState, rs: Ruleset, seat: number): void {
  const g = rs.data.mead.grainPerMead;
  s.held[seat * 3 + 2] -= g;
  s.supply[2] += g;
  s.mead[seat]++;
  payRegulationFee(s, rs, RegAction.BrewMead, seat);
}

/** Sell one Mead to the Central Bank at the Cost of the Living (the bank pays what it holds). */
export function applySellMead(s: MerlinState, rs: Ruleset, seat: number): void {
  s.mead[seat]--;
  bankPays(s, seat, s.costOfLiving * rs.data.mead.priceInCostOfLiving);
}

/** Labs, Spell Shops, Breweries and Mead (0.1.27b "Research", "Spell Shops", "Breweries"). */
export const RESEARCH_RULES: KindRules = {
  [Kind.FundLab]: {
    phases: [Phase.Main],
    check: checkFundLab,
    apply: applyFundLab,
    describe: (rs, a, _b, s) => `fund the lab in ${slotName(rs, s, a)} at the Research Cost`,
  },
  [Kind.CreateSpecialised]: {
    phases: [Phase.Main],
    check: checkCreateSpecialised,
    apply: (s, rs, seat, a) => {
      s.phase = Phase.SelectSlot;
      s.pending =
        s.slotKind[seat * rs.data.table.fieldSlots + a] === SlotKind.SpellLab ? Pending.SpellShopProperty : Pending.BreweryProperty;
      s.pendingSlot = a;
    },
    describe: (rs, a, _b, s) => `turn the lab in ${slotName(rs, s, a)} into a Spell Shop / Brewery`,
  },
  [Kind.BrewMead]: { phases: [Phase.Main], check: checkBrewMead, apply: applyBrewMead, describe: () => 'brew a Mead from Essence Grain' },
  [Kind.SellMead]: {
    phases: [Phase.Main],
    check: (s, _rs, seat) => (s.mead[seat] > 0 ? null : 'no Mead to sell'),
    apply: applySellMead,
    describe: () => 'sell a Mead to the Central Bank',
  },
};
