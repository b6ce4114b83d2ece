/**
 * Mandates ("Playing the game": Draw; "Your mandates are satisfied immediately whenever their conditions are
 * met; it does not have to be your turn"): the conditions of the deck file (D16) and the check the engine runs
 * after every action for every seat, which moves each unsatisfied mandate whose condition holds to its
 * holder's satisfied pile.
 */
import { CUR0, ELEC, GOLD, MAX_NATIONS, NUM_TYPES, OIL, TECH, type Ruleset } from '../rules/index.ts';
import { holderPoints, unitX } from './market.ts';
import { AT_HAND, AT_SATISFIED, MAX_HAND, PILE, RESERVES, type EconomiconState } from './state.ts';

/** Condition kinds, indices of rules/schema.ts CONDITION_KINDS. */
export const Cond = {
  HoldResource: 0,
  HoldGold: 1,
  HoldNative: 2,
  HoldForeign: 3,
  StrongCurrency: 4,
  AllResources: 5,
  ReserveValue: 6,
} as const;

/** Whether the condition of mandate definition `d` holds for seat `p` now. */
export function conditionHolds(s: EconomiconState, rs: Ruleset, d: number, p: number): boolean {
  const u = s.units;
  const o = (RESERVES + p) * NUM_TYPES;
  const amount = rs.condAmount[d];
  switch (rs.condKind[d]) {
    case Cond.HoldResource:
      return u[o + rs.condResource[d]] >= amount;
    case Cond.HoldGold:
      return u[o + GOLD] >= amount;
    case Cond.HoldNative:
      return u[o + CUR0 + p] >= amount;
    case Cond.HoldForeign: {
      let n = 0;
      for (let c = 0; c < MAX_NATIONS; c++) if (c !== p) n += u[o + CUR0 + c];
      return n >= amount;
    }
    case Cond.StrongCurrency:
      return unitX(s, rs, CUR0 + p) >= amount;
    case Cond.AllResources:
      return u[o + OIL] >= amount && u[o + ELEC] >= amount && u[o + TECH] >= amount;
    case Cond.ReserveValue:
      return holderPoints(s, rs, RESERVES + p) >= amount;
    default:
      return false;
  }
}

/**
 * With `mandates.spend` (D20): pay what the satisfied condition of definition `d` counts from seat `p`'s reserves
 * back to the draw piles. Holding N of a resource, gold or native currency spends N of it; N of each resource, N of
 * each; N foreign units, N taken from the foreign currency held most (the lowest nation first on ties), one at a
 * time; a currency's X and reserve value spend nothing. Spending only lowers holdings, so a mandate checked false
 * earlier in the same pass stays false.
 */
function spendCondition(s: EconomiconState, rs: Ruleset, d: number, p: number): void {
  const amount = rs.condAmount[d];
  const pay = (t: number, k: number) => {
    s.units[(RESERVES + p) * NUM_TYPES + t] -= k;
    s.units[PILE * NUM_TYPES + t] += k;
  };
  switch (rs.condKind[d]) {
    case Cond.HoldResource:
      return pay(rs.condResource[d], amount);
    case Cond.HoldGold:
      return pay(GOLD, amount);
    case Cond.HoldNative:
      return pay(CUR0 + p, amount);
    case Cond.AllResources:
      pay(OIL, amount);
      pay(ELEC, amount);
      return pay(TECH, amount);
    case Cond.HoldForeign:
      for (let k = 0; k < amount; k++) {
        let best = -1;
        for (let c = 0; c < MAX_NATIONS; c++)
          if (c !== p && (best < 0 || s.units[(RESERVES + p) * NUM_TYPES + CUR0 + c] > s.units[(RESERVES + p) * NUM_TYPES + CUR0 + best]))
            best = c;
        pay(CUR0 + best, 1);
      }
      return;
    default:
      return;
  }
}

/**
 * Satisfy every unsatisfied mandate of every seat whose condition holds (the hands keep their order; with
 * `mandates.spend` each pays its condition as it is satisfied, D20).
 * @returns whether some seat now has `mandates.toEnd` satisfied mandates
 */
export function satisfyMandates(s: EconomiconState, rs: Ruleset): boolean {
  let end = false;
  for (let p = 0; p < s.numPlayers; p++) {
    const base = p * MAX_HAND;
    let kept = 0;
    const n = s.handLen[p];
    for (let i = 0; i < n; i++) {
      const card = s.hand[base + i];
      if (conditionHolds(s, rs, rs.cardDef[card], p)) {
        if (rs.data.mandates.spend === true) spendCondition(s, rs, rs.cardDef[card], p);
        s.cardAt[card] = AT_SATISFIED + p;
        s.satisfied[p]++;
      } else s.hand[base + kept++] = card;
    }
    for (let i = kept; i < n; i++) s.hand[base + i] = 0;
    s.handLen[p] = kept;
    if (s.satisfied[p] >= rs.data.mandates.toEnd) end = true;
  }
  return end;
}

/** Draw the top mandate of the deck into seat `p`'s hand (the caller checked the deck and hand). */
export function drawMandate(s: EconomiconState, p: number): void {
  const card = s.deck[--s.deckLen];
  s.deck[s.deckLen] = 0;
  s.hand[p * MAX_HAND + s.handLen[p]++] = card;
  s.cardAt[card] = AT_HAND + p;
}
