/**
 * A multi-agent env in PettingZoo's AEC (agent-environment-cycle) vocabulary over any `Game`, plus
 * OpenSpiel-style access for search (clone, serialize, legalActions, currentPlayer, stateTensor,
 * resampleHidden).
 *
 *   const env = new AECEnv(game, { players: 4 });
 *   env.reset({ seed: 1 });
 *   while (env.agents.length) {
 *     const { observation, actionMask, reward, termination, truncation } = env.last();
 *     env.step(termination || truncation ? null : pickFrom(actionMask));
 *   }
 *
 * Agents are named `player_0 … player_{n-1}` by seat. `observe(agent)` returns fresh arrays
 * `{observation: Float32Array, actionMask: Uint8Array}`; the mask is all zeros for an agent that is not
 * selected. Rewards follow PettingZoo: `rewards` holds the last step's rewards for every agent, and
 * `last()` returns the agent's cumulative reward since it last acted. When the game ends every agent is
 * terminated (or truncated, at the game's turn limit) and must then be stepped with `null` once, in
 * `agents` order, which removes it. A seat knocked out mid-game is simply never selected until the end.
 * Explicit chance nodes (game.ts `CHANCE`) are resolved from the state's RNG after every action (chance.ts),
 * so no agent is ever selected at one.
 */
import { ArgumentError } from '../../lib/errors.ts';
import type { Game, RewardOptions } from './game.ts';
import { observationBox, TERMINAL, writeActionMask } from './game.ts';
import { RewardTracker } from './rewards.ts';
import { resolveChance } from './chance.ts';
import { type Box, Discrete } from './spaces.ts';

export interface AECOptions {
  players?: number;
  rewards?: RewardOptions;
}

export interface AECObservation {
  observation: Float32Array;
  actionMask: Uint8Array;
}

export interface AECLast extends AECObservation {
  reward: number;
  termination: boolean;
  truncation: boolean;
  info: Record<string, unknown>;
}

export class AECEnv<S> {
  readonly game: Game<S>;
  readonly numPlayers: number;
  readonly possibleAgents: string[];
  agents: string[] = [];
  agentSelection = '';
  rewards: Record<string, number> = {};
  terminations: Record<string, boolean> = {};
  truncations: Record<string, boolean> = {};
  infos: Record<string, Record<string, unknown>> = {};
  /** The game state (mutated by `step`). */
  state!: S;

  private readonly cumulative: Record<string, number> = {};
  private readonly tracker: RewardTracker<S>;
  private readonly stepRewards: Float64Array;
  private readonly legalBuf: Int32Array;
  private readonly obsSpace: Box;
  private readonly actSpace: Discrete;
  private readonly rewardOptions: RewardOptions;

  constructor(game: Game<S>, options: AECOptions = {}) {
    this.game = game;
    this.numPlayers = options.players ?? game.minPlayers;
    if (this.numPlayers < game.minPlayers || this.numPlayers > game.maxPlayers)
      throw new ArgumentError(`players must be in ${game.minPlayers}..${game.maxPlayers}, got ${this.numPlayers}`);
    this.possibleAgents = [...Array(this.numPlayers).keys()].map((i) => `player_${i}`);
    this.rewardOptions = options.rewards ?? {};
    this.tracker = new RewardTracker(game, this.rewardOptions, game.maxPlayers);
    this.stepRewards = new Float64Array(game.maxPlayers);
    this.legalBuf = new Int32Array(game.numActions);
    this.obsSpace = observationBox(game);
    this.actSpace = new Discrete(game.numActions);
  }

  /** The observation space (the same object for every agent and call). */
  observationSpace(_agent?: string): Box {
    return this.obsSpace;
  }

  /** The action space (the same object for every agent and call). */
  actionSpace(_agent?: string): Discrete {
    return this.actSpace;
  }

  /** Start a new game. `seed` fixes it entirely; without one a fresh seed is drawn from the clock. */
  reset(opts: { seed?: string | number; options?: Record<string, unknown> } = {}): void {
    const seed = opts.seed ?? `${Date.now()}-${Math.random()}`;
    this.setState(this.game.newState(this.numPlayers, seed));
  }

  /**
   * Replace the current state (e.g. a deserialised one) and reset the bookkeeping to it. A state at an
   * explicit chance node is first carried past it (chance.ts `resolveChance`, from its own RNG).
   */
  setState(s: S): void {
    this.state = s;
    resolveChance(this.game, s);
    this.agents = this.possibleAgents.slice();
    for (const a of this.possibleAgents) {
      this.rewards[a] = 0;
      this.cumulative[a] = 0;
      this.terminations[a] = false;
      this.truncations[a] = false;
      this.infos[a] = {};
    }
    this.tracker.reset(s);
    this.markDone();
    this.select();
  }

