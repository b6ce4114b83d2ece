/**
 * Merlin's own agent specs, added by the game registry (games/registry.ts) to the shared ones of
 * agents/registry.ts (`random`, `mcts[:SIMULATIONS[:ROLLOUT]]`, `ppo:DIR[:MODE]`):
 *
 * - `heuristic` / `heuristic:PATH`: the hand-written economist (heuristic.ts) with the shipped weights or a
 *   designer's weights file; it is also what guides MCTS and what training imitates;
 * - `single:STRATEGY`: the single-minded strategies of the designer's probe (single.ts);
 * - `hybrid:KINDS:SPEC`: SPEC's play with the heuristic deciding the action kinds KINDS (hybrid.ts).
 *
 * Shaped as agents/registry.ts's `GameAgents<MerlinState>` (checked where the registry uses it; a game's
 * folder does not import the agents layer above it).
 */
import type { Agent } from '../../../env/core/agent.ts';
import type { Game } from '../../../env/core/game.ts';
import { ArgumentError } from '../../../lib/errors.ts';
import type { Ruleset } from '../rules/index.ts';
import type { MerlinState } from '../engine/state.ts';
import { HeuristicAgent, loadWeights } from './heuristic.ts';
import { hybridBase, HybridAgent, parseKinds } from './hybrid.ts';
import { SingleMindedAgent, STRATEGIES } from './single.ts';

/** The ruleset of one of Merlin's games (a MerlinGame carries its ruleset). */
const rulesetOf = (game: Game<MerlinState>): Ruleset => (game as unknown as { ruleset: Ruleset }).ruleset;

/** The shipped heuristic for `game`'s ruleset: MCTS's guide and the teacher training imitates. */
export function merlinHeuristic(game: Game<MerlinState>): HeuristicAgent {
  return new HeuristicAgent(rulesetOf(game), loadWeights());
}

/**
 * An agent for one of Merlin's own specs, or undefined when `spec` is none of them.
 * @throws ArgumentError for a bad parameter (a missing or unknown strategy, a bad weights file)
 */
function resolveMerlinAgent(
  spec: string,
  seed: string | number,
  game: Game<MerlinState>,
  resolveSpec: (spec: string, seed: string | number) => Agent,
): Agent | undefined {
  const [name, param] = spec.split(':');
  if (name === 'hybrid') {
    const base = hybridBase(spec);
    if (param === undefined || base === '')
      throw new ArgumentError(`agent spec "${spec}": name the kinds the heuristic decides and the agent for the rest (hybrid:KINDS:SPEC)`);
    return new HybridAgent(rulesetOf(game), parseKinds(param, spec), resolveSpec(base, seed), spec);
  }
  if (name !== 'heuristic' && name !== 'single') return undefined;
  if (name === 'heuristic') return new HeuristicAgent(rulesetOf(game), param === undefined ? loadWeights() : loadWeights(param), spec);
  if (param === undefined)
    throw new ArgumentError(`agent spec "${spec}": name a strategy (single:${Object.keys(STRATEGIES).join(', single:')})`);
  return new SingleMindedAgent(rulesetOf(game), param);
}

/** Merlin's agents as the registry combines them (agents/registry.ts `GameAgents`). */
export const merlinAgents = {
  heuristic: { spec: 'heuristic', specs: ['heuristic', 'heuristic:PATH'], guide: merlinHeuristic },
  specs: [...Object.keys(STRATEGIES).map((n) => `single:${n}`), 'hybrid:KINDS:SPEC'],
  wraps: ['hybrid'],
  resolve: resolveMerlinAgent,
  /**
   * Difficulty presets for frontends (docs/AGENTS.md "Difficulty presets" has what each was measured at): random
   * play, the heuristic, the shipped policy `checkpoints/default`, and search guided by it.
   */
  presets: { easy: 'random', medium: 'heuristic', hard: 'ppo:checkpoints/default', strongest: 'mcts:100:ppo:checkpoints/default' },
  /** On the recommended ruleset, its own checkpoint (docs/AGENTS.md "Difficulty presets"). */
  variantPresets: { prosperity: { hard: 'ppo:checkpoints/prosperity', strongest: 'mcts:100:ppo:checkpoints/prosperity' } },
  /** `heuristic:PATH` reads a weights file of the caller's choosing; `hybrid:KINDS:SPEC` whatever SPEC reads. */
  readsFiles: (spec: string, specReadsFiles: (spec: string) => boolean) => {
    const [name, param] = spec.split(':');
    if (name === 'hybrid') return specReadsFiles(hybridBase(spec));
    return name === 'heuristic' && param !== undefined;
  },
};
