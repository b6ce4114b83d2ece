/**
 * Taxes. 0.1.14a "Taxes": every spring each player pays the tax rate plus the tax rate per property
 * (specialised properties counting double) to the R.O.W.; a player who cannot is bankrupt. Afterwards the
 * players may unanimously raise the tax rate by one (the Cost of the Living and Research Cost fall by one)
 * or lower it by one (both rise by one). 0.1.14a "Kings": a Crown may be spent to skip the year's tax.
 * 0.1.27b "The Sevens of Upheaval" 1: the Cost of the Living "can be reduced on unanimous vote during tax
 * season", a vote of its own (`taxes.costOfLivingVote`); 0.1.14a "7s": Volatility "can be voted on by all
 * players" (`taxes.volatilityVote`). docs/RULES.md D48.
 *
 * Tax season opens when the wheel enters a tax portion (Spring), before the active player's Future Reading.
 * Players holding a Crown decide (pay or spend a Crown) in turn order from the active player; the others pay
 * at once. Then the votes, in this order: tax rate, Cost of the Living, Volatility, each cast by every player
 * still in the game in turn order from the active player and hidden until all are cast.
 */
import type { Ruleset } from '../rules/index.ts';
import { Phase, type MerlinState } from './state.ts';
import { bumpCounter } from './effects.ts';
import { taxableProperties } from './properties.ts';
import { payOrOwe } from './kernel/purse.ts';
import { Kind } from './actions.ts';
import type { KindRules } from './registry.ts';
import { enterReading } from './kernel/phase.ts';
import { deliverSummons } from './decrees.ts';

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

/** A vote value at or above this is a cut of the Cost of the Living: `costOfLivingCuts[vote - VOTE_CUT]`. */
export const VOTE_CUT = 3;

/** The tax-season vote that follows `phase` (the taxes when `phase` is Tax), or -1 when tax season is over. */
function nextVote(rs: Ruleset, phase: number): number {
  const t = rs.data.taxes;
  if (phase === Phase.Tax && t.vote) return Phase.TaxVote;
  if ((phase === Phase.Tax || phase === Phase.TaxVote) && t.costOfLivingVote) return Phase.CostOfLivingVote;
  if (phase !== Phase.VolatilityVote && t.volatilityVote !== 'off') return Phase.VolatilityVote;
  return -1;
}

/** Open the tax-season vote after `after` (or end tax season); returns true when a vote is open. */
function beginVote(s: MerlinState, rs: Ruleset, after: number = Phase.Tax): boolean {
  const phase = nextVote(rs, after);
  if (phase < 0) return false;
  s.queue.length = 0;
  for (let i = 0; i < s.numPlayers; i++) {
    const seat = s.order[(s.turnIdx + i) % s.numPlayers];
    if (!s.eliminated[seat]) s.queue.push(seat);
  }
  s.votes.fill(-1);
  s.phase = phase as Phase;
  s.decider = s.queue[0];
  return true;
}

/**
 * Record the decider's vote (0 keep, 1 raise, 2 lower, or a cut) in the open tax-season vote; when every vote is in,
 * resolve it and open the next one. Returns true while a vote is open.
 * - Tax rate (0.1.14a "Taxes"): unanimous raise: tax rate +1, Cost of the Living and Research Cost -1; unanimous
 *   lower (the rate above its floor): the reverse.
 * - Cost of the Living (0.1.27b "The Sevens of Upheaval" 1, D48): each vote is keep or the largest cut accepted
 *   (`VOTE_CUT + i`: `costOfLivingCuts[i]` gold); the smallest vote, the cut all accepted, is made.
 * - Volatility (0.1.14a "7s", D48): +1 or -1 when more than half of the votes are for that change (`majority`),
 *   or all of them (`unanimous`).
 */
