/**
 * A simple poker heuristic (MCTS's guide and what training imitates): it judges only its own card, as a share of
 * the best hand it could be (a pair with the board counts as the best), and bets a strong hand, calls a middling
 * one, checks a weak one when it can and otherwise folds.
 */
import type { Agent, AgentContext } from '../../../env/core/agent.ts';
import { CALL, FOLD, handStrength, RAISE, ranksOf, type PokerState } from '../engine/engine.ts';

/** Raise with a hand at least this strong (0 the lowest card, 1 the highest or a pair). */
const RAISE_AT = 0.75;
/** Call a bet with a hand at least this strong. */
const CALL_AT = 0.4;

export class PokerHeuristic implements Agent {
  readonly spec = 'heuristic';
  readonly needsObservation = false;

  /** The seat's hand strength in [0, 1]. */
  strength(s: PokerState, seat: number): number {
    const h = handStrength(s, seat);
    return h >= 100 ? 1 : h / (ranksOf(s.numPlayers) - 1);
  }

  /** How much the heuristic likes `action` for `seat` (higher is better; MCTS's root shortlist). */
  score(s: PokerState, seat: number, action: number): number {
    const x = this.strength(s, seat);
    if (action === RAISE) return x >= RAISE_AT ? 2 : x - 1;
    if (action === CALL) return x >= CALL_AT ? 1 : 0.5;
    return action === FOLD ? (x < CALL_AT ? 0.75 : -1) : -2;
  }

  act(_obs: Float32Array | null, _mask: Uint8Array | null, ctx: AgentContext): number {
    const s = ctx.state as PokerState;
    let best = ctx.legal[0];
    for (let i = 1; i < ctx.numLegal; i++) if (this.score(s, ctx.seat, ctx.legal[i]) > this.score(s, ctx.seat, best)) best = ctx.legal[i];
    return best;
  }
}

/** Poker's agents as the registry combines them (agents/registry.ts `GameAgents`): `heuristic`. */
export const pokerAgents = {
  heuristic: { spec: 'heuristic', specs: ['heuristic'], guide: () => new PokerHeuristic() },
  specs: [],
  resolve: (spec: string) => (spec === 'heuristic' ? new PokerHeuristic() : undefined),
  // No difficulty presets: with no trained checkpoint shipped, nothing measured here plays above the heuristic
  // (MCTS over determinised deals loses about 1.6 chips a hand to it in Leduc).
};
