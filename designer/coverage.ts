/**
 * Coverage: which of a game's rules, cards and victory conditions come into play, and which never do. Used by
 * `merlin probe` (every report, HTML and JSON) and `merlin eval --coverage` (also from `--records` files).
 *
 * Per game a `CoverageRecorder` sees every decision where the agent sees it (its context's legal actions: no
 * second enumeration) and counts, per seat and per item of five axes (action kinds; the game's categories, its
 * chapters; victory conditions, through the kinds that claim them; cards, through the actions that name them;
 * card groups), four figures:
 *
 * - `legal`: the seat's decisions at which some legal action was of the item, forced decisions (one legal
 *   action) included: "was it legal at all";
 * - `offered`: the same at decisions with a choice (two or more legal actions);
 * - `chosen`: decisions with a choice at which the seat took an action of the item;
 * - `taken`: actions of the item taken at any decision (forced ones included).
 *
 * So "legal in x% of games / decisions" counts every decision, and "taken when legal" is chosen / offered: a
 * forced move says nothing about what an agent prefers. A game's `GameReporting.coverage` (env/core/coverage.ts)
 * names the gates, cards and victory kinds; the kinds and categories come from the reporting itself, so a kind the
 * engine adds appears without a change here.
 *
 * **No-op loops.** With the game's `fingerprint` (a hash of what a seat's actions change, without action counters,
 * at the decisions where a seat chooses freely) joined with a hash of the decision's legal actions, a loop is a
 * seat's fingerprint coming back, within the last `LOOP_WINDOW` such decisions, to one seen earlier after two or
 * more of its own actions (other seats' actions between, such as a refused offer, belong to the loop too): those
 * actions left the state as it was. Each repetition is one loop
 * (the newest earlier match is the one taken); its kinds are counted from the last `KIND_RING` actions.
 */
import { TRUNCATED, type GameReporting } from '../env/core/play.ts';
import { mixInt, type GameCoverage } from '../env/core/coverage.ts';

/** The axes coverage counts along, in report order. */
export const AXES = ['kind', 'category', 'victory', 'card', 'card_group'] as const;
export type Axis = (typeof AXES)[number];

/**
 * One item's figures in one game, seat by seat: [legal, offered, chosen, taken] of seat 0, then of seat 1, ...
 * (see the module docs); length 4 × players.
 */
export type ItemCounts = number[];

/** One seat's no-op loops in one game. */
export interface LoopRecord {
  /** Loops it went round. */
  loops: number;
  /** Actions in them, every seat's (a refused offer is the other seat's). */
  actions: number;
  /** Its own actions in them. */
  own: number;
  /** Actions in its longest loop (0: none). */
  longest: number;
  /** Actions in its loops, by kind name. */
  kinds: Record<string, number>;
}

/** What one game's coverage recorded (JSON-like: it crosses worker threads and is kept in `eval --records` files). */
export interface CoverageRecord {
  /** Per seat: its decisions, and those with one legal action (forced). */
  decisions: number[];
  forced: number[];
  /** Per axis: item name -> `ItemCounts`, for the items legal at some decision of some seat. */
  items: Record<Axis, Record<string, ItemCounts>>;
  /** Per seat: its no-op loops; null when the game has no fingerprint. */
  loops: LoopRecord[] | null;
}

/** Anchor decisions (fingerprinted) remembered for loop detection. */
export const LOOP_WINDOW = 32;
/** Actions remembered for naming a loop's kinds (a longer loop's kinds are counted from its last KIND_RING actions). */
export const KIND_RING = 256;

const NO_COVERAGE: GameCoverage<unknown> = { gates: [], cardNames: [], cardGroups: [], cardKinds: [], cardOf: () => -1, victoryKinds: {} };

