/**
 * The rule search's report (`merlin tune`, designer/tune.ts): one JSON object (`TuneReport`) and a self-contained
 * HTML page made from it, in the probe report's look (designer/report.ts) with vega-lite charts rendered to inline
 * SVG (designer/charts.ts). The page shows the goal, the Pareto front as a chart (each objective's figure against the
 * distance from the base ruleset, intervals as bars, the target as a band), each front point best first (its figures
 * with intervals, what it changes against the base as `probe --compare` prints it, the rulebook quotes of the
 * deviations it takes, the commands that reproduce it and write it as a ruleset, its learned confirmation), Optuna's
 * parameter importance, and every trial.
 */
import escapeHtml from 'escape-html';
import { chartSvg } from './charts.ts';
import type { LearnedRun } from './probe.ts';
import { CSS, teacherText } from './report.ts';
import { diffValue, type RulesetChange } from './ruleset-diff.ts';
import type { Score } from './tune-front.ts';
import type { Figure } from './tune-measure.ts';
import type { Distance, Domain } from './tune-space.ts';
import type { Counts } from './tune-optuna.ts';

/** One trial of the study. */
export interface TuneTrial {
  number: number;
  state: string;
  /** The trial ruleset's file name (without `.json`) in OUT-rulesets/, the same for the same parameters. */
  ruleset: string | null;
  /** Parameter values in the space's order. */
  values: unknown[] | null;
  /** Per objective (the distance excepted): the figure with its 95% interval. */
  figures: Figure[] | null;
  /** Per objective, the distance last: what the optimiser was told, with intervals. */
  scores: Score[] | null;
  distance: Distance | null;
  games: number | null;
  /** Measured again with more games because it was near the front. */
  remeasured: boolean;
  /** The earlier trial with the same parameters whose figures it reuses. */
  duplicate_of: number | null;
  /** The interrupted trial whose parameters it evaluates. */
  retry_of: number | null;
  /** Left running by a process that stopped; its parameters were asked again. */
  interrupted: boolean;
  error: string | null;
}

/** A front point confirmed under learned play. */
export interface Confirmation {
  trial: number;
  ruleset: string;
  /** A hash of the confirmation settings it was made under. */
  settings: string;
  /** The learned policy (`ppo:OUT-learned/KEY`). */
  spec: string;
  updates: number;
  /** Its training's teacher term (`confirm.train.teacher`): weight and kinds, or null without one. */
  teacher: LearnedRun['teacher'];
  wall_seconds: number;
  games: number;
  /** The objectives' figures in its self-play (restricted play against copies of it). */
  figures: Figure[];
  scores: Score[];
  /** `probe --learn`'s fields: self-play, against the heuristic, against random. */
  fields: {
    field: string;
    agents: string[];
    by_agent: { agent: string; rate: number; ci: [number, number]; games: number }[];
    truncation: number;
    median_turns: number;
  }[];
}

/** A Pareto front point. */
export interface TunePoint extends TuneTrial {
  ruleset_file: string;
  diff: RulesetChange[];
  deviations: { parameter: string; quote: string; source: string }[];
  /** Per objective: whether its target is met at its value and with its whole interval (null: a direction). */
  meets: ({ value: boolean; surely: boolean } | null)[];
  reproduce: string[];
  emit: string;
  confirmation: Confirmation | null;
}

/** The whole report (also written as OUT.json). */
export interface TuneReport {
  command: string;
  date: string;
  space: {
    file: string;
    name: string;
    description: string | null;
    game: string;
    base: string;
    hash: string;
    parameters: { name: string; class: string; domain: Domain; base: unknown; quote: string | null; source: string | null }[];
    objectives: {
      name: string;
      measure: string;
      target: { min?: number; max?: number } | null;
      direction: 'minimize' | 'maximize' | null;
    }[];
    stage: { players: number; agents: string[]; games: number; remeasure: number; bootstrap: number; seed: string };
    confirm: { points: number; updates: number; minutes: number; games: number; exploiter: boolean };
    sampler: Record<string, unknown>;
  };
  study: { storage: string; study: string; optuna: string; counts: Counts };
  trials: TuneTrial[];
  /** Best first: most targets met, then the smallest distance. */
  front: TunePoint[];
  importance: { objective: string; importance?: Record<string, number> | null; reason?: string; notes?: string[] }[];
  confirmations: Confirmation[];
}

