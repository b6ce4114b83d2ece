/**
 * Dragon's Money Laundering as a `Game` (env/core/game.ts), for the AEC, single-agent and vector envs, agents
 * and the bridge.
 *
 *   const game = dmlGame('full');        // or 'three', 'mayhem', 'fire', a ruleset path, or a loaded Ruleset
 *
 * The seat to act is whoever the rules wait for: the Active Player in the Market Phase, a Passive Player
 * laying Seize cards or answering on the Stack, a Power's owner choosing, a seat giving a card (the AEC's agent
 * selection follows `currentPlayer`). Returns: the winner +1, the others -1/(n-1); nobody winning pays 0. A
 * game truncated at the round limit is ranked by victory points (`truncation: 'rank'`) or pays 0. `score` is the
 * seat's victory points now. `metadata.maxTurns` counts Rounds.
 */
import { weakMemo } from '../../../lib/memo.ts';
import type { Game, GameMetadata, ObservationRowWriter, RewardOptions, TensorSpec } from '../../../env/core/game.ts';
import { TERMINAL, winLossReturns } from '../../../env/core/game.ts';
import { loadRuleset, type Ruleset } from '../rules/index.ts';
import {
  ACTIONS_HASH,
  applyAction,
  checkState,
  cloneState,
  createGame,
  describeAction,
  deserializeState,
  legalActions,
  NUM_ACTIONS,
  Outcome,
  ranking,
  serializeState,
  victoryPoints,
  whyIllegal,
  type DmlState,
} from '../engine/index.ts';
import { createObservationEncoder, createStateEncoder, type Encoder } from './observation.ts';
import { resampleHidden } from './hidden.ts';
import { renderTable } from './render.ts';

export class DmlGame implements Game<DmlState> {
  readonly name = 'dml';
  readonly variant: string;
  readonly metadata: GameMetadata;
  readonly ruleset: Ruleset;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  readonly numActions = NUM_ACTIONS;
  readonly observationSpec: TensorSpec;
  readonly stateSpec: TensorSpec;
  readonly rulesHash: string;
  readonly actionsHash = ACTIONS_HASH;
  private readonly obs: Encoder;
  private readonly st: Encoder;

  constructor(ruleset: Ruleset) {
    this.ruleset = ruleset;
    this.variant = ruleset.data.name;
    this.minPlayers = ruleset.data.players.min;
    this.maxPlayers = ruleset.data.players.max;
    this.metadata = {
      chanceMode: 'sampled',
      information: 'imperfect',
      utility: 'zeroSum',
      rewardModel: 'terminal',
      minUtility: -1,
      maxUtility: 1,
      maxTurns: ruleset.data.roundLimit,
      minPlayers: this.minPlayers,
      maxPlayers: this.maxPlayers,
    };
    this.obs = createObservationEncoder(ruleset);
    this.st = createStateEncoder(ruleset);
    this.observationSpec = this.obs.spec;
    this.stateSpec = this.st.spec;
    this.rulesHash = ruleset.hash;
  }

  newState(players: number, seed: string | number): DmlState {
    return createGame(this.ruleset, players, seed);
  }
  clone(s: DmlState): DmlState {
    return cloneState(s);
  }
  serialize(s: DmlState): string {
    return serializeState(s);
  }
  deserialize(json: string): DmlState {
    return deserializeState(json, this.ruleset.hash, (x) => checkState(x, this.ruleset));
  }
  numPlayers(s: DmlState): number {
    return s.numPlayers;
  }
  currentPlayer(s: DmlState): number {
    return s.outcome === Outcome.Running ? s.decider : TERMINAL;
  }
  legalActions(s: DmlState, out: Int32Array): number {
    return legalActions(s, this.ruleset, out);
  }
  whyIllegal(s: DmlState, action: number): string | null {
    return whyIllegal(s, this.ruleset, action);
  }
  applyAction(s: DmlState, action: number): void {
    applyAction(s, this.ruleset, action);
  }
  isTerminal(s: DmlState): boolean {
    return s.outcome !== Outcome.Running;
  }
  isTruncated(s: DmlState): boolean {
    return s.outcome === Outcome.Truncated;
  }
  returns(s: DmlState, out: Float64Array, options: RewardOptions = {}): void {
    const truncated = s.outcome === Outcome.Truncated;
    const winner = truncated && options.truncation === 'rank' ? ranking(s, this.ruleset)[0] : s.winner;
    winLossReturns(out, s.numPlayers, winner, s.outcome !== Outcome.Running, truncated, options);
  }
  score(s: DmlState, seat: number): number {
    return victoryPoints(s, this.ruleset, seat);
  }
  observe(s: DmlState, seat: number, out: Float32Array): void {
    this.obs.write(s, seat, out);
  }
  observationRowWriter(): ObservationRowWriter<DmlState> {
    return this.obs.rowWriter();
  }
  stateTensor(s: DmlState, out: Float32Array): void {
    this.st.write(s, 0, out);
  }
  resampleHidden(s: DmlState, seed: string | number, player: number): DmlState {
    return resampleHidden(this.ruleset, s, seed, player);
  }
  describeAction(_s: DmlState | null, action: number): string {
    return describeAction(this.ruleset, action);
  }
  render(s: DmlState): string {
    return renderTable(this.ruleset, s);
  }
}

const gameOf = weakMemo((rs: Ruleset) => new DmlGame(rs));

/** The DML game for a shipped variant (`full`, `three`, `mayhem`, `fire`), a ruleset file path, or a loaded ruleset. */
export function dmlGame(variant: string | Ruleset = 'full'): DmlGame {
  return gameOf(typeof variant === 'string' ? loadRuleset(variant) : variant);
}
