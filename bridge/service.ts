/**
 * Stateless services of the bridge: games by variant, specs, describe-action, and the opponent service
 * for frontends (an agent's move in a given position). The game, its variants and its agents come
 * from the game registry (games/registry.ts), so every agent registered there is served.
 */
import type { Game } from '../env/core/game.ts';
import { TERMINAL } from '../env/core/game.ts';
import { MerlinError } from '../lib/errors.ts';
import { DEFAULT_GAME, entryOf, gameEntry } from '../games/registry.ts';
import { BridgeError, specOf, type Spec } from './protocol.ts';

/** The game the bridge serves (the registry's default game). */
export const BRIDGE_GAME = gameEntry(DEFAULT_GAME);

/** Variants the server offers (shipped rulesets). Remote clients name a variant, never a file path. */
export const VARIANTS: readonly string[] = BRIDGE_GAME.variants;

const specs = new Map<string, Spec>();

/** The game of a shipped variant. @throws BridgeError INVALID_RULESET for anything else */
export function gameOf(variant: string): Game<unknown> {
  if (!VARIANTS.includes(variant))
    throw new BridgeError('INVALID_RULESET', `unknown variant "${variant}"; the server offers: ${VARIANTS.join(', ')}`);
  return BRIDGE_GAME.game(variant);
}

export function specFor(variant: string): Spec {
  let s = specs.get(variant);
  if (!s) {
    s = specOf(gameOf(variant), variant);
    specs.set(variant, s);
  }
  return s;
}

/** Turn an env-layer error into a bridge error with the same code (non-fatal). */
export function asBridgeError(e: unknown): BridgeError {
  if (e instanceof BridgeError) return e;
  if (e instanceof MerlinError) return new BridgeError(e.code, e.message);
  return new BridgeError('INTERNAL', `internal error: ${e instanceof Error ? e.message : String(e)}`);
}

export function describe(game: Game<unknown>, state: unknown | null, action: number): string {
  if (!Number.isInteger(action) || action < 0 || action >= game.numActions)
    throw new BridgeError('UNKNOWN_ACTION', `action id ${action} is not in the catalogue (0..${game.numActions - 1})`);
  return game.describeAction(state, action);
}

/** A state from a serialised string or a recorded history (players, seed, actions). */
export function stateFrom(
  game: Game<unknown>,
  state: string | undefined,
  history: { players: number; seed: string | number; actions: number[] } | undefined,
): unknown {
  if ((state === undefined) === (history === undefined)) throw new BridgeError('BAD_MESSAGE', 'give exactly one of state or history');
  if (state !== undefined) return game.deserialize(state);
  const h = history!;
  if (h.players < game.minPlayers || h.players > game.maxPlayers)
    throw new BridgeError('INVALID_ARGUMENT', `players must be in ${game.minPlayers}..${game.maxPlayers}, got ${h.players}`);
  const s = game.newState(h.players, h.seed);
  h.actions.forEach((a, i) => {
    if (game.isTerminal(s))
      throw new BridgeError('GAME_OVER', `history: action ${i} (${a}) comes after the end of the game`, false, { index: i });
    try {
      game.applyAction(s, a);
    } catch (e) {
      const b = asBridgeError(e);
      throw new BridgeError(b.code, `history: action ${i}: ${b.message}`, false, { index: i, action: a });
    }
  });
  return s;
}

/** The opponent service: `spec`'s action for the seat to act in `state`. */
export function agentAction(
  game: Game<unknown>,
  state: unknown,
  spec: string,
  seed: string | number,
): { action: number; description: string; seat: number } {
  const seat = game.currentPlayer(state);
  if (seat === TERMINAL) throw new BridgeError('GAME_OVER', 'the game is over: no one is to act');
  const agent = entryOf(game).agent(spec, seed, game);
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
  const action = agent.act(obs, mask, { seat, legal, numLegal: n, state: game.clone(state) });
  return { action, description: game.describeAction(state, action), seat };
}
