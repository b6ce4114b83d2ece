/**
 * What poker tells the play commands beyond `Game<S>` (env/core/play.ts `GameReporting`): how a hand ended (every
 * other seat folded, or a showdown), the ranking by chips won, one action kind per betting action, and the
 * invariant checks (chips conserved, no more cards of a rank dealt than the deck holds).
 */
import type { GameReporting } from '../../../env/core/play.ts';
import type { Ruleset } from '../rules/index.ts';
import { cardsLeft, type PokerState } from '../engine/engine.ts';

export const POKER_OUTCOMES = ['fold', 'showdown'] as const;
const KINDS = ['fold', 'call', 'raise'];

export function pokerReporting(rs: Ruleset): GameReporting<PokerState> {
  const ranking = (s: PokerState) => s.stake.map((_, p) => p).sort((a, b) => (s.result?.[b] ?? 0) - (s.result?.[a] ?? 0) || a - b);
  return {
    outcomes: POKER_OUTCOMES,
    outcome: (s) => {
      const r = s.result ?? [];
      const best = Math.max(...r);
      const winners = r.filter((x) => x === best).length;
      return {
        winner: winners === 1 && best > 0 ? r.indexOf(best) : -1,
        outcome: s.byFold ? 'fold' : 'showdown',
        turns: s.history.reduce((a, h) => a + h.length, 0),
      };
    },
    ranking,
    kindNames: KINDS,
    kindOffered: KINDS.map(() => true),
    kindOf: (a) => a,
    checkInvariants: (s) => {
      const out: string[] = [];
      if (s.result && Math.abs(s.result.reduce((a, x) => a + x, 0)) > 1e-9) out.push(`chips not conserved: ${s.result.join(', ')}`);
      const left: number[] = [];
      cardsLeft(s, rs, left);
      if (left.some((k) => k < 0)) out.push(`more cards of a rank dealt than the deck holds: ${left.join(', ')}`);
      return out;
    },
  };
}
