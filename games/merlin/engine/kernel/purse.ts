/**
 * Kernel: mandatory payments and debt. 0.1.14a "Bankruptcy": a player who cannot pay a mandatory debt
 * (taxes, maintenance) owes the rest; bankruptcy.ts pays debts off and exits players whose year of grace
 * has run out. Commodity payments to the supply are here too. Gold moves through ledger.ts, so the
 * conserved totals hold (DESIGN "Rules of the road").
 */
import type { Ruleset } from '../../rules/index.ts';
import type { MerlinState } from '../state.ts';
import { takeGold } from '../ledger.ts';

/** Record that `seat` failed to pay `toBank` gold to the Central Bank and `toRow` to the R.O.W. */
export function incurDebt(s: MerlinState, seat: number, toBank: number, toRow: number): void {
  if (toBank <= 0 && toRow <= 0) return;
  s.debtBank[seat] += toBank;
  s.debtRow[seat] += toRow;
  if (s.bankruptSince[seat] < 0) s.bankruptSince[seat] = s.months;
}

/** Mandatory payment of `amount` gold to the Central Bank (`toRow` false) or the R.O.W.; a shortfall becomes debt. */
export function payOrOwe(s: MerlinState, rs: Ruleset, seat: number, amount: number, toRow: boolean): void {
  const paid = takeGold(s, rs, seat, amount);
  if (toRow) s.row += paid;
  else s.centralBank += paid;
  if (paid < amount) incurDebt(s, seat, toRow ? 0 : amount - paid, toRow ? amount - paid : 0);
}

/** `seat` returns `n` units of commodity `c` (0 Souls, 1 Elixir Oil, 2 Essence Grain) to the supply. */
export function payToSupply(s: MerlinState, seat: number, c: number, n: number): void {
  s.held[seat * 3 + c] -= n;
  s.supply[c] += n;
}