/** The axes' item names and the maps from a kind (or a card) to its items, per reporting. */
interface Layout {
  readonly names: Record<Axis, readonly string[]>;
  readonly kindCategory: Int32Array;
  readonly kindVictory: Int32Array;
  readonly cardKind: Uint8Array;
  readonly cardGroup: Int32Array;
  readonly coverage: GameCoverage<unknown>;
}

const layouts = new WeakMap<GameReporting<unknown>, Layout>();

/** The victory conditions coverage lists: every outcome but the turn limit. */
const victoriesOf = (r: GameReporting<unknown>) => r.outcomes.filter((o) => o !== TRUNCATED);

function layoutOf(r: GameReporting<unknown>): Layout {
  const hit = layouts.get(r);
  if (hit) return hit;
  const cov = r.coverage ?? NO_COVERAGE;
  const K = r.kindNames.length;
  const kindIndex = new Map(r.kindNames.map((n, k) => [n, k]));
  const categories = r.categories && r.kindCategory ? [...r.categories] : [];
  const kindCategory = Int32Array.from({ length: K }, (_, k) => (categories.length ? categories.indexOf(r.kindCategory!(k)) : -1));
  const victories = victoriesOf(r);
  const kindVictory = new Int32Array(K).fill(-1);
  for (const [outcome, kinds] of Object.entries(cov.victoryKinds))
    for (const name of kinds) {
      const k = kindIndex.get(name);
      if (k !== undefined && victories.includes(outcome)) kindVictory[k] = victories.indexOf(outcome);
    }
  const cardKind = new Uint8Array(K);
  for (const name of cov.cardKinds) {
    const k = kindIndex.get(name);
    if (k !== undefined) cardKind[k] = 1;
  }
  const groups = [...new Set(cov.cardGroups)];
  const layout: Layout = {
    names: { kind: r.kindNames, category: categories, victory: victories, card: cov.cardNames, card_group: groups },
    kindCategory,
    kindVictory,
    cardKind,
    cardGroup: Int32Array.from(cov.cardGroups, (g) => groups.indexOf(g)),
    coverage: cov,
  };
  layouts.set(r, layout);
  return layout;
}

/** One axis's counts in one game: stamps (the decision an item was last counted at) and [seat][item][4] figures. */
interface AxisCounts {
  readonly n: number;
  readonly stamp: Int32Array;
  readonly counts: Int32Array;
}

/**
 * Counts one game's coverage, decision by decision (see the module docs). Allocates nothing per decision.
 *
 *   const cov = new CoverageRecorder(reporting, players);
 *   // in each agent's act, after it chose `id`:
 *   cov.decide(ctx.state, ctx.seat, ctx.legal, ctx.numLegal, id);
 *   const record = cov.record(); // after the game
 */
export class CoverageRecorder<S = unknown> {
  private readonly layout: Layout;
  private readonly reporting: GameReporting<S>;
  private readonly players: number;
  private readonly axes: AxisCounts[];
  private readonly kinds: AxisCounts;
  private readonly cats: AxisCounts;
  private readonly wins: AxisCounts;
  private readonly cards: AxisCounts;
  private readonly groups: AxisCounts;
  private readonly decisions: number[];
  private readonly forced: number[];
  private decision = 0;
  // No-op loops: the anchor ring (fingerprint, seat, step, the seat's own actions so far), the kinds of the last
  // KIND_RING actions, and per seat the loops found.
  private readonly fingerprint: ((s: S) => number) | null;
  private readonly ringFp = new Int32Array(LOOP_WINDOW);
  private readonly ringSeat = new Int32Array(LOOP_WINDOW);
  private readonly ringStep = new Int32Array(LOOP_WINDOW);
  private readonly ringOwn = new Int32Array(LOOP_WINDOW);
  private ringHead = 0;
  private ringSize = 0;
  private readonly kindRing = new Int32Array(KIND_RING);
  private readonly own: Int32Array;
  private readonly loops: Int32Array;
  private readonly loopActions: Int32Array;
  private readonly loopOwn: Int32Array;
  private readonly loopLongest: Int32Array;
  private readonly loopKinds: Int32Array;

