/**
 * What one trial of the rule search (designer/tune.ts) measures: the objectives' figures on one ruleset, each with
 * its 95% interval, from probes (designer/probe.ts) of that ruleset. A measure is written as text in the search
 * space (docs/DESIGNER.md "Rule search"):
 *
 * - a path into the probe's summary JSON (`ProbeSummary`): `playability.victory_rate`, `length.median`,
 *   `victory_types.royal_favor`, `by_agent[agent=heuristic].rate`, `by_position[0].rate` (dots, array indices,
 *   and `[key=value]` to pick an array item by a field);
 * - `per_game:KINDS`: actions of the kinds or categories KINDS (the game's reporting names joined by `+`) taken per
 *   game by the whole field; `games_with:KINDS`: the share of games in which some seat took one;
 *   `distinct_kinds`: how many action kinds the field took over all games; `max_position_ratio`: the best
 *   turn-order position's win rate over the mean position's (1 is fair);
 * - `restricted:KINDS:SPEC`: restricted play, the win rate of `restricted:KINDS:SPEC` (agents/restricted.ts)
 *   seated with players - 1 copies of SPEC, over its fair share 1 / players (1: forbidding KINDS costs nothing;
 *   0.8: the seat wins 0.8 times its share), from a probe of its own.
 *
 * Intervals: a win rate the probe reports (an object with `rate` and `ci`), a `games_with` share and a restricted
 * seat's rate have Wilson's 95% interval (the restricted one scaled by the players); every other figure a
 * percentile bootstrap over the games (`bootstrap` resamples of the game records, seeded, so the same trial gives
 * the same interval; summary paths re-summarise each resample). All trials of a study play the same seeds (common
 * random numbers), so two rulesets are compared on the same dice.
 */
import { createRequire } from 'node:module';
import { quantileSorted } from 'simple-statistics';
import type { Game } from '../env/core/game.ts';
import { kindsNamed, restrictedBase } from '../agents/restricted.ts';
import { gameEntry, type GameEntry } from '../games/registry.ts';
import { ArgumentError } from '../lib/errors.ts';
import { nextInt, seedRng } from '../lib/rng.ts';
import { runProbe, summarise, type ProbeArgs, type ProbeGameRecord, type ProbeSummary } from './probe.ts';

const wilson = createRequire(import.meta.url)('wilson-score-interval') as (k: number, n: number) => { left: number; right: number };

/** One step of a summary path: a field name, an array index, or an array item picked by one of its fields. */
export type PathStep = string | number | { key: string; value: string };

/** A parsed measure (see the module docs). */
export type Measure =
  | { kind: 'probe'; text: string; path: PathStep[] }
  | { kind: 'per_game' | 'games_with'; text: string; kinds: Uint8Array }
  | { kind: 'distinct_kinds' | 'max_position_ratio'; text: string }
  | { kind: 'restricted'; text: string; forbid: string; against: string };

/** A figure with its 95% interval (`lo` = `hi` = `value` without one) and how the interval was made. */
export interface Figure {
  value: number;
  lo: number;
  hi: number;
  interval: 'wilson' | 'bootstrap' | 'none';
  /** Games the figure was measured on. */
  games: number;
}

/** `by_agent[agent=heuristic].rate` as steps. @throws ArgumentError for a malformed path */
export function parsePath(text: string): PathStep[] {
  const steps: PathStep[] = [];
  const token = /([^.[\]]+)|\[(\d+)\]|\[([^\]=]+)=([^\]]*)\]|(\.)/gy;
  let m: RegExpExecArray | null;
  let at = 0;
  while (at < text.length && (m = token.exec(text))) {
    at = token.lastIndex;
    if (m[5]) continue;
    if (m[1] !== undefined) steps.push(/^\d+$/.test(m[1]) ? Number(m[1]) : m[1]);
    else if (m[2] !== undefined) steps.push(Number(m[2]));
    else steps.push({ key: m[3], value: m[4] });
  }
  if (at !== text.length || steps.length === 0)
    throw new ArgumentError(`"${text}" is not a summary path (fields joined by dots, [N], [key=value])`);
  return steps;
}

/** What `path` leads to in `json` (undefined where it leads nowhere). */
export function valueAtPath(json: unknown, path: readonly PathStep[]): unknown {
  let v = json;
  for (const step of path) {
    if (typeof v !== 'object' || v === null) return undefined;
    if (typeof step === 'object') {
      if (!Array.isArray(v)) return undefined;
      v = v.find((x) => typeof x === 'object' && x !== null && String((x as Record<string, unknown>)[step.key]) === step.value);
    } else v = (v as Record<string | number, unknown>)[step];
  }
  return v;
}

/** A summary figure: a number, or a win rate (`{ rate, ci }`, or the `rate` field of one) with its Wilson interval. */
function summaryFigure(summary: ProbeSummary, path: readonly PathStep[]): { value: number; ci?: [number, number] } | undefined {
  const v = valueAtPath(summary, path);
  const withCi = (o: unknown) => {
    const ci = (o as { ci?: unknown })?.ci;
    return Array.isArray(ci) && ci.length === 2 ? (ci as [number, number]) : undefined;
  };
  if (typeof v === 'number')
    return path.at(-1) === 'rate' ? { value: v, ci: withCi(valueAtPath(summary, path.slice(0, -1))) } : { value: v };
  if (typeof v === 'object' && v !== null && typeof (v as { rate?: unknown }).rate === 'number')
    return { value: (v as { rate: number }).rate, ci: withCi(v) };
  return undefined;
}

