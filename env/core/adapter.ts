/**
 * The adapter factory: a game's engine (plain functions over a state and its compiled rules) and its env
 * parts (observation and state encoders, hidden-information resampling, rendering) made into one `Game<S>`
 * (game.ts), so a game writes only what is its own: none of the two dozen methods that pass a call on with the
 * rules added. One game object per rules object, made from a shipped variant name, a ruleset file path or
 * loaded rules; and the `FactoryRef` by which a worker thread makes the same game (pool.ts).
 *
 *   export const dmlGame = gameAdapter<DmlState, Ruleset>({
 *     name: 'dml', module: import.meta.url, export: 'dmlGame', defaultVariant: 'full', load: loadRuleset,
 *     metadata: (rs) => ({ chanceMode: 'sampled', ... }), actions: () => ({ size: NUM_ACTIONS, hash: ACTIONS_HASH }),
 *     newState: createGame, legalActions, applyAction, ...
 *   });
 *   const game = dmlGame('full');          // a RulesGame<DmlState, Ruleset>: a Game<DmlState> with `.ruleset`
 *   const ref = dmlGame.ref('full');       // { module, export: 'dmlGame', args: ['full'] }
 *
 * Rewards: unless the engine has its own `returns`, the default win/loss returns of `winLossReturns`
 * (game.ts) are paid to the engine's `winner`. Chance: an engine whose `metadata.chanceMode` is 'explicit'
 * returns CHANCE from `currentPlayer` at a chance node and supplies `chance` (the node's outcomes and their
 * probabilities, and the RNG in the state that env/core's chance.ts draws them from).
 */
import { weakMemo } from '../../lib/memo.ts';
import type { RngState } from '../../lib/rng.ts';
import { winLossReturns, type Game, type GameMetadata, type ObservationRowWriter, type RewardOptions, type TensorSpec } from './game.ts';
import type { FactoryRef } from './pool.ts';

/** Compiled rules as the factory needs them: a hash of their content (`Game.rulesHash`). */
export interface Rules {
  readonly hash: string;
}

/** A game's observation encoder (`Game.observe` and its faster forms). */
export interface ObservationEncoder<S> {
  readonly spec: TensorSpec;
  /** Write `seat`'s observation of `s` into `out` (length >= spec.size). */
  write(s: S, seat: number, out: Float32Array): void;
  /** Optional: `Game.observationRowWriter`. */
  rowWriter?(): ObservationRowWriter<S>;
  /** Optional: `Game.observeSparse`. */
  sparse?(s: S, seat: number, index: Int32Array, value: Float32Array): number;
}

/** A game's perfect-information state tensor (`Game.stateTensor`). */
export interface StateEncoder<S> {
  readonly spec: TensorSpec;
  write(s: S, out: Float32Array): void;
}

/** Explicit chance (`metadata.chanceMode` 'explicit'): what a chance node offers. */
export interface EngineChance<S, R> {
  /** Outcome ids at chance nodes are in [0, maxOutcomes) (OpenSpiel's MaxChanceOutcomes). */
  maxOutcomes(rules: R): number;
  /** `Game.chanceOutcomes`: the node's outcome ids, ascending, and their probabilities (summing to 1); how many. */
  outcomes(s: S, rules: R, outcomes: Int32Array, probs: Float64Array): number;
  /** The RNG held in `s` that a chance node's outcome is drawn from (chance.ts `sampleChance`). */
  rng(s: S): RngState;
}

/**
 * What a game supplies to `gameAdapter`: its engine's functions (their argument orders are the engines'
 * own, so most are passed as they are) and its env parts, each under compiled rules R.
 */
export interface EngineAdapter<S, R extends Rules> {
  /** The game's name (`Game.name`, the registry's and `--game`'s). */
  readonly name: string;
  /** The module that exports the factory (its `import.meta.url`) and the export's name, for `ref`. */
  readonly module: string;
  readonly export: string;
  readonly defaultVariant: string;
  /** The rules of a shipped variant name or a ruleset file path. @throws RulesetError */
  load(variant: string): R;
  /** The variant `rules` are (a ruleset's own name). */
  variant(rules: R): string;
  /** What kind of game `rules` make (players and turn limit included). */
  metadata(rules: R): GameMetadata;
  /** The action catalogue under `rules`: its size (`numActions`) and hash (`actionsHash`). */
  actions(rules: R): { size: number; hash: string };
  observation(rules: R): ObservationEncoder<S>;
  stateTensor(rules: R): StateEncoder<S>;

  newState(rules: R, players: number, seed: string | number): S;
  clone(s: S): S;
  serialize(s: S): string;
  /** @throws StateError for malformed input or a state of other rules */
  deserialize(rules: R, json: string): S;
  numPlayers(s: S): number;
  /** The seat to act, TERMINAL when the game is over, CHANCE at a chance node (explicit chance only). */
  currentPlayer(s: S): number;
  legalActions(s: S, rules: R, out: Int32Array): number;
  whyIllegal?(s: S, rules: R, action: number): string | null;
  /** @throws IllegalActionError (or another MerlinError), leaving `s` unchanged */
  applyAction(s: S, rules: R, action: number): void;
  isTerminal(s: S): boolean;
  isTruncated(s: S): boolean;
  /** The seat the default win/loss returns pay as the winner of the finished game `s` (-1: none). */
  winner?(s: S, rules: R, options: RewardOptions): number;
  /** Returns of its own, replacing the win/loss returns (`Game.returns`). */
  returns?(s: S, rules: R, out: Float64Array, options: RewardOptions): void;
  score(s: S, rules: R, seat: number): number;
  resampleHidden(rules: R, s: S, seed: string | number, player: number): S;
  describeAction(rules: R, action: number, s?: S): string;
  render(rules: R, s: S): string;
  chance?: EngineChance<S, R>;
}

