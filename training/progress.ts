/**
 * What `merlin train`'s progress line says about winning. Two different things, named apart:
 *
 * - **measured win rates**: the learner's policy's wins over the episodes it finished against a member
 *   (`random`, `heuristic`, a snapshot) in the last `RECENT_UPDATES` updates, with the episode count. While
 *   the heuristic imitates (the warm start) the learner's seat is played by the teacher, so there are no
 *   measured episodes yet and the line shows `-`.
 *   A rate is quoted only over MIN_GAMES_FOR_RATE episodes or more, with its 95% interval.
 * - **the league's estimate**: `LeagueMember.learnerWinRate`, an exponential moving average that starts at
 *   the fair share 1/players and moves by `alpha` per episode; it drives PFSP sampling (training/league.ts)
 *   and is not a win rate one can quote (it reads 0.25 until PPO episodes move it).
 */
import { createRequire } from 'node:module';

/** The learner's finished episodes against one league member, and how many it won. */
export interface Tally {
  episodes: number;
  wins: number;
}

/** Updates over which the progress line's measured win rates are counted. */
export const RECENT_UPDATES = 20;

/**
 * Sum the per-update tallies of the last `window` records, member by member.
 *
 * @param records update records in order, each with `resultsVs` (episodes and wins by member name).
 * @param window how many of the latest records to count (default RECENT_UPDATES).
 */
export function recentResults(records: readonly { resultsVs?: Record<string, Tally> }[], window = RECENT_UPDATES): Record<string, Tally> {
  const sum: Record<string, Tally> = {};
  for (const r of records.slice(Math.max(0, records.length - window))) {
    for (const [name, t] of Object.entries(r.resultsVs ?? {})) {
      const s = (sum[name] ??= { episodes: 0, wins: 0 });
      s.episodes += t.episodes;
      s.wins += t.wins;
    }
  }
  return sum;
}

/** Fewest finished episodes over which the progress line quotes a win rate (fewer: `-` and the count). */
export const MIN_GAMES_FOR_RATE = 10;

const wilson = createRequire(import.meta.url)('wilson-score-interval') as (k: number, n: number) => { left: number; right: number };

/** `1 game`, `34 games`. */
export const gamesText = (n: number): string => `${n} ${n === 1 ? 'game' : 'games'}`;

/** How `measuredText` writes the rates: the shortest form is `vs random 0.62 (34), heuristic - (3)`. */
export interface MeasuredForm {
  /** With the 95% Wilson interval after each rate (default true). */
  interval?: boolean;
  /** Counts as `34 games` rather than `34` (default true). */
  unit?: boolean;
  /** Fewest episodes over which a rate is quoted (default MIN_GAMES_FOR_RATE; the final line quotes any count from 1). */
  minGames?: number;
}

/**
 * `vs random 0.62 [0.45, 0.77] (34 games), heuristic - (3 games)`: measured win rates against the named
 * members with their 95% Wilson intervals and episode counts; `-` under `minGames` episodes (by default
 * MIN_GAMES_FOR_RATE: mid-run, a rate over 1-8 games swings 0.50 -> 1.00 and says nothing).
 */
export function measuredText(results: Record<string, Tally>, names: readonly string[], form: MeasuredForm = {}): string {
  const { interval = true, unit = true, minGames = MIN_GAMES_FOR_RATE } = form;
  const count = (n: number) => (unit ? gamesText(n) : String(n));
  return (
    'vs ' +
    names
      .map((n) => {
        const t = results[n] ?? { episodes: 0, wins: 0 };
        if (t.episodes === 0 || t.episodes < minGames) return `${n} - (${count(t.episodes)})`;
        const ci = wilson(t.wins, t.episodes);
        const rate = (t.wins / t.episodes).toFixed(2);
        return `${n} ${rate}${interval ? ` [${ci.left.toFixed(2)}, ${ci.right.toFixed(2)}]` : ''} (${count(t.episodes)})`;
      })
      .join(', ')
  );
}

