/**
 * Poker (Leduc hold'em and Kuhn poker), the template game with explicit chance nodes: what the game registry
 * needs to register it (`poker`, the shape of the registry's `GameDefinition`, checked where the registry uses
 * it). docs/ADDING_A_GAME.md walks through this folder.
 *
 *   const game = pokerGame('leduc');                       // Game<PokerState>, .ruleset
 */
import { pokerGame, renderSeat, type PokerGame } from './env/game.ts';
import { pokerReporting } from './env/reporting.ts';
import { pokerBoard } from './env/play-view.ts';
import { pokerAgents } from './agents/heuristic.ts';
import { compileRuleset, VARIANTS } from './rules/index.ts';
import type { PokerState } from './engine/engine.ts';
export { pokerGame, type PokerGame } from './env/game.ts';
export type { PokerState } from './engine/engine.ts';

/** Poker: games/poker/ (rulesets as data, engine, env adapter, heuristic). */
export const poker = {
  name: 'poker',
  variants: VARIANTS,
  game: pokerGame,
  gameRef: pokerGame.ref,
  reporting: (g: PokerGame) => pokerReporting(g.ruleset),
  agents: pokerAgents,
  defaultAgents: ['heuristic', 'random'],
  rules: (g: PokerGame) => ({ rules: g.ruleset.data }),
  compileRules: (_g: PokerGame, rules: unknown) => pokerGame(compileRuleset(rules, undefined, 'edited ruleset')),
  seatView: (g: PokerGame, s: PokerState, seat: number) => renderSeat(g.ruleset, s, seat),
  /** The play page's board (env/play-view.ts). */
  board: pokerBoard,
};
