/**
 * `merlin replay view`: a replay log rendered as one self-contained web page (no network loads; opens
 * from file://). The log is replayed through its game first (replay.ts; a log that does not reproduce
 * its recorded final state is refused), and every state becomes a frame: the counters and a set of
 * tables. The page has a slider, step buttons (and the arrow keys), the action log with descriptions and
 * chance outcomes (dice), and each player's figure over the game (vega-lite, SVG) with a cursor at the shown step.
 *
 * What a frame shows comes from the game's registry entry (`replay.view`: Merlin's counters and tables,
 * kept in Merlin's folder, and net worth); a game without one is shown by its `render` text,
 * the player to act, and its `score` per seat.
 */
import escapeHtml from 'escape-html';
import type { Game } from '../env/core/game.ts';
import type { ReplayView, ViewCell } from '../games/registry.ts';
import { chartWithXPositions, lineChart } from './charts.ts';
import { replayEntry, replayStates, type ReplayLog } from './replay.ts';

type Cell = ViewCell;

/**
 * The view of a game without its own: the player to act (or the end), the `render` text line by line,
 * and `score` per seat for the chart.
 */
export function renderView(game: Game<unknown>): ReplayView<unknown> {
  return {
    counters: [
      {
        id: 'decider',
        label: 'To act',
        value: (s) => (game.isTerminal(s) || game.isTruncated(s) ? 'over' : `player ${game.currentPlayer(s)}`),
      },
    ],
    sections: [
      {
        id: 'state',
        title: 'State',
        columns: ['render'],
        rows: (s) =>
          game
            .render(s)
            .split('\n')
            .map((line) => [line]),
      },
    ],
    worth: { label: 'Score', unit: 'score', value: (s, seat) => game.score(s, seat) },
  };
}

/** The view of the log's game (its registry entry's, else `renderView`). */
export function viewOf(log: ReplayLog, game: Game<unknown>): ReplayView<unknown> {
  return replayEntry(log).replay?.view(game) ?? renderView(game);
}

/** One step of the game as the page shows it. */
export interface Frame {
  /** Counter values, the view's counters order. */
  c: Cell[];
  /** Rows of each table, the view's sections order. */
  t: Cell[][][];
}

/** The frame of state `s` under `view` (`agents`: the spec of each seat). */
export function frameOf(view: ReplayView<unknown>, s: unknown, agents: readonly string[]): Frame {
  return { c: view.counters.map((x) => x.value(s)), t: view.sections.map((x) => x.rows(s, agents)) };
}

/** Escape JSON for a <script> element. */
const scriptJson = (x: unknown) =>
  JSON.stringify(x)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The viewer page of a replay log.
 * @throws StateError when the log does not reproduce its recorded game
 */
export async function replayHtml(log: ReplayLog): Promise<string> {
  const { game, states } = replayStates(log);
  const view = viewOf(log, game);
  const frames = states.map((s) => frameOf(view, s, log.agents));
  const worth: { t: number; series: string; value: number }[] = [];
  states.forEach((s, i) => log.agents.forEach((a, p) => worth.push({ t: i, series: `player ${p} (${a})`, value: view.worth.value(s, p) })));
  const chart = await chartWithXPositions(lineChart(worth, view.worth.label, 'step', view.worth.unit), [0, states.length - 1]);
  const data = {
    counters: view.counters.map(({ id, label }) => ({ id, label })),
    sections: view.sections.map(({ id, title, columns }) => ({ id, title, columns })),
    frames,
    log: log.actions.map((a) => ({ seat: a.seat, turn: a.turn, d: a.description, dice: a.dice })),
    cursor: chart.px,
  };
  const title = `Replay: ${log.agents.join(' vs ')} (seed ${log.seed})`;
  const e = escapeHtml;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(title)}</title>