/** A `Game<S>` made by `gameAdapter`, with the compiled rules it plays. */
export class RulesGame<S, R extends Rules> implements Game<S> {
  readonly name: string;
  readonly variant: string;
  readonly metadata: GameMetadata;
  readonly ruleset: R;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  readonly numActions: number;
  readonly observationSpec: TensorSpec;
  readonly stateSpec: TensorSpec;
  readonly rulesHash: string;
  readonly actionsHash: string;
  readonly maxChanceOutcomes?: number;
  /** Present when the engine offers it (vector envs test for it). */
  readonly whyIllegal?: (s: S, action: number) => string | null;
  readonly observeSparse?: (s: S, seat: number, index: Int32Array, value: Float32Array) => number;
  readonly observationRowWriter?: () => ObservationRowWriter<S>;
  readonly chanceOutcomes?: (s: S, outcomes: Int32Array, probs: Float64Array) => number;
  readonly chanceRng?: (s: S) => RngState;
  private readonly e: EngineAdapter<S, R>;
  private readonly obs: ObservationEncoder<S>;
  private readonly st: StateEncoder<S>;

  constructor(engine: EngineAdapter<S, R>, rules: R) {
    this.e = engine;
    this.ruleset = rules;
    this.name = engine.name;
    this.variant = engine.variant(rules);
    this.metadata = engine.metadata(rules);
    this.minPlayers = this.metadata.minPlayers;
    this.maxPlayers = this.metadata.maxPlayers;
    const actions = engine.actions(rules);
    this.numActions = actions.size;
    this.actionsHash = actions.hash;
    this.rulesHash = rules.hash;
    this.obs = engine.observation(rules);
    this.st = engine.stateTensor(rules);
    this.observationSpec = this.obs.spec;
    this.stateSpec = this.st.spec;
    const { whyIllegal, chance } = engine;
    const obs = this.obs;
    if (whyIllegal) this.whyIllegal = (s, action) => whyIllegal(s, rules, action);
    if (obs.sparse) this.observeSparse = obs.sparse.bind(obs);
    if (obs.rowWriter) this.observationRowWriter = obs.rowWriter.bind(obs);
    if (chance) {
      this.maxChanceOutcomes = chance.maxOutcomes(rules);
      this.chanceOutcomes = (s, outcomes, probs) => chance.outcomes(s, rules, outcomes, probs);
      this.chanceRng = chance.rng;
    }
  }

  newState(players: number, seed: string | number): S {
    return this.e.newState(this.ruleset, players, seed);
  }
  clone(s: S): S {
    return this.e.clone(s);
  }
  serialize(s: S): string {
    return this.e.serialize(s);
  }
  deserialize(json: string): S {
    return this.e.deserialize(this.ruleset, json);
  }
  numPlayers(s: S): number {
    return this.e.numPlayers(s);
  }
  currentPlayer(s: S): number {
    return this.e.currentPlayer(s);
  }
  legalActions(s: S, out: Int32Array): number {
    return this.e.legalActions(s, this.ruleset, out);
  }
  applyAction(s: S, action: number): void {
    this.e.applyAction(s, this.ruleset, action);
  }
  isTerminal(s: S): boolean {
    return this.e.isTerminal(s);
  }
  isTruncated(s: S): boolean {
    return this.e.isTruncated(s);
  }
  returns(s: S, out: Float64Array, options: RewardOptions = {}): void {
    const e = this.e;
    if (e.returns) return e.returns(s, this.ruleset, out, options);
    const over = e.isTerminal(s);
    const winner = over && e.winner ? e.winner(s, this.ruleset, options) : -1;
    winLossReturns(out, e.numPlayers(s), winner, over, e.isTruncated(s), options);
  }
  score(s: S, seat: number): number {
    return this.e.score(s, this.ruleset, seat);
  }
  observe(s: S, seat: number, out: Float32Array): void {
    this.obs.write(s, seat, out);
  }
  stateTensor(s: S, out: Float32Array): void {
    this.st.write(s, out);
  }
  resampleHidden(s: S, seed: string | number, player: number): S {
    return this.e.resampleHidden(this.ruleset, s, seed, player);
  }
  describeAction(s: S | null, action: number): string {
    return this.e.describeAction(this.ruleset, action, s ?? undefined);
  }
  render(s: S): string {
    return this.e.render(this.ruleset, s);
  }
}

/**
 * The game of a variant: `factory()` the default, `factory('name')` a shipped variant or a ruleset file path,
 * `factory(rules)` loaded rules (the same object for the same rules object); `factory.ref(variant)` how a
 * worker thread makes it. G narrows the games' type for a game whose engine always supplies an optional
 * method (`whyIllegal`, `observationRowWriter`), as a cast where the factory is made.
 */
export interface GameFactory<S, R extends Rules, G extends RulesGame<S, R> = RulesGame<S, R>> {
  (variant?: string | R): G;
  /** `{ module, export, args: [variant] }` for env/core/pool.ts's `loadFactory` (a shipped name or a path). */
  ref(variant?: string): FactoryRef;
  readonly engine: EngineAdapter<S, R>;
}

/** The factory of `engine`'s games (see the module docs). */
export function gameAdapter<S, R extends Rules>(engine: EngineAdapter<S, R>): GameFactory<S, R> {
  const gameOf = weakMemo((rules: R) => new RulesGame(engine, rules));
  const factory = (variant: string | R = engine.defaultVariant) => gameOf(typeof variant === 'string' ? engine.load(variant) : variant);
  return Object.assign(factory, {
    ref: (variant: string = engine.defaultVariant): FactoryRef => ({ module: engine.module, export: engine.export, args: [variant] }),
    engine,
  });
}
