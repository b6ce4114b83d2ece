/**
 * The contract every game implements and that every env wrapper, agent, trainer and the bridge consume.
 * OpenSpiel's vocabulary: a game makes states; a state has a current player (TERMINAL when over), legal
 * actions and returns. Chance comes in two kinds (`metadata.chanceMode`): 'sampled', where chance events are
 * resolved inside `applyAction` from the state's own RNG (rng.ts's `chance` channel records or forces the
 * outcomes), and 'explicit', where `currentPlayer` returns CHANCE at a chance node, `chanceOutcomes` lists the
 * node's outcomes with their probabilities, and whoever steps the game applies one of them with `applyAction`:
 * env/core's `resolveChance` (chance.ts) draws it from the state's RNG (`chanceRng`), so a seeded game is the same
 * game in any process. `metadata` says what kind of game it is (chance, information, utility, reward model,
 * length, players); the optional `whyIllegal` is a reference legality check that `basicTests`
 * (basic-tests.ts) compares with `legalActions`.
 *
 * States are mutated in place by `applyAction`; `clone` first to keep one. Observations are written into
 * caller-owned Float32Arrays of `observationSpec.size`, from one seat's point of view, and must never
 * reveal another seat's hidden information.
 */

import type { RngState } from '../../lib/rng.ts';
import { Box } from './spaces.ts';

/** `currentPlayer` when the game is over. */
export const TERMINAL = -1;
/**
 * `currentPlayer` at a chance node of a game with explicit chance (`metadata.chanceMode` 'explicit'): no seat
 * acts; one of `chanceOutcomes` is applied with `applyAction` (chance.ts `resolveChance` draws it).
 */
export const CHANCE = -2;

/** One named segment of a flat observation or state tensor. */
export interface SegmentSpec {
  name: string;
  offset: number;
  length: number;
  /** What the values mean and how they are normalised. */
  meaning: string;
  low: number;
  high: number;
}

/** A flat tensor layout: its size, segments and a hash that changes whenever the layout does. */
export interface TensorSpec {
  size: number;
  segments: SegmentSpec[];
  /** SHA-256 over the segment list (names, offsets, lengths, bounds). */
  hash: string;
  /**
   * The entity groups of the layout (seats, field slots, units, contracts...), for the entity-list view of
   * env/core/entities.ts. Metadata over the same segments: not part of `hash`.
   */
  entities?: EntityGroupSpec[];
}

/**
 * A group of like entities in a flat layout: `count` entities indexed by `axes` (row-major; the sizes'
 * product is `count`), whose features are the entries of `segments`. Each of those segments holds `count`
 * equal-width entries in entity order, so entity i's features are entry i of each, concatenated.
 */
export interface EntityGroupSpec {
  /** The group's name ('slot', 'unit', 'futures', ...). */
  name: string;
  axes: { name: string; size: number }[];
  /** Axes whose index is itself a feature (a unit's seat and slot), appended one-hot to each entity; the others only place it. */
  positional: string[];
  segments: string[];
  /** What one entity is. */
  meaning: string;
}

