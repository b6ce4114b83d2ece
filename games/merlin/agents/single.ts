/**
 * Single-minded strategies (`single:NAME`): fixed, deliberately one-track lines of play for the designer's
 * degenerate-strategy search (`merlin probe`). If one of them beats the `heuristic` economist, the line it
 * pushes is a candidate dominant strategy.
 *
 * Each strategy is the heuristic (games/merlin/agents/heuristic.ts) with two changes: a set of action kinds it never
 * takes (`forbidden`), and preference rules tried first, in order: when a legal action matches a rule, the
 * rule picks among the matching actions and the heuristic is not asked. Kinds are matched by name
 * (KIND_NAMES), so the strategies pick up action kinds added to the catalogue without code changes.
 *
 * | spec | line of play |
 * | --- | --- |
 * | `single:invest` | always invest: whenever an Invest is legal, the largest amount in the property whose number rolls most often |
 * | `single:never-trade` | never trades: never sells (spells, Mead, into bids), bids, asks, trades, sells or auctions property, writes or buys contracts, lends or insures; it may refuse offers and pass in auctions |
 * | `single:golems` | all-in golems: animates every Jack and Queen it can, commands its units and attacks whenever it can, then buys cards |
 * | `single:decrees` | decree hoarder: buys cards (Kings bring decrees), always enacts, bids its all for refused decrees, pays tax in gold to keep its Crowns |
 * | `single:hoard` | sits still: ends its turn at once, bids 0, votes keep, draws Crystal Ball, refuses offers, passes in auctions; the heuristic decides its tax |
 *
 * `single:golems` uses the combat chapter's kinds (Animate, CommandUnit, AttackUnit, AttackProperty); under a
 * ruleset with golems switched off (`market`) those are never legal and it buys cards and plays the
 * heuristic. Where it commands a unit that cannot attack, the heuristic picks the order. Deterministic.
 */
import type { Agent, AgentContext } from '../../../env/core/agent.ts';
import { ArgumentError } from '../../../lib/errors.ts';
import type { Ruleset } from '../rules/index.ts';
import { catalogue, KIND_NAMES, type ActionCatalogue } from '../engine/actions.ts';
import { Phase, type MerlinState } from '../engine/state.ts';
import { rankOf } from '../engine/cards.ts';
import { HeuristicAgent, loadWeights } from './heuristic.ts';

/** Picks one of the matching legal actions (never called with none). */
type Pick = (s: MerlinState, seat: number, ids: number[], cat: ActionCatalogue, rs: Ruleset) => number;

interface Rule {
  /** Kind names this rule applies to. */
  kinds: RegExp;
  /** Only in these phases (all when absent). */
  phases?: number[];
  pick: Pick;
}

interface Strategy {
  summary: string;
  forbidden?: RegExp;
  rules: Rule[];
  /** When the rules' kinds are all missing from the catalogue: what the agent does instead. */
  needs?: { kinds: RegExp; fallback: string };
}

/** Ways to roll each total with two dice (index 2..12). */
const WAYS = [0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1];
const first: Pick = (_s, _seat, ids) => ids[0];
const largestArg: Pick = (_s, _seat, ids, cat) => ids.reduce((a, b) => (cat.arg[b] > cat.arg[a] ? b : a));
const smallestArg: Pick = (_s, _seat, ids, cat) => ids.reduce((a, b) => (cat.arg[b] < cat.arg[a] ? b : a));

/** Invest: the property whose number comes up most often, the largest grid amount (0 = all). */
const bestInvest: Pick = (s, seat, ids, cat, rs) => {
  const F = rs.data.table.fieldSlots;
  const grid = rs.data.grids.invest;
  const value = (id: number) => WAYS[rankOf(s.slotCard[seat * F + cat.arg[id]])] * 1000 + (grid[cat.arg2[id]] || 999);
  return ids.reduce((a, b) => (value(b) > value(a) ? b : a));
};

