/**
 * Economicon's own agent specs, added by the game registry (games/registry.ts) to the shared ones of
 * agents/registry.ts (`random`, `mcts[:SIMULATIONS[:ROLLOUT]]`, `ppo:DIR[:MODE]`):
 *
 * - `heuristic`: the one-step look-ahead economist (heuristic.ts); it also guides MCTS (rollouts and the
 *   root shortlist) and is what training imitates;
 * - `single:STRATEGY`: the single-minded strategies of the designer's probe (SINGLE_STRATEGIES).
 *
 * Shaped as agents/registry.ts's `GameAgents<EconomiconState>` (checked where the registry uses it; a game's
 * folder does not import the agents layer above it).
 */
import type { Agent } from '../../../env/core/agent.ts';
import type { Game } from '../../../env/core/game.ts';
import type { Ruleset } from '../rules/index.ts';
import type { EconomiconState } from '../engine/state.ts';
import { EconomiconHeuristic, SINGLE_STRATEGIES } from './heuristic.ts';

/** The ruleset of one of Economicon's games (an EconomiconGame carries its ruleset). */
const rulesetOf = (game: Game<EconomiconState>): Ruleset => (game as unknown as { ruleset: Ruleset }).ruleset;

/** The heuristic for `game`'s ruleset: MCTS's guide and the teacher training imitates. */
export function economiconHeuristic(game: Game<EconomiconState>): EconomiconHeuristic {
  return new EconomiconHeuristic(rulesetOf(game));
}

/**
 * An agent for one of Economicon's own specs, or undefined when `spec` is none of them.
 * @throws ArgumentError for a parameter on `heuristic` or an unknown strategy
 */
function resolveEconomiconAgent(spec: string, _seed: string | number, game: Game<EconomiconState>): Agent | undefined {
  const name = spec.split(':')[0];
  if (name !== 'heuristic' && name !== 'single') return undefined;
  return new EconomiconHeuristic(rulesetOf(game), spec);
}

/** Economicon's agents as the registry combines them (agents/registry.ts `GameAgents`). */
export const economiconAgents = {
  heuristic: { spec: 'heuristic', specs: ['heuristic'], guide: economiconHeuristic },
  specs: Object.keys(SINGLE_STRATEGIES).map((n) => `single:${n}`),
  resolve: resolveEconomiconAgent,
  /**
   * Difficulty presets for frontends (docs/AGENTS.md "Difficulty presets" has what each was measured at): random
   * play, the heuristic, the shipped policy `checkpoints/economicon`, and search guided by it.
   */
  presets: { easy: 'random', medium: 'heuristic', hard: 'ppo:checkpoints/economicon', strongest: 'mcts:100:ppo:checkpoints/economicon' },
};
