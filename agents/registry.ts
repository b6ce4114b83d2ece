/**
 * Resolving agent spec strings (DESIGN "Agents") for any game: the shared specs `random`,
 * `mcts[:SIMULATIONS[:ROLLOUT]]` (ROLLOUT `heuristic`, the default when the game has a heuristic, or
 * `random`) and `ppo:PATH_TO_CHECKPOINT[:greedy|sample]` (a `merlin train` checkpoint directory made for
 * this game; agents/ppo.ts), plus the game's own specs (`GameAgents`: Merlin's `heuristic`,
 * `heuristic:PATH` and `single:STRATEGY` live in Merlin's own folder). The game registry
 * (games/registry.ts) combines them per game; this module names no game.
 */
import { ArgumentError } from '../lib/errors.ts';
import { nearest } from '../lib/suggest.ts';
import type { Game } from '../env/core/game.ts';
import { RandomAgent } from './random.ts';
import { DEFAULT_MCTS, MctsAgent, type MctsGuide } from './mcts.ts';
import { PpoAgent } from './ppo.ts';
import { DEFAULT_PUCT, PuctAgent } from './puct.ts';
import { forbiddenKinds, RestrictedAgent, restrictedBase, type ActionKinds } from './restricted.ts';
import type { Agent } from './types.ts';

/**
 * What a game adds to the shared specs, from its own folder (games/NAME/agents/).
 * S is the game's state type.
 */
export interface GameAgents<S = unknown> {
  /**
   * The game's heuristic, when it has one: its default spec (`heuristic`), its specs as listed to users
   * (`heuristic`, `heuristic:PATH`), and the guide MCTS searches with (rollouts and root shortlist).
   */
  readonly heuristic?: { readonly spec: string; readonly specs: readonly string[]; guide(game: Game<S>): MctsGuide<S> };
  /** The game's other own specs as listed to users (Merlin: `single:invest`, ...), after the shared ones. */
  readonly specs: readonly string[];
  /**
   * An agent for one of the game's own specs (its heuristic's included), or undefined when `spec` is none of them.
   * `resolveSpec` resolves any spec of this game, shared ones included, for own specs that wrap another agent
   * (Merlin's `hybrid:KINDS:SPEC`).
   * @throws ArgumentError for a bad parameter
   */
  resolve(
    spec: string,
    seed: string | number,
    game: Game<S>,
    resolveSpec: (spec: string, seed: string | number) => Agent,
  ): Agent | undefined;
  /** Names of own specs whose last parameter is another spec, colons and all (Merlin: `hybrid`). */
  readonly wraps?: readonly string[];
  /**
   * True for own specs that read a file of the caller's choosing (Merlin: `heuristic:PATH`); `specReadsFiles`
   * answers for any spec of this game, for own specs that wrap another.
   */
  readsFiles?(spec: string, specReadsFiles: (spec: string) => boolean): boolean;
  /**
   * The difficulty presets for frontends: each level's agent spec in this game (docs/AGENTS.md
   * "Difficulty presets" gives what each was measured at). A preset name resolves wherever a spec does.
   */
  readonly presets?: Readonly<Record<Difficulty, string>>;
  /**
   * Levels that name another spec in one variant (a variant with a checkpoint of its own: Merlin's
   * `prosperity`); a level a variant does not name is the game's `presets` one.
   */
  readonly variantPresets?: Readonly<Record<string, Partial<Record<Difficulty, string>>>>;
}

/** `spec` as a difficulty level of a game that names presets, or undefined when it is not one. */
function levelOf<S>(own: GameAgents<S>, spec: string): Difficulty | undefined {
  return own.presets && (DIFFICULTIES as readonly string[]).includes(spec) ? (spec as Difficulty) : undefined;
}

