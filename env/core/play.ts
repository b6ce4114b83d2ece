/**
 * One game loop for every game and every command (simulate, eval, probe, replay): `playGame(game,
 * agents, seed, hooks)` plays a `Game<S>` from a new state to its end, seat p choosing with `agents[p]`.
 *
 * The loop is the one the commands wrote by hand: at each decision the game lists the legal actions
 * (ascending) into one buffer of `game.numActions` ids, the current seat's agent picks one from
 * `{ seat, legal, numLegal, state }` (no observation is computed: agents that need one are not played
 * here), and the game applies it. Hooks see the state before (`beforeAction`) and after (`afterAction`)
 * each action; what a command reports beyond the game's end (action kinds, card plays, invariant checks)
 * it gathers there, from the per-game `GameReporting` the game registry supplies, so the loop and the
 * commands name no game. With `history` the result lists every action with the chance outcomes it led to
 * (dice, shuffles: rng.ts `chance`), and `forceChance` makes the game take given outcomes instead, so a
 * test or a replay forces a die rather than searching for a seed. A game with explicit chance nodes (game.ts
 * `CHANCE`) has them resolved from the state's RNG (chance.ts `resolveChance`) before each decision: they are
 * no seat's decision, so the hooks and `steps` do not see them, and the history lists each as an entry of seat
 * CHANCE whose action is the outcome.
 */
import { ArgumentError } from '../../lib/errors.ts';
import { chance, type ChanceOutcome } from '../../lib/rng.ts';
import type { Agent } from './agent.ts';
import type { GameCoverage } from './coverage.ts';
import { CHANCE, type Game } from './game.ts';
import { sampleChance } from './chance.ts';

export interface PlayHooks<S> {
  /** With the start state, before the first decision. */
  onStart?(s: S): void;
  /** After `seat`'s agent chose `action` (step counts from 0), before it is applied: `s` is the state it was chosen in. */
  beforeAction?(s: S, seat: number, action: number, step: number): void;
  /** After `action` was applied (`s` is the new state). */
  afterAction?(s: S, seat: number, action: number, step: number): void;
}

export interface PlayOptions<S> extends PlayHooks<S> {
  /** Players (default: `agents.length`). */
  players?: number;
  /** Stop with an ArgumentError after this many actions (a guard against runaway agents; default none). */
  maxSteps?: number;
  /**
   * What an agent's or the game's error does: 'throw' (default) propagates it; 'stop' ends the game
   * there and returns it in `error`, with the state as it was (an illegal action leaves it unchanged).
   */
  onError?: 'throw' | 'stop';
  /** Play on from this state instead of `game.newState(players, seed)` (it is mutated). */
  state?: S;
  /** Record the game's history (`PlayResult.history`): every action with the chance outcomes it led to. */
  history?: boolean;
  /**
   * Chance outcomes to force, by kind, first in first out (rng.ts `chance`; Merlin: 'roll' for each die
   * of a turn's roll, 'shuffle' for a deck's new order; explicit chance nodes: chance.ts `CHANCE_KIND`, the outcome id),
   * taken by the game's own actions only. The RNG is drawn all the same, so a game replays from its recorded
   * history with or without them.
   */
  forceChance?: Map<string, ChanceOutcome[]>;
}

/** One action of a game's history, with the chance outcomes it led to (kind, outcome), in order. */
export interface HistoryEntry {
  /** The seat that chose the action, or CHANCE for an explicit chance node's outcome. */
  seat: number;
  action: number;
  chance: [kind: string, outcome: ChanceOutcome][];
}

export interface PlayResult<S> {
  /** The final state (terminal unless `error` is set). */
  state: S;
  /** Actions applied. */
  steps: number;
  /** The error that stopped the game (only with `onError: 'stop'`), else null. */
  error: Error | null;
  /** With `history`: every action applied, in order, with its chance outcomes; else empty. */
  history: HistoryEntry[];
}

/**
 * Play one game of `game` with seat p played by `agents[p % agents.length]`, from
 * `game.newState(players, seed)` (or `options.state`) until it is terminal.
 * @throws ArgumentError past `maxSteps`; whatever an agent or `applyAction` throws (IllegalActionError for
 *   an illegal choice), unless `onError` is 'stop'
 */