/**
 * `league estimate random 0.25, heuristic 0.25`: the league's EMA per named member (`-` if not a member).
 */
export function leagueEstimateText(winRateVs: Record<string, number>, names: readonly string[]): string {
  return 'league estimate ' + names.map((n) => `${n} ${winRateVs[n] === undefined ? '-' : winRateVs[n].toFixed(2)}`).join(', ');
}

/**
 * Count this update's finished episodes of the learner's policy by opponent member (each member once per
 * episode). Teacher episodes (imitation) are not the learner's and are not passed here.
 *
 * @param episodes finished episodes with the names of the members that sat in them and the learner's result.
 */
export function tallyByMember(episodes: readonly { opponents: readonly string[]; learnerWon: boolean }[]): Record<string, Tally> {
  const out: Record<string, Tally> = {};
  for (const e of episodes) {
    for (const name of new Set(e.opponents)) {
      const t = (out[name] ??= { episodes: 0, wins: 0 });
      t.episodes++;
      if (e.learnerWon) t.wins++;
    }
  }
  return out;
}

/** A field of a progress line (`field`: its place, from 0) and the text it shows from this step on. */
export interface FieldStep {
  field: number;
  text: string;
}

/** One training update's figures, as `merlin train`'s progress line shows them. */
export interface UpdateFigures {
  /** Share of the run's budget spent, 0..1. */
  budgetFraction: number;
  update: number;
  phase: string;
  stepsPerSec: number;
  episodes: number;
  /** The learner's (or, imitating, the teacher's) win rate this update. */
  winRate: number | undefined;
  /** The measured results over the last RECENT_UPDATES updates (`recentResults`), and the members to show. */
  results: Record<string, Tally>;
  shown: readonly string[];
  /** The league's estimate (`leagueEstimateText`, with the exploiter's figure when there is one). */
  league: string;
  loss: number;
  entropy: number;
  /** The run's last line: rates are quoted from one game on (with their counts and intervals). */
  final?: boolean;
}

/**
 * The progress line of a training update as steps that add a field or lengthen one, most useful first: the
 * budget, steps/s, the update, the measured win rates (short), then longer forms, episodes, this update's win
 * rate, the rates' full form, the league's estimate, loss and entropy. A line that fits a terminal is the longest
 * prefix of the steps that fits (cli/progress.ts `fitFields`); with no width limit (a log) every step.
 * 80 columns hold the budget, steps/s, the update and the measured rates.
 */
export function trainingProgressSteps(u: UpdateFigures): FieldStep[] {
  const pct = `${Math.round(u.budgetFraction * 100)}%`;
  const minGames = u.final ? 1 : MIN_GAMES_FOR_RATE;
  const measured = (form: MeasuredForm) => measuredText(u.results, u.shown, { minGames, ...form });
  const win = u.winRate === undefined ? '-' : u.winRate.toFixed(2);
  return [
    { field: 0, text: pct },
    { field: 1, text: `${u.stepsPerSec.toLocaleString('en')} steps/s` },
    { field: 2, text: `update ${u.update}` },
    { field: 3, text: measured({ interval: false, unit: false }) },
    { field: 0, text: `train ${pct}` },
    { field: 2, text: `update ${u.update} (${u.phase})` },
    { field: 3, text: measured({ unit: false }) },
    { field: 4, text: `${u.episodes.toLocaleString('en')} episodes` },
    { field: 5, text: `${u.phase === 'imitation' ? 'teacher ' : ''}win ${win} this update` },
    { field: 3, text: `${measured({})} in the last ${RECENT_UPDATES} updates` },
    { field: 6, text: u.league },
    { field: 7, text: `loss ${u.loss.toFixed(3)}` },
    { field: 8, text: `entropy ${u.entropy.toFixed(3)}` },
  ];
}