export const STRATEGIES: Record<string, Strategy> = {
  invest: {
    summary: 'always invests the largest amount when it can, in its most frequent property',
    rules: [{ kinds: /^Invest$/, pick: bestInvest }],
  },
  'never-trade': {
    summary:
      'plays the heuristic but never sells or trades: no selling (spells, Mead, into bids), no bids, asks, trades, property sales or auctions, futures, loans or insurance; it may refuse offers, pass in auctions, pull its asks and repay loans',
    forbidden:
      /^(Sell.*|BuyFromAsk|PostBid|PostAsk|ProposeTrade|AcceptOffer|OfferProperty|LiquidateProperty|AuctionProperty|RaiseAuction|WriteFuture|BuyFuture|ResellFuture|OfferLoan|BuyInsurance)$/,
    rules: [],
  },
  golems: {
    summary:
      'all-in golems: animates every Jack and Queen it can, sends its units to attack whenever an attack is legal, then buys cards (golems come from the deck)',
    rules: [
      { kinds: /^Animate$/, pick: first },
      { kinds: /^Attack(Unit|Property)$/, pick: first },
      { kinds: /^CommandUnit$/, pick: first },
      { kinds: /^BuyCard$/, pick: first },
    ],
    needs: {
      kinds: /^Animate$/,
      fallback: 'no golem actions in this engine: it buys a card whenever it can and otherwise plays the heuristic',
    },
  },
  decrees: {
    summary:
      'hoards Royal Decrees and Crowns: buys cards (Kings bring decrees), always enacts, bids its all for refused decrees, pays tax in gold',
    rules: [
      { kinds: /^PlayCrowns$/, pick: first },
      { kinds: /^EnactDecree$/, pick: first },
      { kinds: /^Bid$/, phases: [Phase.DecreeBid], pick: largestArg },
      { kinds: /^PayTax$/, pick: first },
      { kinds: /^BuyCard$/, pick: first },
    ],
  },
  hoard: {
    summary:
      'sits still and holds its gold: buys no cards, bids 0 in every auction, votes keep on every ballot, draws Crystal Ball, refuses every offer, passes in property auctions and ends its turn at once; the heuristic decides the rest (tax, decrees it happens to win)',
    rules: [
      { kinds: /^EndTurn$/, pick: first },
      { kinds: /^Bid$/, pick: smallestArg },
      { kinds: /^VoteKeep$/, pick: first },
      { kinds: /^VoteRegulationAgainst$/, pick: first },
      { kinds: /^DrawCrystalBall$/, pick: first },
      { kinds: /^(RefuseOffer|PassAuction)$/, pick: first },
    ],
  },
};

/** A single-minded strategy agent; see module docs. */
export class SingleMindedAgent implements Agent {
  readonly spec: string;
  readonly needsObservation = false;
  /** What the strategy does instead when the engine lacks the actions it is about (null when it has them). */
  readonly fallback: string | null;
  readonly summary: string;
  private readonly cat: ActionCatalogue;
  private readonly heuristic: HeuristicAgent;
  /** Per kind: 1 when forbidden. */
  private readonly banned: Uint8Array;
  /** Per rule, per kind: 1 when the rule applies to the kind. */
  private readonly ruleKinds: Uint8Array[];
  private readonly rules: Rule[];
  private readonly scratch: Int32Array;

  constructor(
    private readonly rs: Ruleset,
    name: string,
  ) {
    const st = STRATEGIES[name];
    if (!st)
      throw new ArgumentError(
        `agent spec "single:${name}": unknown strategy; available: ${Object.keys(STRATEGIES)
          .map((n) => `single:${n}`)
          .join(', ')}`,
      );
    this.spec = `single:${name}`;
    this.summary = st.summary;
    this.cat = catalogue(rs);
    this.heuristic = new HeuristicAgent(rs, loadWeights(), this.spec);
    const kinds = this.cat.base.length;
    const byName = (re: RegExp) =>
      Uint8Array.from({ length: kinds }, (_, k) => (this.cat.count[k] > 0 && re.test(KIND_NAMES[k] ?? '') ? 1 : 0));
    this.banned = st.forbidden ? byName(st.forbidden) : new Uint8Array(kinds);
    this.rules = st.rules;
    this.ruleKinds = st.rules.map((r) => byName(r.kinds));
    this.fallback = st.needs && !byName(st.needs.kinds).includes(1) ? st.needs.fallback : null;
    this.scratch = new Int32Array(this.cat.size);
  }

  /** Names of the kinds this agent never takes under its ruleset. */
  forbiddenKinds(): string[] {
    return [...this.banned.keys()].filter((k) => this.banned[k]).map((k) => KIND_NAMES[k]);
  }

  act(obs: Float32Array | null, mask: Uint8Array | null, ctx: AgentContext): number {
    const s = ctx.state as MerlinState;
    if (!s) throw new ArgumentError(`the ${this.spec} agent needs context.state`);
    let n = 0;
    for (let i = 0; i < ctx.numLegal; i++) if (!this.banned[this.cat.kind[ctx.legal[i]]]) this.scratch[n++] = ctx.legal[i];
    const allowed = n > 0 ? { ...ctx, legal: this.scratch, numLegal: n } : ctx;
    for (let r = 0; r < this.rules.length; r++) {
      const rule = this.rules[r];
      if (rule.phases && !rule.phases.includes(s.phase)) continue;
      const ids: number[] = [];
      for (let i = 0; i < allowed.numLegal; i++) if (this.ruleKinds[r][this.cat.kind[allowed.legal[i]]]) ids.push(allowed.legal[i]);
      if (ids.length) return rule.pick(s, ctx.seat, ids, this.cat, this.rs);
    }
    return this.heuristic.act(obs, mask, allowed);
  }
}
