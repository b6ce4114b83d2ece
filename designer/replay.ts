/**
 * `merlin replay [--game NAME]`: record a full game as a log, and replay a log through the game.
 *
 * The log (JSON, `format: "merlin-replay"`) names the game (absent in logs written before: Merlin) and
 * holds the ruleset (its name, hash and source; Merlin embeds the rules and the five decks too, so it
 * replays on a machine without the designer's files: the registry entry's `replay`), the player count,
 * the game seed, the agent spec per seat, and every action: step, seat, action id, kind, description (from
 * the deciding player's point of view, before the action), the turn, and the chance outcome that followed
 * (Merlin: the dice of the roll that starts a new turn). The result holds the winner, how the game ended
 * and the SHA-256 of the final serialised state. Replaying the action ids from `game.newState(players,
 * seed)` must reproduce that hash exactly; `replayLog` checks it.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { ArgumentError, StateError } from '../lib/errors.ts';
import type { Game } from '../env/core/game.ts';
import { playGame, type GameReporting } from '../env/core/play.ts';
import { resolveChance } from '../env/core/chance.ts';
import { DEFAULT_GAME, gameEntry, type GameEntry } from '../games/registry.ts';
import { parseJson } from '../lib/json.ts';

export const REPLAY_FORMAT = 'merlin-replay';
export const REPLAY_VERSION = 1;

const Action = z.strictObject({
  step: z.number().int().nonnegative(),
  seat: z.number().int().nonnegative(),
  id: z.number().int().nonnegative(),
  kind: z.string(),
  description: z.string(),
  turn: z.number().int().nonnegative(),
  /** The chance outcome this action led to (Merlin: the two dice of the next turn's roll), or null when it led to none. */
  dice: z.array(z.number().int()).nullable(),
});

/** The schema of a replay log (validated on load). */
export const ReplayLog = z.strictObject({
  format: z.literal(REPLAY_FORMAT),
  version: z.literal(REPLAY_VERSION),
  /** The registered game (absent: merlin). */
  game: z.string().optional(),
  ruleset: z.strictObject({
    name: z.string(),
    hash: z.string(),
    source: z.string(),
    rules: z.unknown(),
    decks: z.record(z.string(), z.unknown()),
  }),
  players: z.number().int().min(2),
  seed: z.string(),
  agents: z.array(z.string()),
  actions: z.array(Action),
  result: z.strictObject({
    winner: z.number().int(),
    victory: z.string(),
    turns: z.number().int(),
    steps: z.number().int(),
    final_state_sha256: z.string(),
  }),
});
export type ReplayLog = z.infer<typeof ReplayLog>;
export type ReplayAction = z.infer<typeof Action>;

const sha256 = (x: string) => createHash('sha256').update(x).digest('hex');

/**
 * Play and record one game of registered game `name`: seat p is played by `agents[p]` seeded `${seed}/agent/${p}`.
 * @param ruleset a shipped ruleset (variant) name or a path to a ruleset file
 * @param maxSteps stop with an ArgumentError if the game runs longer (a guard for runaway agents)
 * @throws ArgumentError for an unknown game or a bad agent spec; RulesetError for a bad ruleset
 */
export function recordGame(ruleset: string, agents: string[], seed: string, maxSteps = 200_000, name: string = DEFAULT_GAME): ReplayLog {
  const entry = gameEntry(name);
  const game = entry.game(ruleset);
  if (agents.length < 2) throw new ArgumentError('--agents needs one spec per seat (at least 2)');
  const players = agents.map((sp, p) => entry.agent(sp, `${seed}/agent/${p}`, game));
  const recorder = new ReplayRecorder(entry, game);
  const { state: s } = playGame<unknown>(game, players, seed, {
    maxSteps,
    beforeAction: (s, _seat, id) => recorder.before(s, id),
    afterAction: (s, seat, id) => recorder.after(s, seat, id),
  });
  return replayLogOf(entry, game, ruleset, agents, seed, recorder.actions, s);
}

/**
 * A log's actions as they are played: `before(s, id)` with the state before each action, `after(s, seat, id)`
 * with the state after it (the description is the deciding player's, the chance outcome the one that followed).
 */
export class ReplayRecorder {
  readonly actions: ReplayAction[] = [];
  private readonly reporting: GameReporting<unknown>;
  private description = '';
  private turn = 0;

  constructor(
    private readonly entry: GameEntry,
    private readonly game: Game<unknown>,
  ) {
    this.reporting = entry.reporting(game);
  }

  before(s: unknown, id: number): void {
    this.description = this.game.describeAction(s, id);
    this.turn = this.entry.replay ? this.entry.replay.turn(s) : this.actions.length;
  }

  after(s: unknown, seat: number, id: number): void {
    const own = this.entry.replay;
    const kind = this.reporting.kindOf(id);
    this.actions.push({
      step: this.actions.length,
      seat,
      id,
      kind: this.reporting.kindNames[kind] ?? String(kind),
      description: this.description,
      turn: this.turn,
      dice: own && own.turn(s) !== this.turn && !this.game.isTerminal(s) ? own.chance(s) : null,
    });
  }
}