const esc = (x: unknown) => escapeHtml(String(x));
const num = (x: number) => (Number.isInteger(x) ? x.toLocaleString('en') : Math.abs(x) < 10 ? x.toFixed(3) : x.toFixed(1));
/** A figure as the report prints it: its value, and its 95% interval when it has one. */
export const figureText = (f: Figure) => (f.interval === 'none' ? num(f.value) : `${num(f.value)} [${num(f.lo)}, ${num(f.hi)}]`);
const goalText = (o: TuneReport['space']['objectives'][number]) =>
  o.target
    ? o.target.min !== undefined && o.target.max !== undefined
      ? `${o.target.min} to ${o.target.max}`
      : o.target.min !== undefined
        ? `at least ${o.target.min}`
        : `at most ${o.target.max}`
    : `${o.direction}`;

function table(head: string[], rows: (string | number)[][]): string {
  const cell = (c: string | number) => `<td>${typeof c === 'number' ? c.toLocaleString('en') : c}</td>`;
  return `<table><thead><tr>${head.map((h) => `<th>${esc(h)}</th>`).join('')}</tr></thead><tbody>${rows.map((r) => `<tr>${r.map(cell).join('')}</tr>`).join('')}</tbody></table>`;
}

/**
 * The front chart: one panel per objective, its figure (with its interval) against the distance from the base; the
 * front's points in blue, the other trials grey, the target band shaded.
 */
export function frontChart(r: TuneReport) {
  const frontNumbers = new Set(r.front.map((p) => p.number));
  const panels = r.space.objectives.slice(0, -1).map((o, i) => {
    const rows = r.trials
      .filter((t) => t.figures && t.distance && t.duplicate_of === null)
      .map((t) => ({
        trial: t.number,
        distance: t.distance!.distance,
        value: t.figures![i].value,
        lo: t.figures![i].lo,
        hi: t.figures![i].hi,
        set: frontNumbers.has(t.number) ? 'front' : 'other trials',
      }));
    const band = o.target
      ? [{ min: o.target.min ?? Math.min(...rows.map((x) => x.lo)), max: o.target.max ?? Math.max(...rows.map((x) => x.hi)) }]
      : [];
    return {
      title: `${o.name} (${goalText(o)})`,
      width: 300,
      height: 220,
      layer: [
        ...(band.length
          ? [
              {
                data: { values: band },
                mark: { type: 'rect', color: '#54a24b', opacity: 0.12 },
                encoding: { y: { field: 'min', type: 'quantitative' }, y2: { field: 'max' } },
              },
            ]
          : []),
        {
          data: { values: rows },
          mark: { type: 'rule', strokeWidth: 1.5 },
          encoding: {
            x: { field: 'distance', type: 'quantitative', title: 'distance from the base ruleset' },
            y: { field: 'lo', type: 'quantitative', title: o.measure.length > 40 ? `${o.measure.slice(0, 39)}…` : o.measure },
            y2: { field: 'hi' },
            color: {
              field: 'set',
              type: 'nominal',
              scale: { domain: ['front', 'other trials'], range: ['#4c78a8', '#c7c7c7'] },
              title: null,
            },
          },
        },
        {
          data: { values: rows },
          mark: { type: 'point', filled: true, size: 50 },
          encoding: {
            x: { field: 'distance', type: 'quantitative' },
            y: { field: 'value', type: 'quantitative' },
            color: {
              field: 'set',
              type: 'nominal',
              scale: { domain: ['front', 'other trials'], range: ['#4c78a8', '#c7c7c7'] },
              title: null,
            },
            tooltip: [{ field: 'trial' }, { field: 'value', format: '.3f' }, { field: 'distance', format: '.3f' }],
          },
        },
      ],
    };
  });
  return { hconcat: panels, resolve: { scale: { color: 'shared' } } };
}

