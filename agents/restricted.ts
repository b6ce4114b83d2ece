/**
 * `restricted:KINDS:SPEC`: restricted play (Jaffe et al., AIIDE 2012: "does X matter?" is the win rate of an
 * agent forbidden X against the unrestricted field). SPEC (any spec of the game) plays, but every decision is
 * offered without the actions of the forbidden kinds or categories KINDS: the game's own reporting names
 * (`GameReporting.kindNames` and `categories`, e.g. Merlin's `BuyCard`, `combat`; docs/ACTIONS.md), joined by
 * `+`. "Does buying cards matter?" is then a probe of `restricted:BuyCard:heuristic` against three `heuristic`.
 *
 * Where every legal action is forbidden (the game leaves only forbidden moves: a sub-decision a forbidden move
 * would have opened never arises, but a phase may offer nothing else), the agent is given the whole list and
 * takes a forbidden action, so the game goes on legally; `forced` counts those decisions, and the probe counts
 * the actions themselves (`kind_counts_by_agent` of the restricted spec). Game-agnostic: the game registry
 * resolves the spec with its game's reporting (agents/registry.ts `resolveAgent`).
 */
import type { Agent, AgentContext } from '../env/core/agent.ts';
import type { Game } from '../env/core/game.ts';
import type { GameReporting } from '../env/core/play.ts';
import { ArgumentError } from '../lib/errors.ts';

/** What restricted play needs of a game's reporting: its action kinds and, where it has them, their categories. */
export type ActionKinds = Pick<GameReporting<unknown>, 'kindNames' | 'kindOf' | 'categories' | 'kindCategory'>;

/** The wrapped SPEC of `restricted:KINDS:SPEC`, colons and all ('' when there is none). */
export const restrictedBase = (spec: string): string => spec.split(':').slice(2).join(':');

/**
 * Per action kind, 1 when `list` (kind or category names joined by `+`) names it or its category; `what` opens the
 * error message (`agent spec "restricted:..."`).
 * @throws ArgumentError naming the game's kinds and categories for a name that is neither, or an empty list
 */
export function kindsNamed(list: string, kinds: ActionKinds, what: string): Uint8Array {
  const out = new Uint8Array(kinds.kindNames.length);
  const names = list.split('+').filter(Boolean);
  if (names.length === 0) throw new ArgumentError(`${what}: name action kinds or categories (joined by +)`);
  for (const name of names) {
    const k = kinds.kindNames.indexOf(name);
    if (k >= 0) {
      out[k] = 1;
      continue;
    }
    if (kinds.categories?.includes(name) && kinds.kindCategory) {
      for (let j = 0; j < out.length; j++) if (kinds.kindCategory(j) === name) out[j] = 1;
      continue;
    }
    throw new ArgumentError(
      `${what}: "${name}" is neither an action kind nor a category of this game; kinds: ${kinds.kindNames.join(', ')}` +
        (kinds.categories ? `; categories: ${kinds.categories.join(', ')}` : ''),
    );
  }
  return out;
}

/**
 * Per action kind, 1 when the KINDS of `restricted:KINDS:SPEC` forbid it (`kindsNamed`).
 * @throws ArgumentError naming the spec, the game's kinds and categories
 */
export const forbiddenKinds = (list: string, kinds: ActionKinds, spec: string): Uint8Array =>
  kindsNamed(list, kinds, `agent spec "${spec}"`);

export class RestrictedAgent implements Agent {
  readonly needsObservation: boolean;
  /** Decisions at which every legal action was forbidden, so a forbidden one was taken. */
  forced = 0;
  /** 1 per action id whose kind is forbidden. */
  private readonly forbidden: Uint8Array;
  private readonly legal: Int32Array;
  private readonly mask: Uint8Array;
  /** The context the base agent sees (reused: no allocation per decision). */
  private readonly ctx: AgentContext;

  /**
   * @param game the game played (its action ids)
   * @param kinds the game's reporting (kind of each action id)
   * @param forbiddenKind per kind, 1 when forbidden (`forbiddenKinds`)
   * @param base the agent that plays the allowed actions
   */
  constructor(
    game: Game<unknown>,
    kinds: ActionKinds,
    forbiddenKind: Uint8Array,
    private readonly base: Agent,
    readonly spec: string,
  ) {
    this.forbidden = new Uint8Array(game.numActions);
    for (let a = 0; a < game.numActions; a++) this.forbidden[a] = forbiddenKind[kinds.kindOf(a)];
    this.legal = new Int32Array(game.numActions);
    this.mask = new Uint8Array(game.numActions);
    this.ctx = { seat: 0, legal: this.legal, numLegal: 0 };
    this.needsObservation = base.needsObservation ?? false;
  }

  act(observation: Float32Array | null, actionMask: Uint8Array | null, context: AgentContext): number {
    let n = 0;
    for (let i = 0; i < context.numLegal; i++) {
      const a = context.legal[i];
      if (!this.forbidden[a]) this.legal[n++] = a;
    }
    if (n === 0) {
      this.forced++;
      return this.base.act(observation, actionMask, context);
    }
    if (n === context.numLegal) return this.base.act(observation, actionMask, context);
    let mask: Uint8Array | null = null;
    if (actionMask) {
      mask = this.mask;
      for (let a = 0; a < mask.length; a++) mask[a] = actionMask[a] & (this.forbidden[a] ^ 1);
    }
    this.ctx.seat = context.seat;
    this.ctx.numLegal = n;
    this.ctx.state = context.state;
    return this.base.act(observation, mask, this.ctx);
  }
}
