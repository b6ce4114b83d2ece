/**
 * Merlin Economics as a `Game` (env/core/game.ts): the engine plus observations, rewards, rendering and
 * hidden-information resampling, for the AEC, single-agent and vector envs, agents and the bridge.
 *
 *   const game = merlinGame('full');           // or merlinGame(loadRuleset('path.json'))
 *   const env = new AECEnv(game, { players: 4 });
 *
 * Observation and state-tensor layouts: docs/OBSERVATION.md. Actions: docs/ACTIONS.md.
 * Rewards (RewardOptions): by default the winner gets +1 and every other seat -1/(n-1); a game truncated
 * at the turn limit is won by the net-worth leader (`truncation: 'rank'`) or pays 0 (`'zero'`).
 * `score(s, seat)` is net worth in gold (engine/victory.ts), the base of the opt-in shaped reward.
 */
import { weakMemo } from '../../../lib/memo.ts';
import { StateError } from '../../../lib/errors.ts';
import { contentHash } from '../../../lib/hash.ts';
import type { Game, GameMetadata, ObservationRowWriter, RewardOptions, TensorSpec } from '../../../env/core/game.ts';
import { TERMINAL, winLossReturns } from '../../../env/core/game.ts';
import { loadRuleset, type Ruleset } from '../rules/index.ts';
import {
  applyAction,
  catalogue,
  checkConservation,
  cloneState,
  createGame,
  currentPlayer,
  describeAction,
  deserializeState,
  isTerminal,
  isTruncated,
  legalActions,
  serializeState,
  shapeProblems,
  Victory,
  whyIllegal,
  type MerlinState,
} from '../engine/index.ts';
import { netWorth } from '../engine/victory.ts';
import { createObservationEncoder, createStateEncoder } from './observation.ts';
import { resampleHidden } from './hidden.ts';
import { renderTable } from './render.ts';

export class MerlinGame implements Game<MerlinState> {
  readonly name = 'merlin';
  /** The ruleset's name (`full`, `market`, `skirmish`, or a designer's own). */
  readonly variant: string;
  /**
   * Chance is sampled inside `applyAction` (dice and shuffles from the state's RNG); hands, decks,
   * face-down potions and undisclosed bids are hidden (imperfect information); the default win/loss
   * returns (+1, -1/(n-1)) are zero-sum in [-1, 1], paid at the end (shaping is opt-in); a game stops
   * at the ruleset's `turnLimit` turns (truncation).
   */
  readonly metadata: GameMetadata;
  readonly ruleset: Ruleset;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  readonly numActions: number;
  readonly observationSpec: TensorSpec;
  readonly stateSpec: TensorSpec;
  readonly rulesHash: string;
  readonly actionsHash: string;
  private readonly obs: ReturnType<typeof createObservationEncoder>;
  private readonly st: ReturnType<typeof createStateEncoder>;

  constructor(ruleset: Ruleset) {
    this.ruleset = ruleset;
    this.variant = ruleset.data.name;
    this.metadata = {
      chanceMode: 'sampled',
      information: 'imperfect',
      utility: 'zeroSum',
      rewardModel: 'terminal',
      minUtility: -1,
      maxUtility: 1,
      maxTurns: ruleset.data.turnLimit,
      minPlayers: ruleset.data.players.min,
      maxPlayers: ruleset.data.players.max,
    };
    this.minPlayers = ruleset.data.players.min;
    this.maxPlayers = ruleset.data.players.max;
    const cat = catalogue(ruleset);
    this.numActions = cat.size;
    this.obs = createObservationEncoder(ruleset);
    this.st = createStateEncoder(ruleset);
    this.observationSpec = this.obs.spec;
    this.stateSpec = this.st.spec;
    this.rulesHash = ruleset.hash;
    this.actionsHash = contentHash({
      kind: Array.from(cat.kind),
      arg: Array.from(cat.arg),
      arg2: Array.from(cat.arg2),
      grids: ruleset.data.grids,
    });
  }