export function castVote(s: MerlinState, rs: Ruleset, vote: number): boolean {
  const seat = s.queue.shift()!;
  s.votes[seat] = vote;
  if (s.queue.length > 0) {
    s.decider = s.queue[0];
    return true;
  }
  const tally = [0, 0, 0];
  let voters = 0;
  for (let p = 0; p < s.numPlayers; p++) {
    if (s.eliminated[p] || s.votes[p] < 0) continue;
    if (s.votes[p] < VOTE_CUT) tally[s.votes[p]]++;
    voters++;
  }
  const phase = s.phase;
  if (phase === Phase.TaxVote) {
    if (tally[1] === voters) {
      bumpCounter(s, rs, 'taxRate', 1);
      bumpCounter(s, rs, 'costOfLiving', -1);
      bumpCounter(s, rs, 'researchCost', -1);
    } else if (tally[2] === voters && s.taxRate > rs.data.floors.taxRate) {
      bumpCounter(s, rs, 'taxRate', -1);
      bumpCounter(s, rs, 'costOfLiving', 1);
      bumpCounter(s, rs, 'researchCost', 1);
    }
  } else if (phase === Phase.CostOfLivingVote) {
    const cuts = rs.data.taxes.costOfLivingCuts;
    let cut = Infinity;
    for (let p = 0; p < s.numPlayers; p++)
      if (!s.eliminated[p] && s.votes[p] >= 0) cut = Math.min(cut, s.votes[p] >= VOTE_CUT ? cuts[s.votes[p] - VOTE_CUT] : 0);
    if (cut > 0 && cut !== Infinity) bumpCounter(s, rs, 'costOfLiving', -cut);
  } else if (phase === Phase.VolatilityVote) {
    const need = rs.data.taxes.volatilityVote === 'unanimous' ? voters : Math.floor(voters / 2) + 1;
    if (tally[1] >= need) bumpCounter(s, rs, 'volatility', 1);
    else if (tally[2] >= need) bumpCounter(s, rs, 'volatility', -1);
  }
  s.votes.fill(-1);
  return beginVote(s, rs, phase);
}

/** Tax season's decisions: paying or spending a Crown, and the votes on the tax rate, Cost of the Living and Volatility (D48). */
export const TAX_RULES: KindRules = {
  [Kind.PayTax]: { phases: [Phase.Tax], apply: (s, rs) => afterTaxStep(s, rs, taxDecision(s, rs, false)), describe: () => 'pay the tax' },
  [Kind.SpendCrownOnTax]: {
    phases: [Phase.Tax],
    check: (s, _rs, seat) => (s.crowns[seat] > 0 ? null : 'no Crown to spend'),
    apply: (s, rs) => afterTaxStep(s, rs, taxDecision(s, rs, true)),
    describe: () => "spend a Crown to skip this year's tax",
  },
  [Kind.VoteKeep]: {
    phases: [Phase.TaxVote, Phase.CostOfLivingVote, Phase.VolatilityVote],
    apply: (s, rs) => afterTaxStep(s, rs, castVote(s, rs, 0)),
    describe: () => 'vote to keep the counter voted on (tax rate, Cost of the Living or Volatility)',
  },
  [Kind.VoteRaise]: {
    phases: [Phase.TaxVote, Phase.CostOfLivingVote, Phase.VolatilityVote],
    check: keepOrCut,
    apply: (s, rs) => afterTaxStep(s, rs, castVote(s, rs, 1)),
    describe: () => 'vote to raise the counter voted on (tax rate or Volatility)',
  },
  [Kind.VoteLower]: {
    phases: [Phase.TaxVote, Phase.CostOfLivingVote, Phase.VolatilityVote],
    check: keepOrCut,
    apply: (s, rs) => afterTaxStep(s, rs, castVote(s, rs, 2)),
    describe: () => 'vote to lower the counter voted on (tax rate, Cost of the Living or Volatility)',
  },
  [Kind.VoteCut]: {
    phases: [Phase.CostOfLivingVote],
    apply: (s, rs, _seat, a) => afterTaxStep(s, rs, castVote(s, rs, VOTE_CUT + a)),
    describe: (rs, a) => `vote to cut the Cost of the Living by up to ${rs.data.taxes.costOfLivingCuts[a]} gold`,
  },
};

/** The Cost of the Living vote has no raise or lower: keep or a cut. */
function keepOrCut(s: MerlinState): string | null {
  return s.phase === Phase.CostOfLivingVote ? 'the Cost of the Living vote is keep or a cut (VoteCut)' : null;
}

/** After a tax-season decision: when tax season is over (`more` false), the active player's reading draw. */
function afterTaxStep(s: MerlinState, rs: Ruleset, more: boolean): void {
  if (!more) {
    enterReading(s);
    deliverSummons(s, rs); // when no reading is drawn the free actions begin at once
  }
}
