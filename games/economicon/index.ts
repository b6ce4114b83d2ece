/**
 * Economicon (shared/rules/economicon-v0.4.html, docs/ECONOMICON.md), the second game: what the game registry
 * needs to register it (`economicon`, the shape of the registry's `GameDefinition`, checked where the registry
 * uses it) and what tools and tests use.
 *
 *   const game = economiconGame('standard');                     // Game<EconomiconState>, .ruleset
 *   const reporting = economiconReporting(game.ruleset);         // GameReporting<EconomiconState>
 *   const agent = new EconomiconHeuristic(game.ruleset, 'heuristic');   // or 'single:hoarder', ...
 */
import { SINGLE_STRATEGIES } from './agents/heuristic.ts';
import { economiconGame as game, type EconomiconGame } from './env/game.ts';
import { economiconReporting } from './env/reporting.ts';
import { renderSeat } from './env/render.ts';
import { economiconBoard } from './env/play-view.ts';
import { compileRuleset, VARIANTS } from './rules/index.ts';
import { economiconAgents } from './agents/specs.ts';
import type { EconomiconState } from './engine/state.ts';
export { economiconGame, type EconomiconGame } from './env/game.ts';
export { economiconReporting, ECONOMICON_OUTCOMES } from './env/reporting.ts';
export { EconomiconHeuristic, SINGLE_STRATEGIES, DEFAULT_WEIGHTS, type HeuristicWeights } from './agents/heuristic.ts';
export { loadRuleset, compileRuleset, VARIANTS, type Ruleset } from './rules/index.ts';
export type { EconomiconState } from './engine/state.ts';

/** The agent specs Economicon's own agents resolve (the registry adds the game-agnostic ones: random, mcts, ppo). */
export const ECONOMICON_AGENT_SPECS: readonly string[] = ['heuristic', ...Object.keys(SINGLE_STRATEGIES).map((n) => `single:${n}`)];

/** Economicon v0.4: games/economicon/ (rules and mandate deck as data, engine, env adapter, heuristic; docs/ECONOMICON.md). */
export const economicon = {
  name: 'economicon',
  variants: VARIANTS,
  game,
  gameRef: game.ref,
  reporting: (g: EconomiconGame) => economiconReporting(g.ruleset),
  agents: economiconAgents,
  rules: (g: EconomiconGame) => ({ rules: g.ruleset.data, deck: g.ruleset.deck }),
  compileRules: (g: EconomiconGame, rules: unknown) => game(compileRuleset(rules, () => g.ruleset.deck, 'edited ruleset')),
  seatView: (g: EconomiconGame, s: EconomiconState, seat: number) => renderSeat(g.ruleset, s, seat),
  /** The play page's board (env/play-view.ts). */
  board: economiconBoard,
};
