/**
 * `merlin probe [--game NAME]`: a designer's balance probe. Plays many games between agents with seat
 * rotation (as `merlin eval`: game g seats agents[(i + g) mod A] at seat i (`lineupOf`), seeds `${seed}/${g}`
 * and `${seed}/${g}/agent/${seat}`, so results do not depend on the number of worker threads) and measures
 * what a designer looks for in any game: win rate by seat, by turn-order position and by agent with 95%
 * Wilson intervals; outcomes (victory types); game lengths; per-action-kind usage by agent; coverage (which
 * kinds, chapters, cards and victory conditions were ever legal and taken, dead content and no-op loops:
 * coverage.ts); and a ranked list of findings, dead content first. A game's registry entry may add its own figures and findings (`probe`: Merlin's cards
 * played, gold and commodity flows, public counters and playability, kept in Merlin's folder). The
 * HTML page is made by report.ts from the returned `ProbeSummary`.
 */
import { createRequire } from 'node:module';
import { ArgumentError } from '../lib/errors.ts';
import type { Agent } from '../env/core/agent.ts';
import type { Game } from '../env/core/game.ts';
import { playGame, TRUNCATED, winnerByRules } from '../env/core/play.ts';
import { runGames } from '../env/core/runner.ts';
import { DEFAULT_GAME, gameEntry } from '../games/registry.ts';
import { lineOf, type LineItem, type LineUnit } from './line.ts';
import { coverageFindings, CoverageRecorder, summariseCoverage, type CoverageRecord, type CoverageSummary } from './coverage.ts';

const wilson = createRequire(import.meta.url)('wilson-score-interval') as (k: number, n: number) => { left: number; right: number };

/** Arguments of one probe game (sent to worker threads). */
export interface ProbeArgs {
  /** The registered game (default merlin). */
  game?: string;
  /** Ruleset (variant) name or path, as the game's registry entry takes it. */
  ruleset: string;
  /** The field: agent specs, seated in rotation (see `lineupOf`). */
  agents: string[];
  seed: string;
  /** Players per game (default: the number of agents). */
  players?: number;
}

/**
 * The line-up of game g: seat i plays agents[(i + g) mod A] for A agents. With A = P this is eval's
 * seat rotation; with more agents than seats each game seats a rotating window of the field, and over
 * a multiple of A games every agent plays every seat equally often.
 */
export function lineupOf(a: ProbeArgs, g: number): string[] {
  const A = a.agents.length;
  return Array.from({ length: a.players ?? A }, (_, i) => a.agents[(i + g) % A]);
}

/** What one probe game recorded. */
export interface ProbeGameRecord {
  game: number;
  lineup: string[];
  /** Seats in turn order. */
  order: number[];
  /** The winner by the game's rules: -1 when nobody won, also when the game hit the turn limit (`truncated`). */
  winner: number;
  victory: string;
  /** The game stopped at the turn limit (an RL truncation): nobody's win. */
  truncated: boolean;
  turns: number;
  steps: number;
  /** Actions taken, [seat * kinds + kind] (the reporting's kinds). */
  kindCounts: number[];
  /** Decisions with a choice (two or more legal actions) that offered some action of the kind, [seat * kinds + kind]. */
  offered: number[];
  /** Actions of the kind taken at decisions with a choice, [seat * kinds + kind]. */
  chosen: number[];
  /** Per seat: the game's finer action labels (`GameReporting.detailOf`) taken at decisions with a choice, by label. */
  details: Record<string, number>[];
  /** The kind of each label in `details`. */
  detailKinds: Record<string, number>;
  /** What the coverage report counts (designer/coverage.ts). */
  coverage: CoverageRecord;
  /** The game's own record (its registry entry's `probe`; null without one). */
  extra: unknown;
}

/** Play probe game g (runs in worker threads; see module docs). */
export function probeGame(a: ProbeArgs, g: number): ProbeGameRecord {
  const entry = gameEntry(a.game ?? DEFAULT_GAME);
  const game = entry.game(a.ruleset);
  const lineup = lineupOf(a, g);
  const agents = lineup.map((spec, p) => entry.agent(spec, `${a.seed}/${g}/agent/${p}`, game));
  return recordGame(a, g, game, lineup, agents);
}