  constructor(reporting: GameReporting<S>, players: number) {
    this.reporting = reporting;
    this.layout = layoutOf(reporting as GameReporting<unknown>);
    this.players = players;
    this.axes = AXES.map((a) => {
      const n = this.layout.names[a].length;
      return { n, stamp: new Int32Array(n), counts: new Int32Array(players * n * 4) };
    });
    [this.kinds, this.cats, this.wins, this.cards, this.groups] = this.axes;
    this.decisions = new Array<number>(players).fill(0);
    this.forced = new Array<number>(players).fill(0);
    const fp = this.layout.coverage.fingerprint as ((s: S) => number) | undefined;
    this.fingerprint = fp ? fp.bind(this.layout.coverage) : null;
    const K = reporting.kindNames.length;
    this.own = new Int32Array(players);
    this.loops = new Int32Array(players);
    this.loopActions = new Int32Array(players);
    this.loopOwn = new Int32Array(players);
    this.loopLongest = new Int32Array(players);
    this.loopKinds = new Int32Array(players * K);
  }

  /**
   * Count the decision of `seat` in `s` (before the action is applied): the first `numLegal` ids of `legal` were
   * legal and `action` was taken.
   */
  decide(s: S, seat: number, legal: Int32Array, numLegal: number, action: number): void {
    const d = ++this.decision;
    const choice = numLegal > 1;
    this.decisions[seat]++;
    if (!choice) this.forced[seat]++;
    const r = this.reporting;
    const L = this.layout;
    const { kinds, cats, wins, cards, groups } = this;
    let legalHash = numLegal;
    for (let i = 0; i < numLegal; i++) {
      const a = legal[i];
      legalHash = mixInt(legalHash, a);
      const k = r.kindOf(a);
      if (kinds.stamp[k] !== d) {
        mark(kinds, seat, k, d, choice);
        const c = L.kindCategory[k];
        if (c >= 0) mark(cats, seat, c, d, choice);
        const v = L.kindVictory[k];
        if (v >= 0) mark(wins, seat, v, d, choice);
      }
      if (L.cardKind[k] === 1) {
        const c = L.coverage.cardOf(s, a);
        if (c >= 0) {
          mark(cards, seat, c, d, choice);
          mark(groups, seat, L.cardGroup[c], d, choice);
        }
      }
    }
    const k = r.kindOf(action);
    take(kinds, seat, k, choice);
    if (L.kindCategory[k] >= 0) take(cats, seat, L.kindCategory[k], choice);
    if (L.kindVictory[k] >= 0) take(wins, seat, L.kindVictory[k], choice);
    if (L.cardKind[k] === 1) {
      const c = L.coverage.cardOf(s, action);
      if (c >= 0) (take(cards, seat, c, choice), take(groups, seat, L.cardGroup[c], choice));
    }
    if (this.fingerprint) this.watchLoop(s, seat, k, d - 1, legalHash);
  }

  /**
   * Loop detection at decision `step` (0-based: the actions applied before it) of `seat`, which takes kind `k`;
   * `legalHash` is a hash of the decision's legal actions, which joins the game's fingerprint (a state that decides
   * other actions legal is another state).
   */
  private watchLoop(s: S, seat: number, k: number, step: number, legalHash: number): void {
    const f = this.fingerprint!(s);
    if (f >= 0) {
      const key = mixInt(f, legalHash);
      for (let j = 1; j <= this.ringSize; j++) {
        const i = (this.ringHead - j + LOOP_WINDOW) % LOOP_WINDOW;
        if (this.ringFp[i] !== key || this.ringSeat[i] !== seat) continue;
        const own = this.own[seat] - this.ringOwn[i];
        if (own >= 2) this.loopFound(seat, step - this.ringStep[i], own, step);
        break;
      }
      const h = this.ringHead;
      this.ringFp[h] = key;
      this.ringSeat[h] = seat;
      this.ringStep[h] = step;
      this.ringOwn[h] = this.own[seat];
      this.ringHead = (h + 1) % LOOP_WINDOW;
      if (this.ringSize < LOOP_WINDOW) this.ringSize++;
    }
    this.kindRing[step % KIND_RING] = k;
    this.own[seat]++;
  }