/**
 * The replay log of a game played from `game.newState(agents.length, seed)` through `actions` to `s` (finished
 * or not: an unfinished game's result names no winner and its outcome as the reporting's, and replays to `s`).
 * `ruleset`: the variant name or ruleset path the game was made from. For `recordGame` and the play table.
 */
export function replayLogOf(
  entry: GameEntry,
  game: Game<unknown>,
  ruleset: string,
  agents: string[],
  seed: string,
  actions: ReplayAction[],
  s: unknown,
): ReplayLog {
  const end = entry.reporting(game).outcome(s);
  const own = entry.replay;
  return {
    format: REPLAY_FORMAT,
    version: REPLAY_VERSION,
    ...(entry.name === DEFAULT_GAME ? {} : { game: entry.name }),
    ruleset: {
      name: game.variant ?? ruleset,
      hash: game.rulesHash,
      source: ruleset,
      ...(own ? own.embedRules(game) : { rules: null, decks: {} }),
    },
    players: agents.length,
    seed,
    agents,
    actions,
    result: {
      winner: end.winner,
      victory: end.outcome,
      turns: end.turns,
      steps: actions.length,
      final_state_sha256: sha256(game.serialize(s)),
    },
  };
}

/**
 * Read and validate a replay log file.
 * @throws ArgumentError when the file is missing, not JSON or not a replay log (naming the bad field)
 */
export function readReplay(path: string): ReplayLog {
  let raw: unknown;
  try {
    raw = parseJson(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new ArgumentError(`cannot read replay log ${path}: ${(e as Error).message}`);
  }
  const r = ReplayLog.safeParse(raw);
  if (!r.success)
    throw new ArgumentError(
      `${path} is not a merlin replay log: ${r.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
        .join('; ')}`,
    );
  return r.data;
}

/** The registry entry of the log's game. @throws ArgumentError for a game not registered here */
export function replayEntry(log: ReplayLog): GameEntry {
  return gameEntry(log.game ?? DEFAULT_GAME);
}

/**
 * The log's game: compiled from the rules it embeds (Merlin), else the game's own ruleset named `source`;
 * its rules hash must match the recorded one.
 * @throws StateError when the rules hash to another value
 */
export function replayGame(log: ReplayLog): Game<unknown> {
  const entry = replayEntry(log);
  const r = log.ruleset;
  if (entry.replay) return entry.replay.gameFromRules(r.name, r.hash, r.rules, r.decks);
  const game = entry.game(r.source);
  if (game.rulesHash !== r.hash)
    throw new StateError(
      `the replay's ruleset ${r.source} hashes to ${game.rulesHash.slice(0, 12)}, not the recorded ${r.hash.slice(0, 12)}`,
    );
  return game;
}

/**
 * Replay the log through the game, calling `onState(state, step)` for the start state (step 0) and
 * after each action (step i + 1); the state passed is live (clone it to keep it). `game`: the log's game (`replayGame`).
 * @throws StateError when an action is illegal, the recorded chance outcome (dice) differs, or the final state's hash differs
 */
export function replayLog(
  log: ReplayLog,
  onState?: (s: unknown, step: number) => void,
  game: Game<unknown> = replayGame(log),
): { game: Game<unknown>; final: unknown } {
  const own = replayEntry(log).replay;
  const s = game.newState(log.players, log.seed);
  // Explicit chance nodes are drawn from the state's RNG, as when the game was recorded (playGame).
  resolveChance(game, s);
  onState?.(s, 0);
  for (const a of log.actions) {
    try {
      game.applyAction(s, a.id);
      resolveChance(game, s);
    } catch (e) {
      throw new StateError(`replay step ${a.step} (${a.description}): ${(e as Error).message}`);
    }
    if (a.dice) {
      const got = own ? own.chance(s) : [];
      if (got.length !== a.dice.length || got.some((x, i) => x !== a.dice![i]))
        throw new StateError(`replay step ${a.step}: ${own?.chanceName ?? 'chance'} ${got.join('+')}, the log says ${a.dice.join('+')}`);
    }
    onState?.(s, a.step + 1);
  }
  const hash = sha256(game.serialize(s));
  if (hash !== log.result.final_state_sha256)
    throw new StateError(
      `the replayed game ends in state ${hash.slice(0, 12)}, the log's ends in ${log.result.final_state_sha256.slice(0, 12)}`,
    );
  return { game, final: s };
}

/** Every state of the game, start state first (clones). */
export function replayStates(log: ReplayLog): { game: Game<unknown>; states: unknown[] } {
  const states: unknown[] = [];
  const game = replayGame(log);
  replayLog(log, (s) => states.push(game.clone(s)), game);
  return { game, states };
}
