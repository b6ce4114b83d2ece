/**
 * The Sevens of Upheaval. 0.1.27b "The Sevens of Upheaval (7s)" and "The Dice of Destiny":
 * on a rolled 7 the Cost of the Living rises by Volatility, the Research Cost by one, every property
 * investment goes to the Central Bank, and every commodity holder pays 1 gold per unit to keep it (a unit
 * not paid for goes back to the supply), then loses `sevens.pocketLossPercent` of its pocket change to the Central
 * Bank (D157: 0.1.27b "The Glitter of Gold"). 7 cards are played when drawn (Cost of the Living + Volatility,
 * then shuffled back, 0.1.14a "7s"); the literal "7 cards present in the deck are played" on a roll is a
 * ruleset option (docs/RULES.md "Sevens").
 */
import type { Ruleset } from '../rules/index.ts';
import { SlotKind, type MerlinState } from './state.ts';
import { landNumberAt } from './ledger.ts';
import { rankOf } from './cards.ts';
import { cartBreakdowns } from './market.ts';

/** Resolve a rolled 7 for every player. */
export function resolveSevenRoll(s: MerlinState, rs: Ruleset): void {
  s.costOfLiving += s.volatility;
  s.researchCost += rs.data.research.riseOnSeven;
  const n = s.slotInvest.length;
  for (let k = 0; k < n; k++) {
    if (s.slotInvest[k] === 0) continue;
    s.centralBank += s.slotInvest[k];
    s.slotInvest[k] = 0;
  }
  const lossPercent = rs.data.sevens.pocketLossPercent;
  for (let i = 0; i < s.numPlayers; i++) {
    const seat = s.order[(s.turnIdx + i) % s.numPlayers];
    if (s.eliminated[seat]) continue;
    holdingCharge(s, rs, seat);
    // Pocket change lost on the 7 (D157), rounded down: a small purse keeps what it has.
    const lost = Math.floor((s.gold[seat] * lossPercent) / 100);
    s.gold[seat] -= lost;
    s.centralBank += lost;
  }
  cartBreakdowns(s, rs);
  if (rs.data.sevens.playSevenCardsInDeckOnRoll) {
    for (const c of s.deck) if (rankOf(c) === 7) s.costOfLiving += s.volatility;
  }
}

/**
 * `seat` pays the holding charge per commodity unit (held, then planted) from the pocket only (0.1.27b
 * "Pocket Change"); units are paid for in commodity order Souls, Elixir Oil, Essence Grain, held before
 * planted, and every unit left unpaid returns to the supply.
 */
export function holdingCharge(s: MerlinState, rs: Ruleset, seat: number): void {
  const charge = rs.data.sevens.holdingChargePerUnit;
  if (charge === 0) return;
  const F = rs.data.table.fieldSlots;
  let affordable = Math.floor(s.gold[seat] / charge);
  let paid = 0;
  for (let c = 0; c < 3; c++) {
    const h = s.held[seat * 3 + c];
    const keep = h < affordable ? h : affordable;
    affordable -= keep;
    paid += keep;
    s.supply[c] += h - keep;
    s.held[seat * 3 + c] = keep;
    for (let k = seat * F, e = k + F; k < e; k++) {
      const p = s.slotPlanted[k];
      if (p === 0 || s.slotKind[k] !== SlotKind.Property || rs.landCommodity[landNumberAt(s, k)] !== c) continue;
      const kp = p < affordable ? p : affordable;
      affordable -= kp;
      paid += kp;
      s.supply[c] += p - kp;
      s.slotPlanted[k] = kp;
    }
  }
  s.gold[seat] -= paid * charge;
  s.centralBank += paid * charge;
}
