/**
 * The play page (`merlin play`, docs/PLAY.md): one self-contained HTML file with a small script, no framework.
 * It reads `GET /api/view` (cli/play-server.ts) and posts the chosen move to `POST /api/move` as
 * `{ action, step }`; the answer is the next view, after the agents' moves (plain fetch: the server moves the
 * agents inside the request, so nothing needs pushing). It shows only what the view holds: the public table,
 * the seat's own cards, its legal moves as buttons grouped by action kind, the log with each agent move's top
 * choices, and the final scores. No undo.
 *
 * Test hooks: `body[data-step]`, `body[data-state]` (`your-turn`, `waiting`, `over`), `#moves button[data-action]`,
 * `#log li[data-seat]`, `#result td[data-score]`, `#error[data-code]`.
 */

const STYLE = `
body { font: 14px/1.4 system-ui, sans-serif; margin: 0; color: #1d2430; background: #f4f5f7; }
header { background: #1d2430; color: #fff; padding: 8px 16px; display: flex; gap: 16px; align-items: baseline; }
header h1 { font-size: 18px; margin: 0; }
main { display: grid; grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); gap: 12px; padding: 12px 16px; }
section { background: #fff; border: 1px solid #d5d9e0; border-radius: 6px; padding: 8px 12px; margin-bottom: 12px; }
h2 { font-size: 14px; margin: 0 0 6px; text-transform: uppercase; letter-spacing: .04em; color: #52607a; }
pre { white-space: pre-wrap; margin: 0; font: 12px/1.35 ui-monospace, monospace; }
fieldset { border: 1px solid #d5d9e0; border-radius: 4px; margin: 0 0 6px; padding: 4px 8px; }
legend { font-weight: 600; font-size: 12px; color: #52607a; }
button { margin: 2px; padding: 3px 8px; border: 1px solid #7a8bb0; border-radius: 4px; background: #eef2fb; cursor: pointer; font-size: 12px; }
button:hover { background: #d9e3f7; }
button:disabled { opacity: .5; cursor: default; }
#log { max-height: 420px; overflow-y: auto; margin: 0; padding-left: 0; list-style: none; font-size: 12px; }
#log li { padding: 1px 0; border-bottom: 1px dotted #e3e6eb; }
#log li.you { color: #0b5d1e; }
#log li.event { color: #7a4b00; font-weight: 600; }
#log .why { color: #6b7588; font-size: 11px; margin-left: 12px; }
#error { color: #a11; font-weight: 600; }
#result table { border-collapse: collapse; }
#result td, #result th { border: 1px solid #d5d9e0; padding: 2px 8px; text-align: left; }
#result tr.winner { background: #fff4c2; }
`;

const SCRIPT = `
const $ = (id) => document.getElementById(id);
let view = null;
let busy = false;
const el = (tag, text, cls) => { const e = document.createElement(tag); if (text !== undefined) e.textContent = text; if (cls) e.className = cls; return e; };
const who = (seat) => seat < 0 ? '' : seat === view.seat ? 'you' : 'seat ' + seat + ' (' + view.players[seat] + ')';

function show(v) {
  view = v;
  document.body.dataset.step = String(v.step);
  document.body.dataset.state = v.result ? 'over' : v.toAct === v.seat ? 'your-turn' : 'waiting';
  $('title').textContent = v.game + ' · ' + v.variant + ' · you are seat ' + v.seat + ' of ' + v.players.length;
  $('status').textContent = v.result ? 'game over' : v.toAct === v.seat ? 'your move' : 'seat ' + v.toAct + ' to act';
  $('table').textContent = v.table;
  $('private').textContent = v.private || '(nothing private in this game)';
  const moves = $('moves');
  moves.replaceChildren();
  for (const group of v.legal) {
    const fs = el('fieldset');
    fs.dataset.kind = group.kind;
    fs.append(el('legend', group.kind + ' (' + group.actions.length + ')'));
    for (const a of group.actions) {
      const b = el('button', a.description);
      b.dataset.action = String(a.id);
      b.title = 'action ' + a.id;
      b.addEventListener('click', () => play(a.id));
      fs.append(b);
    }
    moves.append(fs);
  }
  if (!v.legal.length) moves.append(el('p', v.result ? 'The game is over.' : 'Waiting for the other seats.'));
  const log = $('log');
  log.replaceChildren();
  for (const e of v.log) {
    const li = el('li', undefined, e.seat < 0 ? 'event' : e.seat === v.seat ? 'you' : 'agent');
    li.dataset.seat = String(e.seat);
    li.dataset.step = String(e.step);
    li.append(el('span', (e.seat < 0 ? '' : who(e.seat) + ': ') + e.text));
    if (e.why && e.why.length)
      li.append(el('div', 'why: ' + e.why.map((c) => c.description + ' ' + (100 * c.probability).toFixed(1) + '%').join(' · '), 'why'));
    log.append(li);
  }
  log.scrollTop = log.scrollHeight;
  const res = $('result');
  res.hidden = !v.result;
  if (v.result) {
    const r = v.result;
    $('winner').textContent = (r.winner >= 0 ? who(r.winner) + ' wins' : 'nobody wins') + ' (' + (r.outcome || 'ended') + ', ' + r.turns + ' turns)';
    const body = $('scores');
    body.replaceChildren();
    for (const p of r.ranking) {
      const tr = el('tr', undefined, p === r.winner ? 'winner' : '');
      const score = el('td', String(r.scores[p]));
      score.dataset.score = String(p);
      tr.append(el('td', String(r.ranking.indexOf(p) + 1)), el('td', who(p)), score);
      body.append(tr);
    }
  }
}

function showError(e) {
  $('error').textContent = e ? e.code + ': ' + e.message : '';
  $('error').dataset.code = e ? e.code : '';
}

async function call(path, init) {
  const r = await fetch(path, init);
  const body = await r.json();
  if (!r.ok) throw body.error || { code: 'HTTP_' + r.status, message: r.statusText };
  return body;
}

async function play(action) {
  if (busy) return;
  busy = true;
  for (const b of document.querySelectorAll('#moves button')) b.disabled = true;
  try {
    show(await call('/api/move', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ action, step: view.step }) }));
    showError(null);
  } catch (e) {
    showError(e);
    for (const b of document.querySelectorAll('#moves button')) b.disabled = false;
  } finally {
    busy = false;
  }
}

call('/api/view').then(show, showError);
`;

/** The page's HTML (the same for every game: everything it shows comes from the view). */
export function playPageHtml(): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><link rel="icon" href="data:,"><title>merlin play</title><style>${STYLE}</style></head>
<body data-state="loading">
<header><h1>merlin play</h1><span id="title"></span><strong id="status">loading</strong></header>
<main>
<div>
<section id="result" hidden><h2>Final scores</h2><p id="winner"></p><table><thead><tr><th>rank</th><th>seat</th><th>score</th></tr></thead><tbody id="scores"></tbody></table></section>
<section><h2>Your moves</h2><p id="error"></p><div id="moves"></div></section>
<section><h2>Yours alone</h2><pre id="private"></pre></section>
<section><h2>The table</h2><pre id="table"></pre></section>
</div>
<div><section><h2>Log</h2><ol id="log"></ol></section></div>
</main>
<script>${SCRIPT}</script>
</body>
</html>
`;
}