/**
 * Play game g of probe `a` (seed `${a.seed}/${g}`) with the given agents, seat p played by `agents[p]` and
 * named `lineup[p]`, and record it. `probeGame` resolves the agents from their specs; a test may seat its own.
 */
export function recordGame(a: ProbeArgs, g: number, game: Game<unknown>, lineup: string[], agents: readonly Agent[]): ProbeGameRecord {
  const entry = gameEntry(a.game ?? DEFAULT_GAME);
  const reporting = entry.reporting(game);
  const P = lineup.length;
  const details: Record<string, number>[] = lineup.map(() => ({}));
  const detailKinds: Record<string, number> = {};
  // Each decision's legal actions are seen where the agent sees them (no second enumeration): coverage counts every
  // decision (designer/coverage.ts), and the kind offered and taken at those with a choice feed the winner's line.
  const coverage = new CoverageRecorder(reporting, P);
  const players: Agent[] = agents.map((agent) => {
    return {
      spec: agent.spec,
      act: (obs, mask, ctx) => {
        const id = agent.act(obs, mask, ctx);
        coverage.decide(ctx.state, ctx.seat, ctx.legal, ctx.numLegal, id);
        if (ctx.numLegal < 2) return id;
        const label = reporting.detailOf?.(id);
        if (label) ((details[ctx.seat][label] = (details[ctx.seat][label] ?? 0) + 1), (detailKinds[label] = reporting.kindOf(id)));
        return id;
      },
    };
  });
  const own = entry.probe?.recorder(game, P);
  const { state: s, steps } = playGame<unknown>(game, players, `${a.seed}/${g}`, own?.hooks ?? {});
  const end = reporting.outcome(s);
  const finished = own?.finish(s);
  const { taken: kindCounts, offered, chosen } = coverage.kindCounts();
  return {
    game: g,
    lineup,
    order: finished?.order ?? lineup.map((_, p) => p),
    winner: winnerByRules(end),
    victory: end.outcome,
    truncated: end.outcome === TRUNCATED,
    turns: end.turns,
    steps,
    kindCounts,
    offered,
    chosen,
    details,
    detailKinds,
    coverage: coverage.record(),
    extra: finished?.extra ?? null,
  };
}

/** A win rate with its 95% Wilson interval. */
export interface Rate {
  wins: number;
  games: number;
  rate: number;
  ci: [number, number];
}

function rate(wins: number, games: number): Rate {
  const ci = wilson(wins, games);
  return { wins, games, rate: games ? wins / games : 0, ci: games ? [ci.left, ci.right] : [0, 1] };
}

/** z-score of `r` against an expected rate p (0 when undefined). */
function zScore(r: Rate, p: number): number {
  const sd = Math.sqrt((p * (1 - p)) / Math.max(1, r.games));
  return sd > 0 ? (r.rate - p) / sd : 0;
}

/** A seat's or turn-order position's win rate, with the rate its occupants' agents predict. */
export interface SlotRate extends Rate {
  expected: number;
  z: number;
}

/** A card's (or a group's) win rate against what the same agents' typical card gives (Merlin's probe). */
export interface CardStat extends Rate {
  card: string;
  /** Times played over all games. */
  plays: number;
  /** Expected win rate of these players: what a typical card played by their agents gives. */
  expected: number;
  z: number;
  /** 'above' / 'below' when `expected` lies outside the 95% interval. */
  flag: 'above' | 'below' | null;
}

export interface Finding {
  /** What kind of thing: seat, position, agent, card, victory. */
  about: string;
  text: string;
  /** Strength of the evidence: |z| for statistical findings. */
  z: number;
}

