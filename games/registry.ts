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
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ArgumentError } from '../lib/errors.ts';
import type { FactoryRef } from '../env/core/pool.ts';
import type { Agent } from '../env/core/agent.ts';
import type { Game } from '../env/core/game.ts';
import type { GameReporting, PlayHooks } from '../env/core/play.ts';
import { merlinGame, type MerlinGame } from './merlin/env/game.ts';
import { merlinReporting } from './merlin/env/reporting.ts';
import { merlinDocs } from './merlin/env/docs.ts';
import { merlinReplay } from './merlin/designer/replay.ts';
import { merlinProbe } from './merlin/designer/probe.ts';
import type { MerlinState } from './merlin/engine/state.ts';
import { merlinAgents } from './merlin/agents/specs.ts';
import { renderSeat as renderMerlinSeat } from './merlin/env/render.ts';
import { economiconGame, type EconomiconGame } from './economicon/env/game.ts';
import { VARIANTS as ECONOMICON_VARIANTS } from './economicon/rules/index.ts';
import { economiconReporting } from './economicon/env/reporting.ts';
import type { EconomiconState } from './economicon/engine/state.ts';
import { economiconAgents } from './economicon/agents/specs.ts';
import { renderSeat as renderEconomiconSeat } from './economicon/env/render.ts';
import { dmlGame, type DmlGame } from './dml/env/game.ts';
import { VARIANTS as DML_VARIANTS } from './dml/rules/index.ts';
import { dmlReporting } from './dml/env/reporting.ts';
import type { DmlState } from './dml/engine/state.ts';
import { dmlAgents } from './dml/agents/specs.ts';
import { renderSeat as renderDmlSeat } from './dml/env/render.ts';
import { dmlReplay } from './dml/designer/replay.ts';
import { agentSpecs, NO_GAME_AGENTS, parseAgentList, resolveAgent, specReadsFiles, type GameAgents } from '../agents/registry.ts';

/** A cell of the replay viewer's counters and tables. */
export type ViewCell = string | number;

/** What the replay viewer (designer/replay-view.ts) shows of each state; a game without one is shown by its `render` text. */
export interface ReplayView<S> {
  readonly counters: readonly { id: string; label: string; value(s: S): ViewCell }[];
  /** Tables; `agents` is the spec of each seat. */
  readonly sections: readonly { id: string; title: string; columns: string[]; rows(s: S, agents: readonly string[]): ViewCell[][] }[];
  /** The per-seat figure the chart follows over the game (Merlin: net worth in gold). */
  readonly worth: { label: string; unit: string; value(s: S, seat: number): number };
}

/**
 * A game's own parts of a replay log (designer/replay.ts). Without them a log names its variant (replayed
 * from the game's own files), records no chance outcomes, counts steps as turns and is viewed as `render` text.
 */
export interface GameReplay<S> {
  /** The rules to embed in a log so it replays without the designer's files. */
  embedRules(game: Game<S>): { rules: unknown; decks: Record<string, unknown> };
  /** The game embedded rules compile to. @throws StateError when they hash to other than `hash` */
  gameFromRules(name: string, hash: string, rules: unknown, decks: Record<string, unknown>): Game<S>;
  /** The turn number of `s`. */
  turn(s: S): number;
  /** What a log calls the chance outcome it records when an action starts a new turn (Merlin: `dice`). */
  readonly chanceName: string;
  /** That outcome in `s` (Merlin: the two dice of the current turn's roll). */
  chance(s: S): number[];
  /** The viewer's counters, tables and chart for `game`. */
  view(game: Game<S>): ReplayView<S>;
}

/** A win rate with its 95% interval, as designer/probe.ts computes them. */
export interface ProbeRate {
  wins: number;
  games: number;
  rate: number;
  ci: [number, number];
}

/** A finding of the probe: what it is about, the sentence, and the strength of the evidence (|z|, NaN for none). */
export interface ProbeFinding {
  about: string;
  text: string;
  z: number;
}

/**
 * A game's own part of the designer's balance probe (designer/probe.ts measures what every game has: win
 * rates by seat, turn order and agent, outcomes, lengths, action kinds). Merlin: cards played, gold and
 * commodity flows, public counters, playability (games/merlin/designer/probe.ts).
 */