export function playGame<S>(game: Game<S>, agents: readonly Agent[], seed: string | number, options: PlayOptions<S> = {}): PlayResult<S> {
  if (agents.length === 0) throw new ArgumentError('playGame needs at least one agent');
  const s = options.state ?? game.newState(options.players ?? agents.length, seed);
  const legal = new Int32Array(game.numActions);
  const maxSteps = options.maxSteps ?? Infinity;
  const history: HistoryEntry[] = [];
  let outcomes: HistoryEntry['chance'] = [];
  const record = options.history ? (kind: string, outcome: ChanceOutcome) => void outcomes.push([kind, outcome]) : null;
  const forced = options.forceChance ?? null;
  const chanced = record !== null || forced !== null;
  let steps = 0;
  options.onStart?.(s);
  try {
    while (!game.isTerminal(s)) {
      if (steps >= maxSteps) throw new ArgumentError(`the game did not end within ${maxSteps} steps`);
      const seat = game.currentPlayer(s);
      if (seat === CHANCE) {
        const outcome = forced ? withChannel(null, forced, () => sampleChance(game, s)) : sampleChance(game, s);
        game.applyAction(s, outcome);
        if (record) history.push({ seat, action: outcome, chance: [] });
        continue;
      }
      const numLegal = game.legalActions(s, legal);
      const action = agents[seat % agents.length].act(null, null, { seat, legal, numLegal, state: s });
      options.beforeAction?.(s, seat, action, steps);
      if (chanced) applyWithChance(game, s, action, record, forced);
      else game.applyAction(s, action);
      if (record) {
        history.push({ seat, action, chance: outcomes });
        outcomes = [];
      }
      options.afterAction?.(s, seat, action, steps);
      steps++;
    }
  } catch (e) {
    if (options.onError !== 'stop' || (e instanceof ArgumentError && steps >= maxSteps)) throw e;
    return { state: s, steps, error: e as Error, history };
  }
  return { state: s, steps, error: null, history };
}

/** `game.applyAction(s, action)` with the chance channel recording into `record` and forcing from `forced`, restored after. */
function applyWithChance<S>(game: Game<S>, s: S, action: number, record: typeof chance.record, forced: typeof chance.forced): void {
  withChannel(record, forced, () => game.applyAction(s, action));
}

/** `f()` with the chance channel recording into `record` and forcing from `forced`, restored after. */
function withChannel<T>(record: typeof chance.record, forced: typeof chance.forced, f: () => T): T {
  const saved = { record: chance.record, forced: chance.forced };
  chance.record = record;
  chance.forced = forced;
  try {
    return f();
  } finally {
    chance.record = saved.record;
    chance.forced = saved.forced;
  }
}

/**
 * What a game tells the play commands beyond `Game<S>`: how a finished game ended, what kind each action
 * is, and optional checks and tallies. Supplied per game by the game registry (games/registry.ts), so
 * `merlin simulate` and `merlin eval` report them without naming a game.
 */
export interface GameReporting<S> {
  /** Every way a game can end (Merlin: economic_dominance, royal_favor, last_standing, truncated), for tallies that list each. */
  readonly outcomes: readonly string[];
  /**
   * How the terminal state `s` ended: the winning seat (-1: none; a game truncated at the turn limit is won by
   * nobody, whoever leads it), one of `outcomes` ('' when none), its length in turns.
   */
  outcome(s: S): { winner: number; outcome: string; turns: number };
  /** Seats of the terminal state `s`, best first (the winner first, then the game's own order, e.g. by score). */
  ranking(s: S): number[];
  /** Action kind names, indexed by kind (an id's kind is `kindOf(id)`); the kinds the game's catalogue offers are those with `offered[k]`. */
  readonly kindNames: readonly string[];
  readonly kindOffered: readonly boolean[];
  kindOf(action: number): number;
  /**
   * Optional: a finer label of `action` when its argument is itself a line of play (Merlin: a turn-order bid's
   * amount, "Bid 0"), else null. The probe's winner's line reports how often each label is chosen.
   */
  detailOf?(action: number): string | null;
  /** Optional: a kind's (or a `detailOf` label's) name as a verb phrase for findings ("BuyCard" -> "buys a card"), else undefined. */
  phrase?(name: string): string | undefined;
  /** Optional: a kind's category (Merlin: economy, market, combat), and every category. */
  kindCategory?(kind: number): string;
  readonly categories?: readonly string[];
  /**
   * Optional invariant checks after an action: cheap ones every step, and with `deep` the expensive
   * ones (Merlin: conservation; deep: legality agreement, round trips). Returns the violations found.
   */
  checkInvariants?(s: S, deep: boolean): string[];
  /**
   * Optional game-specific tally of the game's own actions (Merlin: card plays by card): a counter whose
   * hooks are given to `playGame` (`start` before the hooks are used, `stop` when the game ends or fails;
   * only actions between a `beforeAction` and its `afterAction` are counted, not a searching agent's
   * rollouts) and whose `result()` lists every key, 0 included.
   */
  tally?(): Tally<S>;
  /** Optional: what the designer's coverage report needs beyond the kinds (gates, cards, victory kinds, a fingerprint; coverage.ts). */
  readonly coverage?: GameCoverage<S>;
}

/** A game-specific counter of played actions (see `GameReporting.tally`). */
export interface Tally<S> extends PlayHooks<S> {
  /** Stop counting (after a game, or when it failed between `beforeAction` and `afterAction`). */
  stop(): void;
  result(): Record<string, number>;
}

/** The outcome every game's `GameReporting.outcome` names a game stopped at its turn limit (an RL truncation). */
export const TRUNCATED = 'truncated';

/**
 * The winner by the game's own rules of a finished game, from `GameReporting.outcome(s)`: its `winner`, but -1
 * for a game stopped at the turn limit (`TRUNCATED`), whose `winner` is only the score leader the truncated
 * game is ranked by. Win rates count this: a truncated game is nobody's win.
 */
export function winnerByRules(end: { winner: number; outcome: string }): number {
  return end.outcome === TRUNCATED ? -1 : end.winner;
}
