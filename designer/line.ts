/**
 * The winner's line: what one group of players (the winners of the decided games, or a learned agent) does
 * far more or far less than another (the players who did not win, or the rest of the field), measured per
 * seat-game and ranked by the strength of the evidence. AI playtesting's question (restricted play, learned
 * agents): which line of play does the winning side take, "never buys a card", "votes keep at every ballot"?
 *
 * Two measures per feature (an action kind, or a game's finer label of an action such as Merlin's bid amount):
 * - `per_game`: actions of the feature per seat-game (a count per unit). Difference of the two groups' means,
 *   Welch's standard error over seat-games.
 * - `choice`: of the decisions with a choice (two or more legal actions) that offered the feature, the share at
 *   which it was chosen (a ratio of sums over units). Standard error of a ratio estimator over seat-games (the
 *   delta method, clustered by seat-game: a player's 300 ballots of one game are not 300 independent draws).
 * Each standard error is floored by the one independent counts would give (Poisson for counts, binomial for
 * shares, smoothed by half a count), so a group that never varies (all zero) still gets an honest interval.
 * The 95% interval of the difference is diff ± 1.96 SE (a share's cut to [-1, 1]); z = diff / SE. A line is
 * reported when each side has at least `minUnits` seat-games measured (default 10), |z| >= `minZ`
 * (default 3: many features are tested at once) and the difference is large: a per-game ratio of at least
 * `minRatio` (or one side is zero) with the larger side at least 0.5 a game, or a choice share apart by
 * `minShareGap` or more.
 */

/** One seat-game's play: counts by feature, and for the choice measure the times chosen and offered. */
export interface LineUnit {
  /** Actions taken, by feature (`LineFeatures.perGame` order). */
  perGame: ArrayLike<number>;
  /** Times chosen at decisions with a choice that offered it, by feature (`LineFeatures.choice` order). */
  chosen: ArrayLike<number>;
  /** Decisions with a choice that offered it, by feature (`LineFeatures.choice` order). */
  offered: ArrayLike<number>;
}

/** Feature names of both measures, in the units' order. */
export interface LineFeatures {
  perGame: readonly string[];
  choice: readonly string[];
}

/** One feature the two groups play differently. */
export interface LineItem {
  feature: string;
  measure: 'per_game' | 'choice';
  /** The group's value (actions per seat-game, or the share of offering decisions at which it was chosen), and the other group's. */
  value: number;
  other: number;
  /** value − other, with its 95% interval, and z = diff / SE. */
  diff: number;
  ci: [number, number];
  z: number;
  /** value / other (null when other is 0). */
  ratio: number | null;
  /** Seat-games measured in each group (for `choice`: those with an offering decision). */
  n: [number, number];
  /** The finding in words ("never buys a card (0.0 per game vs 12.3)"). */
  text: string;
}

export interface LineOptions {
  minZ?: number;
  minRatio?: number;
  minShareGap?: number;
  /** Fewest seat-games measured on each side (default 10: the normal interval needs a few clusters). */
  minUnits?: number;
  /** Most items returned (default 12). */
  limit?: number;
  /** The game's phrase for a feature, a verb phrase ("buys a card"); default: "plays NAME" / "chooses NAME". */
  phrase?: (feature: string) => string | undefined;
}

const Z95 = 1.959963984540054;

function meanVar(xs: number[]): [number, number] {
  const n = xs.length;
  if (n === 0) return [0, 0];
  const m = xs.reduce((a, b) => a + b, 0) / n;
  const v = n > 1 ? xs.reduce((a, x) => a + (x - m) * (x - m), 0) / (n - 1) : 0;
  return [m, v];
}

/** Mean count per unit and the variance of that mean (Welch's term), floored by Poisson's. */
function countMean(xs: number[]): { m: number; v: number; n: number } {
  const [m, v] = meanVar(xs);
  const n = Math.max(1, xs.length);
  const sum = xs.reduce((a, b) => a + b, 0);
  return { m, v: Math.max(v / n, (sum + 0.5) / (n * n)), n: xs.length };
}

