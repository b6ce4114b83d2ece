/**
 * Dragon's Money Laundering as a `Game` (env/core/game.ts), made by env/core's adapter factory, for the AEC,
 * single-agent and vector envs, agents and the bridge.
 *
 *   const game = dmlGame('full');        // or 'three', 'mayhem', 'fire', a ruleset path, or a loaded Ruleset
 *
 * The seat to act is whoever the rules wait for: the Active Player in the Market Phase, a Passive Player
 * laying Seize cards or answering on the Stack, a Power's owner choosing, a seat giving a card (the AEC's agent
 * selection follows `currentPlayer`). Returns: the winner +1, the others -1/(n-1); nobody winning pays 0. A
 * game truncated at the round limit is ranked by victory points (`truncation: 'rank'`) or pays 0. `score` is the
 * seat's victory points now. `metadata.maxTurns` counts Rounds.
 */
import { gameMetadata, TERMINAL } from '../../../env/core/game.ts';
import { gameAdapter, type RulesGame } from '../../../env/core/adapter.ts';
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
import { createObservationEncoder, createStateEncoder } from './observation.ts';
import { resampleHidden } from './hidden.ts';
import { renderTable } from './render.ts';

/** A DML game (`variant`: the ruleset's name; `ruleset`: the rules it plays). */
export type DmlGame = RulesGame<DmlState, Ruleset>;

/** The DML game for a shipped variant (`full`, `three`, `mayhem`, `fire`), a ruleset file path, or a loaded ruleset. */
export const dmlGame = gameAdapter<DmlState, Ruleset>({
  name: 'dml',
  module: import.meta.url,
  export: 'dmlGame',
  defaultVariant: 'full',
  load: loadRuleset,
  variant: (rs) => rs.data.name,
  metadata: (rs) => gameMetadata({ maxTurns: rs.data.roundLimit, players: rs.data.players }),
  actions: () => ({ size: NUM_ACTIONS, hash: ACTIONS_HASH }),
  observation: createObservationEncoder,
  stateTensor: (rs) => {
    const st = createStateEncoder(rs);
    return { spec: st.spec, write: (s, out) => st.write(s, 0, out) };
  },
  newState: createGame,
  clone: cloneState,
  serialize: serializeState,
  deserialize: (rs, json) => deserializeState(json, rs.hash, (x) => checkState(x, rs)),
  numPlayers: (s) => s.numPlayers,
  currentPlayer: (s) => (s.outcome === Outcome.Running ? s.decider : TERMINAL),
  legalActions,
  whyIllegal,
  applyAction,
  isTerminal: (s) => s.outcome !== Outcome.Running,
  isTruncated: (s) => s.outcome === Outcome.Truncated,
  /** At the round limit under `truncation: 'rank'`, the victory-point leader (`ranking`). */
  winner: (s, rs, options) => (s.outcome === Outcome.Truncated && options.truncation === 'rank' ? ranking(s, rs)[0] : s.winner),
  score: victoryPoints,
  resampleHidden,
  describeAction: (rs, action) => describeAction(rs, action),
  render: renderTable,
});
