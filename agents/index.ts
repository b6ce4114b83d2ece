/**
 * The `merlin-gym/agents` entry point: the shared agents of every game (DESIGN "Agents": `random`,
 * `mcts[:SIMULATIONS]`, `ppo:PATH_TO_CHECKPOINT`, `mcts:SIMULATIONS:ppo:PATH_TO_CHECKPOINT`, restricted play
 * `restricted:KINDS:SPEC`, the difficulty presets a game names) and their spec resolver. Loads no tfjs. A game's own
 * agents (Merlin's `heuristic` and `single:STRATEGY`) live with the game; the game registry
 * (`merlin-gym/games`: `gameEntry(name).agent(spec, seed, game)`, `opponentFactory`) combines both.
 *
 *   import { gameEntry } from 'merlin-gym/games';
 *   const entry = gameEntry('merlin');
 *   const agent = entry.agent('ppo:checkpoints/default', 'seed-1', entry.game());
 */
export {
  agentSpecs,
  DIFFICULTIES,
  type Difficulty,
  MCTS_SPECS,
  NO_GAME_AGENTS,
  parseAgentList,
  PPO_SPECS,
  RESTRICTED_SPEC,
  resolveAgent,
  specReadsFiles,
  type GameAgents,
} from './registry.ts';
export type { Agent, AgentContext } from './types.ts';
export { RandomAgent } from './random.ts';
export { DEFAULT_MCTS, MctsAgent, type MctsGuide, type MctsOptions } from './mcts.ts';
export { checkpointPath, loadPolicyCheckpoint, PpoAgent } from './ppo.ts';
export { DEFAULT_PUCT, PuctAgent, type PuctOptions } from './puct.ts';
export { forbiddenKinds, RestrictedAgent, type ActionKinds } from './restricted.ts';