  newState(players: number, seed: string | number): MerlinState {
    return createGame(this.ruleset, players, seed);
  }
  clone(s: MerlinState): MerlinState {
    return cloneState(s);
  }
  serialize(s: MerlinState): string {
    return serializeState(s);
  }
  /**
   * Read a state written by `serialize`. Beyond the version, the ruleset hash and each field's type, the state
   * must have the shape of a game of this ruleset at its player count and pass the conservation checks
   * (engine/invariants.ts), so a corrupted or hand-edited state is refused here rather than failing later.
   * @throws StateError naming what is wrong
   */
  deserialize(json: string): MerlinState {
    const s = deserializeState(json, this.rulesHash);
    const P = s.numPlayers;
    if (!Number.isInteger(P) || P < this.minPlayers || P > this.maxPlayers)
      throw new StateError(`state has ${P} players; this ruleset allows ${this.minPlayers} to ${this.maxPlayers}`);
    let problems: string[];
    try {
      problems = shapeProblems(s, this.fresh(P));
      if (!problems.length) problems = checkConservation(s, this.ruleset);
    } catch (e) {
      problems = [`it cannot be checked: ${(e as Error).message}`];
    }
    if (problems.length) throw new StateError(`state is not a state of this game: ${problems.slice(0, 3).join('; ')}`);
    return s;
  }
  /** A new game per player count, for the shape of deserialised states. */
  private readonly freshStates = new Map<number, MerlinState>();
  private fresh(players: number): MerlinState {
    let s = this.freshStates.get(players);
    if (!s) this.freshStates.set(players, (s = createGame(this.ruleset, players, 0)));
    return s;
  }
  numPlayers(s: MerlinState): number {
    return s.numPlayers;
  }
  currentPlayer(s: MerlinState): number {
    const p = currentPlayer(s);
    return p < 0 ? TERMINAL : p;
  }
  legalActions(s: MerlinState, out: Int32Array): number {
    return legalActions(s, this.ruleset, out);
  }
  whyIllegal(s: MerlinState, action: number): string | null {
    return whyIllegal(s, this.ruleset, action);
  }
  applyAction(s: MerlinState, action: number): void {
    applyAction(s, this.ruleset, action);
  }
  isTerminal(s: MerlinState): boolean {
    return isTerminal(s);
  }
  isTruncated(s: MerlinState): boolean {
    return isTruncated(s);
  }
  returns(s: MerlinState, out: Float64Array, options: RewardOptions = {}): void {
    winLossReturns(out, s.numPlayers, s.winner, isTerminal(s), s.victory === Victory.Truncated, options);
  }
  score(s: MerlinState, seat: number): number {
    return s.eliminated[seat] ? 0 : netWorth(s, this.ruleset, seat);
  }
  observe(s: MerlinState, seat: number, out: Float32Array): void {
    this.obs.observe(s, seat, out);
  }
  observeSparse(s: MerlinState, seat: number, index: Int32Array, value: Float32Array): number {
    return this.obs.observeSparse(s, seat, index, value);
  }
  observationRowWriter(): ObservationRowWriter<MerlinState> & { written(out: Int32Array): number } {
    return this.obs.observationRowWriter();
  }
  stateTensor(s: MerlinState, out: Float32Array): void {
    this.st.encode(s, out);
  }
  resampleHidden(s: MerlinState, seed: string | number, player: number): MerlinState {
    return resampleHidden(this.ruleset, s, seed, player);
  }
  describeAction(s: MerlinState | null, action: number): string {
    return describeAction(this.ruleset, action, s ?? undefined);
  }
  render(s: MerlinState): string {
    return renderTable(this.ruleset, s);
  }
}

/** One game object per ruleset object (the same variant gives the same game). */
const gameOf = weakMemo((rs: Ruleset) => new MerlinGame(rs));

/** The Merlin game for a shipped variant name (`full`, `market`, `skirmish`), a ruleset file path, or a loaded ruleset. */
export function merlinGame(variant: string | Ruleset = 'full'): MerlinGame {
  return gameOf(typeof variant === 'string' ? loadRuleset(variant) : variant);
}