  private seatOf(agent: string): number {
    const i = this.possibleAgents.indexOf(agent);
    if (i < 0) throw new ArgumentError(`unknown agent "${agent}"`);
    return i;
  }

  private select(): void {
    const p = this.game.currentPlayer(this.state);
    if (p !== TERMINAL) this.agentSelection = this.possibleAgents[p];
    else this.agentSelection = this.agents[0] ?? '';
  }

  private markDone(): void {
    if (!this.game.isTerminal(this.state)) return;
    const trunc = this.game.isTruncated(this.state);
    for (const a of this.agents) {
      if (trunc) this.truncations[a] = true;
      else this.terminations[a] = true;
    }
  }

  /**
   * Act for `agentSelection`: an action id, or null for a terminated/truncated agent (which removes it).
   * @throws IllegalActionError (state unchanged) for an illegal action; ArgumentError for null on a live
   *   agent or an action for a done one
   */
  step(action: number | null): void {
    const agent = this.agentSelection;
    if (this.terminations[agent] || this.truncations[agent]) {
      if (action !== null) throw new ArgumentError(`${agent} is done: step it with null`);
      this.agents = this.agents.filter((a) => a !== agent);
      this.rewards[agent] = 0;
      this.select();
      return;
    }
    if (action === null) throw new ArgumentError(`${agent} is still playing: step it with an action id`);
    this.game.applyAction(this.state, action);
    resolveChance(this.game, this.state);
    this.cumulative[agent] = 0;
    this.tracker.step(this.state, this.stepRewards);
    for (let p = 0; p < this.numPlayers; p++) {
      const a = this.possibleAgents[p];
      this.rewards[a] = this.stepRewards[p];
      this.cumulative[a] += this.stepRewards[p];
    }
    this.markDone();
    this.select();
  }

  /** `agent`'s observation and action mask, as fresh arrays. */
  observe(agent: string): AECObservation {
    const observation = new Float32Array(this.game.observationSpec.size);
    const actionMask = new Uint8Array(this.game.numActions);
    this.observeInto(agent, observation, actionMask);
    return { observation, actionMask };
  }

  /** Write `agent`'s observation and mask into caller-owned arrays (no allocation). */
  observeInto(agent: string, observation: Float32Array, actionMask: Uint8Array): void {
    const seat = this.seatOf(agent);
    this.game.observe(this.state, seat, observation);
    writeActionMask(this.game, this.state, seat, this.legalBuf, actionMask);
  }

  /** PettingZoo's `last()`: the selected agent's observation, cumulative reward and done flags. */
  last(): AECLast {
    const agent = this.agentSelection;
    return {
      ...this.observe(agent),
      reward: this.cumulative[agent] ?? 0,
      termination: this.terminations[agent] ?? false,
      truncation: this.truncations[agent] ?? false,
      info: this.infos[agent] ?? {},
    };
  }

  /** The table as text. */
  render(mode: 'ansi' = 'ansi'): string {
    if (mode !== 'ansi') throw new ArgumentError(`render mode ${String(mode)} is not supported (ansi)`);
    return this.game.render(this.state);
  }

  // ---- OpenSpiel-style access for search

  /** Legal action ids of the current player. */
  legalActions(): number[] {
    return Array.from(this.legalBuf.subarray(0, this.game.legalActions(this.state, this.legalBuf)));
  }

  /** The seat to act, or TERMINAL (-1). */
  currentPlayer(): number {
    return this.game.currentPlayer(this.state);
  }

  /** A copy of this env (state and bookkeeping) that can be stepped independently. */
  clone(): AECEnv<S> {
    const c = new AECEnv(this.game, { players: this.numPlayers, rewards: this.rewardOptions });
    c.state = this.game.clone(this.state);
    c.agents = this.agents.slice();
    c.agentSelection = this.agentSelection;
    Object.assign(c.rewards, this.rewards);
    Object.assign(c.cumulative, this.cumulative);
    Object.assign(c.terminations, this.terminations);
    Object.assign(c.truncations, this.truncations);
    for (const a of this.possibleAgents) c.infos[a] = { ...this.infos[a] };
    c.tracker.reset(c.state);
    return c;
  }

  /** The state as JSON (`game.deserialize` + `setState` restores it). */
  serialize(): string {
    return this.game.serialize(this.state);
  }

  /** The perfect-information state tensor (for centralised critics). */
  stateTensor(): Float32Array {
    const out = new Float32Array(this.game.stateSpec.size);
    this.game.stateTensor(this.state, out);
    return out;
  }

  /** A copy of the state with what `player` cannot see redrawn from `seed` (IS-MCTS determinisation). */
  resampleHidden(seed: string | number, player: number): S {
    return this.game.resampleHidden(this.state, seed, player);
  }
}