/** Everything the report shows for one ruleset. */
export interface ProbeSummary {
  /** The registered game (absent in summaries written before: merlin). */
  game?: string;
  ruleset: { name: string; hash: string; source: string };
  agents: string[];
  players: number;
  games: number;
  seed: string;
  seconds: number;
  /** Seat-games won over seat-games played (1/P when every game has a winner). */
  base_rate: number;
  /** Win rate by seat index (seats rotate among the agents). */
  by_seat: SlotRate[];
  /** Win rate by place in turn order (fixed by the opening auction). */
  by_position: SlotRate[];
  /** Wins by the rules over seat-games (a truncated game is nobody's win), and `truncated`: seat-games in games that hit the turn limit. */
  by_agent: (Rate & { agent: string; truncated: number; fallback: string | null; summary: string | null })[];
  victory_types: Record<string, number>;
  /** Games stopped at the turn limit (`metadata.maxTurns`), counted apart from every win. */
  truncation: { games: number; rate: number; turn_limit: number };
  turns: number[];
  length: { mean: number; median: number; p10: number; p90: number };
  // The fields from here to `playability` are Merlin's (its registry entry's `probe`); a game without them omits them.
  gold_columns?: string[];
  /** Mean gold by holder at the start of each round over the games still running, with their count. */
  gold_by_round?: { round: number; games: number; mean: number[] }[];
  commodity_columns?: string[];
  commodities_by_round?: { round: number; games: number; mean: number[] }[];
  cards?: CardStat[];
  /** The same per group of cards: suits of playing cards (Clubs are properties, Diamonds Lands, Spades and Hearts labs), decks of custom cards. */
  card_groups?: CardStat[];
  /** Mean public counters at the start of each round over the games still running. */
  counter_columns?: string[];
  counters_by_round?: { round: number; games: number; mean: number[] }[];
  kinds: string[];
  /** Per agent: actions taken by kind (kinds order). */
  kind_counts_by_agent: Record<string, number[]>;
  /** Per agent: kinds whose share of its actions is at least 1.5 times their share in the rest of the field. */
  overuse_by_agent: Record<string, Overuse[]>;
  /** The game's action categories (Merlin: economy, market, combat), and per agent each one's share of its actions. */
  categories?: string[];
  category_shares_by_agent?: Record<string, number[]>;
  /**
   * The winner's line (designer/line.ts): what the winners of the decided games play far more or far less than the
   * players who did not win, per seat-game, strongest evidence first.
   */
  winners_line: LineItem[];
  /** Per agent (with two or more in the field): what it plays far more or far less than the rest of the field. */
  line_by_agent: Record<string, LineItem[]>;
  /**
   * Coverage (designer/coverage.ts): per action kind, category, victory condition, card and card group, the share of
   * games and decisions in which it was legal and how often each agent took it; dead content; no-op loops. Absent in
   * summaries written before the probe counted it.
   */
  coverage?: CoverageSummary;
  /** What the field is, when the probe names it (`probe --learn`: self-play, against the heuristic, against random). */
  field?: string;
  /** `probe --learn`: the self-play policy trained for this probe. */
  learned?: LearnedRun;
  findings: Finding[];
  playability?: Playability;
  /** The agent spec of a trained exploiter in the line-up (`probe --exploit`), if any. */
  exploiter?: string;
}

/** The policy `probe --learn` trained (designer/learn.ts). */
export interface LearnedRun {
  /** Its agent spec (`ppo:DIR`, the checkpoint beside the report). */
  spec: string;
  /** The budget asked, and what the run did (`updates` counts this run's, imitation included). */
  minutes: number;
  /** The checkpoint it started from (`probe --learn-from`), if any, and the run's imitation updates. */
  from: string | null;
  imitation_updates: number;
  updates: number;
  episodes: number;
  wall_seconds: number;
  /** Whether a main exploiter trained beside the league, and the frozen copies of it that joined the league. */
  exploiter: boolean;
  exploiters_joined: number;
  /** The teacher term's weight and kinds (every decision when empty), or null without one (`probe --learn-teacher-coef`). */
  teacher: { coef: number; kinds: string[] } | null;
  /** The trainer's reward options (training/train.ts), which decide what a truncated game is worth to it. */
  rewards: Record<string, unknown>;
}

