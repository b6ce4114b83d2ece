/**
 * Insurance sold from a Chauffeur. 0.1.27b "Insurance: Hedging Against the Whims of Fate"; 0.1.14a
 * "Insurance". docs/RULES.md D77-D79.
 *
 * - The ruleset's catalogue (`finance.insurance.events`) lists insurable chance events: a roll total in a set
 *   ("if the next roll is a 2, 3, or 5, pays 3:1"), or a roll of the number of one of the buyer's Lands while
 *   a blocking modifier (multiplier 0) lies on it. Each event has a payout multiple and a premium per season,
 *   so premiums change only when the season changes.
 * - A player with a Chauffeur posts a policy: an event and a period (`periodTurns`, each turn one roll), at the
 *   current season's premium. An unsold policy lapses when the season changes.
 * - Another player buys it by paying the premium to the seller; at that moment premium × payoutMultiple is
 *   locked from the seller's vaults as cover (the payout is guaranteed). The seller needs that much in the
 *   vaults for the sale to be possible.
 * - After each roll in the period: if the event happened, the buyer receives the cover; when the period ends
 *   without it, the cover returns to the seller's vaults (the pocket when no Chauffeur is left).
 * - An eliminated seller's cover goes to the Central Bank with their other gold; an eliminated buyer's policy
 *   ends and the cover returns to the seller.
 */
import type { Ruleset } from '../rules/index.ts';
import { SEASONS } from '../rules/schema.ts';
import { SlotKind, TopKind, type MerlinState } from './state.ts';
import { hasChauffeur } from './futures.ts';
import { vaultGold } from './loans.ts';
import { freePlace, landNumberAt, takeFromVaults } from './ledger.ts';
import { productionMultiplier } from './effects.ts';
import { currentPortion } from './kernel/phase.ts';

/** Index (SEASONS order) of the season in force. */
export function seasonIndex(s: MerlinState, rs: Ruleset): number {
  return SEASONS.indexOf(currentPortion(s, rs).season);
}

/** Premium of catalogue event `e` in the season in force. */
export function premiumOf(s: MerlinState, rs: Ruleset, e: number): number {
  return rs.data.finance.insurance.events[e].premiums[currentPortion(s, rs).season];
}

function freePolicy(s: MerlinState): number {
  return freePlace(s.polSeller);
}

/** Why `seat` cannot post a policy on event `e`, or null. */
export function checkSellInsurance(s: MerlinState, rs: Ruleset, seat: number, e: number): string | null {
  const ins = rs.data.finance.insurance;
  if (!ins.enabled) return 'insurance is off in this ruleset';
  if (!hasChauffeur(s, rs, seat)) return 'selling insurance needs a Chauffeur';
  if (freePolicy(s) < 0) return 'every policy place on the table is taken';
  return vaultGold(s, rs, seat) >= premiumOf(s, rs, e) * ins.events[e].payoutMultiple ? null : 'your vaults cannot cover the payout';
}

/** Post a policy on event `e` for period index `pi`. */
export function applySellInsurance(s: MerlinState, rs: Ruleset, seat: number, e: number, pi: number): void {
  const k = freePolicy(s);
  s.polSeller[k] = seat;
  s.polBuyer[k] = -1;
  s.polEvent[k] = e;
  s.polPremium[k] = premiumOf(s, rs, e);
  s.polCover[k] = 0;
  s.polUntil[k] = 0;
  s.polPeriod[k] = rs.data.finance.insurance.periodTurns[pi];
  s.polSeason[k] = seasonIndex(s, rs);
}

/** Why `seat` cannot buy policy `k`, or null. */
export function checkBuyInsurance(s: MerlinState, rs: Ruleset, seat: number, k: number): string | null {
  if (!rs.data.finance.insurance.enabled) return 'insurance is off in this ruleset';
  const seller = s.polSeller[k];
  if (seller < 0) return 'no policy in that place';
  if (s.polBuyer[k] >= 0) return 'the policy is sold';
  if (seller === seat) return 'you sell this policy';
  if (s.gold[seat] < s.polPremium[k]) return 'not enough gold in pocket for the premium';
  const cover = s.polPremium[k] * rs.data.finance.insurance.events[s.polEvent[k]].payoutMultiple;
  return vaultGold(s, rs, seller) >= cover ? null : "the seller's vaults can no longer cover the payout";
}

