/**
 * Kernel: where the game is in time: the turn's phase and decider (docs/RULES.md, state.ts `Phase`,
 * `Pending`) and the Season Wheel's month (season-wheel.ts advances it).
 */
import type { Ruleset } from '../../rules/index.ts';
import type { WheelPortion } from '../../rules/schema.ts';
import { Pending, Phase, type MerlinState } from '../state.ts';

/** Back to the active player's free actions after a sub-decision or interruption. */
export function backToMain(s: MerlinState): void {
  s.phase = Phase.Main;
  s.decider = s.order[s.turnIdx];
  s.pending = Pending.None;
  s.pendingHand = -1;
  s.pendingSlot = -1;
  s.pendingPlayer = -1;
  s.cmdUnit = -1;
  s.cmdPartner = -1;
}

/** The wheel portion in force. */
export function currentPortion(s: MerlinState, rs: Ruleset): WheelPortion {
  return rs.wheels[s.wheelKind][s.wheelPos];
}

/** Switch to the Erratic wheel once the Climate Change counter reaches the threshold (for the rest of the game). */
export function checkClimate(s: MerlinState, rs: Ruleset): void {
  if (s.wheelKind === 0 && s.climate >= rs.data.climate.threshold) s.wheelKind = 1;
}