  private loopFound(seat: number, length: number, own: number, step: number): void {
    this.loops[seat]++;
    this.loopActions[seat] += length;
    this.loopOwn[seat] += own;
    if (length > this.loopLongest[seat]) this.loopLongest[seat] = length;
    const K = this.reporting.kindNames.length;
    for (let t = Math.max(step - length, step - KIND_RING); t < step; t++) this.loopKinds[seat * K + this.kindRing[t % KIND_RING]]++;
  }

  /** Per seat and kind ([seat * kinds + kind]): actions taken, and decisions with a choice that offered / took the kind (the probe's winner's line). */
  kindCounts(): { taken: number[]; offered: number[]; chosen: number[] } {
    const c = this.kinds.counts;
    const n = c.length >> 2;
    const taken = new Array<number>(n);
    const offered = new Array<number>(n);
    const chosen = new Array<number>(n);
    for (let j = 0; j < n; j++) ((offered[j] = c[(j << 2) + 1]), (chosen[j] = c[(j << 2) + 2]), (taken[j] = c[(j << 2) + 3]));
    return { taken, offered, chosen };
  }

  /** The game's record (after its last decision). */
  record(): CoverageRecord {
    const P = this.players;
    const items = {} as CoverageRecord['items'];
    AXES.forEach((axis, x) => {
      const { n, counts } = this.axes[x];
      const names = this.layout.names[axis];
      const out: Record<string, ItemCounts> = {};
      for (let i = 0; i < n; i++) {
        let legal = false;
        for (let p = 0; p < P && !legal; p++) legal = counts[(p * n + i) << 2] > 0;
        if (!legal) continue;
        const row = new Array<number>(4 * P);
        for (let p = 0; p < P; p++) for (let f = 0; f < 4; f++) row[4 * p + f] = counts[((p * n + i) << 2) + f];
        out[names[i]] = row;
      }
      items[axis] = out;
    });
    const K = this.reporting.kindNames.length;
    const loops = this.fingerprint
      ? Array.from({ length: P }, (_, p) => {
          const kinds: Record<string, number> = {};
          for (let k = 0; k < K; k++) if (this.loopKinds[p * K + k] > 0) kinds[this.reporting.kindNames[k]] = this.loopKinds[p * K + k];
          return { loops: this.loops[p], actions: this.loopActions[p], own: this.loopOwn[p], longest: this.loopLongest[p], kinds };
        })
      : null;
    return { decisions: [...this.decisions], forced: [...this.forced], items, loops };
  }
}

function mark(ax: AxisCounts, seat: number, item: number, d: number, choice: boolean): void {
  if (ax.stamp[item] === d) return;
  ax.stamp[item] = d;
  const j = (seat * ax.n + item) << 2;
  ax.counts[j]++;
  if (choice) ax.counts[j + 1]++;
}

function take(ax: AxisCounts, seat: number, item: number, choice: boolean): void {
  const j = (seat * ax.n + item) << 2;
  if (choice) ax.counts[j + 2]++;
  ax.counts[j + 3]++;
}

// ---------------------------------------------------------------- the summary over games

/** One agent's figures for one item, summed over its seat-games. */
export interface AgentCoverage {
  /** Its seat-games, those in which the item was legal at one of its decisions, and those in which it took it. */
  seat_games: number;
  legal_games: number;
  taken_games: number;
  /** Its decisions at which the item was legal; those with a choice; taken at those; taken at any decision. */
  legal: number;
  offered: number;
  chosen: number;
  taken: number;
  /** Taken when legal: chosen / offered (decisions with a choice), null when never offered with a choice. */
  rate: number | null;
}

