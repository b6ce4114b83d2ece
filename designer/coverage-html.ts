/**
 * The probe report's coverage section (designer/report.ts SECTIONS) from a `CoverageSummary` (coverage.ts):
 * chapters, victory conditions, action kinds, card groups and cards, each with the share of games and of
 * decisions in which it was legal and, per agent, how often it took it (per seat-game, and when legal at a
 * decision with a choice); then the no-op loops per agent. Dead rows are greyed; an agent that never took an
 * item it could is marked.
 */
import escapeHtml from 'escape-html';
import { gatePhrase, type AgentCoverage, type CoverageRow, type CoverageSummary } from './coverage.ts';

const esc = (x: unknown) => escapeHtml(String(x));
const pct = (x: number) => (x > 0 && x < 0.001 ? '<0.1%' : `${(x * 100).toFixed(1)}%`);

/** The findings coverage adds (coverage.ts `coverageFindings`), shown apart at the top of the findings. */
export const COVERAGE_FINDINGS = new Set(['dead content', 'no-op loop']);

function agentCells(b: AgentCoverage | undefined, legal: boolean): string[] {
  if (!b || b.seat_games === 0) return ['', ''];
  const perGame = (b.taken / b.seat_games).toFixed(2);
  const never = legal && b.legal > 0 && b.taken === 0;
  return [
    never ? `<span class="never" title="legal at ${b.legal} of its decisions, never taken">never</span>` : perGame,
    b.rate === null ? '–' : pct(b.rate),
  ];
}

function rowsTable(
  rows: CoverageRow[],
  agents: string[],
  extra: { head: string; cell: (r: CoverageRow) => string }[],
  cls: string,
): string {
  const head = [
    ...extra.map((e) => e.head),
    'legal: games',
    'taken: games',
    'legal: decisions',
    ...agents.flatMap((a) => [`<code>${esc(a)}</code> per seat-game`, `<code>${esc(a)}</code> when legal`]),
  ];
  const body = rows.map((r) => {
    const dead = r.legal_games === 0;
    const cells = [
      ...extra.map((e) => e.cell(r)),
      pct(r.legal_game_share),
      pct(r.taken_game_share),
      pct(r.legal_decision_share),
      ...agents.flatMap((a) => agentCells(r.by_agent[a], !dead)),
    ];
    return `<tr${dead ? ' class="dead"' : ''}>${cells.map((c) => `<td>${c}</td>`).join('')}</tr>`;
  });
  return `<table class="coverage ${cls}"><thead><tr>${head.map((h) => `<th>${h}</th>`).join('')}</tr></thead><tbody>${body.join('')}</tbody></table>`;
}

/** The coverage section of one probe summary. */
export function coverageHtml(c: CoverageSummary): string {
  const agents = c.agents;
  const name = (r: CoverageRow) => esc(r.name);
  const parts: string[] = [
    `<p>${c.games.toLocaleString('en')} games, ${c.decisions.toLocaleString('en')} decisions, of which ${c.forced.toLocaleString('en')} (${pct(c.decisions ? c.forced / c.decisions : 0)}) had one legal action.${
      c.games_without ? ` ${c.games_without} more games were recorded without coverage (an older records file) and are not counted.` : ''
    }</p>`,
    '<p class="note"><b>legal: games</b>: share of games in which it was legal at some decision of some seat; <b>taken: games</b>: share of games in which some seat took it; <b>legal: decisions</b>: share of all decisions (every seat’s, forced ones included) at which it was legal. Per agent, <b>per seat-game</b>: times it was taken per seat-game of that agent (forced decisions included; “never”: legal at some of its decisions but never taken); <b>when legal</b>: of that agent’s decisions with a choice (two or more legal actions) at which it was legal, the share at which the agent took it (“–”: never legal there with a choice). Grey rows were never legal.</p>',
  ];
  if (c.categories.length)
    parts.push(
      '<h3>By chapter (the game’s categories)</h3>',
      rowsTable(c.categories, agents, [{ head: 'chapter', cell: name }], 'chapters'),
    );
  if (c.victories.length)
    parts.push(
      '<h3>Victory conditions</h3>',
      rowsTable(
        c.victories,
        agents,
        [
          { head: 'condition', cell: (r) => esc(r.name.replace(/_/g, ' ')) },
          { head: 'games it ended', cell: (r) => String(r.ended ?? 0) },
          {
            head: 'claimed by',
            cell: (r) => (r.claimed_by?.length ? r.claimed_by.map(esc).join(', ') : '<span class="note">ends the game by itself</span>'),
          },
        ],
        'victories',
      ),
      '<p class="note">A condition no action claims has no legal figures: it ends the game when it holds.</p>',
    );
  parts.push(
    '<h3>Action kinds</h3>',
    rowsTable(
      c.kinds,
      agents,
      [
        { head: 'kind', cell: name },
        { head: 'chapter', cell: (r) => esc(r.category ?? '') },
        { head: 'gate', cell: (r) => esc(gatePhrase(r.gates)) },
      ],
      'kinds',
    ),
  );
  if (c.cards.length)
    parts.push(
      '<h3>Card groups</h3>',
      rowsTable(c.card_groups, agents, [{ head: 'group', cell: name }], 'card-groups'),
      `<details><summary>All ${c.cards.length} cards</summary>${rowsTable(
        c.cards,
        agents,
        [
          { head: 'card', cell: name },
          { head: 'group', cell: (r) => esc(r.group ?? '') },
        ],
        'cards',
      )}</details>`,
      '<p class="note">A card is legal at a decision when some legal action plays it (the game names which actions do); taken when such an action is taken.</p>',
    );
  parts.push('<h3>No-op loops</h3>');
  if (c.loops === null) parts.push('<p>This game declares no state fingerprint: no-op loops are not looked for.</p>');
  else
    parts.push(
      `<table class="coverage loops"><thead><tr><th>agent</th><th>seat-games</th><th>loops per seat-game</th><th>share of its actions</th><th>longest (actions)</th><th>most in one seat-game</th><th>actions in its loops, by kind</th></tr></thead><tbody>${c.loops
        .map((l) => {
          const total = l.kinds.reduce((t, k) => t + k.actions, 0) || 1;
          return `<tr><td><code>${esc(l.agent)}</code></td><td>${l.seat_games}</td><td>${l.loops_per_seat_game.toFixed(2)}</td><td>${pct(l.share_of_actions)}</td><td>${l.longest}</td><td>${l.most_in_a_seat_game}</td><td>${l.kinds
            .slice(0, 8)
            .map((k) => `${esc(k.kind)} ${pct(k.actions / total)}`)
            .join(', ')}</td></tr>`;
        })
        .join('')}</tbody></table>`,
      '<p class="note">A no-op loop: a seat’s own actions (two or more, with other seats’ answers between, such as a refused offer) after which the state is as it was, apart from the count of actions this turn (the game’s fingerprint, compared at the decisions where the seat chooses freely, within one turn).</p>',
    );
  return parts.join('');
}