<style>
body { font: 14px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 16px; color: #222; }
h1 { font-size: 20px; margin: 0 0 4px; } h2 { font-size: 15px; margin: 14px 0 4px; } .meta { color: #555; margin: 0 0 8px; }
.controls { display: flex; gap: 6px; align-items: center; position: sticky; top: 0; background: #fff; padding: 6px 0; z-index: 2; border-bottom: 1px solid #ddd; }
.controls input[type=range] { flex: 1; } button { font-size: 14px; padding: 2px 10px; } #step-label { min-width: 150px; font-variant-numeric: tabular-nums; }
.layout { display: grid; grid-template-columns: minmax(0, 1fr) 380px; gap: 16px; }
.counters { display: flex; flex-wrap: wrap; gap: 6px; margin: 8px 0; }
.counter { border: 1px solid #ddd; border-radius: 4px; padding: 2px 8px; background: #fafafa; } .counter b { display: block; font-size: 11px; color: #666; font-weight: normal; }
table { border-collapse: collapse; font-size: 12.5px; } th, td { border-bottom: 1px solid #e6e6e6; padding: 2px 6px; text-align: left; vertical-align: top; } th { background: #f6f6f6; }
#log { height: 70vh; overflow-y: auto; border: 1px solid #ddd; margin: 0; padding: 0; list-style: none; font-size: 12.5px; }
#log li { padding: 2px 6px; border-bottom: 1px solid #f0f0f0; cursor: pointer; } #log li.done { color: #777; } #log li.current { background: #dbe8f6; color: #000; }
#tables { display: flex; flex-wrap: wrap; gap: 0 28px; align-items: flex-start; }
#log .dice { color: #a15c00; } .chart { position: relative; width: max-content; max-width: 100%; overflow-x: auto; }
.chart svg { display: block; } #cursor { position: absolute; top: 20px; bottom: 40px; width: 0; border-left: 2px solid #e45756; pointer-events: none; }
</style></head>
<body>
<h1>${e(title)}</h1>
<p class="meta">Ruleset <b>${e(log.ruleset.name)}</b> (hash <code>${e(log.ruleset.hash.slice(0, 16))}</code>) · ${log.players} players · agents <code>${e(log.agents.join(','))}</code> ·
${log.result.steps} actions, ${log.result.turns} turns · ${e(log.result.victory.replace('_', ' '))}, player ${log.result.winner} wins · replayed through the engine: final state matches the log (sha256 <code>${e(log.result.final_state_sha256.slice(0, 12))}</code>)</p>
<div class="controls">
<button id="first" title="first step (Home)">◀◀</button><button id="prev" title="previous step (←)">◀</button><button id="play" title="play / pause (space)">▶ play</button><button id="next" title="next step (→)">▶</button><button id="last" title="last step (End)">▶▶</button>
<input id="slider" type="range" min="0" max="${frames.length - 1}" value="0" aria-label="step"><span id="step-label"></span>
</div>
<div class="layout"><div>
<div class="counters" id="counters"></div>
<div id="tables"></div>
<h2>${e(view.worth.label)}</h2><div class="chart" id="chart">${chart.svg}<div id="cursor"></div></div>
</div><div><h2>Action log</h2><ol id="log"></ol></div></div>
<script type="application/json" id="replay-data">${scriptJson(data)}</script>
<script>
'use strict';
const D = JSON.parse(document.getElementById('replay-data').textContent);
const N = D.frames.length - 1;
const esc = (x) => String(x).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
document.getElementById('counters').innerHTML = D.counters.map((c) => '<div class="counter"><b>' + esc(c.label) + '</b><span data-counter="' + esc(c.id) + '"></span></div>').join('');
document.getElementById('tables').innerHTML = D.sections.map((s) => '<section data-section="' + esc(s.id) + '"><h2>' + esc(s.title) + '</h2><table><thead><tr>' +
  s.columns.map((c) => '<th>' + esc(c) + '</th>').join('') + '</tr></thead><tbody></tbody></table></section>').join('');
const counterEls = D.counters.map((c) => document.querySelector('[data-counter="' + c.id + '"]'));
const bodies = D.sections.map((s) => document.querySelector('[data-section="' + s.id + '"] tbody'));
const logEl = document.getElementById('log');
logEl.innerHTML = D.log.map((a, i) => '<li data-step="' + (i + 1) + '">' + (i + 1) + '. turn ' + a.turn + ' · player ' + a.seat + ': ' + esc(a.d) +
  (a.dice ? ' <span class="dice">→ rolls ' + a.dice[0] + ' + ' + a.dice[1] + '</span>' : '') + '</li>').join('');
const items = logEl.children;
const slider = document.getElementById('slider');
const label = document.getElementById('step-label');
const cursor = document.getElementById('cursor');
let cur = -1;
function show(i) {
  i = Math.max(0, Math.min(N, i | 0));
  const f = D.frames[i];
  f.c.forEach((v, j) => (counterEls[j].textContent = v));
  f.t.forEach((rows, j) => {
    bodies[j].innerHTML = rows.length ? rows.map((r) => '<tr>' + r.map((c) => '<td>' + esc(c) + '</td>').join('') + '</tr>').join('')
      : '<tr><td colspan="' + D.sections[j].columns.length + '">none</td></tr>';
  });
  // Log item k is action k + 1: done once shown; the last action done is the current one.
  for (let k = cur < 0 ? 0 : Math.min(cur, i), hi = cur < 0 ? N : Math.max(cur, i); k < hi; k++) items[k].classList.toggle('done', k < i);
  if (cur > 0) items[cur - 1].classList.remove('current');
  if (i > 0) {
    items[i - 1].classList.add('current');
    items[i - 1].scrollIntoView({ block: 'nearest' });
  }
  cur = i;
  slider.value = String(i);
  label.textContent = 'step ' + i + ' / ' + N + (i > 0 ? ' (after action ' + i + ')' : ' (start)');
  cursor.style.left = (D.cursor[0] + ((D.cursor[1] - D.cursor[0]) * i) / Math.max(1, N)) + 'px';
  document.body.dataset.step = String(i);
}
let timer = null;
function play() {
  const btn = document.getElementById('play');
  if (timer) { clearInterval(timer); timer = null; btn.textContent = '▶ play'; return; }
  btn.textContent = '⏸ pause';
  timer = setInterval(() => { if (cur >= N) play(); else show(cur + 1); }, 120);
}
document.getElementById('first').onclick = () => show(0);
document.getElementById('prev').onclick = () => show(cur - 1);
document.getElementById('next').onclick = () => show(cur + 1);
document.getElementById('last').onclick = () => show(N);
document.getElementById('play').onclick = play;
slider.oninput = () => show(Number(slider.value));
logEl.onclick = (ev) => { const li = ev.target.closest('li'); if (li) show(Number(li.dataset.step)); };
document.addEventListener('keydown', (ev) => {
  if (ev.target === slider) return;
  const k = { ArrowRight: 1, ArrowLeft: -1 }[ev.key];
  if (k) { show(cur + k); ev.preventDefault(); }
  else if (ev.key === 'Home') show(0);
  else if (ev.key === 'End') show(N);
  else if (ev.key === ' ') { play(); ev.preventDefault(); }
});
show(0);
</script>
</body></html>
`;
}