/**
 * Does the game end by its own rules, and does its economy stay alive? The figures the playable-game targets are
 * stated in (docs/BALANCE.md): victories before the turn limit, Royal Favor's share of them, game length in
 * turns and rounds (P turns a round), card buying after round 10, and the Cost of the Living at round 20
 * against its start.
 */
export interface Playability {
  games: number;
  /** Games ended by Economic Dominance or Royal Favor, as a share of all games. */
  victory_rate: number;
  /** Royal Favor endings as a share of the games that ended by a victory (0 when none did). */
  royal_favor_share: number;
  /** Games stopped at the turn limit (`turnLimit`, an RL truncation, not a rule of the drafts). */
  truncated_rate: number;
  turn_limit: number;
  median_turns: number;
  median_rounds: number;
  /** Of the games still running after round 10: the share in which some card was bought after round 10. */
  buys_after_round_10: { games: number; rate: number };
  /** Of the games that reach round 20: the median of Cost of the Living at round 20 / at the start. */
  cost_of_living_round_20: { games: number; median_ratio: number; median: number };
}

const quantile = (sorted: number[], q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : 0);

/** An over-used action kind: its share of the agent's actions, of the field's, and their ratio (null: the field never takes it). */
export interface Overuse {
  kind: string;
  share: number;
  field_share: number;
  ratio: number | null;
}

/**
 * Action kinds an agent uses at least `minRatio` times as often (as a share of its actions) as the rest
 * of the field does, most over-used first. Kinds used less than 0.5% of the time by the agent are left out.
 */
export function overuse(mine: number[], field: number[], kinds: string[], minRatio = 1.5): Overuse[] {
  const tm = mine.reduce((a, b) => a + b, 0) || 1;
  const tf = field.reduce((a, b) => a + b, 0) || 1;
  return kinds
    .map((kind, k) => {
      const share = mine[k] / tm;
      const fieldShare = field[k] / tf;
      return { kind, share, field_share: fieldShare, ratio: fieldShare > 0 ? share / fieldShare : null };
    })
    .filter((x) => x.share >= 0.005 && (x.ratio === null || x.ratio >= minRatio))
    .sort((a, b) => (b.ratio ?? Infinity) - (a.ratio ?? Infinity) || b.share - a.share);
}