/** One item of an axis over all games. */
export interface CoverageRow {
  name: string;
  /** A kind's category. */
  category?: string;
  /** A kind's gates: the ruleset options it needs (any one of them), with whether this ruleset has each on. */
  gates?: { option: string; on: boolean }[];
  /** A card's group. */
  group?: string;
  /** A victory condition: the kinds that claim it (empty: it ends the game by itself), and the games it ended. */
  claimed_by?: string[];
  ended?: number;
  /** Games in which it was legal at some decision of some seat, and their share of the games. */
  legal_games: number;
  legal_game_share: number;
  /** Games in which some seat took it, and their share of the games. */
  taken_games: number;
  taken_game_share: number;
  /** Decisions (every seat's, forced included) at which it was legal, and their share of all decisions. */
  legal_decisions: number;
  legal_decision_share: number;
  by_agent: Record<string, AgentCoverage>;
}

/** Content never legal in any game. */
export interface NeverLegal {
  axis: Axis;
  name: string;
  gates?: { option: string; on: boolean }[];
  group?: string;
}

/** Content legal for an agent but never taken by it. */
export interface NeverTaken {
  axis: Axis;
  name: string;
  agent: string;
  /** Its decisions at which the item was legal, their share of its decisions, and its seat-games in which it was. */
  legal: number;
  legal_share: number;
  legal_games: number;
}

/** One agent's no-op loops over its seat-games. */
export interface LoopSummary {
  agent: string;
  seat_games: number;
  loops: number;
  loops_per_seat_game: number;
  /** Its own actions in loops, as a share of all its actions. */
  own_actions: number;
  share_of_actions: number;
  /** Actions in its longest loop, and the most loops in one of its seat-games. */
  longest: number;
  most_in_a_seat_game: number;
  /** Actions in its loops by kind (every seat's actions in them), most first. */
  kinds: { kind: string; actions: number }[];
}

export interface CoverageSummary {
  /** Games with a coverage record (an older `eval --records` file may hold games without one: `games_without`). */
  games: number;
  games_without: number;
  /** Every seat's decisions, and those with one legal action. */
  decisions: number;
  forced: number;
  agents: string[];
  kinds: CoverageRow[];
  categories: CoverageRow[];
  victories: CoverageRow[];
  cards: CoverageRow[];
  card_groups: CoverageRow[];
  dead: { never_legal: NeverLegal[]; never_taken: NeverTaken[] };
  /** Per agent, its no-op loops; null when the game has no fingerprint (loops not looked for). */
  loops: LoopSummary[] | null;
}

/** What the summary reads of a game's record. */
export interface CoveredGame {
  lineup: readonly string[];
  victory: string;
  coverage?: CoverageRecord | null;
}

const ROW_OF_AXIS: Record<Axis, keyof Pick<CoverageSummary, 'kinds' | 'categories' | 'victories' | 'cards' | 'card_groups'>> = {
  kind: 'kinds',
  category: 'categories',
  victory: 'victories',
  card: 'cards',
  card_group: 'card_groups',
};

/**
 * The coverage of `games` (any order) under `reporting`: per axis every item the game lists (the kinds this
 * ruleset's catalogue has actions of, `kindOffered`) and any other name a record holds, the dead content, and the loops. `agents` orders the
 * agents (default: as they first appear in the line-ups).
 */