export interface GameProbe<S> {
  /**
   * Record one game of `players` seats: hooks for playGame, then the finished game's turn order (seats, first
   * to act first) and its record (JSON-like: it crosses worker threads).
   */
  recorder(game: Game<S>, players: number): { hooks: PlayHooks<S>; finish(s: S): { order: number[]; extra: unknown } };
  /** The summary's own fields (added to designer/probe.ts `ProbeSummary`) and findings, from every game's record. */
  summarise(input: {
    game: Game<S>;
    records: readonly { lineup: string[]; winner: number; victory: string; turns: number; extra: unknown }[];
    specs: string[];
    agentRate: Record<string, number>;
    players: number;
    rate(wins: number, games: number): ProbeRate;
    zScore(r: ProbeRate, p: number): number;
  }): { fields: Record<string, unknown>; findings: ProbeFinding[] };
}

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
  /**
   * How a worker thread makes the same game (env/core/pool.ts loads it by module path): a FactoryRef whose
   * function returns `game(variant)`'s equal in that thread.
   */
  gameRef(variant?: string): FactoryRef;
  /** The agent specs this game resolves (as listed to users, with placeholders such as `ppo:CHECKPOINT_DIR`). */
  readonly agentSpecs: readonly string[];
  /** The game's own agents (its heuristic, if any, and other specs) beside the shared `random`, `mcts` and `ppo:`. */
  readonly agents: GameAgents<S>;
  /**
   * The deterministic agent training imitates and keeps in its league as the `heuristic` member (Merlin: its
   * heuristic economist), for `game` (one of this entry's games).
   */
  teacher(game: Game<S>): Agent;
  /** A line-up for `merlin simulate` and friends when none is given. */
  readonly defaultAgents: readonly string[];
  /**
   * An agent for `spec` seeded `seed` (its own stream), playing `game` (one of this entry's games).
   * @throws ArgumentError for an unknown spec or a bad parameter
   */
  agent(spec: string, seed: string | number, game: Game<S>): Agent;
  /** True for specs that read a file of the caller's choosing (a server refuses them from remote clients unless allowed). */
  specReadsFiles(spec: string): boolean;
  /**
   * The documents `merlin docs --game NAME` generates from the code under `variant` (default: the default
   * variant): each file's path under docs/ and its text (Merlin: ACTIONS.md, OBSERVATION.md, CARDS.md).
   */
  docs(variant?: string): { file: string; text: string }[];
  /** The game's own replay-log parts and richer viewer (absent: the generic log and the `render` view). */
  readonly replay?: GameReplay<S>;
  /** The game's own part of `merlin probe` (absent: the figures every game has). */
  readonly probe?: GameProbe<S>;
  /**
   * The resolved rules `game` runs, as plain JSON (Merlin: `{ rules, decks }`, every deck's cards), which
   * `probe --compare` diffs path by path; null for a game that does not expose them.
   */
  rules(game: Game<S>): unknown;
  /** What the play commands report beyond the game's end (victory types, action kinds, invariants, tallies). */
  reporting(game: Game<S>): GameReporting<S>;
  /**
   * What `seat` alone may see of `s` beyond the public `game.render(s)` (its hand, held cards, own bid), as
   * text for the play page (cli/play.ts); '' for a game that registers none. Never another seat's hidden part.
   */
  seatView(game: Game<S>, s: S, seat: number): string;
}

/** What a game supplies to be registered (`defineGame` fills in the rest). S is its state type. */
export interface GameDefinition<S> {
  readonly name: string;
  /** Shipped variants, default first. */
  readonly variants: readonly string[];
  game(variant?: string | object): Game<S>;
  gameRef(variant?: string): FactoryRef;
  reporting(game: Game<S>): GameReporting<S>;
  /** The game's own agents (default: none, the shared `random`, `mcts` and `ppo:` only). */
  readonly agents?: GameAgents<S>;
  /** What training imitates (default: the game's heuristic, else the agent that plays the lowest legal id). */
  teacher?(game: Game<S>): Agent;
  /** Default: `random`. */
  readonly defaultAgents?: readonly string[];
  /** Default: `NAME/ACTIONS.md` (every action id's description) and `NAME/OBSERVATION.md` (the observation and state-tensor segments). */
  docs?(variant?: string): { file: string; text: string }[];
  readonly replay?: GameReplay<S>;
  readonly probe?: GameProbe<S>;
  /** The resolved rules as JSON (default: the replay's embedded rules and decks, else null). */
  rules?(game: Game<S>): unknown;
  /** What one seat alone sees, beyond `render` (default: nothing, ''). */
  seatView?(game: Game<S>, s: S, seat: number): string;
}