/**
 * Parse a measure against `game` (one of `entry`'s): the kinds and categories it names, and a restricted spec's
 * agents, are checked here; a summary path is checked against a probe's summary by `checkReported`.
 * @throws ArgumentError naming what is wrong
 */
export function parseMeasure(text: string, entry: GameEntry, game: Game<unknown>): Measure {
  const [head, ...rest] = text.split(':');
  const kinds = () => entry.reporting(game);
  if (head === 'restricted') {
    entry.agent(text, 0, game);
    return { kind: 'restricted', text, forbid: rest[0], against: restrictedBase(text) };
  }
  if (head === 'per_game' || head === 'games_with') {
    if (rest.length !== 1) throw new ArgumentError(`measure "${text}": write ${head}:KINDS (kind or category names joined by +)`);
    return { kind: head, text, kinds: kindsNamed(rest[0], kinds(), `measure "${text}"`) };
  }
  if (text === 'distinct_kinds' || text === 'max_position_ratio') return { kind: text, text };
  return { kind: 'probe', text, path: parsePath(text) };
}

/** The texts of the summary paths among `measures` that `summary` (a probe of the stage's field) does not report as a number. */
export function unreported(measures: readonly Measure[], summary: ProbeSummary): string[] {
  return measures.filter((m) => m.kind === 'probe' && summaryFigure(summary, m.path) === undefined).map((m) => m.text);
}

/** A figure computed from the main field's records (`per_game`, `games_with`, `distinct_kinds`, `max_position_ratio`). */
function recordFigure(m: Measure, records: readonly ProbeGameRecord[], players: number, kindCount: number): number {
  const G = records.length;
  if (G === 0) return NaN;
  if (m.kind === 'per_game' || m.kind === 'games_with') {
    let total = 0;
    let games = 0;
    for (const r of records) {
      let n = 0;
      for (let i = 0; i < r.kindCounts.length; i++) if (m.kinds[i % kindCount]) n += r.kindCounts[i];
      total += n;
      if (n > 0) games++;
    }
    return m.kind === 'per_game' ? total / G : games / G;
  }
  if (m.kind === 'distinct_kinds') {
    const used = new Uint8Array(kindCount);
    for (const r of records) for (let i = 0; i < r.kindCounts.length; i++) if (r.kindCounts[i] > 0) used[i % kindCount] = 1;
    return used.reduce((a, b) => a + b, 0);
  }
  // max_position_ratio: the best turn-order position's wins over the mean position's.
  const wins = new Array<number>(players).fill(0);
  let decided = 0;
  for (const r of records)
    if (r.winner >= 0) {
      wins[r.order.indexOf(r.winner)]++;
      decided++;
    }
  return decided ? Math.max(...wins) / (decided / players) : NaN;
}

/**
 * The 2.5% and 97.5% percentiles of `stat` over `B` resamples (with replacement, seeded by `seed`) of `records`,
 * per entry of the vector `stat` returns; NaN resamples are left out ([NaN, NaN] when all are).
 */
export function bootstrap<T>(records: readonly T[], B: number, seed: string, stat: (rs: T[]) => number[]): [number, number][] {
  const rng = seedRng(`tune-bootstrap/${seed}`);
  const draws: number[][] = [];
  for (let b = 0; b < B; b++) {
    const rs = Array.from({ length: records.length }, () => records[nextInt(rng, records.length)]);
    stat(rs).forEach((x, i) => (draws[i] ??= []).push(x));
  }
  return draws.map((xs) => {
    const sorted = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
    return sorted.length ? [quantileSorted(sorted, 0.025), quantileSorted(sorted, 0.975)] : [NaN, NaN];
  });
}

/** What `measureRuleset` needs: the game and ruleset, the field, the budget and the measures. */
export interface MeasureRequest {
  game: string;
  /** Ruleset name or path (a trial's ruleset file). */
  ruleset: string;
  players: number;
  /** The main field's agent specs, seated in rotation (designer/probe.ts `lineupOf`). */
  agents: string[];
  seed: string;
  games: number;
  workers: number;
  /** Bootstrap resamples for figures without a closed-form interval (0: none). */
  bootstrap: number;
  measures: readonly Measure[];
  /** Measure restricted play against this spec instead of each measure's own SPEC (learned confirmation: its policy). */
  restrictedAgainst?: string;
  /** Games played so far over all of this request's probes, and how many it plays in all. */
  onGame?: (done: number, total: number) => void;
  /** The records of an earlier measurement of the same request with fewer games: only the games it lacks are played. */
  played?: Measurement['records'];
}

