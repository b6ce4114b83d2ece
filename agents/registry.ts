/**
 * Resolving agent spec strings (DESIGN "Agents"): `random`, `heuristic`, `mcts[:SIMULATIONS]`,
 * `ppo:PATH_TO_CHECKPOINT`. Only `random` is built so far; the others are refused with a clear error
 * until their issues land (baseline agents and search; training).
 */
import { ArgumentError } from '../env/core/errors.ts';
import { RandomAgent } from './random.ts';
import type { Agent } from './types.ts';

/** Agent specs that resolve today. */
export const AVAILABLE_AGENTS = ['random'] as const;
const PLANNED: Record<string, string> = {
  heuristic: 'the heuristic agent is not built yet (baseline agents issue)',
  mcts: 'the IS-MCTS agent is not built yet (baseline agents issue)',
  ppo: 'PPO checkpoints are not built yet (training issue)',
};

/**
 * An agent for `spec`, seeded with `seed` (its own stream).
 * @throws ArgumentError for an unknown or not-yet-built spec, naming what is available
 */
export function resolveAgent(spec: string, seed: string | number): Agent {
  const name = spec.split(':')[0];
  if (name === 'random') {
    if (spec !== 'random') throw new ArgumentError(`agent spec "${spec}": random takes no parameter`);
    return new RandomAgent(seed);
  }
  const why = PLANNED[name];
  throw new ArgumentError(`agent spec "${spec}": ${why ?? 'unknown agent'}; available: ${AVAILABLE_AGENTS.join(', ')}`);
}

/** Parse a comma-separated list of specs, validating each. */
export function parseAgentList(list: string): string[] {
  const specs = list.split(',').map((x) => x.trim()).filter(Boolean);
  if (specs.length === 0) throw new ArgumentError('--agents needs at least one agent spec');
  for (const spec of specs) resolveAgent(spec, 0);
  return specs;
}

/**
 * Opponents for the single-agent and vector envs: seat p (among the non-learning seats, in seat order)
 * plays specs[i % specs.length]; each gets its own stream seeded by the env. Usable as a pool FactoryRef
 * (`{ module: '<repo>/agents/registry.ts', export: 'opponentFactory', args: [['random']] }`).
 */
export function opponentFactory(specs: string[] | string): (seat: number, seed: string) => Agent {
  const list = typeof specs === 'string' ? parseAgentList(specs) : specs;
  for (const spec of list) resolveAgent(spec, 0);
  return (seat, seed) => resolveAgent(list[seat % list.length], seed);
}