/** How terminal rewards are assigned. */
export interface RewardOptions {
  /**
   * 'winLoss' (default): the winner +1, the others -1/(n-1); a game truncated at the turn limit pays per
   * `truncation`. 'zero': no terminal reward.
   */
  terminal?: 'winLoss' | 'zero';
  /**
   * At truncation: 'zero' (default: a draw, every seat 0; the turn limit is a backstop, not a victory),
   * 'rank' (the score leader, e.g. the net-worth leader, is paid as the winner: the earlier default, which
   * paid hoarding in stalled self-play) or 'loss' (every seat is paid a loss, -1/(n-1), so that no seat
   * gains by stalling a game it is not winning; docs/TRAINING.md "Rewards").
   */
  truncation?: 'rank' | 'zero' | 'loss';
  /** Opt-in shaped reward: each step, the change in the seat's score (net worth) divided by `shapedScale`. */
  shaped?: boolean;
  shapedScale?: number;
  /**
   * With `shaped`: shape on the seat's lead instead of its score, i.e. its score minus the mean score of the
   * other seats. Taking from a rival (an attack on a property, a won auction) then pays as well as growing,
   * and the shaped rewards of one step sum to 0 over the seats (zero-sum with win/loss).
   */
  shapedRelative?: boolean;
  /**
   * With `shaped`: potential-based shaping (Ng, Harada and Russell 1999, with the potential score / scale):
   * when the episode ends (terminated or truncated) each seat pays back the shaped reward it collected, so
   * the shaped terms of an episode sum to 0 and an episode is worth exactly its terminal reward. The shaping
   * still tells the learner which steps raised its score, but a hoard at the turn limit earns nothing.
   */
  shapedPotential?: boolean;
  /**
   * A cost the training learner pays for its own actions of these kinds (the game's kind names, docs/ACTIONS.md
   * for Merlin; reward units, so 0.01 is a hundredth of a win), booked at the step it takes one. Kept (not paid
   * back), so it changes what is optimal: it prices moves that cost a player nothing at the table, such as an offer
   * its rival will refuse. Only `merlin train`'s collector applies it (training/rollout.ts); the envs ignore it.
   */
  actionCosts?: Readonly<Record<string, number>>;
}

/**
 * OpenSpiel-style game metadata (its `GameType` and `GameInfo`), for agents and tools that must know what
 * kind of game they face without knowing which game it is.
 */
export interface GameMetadata {
  /**
   * How chance is handled. 'deterministic': no chance. 'sampled': chance events (dice, shuffles) are drawn
   * inside `applyAction` from the RNG held in the state, so `currentPlayer` is never CHANCE; search
   * agents sample them afresh through `resampleHidden`. 'explicit': chance nodes are exposed as CHANCE with
   * outcomes to apply (`chanceOutcomes`, `chanceRng`; the template game games/poker does so).
   */
  readonly chanceMode: 'deterministic' | 'sampled' | 'explicit';
  /** 'imperfect' when a seat's observation hides part of the state (hands, decks, bids), else 'perfect'. */
  readonly information: 'perfect' | 'imperfect';
  /**
   * Utility under the default `RewardOptions` (see `utilityOf` for others): 'zeroSum' when every
   * terminal payoff vector sums to 0 (win/loss: +1 and -1/(n-1) each), 'constantSum', 'generalSum'.
   */
  readonly utility: 'zeroSum' | 'constantSum' | 'generalSum';
  /** 'terminal': rewards only at the end (the default `returns`); shaped per-step rewards are opt-in (RewardOptions.shaped). */
  readonly rewardModel: 'terminal' | 'rewards';
  /** Payoff bounds of `returns` under the default options, per seat (win/loss: [-1, 1]). */
  readonly minUtility: number;
  readonly maxUtility: number;
  /**
   * The game's length limit in turns (Merlin: the ruleset's `turnLimit`; a game reaching it is truncated,
   * `isTruncated`). A turn may hold many actions, so this bounds turns, not `applyAction` calls.
   */
  readonly maxTurns: number;
  readonly minPlayers: number;
  readonly maxPlayers: number;
}

/**
 * Metadata with the defaults of a game played for win/loss returns (`winLossReturns`): chance sampled inside
 * `applyAction`, imperfect information, zero-sum returns in [-1, 1] paid at the end. A game gives its length
 * limit (turns) and player range, and whatever differs from the defaults.
 */
export function gameMetadata(o: Partial<GameMetadata> & { maxTurns: number; players: { min: number; max: number } }): GameMetadata {
  const { players, maxTurns, ...rest } = o;
  return {
    chanceMode: 'sampled',
    information: 'imperfect',
    utility: 'zeroSum',
    rewardModel: 'terminal',
    minUtility: -1,
    maxUtility: 1,
    maxTurns,
    minPlayers: players.min,
    maxPlayers: players.max,
    ...rest,
  };
}

