/**
 * What DML tells the play commands beyond `Game<S>` (env/core/play.ts `GameReporting`): how a game ended
 * (points, nobody: a tie on points and Eggs, monopoly, fatherOfDragons, lastStanding: I See Fire eliminations,
 * truncated: the round limit), its length in Rounds, the ranking, action kinds by name and category, and the
 * invariant checks (cheap: every card in one zone and the zones' rules; deep: also legality agreement).
 */
import type { GameReporting } from '../../../env/core/play.ts';
import type { Ruleset } from '../rules/index.ts';
import {
  CATEGORIES,
  checkDeep,
  checkState,
  KIND_CATEGORY,
  KIND_NAMES,
  KIND_OF,
  Outcome,
  OUTCOME_NAMES,
  ranking,
  type DmlState,
} from '../engine/index.ts';

/** Every way a game ends, as `outcome` names it. */
export const DML_OUTCOMES = OUTCOME_NAMES.slice(1);

const reportings = new Map<Ruleset, GameReporting<DmlState>>();

/** DML's reporting under `rs` (cached per ruleset). */
export function dmlReporting(rs: Ruleset): GameReporting<DmlState> {
  const cached = reportings.get(rs);
  if (cached) return cached;
  const r: GameReporting<DmlState> = {
    outcomes: DML_OUTCOMES,
    // A game stopped at the round limit is won by nobody.
    outcome: (s) => ({
      winner: s.outcome === Outcome.Truncated ? -1 : s.winner,
      outcome: s.outcome === 0 ? '' : OUTCOME_NAMES[s.outcome],
      turns: s.round,
    }),
    ranking: (s) => ranking(s, rs),
    kindNames: KIND_NAMES,
    kindOffered: KIND_NAMES.map(() => true),
    kindOf: (a) => KIND_OF[a],
    kindCategory: (k) => KIND_CATEGORY[k],
    categories: CATEGORIES,
    checkInvariants: (s, deep) => (deep ? checkDeep(s, rs) : checkState(s, rs)),
  };
  reportings.set(rs, r);
  return r;
}