/** The premium goes to the seller; the cover is locked from the seller's vaults; the period starts with the next roll. */
export function applyBuyInsurance(s: MerlinState, rs: Ruleset, seat: number, k: number): void {
  const seller = s.polSeller[k];
  s.gold[seat] -= s.polPremium[k];
  s.gold[seller] += s.polPremium[k];
  s.polCover[k] = takeFromVaults(s, rs, seller, s.polPremium[k] * rs.data.finance.insurance.events[s.polEvent[k]].payoutMultiple);
  s.polBuyer[k] = seat;
  s.polUntil[k] = s.turn + s.polPeriod[k];
}

function closePolicy(s: MerlinState, k: number): void {
  s.polSeller[k] = -1;
  s.polBuyer[k] = -1;
  s.polEvent[k] = 0;
  s.polPremium[k] = 0;
  s.polCover[k] = 0;
  s.polUntil[k] = 0;
  s.polPeriod[k] = 0;
  s.polSeason[k] = 0;
}

/** Return policy `k`'s cover to its seller's first Chauffeur vault (the pocket when none is left) and close it. */
function returnCover(s: MerlinState, rs: Ruleset, k: number): void {
  const seller = s.polSeller[k];
  const F = rs.data.table.fieldSlots;
  let j = seller * F;
  for (const e = j + F; j < e; j++) if (s.slotKind[j] === SlotKind.Chauffeur) break;
  if (j < seller * F + F) s.slotVault[j] += s.polCover[k];
  else s.gold[seller] += s.polCover[k];
  closePolicy(s, k);
}

/** True when the event of policy `k` happened on the roll `total`. */
function happened(s: MerlinState, rs: Ruleset, k: number, total: number): boolean {
  const ev = rs.data.finance.insurance.events[s.polEvent[k]];
  if (ev.kind === 'roll') return ev.totals.includes(total);
  const buyer = s.polBuyer[k];
  const F = rs.data.table.fieldSlots;
  for (let j = buyer * F, e = j + F; j < e; j++) {
    if (s.slotTopKind[j] === TopKind.Land && landNumberAt(s, j) === total && productionMultiplier(s, buyer, j, true) === 0) return true;
  }
  return false;
}

/** After each roll of `total` (turn `s.turn`): pay out or expire sold policies; unsold ones lapse at a change of season. */
export function resolvePolicies(s: MerlinState, rs: Ruleset, total: number): void {
  if (!rs.data.finance.insurance.enabled) return;
  let season = -1;
  for (let k = 0; k < s.polSeller.length; k++) {
    if (s.polSeller[k] < 0) continue;
    if (s.polBuyer[k] < 0) {
      if (season < 0) season = seasonIndex(s, rs);
      if (s.polSeason[k] !== season) closePolicy(s, k);
      continue;
    }
    if (happened(s, rs, k, total)) {
      s.gold[s.polBuyer[k]] += s.polCover[k];
      closePolicy(s, k);
    } else if (s.turn >= s.polUntil[k]) returnCover(s, rs, k);
  }
}

/** An eliminated seat leaves: as seller, its cover goes to the Central Bank; as buyer, the cover returns to the seller. */
export function leaveInsurance(s: MerlinState, rs: Ruleset, seat: number): void {
  for (let k = 0; k < s.polSeller.length; k++) {
    if (s.polSeller[k] === seat) {
      s.centralBank += s.polCover[k];
      closePolicy(s, k);
    } else if (s.polBuyer[k] === seat) returnCover(s, rs, k);
  }
}

/** Net worth of every seat's policies, added to `worth[seat]`: the cover it has locked as a seller (still its gold until paid out). */
export function addInsuranceWorth(s: MerlinState, worth: Float64Array): void {
  for (let k = 0; k < s.polSeller.length; k++) {
    const seller = s.polSeller[k];
    if (seller >= 0) worth[seller] += s.polCover[k];
  }
}
