/**
 * The game registry: game name -> how to make it, its variants, its default agents, its agent specs and
 * its reporting. The only module that names a game: the CLI, the bridge, training and the designer ask
 * here, so a second game (Economicon) is one more entry.
 *
 *   const entry = gameEntry('merlin');
 *   const game = entry.game('market');                      // a Game<S> (env/core/game.ts)
 *   const agent = entry.agent('heuristic', 'seed', game);   // an Agent for that game
 *
 * It sits above env/core, the games (games/merlin) and agents/ (it may import all three) and below cli/,
 * bridge/, training/ and designer/ (DESIGN "Layers"): a game's own folder never imports it.
 */
import { ArgumentError } from '../lib/errors.ts';
import type { Agent } from '../env/core/agent.ts';
import type { Game } from '../env/core/game.ts';
import type { GameReporting } from '../env/core/play.ts';
import { merlinGame, type MerlinGame } from './merlin/env/game.ts';
import { merlinReporting } from './merlin/env/reporting.ts';
import { AVAILABLE_AGENTS, parseAgentList, resolveAgent, specReadsFiles } from '../agents/registry.ts';

/** One registered game. S is its state type (`unknown` to callers that do not look inside). */
export interface GameEntry<S = unknown> {
  /** The name the CLI (`--game`), the bridge and the registry use. */
  readonly name: string;
  /** Shipped variants (rulesets), default first. */
  readonly variants: readonly string[];
  readonly defaultVariant: string;
  /**
   * The game under a variant: a shipped name or, where the game allows it, a path to a rules file
   * (the same object for the same variant). @throws ArgumentError / RulesetError for an unknown variant
   */
  game(variant?: string | object): Game<S>;
  /** The agent specs this game resolves (as listed to users, with placeholders such as `ppo:CHECKPOINT_DIR`). */
  readonly agentSpecs: readonly string[];
  /** A line-up for `merlin simulate` and friends when none is given. */
  readonly defaultAgents: readonly string[];
  /**
   * An agent for `spec` seeded `seed` (its own stream), playing `game` (one of this entry's games).
   * @throws ArgumentError for an unknown spec or a bad parameter
   */
  agent(spec: string, seed: string | number, game: Game<S>): Agent;
  /** True for specs that read a file of the caller's choosing (a server refuses them from remote clients unless allowed). */
  specReadsFiles(spec: string): boolean;
  /** What the play commands report beyond the game's end (victory types, action kinds, invariants, tallies). */
  reporting(game: Game<S>): GameReporting<S>;
}

const merlin: GameEntry<unknown> = {
  name: 'merlin',
  variants: ['full', 'market', 'skirmish'],
  defaultVariant: 'full',
  game: (variant = 'full') => merlinGame(variant as Parameters<typeof merlinGame>[0]) as unknown as Game<unknown>,
  agentSpecs: AVAILABLE_AGENTS,
  defaultAgents: ['random'],
  agent: (spec, seed, game) => resolveAgent(spec, seed, (game as unknown as MerlinGame).ruleset),
  specReadsFiles,
  reporting: (game) => merlinReporting((game as unknown as MerlinGame).ruleset) as unknown as GameReporting<unknown>,
};

/** Every registered game, by name. */
export const GAMES: Readonly<Record<string, GameEntry>> = { merlin };

/** The name of the game used when none is named. */
export const DEFAULT_GAME = 'merlin';

/** The registered game `name`. @throws ArgumentError naming the registered games */
export function gameEntry(name: string = DEFAULT_GAME): GameEntry {
  const e = Object.hasOwn(GAMES, name) ? GAMES[name] : undefined;
  if (!e) throw new ArgumentError(`unknown game "${name}"; registered: ${Object.keys(GAMES).join(', ')}`);
  return e;
}

/** The entry that made `game` (by its `name`). @throws ArgumentError for a game no entry registers */
export function entryOf(game: Game<unknown>): GameEntry {
  return gameEntry(game.name);
}

/** Parse a comma-separated list of `entry`'s agent specs (`--agents`), validating each. @throws ArgumentError */
export function parseAgents(list: string, entry: GameEntry = gameEntry()): string[] {
  const game = entry.game();
  return parseAgentList(list, (spec) => entry.agent(spec, 0, game));
}
