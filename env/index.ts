/**
 * The `merlin-gym/env` entry point: the game-agnostic RL contract (env/core: Game<S>, spaces, the AEC,
 * single-agent and vector envs, the worker pool), lib/'s typed errors, in-state RNG and content hashes, and
 * Merlin Economics as a Game (its rulesets and the engine's public API under `engine`).
 *
 *   import { merlinGame, SingleAgentEnv } from 'merlin-gym/env';
 *   const env = new SingleAgentEnv(merlinGame('full'), { players: 4, learnerSeat: 0, opponents: ... });
 */
export * from './core/game.ts';
export * from './core/agent.ts';
export * from '../lib/errors.ts';
export * from './core/spaces.ts';
export * from './core/aec.ts';
export * from './core/single.ts';
export * from './core/vector.ts';
export * from './core/pool.ts';
export * from './core/rewards.ts';
export * from '../lib/rng.ts';
export * from '../lib/hash.ts';
export { merlinGame, type MerlinGame } from '../games/merlin/env/game.ts';
export { compileRuleset, defaultRuleset, loadRuleset, type Ruleset } from '../games/merlin/rules/index.ts';
export * as engine from '../games/merlin/engine/index.ts';
