/**
 * Dragon's Money Laundering (Irkka/dml, docs/DML.md), the third game: what the game registry needs to register
 * it (`dml`, the shape of the registry's `GameDefinition`, checked where the registry uses it) and what tools and
 * tests use.
 *
 *   const game = dmlGame('full');                          // Game<DmlState>, .ruleset
 *   const reporting = dmlReporting(game.ruleset);          // GameReporting<DmlState>
 *   const agent = new DmlHeuristic(game.ruleset);          // or 'single:buyer', ...
 */
import { dmlGame as game, type DmlGame } from './env/game.ts';
import { dmlReporting as reporting } from './env/reporting.ts';
import { renderSeat } from './env/render.ts';
import { dmlBoard } from './env/play-view.ts';
import { dmlReplay } from './designer/replay.ts';
import { dmlAgents } from './agents/specs.ts';
import { compileRuleset, VARIANTS as variants } from './rules/index.ts';
import type { DmlState } from './engine/state.ts';

export { dmlGame, type DmlGame } from './env/game.ts';
export { dmlReporting, DML_OUTCOMES } from './env/reporting.ts';
export { DmlHeuristic, SINGLE_STRATEGIES, successChance } from './agents/heuristic.ts';
export { loadRuleset, compileRuleset, VARIANTS, type Ruleset } from './rules/index.ts';
export type { DmlState } from './engine/state.ts';

/** Dragon's Money Laundering: games/dml/ (card file and rulesets as data, engine, env adapter, heuristic; docs/DML.md). */
export const dml = {
  name: 'dml',
  variants,
  game,
  gameRef: game.ref,
  reporting: (g: DmlGame) => reporting(g.ruleset),
  rules: (g: DmlGame) => ({ rules: g.ruleset.data, cards: g.ruleset.cardFile }),
  compileRules: (g: DmlGame, rules: unknown) => game(compileRuleset(rules, () => g.ruleset.cardFile, 'edited ruleset')),
  replay: dmlReplay,
  agents: dmlAgents,
  seatView: (g: DmlGame, s: DmlState, seat: number) => renderSeat(g.ruleset, s, seat),
  /** The play page's board (env/play-view.ts). */
  board: dmlBoard,
};
