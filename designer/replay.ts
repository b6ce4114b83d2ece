/**
 * `merlin replay`: record a full game as a log, and replay a log through the engine.
 *
 * The log (JSON, `format: "merlin-replay"`) holds the ruleset itself (rules and the five decks, so it
 * replays on a machine without the designer's files) and its hash, the player count, the game seed, the
 * agent spec per seat, and every action: step, seat, action id, kind, description (from the deciding
 * player's point of view, before the action), the turn, and the dice rolled as a result of the action
 * (a new turn starts with a roll). The result holds the winner, how the game ended and the SHA-256 of the
 * final serialised state. Replaying the action ids from `createGame(ruleset, players, seed)` must
 * reproduce that hash exactly; `replayLog` checks it.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { ArgumentError, StateError } from '../lib/errors.ts';
import type { Game } from '../env/core/game.ts';
import { playGame } from '../env/core/play.ts';
import { gameEntry } from '../games/registry.ts';
import { compileRuleset, type Ruleset } from '../games/merlin/rules/index.ts';
import type { MerlinGame } from '../games/merlin/env/game.ts';
import {
  applyAction,
  catalogue,
  cloneState,
  createGame,
  isTerminal,
  KIND_NAMES,
  serializeState,
  VICTORY_NAMES,
  type MerlinState,
} from '../games/merlin/engine/index.ts';

export const REPLAY_FORMAT = 'merlin-replay';
export const REPLAY_VERSION = 1;

const Action = z.strictObject({
  step: z.number().int().nonnegative(),
  seat: z.number().int().nonnegative(),
  id: z.number().int().nonnegative(),
  kind: z.string(),
  description: z.string(),
  turn: z.number().int().nonnegative(),
  /** The two dice of the roll this action led to (the next turn's), or null when it led to none. */
  dice: z.tuple([z.number().int(), z.number().int()]).nullable(),
});

/** The schema of a replay log (validated on load). */
export const ReplayLog = z.strictObject({
  format: z.literal(REPLAY_FORMAT),
  version: z.literal(REPLAY_VERSION),
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
 * Play and record one game: seat p is played by `agents[p]` seeded `${seed}/agent/${p}`.
 * @param ruleset a shipped ruleset name or a path to a ruleset file
 * @param maxSteps stop with an ArgumentError if the game runs longer (a guard for runaway agents)
 * @throws ArgumentError for a bad agent spec; RulesetError for a bad ruleset
 */
export function recordGame(ruleset: string, agents: string[], seed: string, maxSteps = 200_000): ReplayLog {
  const merlin = gameEntry('merlin');
  const game = merlin.game(ruleset) as unknown as MerlinGame;
  const rs = game.ruleset;
  if (agents.length < 2) throw new ArgumentError('--agents needs one spec per seat (at least 2)');
  const players = agents.map((sp, p) => merlin.agent(sp, `${seed}/agent/${p}`, game as unknown as Game<unknown>));
  const cat = catalogue(rs);
  const actions: ReplayAction[] = [];
  let description = '';
  let turn = 0;
  const { state: s } = playGame<MerlinState>(game, players, seed, {
    maxSteps,
    beforeAction: (s, _seat, id) => {
      description = game.describeAction(s, id);
      turn = s.turn;
    },
    afterAction: (s, seat, id) => {
      actions.push({
        step: actions.length,
        seat,
        id,
        kind: KIND_NAMES[cat.kind[id]] ?? String(cat.kind[id]),
        description,
        turn,
        dice: s.turn !== turn && !isTerminal(s) ? [s.die1, s.die2] : null,
      });
    },
  });
  return {
    format: REPLAY_FORMAT,
    version: REPLAY_VERSION,
    ruleset: { name: rs.data.name, hash: rs.hash, source: ruleset, rules: rs.data, decks: rs.decks as Record<string, unknown> },
    players: agents.length,
    seed,
    agents,
    actions,
    result: {
      winner: s.winner,
      victory: VICTORY_NAMES[s.victory],
      turns: s.turn,
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
    raw = JSON.parse(readFileSync(path, 'utf8'));
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

/** The log's ruleset, compiled from the rules and decks it carries; its hash must match the recorded one. */
export function replayRuleset(log: ReplayLog): Ruleset {
  const rs = compileRuleset(log.ruleset.rules, (_file, deck) => log.ruleset.decks[deck], `replay ruleset ${log.ruleset.name}`);
  if (rs.hash !== log.ruleset.hash)
    throw new StateError(`the replay's ruleset hashes to ${rs.hash.slice(0, 12)}, not the recorded ${log.ruleset.hash.slice(0, 12)}`);
  return rs;
}

/**
 * Replay the log through the engine, calling `onState(state, step)` for the start state (step 0) and
 * after each action (step i + 1); the state passed is live (clone it to keep it).
 * @throws StateError when an action is illegal, the recorded dice differ, or the final state's hash differs
 */
export function replayLog(log: ReplayLog, onState?: (s: MerlinState, step: number) => void): { rs: Ruleset; final: MerlinState } {
  const rs = replayRuleset(log);
  const s = createGame(rs, log.players, log.seed);
  onState?.(s, 0);
  for (const a of log.actions) {
    try {
      applyAction(s, rs, a.id);
    } catch (e) {
      throw new StateError(`replay step ${a.step} (${a.description}): ${(e as Error).message}`);
    }
    if (a.dice && (a.dice[0] !== s.die1 || a.dice[1] !== s.die2))
      throw new StateError(`replay step ${a.step}: dice ${s.die1}+${s.die2}, the log says ${a.dice.join('+')}`);
    onState?.(s, a.step + 1);
  }
  const hash = sha256(serializeState(s));
  if (hash !== log.result.final_state_sha256)
    throw new StateError(
      `the replayed game ends in state ${hash.slice(0, 12)}, the log's ends in ${log.result.final_state_sha256.slice(0, 12)}`,
    );
  return { rs, final: s };
}

/** Every state of the game, start state first (clones). */
export function replayStates(log: ReplayLog): { rs: Ruleset; states: MerlinState[] } {
  const states: MerlinState[] = [];
  const { rs } = replayLog(log, (s) => states.push(cloneState(s)));
  return { rs, states };
}