/** Combine game records (any order) into the summary. */
export function summarise(records: ProbeGameRecord[], a: ProbeArgs, game: Game<unknown>, seconds: number): ProbeSummary {
  records = [...records].sort((x, y) => x.game - y.game);
  const entry = gameEntry(a.game ?? DEFAULT_GAME);
  const reporting = entry.reporting(game);
  const P = a.players ?? a.agents.length;
  const K = reporting.kindNames.length;
  const specs = [...new Set(a.agents)];
  const seatWins = new Array<number>(P).fill(0);
  const posWins = new Array<number>(P).fill(0);
  const seatLineups: string[][] = [...Array(P)].map(() => []);
  const posLineups: string[][] = [...Array(P)].map(() => []);
  const agentWins: Record<string, number> = {};
  const agentGames: Record<string, number> = {};
  const agentTruncated: Record<string, number> = {};
  const kindCounts: Record<string, number[]> = {};
  for (const sp of specs) {
    agentWins[sp] = 0;
    agentGames[sp] = 0;
    agentTruncated[sp] = 0;
    kindCounts[sp] = new Array<number>(K).fill(0);
  }
  const victory: Record<string, number> = {};
  for (const v of reporting.outcomes) victory[v] = 0;
  for (const r of records) {
    r.lineup.forEach((sp, p) => {
      agentGames[sp]++;
      if (r.truncated) agentTruncated[sp]++;
      seatLineups[p].push(sp);
      posLineups[r.order.indexOf(p)]?.push(sp);
      for (let k = 0; k < K; k++) kindCounts[sp][k] += r.kindCounts[p * K + k];
    });
    victory[r.victory] = (victory[r.victory] ?? 0) + 1;
    if (r.winner < 0) continue;
    seatWins[r.winner]++;
    posWins[r.order.indexOf(r.winner)]++;
    agentWins[r.lineup[r.winner]]++;
  }
  const G = records.length;
  const decided = seatWins.reduce((x, y) => x + y, 0);
  const base = G ? decided / (G * P) : 0;
  const agentRate: Record<string, number> = {};
  for (const sp of specs) agentRate[sp] = agentGames[sp] ? agentWins[sp] / agentGames[sp] : 0;

  const kinds: string[] = [];
  const kindIdx: number[] = [];
  for (let k = 0; k < K; k++) if (reporting.kindOffered[k]) (kinds.push(reporting.kindNames[k]), kindIdx.push(k));
  const byKind: Record<string, number[]> = {};
  for (const sp of specs) byKind[sp] = kindIdx.map((k) => kindCounts[sp][k]);
  const overuseBy: ProbeSummary['overuse_by_agent'] = {};
  for (const sp of specs) {
    const field = kindIdx.map((_, j) => specs.filter((o) => o !== sp).reduce((t, o) => t + byKind[o][j], 0));
    overuseBy[sp] = overuse(byKind[sp], field, kinds);
  }

  const turns = records.map((r) => r.turns);
  const sorted = [...turns].sort((x, y) => x - y);
  // Seats and turn-order positions: expected from the agents that sat there (turn order is bid for, and
  // agents bid differently, so a position's fair share depends on who tends to take it).
  const expectedFrom = (specsThere: string[]) => specsThere.reduce((t, sp) => t + agentRate[sp], 0) / Math.max(1, specsThere.length);
  const withExpected = (r: Rate, specsThere: string[]): SlotRate => {
    const expected = expectedFrom(specsThere);
    return { ...r, expected, z: zScore(r, expected) };
  };
  const bySeat = seatWins.map((w, p) => withExpected(rate(w, G), seatLineups[p]));
  const byPosition = posWins.map((w, i) => withExpected(rate(w, G), posLineups[i]));
  const fallbackOf = (sp: string) => {
    let ag: unknown = null;
    try {
      ag = entry.agent(sp, 0, game);
    } catch {
      // An agent the registry does not name (a test's scripted player, recordGame) says nothing of its line.
    }
    // A single-minded strategy (Merlin's single:NAME) says what line it plays and what it falls back to.
    const described = (ag ?? {}) as Partial<{ fallback: string | null; summary: string }>;
    return typeof described.summary === 'string'
      ? { fallback: described.fallback ?? null, summary: described.summary }
      : { fallback: null, summary: null };
  };
  const byAgent = specs.map((sp) => ({
    agent: sp,
    ...rate(agentWins[sp], agentGames[sp]),
    truncated: agentTruncated[sp],
    ...fallbackOf(sp),
  }));
  const categories = reporting.categories && reporting.kindCategory ? [...reporting.categories] : undefined;
  const categoryShares = categories && shareByCategory(specs, kindCounts, categories, (k) => reporting.kindCategory!(k));
  const line = winnersLine(records, specs, kindIdx, kinds, K, reporting.phrase?.bind(reporting));

  const findings: Finding[] = [];
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const ci = (r: Rate) => `[${pct(r.ci[0])}, ${pct(r.ci[1])}]`;
  bySeat.forEach((r, p) => {
    if (r.expected < r.ci[0] || r.expected > r.ci[1])
      findings.push({
        about: 'seat',
        text: `Seat ${p} wins ${pct(r.rate)} ${ci(r)} of games; the agents seated there predict ${pct(r.expected)}.`,
        z: Math.abs(r.z),
      });
  });
  byPosition.forEach((r, i) => {
    if (r.expected < r.ci[0] || r.expected > r.ci[1])
      findings.push({
        about: 'position',
        text: `The player ${ordinal(i + 1)} in turn order wins ${pct(r.rate)} ${ci(r)} of games; the agents who took that place predict ${pct(r.expected)}.`,
        z: Math.abs(r.z),
      });
  });
  // A cheap line of play (an agent that says what it plays, e.g. a single-minded strategy) or a trained
  // exploiter that beats the game's heuristic (or the fair share).
  const reference = byAgent.find((x) => x.agent === entry.agents.heuristic?.spec);
  for (const x of byAgent) {
    if (x.summary === null && !x.agent.startsWith('ppo:')) continue;
    const p = reference ? reference.rate : base;
    if (x.ci[0] > p)
      findings.push({
        about: 'agent',
        text:
          `${x.agent} (${x.summary ?? 'exploiter'}) wins ${pct(x.rate)} ${ci(x)}, more than ${reference ? `the heuristic's ${pct(p)}` : `the fair share ${pct(p)}`}: a cheap line of play that pays.` +
          (overuseBy[x.agent].length
            ? ` It over-uses ${overuseBy[x.agent]
                .slice(0, 3)
                .map((o) => `${o.kind} (${o.ratio === null ? 'only it' : `${o.ratio.toFixed(1)}x`})`)
                .join(', ')}.`
            : ''),
        z: Math.abs(zScore(x, p)),
      });
  }
  for (const item of line.winners.slice(0, 3))
    findings.push({
      about: "winner's line",
      text: `A winner ${item.text}, 95% interval of the difference [${fmt(item.ci[0], item.measure)}, ${fmt(item.ci[1], item.measure)}].`,
      z: Math.abs(item.z),
    });
  const own = entry.probe?.summarise({ game, records, specs, agentRate, players: P, rate, zScore });
  if (own) findings.push(...own.findings);
  const truncated = records.filter((r) => r.truncated).length;
  if (G && truncated / G > 0.5)
    findings.push({
      about: 'victory',
      text: `${pct(truncated / G)} of games reach the turn limit (${game.metadata.maxTurns} turns) without a victory: the game rarely ends by its own rules.`,
      z: NaN,
    });
  for (const v of reporting.outcomes)
    if (v !== 'truncated' && G >= 100 && victory[v] === 0)
      findings.push({ about: 'victory', text: `No game of ${G} ended by ${v.replace('_', ' ')}.`, z: NaN });
  findings.sort((x, y) => (Number.isNaN(y.z) ? 1e9 : y.z) - (Number.isNaN(x.z) ? 1e9 : x.z));
  // Dead content and no-op loops head the findings: what never comes into play.
  const coverage = summariseCoverage(records, reporting, specs);
  findings.unshift(...coverageFindings(coverage));

  return {
    ...(entry.name === DEFAULT_GAME ? {} : { game: entry.name }),
    ruleset: { name: game.variant ?? a.ruleset, hash: game.rulesHash, source: a.ruleset },
    agents: a.agents,
    players: P,
    games: G,
    seed: a.seed,
    seconds: Math.round(seconds * 100) / 100,
    base_rate: base,
    by_seat: bySeat,
    by_position: byPosition,
    by_agent: byAgent,
    victory_types: victory,
    truncation: { games: truncated, rate: G ? truncated / G : 0, turn_limit: game.metadata.maxTurns },
    turns,
    length: {
      mean: G ? turns.reduce((x, y) => x + y, 0) / G : 0,
      median: quantile(sorted, 0.5),
      p10: quantile(sorted, 0.1),
      p90: quantile(sorted, 0.9),
    },
    ...own?.fields,
    kinds,
    kind_counts_by_agent: byKind,
    overuse_by_agent: overuseBy,
    ...(categories ? { categories, category_shares_by_agent: categoryShares } : {}),
    winners_line: line.winners,
    line_by_agent: line.byAgent,
    coverage,
    findings,
  };
}

