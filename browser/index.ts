/**
 * The browser bundle's entry (tools/build-browser.ts builds it into one ES module, `merlin-gym.browser.js`): every
 * registered game's engine and env adapter, the agents (the game's own, `random`, `mcts[:N]`, and `ppo:` with the
 * plain-JS forward pass) and the shipped checkpoints, with no server and no Node API. The same move API as the npm
 * package:
 *
 *   import { createOpponent } from './merlin-gym.browser.js';
 *   const ai = createOpponent('ppo:checkpoints/default', { game: 'merlin' });
 *   const state = ai.game.newState(4, 'seed-1');
 *   const { action, description, top } = ai.act(state);
 *
 * Inside the bundle, the files the code reads (rulesets, decks, the heuristic's weights, checkpoints) are served
 * from memory (browser/shims/fs.ts); a ruleset or checkpoint of the caller's own is not readable there.
 */
export { agentMove, createOpponent, type Choice, type Move, type Opponent, type OpponentOptions } from '../games/opponent.ts';
export { DEFAULT_GAME, GAMES, gameEntry, type GameEntry } from '../games/registry.ts';
export { CHANCE, TERMINAL, type Game } from '../env/core/game.ts';
export { resolveChance } from '../env/core/chance.ts';
