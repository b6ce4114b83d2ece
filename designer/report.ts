/**
 * The probe's self-contained HTML report (no network loads; opens from file://). Charts are vega-lite
 * rendered to inline SVG (charts.ts). With two summaries (`--compare`), every section shows the two
 * rulesets side by side. Each section is one function from a summary to HTML: add a section by adding
 * a function to SECTIONS.
 */
import escapeHtml from 'escape-html';
import type { CardStat, LearnedRun, ProbeSummary, Rate } from './probe.ts';
import type { LineItem } from './line.ts';
import { diffValue, type RulesetChange } from './ruleset-diff.ts';
import { barChart, chartSvg, heatmap, histogram, lineChart, rateChart, stackedArea } from './charts.ts';
import { COVERAGE_FINDINGS, coverageHtml } from './coverage-html.ts';

/** Facts about how the report was made, printed at its top. */
export interface ReportMeta {
  /** The command line that made it. */
  command: string;
  /** ISO date-time. */
  date: string;
  /** With `--compare`: what differs from the first ruleset to the second (the page opens with it). */
  diff?: RulesetChange[];
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const ci = (r: Rate) => `${pct(r.ci[0])} – ${pct(r.ci[1])}`;
const esc = (x: unknown) => escapeHtml(String(x));

function table(head: string[], rows: (string | number)[][], cls = ''): string {
  return `<table class="${cls}"><thead><tr>${head.map((h) => `<th>${esc(h)}</th>`).join('')}</tr></thead><tbody>${rows
    .map((r) => `<tr>${r.map((c) => `<td>${typeof c === 'number' ? c.toLocaleString('en') : c}</td>`).join('')}</tr>`)
    .join('')}</tbody></table>`;
}

type Section = { id: string; title: string; render: (s: ProbeSummary) => Promise<string>; when?: (s: ProbeSummary) => boolean };

/** A learned run's teacher term as a clause of its description (`, with a teacher term ...`), or '' without one. */
export function teacherText(t: LearnedRun['teacher']): string {
  return t
    ? `, with a teacher term of weight ${t.coef} toward the heuristic's choices (${t.kinds.length ? esc(t.kinds.join(', ')) : 'every decision'})`
    : '';
}

const SECTIONS: Section[] = [
  {
    id: 'learned',
    title: 'Learned agent',
    when: (s) => s.learned !== undefined,
    render: async (s) => {
      const l = s.learned;
      if (!l) return '<p>No learned agent in this probe.</p>';
      const x = s.by_agent.find((a) => a.agent === l.spec);
      return (
        `<p>A self-play policy trained on this ruleset for ${l.minutes} minutes${l.from ? ` from the checkpoint <code>${esc(l.from)}</code>` : ''} (${l.updates} updates, ${l.imitation_updates} of them imitating the heuristic, ${l.episodes.toLocaleString('en')} episodes, ${l.wall_seconds}s of wall time) by the project's trainer: its league${l.exploiter ? `, with the main exploiter beside it (${l.exploiters_joined} frozen copies joined the league)` : ''}${teacherText(l.teacher)}; rewards <code>${esc(JSON.stringify(l.rewards))}</code>. Checkpoint: <code>${esc(l.spec)}</code>.</p>` +
        (x
          ? `<p>In this field (${esc(s.field ?? s.agents.join(','))}) it wins <b>${pct(x.rate)}</b> (${ci(x)}) of its ${x.games} seat-games by the rules; ${pct(s.truncation.rate)} of the games hit the turn limit and count as nobody's win.</p>`
          : '')
      );
    },
  },
  {
    id: 'line',
    title: 'The winner’s line',
    render: async (s) => {
      const head = ['', 'measure', 'this side', 'the others', 'difference (95% interval)', 'z'];
      const rows = (xs: LineItem[]) =>
        xs.map((i) => [
          esc(i.text),
          i.measure === 'per_game' ? 'per game' : 'share of offering decisions',
          i.measure === 'per_game' ? i.value.toFixed(2) : pct(i.value),
          i.measure === 'per_game' ? i.other.toFixed(2) : pct(i.other),
          i.measure === 'per_game'
            ? `${i.diff.toFixed(2)} (${i.ci[0].toFixed(2)} – ${i.ci[1].toFixed(2)})`
            : `${(i.diff * 100).toFixed(1)} points (${(i.ci[0] * 100).toFixed(1)} – ${(i.ci[1] * 100).toFixed(1)})`,
          Math.abs(i.z).toFixed(1),
        ]);
      const block = (title: string, xs: LineItem[]) =>
        `<h3>${title}</h3>` +
        (xs.length ? table(head, rows(xs), 'line') : '<p>Nothing played far more or far less (|z| ≥ 3 and a large difference).</p>');
      const agents = Object.entries(s.line_by_agent).sort(([a], [b]) => Number(b.startsWith('ppo:')) - Number(a.startsWith('ppo:')));
      return (
        block('Winners against the players who did not win (decided games)', s.winners_line) +
        agents.map(([agent, xs]) => block(`<code>${esc(agent)}</code> against the rest of the field`, xs)).join('') +
        '<p class="note">One unit per seat-game. Per game: actions of the kind in a game (Welch’s interval). Share of offering decisions: of the decisions with a choice that offered the kind (or the game’s finer label, e.g. a bid’s amount), the share at which it was taken (a ratio over seat-games, clustered by seat-game). Ranked by |z|; shown when each side has 10 seat-games or more, |z| ≥ 3 and the difference is large (1.5× per game, or 10 points of share). Games that hit the turn limit have no winner and are left out of the first table.</p>'
      );
    },
  },
  {
    id: 'exploiter',
    title: 'Exploiter',
    when: (s) => s.exploiter !== undefined,
    render: async (s) => {
      const x = s.by_agent.find((a) => a.agent === s.exploiter);
      if (!x) return '<p>No exploiter in this probe.</p>';
      const over = s.overuse_by_agent[x.agent].map((o) => [
        esc(o.kind),
        pct(o.share),
        pct(o.field_share),
        o.ratio === null ? 'only the exploiter' : `${o.ratio.toFixed(1)}×`,
      ]);
      return (
        `<p>The trained exploiter <code>${esc(x.agent)}</code> wins <b>${pct(x.rate)}</b> (${ci(x)}) against the field; the fair share is ${pct(1 / s.players)}.</p>` +
        '<h3>Action kinds it over-uses (the first clue to a dominant line)</h3>' +
        table(['kind', 'share of its actions', 'share in the field', 'ratio'], over, 'overuse')
      );
    },
  },
  {
    id: 'agents',
    title: 'Win rate by agent',
    render: async (s) => {
      const chart = await chartSvg(
        rateChart(
          s.by_agent.map((a) => ({ label: a.agent, rate: a.rate, lo: a.ci[0], hi: a.ci[1], expected: s.base_rate })),
          'Win rate by agent (red tick: fair share)',
          'agent',
        ),
      );
      const rows = s.by_agent.map((a) => [
        `<code>${esc(a.agent)}</code>`,
        a.games,
        a.wins,
        `<b>${pct(a.rate)}</b>`,
        ci(a),
        a.truncated ?? '',
        esc(a.summary ?? '') + (a.fallback ? `<br><span class="warn">Fallback: ${esc(a.fallback)}</span>` : ''),
      ]);
      return (
        chart +
        table(['agent', 'seat-games', 'wins', 'win rate', '95% interval', 'truncated', 'strategy'], rows, 'agents') +
        '<p class="note">A win is a victory by the rules. A game that hits the turn limit (truncated: the seat-games counted in that column) is nobody’s win; it stays in the seat-games.</p>'
      );
    },
  },
  {
    id: 'seats',
    title: 'Win rate by seat and by turn-order position',
    render: async (s) => {
      const rows = (xs: ProbeSummary['by_seat'], name: (i: number) => string) =>
        xs.map((r, i) => ({ label: name(i), rate: r.rate, lo: r.ci[0], hi: r.ci[1], expected: r.expected }));
      return (
        '<div class="row">' +
        (await chartSvg(
          rateChart(
            rows(s.by_seat, (i) => `seat ${i}`),
            'By seat (red tick: what the seated agents predict)',
            'seat',
          ),
        )) +
        (await chartSvg(
          rateChart(
            rows(s.by_position, (i) => `${i + 1}. in turn order`),
            'By turn-order position (set by the opening auction)',
            'position',
          ),
        )) +
        '</div><p class="note">Seats rotate among the agents, so every agent sits in every seat equally often. Turn order is bid for in the opening auction; the expected rate of a position is the mean win rate of the agents who took it.</p>'
      );
    },
  },
  {
    id: 'victory',
    title: 'Victory types and game length',
    render: async (s) => {
      const v = Object.entries(s.victory_types).map(([label, value]) => ({ label: label.replace('_', ' '), value }));
      return (
        '<div class="row">' +
        (await chartSvg(barChart(v, 'How games ended', 'games'))) +
        (await chartSvg(histogram(s.turns, 'Game length', 'turns'))) +
        '</div>' +
        `<p>Turns: mean ${s.length.mean.toFixed(1)}, median ${s.length.median}, 10th–90th percentile ${s.length.p10}–${s.length.p90}.</p>` +
        (s.truncation
          ? `<p>Stopped at the turn limit (${s.truncation.turn_limit} turns): <b>${s.truncation.games.toLocaleString('en')}</b> of ${s.games.toLocaleString('en')} games (${pct(s.truncation.rate)}), nobody’s win.</p>`
          : '') +
        playabilityHtml(s.playability)
      );
    },
  },
  {
    id: 'flows',
    title: 'Gold and commodity flows',
    when: (s) => s.gold_by_round !== undefined,
    render: async (s) => {
      const rows = (byRound: ProbeSummary['gold_by_round'], cols: string[] = []) =>
        (byRound ?? [])
          .filter((r) => r.games >= Math.max(1, s.games * 0.05))
          .flatMap((r) => cols.map((holder, j) => ({ t: r.round, holder, amount: r.mean[j] })));
      return (
        '<div class="row">' +
        (await chartSvg(
          stackedArea(
            rows(s.gold_by_round, s.gold_columns),
            s.gold_columns ?? [],
            'Who holds the gold',
            'round (one turn per player)',
            'gold (mean over running games)',
          ),
        )) +
        (await chartSvg(
          stackedArea(
            rows(s.commodities_by_round, s.commodity_columns),
            s.commodity_columns ?? [],
            'Where the commodity tokens are',
            'round',
            'tokens (mean)',
          ),
        )) +
        (await chartSvg(
          lineChart(
            (s.counters_by_round ?? [])
              .filter((r) => r.games >= Math.max(1, s.games * 0.05))
              .flatMap((r) => (s.counter_columns ?? []).map((series, j) => ({ t: r.round, series, value: r.mean[j] }))),
            'Counters (mean)',
            'round',
            'value',
            420,
          ),
        )) +
        '</div><p class="note">Means over the games still running at the start of each round (rounds that fewer than 5% of games reach are left out). "elsewhere" is anything the ruleset supplies that no named holder holds: a place the engine added since these tools were written (the holders table of the game names the places).</p>'
      );
    },
  },
  {
    id: 'cards',
    title: 'Cards: plays and the win rate of players who played them',
    when: (s) => s.cards !== undefined,
    render: async (s) => {
      const cards = s.cards ?? [];
      const shown = cards
        .filter((c) => c.games >= 30)
        .sort((a, b) => b.rate - b.expected - (a.rate - a.expected))
        .slice(0, 40);
      const chart = shown.length
        ? await chartSvg(
            rateChart(
              shown.map((c) => ({ label: c.card, rate: c.rate, lo: c.ci[0], hi: c.ci[1], expected: c.expected })),
              'Cards played by 30+ players, most over-performing first (red tick: expected)',
              'card',
            ),
          )
        : '<p>No card was played by 30 or more players.</p>';
      const flagged = cards.filter((c) => c.flag).length;
      const row = (c: CardStat) => [
        esc(c.card),
        c.plays,
        c.games,
        c.wins,
        pct(c.rate),
        ci(c),
        pct(c.expected),
        c.z.toFixed(1),
        c.flag ? `<span class="flag ${c.flag}">${c.flag} expected</span>` : '',
      ];
      const head = ['card', 'plays', 'players', 'wins', 'win rate', '95% interval', 'expected', 'z', 'flag'];
      const rows = cards.map(row);
      return (
        '<h3>By group (suits of playing cards: Clubs properties, Diamonds Lands, Spades and Hearts labs; decks of the other cards)</h3>' +
        table(['group', ...head.slice(1)], (s.card_groups ?? []).map(row), 'card-groups') +
        chart +
        `<p>${flagged} of ${cards.length} cards flagged (expected rate outside the 95% interval). The expected rate is what a typical card gives the same agents (each agent's win rate weighted by how many different cards its players played, since players who stay in the game longer play more cards). With this many cards about 1 in 20 is flagged by chance: trust large |z|.</p>` +
        `<details><summary>All ${cards.length} cards</summary>${table(head, rows, 'cards')}</details>`
      );
    },
  },
  {
    id: 'actions',
    title: 'Action kinds by agent',
    render: async (s) => {
      const cells = Object.entries(s.kind_counts_by_agent).flatMap(([agent, counts]) => {
        const total = counts.reduce((a, b) => a + b, 0) || 1;
        return counts.map((c, k) => ({ row: agent, col: s.kinds[k], share: c / total }));
      });
      const over = Object.entries(s.overuse_by_agent).flatMap(([agent, xs]) =>
        xs
          .slice(0, 6)
          .map((o) => [
            `<code>${esc(agent)}</code>`,
            esc(o.kind),
            pct(o.share),
            pct(o.field_share),
            o.ratio === null ? 'only this agent' : `${o.ratio.toFixed(1)}×`,
          ]),
      );
      const cats = s.categories ?? [];
      const byCat = Object.entries(s.category_shares_by_agent ?? {}).map(([agent, xs]) => [`<code>${esc(agent)}</code>`, ...xs.map(pct)]);
      return (
        (cats.length ? '<h3>Share of each agent’s actions by category</h3>' + table(['agent', ...cats], byCat, 'categories') : '') +
        (await chartSvg(heatmap(cells, 'Share of each agent’s actions by kind'))) +
        '<h3>Over-used kinds (at least 1.5× the rest of the field’s share)</h3>' +
        table(['agent', 'kind', 'share of its actions', 'share in the rest of the field', 'ratio'], over, 'overuse')
      );
    },
  },
  {
    id: 'coverage',
    title: 'Coverage: what comes into play',
    when: (s) => s.coverage !== undefined,
    render: async (s) => (s.coverage ? coverageHtml(s.coverage) : '<p>This summary was written before the probe counted coverage.</p>'),
  },
];

/** The playability figures (designer/probe.ts `Playability`) as a small table; older summaries without them show nothing. */
function playabilityHtml(p: ProbeSummary['playability'] | undefined): string {
  if (!p) return '';
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  return table(
    ['figure', 'value'],
    [
      ['ended by a victory (Economic Dominance or Royal Favor)', pct(p.victory_rate)],
      ['Royal Favor, of those endings', pct(p.royal_favor_share)],
      [`stopped at the turn limit (${p.turn_limit} turns)`, pct(p.truncated_rate)],
      ['median length', `${p.median_turns} turns (${p.median_rounds.toFixed(1)} rounds)`],
      [`cards bought after round 10 (of ${p.buys_after_round_10.games} games that got there)`, pct(p.buys_after_round_10.rate)],
      [
        `Cost of the Living at round 20 / at the start (median of ${p.cost_of_living_round_20.games} games)`,
        `${p.cost_of_living_round_20.median_ratio.toFixed(2)}x (${p.cost_of_living_round_20.median})`,
      ],
    ],
  );
}

function findingsHtml(s: ProbeSummary): string {
  const item = (f: ProbeSummary['findings'][number]) =>
    `<li><span class="tag">${esc(f.about)}</span> ${esc(f.text)}${f.z === null || Number.isNaN(f.z) ? '' : ` <span class="z">|z| = ${f.z.toFixed(1)}</span>`}</li>`;
  // Dead content and no-op loops first, as a list of their own (the tables are in the coverage section).
  const coverage = s.findings.filter((f) => COVERAGE_FINDINGS.has(f.about));
  const findings = s.findings.filter((f) => !COVERAGE_FINDINGS.has(f.about));
  const dead = coverage.length
    ? `<h3>Dead content and no-op loops</h3><ul class="findings dead-content">${coverage.map(item).join('')}</ul><p class="note">What never came into play, what an agent never took when it could, and sequences of moves that change nothing; the tables are in “Coverage” below.</p><h3>Most suspicious findings</h3>`
    : '';
  if (!findings.length) return `${dead}<p>Nothing departs from expectation beyond the 95% intervals.</p>`;
  const top = 10;
  const rest = findings.slice(top);
  return `${dead}<ol class="findings">${findings.slice(0, top).map(item).join('')}</ol>${
    rest.length
      ? `<details><summary>${rest.length} more</summary><ol class="findings" start="${top + 1}">${rest.map(item).join('')}</ol></details>`
      : ''
  }<p class="note">Game-shape findings first, then the rest by the strength of the evidence (|z|). Every expectation already accounts for which agents were involved.</p>`;
}

function metaHtml(s: ProbeSummary): string {
  return `<p class="meta">Ruleset <b>${esc(s.ruleset.name)}</b> (<code>${esc(s.ruleset.source)}</code>, hash <code>${esc(s.ruleset.hash.slice(0, 16))}</code>) ·
 ${s.games.toLocaleString('en')} games · ${s.players} players · agents <code>${esc(s.agents.join(','))}</code> (seats rotate) · seed <code>${esc(s.seed)}</code> · ${s.seconds}s</p>`;
}

/** The designer pages' shared look (the rule search's report uses it too: designer/tune-report.ts). */
export const CSS = `
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 24px auto; max-width: 1320px; color: #222; padding: 0 16px; }
h1 { font-size: 22px; margin-bottom: 4px; } h2 { font-size: 18px; border-bottom: 1px solid #ddd; padding-bottom: 4px; margin-top: 32px; } h3 { font-size: 15px; }
.meta, .note { color: #555; } code { background: #f3f3f3; padding: 0 3px; border-radius: 3px; }
.cols { display: grid; grid-template-columns: repeat(var(--n), minmax(0, 1fr)); gap: 24px; }
.col > h3.ruleset { margin-top: 0; color: #4c78a8; }
svg { max-width: 100%; height: auto; display: block; margin: 8px 0; }
.row { display: flex; flex-wrap: wrap; gap: 8px 40px; align-items: flex-start; }
table { border-collapse: collapse; margin: 8px 0; font-size: 13px; } th, td { border-bottom: 1px solid #e3e3e3; padding: 3px 8px; text-align: left; vertical-align: top; }
th { background: #fafafa; } .warn { color: #a15c00; } .flag.above { color: #b3261e; font-weight: 600; } .flag.below { color: #1e5bb3; font-weight: 600; }
.findings li { margin: 4px 0; } .tag { display: inline-block; min-width: 64px; font-size: 12px; color: #fff; background: #777; border-radius: 3px; padding: 0 5px; text-align: center; }
.z { color: #777; font-size: 12px; } details summary { cursor: pointer; color: #4c78a8; }
tr.dead td { color: #999; } .never { color: #b3261e; font-weight: 600; } .dead-content .tag { background: #b3261e; }
`;

/** The ruleset diff of a `--compare` page: every changed path with the first ruleset's value and the second's. */
function diffHtml(changes: RulesetChange[], summaries: ProbeSummary[]): string {
  const [a, b] = summaries.map((s) => esc(s.ruleset.name));
  const rows = changes.map(
    (c) => `<tr><td><code>${esc(c.path)}</code></td><td>${esc(diffValue(c.old, 200))}</td><td>${esc(diffValue(c.new, 200))}</td></tr>`,
  );
  return `<section id="ruleset-diff"><h2>What differs between the rulesets</h2>${
    changes.length
      ? `<p class="note">${changes.length} ${changes.length === 1 ? 'path differs' : 'paths differ'}.</p><table><tr><th>path</th><th>${a}</th><th>${b}</th></tr>${rows.join('')}</table>`
      : '<p class="note">No rule differs: the two rulesets are the same.</p>'
  }</section>`;
}

/**
 * The report page for one probe, or two side by side (`--compare`).
 * @param summaries one or two probe summaries (the first is the ruleset under study)
 */
export async function reportHtml(summaries: ProbeSummary[], meta: ReportMeta): Promise<string> {
  const n = summaries.length;
  const cols = async (f: (s: ProbeSummary) => Promise<string> | string) =>
    `<div class="cols" style="--n:${n}">${(await Promise.all(summaries.map(async (s) => `<div class="col">${n > 1 ? `<h3 class="ruleset">${esc(s.field ?? s.ruleset.name)} <small>(${esc(s.field ? s.agents.join(',') : s.ruleset.source)})</small></h3>` : ''}${await f(s)}</div>`))).join('')}</div>`;
  const parts: string[] = [];
  for (const sec of SECTIONS) {
    if (sec.when && !summaries.some(sec.when)) continue;
    parts.push(`<section id="${sec.id}"><h2>${esc(sec.title)}</h2>${await cols(sec.render)}</section>`);
  }
  const title = summaries[0].learned
    ? `Balance probe with a learned agent: ${summaries[0].ruleset.name}`
    : n > 1
      ? `Balance probe: ${summaries.map((s) => s.ruleset.name).join(' vs ')}`
      : `Balance probe: ${summaries[0].ruleset.name}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title><style>${CSS}</style></head>
<body>
<h1>${esc(title)}</h1>
<p class="meta">Made ${esc(meta.date)} by <code>${esc(meta.command)}</code> (merlin-gym <code>merlin probe</code>; docs/DESIGNER.md explains every section).</p>
${meta.diff ? diffHtml(meta.diff, summaries) : ''}
${await cols(metaHtml)}
<section id="findings"><h2>Findings</h2>${await cols(findingsHtml)}</section>
${parts.join('\n')}
</body></html>
`;
}
