/**
 * Economicon as a `Game` (env/core/game.ts): the engine plus observations, returns, rendering and
 * hidden-information resampling, for the AEC, single-agent and vector envs, agents and the bridge.
 *
 *   const game = economiconGame('standard');        // or 'open-offers', a ruleset path, or a loaded Ruleset
 *
 * Returns (RewardOptions): the winner +1, every other seat -1/(n-1); a draw (tied on points, gold units and
 * currency units: "Winning the game") pays every seat 0 (D14). A game truncated at the turn limit is ranked
 * like a finished one (`truncation: 'rank'`, the default) or pays 0 (`'zero'`). `score(s, seat)` is the seat's
 * victory points now (satisfied mandates, reserves, its open offer; gold and currency at X).
 * Layouts: games/economicon/env/observation.ts and docs/ECONOMICON.md.
 */
import { weakMemo } from '../../../lib/memo.ts';
import type { Game, GameMetadata, ObservationRowWriter, RewardOptions, TensorSpec } from '../../../env/core/game.ts';
import { TERMINAL, winLossReturns } from '../../../env/core/game.ts';
import { loadRuleset, type Ruleset } from '../rules/index.ts';
import {
  applyAction,
  catalogue,
  checkState,
  cloneState,
  createGame,
  describeAction,
  deserializeState,
  legalActions,
  Outcome,
  serializeState,
  victoryPoints,
  whyIllegal,
  type EconomiconState,
} from '../engine/index.ts';
import { createObservationEncoder, createStateEncoder, type Encoder } from './observation.ts';
import { resampleHidden } from './hidden.ts';
import { renderTable } from './render.ts';

export class EconomiconGame implements Game<EconomiconState> {
  readonly name = 'economicon';
  /** The ruleset's name (`standard`, `open-offers`, or a designer's own). */
  readonly variant: string;
  /**
   * Chance (the first player's die roll, the mandate shuffle) is sampled inside the state's RNG; the other seats'
   * mandates and the deck order are hidden; win/loss returns are zero-sum in [-1, 1], paid at the end; a game
   * stops at the ruleset's `turnLimit` turns (truncation).
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
  private readonly obs: Encoder;
  private readonly st: Encoder;
  private readonly check: (s: EconomiconState) => string[];

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
      maxTurns: ruleset.data.turnLimit,
      minPlayers: this.minPlayers,
      maxPlayers: this.maxPlayers,
    };
    const cat = catalogue(ruleset);
    this.numActions = cat.size;
    this.obs = createObservationEncoder(ruleset);
    this.st = createStateEncoder(ruleset);
    this.observationSpec = this.obs.spec;
    this.stateSpec = this.st.spec;
    this.rulesHash = ruleset.hash;
    this.actionsHash = cat.hash;
    this.check = (s) => checkState(s, ruleset);
  }

  newState(players: number, seed: string | number): EconomiconState {
    return createGame(this.ruleset, players, seed);
  }
  clone(s: EconomiconState): EconomiconState {
    return cloneState(s);
  }
  serialize(s: EconomiconState): string {
    return serializeState(s);
  }
  deserialize(json: string): EconomiconState {
    return deserializeState(json, this.ruleset, this.check);
  }
  numPlayers(s: EconomiconState): number {
    return s.numPlayers;
  }
  currentPlayer(s: EconomiconState): number {
    return s.outcome === Outcome.Running ? s.current : TERMINAL;
  }
  legalActions(s: EconomiconState, out: Int32Array): number {
    return legalActions(s, this.ruleset, out);
  }
  whyIllegal(s: EconomiconState, action: number): string | null {
    return whyIllegal(s, this.ruleset, action);
  }
  applyAction(s: EconomiconState, action: number): void {
    applyAction(s, this.ruleset, action);
  }
  isTerminal(s: EconomiconState): boolean {
    return s.outcome !== Outcome.Running;
  }
  isTruncated(s: EconomiconState): boolean {
    return s.outcome === Outcome.Truncated;
  }
  returns(s: EconomiconState, out: Float64Array, options: RewardOptions = {}): void {
    winLossReturns(out, s.numPlayers, s.winner, s.outcome !== Outcome.Running, s.outcome === Outcome.Truncated, options);
  }
  score(s: EconomiconState, seat: number): number {
    return victoryPoints(s, this.ruleset, seat);
  }
  observe(s: EconomiconState, seat: number, out: Float32Array): void {
    this.obs.write(s, seat, out);
  }
  observationRowWriter(): ObservationRowWriter<EconomiconState> {
    return this.obs.rowWriter();
  }
  stateTensor(s: EconomiconState, out: Float32Array): void {
    this.st.write(s, 0, out);
  }
  resampleHidden(s: EconomiconState, seed: string | number, player: number): EconomiconState {
    return resampleHidden(this.ruleset, s, seed, player);
  }
  describeAction(s: EconomiconState | null, action: number): string {
    return describeAction(this.ruleset, action, s ?? undefined);
  }
  render(s: EconomiconState): string {
    return renderTable(this.ruleset, s);
  }
}

/** One game object per ruleset object (the same variant gives the same game). */
const gameOf = weakMemo((rs: Ruleset) => new EconomiconGame(rs));

/** The Economicon game for a shipped variant (`standard`, `open-offers`), a ruleset file path, or a loaded ruleset. */
export function economiconGame(variant: string | Ruleset = 'standard'): EconomiconGame {
  return gameOf(typeof variant === 'string' ? loadRuleset(variant) : variant);
}
