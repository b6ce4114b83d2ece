/**
 * Victory, net worth and truncation. 0.1.27b "Victory Conditions": Economic Dominance (bankrupt all other
 * players) and Royal Favor (collect 5 crowns while having the highest net worth; played as an action,
 * 0.1.14a "Kings": "play them all to create a monarchy and instantly win"). Truncation at the ruleset's
 * turn limit ranks players by net worth (an RL truncation, not a rulebook ending).
 *
 * Net worth (docs/RULES.md "Net worth"), in gold: pocket + Chauffeur vaults + property investments + lab
 * funds + commodities (held and planted) and Mead at the Cost of the Living + each property card at its
 * property value (0.1.14a "Property Value": the payout table; doubled when specialised) + each permit in
 * the field (Land, lab, Spell Shop or Brewery card) at the Cost of the Living - debts + what the seat has on
 * the Grand Market (engine/market.ts marketWorth: gold in bids and escrow, units in its asks and in carts
 * bound to it at the Cost of the Living) + its contracts (`contractWorths` below): units owed to it as a
 * futures long minus units it owes as a short, at the Cost of the Living, + gold owed to it on loans - gold
 * it owes, + the cover it has locked in insurance policies it sold, + the face of bonds and the price of
 * shares it holds - those it issued and sold.
 */
import type { Ruleset } from '../rules/index.ts';
import { Phase, SlotKind, TopKind, Victory, type MerlinState } from './state.ts';
import { marketWorth } from './market.ts';
import { rankOf } from './cards.ts';
import { addClaims } from './ledger.ts';
import { addInsuranceWorth } from './insurance.ts';
import { Kind } from './actions.ts';
import type { KindRules } from './registry.ts';

let scratch = new Float64Array(8);

/**
 * Every seat's net worth in contracts, in gold, into worth[0..numPlayers) (one pass over each table for all
 * seats): futures (+ units owed to the long, − to the short, at the Cost of the Living), loans (+ gold owed
 * to the lender, − to the borrower), insurance policies (the cover a seller has locked), bonds and shares
 * (+ the face or price to the holder, − to the issuer, once sold).
 */
export function contractWorths(s: MerlinState, worth: Float64Array): void {
  worth.fill(0, 0, s.numPlayers);
  addClaims(worth, s.futLong, s.futShort, s.futOwed, s.costOfLiving);
  addClaims(worth, s.loanLender, s.loanBorrower, s.loanOwed);
  addInsuranceWorth(s, worth);
  addClaims(worth, s.bondHolder, s.bondIssuer, s.bondFace);
  addClaims(worth, s.shareHolder, s.shareIssuer, s.sharePrice);
}

/** Net worth of `seat` in gold (see module docs). */
export function netWorth(s: MerlinState, rs: Ruleset, seat: number): number {
  const F = rs.data.table.fieldSlots;
  const col = s.costOfLiving;
  if (scratch.length < s.numPlayers) scratch = new Float64Array(s.numPlayers);
  contractWorths(s, scratch);
  let w = s.gold[seat] - s.debtBank[seat] - s.debtRow[seat] + marketWorth(s, seat) + scratch[seat];
  w += (s.held[seat * 3] + s.held[seat * 3 + 1] + s.held[seat * 3 + 2]) * col;
  w += s.mead[seat] * col * rs.data.mead.priceInCostOfLiving;
  for (let k = seat * F, e = k + F; k < e; k++) {
    const kind = s.slotKind[k];
    if (kind === SlotKind.Empty) continue;
    w += s.slotVault[k] + s.slotInvest[k] + s.slotFunds[k] + s.slotPlanted[k] * col;
    const value = rs.payout[rankOf(s.slotCard[k])];
    if (kind === SlotKind.Property) {
      const top = s.slotTopKind[k];
      w += top === TopKind.SpellShop || top === TopKind.Brewery ? value * rs.data.specialisedPayoutMultiplier : value;
      if (top !== TopKind.None) w += col;
    } else if (kind === SlotKind.Chauffeur) {
      w += value + rs.payout[rankOf(s.slotTop[k])];
    } else {
      w += col; // a lab is a permit
    }
  }
  return w;
}

