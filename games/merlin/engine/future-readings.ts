/**
 * Future Reading cards. 0.1.27b "The Visions of Tomorrow": each turn one card is drawn from the Tea Leaves
 * (minor, less likely) or Crystal Ball (major, more likely) deck, the player's choice, and placed face up;
 * it matures and resolves when its trigger comes (a roll, a number of turns, a season), can be waived by
 * the adverse rolls it foretells, and may redistribute R.O.W. revenue (disregarded when there is not
 * enough). Resolution is in effects.ts; the decks are data (games/merlin/cards/data).
 */
import type { Ruleset } from '../rules/index.ts';
import type { MerlinState } from './state.ts';
import { layReading } from './effects.ts';
import { Kind } from './actions.ts';
import type { KindRules } from './registry.ts';
import { Phase } from './state.ts';
import { readingsAvailable } from './kernel/phase.ts';
import { deliverSummons } from './decrees.ts';

/** `seat` draws from deck `d` and the card is laid face up (or resolves at once when its trigger is "now"). */
export function drawReading(s: MerlinState, rs: Ruleset, seat: number, d: number): void {
  layReading(s, rs, seat, d);
}

/** The Future Reading draw (0.1.27b "The Visions of Tomorrow"): deck 0 Tea Leaves, 1 Crystal Ball. */
export const READING_RULES: KindRules = {
  [Kind.DrawTeaLeaves]: {
    phases: [Phase.FutureReading],
    check: (s) => (readingsAvailable(s, 0) > 0 ? null : 'the Tea Leaves deck is empty'),
    apply: (s, rs, seat) => drawThenAct(s, rs, seat, 0, rs.data.teaLeavesPerDraw ?? 1),
    describe: (rs) => {
      const n = rs.data.teaLeavesPerDraw ?? 1;
      return n === 1 ? 'draw a Tea Leaves reading' : `draw ${n} Tea Leaves readings`;
    },
  },
  [Kind.DrawCrystalBall]: {
    phases: [Phase.FutureReading],
    check: (s) => (readingsAvailable(s, 1) > 0 ? null : 'the Crystal Ball deck is empty'),
    apply: (s, rs, seat) => drawThenAct(s, rs, seat, 1, 1),
    describe: () => 'draw a Crystal Ball reading',
  },
};

/** Draw `n` cards from deck `d` (fewer when it runs out), then the free actions begin (with a royal summons due, D161). */
function drawThenAct(s: MerlinState, rs: Ruleset, seat: number, d: number, n: number): void {
  drawReading(s, rs, seat, d);
  for (let k = 1; k < n && readingsAvailable(s, d) > 0; k++) drawReading(s, rs, seat, d);
  s.phase = Phase.Main;
  deliverSummons(s, rs);
}
