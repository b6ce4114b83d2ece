/**
 * DML's own agent specs, added by the game registry (games/registry.ts) to the shared ones (`random`,
 * `mcts[:SIMULATIONS[:ROLLOUT]]`, `ppo:DIR[:MODE]`): `heuristic` (heuristic.ts: plays the odds; MCTS's guide
 * and what training imitates) and `single:STRATEGY` (the probe's single-minded lines).
 */
import type { Agent } from '../../../env/core/agent.ts';
import type { Game } from '../../../env/core/game.ts';
import type { Ruleset } from '../rules/index.ts';
import type { DmlState } from '../engine/state.ts';
import { DmlHeuristic, SINGLE_STRATEGIES } from './heuristic.ts';

const rulesetOf = (game: Game<DmlState>): Ruleset => (game as unknown as { ruleset: Ruleset }).ruleset;

/** The heuristic for `game`'s ruleset. */
export function dmlHeuristic(game: Game<DmlState>): DmlHeuristic {
  return new DmlHeuristic(rulesetOf(game));
}

function resolveDmlAgent(spec: string, _seed: string | number, game: Game<DmlState>): Agent | undefined {
  const name = spec.split(':')[0];
  if (name !== 'heuristic' && name !== 'single') return undefined;
  return new DmlHeuristic(rulesetOf(game), spec);
}

/** DML's agents as the registry combines them (agents/registry.ts `GameAgents`). */
export const dmlAgents = {
  heuristic: { spec: 'heuristic', specs: ['heuristic'], guide: dmlHeuristic },
  specs: Object.keys(SINGLE_STRATEGIES).map((n) => `single:${n}`),
  resolve: resolveDmlAgent,
  /**
   * Difficulty presets for frontends (docs/AGENTS.md "Difficulty presets" has what each was measured at): random
   * play, the heuristic, the shipped policy `checkpoints/dml`, and search guided by it.
   */
  presets: { easy: 'random', medium: 'heuristic', hard: 'ppo:checkpoints/dml', strongest: 'mcts:100:ppo:checkpoints/dml' },
};