/** A deterministic teacher for a game without a heuristic: the lowest legal action id. */
const firstLegal: Agent = { spec: 'first-legal', needsObservation: false, act: (_o, _m, ctx) => ctx.legal[0] };

const segmentTable = (spec: Game<unknown>['observationSpec']) => [
  '| segment | offset | length | bounds | meaning |',
  '| --- | --- | --- | --- | --- |',
  ...spec.segments.map((g) => `| \`${g.name}\` | ${g.offset} | ${g.length} | [${g.low}, ${g.high}] | ${g.meaning.replace(/\|/g, '\\|')} |`),
];

/** The generated documents of a game without its own: its action ids and its tensors, from `Game<S>` alone. */
export function genericDocs(game: Game<unknown>): { file: string; text: string }[] {
  const generated = `<!-- Generated by \`npx merlin docs --game ${game.name}\` from the game's Game<S>; do not edit by hand. -->`;
  const actions = [`# ${game.name}: actions`, '', generated, '', '| id | action |', '| --- | --- |'];
  for (let a = 0; a < game.numActions; a++) actions.push(`| ${a} | ${game.describeAction(null, a).replace(/\|/g, '\\|')} |`);
  const observation = [
    `# ${game.name}: observations and the state tensor`,
    '',
    generated,
    '',
    `## Observation (${game.observationSpec.size} floats)`,
    '',
    ...segmentTable(game.observationSpec),
    '',
    `## State tensor (${game.stateSpec.size} floats)`,
    '',
    ...segmentTable(game.stateSpec),
  ];
  return [
    { file: `${game.name}/ACTIONS.md`, text: actions.join('\n') + '\n' },
    { file: `${game.name}/OBSERVATION.md`, text: observation.join('\n') + '\n' },
  ];
}

/**
 * The registry entry of a game from what it supplies: agent specs resolved with the shared ones, and the
 * defaults of `GameDefinition`. Register it with `registerGame(defineGame({...}))` or as one more entry below.
 */
export function defineGame<S>(d: GameDefinition<S>): GameEntry<S> {
  const own = d.agents ?? (NO_GAME_AGENTS as GameAgents<S>);
  return {
    name: d.name,
    variants: d.variants,
    defaultVariant: d.variants[0],
    game: (variant) => d.game(variant),
    gameRef: (variant) => d.gameRef(variant),
    agentSpecs: agentSpecs(own),
    agents: own,
    teacher: (game) => d.teacher?.(game) ?? own.heuristic?.guide(game) ?? firstLegal,
    defaultAgents: d.defaultAgents ?? ['random'],
    agent: (spec, seed, game) => resolveAgent(spec, seed, game, own, d.reporting),
    specReadsFiles: (spec) => specReadsFiles(spec, own),
    reporting: (game) => d.reporting(game),
    docs: (variant) => d.docs?.(variant) ?? genericDocs(d.game(variant) as Game<unknown>),
    replay: d.replay,
    probe: d.probe,
    rules: (game) => d.rules?.(game) ?? d.replay?.embedRules(game) ?? null,
    seatView: (game, s, seat) => d.seatView?.(game, s, seat) ?? '',
  };
}

const here = dirname(fileURLToPath(import.meta.url));
/** This module's own extension: `.ts` run from the sources (tsx, vitest), `.js` compiled in the package. */
const ext = extname(fileURLToPath(import.meta.url));

/** Merlin Economics: games/merlin/ (engine, env adapter, agents, designer views). */
const merlin = defineGame<MerlinState>({
  name: 'merlin',
  variants: ['full', 'market', 'skirmish', 'classic', 'literal', 'council'],
  game: (variant = 'full') => merlinGame(variant as Parameters<typeof merlinGame>[0]),
  gameRef: (variant = 'full') => ({ module: join(here, 'merlin', 'env', `game${ext}`), export: 'merlinGame', args: [variant] }),
  reporting: (game) => merlinReporting((game as MerlinGame).ruleset),
  agents: merlinAgents,
  docs: (variant = 'full') => merlinDocs(merlinGame(variant).ruleset),
  replay: merlinReplay,
  probe: merlinProbe,
  seatView: (game, s, seat) => renderMerlinSeat((game as MerlinGame).ruleset, s, seat),
}) as unknown as GameEntry;