export function summariseCoverage(
  games: readonly CoveredGame[],
  reporting: GameReporting<unknown>,
  agents?: readonly string[],
): CoverageSummary {
  const L = layoutOf(reporting);
  const covered = games.filter((g): g is CoveredGame & { coverage: CoverageRecord } => !!g.coverage);
  const specs = [...new Set([...(agents ?? []), ...covered.flatMap((g) => g.lineup)])];
  const G = covered.length;
  const seatGames: Record<string, number> = Object.fromEntries(specs.map((a) => [a, 0]));
  const agentDecisions: Record<string, number> = Object.fromEntries(specs.map((a) => [a, 0]));
  let decisions = 0;
  let forced = 0;
  for (const g of covered)
    g.lineup.forEach((a, p) => {
      seatGames[a]++;
      agentDecisions[a] += g.coverage.decisions[p];
      decisions += g.coverage.decisions[p];
      forced += g.coverage.forced[p];
    });
  const gates = new Map<string, { option: string; on: boolean }[]>();
  for (const g of L.coverage.gates) for (const k of g.kinds) gates.set(k, [...(gates.get(k) ?? []), { option: g.option, on: g.on }]);
  const inCatalogue = new Set(reporting.kindNames.filter((_, k) => reporting.kindOffered[k]));
  const rows = {} as Record<Axis, CoverageRow[]>;
  for (const axis of AXES) {
    const listed = axis === 'kind' ? L.names.kind.filter((n) => inCatalogue.has(n)) : [...L.names[axis]];
    const names = [...listed];
    const seen = new Set(names);
    for (const g of covered) for (const n of Object.keys(g.coverage.items[axis] ?? {})) if (!seen.has(n)) (seen.add(n), names.push(n));
    const acc = new Map<string, { games: number; takenGames: number; decisions: number; by: Record<string, AgentCoverage> }>();
    for (const n of names)
      acc.set(n, {
        games: 0,
        takenGames: 0,
        decisions: 0,
        by: Object.fromEntries(
          specs.map((a) => [
            a,
            { seat_games: seatGames[a], legal_games: 0, taken_games: 0, legal: 0, offered: 0, chosen: 0, taken: 0, rate: null },
          ]),
        ),
      });
    for (const g of covered) {
      for (const [n, counts] of Object.entries(g.coverage.items[axis] ?? {})) {
        const a = acc.get(n)!;
        let inGame = false;
        let takenInGame = false;
        g.lineup.forEach((agent, p) => {
          const [legal, offered, chosen, taken] = counts.slice(4 * p, 4 * p + 4);
          const b = a.by[agent];
          if (legal > 0) ((inGame = true), b.legal_games++);
          if (taken > 0) ((takenInGame = true), b.taken_games++);
          a.decisions += legal;
          b.legal += legal;
          b.offered += offered;
          b.chosen += chosen;
          b.taken += taken;
        });
        if (inGame) a.games++;
        if (takenInGame) a.takenGames++;
      }
    }
    rows[axis] = names.map((name) => {
      const a = acc.get(name)!;
      for (const b of Object.values(a.by)) b.rate = b.offered > 0 ? b.chosen / b.offered : null;
      const row: Partial<CoverageRow> & { name: string } = { name };
      if (axis === 'kind') {
        const k = reporting.kindNames.indexOf(name);
        if (k >= 0 && reporting.kindCategory) row.category = reporting.kindCategory(k);
        if (gates.has(name)) row.gates = gates.get(name);
      }
      if (axis === 'card') {
        const c = L.names.card.indexOf(name);
        if (c >= 0) row.group = L.coverage.cardGroups[c];
      }
      if (axis === 'victory') {
        row.claimed_by = [...(L.coverage.victoryKinds[name] ?? [])];
        row.ended = games.filter((g) => g.victory === name).length;
      }
      return {
        ...row,
        legal_games: a.games,
        legal_game_share: G ? a.games / G : 0,
        taken_games: a.takenGames,
        taken_game_share: G ? a.takenGames / G : 0,
        legal_decisions: a.decisions,
        legal_decision_share: decisions ? a.decisions / decisions : 0,
        by_agent: a.by,
      };
    });
  }
  // Dead content: never legal (a victory only when an action claims it; the others end games by themselves), then
  // legal for an agent but never taken by it.
  const neverLegal: NeverLegal[] = [];
  const neverTaken: NeverTaken[] = [];
  if (G > 0)
    for (const axis of AXES)
      for (const r of rows[axis]) {
        if (r.legal_games === 0) {
          if (axis === 'victory' && !r.claimed_by?.length) continue;
          neverLegal.push({ axis, name: r.name, ...(r.gates ? { gates: r.gates } : {}), ...(r.group ? { group: r.group } : {}) });
          continue;
        }
        for (const [agent, b] of Object.entries(r.by_agent))
          if (b.legal > 0 && b.taken === 0)
            neverTaken.push({
              axis,
              name: r.name,
              agent,
              legal: b.legal,
              legal_share: agentDecisions[agent] ? b.legal / agentDecisions[agent] : 0,
              legal_games: b.legal_games,
            });
      }
  neverTaken.sort(
    (x, y) => AXES.indexOf(x.axis) - AXES.indexOf(y.axis) || specs.indexOf(x.agent) - specs.indexOf(y.agent) || y.legal - x.legal,
  );
  return {
    games: G,
    games_without: games.length - G,
    decisions,
    forced,
    agents: specs,
    kinds: rows.kind,
    categories: rows.category,
    victories: rows.victory,
    cards: rows.card,
    card_groups: rows.card_group,
    dead: { never_legal: neverLegal, never_taken: neverTaken },
    loops: L.coverage.fingerprint ? loopSummary(covered, specs, seatGames, rows.kind) : null,
  };
}

