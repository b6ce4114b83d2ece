/** The Economicon engine's public surface (state, actions, rules checks), for the env adapter, agents and tools. */
export {
  EconomiconState,
  cloneState,
  serializeState,
  deserializeState,
  Outcome,
  OUTCOME_NAMES,
  RESERVES,
  OFFER,
  MARKET,
  PILE,
  MAX_HAND,
  AT_DECK,
  AT_HAND,
  AT_SATISFIED,
} from './state.ts';
export { catalogue, Kind, KIND_NAMES, KIND_CATEGORY, CATEGORIES, BUY_PAYMENTS, paymentType, type Catalogue } from './catalogue.ts';
export {
  createGame,
  legalActions,
  whyIllegal,
  applyAction,
  describeAction,
  isTerminal,
  isTruncated,
  currentPlayer,
  ranking,
  compareSeats,
} from './engine.ts';
export { unitX, unitsToPay, victoryPoints, holderPoints, currencyUnits } from './market.ts';
export { conditionHolds, satisfyMandates, drawMandate, Cond } from './mandates.ts';
export { checkState, checkDeep, unitTotal } from './invariants.ts';
