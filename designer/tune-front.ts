/**
 * Scores and Pareto fronts for the rule search (designer/tune.ts). An objective's score is what the optimiser is
 * told: the figure itself for a `direction`, or for a `target` how far the figure falls outside it (0 inside). Each
 * score carries the interval its figure's interval maps to. For fronts and dominance every score is read as a loss
 * (lower is better: a maximised score is negated).
 *
 * Noise: a trial whose optimistic corners (each loss at its interval's low end) are dominated by some other trial's
 * pessimistic corners (its interval's high ends) is surely behind the front; any other trial is near it, and the
 * search measures it again with more games (`stage.remeasure`) before telling its values.
 */
import type { Figure } from './tune-measure.ts';

/** A score with its interval, in the optimiser's orientation (`value` lies in [lo, hi]). */
export interface Score {
  value: number;
  lo: number;
  hi: number;
}

/** What an objective aims for: a target band (the score is the shortfall) or a direction. */
export interface Goal {
  target?: { min?: number; max?: number };
  direction?: 'minimize' | 'maximize';
}

/** How far `x` falls outside [min, max] (0 inside). */
export function shortfall(x: number, t: { min?: number; max?: number }): number {
  return Math.max(0, (t.min ?? -Infinity) - x, x - (t.max ?? Infinity));
}

/** The optimiser's direction for a goal: a target's shortfall is minimised. */
export const directionOf = (g: Goal): 'minimize' | 'maximize' => g.direction ?? 'minimize';

/** The score of figure `f` for goal `g`, with its interval (a target: the shortfall's least and greatest over the figure's interval). */
export function scoreOf(g: Goal, f: Figure): Score {
  if (!g.target) return { value: f.value, lo: f.lo, hi: f.hi };
  const t = g.target;
  const inside = f.lo <= (t.max ?? Infinity) && f.hi >= (t.min ?? -Infinity);
  const ends = [shortfall(f.lo, t), shortfall(f.hi, t)];
  return { value: shortfall(f.value, t), lo: inside ? 0 : Math.min(...ends), hi: Math.max(...ends) };
}

/** Whether figure `f` meets goal `g`'s target: at its value, and with its whole interval (null for a direction). */
export function meets(g: Goal, f: Figure): { value: boolean; surely: boolean } | null {
  if (!g.target) return null;
  return { value: shortfall(f.value, g.target) === 0, surely: shortfall(f.lo, g.target) === 0 && shortfall(f.hi, g.target) === 0 };
}

/** A score read as a loss (lower is better), its interval too. */
export function lossOf(direction: 'minimize' | 'maximize', s: Score): Score {
  return direction === 'maximize' ? { value: -s.value, lo: -s.hi, hi: -s.lo } : s;
}

/** True when `a` is no worse than `b` in every loss and better in one. */
export function dominates(a: readonly number[], b: readonly number[]): boolean {
  let better = false;
  for (let i = 0; i < a.length; i++) {
    if (a[i] > b[i]) return false;
    if (a[i] < b[i]) better = true;
  }
  return better;
}

/** The points no other point dominates (by `losses`), in their order. */
export function frontOf<T>(points: readonly T[], losses: (p: T) => readonly number[]): T[] {
  const ls = points.map(losses);
  return points.filter((_, i) => !ls.some((l, j) => j !== i && dominates(l, ls[i])));
}

/**
 * True when some point in `others` surely dominates `candidate`: its pessimistic losses (interval highs) are no
 * worse than the candidate's optimistic ones (interval lows) everywhere, and its values dominate the candidate's.
 */
export function surelyDominated(candidate: readonly Score[], others: readonly (readonly Score[])[]): boolean {
  const values = candidate.map((s) => s.value);
  return others.some(
    (o) =>
      o.every((s, i) => s.hi <= candidate[i].lo) &&
      dominates(
        o.map((s) => s.value),
        values,
      ),
  );
}
