/**
 * What DML tells the play commands beyond `Game<S>` (env/core/play.ts `GameReporting`): how a game ended
 * (points, nobody: a tie on points and Eggs, monopoly, fatherOfDragons, lastStanding: I See Fire eliminations,
 * truncated: the round limit), its length in Rounds, the ranking, action kinds by name and category, and the
 * invariant checks (cheap: every card in one zone and the zones' rules; deep: also legality agreement), and what
 * the designer's coverage report needs (env/core/coverage.ts: the options that gate kinds, the card each card
 * action names, the state fingerprint for no-op loops; every victory ends the game by itself).
 */
import { FINGERPRINT_SEED, kindGates, mixInt, type GameCoverage } from '../../../env/core/coverage.ts';
import type { GameReporting } from '../../../env/core/play.ts';
import { SUITS, type Ruleset } from '../rules/index.ts';
import {
  CATEGORIES,
  checkDeep,
  checkState,
  KIND_CATEGORY,
  KIND_NAMES,
  KIND_OF,
  ARG_OF,
  Phase,
  SCALARS,
  ARRAYS,
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
    coverage: dmlCoverage(rs),
  };
  reportings.set(rs, r);
  return r;
}

/** The ruleset options that gate action kinds (rules/schema.ts paths; `dice.maxRerolls` 0 allows no re-roll). */
export const KIND_GATES: Readonly<Record<string, readonly string[]>> = {
  blackMarkets: ['Visit'],
  'dice.maxRerolls': ['Reroll'],
};

/** The kinds whose action names a card of the player's own (its argument is the card): buying, paying, playing. */
const CARD_KINDS = ['Declare', 'Commit', 'PlayPower', 'PlayEmblem', 'Callback'] as const;

/** What the coverage report needs of DML under `rs`: the cards in the game by name, grouped by suit (Jokers apart). */
function dmlCoverage(rs: Ruleset): GameCoverage<DmlState> {
  const names: string[] = [];
  const groups: string[] = [];
  const index = new Int32Array(rs.cardFile.cards.length).fill(-1);
  rs.cardFile.cards.forEach((c, i) => {
    if (!rs.inGame[i]) return;
    index[i] = names.length;
    names.push(c.name);
    groups.push(rs.suit[i] >= 0 ? SUITS[rs.suit[i]] : 'jokers');
  });
  return {
    gates: kindGates(KIND_GATES, rs.data),
    cardNames: names,
    cardGroups: groups,
    cardKinds: CARD_KINDS,
    cardOf: (_s, a) => index[ARG_OF[a]],
    victoryKinds: {},
    fingerprint,
  };
}

/** The turn's budgets (Actions and Minor Actions left), which a fingerprint leaves out. */
const BUDGETS = new Set(['actionsLeft', 'minorLeft']);
/**
 * The arrays the fingerprint hashes besides the scalars: where every card is (`zone`) and what is public of it, and
 * the seats' flags. Left out: `count` (derived from `zone`), the draw pile's order and the Stack's (a draw moves a
 * card out of the Deck zone; the Stack is empty in the Market Phase).
 */
const LOOP_ARRAYS = [
  'zone',
  'pub',
  'alive',
  'affected',
  'turnDone',
  'powerDone',
  'seizeTotal',
] as const satisfies readonly (typeof ARRAYS)[number][];

/**
 * The no-op loop fingerprint: in the Market Phase (the Active Player's free choice), the scalars but the turn's
 * budgets, and `LOOP_ARRAYS`; -1 in any other phase. One function generated with a named load per field (as
 * games/merlin/env/reporting.ts does): a loop over the field names made every load a keyed one and doubled the
 * time of a probe of random players.
 */
const fingerprint = new Function(
  'mix',
  `return function dmlFingerprint(s) {
    if (s.phase !== ${Phase.Market}) return -1;
    let h = ${FINGERPRINT_SEED}; let a;
    ${SCALARS.filter((k) => !BUDGETS.has(k))
      .map((k) => `h = mix(h, s.${k});`)
      .join('\n')}
    ${LOOP_ARRAYS.map((k) => `a = s.${k}; for (let i = 0; i < a.length; i++) h = mix(h, a[i]);`).join('\n')}
    return h >>> 0;
  };`,
)(mixInt) as (s: DmlState) => number;
