/**
 * Public API of the Merlin Economics engine (pure game logic on plain-data state).
 *
 *   const rs = loadRuleset('full');
 *   const s = createGame(rs, 4, 'seed-1');
 *   while (!isTerminal(s)) applyAction(s, rs, legalActionList(s, rs)[0]);
 */
export { createGame } from './setup.ts';
export {
  applyAction,
  actionMask,
  currentPlayer,
  describeAction,
  isTerminal,
  isTruncated,
  legalActionList,
  legalActions,
  PHASE_NAMES,
  whyIllegal,
} from './engine.ts';
export { actionId, catalogue, declaredKindDoc, defineKind, Kind, KIND_NAMES, type ActionCatalogue, type KindDoc } from './actions.ts';
export {
  activeSeat,
  cloneState,
  deserializeState,
  shapeProblems,
  Phase,
  serializeState,
  STATE_VERSION,
  statesEqual,
  Victory,
  VICTORY_NAMES,
  type MerlinState,
} from './state.ts';
export { netWorth, ranking } from './victory.ts';
export { bestAsk, bestBid, bidPrice, marketWorth, spotPrice } from './market.ts';
export { tradeItem, tradeItemCount, tradeItemName } from './trade.ts';
export { checkConservation, checkDeep } from './invariants.ts';
export { adjacent, geometry, type BoardGeometry } from './board.ts';
export { loadRuleset, defaultRuleset, compileRuleset, type Ruleset } from '../rules/index.ts';
