/**
 * The turn. 0.1.27b "The First Turn" 2 and "The Visions of Tomorrow"; 0.1.14a "Core Loop".
 *
 * A turn: production-modifier expiry and "in N turns" triggers; the active player's debts are paid as far
 * as their gold allows; two dice are rolled and resolved (dice.ts); tax season if the wheel entered spring; the
 * Future Reading draw (the player's choice of deck); then free actions until END_TURN. Cards bought this
 * turn join the hand at the end of the turn. The game is truncated after the ruleset's turn limit.
 */
import type { Ruleset } from '../rules/index.ts';
import { type MerlinState, Pending, Phase } from './state.ts';
import { payDebts } from './bankruptcy.ts';
import { rollAndResolve } from './dice.ts';
import { expireModifiers, turnTriggers } from './effects.ts';
import { beginTaxSeason } from './taxes.ts';
import { checkDominance, truncate } from './victory.ts';
import { combatTurnEnd, combatTurnStart } from './combat.ts';
import { marketStimulus, marketTurnStart } from './market.ts';
import { settleFutures } from './futures.ts';
import { collectLoans } from './loans.ts';
import { mintTurnStart } from './mint.ts';
import { resolvePolicies } from './insurance.ts';
import { enterReading } from './kernel/phase.ts';
import { deliverSummons } from './decrees.ts';
import { Kind } from './actions.ts';
import type { KindRules } from './registry.ts';

/** Start the turn of `order[turnIdx]`, skipping eliminated players, and run it up to its first decision. */
export function startTurn(s: MerlinState, rs: Ruleset): void {
  for (;;) {
    s.turn++;
    if (s.turn > rs.data.turnLimit) {
      truncate(s, rs);
      return;
    }
    const seat = s.order[s.turnIdx];
    s.actionsThisTurn = 0;
    s.offersRefused = 0;
    s.pending = Pending.None;
    combatTurnStart(s, seat);
    expireModifiers(s);
    turnTriggers(s, rs);
    payDebts(s, rs, seat);
    marketTurnStart(s, seat);
    settleFutures(s, rs, seat);
    collectLoans(s, rs, seat);
    mintTurnStart(s, rs, seat);
    // Still bankrupt after this turn's repayments: the debt had its chance (D33 "unrepaid").
    if (s.bankruptSince[seat] >= 0) s.bankruptHeld[seat] = 1;
    const taxDue = rollAndResolve(s, rs);
    if (checkDominance(s, rs)) return;
    marketStimulus(s, rs);
    resolvePolicies(s, rs, s.die1 + s.die2);
    if (s.eliminated[seat]) {
      nextSeat(s);
      continue;
    }
    if (taxDue && beginTaxSeason(s, rs)) return;
    enterReading(s);
    deliverSummons(s, rs); // when no reading is drawn the free actions begin at once
    return;
  }
}

/** End the active player's turn: bought cards join the hand, debts are paid, the next player starts. */
export function endTurn(s: MerlinState, rs: Ruleset): void {
  const seat = s.order[s.turnIdx];
  const nc = s.newCards[seat];
  for (let i = 0; i < nc.length; i++) {
    s.hands[seat].push(nc[i]);
    s.handOrigin[seat].push(-1);
  }
  nc.length = 0;
  combatTurnEnd(s, rs, seat);
  payDebts(s, rs, seat);
  if (checkDominance(s, rs)) return;
  nextSeat(s);
  startTurn(s, rs);
}

function nextSeat(s: MerlinState): void {
  for (let i = 1; i <= s.numPlayers; i++) {
    const idx = (s.turnIdx + i) % s.numPlayers;
    if (!s.eliminated[s.order[idx]]) {
      s.turnIdx = idx;
      return;
    }
  }
}

/** The turn's action kind: ending it (0.1.14a "Core Loop"). */
export const TURN_RULES: KindRules = {
  [Kind.EndTurn]: { phases: [Phase.Main], apply: (s, rs) => endTurn(s, rs), describe: () => 'end turn' },
};