const fmt = (x: number, measure: LineItem['measure']) => (measure === 'choice' ? `${(x * 100).toFixed(1)} points` : x.toFixed(2));

/** Per agent, each category's share of its actions (categories order). */
function shareByCategory(specs: string[], kindCounts: Record<string, number[]>, categories: string[], categoryOf: (k: number) => string) {
  const out: Record<string, number[]> = {};
  for (const sp of specs) {
    const byCat = categories.map(() => 0);
    kindCounts[sp].forEach((c, k) => (byCat[categories.indexOf(categoryOf(k))] += c));
    const total = byCat.reduce((a, b) => a + b, 0) || 1;
    out[sp] = byCat.map((c) => c / total);
  }
  return out;
}

/**
 * The winner's line and each agent's line (designer/line.ts) from the games' records: one unit per seat-game;
 * per-game features are the offered kinds, choice features those kinds and the game's finer labels (a label's
 * decisions are those that offered its kind). Winners against non-winners over the decided games; each agent
 * against the rest of the field over all games.
 */
function winnersLine(
  records: ProbeGameRecord[],
  specs: string[],
  kindIdx: number[],
  kinds: string[],
  K: number,
  phrase: ((name: string) => string | undefined) | undefined,
): { winners: LineItem[]; byAgent: Record<string, LineItem[]> } {
  const labelKind = new Map<string, number>();
  for (const r of records) for (const [label, k] of Object.entries(r.detailKinds)) labelKind.set(label, k);
  const labels = [...labelKind.keys()].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  const features = { perGame: kinds, choice: [...kinds, ...labels] };
  const units: { unit: LineUnit; agent: string; won: boolean; decided: boolean }[] = [];
  for (const r of records)
    r.lineup.forEach((agent, p) => {
      const row = p * K;
      const unit: LineUnit = {
        perGame: kindIdx.map((k) => r.kindCounts[row + k]),
        chosen: [...kindIdx.map((k) => r.chosen[row + k]), ...labels.map((l) => r.details[p][l] ?? 0)],
        offered: [...kindIdx.map((k) => r.offered[row + k]), ...labels.map((l) => r.offered[row + labelKind.get(l)!])],
      };
      units.push({ unit, agent, won: r.winner === p, decided: r.winner >= 0 });
    });
  const pick = (f: (u: (typeof units)[number]) => boolean) => units.filter(f).map((u) => u.unit);
  const o = { phrase };
  const winners = lineOf(
    pick((u) => u.won),
    pick((u) => u.decided && !u.won),
    features,
    o,
  );
  const byAgent: Record<string, LineItem[]> = {};
  if (specs.length > 1)
    for (const sp of specs)
      byAgent[sp] = lineOf(
        pick((u) => u.agent === sp),
        pick((u) => u.agent !== sp),
        features,
        o,
      );
  return { winners, byAgent };
}

