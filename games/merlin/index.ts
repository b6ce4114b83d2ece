/**
 * Merlin Economics as the game registry (games/registry.ts) registers it: the shape of the registry's
 * `GameDefinition<MerlinState>` (checked where the registry uses it; a game's folder does not import the layers
 * above it). The registry lists it by this one name.
 */
import type { MerlinState } from './engine/state.ts';
import { merlinGame, type MerlinGame } from './env/game.ts';
import { merlinReporting } from './env/reporting.ts';
import { merlinDocs } from './env/docs.ts';
import { renderSeat } from './env/render.ts';
import { merlinBoard } from './env/play-view.ts';
import { merlinReplay } from './designer/replay.ts';
import { merlinProbe } from './designer/probe.ts';
import { merlinAgents } from './agents/specs.ts';
import { compileRuleset } from './rules/index.ts';

/** Merlin Economics: games/merlin/ (engine, env adapter, agents, designer views). */
export const merlin = {
  name: 'merlin',
  variants: ['full', 'market', 'skirmish', 'classic', 'literal', 'council', 'prosperity'],
  game: merlinGame,
  gameRef: merlinGame.ref,
  reporting: (game: MerlinGame) => merlinReporting(game.ruleset),
  agents: merlinAgents,
  docs: (variant?: string) => merlinDocs(merlinGame(variant).ruleset),
  replay: merlinReplay,
  probe: merlinProbe,
  /** Edited rules compiled with `game`'s decks (the replay's embedded ones). */
  compileRules: (game: MerlinGame, rules: unknown) => {
    const { decks } = merlinReplay.embedRules(game);
    return merlinGame(compileRuleset(rules, (_file, deck) => decks[deck], 'edited ruleset'));
  },
  seatView: (game: MerlinGame, s: MerlinState, seat: number) => renderSeat(game.ruleset, s, seat),
  /** The play page's board (env/play-view.ts). */
  board: merlinBoard,
};
