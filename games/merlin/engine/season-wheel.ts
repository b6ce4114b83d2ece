/**
 * The Season Wheel and Climate Change. 0.1.27b "The Dice of Destiny" (doubles advance the wheel; no Souls
 * or Essence Grain in Winter, double in Spring and Autumn), "The Two Season Wheels"; 0.1.14a "Indicators"
 * (climate rises with every Elixir Oil generated; a threshold switches to the Erratic wheel).
 *
 * A wheel has 12 portions (months): start, middle and end of each season, beginning at Start of Summer.
 * The Erratic wheel (its effects are unwritten in the drafts) is designed as data in the ruleset: uneven
 * season lengths, intensified and freak multipliers, and extra advances on some roll totals.
 */
import type { Ruleset } from '../rules/index.ts';
import type { MerlinState } from './state.ts';
import { checkBankruptcyDeadlines } from './bankruptcy.ts';
import { seasonTriggers } from './effects.ts';

/**
 * Advance the wheel `steps` portions. Each step is a month: bankruptcy deadlines are checked, a new year
 * starts on wrapping to the first portion, season triggers fire on entering a new season. Returns true
 * when a tax portion was entered (0.1.14a "Taxes": every spring).
 */
export function advanceWheel(s: MerlinState, rs: Ruleset, steps: number): boolean {
  let tax = false;
  for (let i = 0; i < steps; i++) {
    const wheel = rs.wheels[s.wheelKind];
    const before = wheel[s.wheelPos].season;
    s.wheelPos = (s.wheelPos + 1) % wheel.length;
    s.months++;
    if (s.wheelPos === 0) s.year++;
    const now = wheel[s.wheelPos];
    if (now.taxSeason) tax = true;
    if (now.season !== before) seasonTriggers(s, rs, now.season);
    checkBankruptcyDeadlines(s, rs);
    if (s.winner >= 0) return false;
  }
  return tax;
}
