/**
 * The `merlin-gym/agents` entry point: agents by spec string (DESIGN "Agents": `random`, `heuristic`,
 * `mcts[:SIMULATIONS]`, `ppo:PATH_TO_CHECKPOINT`, `single:STRATEGY`) and the agent classes. Loads no tfjs.
 *
 *   import { resolveAgent } from 'merlin-gym/agents';
 *   const agent = resolveAgent('ppo:checkpoints/default', 'seed-1');
 */
export { AVAILABLE_AGENTS, opponentFactory, parseAgentList, resolveAgent, specReadsFiles } from './registry.ts';
export type { Agent, AgentContext } from './types.ts';
export { RandomAgent } from './random.ts';
export { HeuristicAgent, loadWeights, type HeuristicWeights } from './heuristic.ts';
export { DEFAULT_MCTS, MctsAgent, type MctsOptions } from './mcts.ts';
export { checkpointPath, PpoAgent } from './ppo.ts';
export { SingleMindedAgent, STRATEGIES } from './single.ts';
