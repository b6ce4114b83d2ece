/**
 * The `merlin-gym/games` entry point: the game registry (name -> game, variants, agents), Merlin
 * Economics, the first game: `merlinGame` (a Game<S> for env/core's envs), its rulesets and the engine's
 * public API under `engine`, and Economicon, the second (`economicon`: its game, rulesets, heuristic).
 *
 *   import { gameEntry, merlinGame } from 'merlin-gym/games';
 *   import { SingleAgentEnv } from 'merlin-gym/env';
 *   const env = new SingleAgentEnv(merlinGame('full'), { players: 4, learnerSeat: 0, opponents: ... });
 *   const econ = gameEntry('economicon').game();           // or economicon.economiconGame('standard')
 */
export {
  DEFAULT_GAME,
  defineGame,
  entryOf,
  GAMES,
  gameEntry,
  genericDocs,
  opponentFactory,
  parseAgents,
  registerGame,
  unregisterGame,
  type GameDefinition,
  type GameEntry,
  type GameProbe,
  type GameReplay,
  type ReplayView,
} from './registry.ts';
export { agentMove, createOpponent, type Choice, type Move, type Opponent, type OpponentOptions } from './opponent.ts';
export { merlinGame, type MerlinGame } from './merlin/env/game.ts';
export { compileRuleset, defaultRuleset, loadRuleset, type Ruleset } from './merlin/rules/index.ts';
export * as engine from './merlin/engine/index.ts';
export { HeuristicAgent, loadWeights, type HeuristicWeights } from './merlin/agents/heuristic.ts';
export { SingleMindedAgent, STRATEGIES } from './merlin/agents/single.ts';
export * as economicon from './economicon/index.ts';
