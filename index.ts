/**
 * The `merlin-gym` entry point: the RL contract (`merlin-gym/env`), the games and their registry
 * (`merlin-gym/games`: Merlin Economics), agents by spec string (`merlin-gym/agents`) and tfjs-free trained
 * policies (`merlin-gym/policy`). Loads no tfjs; training is `merlin-gym/training`, the WebSocket bridge
 * `merlin-gym/bridge`.
 */
export * from './env/index.ts';
export * from './games/index.ts';
export * from './agents/index.ts';
export * from './policy/index.ts';