/**
 * The utility of `game` when its returns are computed with `options`: 'generalSum' once shaped rewards
 * are on (per-step score changes do not cancel out) unless they are relative (`shapedRelative`: they sum to
 * 0 each step) or potential-based (`shapedPotential`: they sum to 0 over each episode), when the utility is the
 * terminal one's; 'zeroSum' when terminal rewards are off (all zero),
 * else the game's own `metadata.utility`.
 */
export function utilityOf(metadata: GameMetadata, options: RewardOptions = {}): GameMetadata['utility'] {
  if (options.shaped && !options.shapedRelative && !options.shapedPotential) return 'generalSum';
  if (options.terminal === 'zero') return 'zeroSum';
  return metadata.utility;
}

/**
 * The default terminal payoffs of `RewardOptions` into `out[0, n)`: all 0 while the game runs, under
 * `terminal: 'zero'`, when nobody won (a draw), or when the game was truncated (unless `truncation` is 'rank',
 * when `winner` is the game's score leader at the limit); else
 * +1 for `winner` and -1/(n-1) for every other seat (zero-sum). Games' `returns` call it with their own state's
 * facts.
 */
export function winLossReturns(
  out: Float64Array,
  n: number,
  winner: number,
  over: boolean,
  truncated: boolean,
  options: RewardOptions = {},
): void {
  out.fill(0, 0, n);
  if (!over || options.terminal === 'zero') return;
  if (truncated && options.truncation === 'loss') {
    out.fill(-1 / (n - 1), 0, n);
    return;
  }
  if (winner < 0) return;
  if (truncated && options.truncation !== 'rank') return;
  for (let p = 0; p < n; p++) out[p] = p === winner ? 1 : -1 / (n - 1);
}

export interface Game<S> {
  readonly name: string;
  /** The rules variant this game runs (e.g. Merlin's `full`), when the game has variants. */
  readonly variant?: string;
  /** What kind of game this is (OpenSpiel's GameType / GameInfo). */
  readonly metadata: GameMetadata;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  /** Size of the flat action catalogue. */
  readonly numActions: number;
  readonly observationSpec: TensorSpec;
  /** Perfect-information tensor for centralised critics. */
  readonly stateSpec: TensorSpec;
  /** Hash of the rules the game runs (a checkpoint or bridge client made for other rules is refused). */
  readonly rulesHash: string;
  /** Hash of the action catalogue. */
  readonly actionsHash: string;

