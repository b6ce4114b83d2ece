/**
 * Taxes. 0.1.14a "Taxes": every spring each player pays the tax rate plus the tax rate per property
 * (specialised properties counting double) to the R.O.W.; a player who cannot is bankrupt. Afterwards the
 * players may unanimously raise the tax rate by one (the Cost of the Living and Research Cost fall by one)
 * or lower it by one (both rise by one). 0.1.14a "Kings": a Crown may be spent to skip the year's tax.
 * 0.1.27b "The Sevens of Upheaval" says the Cost of the Living "can be reduced on unanimous vote during tax
 * season"; the project reads this as 0.1.14a's vote (raising the tax rate lowers the Cost of the Living).
 *
 * Tax season opens when the wheel enters a tax portion (Start of Spring), before the active player's
 * Future Reading. Players holding a Crown decide (pay or spend a Crown) in turn order from the active
 * player; the others pay at once. Votes are hidden until all are cast.
 */
import type { Ruleset } from '../rules/index.ts';
import { Phase, type MerlinState } from './state.ts';
import { payOrOwe } from './bankruptcy.ts';
import { bumpCounter } from './effects.ts';
import { taxableProperties } from './properties.ts';

/** The tax `seat` owes this spring, in gold. */
export function taxOwed(s: MerlinState, rs: Ruleset, seat: number): number {
  return s.taxRate + s.taxRate * rs.data.taxes.perPropertyInRates * taxableProperties(s, rs, seat);
}

/** Open tax season. Returns true when a decision is pending (phase set), false when it finished at once. */
export function beginTaxSeason(s: MerlinState, rs: Ruleset): boolean {
  s.queue.length = 0;
  for (let i = 0; i < s.numPlayers; i++) {
    const seat = s.order[(s.turnIdx + i) % s.numPlayers];
    if (s.eliminated[seat]) continue;
    if (rs.data.taxes.crownSkipsTax && s.crowns[seat] > 0) s.queue.push(seat);
    else payTax(s, rs, seat);
  }
  if (s.queue.length > 0) {
    s.phase = Phase.Tax;
    s.decider = s.queue[0];
    return true;
  }
  return beginVote(s, rs);
}

/** `seat` pays this year's tax (a shortfall is debt to the R.O.W. and bankruptcy). */
export function payTax(s: MerlinState, rs: Ruleset, seat: number): void {
  payOrOwe(s, rs, seat, taxOwed(s, rs, seat), true);
}

/** The tax decision of the current decider; returns true when tax season still needs a decision. */
export function taxDecision(s: MerlinState, rs: Ruleset, spendCrown: boolean): boolean {
  const seat = s.queue.shift()!;
  if (spendCrown) s.crowns[seat]--;
  else payTax(s, rs, seat);
  if (s.queue.length > 0) {
    s.decider = s.queue[0];
    return true;
  }
  return beginVote(s, rs);
}

function beginVote(s: MerlinState, rs: Ruleset): boolean {
  if (!rs.data.taxes.vote) return false;
  s.queue.length = 0;
  for (let i = 0; i < s.numPlayers; i++) {
    const seat = s.order[(s.turnIdx + i) % s.numPlayers];
    if (!s.eliminated[seat]) s.queue.push(seat);
  }
  s.votes.fill(-1);
  s.phase = Phase.TaxVote;
  s.decider = s.queue[0];
  return true;
}

/** Record the decider's vote (0 keep, 1 raise, 2 lower); returns true while votes are outstanding. */
export function castVote(s: MerlinState, rs: Ruleset, vote: number): boolean {
  const seat = s.queue.shift()!;
  s.votes[seat] = vote;
  if (s.queue.length > 0) {
    s.decider = s.queue[0];
    return true;
  }
  let all = -2;
  for (let p = 0; p < s.numPlayers; p++) {
    if (s.eliminated[p]) continue;
    if (all === -2) all = s.votes[p];
    else if (all !== s.votes[p]) all = -1;
  }
  if (all === 1) {
    bumpCounter(s, rs, 'taxRate', 1);
    bumpCounter(s, rs, 'costOfLiving', -1);
    bumpCounter(s, rs, 'researchCost', -1);
  } else if (all === 2 && s.taxRate > rs.data.floors.taxRate) {
    bumpCounter(s, rs, 'taxRate', -1);
    bumpCounter(s, rs, 'costOfLiving', 1);
    bumpCounter(s, rs, 'researchCost', 1);
  }
  s.votes.fill(-1);
  return false;
}
