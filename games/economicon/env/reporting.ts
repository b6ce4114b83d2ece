/**
 * What Economicon tells the play commands beyond `Game<S>` (env/core/play.ts `GameReporting`): how a game
 * ended (mandates: a seat satisfied 5; truncated: the turn limit; draw: tied on points, gold and currency
 * units, either way), the ranking, action kinds by name and category (growth, market, trade, pass), and the
 * invariant checks (cheap: conservation and shape; deep: also no held mandate whose condition holds, and
 * legalActions agreeing with whyIllegal on every id), and what the designer's coverage report needs
 * (env/core/coverage.ts): no option gates a kind, no action names a mandate card (they are drawn blind and
 * satisfied by themselves), no action claims the victory, and a state fingerprint (a turn holds two actions, so no
 * loop of two or more can close within one; the report says 0 measured rather than not looked for).
 */
import { FINGERPRINT_SEED, mixArray, mixInt, type GameCoverage } from '../../../env/core/coverage.ts';
import type { GameReporting } from '../../../env/core/play.ts';
import type { Ruleset } from '../rules/index.ts';
import {
  catalogue,
  CATEGORIES,
  checkDeep,
  checkState,
  KIND_CATEGORY,
  KIND_NAMES,
  Outcome,
  OUTCOME_NAMES,
  ranking,
  type EconomiconState,
} from '../engine/index.ts';

/** Every way a game ends, as `outcome` names it. */
export const ECONOMICON_OUTCOMES = ['mandates', 'truncated', 'draw'] as const;

const reportings = new Map<Ruleset, GameReporting<EconomiconState>>();

/** Economicon's reporting under `rs` (cached per ruleset). */
export function economiconReporting(rs: Ruleset): GameReporting<EconomiconState> {
  const cached = reportings.get(rs);
  if (cached) return cached;
  const cat = catalogue(rs);
  const r: GameReporting<EconomiconState> = {
    outcomes: ECONOMICON_OUTCOMES,
    // A game stopped at the turn limit is won by nobody (s.winner there names the points leader).
    outcome: (s) => ({
      winner: s.outcome === Outcome.Truncated ? -1 : s.winner,
      outcome: s.outcome === 0 ? '' : s.outcome === Outcome.Truncated ? 'truncated' : s.winner < 0 ? 'draw' : OUTCOME_NAMES[s.outcome],
      turns: s.turn,
    }),
    ranking: (s) => ranking(s, rs),
    kindNames: KIND_NAMES,
    kindOffered: KIND_NAMES.map(() => true),
    kindOf: (a) => cat.kind[a],
    kindCategory: (k) => KIND_CATEGORY[k],
    categories: CATEGORIES,
    checkInvariants: (s, deep) => (deep ? checkDeep(s, rs) : checkState(s, rs)),
    coverage: COVERAGE,
  };
  reportings.set(rs, r);
  return r;
}

/** What the coverage report needs of Economicon (the same under every ruleset). */
const COVERAGE: GameCoverage<EconomiconState> = {
  gates: [],
  cardNames: [],
  cardGroups: [],
  cardKinds: [],
  cardOf: () => -1,
  victoryKinds: {},
  fingerprint,
};

/** The no-op loop fingerprint: every field but `step` (the turn's action count) and the RNG, at every decision. */
function fingerprint(s: EconomiconState): number {
  let h = FINGERPRINT_SEED;
  h = mixInt(mixInt(mixInt(mixInt(h, s.current), s.turn), s.outcome), s.deckLen);
  h = mixArray(mixArray(mixArray(h, s.units), s.deck), s.hand);
  h = mixArray(mixArray(mixArray(h, s.handLen), s.satisfied), s.cardAt);
  return h >>> 0;
}
