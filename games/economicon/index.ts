/**
 * Economicon (shared/rules/economicon-v0.4.html, docs/ECONOMICON.md), the second game: what the game registry
 * needs to register it and what tools and tests use.
 *
 *   const game = economiconGame('standard');                     // Game<EconomiconState>, .ruleset
 *   const reporting = economiconReporting(game.ruleset);         // GameReporting<EconomiconState>
 *   const agent = new EconomiconHeuristic(game.ruleset, 'heuristic');   // or 'single:hoarder', ...
 */
export { economiconGame, EconomiconGame } from './env/game.ts';
export { economiconReporting, ECONOMICON_OUTCOMES } from './env/reporting.ts';
import { SINGLE_STRATEGIES } from './agents/heuristic.ts';
export { EconomiconHeuristic, SINGLE_STRATEGIES, DEFAULT_WEIGHTS, type HeuristicWeights } from './agents/heuristic.ts';
export { loadRuleset, compileRuleset, VARIANTS, type Ruleset } from './rules/index.ts';
export type { EconomiconState } from './engine/state.ts';

/** The agent specs Economicon's own agents resolve (the registry adds the game-agnostic ones: random, mcts, ppo). */
export const ECONOMICON_AGENT_SPECS: readonly string[] = ['heuristic', ...Object.keys(SINGLE_STRATEGIES).map((n) => `single:${n}`)];