  newState(players: number, seed: string | number): S;
  clone(s: S): S;
  serialize(s: S): string;
  /** @throws StateError for malformed input or a state made under other rules */
  deserialize(json: string): S;
  numPlayers(s: S): number;
  /** The seat to act, TERMINAL, or (explicit chance only) CHANCE. */
  currentPlayer(s: S): number;
  /**
   * Write legal action ids (ascending) into `out` (length >= numActions); return how many. At a chance node:
   * the outcome ids of `chanceOutcomes` (and `out` must be at least `maxChanceOutcomes` long).
   */
  legalActions(s: S, out: Int32Array): number;
  /**
   * Explicit chance only (OpenSpiel's MaxChanceOutcomes): outcome ids at chance nodes are in [0, maxChanceOutcomes),
   * a space of their own (they are not player actions and never appear in an action mask).
   */
  readonly maxChanceOutcomes?: number;
  /**
   * Explicit chance only: at a chance node, the outcome ids (ascending) into `outcomes` and their probabilities
   * (each > 0, summing to 1) into `probs` (each of length >= maxChanceOutcomes); returns how many.
   */
  chanceOutcomes?(s: S, outcomes: Int32Array, probs: Float64Array): number;
  /** Explicit chance only: the RNG held in `s`, from which chance.ts draws a chance node's outcome (advancing it). */
  chanceRng?(s: S): RngState;
  /**
   * Optional reference legality check, written independently of the fast `legalActions` enumerator: null
   * when `action` is legal in `s`, else a short reason. `basicTests` checks the two agree on every id.
   */
  whyIllegal?(s: S, action: number): string | null;
  /** Apply an action for the current player (at a chance node: an outcome). @throws IllegalActionError, leaving `s` unchanged */
  applyAction(s: S, action: number): void;
  isTerminal(s: S): boolean;
  /** True when the game stopped at its turn limit rather than by its own ending. */
  isTruncated(s: S): boolean;
  /** Terminal payoff per seat into `out` (length >= numPlayers), per `RewardOptions`. */
  returns(s: S, out: Float64Array, options?: RewardOptions): void;
  /** A seat's score (Merlin: net worth in gold), used by shaped rewards and truncation ranking. */
  score(s: S, seat: number): number;
  /** Write `seat`'s observation into `out` (length observationSpec.size). */
  observe(s: S, seat: number, out: Float32Array): void;
  /**
   * Optional, for games whose observations are mostly zero: the same observation as its non-zero entries,
   * written as (index, value) pairs into `index` / `value` (each of length >= observationSpec.size), each
   * index once, in no particular order; returns how many. Vector envs use it to rewrite only the entries
   * of their rows that changed.
   */
  observeSparse?(s: S, seat: number, index: Int32Array, value: Float32Array): number;
  /**
   * Optional, faster than `observeSparse` for a row that one writer owns: returns a writer that keeps one
   * caller-owned row (length >= observationSpec.size) equal to `seat`'s observation, rewriting only the
   * entries it wrote there last time. Nobody else may write the row between calls; a call with another row
   * zero-fills it first. Each writer keeps its own memory of one row.
   */
  observationRowWriter?(): ObservationRowWriter<S>;
  /** Write the perfect-information state tensor into `out` (length stateSpec.size). */
  stateTensor(s: S, out: Float32Array): void;
  /**
   * A copy of `s` in which everything `player` cannot see is redrawn from `seed`, consistently with what
   * they can see (for information-set MCTS). `player`'s own observation is unchanged.
   */
  resampleHidden(s: S, seed: string | number, player: number): S;
  /** A readable description of `action` (in `s` when given). */
  describeAction(s: S | null, action: number): string;
  /** The table as text. */
  render(s: S): string;
}

/**
 * `(state, seat, row) => void`, see `Game.observationRowWriter`. Declared through a method so that it is
 * bivariant in S like the other `Game` methods: a `Game<MerlinState>` stays a `Game<unknown>`.
 */
export type ObservationRowWriter<S> = { write(s: S, seat: number, row: Float32Array): void }['write'] & {
  /**
   * Optional: the indices the last call wrote into its row, into `out` (length >= observationSpec.size);
   * returns how many, or -1 when unknown (no call yet, or the last one threw). Every non-zero entry of the
   * row is among them; an index may repeat or hold 0. Lets a caller visit a row's ~1 % non-zero entries
   * without sweeping it (the bridge's sparse frames).
   */
  written?(out: Int32Array): number;
};

/** The observation space of `game`: a float32 Box over its spec, bounds spanning every segment's (and [0, 1]). */
export function observationBox<S>(game: Game<S>): Box {
  let low = 0;
  let high = 1;
  for (const s of game.observationSpec.segments) {
    if (s.low < low) low = s.low;
    if (s.high > high) high = s.high;
  }
  return new Box(low, high, [game.observationSpec.size]);
}

/**
 * A buffer long enough for `game.legalActions` in any state: `numActions` ids, or at a chance node
 * `maxChanceOutcomes` (explicit chance), whichever is more.
 */
export function legalBuffer<S>(game: Game<S>): Int32Array {
  return new Int32Array(Math.max(game.numActions, game.maxChanceOutcomes ?? 0));
}

/**
 * Write `seat`'s action mask for `s` into `mask` (1 = legal; all zeros when `seat` is not to act), using
 * `legal` (length >= numActions) as scratch; returns the number of legal actions marked.
 */
export function writeActionMask<S>(game: Game<S>, s: S, seat: number, legal: Int32Array, mask: Uint8Array): number {
  mask.fill(0);
  if (game.currentPlayer(s) !== seat) return 0;
  const n = game.legalActions(s, legal);
  for (let i = 0; i < n; i++) mask[legal[i]] = 1;
  return n;
}
