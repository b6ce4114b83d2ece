/**
 * `heuristic` for Economicon: a one-step look-ahead economist. For every legal action it applies the action to
 * a clone of the state and scores the result for its own seat; it plays the best (ties: the lowest id).
 *
 * The score: its victory points ("Winning the game": satisfied mandates, reserves with gold and currency at X,
 * so it sees what spending its own currency does to its X and so to its whole hoard), plus for every unsatisfied
 * mandate it holds `hand` points and `progress` times the square of how far its condition is met (mandates.ts
 * conditions, 0..1), minus `rival` times the best other seat's reserve points (devaluing a rival's currency
 * counts), and, when the action ends the game, `end` for a win and minus `end` otherwise (so it does not
 * satisfy a fifth mandate while behind). It reads its own hand and public information only: a rival's hidden
 * mandate that the look-ahead satisfies is not scored (the rival term uses reserves, not mandates), though an
 * end it causes is. Deterministic.
 *
 * `single:NAME` strategies (SINGLE_STRATEGIES) are the same agent with other weights or kinds banned, for the
 * designer's probe.
 */
import type { Agent, AgentContext } from '../../../env/core/agent.ts';
import { ArgumentError } from '../../../lib/errors.ts';
import { CUR0, ELEC, GOLD, MAX_NATIONS, NUM_TYPES, OIL, TECH, type Ruleset } from '../rules/index.ts';
import {
  applyAction,
  catalogue,
  cloneState,
  Cond,
  holderPoints,
  KIND_CATEGORY,
  MAX_HAND,
  Outcome,
  RESERVES,
  unitX,
  victoryPoints,
  type Catalogue,
  type EconomiconState,
} from '../engine/index.ts';

export interface HeuristicWeights {
  /** Points per unsatisfied mandate held (its chance of 5 points later). */
  hand: number;
  /** Points for a mandate's condition fully met, scaled by progress squared. */
  progress: number;
  /** Weight of the best rival's reserve points (subtracted). */
  rival: number;
  /** Points for ending the game as the winner (and lost for ending it otherwise). */
  end: number;
  /** Action categories never played (catalogue.ts KIND_CATEGORY: growth, market, trade). */
  banned: string[];
}

export const DEFAULT_WEIGHTS: HeuristicWeights = { hand: 2, progress: 4, rival: 0.25, end: 1000, banned: [] };

/** Single-minded strategies for the designer's probe: the heuristic with one idea pushed. */
export const SINGLE_STRATEGIES: Record<string, { summary: string; weights: Partial<HeuristicWeights> }> = {
  hoarder: { summary: 'never trades: growth actions only (mint, drill, manufacture, draw)', weights: { banned: ['market', 'trade'] } },
  marketeer: { summary: 'never sells to or buys from players: growth and the market only', weights: { banned: ['trade'] } },
  mandates: {
    summary: 'chases mandates: progress worth three times as much, rivals ignored',
    weights: { progress: 12, hand: 4, rival: 0 },
  },
};

const T = NUM_TYPES;

/** How far the condition of mandate definition `d` is met for seat `p`, 0..1. */
export function conditionProgress(s: EconomiconState, rs: Ruleset, d: number, p: number): number {
  const u = s.units;
  const o = (RESERVES + p) * T;
  const amount = rs.condAmount[d];
  const f = (x: number) => Math.min(1, x / amount);
  switch (rs.condKind[d]) {
    case Cond.HoldResource:
      return f(u[o + rs.condResource[d]]);
    case Cond.HoldGold:
      return f(u[o + GOLD]);
    case Cond.HoldNative:
      return f(u[o + CUR0 + p]);
    case Cond.HoldForeign: {
      let n = 0;
      for (let c = 0; c < MAX_NATIONS; c++) if (c !== p) n += u[o + CUR0 + c];
      return f(n);
    }
    case Cond.StrongCurrency:
      return f(unitX(s, rs, CUR0 + p));
    case Cond.AllResources:
      return (f(u[o + OIL]) + f(u[o + ELEC]) + f(u[o + TECH])) / 3;
    default:
      return f(holderPoints(s, rs, RESERVES + p));
  }
}

export class EconomiconHeuristic implements Agent {
  readonly spec: string;
  readonly needsObservation = false;
  private readonly cat: Catalogue;
  private readonly w: HeuristicWeights;
  private readonly bannedKind: Uint8Array;

  /**
   * @param rs the game's ruleset
   * @param spec `heuristic` or `single:NAME` (SINGLE_STRATEGIES)
   * @throws ArgumentError for an unknown spec
   */
  constructor(
    private readonly rs: Ruleset,
    spec = 'heuristic',
    weights: Partial<HeuristicWeights> = {},
  ) {
    this.spec = spec;
    let base: Partial<HeuristicWeights> = {};
    if (spec.startsWith('single:')) {
      const strategy = SINGLE_STRATEGIES[spec.slice('single:'.length)];
      if (!strategy)
        throw new ArgumentError(`no Economicon strategy "${spec}" (single:${Object.keys(SINGLE_STRATEGIES).join(', single:')})`);
      base = strategy.weights;
    } else if (spec !== 'heuristic') throw new ArgumentError(`the Economicon heuristic's spec is heuristic or single:NAME, not "${spec}"`);
    this.w = { ...DEFAULT_WEIGHTS, ...base, ...weights };
    this.cat = catalogue(rs);
    this.bannedKind = Uint8Array.from(KIND_CATEGORY, (c) => (this.w.banned.includes(c) ? 1 : 0));
  }

  act(_obs: Float32Array | null, _mask: Uint8Array | null, ctx: AgentContext): number {
    const s = ctx.state as EconomiconState | undefined;
    if (!s) throw new ArgumentError('the Economicon heuristic needs context.state');
    if (ctx.numLegal === 1) return ctx.legal[0];
    let best = -1;
    let bestScore = -Infinity;
    for (let i = 0; i < ctx.numLegal; i++) {
      const a = ctx.legal[i];
      if (this.bannedKind[this.cat.kind[a]]) continue;
      const v = this.score(s, ctx.seat, a);
      if (v > bestScore) {
        bestScore = v;
        best = a;
      }
    }
    return best >= 0 ? best : ctx.legal[0];
  }

  /**
   * How good `action` looks to `seat` in `s`: the value of the state after it (one-step look-ahead on a copy;
   * `s` is not touched). MCTS's root shortlist ranks with this (agents/mcts.ts `MctsGuide`).
   */
  score(s: EconomiconState, seat: number, action: number): number {
    const c = cloneState(s);
    applyAction(c, this.rs, action);
    return this.value(c, seat);
  }

  /** The score of state `s` for `seat` (see the module docs). */
  value(s: EconomiconState, seat: number): number {
    const rs = this.rs;
    if (s.outcome !== Outcome.Running) return s.winner === seat ? this.w.end : -this.w.end;
    let v = victoryPoints(s, rs, seat);
    for (let i = 0; i < s.handLen[seat]; i++) {
      const pr = conditionProgress(s, rs, rs.cardDef[s.hand[seat * MAX_HAND + i]], seat);
      v += this.w.hand + this.w.progress * pr * pr;
    }
    if (this.w.rival !== 0) {
      let rival = 0;
      for (let p = 0; p < s.numPlayers; p++) if (p !== seat) rival = Math.max(rival, holderPoints(s, rs, RESERVES + p));
      v -= this.w.rival * rival;
    }
    return v;
  }
}
