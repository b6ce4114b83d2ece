/**
 * Stateless services of the bridge: games by name and variant, specs, describe-action, and the opponent
 * service for frontends (an agent's move in a given position). Every game, its variants and its agents
 * come from the game registry (games/registry.ts): the server plays every registered game at once, and a
 * request that names no game plays the registry's default one.
 */
import type { Game } from '../env/core/game.ts';
import { resolveChance } from '../env/core/chance.ts';
import { MerlinError } from '../lib/errors.ts';
import { DEFAULT_GAME, entryOf, gameEntry, GAMES, type GameEntry } from '../games/registry.ts';
import { agentMove } from '../games/opponent.ts';
import { BridgeError, ERROR_CODES, specOf, type BridgeErrorCode, type GameInfo, type Spec } from './protocol.ts';

/**
 * The registered game `name` (the registry's default game when none is named).
 * @throws BridgeError UNKNOWN_GAME naming the registered games (`details.games`)
 */
export function entryFor(name: string = DEFAULT_GAME): GameEntry {
  if (!Object.hasOwn(GAMES, name)) {
    const games = Object.keys(GAMES);
    throw new BridgeError('UNKNOWN_GAME', `unknown game "${name}"; the server plays: ${games.join(', ')}`, false, { games });
  }
  return gameEntry(name);
}

/** Every game the server plays, as `welcome.capabilities.games` lists them (registry order). */
export function gameInfos(): GameInfo[] {
  return Object.values(GAMES).map((e) => ({
    name: e.name,
    variants: [...e.variants],
    default_variant: e.defaultVariant,
    agents: [...e.agentSpecs],
  }));
}

/**
 * The game `name` (default: the registry's default game) under one of its shipped variants (default: its
 * default variant). Remote clients name a variant, never a file path.
 * @throws BridgeError UNKNOWN_GAME for an unregistered game, INVALID_RULESET for a variant the game does not ship
 */
export function gameOf(name?: string, variant?: string): Game<unknown> {
  const entry = entryFor(name);
  const v = variant ?? entry.defaultVariant;
  if (!entry.variants.includes(v))
    throw new BridgeError('INVALID_RULESET', `unknown variant "${v}" of ${entry.name}; the server offers: ${entry.variants.join(', ')}`);
  return entry.game(v);
}

/** Specs by game object (an entry gives the same object for the same variant; a game registered anew gets its own). */
const specs = new WeakMap<Game<unknown>, Spec>();

/** The spec of `gameOf(name, variant)`, computed once per game and variant. @throws BridgeError as gameOf */
export function specFor(name?: string, variant?: string): Spec {
  const entry = entryFor(name);
  const v = variant ?? entry.defaultVariant;
  const game = gameOf(entry.name, v);
  let s = specs.get(game);
  if (!s) {
    s = specOf(game, v);
    specs.set(game, s);
  }
  return s;
}

/** Turn an env-layer error into a bridge error with the same code (non-fatal; a code the protocol does not list is INTERNAL). */
export function asBridgeError(e: unknown): BridgeError {
  if (e instanceof BridgeError) return e;
  if (e instanceof MerlinError && (ERROR_CODES as readonly string[]).includes(e.code))
    return new BridgeError(e.code as BridgeErrorCode, e.message);
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
  // Explicit chance nodes are no one's action: drawn from the state's RNG, as every env does (env/core/chance.ts).
  resolveChance(game, s);
  h.actions.forEach((a, i) => {
    if (game.isTerminal(s))
      throw new BridgeError('GAME_OVER', `history: action ${i} (${a}) comes after the end of the game`, false, { index: i });
    try {
      game.applyAction(s, a);
    } catch (e) {
      const b = asBridgeError(e);
      throw new BridgeError(b.code, `history: action ${i}: ${b.message}`, false, { index: i, action: a });
    }
    resolveChance(game, s);
  });
  return s;
}

/** The opponent service: `spec`'s action for the seat to act in `state` (the move API's `agentMove`). @throws GameOverError when no one is to act */
export function agentAction(
  game: Game<unknown>,
  state: unknown,
  spec: string,
  seed: string | number,
): { action: number; description: string; seat: number } {
  return agentMove(game, entryOf(game).agent(spec, seed, game), state);
}
