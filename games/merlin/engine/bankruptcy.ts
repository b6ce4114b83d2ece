/**
 * Bankruptcy. 0.1.14a "Bankruptcy": a player who cannot pay a mandatory debt (taxes, maintenance) is
 * bankrupt; they leave bankruptcy by paying off what they owe; "if a player is still bankrupt by the same
 * time next year, they are exited from the game". Players are not forced to liquidate properties.
 *
 * Debts are owed to the Central Bank (maintenance) or the R.O.W. (taxes, Taxmen) and are paid
 * automatically, pocket first then Chauffeur vaults, at the start and end of the debtor's turn.
 * "The same time next year" is `graceMonths` wheel portions later (docs/RULES.md "Bankruptcy").
 * Debt is incurred through the kernel (kernel/purse.ts `payOrOwe`, `incurDebt`), so the chapters that charge
 * mandatory payments do not import this module; this module sits above the chapters it unwinds on exit.
 */
import type { Ruleset } from '../rules/index.ts';
import { HAND_POTION, HAND_SPELL, SlotKind, TopKind, type MerlinState } from './state.ts';
import { removeAt, takeGold } from './ledger.ts';
import { rankOf } from './cards.ts';
import { checkDominance } from './victory.ts';
import { removeReading } from './effects.ts';
import { leaveMarket } from './market.ts';
import { leaveFutures } from './futures.ts';
import { clearIfSolvent, leaveLoans } from './loans.ts';
import { leaveMint } from './mint.ts';
import { leaveInsurance } from './insurance.ts';
import { removePotion } from './kernel/hands.ts';
import { clearSlotData } from './kernel/slots.ts';
import { removeUnitsOf } from './kernel/units.ts';

/** Pay as much of `seat`'s debt as their pocket and vaults allow; clears bankruptcy when all is paid. */
export function payDebts(s: MerlinState, rs: Ruleset, seat: number): void {
  const owed = s.debtBank[seat] + s.debtRow[seat];
  if (owed === 0) return;
  let paid = takeGold(s, rs, seat, owed);
  const toBank = paid < s.debtBank[seat] ? paid : s.debtBank[seat];
  s.debtBank[seat] -= toBank;
  s.centralBank += toBank;
  paid -= toBank;
  s.debtRow[seat] -= paid;
  s.row += paid;
  clearIfSolvent(s, seat);
}

/** Exit every player whose year of grace has run out (called when the wheel advances). */
export function checkBankruptcyDeadlines(s: MerlinState, rs: Ruleset): void {
  const grace = rs.data.bankruptcy.graceMonths;
  for (let i = 0; i < s.numPlayers; i++) {
    const seat = s.order[(s.turnIdx + i) % s.numPlayers];
    if (s.eliminated[seat] || s.bankruptSince[seat] < 0) continue;
    if (s.months - s.bankruptSince[seat] >= grace) {
      eliminate(s, rs, seat);
      if (checkDominance(s, rs)) return;
    }
  }
}

/**
 * Remove `seat` from the game: gold (pocket, vaults, investments, lab funds) to the Central Bank,
 * commodities to the supply, every card (hand, field, units on the board, under labs, face-down potions, the
 * Future Readings they drew) to its deck's discard pile, debts, Crowns and Mead cancelled.
 */
export function eliminate(s: MerlinState, rs: Ruleset, seat: number): void {
  const F = rs.data.table.fieldSlots;
  s.eliminated[seat] = 1;
  removeUnitsOf(s, seat);
  leaveMarket(s, seat);
  leaveFutures(s, seat);
  leaveLoans(s, seat);
  leaveMint(s, seat);
  leaveInsurance(s, rs, seat);
  s.centralBank += s.gold[seat];
  s.gold[seat] = 0;
  for (let c = 0; c < 3; c++) {
    s.supply[c] += s.held[seat * 3 + c];
    s.held[seat * 3 + c] = 0;
  }
  for (let k = seat * F, e = k + F; k < e; k++) {
    if (s.slotKind[k] === SlotKind.Empty) continue;
    s.centralBank += s.slotInvest[k] + s.slotVault[k] + s.slotFunds[k];
    if (s.slotPlanted[k] > 0) {
      const c = rs.landCommodity[rankOf(s.slotTop[k])];
      s.supply[c] += s.slotPlanted[k];
    }
    s.discard.push(s.slotCard[k]);
    if (s.slotTopKind[k] !== TopKind.None) s.discard.push(s.slotTop[k]);
    clearSlotData(s, k);
  }
  for (let i = s.underKey.length - 1; i >= 0; i--) {
    if (((s.underKey[i] / F) | 0) !== seat) continue;
    discardCustom(s, s.underCard[i]);
    removeAt(s.underCard, i);
    removeAt(s.underKey, i);
  }
  for (const c of s.hands[seat]) discardCustom(s, c);
  for (const c of s.newCards[seat]) discardCustom(s, c);
  s.hands[seat].length = 0;
  s.handOrigin[seat].length = 0;
  s.newCards[seat].length = 0;
  for (let i = s.potionOwner.length - 1; i >= 0; i--) if (s.potionOwner[i] === seat) removePotion(s, i, true);
  for (let i = s.readingOwner.length - 1; i >= 0; i--) if (s.readingOwner[i] === seat) removeReading(s, i);
  s.debtBank[seat] = 0;
  s.debtRow[seat] = 0;
  s.bankruptSince[seat] = -1;
  s.bankruptHeld[seat] = 0;
  s.crowns[seat] = 0;
  s.mead[seat] = 0;
}

/** Send a hand card (playing or custom) to its discard pile. */
function discardCustom(s: MerlinState, card: number): void {
  if (card >= HAND_POTION) s.cdiscard[3].push(card - HAND_POTION);
  else if (card >= HAND_SPELL) s.cdiscard[2].push(card - HAND_SPELL);
  else s.discard.push(card);
}
