/**
 * Dragon's Money Laundering (Irkka/dml, docs/DML.md), the third game: what the game registry needs to register
 * it and what tools and tests use.
 *
 *   const game = dmlGame('full');                          // Game<DmlState>, .ruleset
 *   const reporting = dmlReporting(game.ruleset);          // GameReporting<DmlState>
 *   const agent = new DmlHeuristic(game.ruleset);          // or 'single:buyer', ...
 */
export { dmlGame, DmlGame } from './env/game.ts';
export { dmlReporting, DML_OUTCOMES } from './env/reporting.ts';
export { DmlHeuristic, SINGLE_STRATEGIES, successChance } from './agents/heuristic.ts';
export { loadRuleset, compileRuleset, VARIANTS, type Ruleset } from './rules/index.ts';
export type { DmlState } from './engine/state.ts';
