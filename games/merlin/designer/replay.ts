/**
 * Merlin's parts of a replay log (the game registry's `replay` for Merlin; the log itself is
 * designer/replay.ts): the ruleset embedded with its five decks, so a log replays on a machine without
 * the designer's files; the turn of each action; the two dice rolled when an action starts a new turn;
 * and the viewer's counters and tables (replay-view.ts).
 */
import { StateError } from '../../../lib/errors.ts';
import type { Game } from '../../../env/core/game.ts';
import { compileRuleset, type Ruleset } from '../rules/index.ts';
import type { MerlinState } from '../engine/state.ts';
import { merlinGame } from '../env/game.ts';
import { merlinReplayView } from './replay-view.ts';

const rulesetOf = (game: Game<MerlinState>): Ruleset => (game as unknown as { ruleset: Ruleset }).ruleset;

/** Shaped as games/registry.ts's `GameReplay<MerlinState>`. */
export const merlinReplay = {
  /** The ruleset's data and its decks, as a log embeds them. */
  embedRules: (game: Game<MerlinState>) => {
    const rs = rulesetOf(game);
    return { rules: rs.data as unknown, decks: rs.decks as Record<string, unknown> };
  },
  /**
   * The game of a log's embedded ruleset, compiled from the rules and decks it carries.
   * @throws RulesetError for invalid rules; StateError when they hash to other than the recorded `hash`
   */
  gameFromRules: (name: string, hash: string, rules: unknown, decks: Record<string, unknown>): Game<MerlinState> => {
    const rs = compileRuleset(rules, (_file, deck) => decks[deck], `replay ruleset ${name}`);
    if (rs.hash !== hash)
      throw new StateError(`the replay's ruleset hashes to ${rs.hash.slice(0, 12)}, not the recorded ${hash.slice(0, 12)}`);
    return merlinGame(rs);
  },
  turn: (s: MerlinState) => s.turn,
  chanceName: 'dice',
  /** The two dice of the current turn's roll. */
  chance: (s: MerlinState) => [s.die1, s.die2],
  view: (game: Game<MerlinState>) => merlinReplayView(rulesetOf(game)),
};
