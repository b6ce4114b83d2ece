/**
 * Merlin Economics as a `Game` (env/core/game.ts), made by env/core's adapter factory from the engine plus
 * observations, rewards, rendering and hidden-information resampling, for the AEC, single-agent and vector
 * envs, agents and the bridge.
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
import { gameMetadata, TERMINAL, type Game, type ObservationRowWriter } from '../../../env/core/game.ts';
import { gameAdapter, type GameFactory, type RulesGame } from '../../../env/core/adapter.ts';
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
  whyIllegal,
  type MerlinState,
} from '../engine/index.ts';
import { netWorth } from '../engine/victory.ts';
import { createObservationEncoder, createStateEncoder } from './observation.ts';
import { resampleHidden } from './hidden.ts';
import { renderTable } from './render.ts';

/**
 * A Merlin game: chance is sampled inside `applyAction` (dice and shuffles from the state's RNG); hands, decks,
 * face-down potions and undisclosed bids are hidden (imperfect information); the default win/loss returns
 * (+1, -1/(n-1)) are zero-sum in [-1, 1], paid at the end (shaping is opt-in); a game stops at the ruleset's
 * `turnLimit` turns (truncation). `variant` is the ruleset's name (`full`, `market`, `skirmish`, or a
 * designer's own) and `ruleset` the rules it plays.
 */
export type MerlinGame = RulesGame<MerlinState, Ruleset> &
  Required<Pick<Game<MerlinState>, 'whyIllegal' | 'observeSparse'>> & {
    observationRowWriter(): ObservationRowWriter<MerlinState> & { written(out: Int32Array): number };
  };

/** A new game per player count, for the shape of deserialised states. */
const freshStates = weakMemo((_rs: Ruleset) => new Map<number, MerlinState>());
function fresh(rs: Ruleset, players: number): MerlinState {
  const states = freshStates(rs);
  let s = states.get(players);
  if (!s) states.set(players, (s = createGame(rs, players, 0)));
  return s;
}

/**
 * Read a state written by `serialize`. Beyond the version, the ruleset hash and each field's type, the state
 * must have the shape of a game of this ruleset at its player count and pass the conservation checks
 * (engine/invariants.ts), so a corrupted or hand-edited state is refused here rather than failing later.
 * @throws StateError naming what is wrong
 */
function deserialize(rs: Ruleset, json: string): MerlinState {
  const s = deserializeState(json, rs.hash);
  const P = s.numPlayers;
  const { min, max } = rs.data.players;
  if (!Number.isInteger(P) || P < min || P > max) throw new StateError(`state has ${P} players; this ruleset allows ${min} to ${max}`);
  let problems: string[];
  try {
    problems = shapeProblems(s, fresh(rs, P));
    if (!problems.length) problems = checkConservation(s, rs);
  } catch (e) {
    problems = [`it cannot be checked: ${(e as Error).message}`];
  }
  if (problems.length) throw new StateError(`state is not a state of this game: ${problems.slice(0, 3).join('; ')}`);
  return s;
}

/** The Merlin game for a shipped variant name (`full`, `market`, `skirmish`), a ruleset file path, or a loaded ruleset. */
export const merlinGame = gameAdapter<MerlinState, Ruleset>({
  name: 'merlin',
  module: import.meta.url,
  export: 'merlinGame',
  defaultVariant: 'full',
  load: loadRuleset,
  variant: (rs) => rs.data.name,
  metadata: (rs) => gameMetadata({ maxTurns: rs.data.turnLimit, players: rs.data.players }),
  actions: (rs) => {
    const cat = catalogue(rs);
    return {
      size: cat.size,
      hash: contentHash({ kind: Array.from(cat.kind), arg: Array.from(cat.arg), arg2: Array.from(cat.arg2), grids: rs.data.grids }),
    };
  },
  observation: (rs) => {
    const obs = createObservationEncoder(rs);
    return { spec: obs.spec, write: obs.observe, sparse: obs.observeSparse, rowWriter: obs.observationRowWriter };
  },
  stateTensor: (rs) => {
    const st = createStateEncoder(rs);
    return { spec: st.spec, write: st.encode };
  },
  newState: createGame,
  clone: cloneState,
  serialize: serializeState,
  deserialize,
  numPlayers: (s) => s.numPlayers,
  currentPlayer: (s) => {
    const p = currentPlayer(s);
    return p < 0 ? TERMINAL : p;
  },
  legalActions,
  whyIllegal,
  applyAction,
  isTerminal,
  isTruncated,
  winner: (s) => s.winner,
  score: (s, rs, seat) => (s.eliminated[seat] ? 0 : netWorth(s, rs, seat)),
  resampleHidden,
  describeAction,
  render: renderTable,
}) as GameFactory<MerlinState, Ruleset, MerlinGame>;