function loopSummary(
  covered: readonly (CoveredGame & { coverage: CoverageRecord })[],
  specs: string[],
  seatGames: Record<string, number>,
  kinds: CoverageRow[],
): LoopSummary[] {
  return specs.map((agent) => {
    let loops = 0;
    let own = 0;
    let longest = 0;
    let most = 0;
    const byKind = new Map<string, number>();
    for (const g of covered)
      g.lineup.forEach((a, p) => {
        const l = g.coverage.loops?.[p];
        if (a !== agent || !l) return;
        loops += l.loops;
        own += l.own;
        longest = Math.max(longest, l.longest);
        most = Math.max(most, l.loops);
        for (const [k, n] of Object.entries(l.kinds)) byKind.set(k, (byKind.get(k) ?? 0) + n);
      });
    const actions = kinds.reduce((t, r) => t + (r.by_agent[agent]?.taken ?? 0), 0);
    const n = seatGames[agent];
    return {
      agent,
      seat_games: n,
      loops,
      loops_per_seat_game: n ? loops / n : 0,
      own_actions: own,
      share_of_actions: actions ? own / actions : 0,
      longest,
      most_in_a_seat_game: most,
      kinds: [...byKind.entries()]
        .map(([kind, a]) => ({ kind, actions: a }))
        .sort((x, y) => y.actions - x.actions || x.kind.localeCompare(y.kind)),
    };
  });
}

// ---------------------------------------------------------------- findings

/** A coverage finding (designer/probe.ts `Finding`): what it is about and the sentence; z is NaN (a count, not a test). */
export interface CoverageFinding {
  about: string;
  text: string;
  z: number;
}

/** A share as a percentage: one decimal, two below 0.1%, and "<0.01%" for a share that is not 0 but rounds to it. */
const pct = (x: number) => (x > 0 && x < 0.00005 ? '<0.01%' : `${(x * 100).toFixed(x > 0 && x < 0.001 ? 2 : 1)}%`);
const AXIS_NOUN: Record<Axis, [string, string]> = {
  kind: ['action kind', 'action kinds'],
  category: ['chapter', 'chapters'],
  victory: ['victory condition', 'victory conditions'],
  card: ['card', 'cards'],
  card_group: ['card group', 'card groups'],
};

/** "A, B, C and 4 more" */
function listed(xs: string[], most = 12): string {
  if (xs.length <= most) return xs.join(', ');
  return `${xs.slice(0, most).join(', ')} and ${xs.length - most} more`;
}

/**
 * A kind's gates as a short phrase: "gate finance.loans: off", "gates combat.golems | combat.royalGuards: on"
 * (any one on is enough), with more than two options "gates market.enabled | market.playerSales | 4 more: on".
 */
