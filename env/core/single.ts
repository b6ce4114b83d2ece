/**
 * A single-agent env in Gymnasium's vocabulary over any `Game`: one learning seat, the other seats played
 * by agents (opponents), the learner's seat drawn per episode.
 *
 *   const env = new SingleAgentEnv(game, { players: 4, opponents: (seat, seed) => new RandomAgent(seed) });
 *   let { observation, info } = env.reset(7);
 *   for (;;) {
 *     const r = env.step(pick(observation, info.actionMask));
 *     if (r.terminated || r.truncated) break;
 *     ({ observation, info } = r);
 *   }
 *
 * `reset(seed)` → `{observation, info}`; `step(a)` → `{observation, reward, terminated, truncated, info}`
 * with `info.actionMask` (Uint8Array, 1 = legal). After the learner acts, opponents play until it is the
 * learner's turn again or the game ends; the reward is the learner's share of what happened meanwhile
 * (terminal payoff, plus the shaped score change when enabled). An illegal action throws
 * IllegalActionError with nothing changed (`illegal: 'error'`, the default) or, with `illegal: 'noop'`,
 * changes nothing and returns `-illegalPenalty` (so Gymnasium's env checker, which samples unmasked
 * actions, can run). `resetInto` / `stepInto` write into caller-owned arrays for the vector env.
 * Explicit chance nodes (game.ts `CHANCE`) are resolved from the state's RNG after every action (chance.ts).
 */
import type { Agent } from './agent.ts';
import { ArgumentError, IllegalActionError } from '../../lib/errors.ts';
import type { Game, RewardOptions } from './game.ts';
import { observationBox, TERMINAL, writeActionMask } from './game.ts';
import { RewardTracker } from './rewards.ts';
import { resolveChance } from './chance.ts';
import { nextInt, seedRng, type RngState } from '../../lib/rng.ts';
import { type Box, Discrete } from './spaces.ts';

export interface SingleAgentOptions {
  players?: number;
  /** An opponent for `seat` in the episode seeded `seed` (called at every reset). */
  opponents?: (seat: number, seed: string) => Agent;
  /**
   * The learner's seat, 'random' (default: drawn per episode from the reset seed), or 'all' (self-play:
   * the caller plays every seat; each step's observation and mask are for the seat to act, `seat` /
   * `info.seat` names it, and the reward is what the seat that just acted earned on that step).
   */
  learnerSeat?: number | 'random' | 'all';
  illegal?: 'error' | 'noop';
  illegalPenalty?: number;
  rewards?: RewardOptions;
}

export interface StepInfo {
  actionMask: Uint8Array;
  /** The learner's seat this episode. */
  seat: number;
  /** Set when the step refused an illegal action (illegal: 'noop'). */
  illegalAction?: boolean;
  [key: string]: unknown;
}

export interface ResetResult {
  observation: Float32Array;
  info: StepInfo;
}

export interface StepResult extends ResetResult {
  reward: number;
  terminated: boolean;
  truncated: boolean;
}

/** Outcome flags of `stepInto`. */
export const enum StepFlags {
  None = 0,
  Terminated = 1,
  Truncated = 2,
  Illegal = 4,
}

export class SingleAgentEnv<S> {
  readonly game: Game<S>;
  readonly numPlayers: number;
  readonly observationSpace: Box;
  readonly actionSpace: Discrete;
  /** The game state (read it, do not mutate it). */
  state!: S;
  /** The learner's seat this episode. */
  seat = 0;
  /** The last reward written by `stepInto`. */
  lastReward = 0;
  /**
   * Writes the learner's observation into the caller's array (default: `game.observe`). A vector env
   * replaces it to rewrite only the entries of its rows that changed (vector.ts).
   */
  writeObservation: (state: S, seat: number, out: Float32Array) => void;
  /** Writes the learner's action mask (default: `writeActionMask`); a vector env replaces it likewise. */
  writeMask: (state: S, seat: number, mask: Uint8Array) => void;

  private readonly options: SingleAgentOptions;
  private readonly tracker: RewardTracker<S>;
  private readonly rewardVec: Float64Array;
  private readonly legal: Int32Array;
  private readonly oppObs: Float32Array;
  private readonly oppMask: Uint8Array;
  private opponents: Agent[] = [];
  private rng: RngState = seedRng(0);
  private accumulated = 0;
  private readonly selfPlay: boolean;

  constructor(game: Game<S>, options: SingleAgentOptions) {
    this.game = game;
    this.options = options;
    this.numPlayers = options.players ?? game.minPlayers;
    if (this.numPlayers < game.minPlayers || this.numPlayers > game.maxPlayers)
      throw new ArgumentError(`players must be in ${game.minPlayers}..${game.maxPlayers}, got ${this.numPlayers}`);
    const ls = options.learnerSeat ?? 'random';
    if (ls !== 'random' && ls !== 'all' && !(Number.isInteger(ls) && ls >= 0 && ls < this.numPlayers))
      throw new ArgumentError(`learnerSeat must be 'random', 'all' or a seat in 0..${this.numPlayers - 1}`);
    this.selfPlay = ls === 'all';
    if (!this.selfPlay && !options.opponents) throw new ArgumentError('opponents are needed unless learnerSeat is "all"');
    this.observationSpace = observationBox(game);
    this.actionSpace = new Discrete(game.numActions);
    this.tracker = new RewardTracker(game, options.rewards ?? {}, game.maxPlayers);
    this.rewardVec = new Float64Array(game.maxPlayers);
    this.legal = new Int32Array(game.numActions);
    this.oppObs = new Float32Array(game.observationSpec.size);
    this.oppMask = new Uint8Array(game.numActions);
    this.writeObservation = (state, seat, out) => game.observe(state, seat, out);
    this.writeMask = (state, seat, mask) => writeActionMask(game, state, seat, this.legal, mask);
  }

