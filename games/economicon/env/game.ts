/**
 * Economicon as a `Game` (env/core/game.ts), made by env/core's adapter factory from the engine plus
 * observations, returns, rendering and hidden-information resampling, for the AEC, single-agent and vector
 * envs, agents and the bridge.
 *
 *   const game = economiconGame('standard');        // or 'open-offers', a ruleset path, or a loaded Ruleset
 *
 * Returns (RewardOptions): the winner +1, every other seat -1/(n-1); a draw (tied on points, gold units and
 * currency units: "Winning the game") pays every seat 0 (D14). A game truncated at the turn limit is ranked
 * like a finished one (`truncation: 'rank'`, the default) or pays 0 (`'zero'`). `score(s, seat)` is the seat's
 * victory points now (satisfied mandates, reserves, its open offer; gold and currency at X).
 * Layouts: games/economicon/env/observation.ts and docs/ECONOMICON.md.
 */
import { gameMetadata, TERMINAL } from '../../../env/core/game.ts';
import { gameAdapter, type RulesGame } from '../../../env/core/adapter.ts';
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
import { createObservationEncoder, createStateEncoder } from './observation.ts';
import { resampleHidden } from './hidden.ts';
import { renderTable } from './render.ts';

/**
 * An Economicon game: chance (the first player's die roll, the mandate shuffle) is sampled inside the state's
 * RNG; the other seats' mandates and the deck order are hidden; win/loss returns are zero-sum in [-1, 1], paid at
 * the end; a game stops at the ruleset's `turnLimit` turns (truncation). `variant` is the ruleset's name
 * (`standard`, `open-offers`, or a designer's own).
 */
export type EconomiconGame = RulesGame<EconomiconState, Ruleset>;

/** The Economicon game for a shipped variant (`standard`, `open-offers`), a ruleset file path, or a loaded ruleset. */
export const economiconGame = gameAdapter<EconomiconState, Ruleset>({
  name: 'economicon',
  module: import.meta.url,
  export: 'economiconGame',
  defaultVariant: 'standard',
  load: loadRuleset,
  variant: (rs) => rs.data.name,
  metadata: (rs) => gameMetadata({ maxTurns: rs.data.turnLimit, players: rs.data.players }),
  actions: catalogue,
  observation: createObservationEncoder,
  stateTensor: (rs) => {
    const st = createStateEncoder(rs);
    return { spec: st.spec, write: (s, out) => st.write(s, 0, out) };
  },
  newState: createGame,
  clone: cloneState,
  serialize: serializeState,
  deserialize: (rs, json) => deserializeState(json, rs, (s) => checkState(s, rs)),
  numPlayers: (s) => s.numPlayers,
  currentPlayer: (s) => (s.outcome === Outcome.Running ? s.current : TERMINAL),
  legalActions,
  whyIllegal,
  applyAction,
  isTerminal: (s) => s.outcome !== Outcome.Running,
  isTruncated: (s) => s.outcome === Outcome.Truncated,
  winner: (s) => s.winner,
  score: victoryPoints,
  resampleHidden,
  describeAction,
  render: renderTable,
});
