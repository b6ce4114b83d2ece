/**
 * `hybrid:KINDS:BASE`: a designer's probe of one part of play against a strong player. The BASE agent (any spec:
 * `ppo:checkpoints/default`, `random`, ...) plays, except where the heuristic would answer the decision with an
 * action of one of KINDS (Merlin action kind names joined by `+`, e.g. `BuyCard+PlayCard`; docs/ACTIONS.md):
 * there the heuristic's move is played, and so are the sub-decisions that move opens (a slot, a player, a term:
 * while the state's `pending` step stays open). "Does the learned policy lose anything by never buying a card
 * the way the heuristic does?" is then a tournament: `merlin eval --agents hybrid:BuyCard+PlayCard:ppo:DIR,ppo:DIR,
 * ppo:DIR,ppo:DIR` (docs/journal/balance.md "Does buying pay against the learned line?").
 */
import type { Agent, AgentContext } from '../../../env/core/agent.ts';
import { ArgumentError } from '../../../lib/errors.ts';
import type { Ruleset } from '../rules/index.ts';
import { catalogue, Kind, type ActionCatalogue } from '../engine/actions.ts';
import { Pending, type MerlinState } from '../engine/state.ts';
import { HeuristicAgent, loadWeights } from './heuristic.ts';

/** The wrapped SPEC of `hybrid:KINDS:SPEC`, colons and all ('' when there is none). */
export const hybridBase = (spec: string): string => spec.split(':').slice(2).join(':');

/** The kind numbers of a `+`-separated list of kind names. @throws ArgumentError naming the kinds for an unknown name */
export function parseKinds(list: string, spec: string): Set<number> {
  const kinds = new Set<number>();
  for (const name of list.split('+')) {
    if (!Object.hasOwn(Kind, name))
      throw new ArgumentError(`agent spec "${spec}": unknown action kind "${name}"; kinds: ${Object.keys(Kind).join(', ')}`);
    kinds.add(Kind[name as keyof typeof Kind]);
  }
  return kinds;
}

export class HybridAgent implements Agent {
  readonly needsObservation: boolean;
  private readonly cat: ActionCatalogue;
  /** True while a sub-decision the heuristic's move opened is still open. */
  private heuristicOpen = false;

  /**
   * @param kinds the action kinds (Kind numbers) the heuristic decides
   * @param base the agent that makes every other decision
   */
  constructor(
    rs: Ruleset,
    private readonly kinds: ReadonlySet<number>,
    private readonly base: Agent,
    readonly spec: string,
    private readonly heuristic: Agent = new HeuristicAgent(rs, loadWeights()),
  ) {
    this.cat = catalogue(rs);
    this.needsObservation = base.needsObservation ?? false;
  }

  /** @throws ArgumentError without `context.state` (the heuristic reads the state) */
  act(observation: Float32Array | null, actionMask: Uint8Array | null, context: AgentContext): number {
    const s = context.state as MerlinState | undefined;
    if (!s) throw new ArgumentError('the hybrid agent needs context.state');
    const h = this.heuristic.act(null, null, context);
    if ((this.heuristicOpen && s.pending !== Pending.None) || this.kinds.has(this.cat.kind[h])) {
      this.heuristicOpen = true;
      return h;
    }
    this.heuristicOpen = false;
    return this.base.act(observation, actionMask, context);
  }
}