/** The difficulty levels a game may name presets for, weakest first. */
export const DIFFICULTIES = ['easy', 'medium', 'hard', 'strongest'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

/** A game with no agents of its own: the shared specs only (MCTS with random rollouts). */
export const NO_GAME_AGENTS: GameAgents = { specs: [], resolve: () => undefined };

/** The shared MCTS specs (`mcts:SIMULATIONS:random` plays random rollouts even where a heuristic exists). */
export const MCTS_SPECS = ['mcts', 'mcts:SIMULATIONS', 'mcts:SIMULATIONS:random'] as const;
/** The shared checkpoint specs. */
export const PPO_SPECS = [
  'ppo:CHECKPOINT_DIR',
  'ppo:CHECKPOINT_DIR:sample',
  'mcts:SIMULATIONS:ppo:CHECKPOINT_DIR',
  'mcts:SIMULATIONS:C:ppo:CHECKPOINT_DIR',
] as const;

/** Restricted play: SPEC with the action kinds or categories KINDS forbidden (agents/restricted.ts). */
export const RESTRICTED_SPEC = 'restricted:KINDS:SPEC';

/**
 * Every spec a game with `own` agents resolves, as listed to users: `random`, the game's heuristic specs,
 * MCTS, ppo, restricted play, then the game's other specs.
 */
export function agentSpecs<S>(own: GameAgents<S> = NO_GAME_AGENTS as GameAgents<S>): string[] {
  return [
    'random',
    ...(own.heuristic?.specs ?? []),
    ...MCTS_SPECS,
    ...PPO_SPECS,
    RESTRICTED_SPEC,
    ...own.specs,
    ...(own.presets ? DIFFICULTIES : []),
  ];
}

/**
 * An agent for `spec`, seeded with `seed` (its own stream), playing `game`, whose own specs are `own` and whose
 * action kinds `kinds(game)` gives (the game's reporting; `restricted:` needs it).
 * @throws ArgumentError for an unknown spec or a bad parameter, naming what is available; CheckpointError
 *   for a `ppo:` checkpoint that is missing, malformed or made for another game
 */
export function resolveAgent<S>(
  spec: string,
  seed: string | number,
  game: Game<S>,
  own: GameAgents<S> = NO_GAME_AGENTS as GameAgents<S>,
  kinds?: (game: Game<S>) => ActionKinds,
): Agent {
  const level = levelOf(own, spec);
  if (level !== undefined) {
    const preset = (game.variant === undefined ? undefined : own.variantPresets?.[game.variant]?.[level]) ?? own.presets![level];
    return resolveAgent(preset, seed, game, own, kinds);
  }
  const [name, param, extra] = spec.split(':');
  if (extra !== undefined && name !== 'mcts' && name !== 'ppo' && name !== 'restricted' && !own.wraps?.includes(name))
    throw new ArgumentError(`agent spec "${spec}": too many ":" parts`);
  switch (name) {
    case 'random':
      if (param !== undefined) throw new ArgumentError(`agent spec "${spec}": random takes no parameter`);
      return new RandomAgent(seed);
    case 'mcts': {
      if (extra === 'ppo' || spec.split(':')[3] === 'ppo') return policySearch(spec, seed, game);
      const sims = param === undefined ? DEFAULT_MCTS.simulations : Number(param);
      if (!Number.isInteger(sims) || sims < 1) throw new ArgumentError(`agent spec "${spec}": SIMULATIONS must be a positive integer`);
      if (extra !== undefined && extra !== 'heuristic' && extra !== 'random')
        throw new ArgumentError(`agent spec "${spec}": ROLLOUT must be heuristic or random`);
      // The search is game-agnostic (agents/mcts.ts); the game's heuristic, if any, guides its rollouts and root shortlist.
      const guide = own.heuristic?.guide(game);
      if (!guide && extra === 'heuristic') throw new ArgumentError(`agent spec "${spec}": ${game.name} has no heuristic to roll out with`);
      const options = guide
        ? { ...DEFAULT_MCTS, simulations: sims, rollout: extra === 'random' ? ('random' as const) : ('heuristic' as const) }
        : { ...DEFAULT_MCTS, simulations: sims, rollout: 'random' as const, rootCandidates: 0 };
      return new MctsAgent(game, seed, options, spec, guide);
    }
    case 'ppo': {
      if (!param) throw new ArgumentError(`agent spec "${spec}": ppo needs a checkpoint directory (ppo:PATH)`);
      if (extra !== undefined && extra !== 'greedy' && extra !== 'sample')
        throw new ArgumentError(`agent spec "${spec}": the mode must be greedy or sample`);
      return new PpoAgent(game, param, extra === 'sample' ? 'sample' : 'greedy', seed, spec);
    }
    case 'restricted': {
      const base = restrictedBase(spec);
      if (!param || base === '')
        throw new ArgumentError(
          `agent spec "${spec}": name the forbidden kinds or categories and the agent that plays (restricted:KINDS:SPEC)`,
        );
      if (!kinds)
        throw new ArgumentError(
          `agent spec "${spec}": restricted play needs the game's action kinds (resolve it through the game registry)`,
        );
      const k = kinds(game);
      const inner = resolveAgent(base, seed, game, own, kinds);
      return new RestrictedAgent(game as Game<unknown>, k, forbiddenKinds(param, k, spec), inner, spec);
    }
  }
  const agent = own.resolve(spec, seed, game, (inner, innerSeed) => resolveAgent(inner, innerSeed, game, own, kinds));
  if (agent) return agent;
  const available = `available: ${agentSpecs(own).join(', ')}`;
  const near = nearestSpec(spec, agentSpecs(own));
  throw new ArgumentError(`agent spec "${spec}": unknown agent; ${near ? `did you mean ${near}? (${available})` : available}`);
}

/**
 * The spec `spec` was probably meant to be: the nearest listed spec without parameters (`heurstic` -> `heuristic`,
 * `randm` -> `random`), else, for a spec with parameters, its name corrected (`mtcs:100` -> `mcts:100`).
 */
function nearestSpec(spec: string, listed: readonly string[]): string | undefined {
  const whole = nearest(
    spec,
    listed.filter((s) => !/[A-Z]/.test(s)), // the listed specs without placeholders (CHECKPOINT_DIR, PATH)
  );
  if (whole !== undefined || !spec.includes(':')) return whole;
  const [name, ...rest] = spec.split(':');
  const head = nearest(name, [...new Set(listed.map((s) => s.split(':')[0]))]);
  return head === undefined ? undefined : [head, ...rest].join(':');
}

/** The checkpoint directory of a policy-guided search spec (`mcts:N[:C]:ppo:DIR`), or undefined for another spec. */
function searchCheckpoint(spec: string): string | undefined {
  const parts = spec.split(':');
  if (parts[0] !== 'mcts') return undefined;
  if (parts[2] === 'ppo') return parts.slice(3).join(':');
  if (parts[3] === 'ppo') return parts.slice(4).join(':');
  return undefined;
}

/**
 * `mcts:SIMULATIONS[:C]:ppo:DIR`: the policy-guided search of agents/puct.ts with checkpoint DIR (the rest of
 * the spec after `ppo:`) and PUCT exploration constant C (default `DEFAULT_PUCT.exploration`).
 * @throws ArgumentError for a bad SIMULATIONS or C or a missing DIR; CheckpointError for a bad checkpoint
 */
function policySearch<S>(spec: string, seed: string | number, game: Game<S>): Agent {
  const parts = spec.split(':');
  const sims = Number(parts[1]);
  if (!Number.isInteger(sims) || sims < 1) throw new ArgumentError(`agent spec "${spec}": SIMULATIONS must be a positive integer`);
  const c = parts[2] === 'ppo' ? DEFAULT_PUCT.exploration : Number(parts[2]);
  if (parts[2] === '' || !(c >= 0)) throw new ArgumentError(`agent spec "${spec}": C must be a number >= 0`);
  const dir = searchCheckpoint(spec);
  if (!dir) throw new ArgumentError(`agent spec "${spec}": the search needs a checkpoint directory (mcts:SIMULATIONS[:C]:ppo:DIR)`);
  return new PuctAgent(game, dir, seed, { ...DEFAULT_PUCT, simulations: sims, exploration: c }, spec);
}

/**
 * True for specs that make the process read a file of the caller's choosing (`ppo:PATH`, and the game's
 * own such specs, e.g. Merlin's `heuristic:PATH`). A server should not accept these from remote clients
 * unless its operator allows it. The checkpoints shipped in the repository (`ppo:checkpoints/NAME`) are
 * not such files.
 */
export function specReadsFiles<S>(spec: string, own: GameAgents<S> = NO_GAME_AGENTS as GameAgents<S>): boolean {
  const level = levelOf(own, spec);
  if (level !== undefined) {
    // A level reads files if the spec it names in any variant does.
    const named = [own.presets![level], ...Object.values(own.variantPresets ?? {}).map((v) => v[level])];
    return named.some((p) => p !== undefined && specReadsFiles(p, own));
  }
  const parts = spec.split(':');
  if (parts[0] === 'restricted') return specReadsFiles(restrictedBase(spec), own);
  if (parts[0] === 'ppo') return parts[1] !== undefined && !SHIPPED_CHECKPOINT.test(parts[1]);
  const dir = searchCheckpoint(spec);
  if (dir !== undefined) return !SHIPPED_CHECKPOINT.test(dir);
  return own.readsFiles?.(spec, (inner) => specReadsFiles(inner, own)) ?? false;
}

/** `checkpoints/NAME`: a checkpoint shipped in the repository (readable by any client; see agents/ppo.ts). */
const SHIPPED_CHECKPOINT = /^checkpoints\/[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/**
 * Parse a comma-separated list of specs, validating each with `validate` (the game registry passes its
 * game's resolver: games/registry.ts `parseAgents`).
 * @throws ArgumentError for an empty list or whatever `validate` throws
 */
export function parseAgentList(list: string, validate: (spec: string) => unknown): string[] {
  const specs = list
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  if (specs.length === 0) throw new ArgumentError('--agents needs at least one agent spec');
  for (const spec of specs) validate(spec);
  return specs;
}

/**
 * Opponents for the single-agent and vector envs playing `game` (with its own specs `own`): seat p plays
 * specs[p % specs.length], each with its own stream seeded by the env. Without a game only the specs that
 * need none (`random`) resolve; to name a game and variant by name (and as a pool FactoryRef) use the game
 * registry's `opponentFactory(specs, variant, game)` (games/registry.ts).
 * @throws ArgumentError for an unknown spec or one that needs a game when none is given
 */
export function opponentFactory<S>(
  specs: string[] | string,
  game?: Game<S>,
  own: GameAgents<S> = NO_GAME_AGENTS as GameAgents<S>,
): (seat: number, seed: string) => Agent {
  const resolve = (spec: string, seed: string | number): Agent => {
    if (game) return resolveAgent(spec, seed, game, own);
    if (spec === 'random') return new RandomAgent(seed);
    throw new ArgumentError(`agent spec "${spec}" needs a game: use opponentFactory(specs, variant, game) of games/registry.ts`);
  };
  const list = typeof specs === 'string' ? parseAgentList(specs, (spec) => resolve(spec, 0)) : specs;
  for (const spec of list) resolve(spec, 0);
  return (seat, seed) => resolve(list[seat % list.length], seed);
}