/** Ratio of sums Σc / Σo over units with o > 0, and its clustered variance, floored by the binomial one. */
function shareMean(c: number[], o: number[]): { m: number; v: number; n: number; offered: number } {
  const idx = o.map((x, i) => (x > 0 ? i : -1)).filter((i) => i >= 0);
  const n = idx.length;
  const C = idx.reduce((a, i) => a + c[i], 0);
  const O = idx.reduce((a, i) => a + o[i], 0);
  if (n === 0 || O === 0) return { m: 0, v: Infinity, n: 0, offered: 0 };
  const r = C / O;
  const obar = O / n;
  const cluster = n > 1 ? idx.reduce((a, i) => a + (c[i] - r * o[i]) ** 2, 0) / (n * (n - 1) * obar * obar) : 0;
  const p = (C + 0.5) / (O + 1);
  return { m: r, v: Math.max(cluster, (p * (1 - p)) / O), n, offered: O };
}

const num = (x: number) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));
const pct = (x: number) => `${(x * 100).toFixed(x > 0.995 && x < 1 ? 1 : 0)}%`;

function describe(
  measure: LineItem['measure'],
  feature: string,
  value: number,
  other: number,
  ratio: number | null,
  phrase: LineOptions['phrase'],
): string {
  const verb = phrase?.(feature);
  if (measure === 'per_game') {
    const does = verb ?? `plays ${feature}`;
    const figures = `(${num(value)} per game vs ${num(other)})`;
    if (value === 0) return `never ${does} ${figures}`;
    if (other === 0) return `${does} where the others never do ${figures}`;
    const r = ratio ?? 0;
    return r >= 1 ? `${does} ${num(r)}x as often ${figures}` : `${does} ${num(1 / r)}x less often ${figures}`;
  }
  const does = verb ?? `chooses ${feature}`;
  const figures = `(${pct(value)} vs ${pct(other)} of the decisions that offer it)`;
  if (value >= 0.995) return `always ${does} when it can ${figures}`;
  if (value <= 0.005) return `never ${does} when it can ${figures}`;
  return `${does} ${value > other ? 'more' : 'less'} often ${figures}`;
}

/**
 * The features `group` plays far more or far less than `others` (see module docs), strongest evidence first.
 * @param group the seat-games of the group (winners, or the agent under study)
 * @param others the seat-games compared with (the rest)
 * @param features names of the units' features
 */
export function lineOf(group: LineUnit[], others: LineUnit[], features: LineFeatures, o: LineOptions = {}): LineItem[] {
  const minZ = o.minZ ?? 3;
  const minRatio = o.minRatio ?? 1.5;
  const minGap = o.minShareGap ?? 0.1;
  const minUnits = o.minUnits ?? 10;
  if (group.length === 0 || others.length === 0) return [];
  const items: LineItem[] = [];
  const push = (
    measure: LineItem['measure'],
    feature: string,
    a: { m: number; v: number; n: number },
    b: { m: number; v: number; n: number },
  ) => {
    const se = Math.sqrt(a.v + b.v);
    const diff = a.m - b.m;
    if (!Number.isFinite(se) || se === 0 || a.n < minUnits || b.n < minUnits) return;
    const z = diff / se;
    const ratio = b.m > 0 ? a.m / b.m : null;
    const large =
      measure === 'per_game'
        ? Math.max(a.m, b.m) >= 0.5 && (a.m === 0 || b.m === 0 || (ratio ?? 0) >= minRatio || (ratio ?? Infinity) <= 1 / minRatio)
        : Math.abs(diff) >= minGap;
    if (Math.abs(z) < minZ || !large) return;
    items.push({
      feature,
      measure,
      value: a.m,
      other: b.m,
      diff,
      // A share's difference lies in [-1, 1]; the normal interval is cut there.
      ci: measure === 'choice' ? [Math.max(-1, diff - Z95 * se), Math.min(1, diff + Z95 * se)] : [diff - Z95 * se, diff + Z95 * se],
      z,
      ratio,
      n: [a.n, b.n],
      text: describe(measure, feature, a.m, b.m, ratio, o.phrase),
    });
  };
  features.perGame.forEach((f, j) => {
    push('per_game', f, countMean(group.map((u) => u.perGame[j])), countMean(others.map((u) => u.perGame[j])));
  });
  features.choice.forEach((f, j) => {
    push(
      'choice',
      f,
      shareMean(
        group.map((u) => u.chosen[j]),
        group.map((u) => u.offered[j]),
      ),
      shareMean(
        others.map((u) => u.chosen[j]),
        others.map((u) => u.offered[j]),
      ),
    );
  });
  return items.sort((x, y) => Math.abs(y.z) - Math.abs(x.z)).slice(0, o.limit ?? 12);
}