function ordinal(n: number): string {
  return n === 1 ? '1st' : n === 2 ? '2nd' : n === 3 ? '3rd' : `${n}th`;
}

/**
 * Run a probe: `games` games on `workers` threads; `onRecord` sees each game's record as it finishes (the rule
 * search, designer/tune-measure.ts, resamples them). With `played`, the records of games 0..k-1 of the same probe,
 * only games k..games-1 are played and the summary covers them all (the rule search measures a trial again with more games).
 * @throws ArgumentError for a bad agent spec; RulesetError for a bad ruleset
 */
export async function runProbe(
  o: ProbeArgs & {
    games: number;
    workers: number;
    onGame?: (done: number) => void;
    onRecord?: (r: ProbeGameRecord) => void;
    played?: readonly ProbeGameRecord[];
  },
): Promise<ProbeSummary> {
  const t0 = performance.now();
  const entry = gameEntry(o.game ?? DEFAULT_GAME);
  const game = entry.game(o.ruleset);
  for (const sp of o.agents) entry.agent(sp, 0, game);
  const records: ProbeGameRecord[] = [...(o.played ?? [])];
  const args: ProbeArgs = {
    ...(o.game === undefined ? {} : { game: o.game }),
    ruleset: o.ruleset,
    agents: o.agents,
    seed: o.seed,
    players: o.players,
  };
  if (args.players !== undefined && (!Number.isInteger(args.players) || args.players < game.minPlayers || args.players > game.maxPlayers))
    throw new ArgumentError(`--players must be an integer in ${game.minPlayers}..${game.maxPlayers}, got ${args.players}`);
  await runGames({
    module: import.meta.url,
    export: 'probeGame',
    play: probeGame,
    args,
    games: o.games,
    ids: Array.from({ length: Math.max(0, o.games - records.length) }, (_, i) => records.length + i),
    workers: o.workers,
    onRecord: (r) => {
      records.push(r);
      o.onRecord?.(r);
      o.onGame?.(records.length);
    },
  });
  return summarise(records, args, game, (performance.now() - t0) / 1000);
}