/** Economicon v0.4: games/economicon/ (rules and mandate deck as data, engine, env adapter, heuristic; docs/ECONOMICON.md). */
const economicon = defineGame<EconomiconState>({
  name: 'economicon',
  variants: ECONOMICON_VARIANTS,
  game: (variant = 'standard') => economiconGame(variant as Parameters<typeof economiconGame>[0]),
  gameRef: (variant = 'standard') => ({ module: join(here, 'economicon', 'env', `game${ext}`), export: 'economiconGame', args: [variant] }),
  reporting: (game) => economiconReporting((game as EconomiconGame).ruleset),
  agents: economiconAgents,
  rules: (game) => ({ rules: (game as EconomiconGame).ruleset.data, deck: (game as EconomiconGame).ruleset.deck }),
  seatView: (game, s, seat) => renderEconomiconSeat((game as EconomiconGame).ruleset, s, seat),
}) as unknown as GameEntry;

/** Dragon's Money Laundering: games/dml/ (card file and rulesets as data, engine, env adapter, heuristic; docs/DML.md). */
const dml = defineGame<DmlState>({
  name: 'dml',
  variants: DML_VARIANTS,
  game: (variant = 'full') => dmlGame(variant as Parameters<typeof dmlGame>[0]),
  gameRef: (variant = 'full') => ({ module: join(here, 'dml', 'env', `game${ext}`), export: 'dmlGame', args: [variant] }),
  reporting: (game) => dmlReporting((game as DmlGame).ruleset),
  rules: (game) => ({ rules: (game as DmlGame).ruleset.data, cards: (game as DmlGame).ruleset.cardFile }),
  replay: dmlReplay,
  agents: dmlAgents,
  seatView: (game, s, seat) => renderDmlSeat((game as DmlGame).ruleset, s, seat),
}) as unknown as GameEntry;

const registered: Record<string, GameEntry> = { merlin, economicon, dml };

/** Every registered game, by name (Merlin, and whatever `registerGame` added). */
export const GAMES: Readonly<Record<string, GameEntry>> = registered;

/**
 * Register another game under `entry.name`: from then on every command, env and tool that asks the registry
 * (`--game NAME`) plays it. Registering a second game is one call (or one more entry beside `merlin` above).
 * @throws ArgumentError when a game of that name is already registered
 */
export function registerGame<S>(entry: GameEntry<S>): void {
  if (Object.hasOwn(registered, entry.name)) throw new ArgumentError(`a game named "${entry.name}" is already registered`);
  registered[entry.name] = entry as unknown as GameEntry;
}

/**
 * Unregister `name` (a test's toy game when it is done). The default game cannot be removed.
 * @throws ArgumentError for the default game or a name not registered
 */
export function unregisterGame(name: string): void {
  if (name === DEFAULT_GAME || !Object.hasOwn(registered, name)) throw new ArgumentError(`cannot unregister game "${name}"`);
  delete registered[name];
}

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

/**
 * Opponents for the single-agent and vector envs: seat p plays specs[p % specs.length] of game `game`
 * under `variant` (default: the game's default variant), each with its own stream seeded by the env.
 * Usable as a pool FactoryRef (`{ module: '<repo>/games/registry.ts', export: 'opponentFactory', args: [['random'], 'full', 'merlin'] }`).
 * @throws ArgumentError for an unknown game, variant or spec
 */
export function opponentFactory(
  specs: string[] | string,
  variant?: string,
  game: string = DEFAULT_GAME,
): (seat: number, seed: string) => Agent {
  const entry = gameEntry(game);
  const g = entry.game(variant ?? entry.defaultVariant);
  // Each spec is validated once, against the game its agents will play (as `parseAgents` does for a variant).
  const validate = (spec: string) => entry.agent(spec, 0, g);
  const list = typeof specs === 'string' ? parseAgentList(specs, validate) : specs;
  if (typeof specs !== 'string') for (const spec of list) validate(spec);
  return (seat, seed) => entry.agent(list[seat % list.length], seed, g);
}

/**
 * Parse a comma-separated list of `entry`'s agent specs (`--agents`), validating each against the game of
 * `variant` (a shipped name or a ruleset path; default: the game's default), the ruleset the agents will play:
 * a checkpoint trained on another variant is then loaded against its own rules, without a spurious warning.
 * @throws ArgumentError for an unknown spec or variant
 */
export function parseAgents(list: string, entry: GameEntry = gameEntry(), variant?: string): string[] {
  const game = entry.game(variant);
  return parseAgentList(list, (spec) => entry.agent(spec, 0, game));
}