/** True when `seat` holds the highest net worth (strictly, or shared, per the ruleset). */
export function hasHighestNetWorth(s: MerlinState, rs: Ruleset, seat: number): boolean {
  const mine = netWorth(s, rs, seat);
  for (let p = 0; p < s.numPlayers; p++) {
    if (p === seat || s.eliminated[p]) continue;
    const w = netWorth(s, rs, p);
    if (w > mine || (w === mine && rs.data.victory.strictlyHighestNetWorth)) return false;
  }
  return true;
}

/** End the game with `winner` and how. */
export function endGame(s: MerlinState, winner: number, victory: number): void {
  s.winner = winner;
  s.victory = victory;
  s.phase = Phase.GameOver;
  s.decider = -1;
  s.queue.length = 0;
}

/**
 * Economic Dominance: ends the game when one player is left standing (ruleset `dominance: eliminated`),
 * when every other player is bankrupt or out (`dominance: bankrupt`, the snapshot), or when every other
 * player is out or bankrupt through a turn of its own, its automatic repayment having failed
 * (`dominance: unrepaid`, state `bankruptHeld`; docs/RULES.md D33). Returns true when the game ended.
 */
export function checkDominance(s: MerlinState, rs: Ruleset): boolean {
  if (s.phase === Phase.GameOver) return true;
  const mode = rs.data.victory.dominance;
  let alive = 0;
  let last = -1;
  // Players not (yet) beaten: solvent ones, and under `unrepaid` bankrupt ones whose own turn has not yet come.
  let standing = 0;
  let lastStanding = -1;
  for (let p = 0; p < s.numPlayers; p++) {
    if (s.eliminated[p]) continue;
    alive++;
    last = p;
    if (s.bankruptSince[p] < 0 || (mode === 'unrepaid' && s.bankruptHeld[p] === 0)) {
      standing++;
      lastStanding = p;
    }
  }
  if (alive === 1) {
    endGame(s, last, Victory.EconomicDominance);
    return true;
  }
  // The one player standing wins only while solvent itself.
  if (mode !== 'eliminated' && standing === 1 && s.bankruptSince[lastStanding] < 0 && s.numPlayers > 1) {
    endGame(s, lastStanding, Victory.EconomicDominance);
    return true;
  }
  return false;
}

/** Truncate at the turn limit: the winner is the highest net worth (ties: earliest in turn order). */
export function truncate(s: MerlinState, rs: Ruleset): void {
  let best = -1;
  let bestW = -Infinity;
  for (let i = 0; i < s.numPlayers; i++) {
    const p = s.order[i];
    if (s.eliminated[p]) continue;
    const w = netWorth(s, rs, p);
    if (w > bestW) {
      bestW = w;
      best = p;
    }
  }
  endGame(s, best, Victory.Truncated);
}

/** Players ranked by net worth, best first (eliminated players last, in reverse order of elimination unknown: by seat). */
export function ranking(s: MerlinState, rs: Ruleset): number[] {
  const seats = [...Array(s.numPlayers).keys()];
  const w = seats.map((p) => (s.eliminated[p] ? -Infinity : netWorth(s, rs, p)));
  return seats.sort((a, b) => (a === s.winner ? -1 : b === s.winner ? 1 : w[b] - w[a] || a - b));
}

/** Royal Favor: playing the Crowns (0.1.27b "Winning the Game"). */
export const VICTORY_RULES: KindRules = {
  [Kind.PlayCrowns]: {
    phases: [Phase.Main],
    check: (s, rs, seat) => {
      if (s.crowns[seat] < rs.data.victory.crownsToWin) return `needs ${rs.data.victory.crownsToWin} Crowns`;
      return hasHighestNetWorth(s, rs, seat) ? null : 'needs the highest net worth';
    },
    apply: (s, rs, seat) => {
      s.crowns[seat] -= rs.data.victory.crownsToWin;
      endGame(s, seat, Victory.RoyalFavor);
    },
    describe: () => 'play Crowns for Royal Favor',
  },
};