function pointHtml(r: TuneReport, p: TunePoint, rank: number): string {
  const objectives = r.space.objectives.slice(0, -1);
  const d = p.distance!;
  const met = p.meets.filter((m) => m?.value).length;
  const targets = p.meets.filter((m) => m !== null).length;
  const figures = table(
    [
      'objective',
      'goal',
      `scripted (${p.games} games)`,
      'met',
      ...(p.confirmation ? [`learned (${p.confirmation.updates} updates, ${p.confirmation.games} games)`] : []),
    ],
    objectives.map((o, i) => [
      esc(o.name),
      esc(goalText(o)),
      esc(figureText(p.figures![i])),
      p.meets[i] === null
        ? ''
        : p.meets[i]!.surely
          ? 'yes, with its interval'
          : p.meets[i]!.value
            ? 'yes, at its value'
            : '<span class="warn">no</span>',
      ...(p.confirmation ? [esc(figureText(p.confirmation.figures[i]))] : []),
    ]),
  );
  const diff = p.diff.length
    ? table(
        ['path', r.space.base, `trial ${p.number}`],
        p.diff.map((c) => [`<code>${esc(c.path)}</code>`, esc(diffValue(c.old, 200)), esc(diffValue(c.new, 200))]),
      )
    : '<p class="note">No rule differs: this is the base ruleset.</p>';
  const deviations = p.deviations.length
    ? `<h4>Deviations from the rulebooks' words</h4><ul>${p.deviations.map((x) => `<li><code>${esc(x.parameter)}</code>: “${esc(x.quote)}”${x.source ? ` (${esc(x.source)})` : ''}</li>`).join('')}</ul>`
    : '';
  const learned = p.confirmation
    ? `<h4>Learned confirmation</h4><p>A self-play policy trained on this ruleset for ${p.confirmation.updates} updates (${p.confirmation.wall_seconds}s)${teacherText(p.confirmation.teacher)}, <code>${esc(p.confirmation.spec)}</code>: ${p.confirmation.fields
        .map(
          (f) =>
            `${esc(f.field)}: ${f.by_agent.map((a) => `<code>${esc(a.agent)}</code> ${(a.rate * 100).toFixed(1)}%`).join(', ')}, ${(f.truncation * 100).toFixed(1)}% truncated, median ${f.median_turns} turns`,
        )
        .join('; ')}.</p>`
    : '';
  return `<section class="point" id="trial-${p.number}"><h3>${rank}. Trial ${p.number}: distance ${num(d.distance)} (${d.changed} ${d.changed === 1 ? 'parameter' : 'parameters'} changed, ${d.deviations} ${d.deviations === 1 ? 'deviation' : 'deviations'}), ${met} of ${targets} targets met</h3>
${figures}<h4>What it changes</h4>${diff}${deviations}${learned}
<h4>Reproduce it</h4><pre>${p.reproduce.map(esc).join('\n')}</pre><p class="note">Write it as a ruleset that extends ${esc(r.space.base)}: <code>${esc(p.emit)}</code></p></section>`;
}

