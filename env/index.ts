/**
 * The `merlin-gym/env` entry point: the game-agnostic RL contract (env/core: Game<S>, explicit chance nodes,
 * the adapter factory a game is made with, playGame and basicTests, spaces, the AEC, single-agent and vector
 * envs, the worker pool) and lib/'s typed errors, in-state RNG and content hashes.
 * It names no game: the games are `merlin-gym/games`.
 *
 *   import { SingleAgentEnv } from 'merlin-gym/env';
 *   import { merlinGame } from 'merlin-gym/games';
 *   const env = new SingleAgentEnv(merlinGame('full'), { players: 4, learnerSeat: 0, opponents: ... });
 */
export * from './core/game.ts';
export * from './core/chance.ts';
export * from './core/adapter.ts';
export * from './core/play.ts';
export * from './core/basic-tests.ts';
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
export * from './core/entities.ts';