/** The figures of one ruleset, in `measures` order, and the probes behind them. */
export interface Measurement {
  figures: Figure[];
  /** The main field's summary (null when every measure is restricted play). */
  summary: ProbeSummary | null;
  /** Every probe's game records: the main field's under '', each restricted line-up's under its spec. */
  records: Record<string, ProbeGameRecord[]>;
  seconds: number;
}

/** How many probes `measureRuleset` plays for `r`: the main field (when a measure needs it) and each restricted line-up. */
export function probesOf(r: Pick<MeasureRequest, 'measures' | 'restrictedAgainst'>): { main: boolean; restricted: string[] } {
  const restricted = new Set<string>();
  let main = false;
  for (const m of r.measures)
    if (m.kind === 'restricted') restricted.add(r.restrictedAgainst ? `restricted:${m.forbid}:${r.restrictedAgainst}` : m.text);
    else main = true;
  return { main, restricted: [...restricted] };
}

/**
 * Measure every figure of `r.measures` on `r.ruleset` (see the module docs).
 * @throws RulesetError / CheckpointError / ArgumentError from the probes (a ruleset the game refuses, a checkpoint
 *   that does not fit it)
 */
export async function measureRuleset(r: MeasureRequest): Promise<Measurement> {
  const t0 = performance.now();
  const { main, restricted } = probesOf(r);
  const total = r.games * (Number(main) + restricted.length);
  let done = 0;
  const all: Record<string, ProbeGameRecord[]> = {};
  const probe = async (key: string, agents: string[]) => {
    const records = (all[key] = [...(r.played?.[key] ?? [])]);
    done += Math.min(records.length, r.games);
    return runProbe({
      game: r.game,
      ruleset: r.ruleset,
      agents,
      players: r.players,
      seed: r.seed,
      games: r.games,
      workers: r.workers,
      played: records,
      onRecord: (rec) => {
        records.push(rec);
        r.onGame?.(++done, total);
      },
    });
  };
  const summary = main ? await probe('', r.agents) : null;
  // In game order, whatever order the threads finished them in: the bootstrap's resamples index into it.
  const records = (all[''] ?? []).sort((a, b) => a.game - b.game);
  const rates = new Map<string, ProbeSummary['by_agent'][number]>();
  for (const spec of restricted) {
    const against = restrictedBase(spec);
    const s = await probe(spec, [spec, ...Array.from({ length: r.players - 1 }, () => against)]);
    rates.set(
      spec,
      s.by_agent.find((a) => a.agent === spec)!,
    );
  }
  const figures: Figure[] = [];
  const resampled: number[] = [];
  const args: ProbeArgs = { game: r.game, ruleset: r.ruleset, agents: r.agents, seed: r.seed, players: r.players };
  const K = kindCountOf(records, r.players);
  for (const m of r.measures) {
    if (m.kind === 'restricted') {
      const spec = r.restrictedAgainst ? `restricted:${m.forbid}:${r.restrictedAgainst}` : m.text;
      const x = rates.get(spec)!;
      figures.push({ value: x.rate * r.players, lo: x.ci[0] * r.players, hi: x.ci[1] * r.players, interval: 'wilson', games: r.games });
      continue;
    }
    if (m.kind === 'probe') {
      const f = summaryFigure(summary!, m.path);
      if (!f) throw new ArgumentError(`the probe does not report "${m.text}" on ${r.ruleset}`);
      if (f.ci) figures.push({ value: f.value, lo: f.ci[0], hi: f.ci[1], interval: 'wilson', games: r.games });
      else
        (figures.push({ value: f.value, lo: f.value, hi: f.value, interval: 'none', games: r.games }), resampled.push(figures.length - 1));
      continue;
    }
    const value = recordFigure(m, records, r.players, K);
    if (m.kind === 'games_with') {
      const ci = wilson(Math.round(value * records.length), records.length);
      figures.push({ value, lo: ci.left, hi: ci.right, interval: 'wilson', games: r.games });
    } else (figures.push({ value, lo: value, hi: value, interval: 'none', games: r.games }), resampled.push(figures.length - 1));
  }
  if (r.bootstrap > 0 && resampled.length && records.length > 1) {
    const game = gameEntry(r.game).game(r.ruleset);
    const needsSummary = resampled.some((i) => r.measures[i].kind === 'probe');
    const cis = bootstrap(records, r.bootstrap, `${r.seed}/${r.ruleset}`, (rs) => {
      const s = needsSummary ? summarise(rs, args, game, 0) : null;
      return resampled.map((i) => {
        const m = r.measures[i];
        return m.kind === 'probe' ? (summaryFigure(s!, m.path)?.value ?? NaN) : recordFigure(m, rs, r.players, K);
      });
    });
    resampled.forEach((i, j) => {
      const [lo, hi] = cis[j];
      if (Number.isFinite(lo))
        figures[i] = { ...figures[i], lo: Math.min(lo, figures[i].value), hi: Math.max(hi, figures[i].value), interval: 'bootstrap' };
    });
  }
  return { figures, summary, records: all, seconds: (performance.now() - t0) / 1000 };
}

/** The reporting's kind count of the records (each record's kindCounts is players x kinds). */
function kindCountOf(records: readonly ProbeGameRecord[], players: number): number {
  return records.length ? records[0].kindCounts.length / players : 0;
}
