/**
 * The move API for frontends: "what does the AI play here?" for every registered game, in plain JS.
 *
 *   import { createOpponent } from 'merlin-gym';
 *   const ai = createOpponent('ppo:checkpoints/default', { game: 'merlin', variant: 'full' });
 *   const { action, description, top } = ai.act(state);   // the state object, or its serialised string
 *
 * An opponent is one agent (any spec the game's registry entry resolves: `random`, `mcts[:N]`,
 * `ppo:DIR`, the game's own such as Merlin's `heuristic`) made once, with its own seeded stream, for one
 * game and variant. `act` asks it for the move of the seat to act; the caller's state is never changed (the
 * agent gets a copy). The bridge's opponent service (`act` message) answers with the same function.
 */
import type { Agent } from '../env/core/agent.ts';
import type { Game } from '../env/core/game.ts';
import { CHANCE, TERMINAL } from '../env/core/game.ts';
import { PpoAgent } from '../agents/ppo.ts';
import { GameOverError, StateError } from '../lib/errors.ts';
import { DEFAULT_GAME, gameEntry } from './registry.ts';

/** One of a policy's top choices: an action id, its description and the policy's probability of it. */
export interface Choice {
  action: number;
  description: string;
  /** In [0, 1]: the softmax over the legal actions' logits. */
  probability: number;
}

/** An agent's move: the action id (into the game's flat catalogue), its description, the seat it is for. */
export interface Move {
  action: number;
  description: string;
  /** The seat to act in the position asked about (0-based). */
  seat: number;
  /** For a policy (`ppo:`): its most probable legal actions, most probable first. Absent for other agents. */
  top?: Choice[];
}

export interface OpponentOptions {
  /** A registered game (games/registry.ts); default `merlin`. */
  game?: string;
  /** One of the game's variants (or, where the game allows it, a ruleset file path); default its default variant. */
  variant?: string;
  /** Seed of the agent's own stream (MCTS, sampling policies, random); default 0. Same seed, same moves. */
  seed?: string | number;
  /** How many top choices a policy reports (default 3; 0 for none). */
  top?: number;
}

export interface Opponent {
  /** The agent spec it plays. */
  readonly spec: string;
  /** The game and variant it plays (its `deserialize`, `newState`, `applyAction` read and advance states). */
  readonly game: Game<unknown>;
  /**
   * The agent's move for the seat to act in `state`.
   * @param state a state of `game` (as `game.newState` makes them) or its serialised string (`game.serialize`)
   * @throws StateError for a string that is not a state of this game and variant; GameOverError when the game is over
   */
  act(state: unknown): Move;
}

/**
 * `agent`'s move in `state` of `game`, for the seat to act: what every opponent API answers with.
 * @param top how many of a policy's top choices to add (0: none)
 * @throws GameOverError when the game is over; StateError at an explicit chance node (no seat acts)
 */
export function agentMove(game: Game<unknown>, agent: Agent, state: unknown, top = 0): Move {
  const seat = game.currentPlayer(state);
  if (seat === TERMINAL) throw new GameOverError();
  if (seat === CHANCE)
    throw new StateError(
      'the state is at a chance node, where no seat acts: apply one of its outcomes first (env/core/chance.ts resolveChance)',
    );
  const legal = new Int32Array(game.numActions);
  const n = game.legalActions(state, legal);
  let obs: Float32Array | null = null;
  let mask: Uint8Array | null = null;
  if (agent.needsObservation) {
    obs = new Float32Array(game.observationSpec.size);
    game.observe(state, seat, obs);
    mask = new Uint8Array(game.numActions);
    for (let i = 0; i < n; i++) mask[legal[i]] = 1;
  }
  // Agents may look at (and search from) the state; give them a copy so the caller's stays intact.
  const context = { seat, legal, numLegal: n, state: game.clone(state) };
  const action = agent.act(obs, mask, context);
  const move: Move = { action, description: game.describeAction(state, action), seat };
  if (top > 0 && agent instanceof PpoAgent)
    move.top = agent
      .topChoices(context, top)
      .map((c) => ({ action: c.action, description: game.describeAction(state, c.action), probability: c.probability }));
  return move;
}

/**
 * An opponent playing `spec` in `options.game` under `options.variant`: the agent is made (and a checkpoint
 * read) once, here.
 * @throws ArgumentError for an unknown game, variant or spec; CheckpointError for a `ppo:` checkpoint that is
 *   missing or made for another game
 */
export function createOpponent(spec: string, options: OpponentOptions = {}): Opponent {
  const entry = gameEntry(options.game ?? DEFAULT_GAME);
  const game = entry.game(options.variant ?? entry.defaultVariant);
  const agent = entry.agent(spec, options.seed ?? 0, game);
  const top = options.top ?? 3;
  return {
    spec,
    game,
    act: (state) => agentMove(game, agent, typeof state === 'string' ? game.deserialize(state) : state, top),
  };
}