export function gatePhrase(gates: readonly { option: string; on: boolean }[] | undefined): string {
  if (!gates?.length) return '';
  const opts =
    gates.length > 2 ? `${gates[0].option} | ${gates[1].option} | ${gates.length - 2} more` : gates.map((g) => g.option).join(' | ');
  return `${gates.length > 1 ? 'gates' : 'gate'} ${opts}: ${gates.some((g) => g.on) ? 'on' : 'off'}`;
}

/**
 * The findings a designer reads first: what was never legal (with its gate), kinds legal in fewer than 1% of
 * games, what each agent never took when it could, and the agents that go round no-op loops, worst first.
 */
export function coverageFindings(c: CoverageSummary): CoverageFinding[] {
  const out: CoverageFinding[] = [];
  if (c.games === 0) return out;
  const G = `${c.games.toLocaleString('en')} game${c.games === 1 ? '' : 's'}`;
  for (const axis of AXES) {
    const dead = c.dead.never_legal.filter((d) => d.axis === axis);
    if (!dead.length) continue;
    const total = c[ROW_OF_AXIS[axis]].length;
    const names = dead.map((d) => (d.gates ? `${d.name} (${gatePhrase(d.gates)})` : d.name));
    const [one, many] = AXIS_NOUN[axis];
    const what = axis === 'card' ? 'never playable' : axis === 'victory' ? 'never claimable' : 'never legal';
    out.push({
      about: 'dead content',
      text: `${dead.length} of ${total} ${total === 1 ? one : many} ${dead.length === 1 ? 'was' : 'were'} ${what} in ${G}: ${listed(names, axis === 'kind' ? 40 : 15)}.`,
      z: NaN,
    });
  }
  const rare = c.kinds.filter((r) => r.legal_games > 0 && r.legal_game_share < 0.01);
  if (rare.length)
    out.push({
      about: 'dead content',
      text: `${rare.length} action kind${rare.length === 1 ? ' was' : 's were'} legal in fewer than 1% of ${G}: ${listed(rare.map((r) => `${r.name} (${pct(r.legal_game_share)})`))}.`,
      z: NaN,
    });
  for (const agent of c.agents)
    for (const axis of ['kind', 'card'] as const) {
      const xs = c.dead.never_taken.filter((d) => d.agent === agent && d.axis === axis);
      if (!xs.length) continue;
      const legalFor = c[ROW_OF_AXIS[axis]].filter((r) => (r.by_agent[agent]?.legal ?? 0) > 0).length;
      out.push({
        about: 'dead content',
        text: `${agent} never ${axis === 'kind' ? 'took' : 'played'} ${xs.length} of the ${legalFor} ${AXIS_NOUN[axis][1]} it could: ${listed(
          xs.map((d) => `${d.name} (legal at ${pct(d.legal_share)} of its decisions)`),
          10,
        )}.`,
        z: NaN,
      });
    }
  for (const l of [...(c.loops ?? [])].filter((x) => x.loops > 0).sort((a, b) => b.loops_per_seat_game - a.loops_per_seat_game)) {
    const total = l.kinds.reduce((t, k) => t + k.actions, 0) || 1;
    out.push({
      about: 'no-op loop',
      text:
        `${l.agent} goes round ${l.loops_per_seat_game.toFixed(l.loops_per_seat_game < 10 ? 2 : 1)} no-op loops a seat-game (${l.loops.toLocaleString('en')} in ${l.seat_games} seat-games; ${pct(l.share_of_actions)} of its actions), ` +
        `sequences after which the state is as it was: ${listed(
          l.kinds.map((k) => `${k.kind} ${pct(k.actions / total)}`),
          6,
        )}; the longest ${l.longest} actions, at most ${l.most_in_a_seat_game} loops in one seat-game.`,
      z: NaN,
    });
  }
  return out;
}