  /** Start an episode; the seed fixes the game, the learner's seat and the opponents' own streams. */
  reset(seed?: string | number): ResetResult {
    const observation = new Float32Array(this.game.observationSpec.size);
    const actionMask = new Uint8Array(this.game.numActions);
    this.resetInto(seed ?? `${Date.now()}-${Math.random()}`, observation, actionMask);
    return { observation, info: { actionMask, seat: this.seat } };
  }

  /** Act for the learner. See the module docs for rewards and illegal actions. */
  step(action: number): StepResult {
    const observation = new Float32Array(this.game.observationSpec.size);
    const actionMask = new Uint8Array(this.game.numActions);
    const flags = this.stepInto(action, observation, actionMask);
    const info: StepInfo = { actionMask, seat: this.seat };
    if (flags & StepFlags.Illegal) info.illegalAction = true;
    return {
      observation,
      info,
      reward: this.lastReward,
      terminated: (flags & StepFlags.Terminated) !== 0,
      truncated: (flags & StepFlags.Truncated) !== 0,
    };
  }

  /** `reset` writing into caller-owned arrays. */
  resetInto(seed: string | number, observation: Float32Array, actionMask: Uint8Array): void {
    const s = String(seed);
    this.rng = seedRng(`${s}/env`);
    const ls = this.options.learnerSeat ?? 'random';
    this.state = this.game.newState(this.numPlayers, s);
    resolveChance(this.game, this.state);
    this.seat = ls === 'random' ? nextInt(this.rng, this.numPlayers) : ls === 'all' ? this.game.currentPlayer(this.state) : ls;
    this.opponents = [];
    if (!this.selfPlay)
      for (let p = 0; p < this.numPlayers; p++)
        this.opponents.push(p === this.seat ? (null as unknown as Agent) : this.options.opponents!(p, `${s}/opponent/${p}`));
    this.tracker.reset(this.state);
    this.accumulated = 0;
    this.playOpponents();
    this.lastReward = 0;
    this.write(observation, actionMask);
  }

  /** `step` writing into caller-owned arrays; returns StepFlags; the reward is in `lastReward`. */
  stepInto(action: number, observation: Float32Array, actionMask: Uint8Array): number {
    if (this.game.currentPlayer(this.state) !== this.seat) throw new ArgumentError('the episode is over: call reset');
    try {
      this.game.applyAction(this.state, action);
    } catch (e) {
      if (this.options.illegal === 'noop' && e instanceof IllegalActionError) {
        this.lastReward = -(this.options.illegalPenalty ?? 0.01);
        this.write(observation, actionMask);
        return StepFlags.Illegal;
      }
      throw e;
    }
    resolveChance(this.game, this.state);
    this.accumulated = 0;
    this.collect();
    if (this.selfPlay) {
      const next = this.game.currentPlayer(this.state);
      if (next !== TERMINAL) this.seat = next;
    } else this.playOpponents();
    this.lastReward = this.accumulated;
    this.write(observation, actionMask);
    if (!this.game.isTerminal(this.state)) return StepFlags.None;
    return this.game.isTruncated(this.state) ? StepFlags.Truncated : StepFlags.Terminated;
  }

  private collect(): void {
    this.tracker.step(this.state, this.rewardVec);
    this.accumulated += this.rewardVec[this.seat];
  }

  /** Opponents act until the learner is to act or the game ends. */
  private playOpponents(): void {
    if (this.selfPlay) return;
    for (;;) {
      const p = this.game.currentPlayer(this.state);
      if (p === TERMINAL || p === this.seat) return;
      const agent = this.opponents[p];
      const n = this.game.legalActions(this.state, this.legal);
      let obs: Float32Array | null = null;
      let mask: Uint8Array | null = null;
      if (agent.needsObservation) {
        this.game.observe(this.state, p, this.oppObs);
        this.oppMask.fill(0);
        for (let i = 0; i < n; i++) this.oppMask[this.legal[i]] = 1;
        obs = this.oppObs;
        mask = this.oppMask;
      }
      this.game.applyAction(this.state, agent.act(obs, mask, { seat: p, legal: this.legal, numLegal: n, state: this.state }));
      resolveChance(this.game, this.state);
      this.collect();
    }
  }

  private write(observation: Float32Array, actionMask: Uint8Array): void {
    this.writeObservation(this.state, this.seat, observation);
    this.writeMask(this.state, this.seat, actionMask);
  }
}
