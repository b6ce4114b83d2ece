/**
 * The game registry: game name -> how to make it, its variants, its default agents, its agent specs and
 * its reporting. The only module that names a game: the CLI, the bridge, training and the designer ask
 * here. Each game's folder exports its `GameDefinition` (games/NAME/index.ts) and this module lists it, so a
 * new game is its folder plus its import and its name in `registered` below (docs/ADDING_A_GAME.md).
 *
 *   const entry = gameEntry('merlin');
 *   const game = entry.game('market');                      // a Game<S> (env/core/game.ts)
 *   const agent = entry.agent('heuristic', 'seed', game);   // an Agent for that game
 *
 * It sits above env/core, the games (games/NAME) and agents/ (it may import all three) and below cli/,
 * bridge/, training/ and designer/ (DESIGN "Layers"): a game's own folder never imports it.
 */
import { ArgumentError } from '../lib/errors.ts';
import type { FactoryRef } from '../env/core/pool.ts';
import type { Agent } from '../env/core/agent.ts';
import type { Game } from '../env/core/game.ts';
import type { GameReporting, PlayHooks } from '../env/core/play.ts';
import { agentSpecs, NO_GAME_AGENTS, parseAgentList, resolveAgent, specReadsFiles, type GameAgents } from '../agents/registry.ts';
import { merlin } from './merlin/index.ts';
import { economicon } from './economicon/index.ts';
import { dml } from './dml/index.ts';
import { poker } from './poker/index.ts';

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

/** A link into the rules: a file under docs/ and, optionally, the heading of the section (the page links its anchor). */
export interface RulesLink {
  /** What the link says ("Setup and the turn-order auction"). */
  readonly label: string;
  /** A path under docs/ (`RULES.md`, `rulebooks/economicon-v0.4.html`). */
  readonly file: string;
  /** The section's heading text exactly as written in the file (its anchor is GitHub's slug of it). */
  readonly heading?: string;
}

/** The decision open in a state, for the play page's phase line. */
export interface PlayPhase {
  /** A few words ("Turn-order auction"). */
  readonly title: string;
  /** One or two sentences on what is decided and how it works. */
  readonly text: string;
  /** True when the decision is a choice of place: a click on a board target that offers one move plays it. */
  readonly pick: boolean;
  /** The rules sections that say more. */
  readonly rules: readonly RulesLink[];
}

/**
 * A game's board for the play page (cli/play-page.ts), declared in the game's folder beside its render code.
 * The page shows `draw`'s markup and makes a move by a click on the element whose `data-target` is the move's
 * `target`; a game without one is shown by its `render` text and its moves as buttons.
 */
export interface PlayBoard<S> {
  /**
   * The board as `seat` may see it, as HTML (inline SVG allowed; styles scoped to the board's own classes):
   * public information and that seat's own hidden part only. An element a click chooses carries
   * `data-target="KEY"` (and, to be outlined when highlighted, a child of class `hl`); `data-near="KEY KEY"`
   * lists the targets adjacent to it (outlined while the pointer is over it). `names`: each seat's name.
   */
  draw(game: Game<S>, s: S, seat: number, names: readonly string[]): string;
  /** The KEY of the board element that chooses `action` (legal now), or null when only a button offers it. */
  target(game: Game<S>, s: S, action: number): string | null;
  /** The decision open now (the game's end included). */
  phase(game: Game<S>, s: S): PlayPhase;
  /** The rules of the game: the links the page always shows. */
  readonly rules: readonly RulesLink[];
  /**
   * A better description of `action` in `s` than `Game.describeAction` (names the page's board shows), or
   * absent. Must name nothing that `describeAction(s, action)` would not (the log's hidden-move filter relies on it).
   */
  describe?(game: Game<S>, s: S, action: number): string;
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
   * The resolved rules `game` runs, as plain JSON `{ rules, ...the data files they name }` (Merlin: `{ rules,
   * decks }`, every deck's cards), which `probe --compare` diffs path by path; null for a game that does not
   * expose them.
   */
  rules(game: Game<S>): unknown;
  /**
   * The game of edited rules: `rules` is an edited copy of `rules(game).rules`, compiled with `game`'s data files
   * (the fuzzer's and a rule search's way to a variant no file holds); absent for a game that does not offer it.
   * @throws RulesetError naming every bad field
   */
  readonly compileRules?: (game: Game<S>, rules: unknown) => Game<S>;
  /** What the play commands report beyond the game's end (victory types, action kinds, invariants, tallies). */
  reporting(game: Game<S>): GameReporting<S>;
  /**
   * What `seat` alone may see of `s` beyond the public `game.render(s)` (its hand, held cards, own bid), as
   * text for the play page (cli/play.ts); '' for a game that registers none. Never another seat's hidden part.
   */
  seatView(game: Game<S>, s: S, seat: number): string;
  /** The game's board for the play page (absent: the page shows the `render` text). */
  readonly board?: PlayBoard<S>;
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
  compileRules?(game: Game<S>, rules: unknown): Game<S>;
  /** What one seat alone sees, beyond `render` (default: nothing, ''). */
  seatView?(game: Game<S>, s: S, seat: number): string;
  readonly board?: PlayBoard<S>;
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
 * defaults of `GameDefinition`. A game's folder exports its definition and the list below registers it;
 * `registerGame(defineGame({...}))` adds one at run time (a test's toy game).
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
    compileRules: d.compileRules && ((game, rules) => d.compileRules!(game, rules)),
    seatView: (game, s, seat) => d.seatView?.(game, s, seat) ?? '',
    board: d.board,
  };
}

/** The registered games, each by its folder's definition (games/NAME/index.ts); the first is the default game. */
// prettier-ignore
const registered: Record<string, GameEntry> = byName([
  defineGame(merlin),
  defineGame(economicon),
  defineGame(dml),
  defineGame(poker),
]);

/** Entries by name, in order. */
function byName(entries: readonly { readonly name: string }[]): Record<string, GameEntry> {
  return Object.fromEntries(entries.map((e) => [e.name, e as GameEntry]));
}

/** Every registered game, by name (those listed above, and whatever `registerGame` added). */
export const GAMES: Readonly<Record<string, GameEntry>> = registered;

/**
 * Register another game under `entry.name`: from then on every command, env and tool that asks the registry
 * (`--game NAME`) plays it. A game shipped with the package is listed in `registered` instead.
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
export const DEFAULT_GAME: string = Object.keys(registered)[0];

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
