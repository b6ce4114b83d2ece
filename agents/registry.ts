/**
 * Resolving agent spec strings (DESIGN "Agents"): `random`, `heuristic` (or `heuristic:PATH` to a
 * weights file), `mcts[:SIMULATIONS[:ROLLOUT]]` (ROLLOUT `heuristic`, the default, or `random`),
 * `single:STRATEGY` (single-minded strategies for the designer's probe, agents/single.ts),
 * `ppo:PATH_TO_CHECKPOINT[:greedy|sample]` (a `merlin train` checkpoint directory; agents/ppo.ts).
 */
import { ArgumentError } from '../lib/errors.ts';
import { loadRuleset, type Ruleset } from '../games/merlin/rules/index.ts';
import { merlinGame } from '../games/merlin/env/game.ts';
import { RandomAgent } from './random.ts';
import { HeuristicAgent, loadWeights } from './heuristic.ts';
import { DEFAULT_MCTS, MctsAgent } from './mcts.ts';
import { PpoAgent } from './ppo.ts';
import { SingleMindedAgent, STRATEGIES } from './single.ts';
import type { Agent } from './types.ts';

/** Agent specs that resolve today. */
export const AVAILABLE_AGENTS = [
  'random',
  'heuristic',
  'heuristic:PATH',
  'mcts',
  'mcts:SIMULATIONS',
  'mcts:SIMULATIONS:random',
  'ppo:CHECKPOINT_DIR',
  'ppo:CHECKPOINT_DIR:sample',
  ...Object.keys(STRATEGIES).map((n) => `single:${n}`),
] as const;

/**
 * An agent for `spec`, seeded with `seed` (its own stream), playing under `ruleset` (default `full`).
 * @throws ArgumentError for an unknown or not-yet-built spec, or a bad parameter, naming what is available
 */
export function resolveAgent(spec: string, seed: string | number, ruleset?: Ruleset): Agent {
  const [name, param, extra] = spec.split(':');
  const rs = () => ruleset ?? loadRuleset('full');
  if (extra !== undefined && name !== 'mcts' && name !== 'ppo') throw new ArgumentError(`agent spec "${spec}": too many ":" parts`);
  switch (name) {
    case 'random':
      if (param !== undefined) throw new ArgumentError(`agent spec "${spec}": random takes no parameter`);
      return new RandomAgent(seed);
    case 'heuristic':
      return new HeuristicAgent(rs(), param === undefined ? loadWeights() : loadWeights(param), spec);
    case 'mcts': {
      const sims = param === undefined ? DEFAULT_MCTS.simulations : Number(param);
      if (!Number.isInteger(sims) || sims < 1) throw new ArgumentError(`agent spec "${spec}": SIMULATIONS must be a positive integer`);
      if (extra !== undefined && extra !== 'heuristic' && extra !== 'random')
        throw new ArgumentError(`agent spec "${spec}": ROLLOUT must be heuristic or random`);
      // The search is game-agnostic (agents/mcts.ts); Merlin's heuristic guides its rollouts and root shortlist.
      const options = { ...DEFAULT_MCTS, simulations: sims, rollout: extra === 'random' ? ('random' as const) : ('heuristic' as const) };
      return new MctsAgent(merlinGame(rs()), seed, options, spec, new HeuristicAgent(rs(), loadWeights()));
    }
    case 'ppo': {
      if (!param) throw new ArgumentError(`agent spec "${spec}": ppo needs a checkpoint directory (ppo:PATH)`);
      if (extra !== undefined && extra !== 'greedy' && extra !== 'sample')
        throw new ArgumentError(`agent spec "${spec}": the mode must be greedy or sample`);
      return new PpoAgent(merlinGame(rs()), param, extra === 'sample' ? 'sample' : 'greedy', seed, spec);
    }
    case 'single':
      if (param === undefined)
        throw new ArgumentError(`agent spec "${spec}": name a strategy (single:${Object.keys(STRATEGIES).join(', single:')})`);
      return new SingleMindedAgent(rs(), param);
  }
  throw new ArgumentError(`agent spec "${spec}": unknown agent; available: ${AVAILABLE_AGENTS.join(', ')}`);
}

/**
 * True for specs that make the process read a file of the caller's choosing (`heuristic:PATH`, `ppo:PATH`).
 * A server should not accept these from remote clients unless its operator allows it. The checkpoints
 * shipped in the repository (`ppo:checkpoints/NAME`) are not such files.
 */
export function specReadsFiles(spec: string): boolean {
  const [name, param] = spec.split(':');
  if (name === 'ppo' && param !== undefined && SHIPPED_CHECKPOINT.test(param)) return false;
  return (name === 'heuristic' || name === 'ppo') && param !== undefined;
}

/** `checkpoints/NAME`: a checkpoint shipped in the repository (readable by any client; see agents/ppo.ts). */
const SHIPPED_CHECKPOINT = /^checkpoints\/[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/**
 * Parse a comma-separated list of specs, validating each with `validate` (default: resolving it for
 * Merlin's `full` ruleset; the game registry passes its game's resolver).
 * @throws ArgumentError for an empty list or whatever `validate` throws
 */
export function parseAgentList(list: string, validate: (spec: string) => unknown = (spec) => resolveAgent(spec, 0)): string[] {
  const specs = list
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  if (specs.length === 0) throw new ArgumentError('--agents needs at least one agent spec');
  for (const spec of specs) validate(spec);
  return specs;
}

/**
 * Opponents for the single-agent and vector envs: seat p plays specs[p % specs.length], each with its
 * own stream seeded by the env, under `variant` (a ruleset name, default `full`). Usable as a pool
 * FactoryRef (`{ module: '<repo>/agents/registry.ts', export: 'opponentFactory', args: [['random']] }`).
 */
export function opponentFactory(specs: string[] | string, variant = 'full'): (seat: number, seed: string) => Agent {
  const list = typeof specs === 'string' ? parseAgentList(specs) : specs;
  const rs = loadRuleset(variant);
  for (const spec of list) resolveAgent(spec, 0, rs);
  return (seat, seed) => resolveAgent(list[seat % list.length], seed, rs);
}
