/**
 * Kernel: where the game is in time: the turn's phase and decider (docs/RULES.md, state.ts `Phase`,
 * `Pending`) and the Season Wheel's month (season-wheel.ts advances it).
 */
import type { Ruleset } from '../../rules/index.ts';
import type { WheelPortion } from '../../rules/schema.ts';
import { Pending, Phase, type MerlinState } from '../state.ts';
import { cardsAvailable } from '../cards.ts';

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

/** Open a sub-decision for `seat`: `phase` with `pending`, about hand card `hand`. */
export function openSub(s: MerlinState, seat: number, phase: number, pending: number, hand: number): void {
  s.phase = phase;
  s.decider = seat;
  s.pending = pending;
  s.pendingHand = hand;
}

/** Cards left in Future Reading deck `d` (0 Tea Leaves, 1 Crystal Ball), counting its discard pile. */
export function readingsAvailable(s: MerlinState, d: number): number {
  return cardsAvailable(s.cdeck[d], s.cdiscard[d]);
}

/** After tax season (or none), the active player draws a Future Reading, if any deck has cards. */
export function enterReading(s: MerlinState): void {
  const seat = s.order[s.turnIdx];
  s.decider = seat;
  s.phase = readingsAvailable(s, 0) + readingsAvailable(s, 1) > 0 ? Phase.FutureReading : Phase.Main;
}