/** The report page. */
export async function tuneReportHtml(r: TuneReport): Promise<string> {
  const c = r.study.counts;
  const title = `Rule search: ${r.space.name} (${r.space.game}, over ${r.space.base})`;
  const chart = r.front.length ? await chartSvg(frontChart(r)) : '<p>No trial has completed.</p>';
  const objectives = table(
    ['objective', 'measure', 'goal'],
    r.space.objectives.map((o) => [esc(o.name), `<code>${esc(o.measure)}</code>`, esc(goalText(o))]),
  );
  const names = r.space.parameters.map((p) => p.name);
  const importance = table(
    ['objective', ...names],
    r.importance.map((x) => [
      esc(x.objective),
      ...names.map((n) => (x.importance ? `${((x.importance[n] ?? 0) * 100).toFixed(0)}%` : esc(x.reason ?? ''))),
    ]),
  );
  const parameters = table(
    ['parameter', 'class', 'domain', 'base', 'rulebook'],
    r.space.parameters.map((p) => [
      `<code>${esc(p.name)}</code>`,
      esc(p.class),
      esc(
        p.domain.type === 'categorical'
          ? p.domain.choices.map((x) => JSON.stringify(x)).join(' | ')
          : `${p.domain.low}..${p.domain.high}${p.domain.step ? ` step ${p.domain.step}` : ''}`,
      ),
      esc(JSON.stringify(p.base)),
      p.quote ? `“${esc(p.quote)}”${p.source ? ` (${esc(p.source)})` : ''}` : '',
    ]),
  );
  const trials = table(
    ['trial', 'state', ...names, ...r.space.objectives.slice(0, -1).map((o) => o.name), 'distance', 'games', 'note'],
    r.trials.map((t) => [
      t.number,
      esc(t.state),
      ...names.map((_, i) => (t.values ? esc(JSON.stringify(t.values[i])) : '')),
      ...r.space.objectives.slice(0, -1).map((_, i) => (t.figures ? esc(figureText(t.figures[i])) : '')),
      t.distance ? num(t.distance.distance) : '',
      t.games ?? '',
      esc(
        [
          t.remeasured ? 'measured again near the front' : '',
          t.duplicate_of !== null ? `same parameters as trial ${t.duplicate_of}` : '',
          t.retry_of !== null ? `asks again the parameters of interrupted trial ${t.retry_of}` : '',
          t.interrupted ? 'interrupted (its process stopped)' : '',
          t.error ?? '',
        ]
          .filter(Boolean)
          .join('; '),
      ),
    ]),
  );
  const s = r.space.stage;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title><style>${CSS} pre { background: #f6f6f6; padding: 6px 8px; overflow-x: auto; font-size: 12px; } .point { border-top: 1px solid #eee; }</style></head>
<body>
<h1>${esc(title)}</h1>
<p class="meta">Made ${esc(r.date)} by <code>${esc(r.command)}</code> (merlin-gym <code>merlin tune</code>; docs/DESIGNER.md "Rule search"). Study <code>${esc(r.study.study)}</code> in <code>${esc(r.study.storage)}</code>, Optuna ${esc(r.study.optuna)}, sampler <code>${esc(JSON.stringify(r.space.sampler))}</code>.</p>
<p class="meta">${c.finished} finished trials (${c.complete} complete, ${c.failed} failed), ${c.interrupted} interrupted and asked again. Each trial: ${s.games} games of <code>${esc(s.agents.join(','))}</code> at ${s.players} players, seed <code>${esc(s.seed)}</code> (the same games for every trial), ${s.remeasure > s.games ? `${s.remeasure} games for a trial near the front` : 'no second measurement'}; intervals 95% (Wilson for win rates and shares of games, else a bootstrap of ${s.bootstrap} resamples over the games).</p>
${r.space.description ? `<p>${esc(r.space.description)}</p>` : ''}
<section id="goal"><h2>The goal</h2>${objectives}<p class="note">A target's score is how far the figure falls outside it (0 inside); the distance from the base ruleset is deviations × (N + 2) + parameters changed + their reach / N for N parameters, where a reach is how far a number moved as a share of its range (a choice: 1).</p></section>
<section id="front"><h2>The Pareto front (${r.front.length} ${r.front.length === 1 ? 'point' : 'points'})</h2>${chart}<p class="note">Each panel: an objective's figure (bar: its 95% interval) against the distance from the base ruleset; blue, the trials no other trial beats in every objective at once; green band, the target.</p>
${r.front.map((p, i) => pointHtml(r, p, i + 1)).join('\n')}</section>
<section id="importance"><h2>Parameter importance</h2>${importance}<p class="note">Optuna's PED-ANOVA evaluator, per objective over the complete trials: how much each parameter decides whether a trial lands among the best on that objective (the shares add up to 100%).</p></section>
<section id="space"><h2>The search space</h2>${parameters}</section>
<section id="trials"><h2>Every trial</h2>${trials}</section>
</body></html>
`;
}
