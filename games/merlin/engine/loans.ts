/**
 * Loans from a Chauffeur vault. 0.1.27b "Chauffeurs: Lending Magic" ("Your Chauffeur allows you to lend gold
 * to fellow merchant-mages, setting your own interest rates"); 0.1.14a "Bankruptcy" (debts to other players).
 * docs/RULES.md D74-D76.
 *
 * - A lender offers a principal from `finance.loanAmounts`, paid out of their Chauffeur vaults, at an interest
 *   rate from `finance.loanRatesPercent` and a term from `finance.loanTermMonths`, to one player, who accepts
 *   or refuses (engine/offers.ts). Accepted, the principal moves from the vaults to the borrower's pocket and
 *   the borrower owes principal + ceil(principal × rate / 100), due `term` months later.
 * - The borrower may repay everything early on their turn, from the pocket. From the due month on, at the
 *   start of each of the borrower's turns, the engine collects what pocket and vaults allow; the lender is
 *   paid into their pocket.
 * - A loan still unpaid at its due month is a default: the borrower is bankrupt (engine/bankruptcy.ts) until
 *   every overdue loan and every debt is paid, and leaves the game after the year of grace otherwise.
 * - An eliminated lender's or borrower's loans are cancelled.
 */
import type { Ruleset } from '../rules/index.ts';
import { SlotKind, type MerlinState } from './state.ts';
import { freePlace, takeFromVaults, takeGold } from './ledger.ts';

/** Gold in `seat`'s Chauffeur vaults. Slots from `end` on are known to be empty. */
export function vaultGold(s: MerlinState, rs: Ruleset, seat: number, end = rs.data.table.fieldSlots): number {
  const F = rs.data.table.fieldSlots;
  let g = 0;
  for (let k = seat * F, e = k + end; k < e; k++) if (s.slotKind[k] === SlotKind.Chauffeur) g += s.slotVault[k];
  return g;
}

/** First free loan place, or -1. */
export function freeLoan(s: MerlinState): number {
  return freePlace(s.loanLender);
}

/** Why `seat` cannot offer a loan of principal index `ai` (before the borrower is chosen), or null. */
export function checkOfferLoan(s: MerlinState, rs: Ruleset, seat: number, ai: number): string | null {
  if (!rs.data.finance.loans) return 'loans are off in this ruleset';
  if (freeLoan(s) < 0) return 'every loan place on the table is taken';
  if (vaultGold(s, rs, seat) < rs.data.finance.loanAmounts[ai]) return 'a loan is paid from your Chauffeur vaults: not enough gold in them';
  for (let p = 0; p < s.numPlayers; p++) if (p !== seat && !s.eliminated[p]) return null;
  return 'no one to lend to';
}

/** True when `to` may borrow from `from`. */
export function borrowerOk(s: MerlinState, from: number, to: number): boolean {
  return to !== from && !s.eliminated[to];
}

/** Gold due on a loan of principal `amount` at `ratePercent`. */
export function amountDue(amount: number, ratePercent: number): number {
  return amount + Math.ceil((amount * ratePercent) / 100);
}

/** The borrower accepted loan offer (principal index `ai`, term `t` = rate index × terms + term index). */
export function executeLoan(s: MerlinState, rs: Ruleset, lender: number, borrower: number, ai: number, t: number): void {
  const f = rs.data.finance;
  const T = f.loanTermMonths.length;
  const amount = f.loanAmounts[ai];
  s.gold[borrower] += takeFromVaults(s, rs, lender, amount);
  const k = freeLoan(s);
  s.loanLender[k] = lender;
  s.loanBorrower[k] = borrower;
  s.loanOwed[k] = amountDue(amount, f.loanRatesPercent[(t / T) | 0]);
  s.loanDue[k] = s.months + f.loanTermMonths[t % T];
}

/** Why `seat` cannot repay loan `k` in full now, or null. */
export function checkRepayLoan(s: MerlinState, seat: number, k: number): string | null {
  if (s.loanLender[k] < 0 || s.loanBorrower[k] !== seat) return 'you owe nothing on that loan';
  return s.gold[seat] >= s.loanOwed[k] ? null : 'not enough gold in pocket to repay it';
}

function closeLoan(s: MerlinState, k: number): void {
  s.loanLender[k] = -1;
  s.loanBorrower[k] = -1;
  s.loanOwed[k] = 0;
  s.loanDue[k] = 0;
}

export function applyRepayLoan(s: MerlinState, seat: number, k: number): void {
  s.gold[seat] -= s.loanOwed[k];
  s.gold[s.loanLender[k]] += s.loanOwed[k];
  closeLoan(s, k);
  clearIfSolvent(s, seat);
}

/** True when `seat` has a loan past its due month. */
export function hasOverdueLoan(s: MerlinState, seat: number): boolean {
  for (let k = 0; k < s.loanLender.length; k++)
    if (s.loanBorrower[k] === seat && s.loanLender[k] >= 0 && s.months >= s.loanDue[k]) return true;
  return false;
}

/** Leave bankruptcy when no debt and no overdue loan remains (D30, D75). */
export function clearIfSolvent(s: MerlinState, seat: number): void {
  if (s.bankruptSince[seat] >= 0 && s.debtBank[seat] === 0 && s.debtRow[seat] === 0 && !hasOverdueLoan(s, seat)) {
    s.bankruptSince[seat] = -1;
    s.bankruptHeld[seat] = 0;
  }
}

/** Start of `seat`'s turn: collect its due loans as far as pocket and vaults allow; an unpaid due loan is a default. */
export function collectLoans(s: MerlinState, rs: Ruleset, seat: number): void {
  for (let k = 0; k < s.loanLender.length; k++) {
    if (s.loanBorrower[k] !== seat || s.loanLender[k] < 0 || s.months < s.loanDue[k]) continue;
    const paid = takeGold(s, rs, seat, s.loanOwed[k]);
    s.gold[s.loanLender[k]] += paid;
    s.loanOwed[k] -= paid;
    if (s.loanOwed[k] === 0) closeLoan(s, k);
    else if (s.bankruptSince[seat] < 0) s.bankruptSince[seat] = s.months;
  }
  clearIfSolvent(s, seat);
}

/** Cancel every loan of an eliminated seat (as lender or borrower). */
export function leaveLoans(s: MerlinState, seat: number): void {
  for (let k = 0; k < s.loanLender.length; k++) if (s.loanLender[k] === seat || s.loanBorrower[k] === seat) closeLoan(s, k);
}
