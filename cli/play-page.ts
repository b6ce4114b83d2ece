/**
 * The play page (`merlin play`, docs/PLAY.md): one self-contained HTML file with a small script, no framework.
 * It reads `GET api/view` (cli/play-server.ts) and posts the chosen move to `POST api/move` as
 * `{ action, step, seed }`; the answer is the next view, after the agents' moves (plain fetch: the server moves
 * the agents inside the request, so nothing needs pushing). It shows only what the view holds: the decision open
 * now with links to its rules, the game's board drawn by the game (`PlayView.board`; a game without one shows
 * its `render` text), the seat's legal moves as buttons grouped by action kind, the log with each agent move's
 * top choices, and the final scores. Each seat goes by its one name (`PlayView.names`). No undo.
 *
 * The board: every element whose `data-target` is a legal move's `target` is highlighted (class `legal`,
 * `data-actions` the move ids it offers) and answers a click (or Enter): with one move and a choice of place
 * (`phase.pick`) it plays it, else a menu (`#menu`) lists the moves it offers. The pointer over an element with
 * `data-near` outlines its neighbours (class `near`); the pointer over a move button outlines its target (class
 * `hint`). New game (`POST api/new`) and Save game log (`GET api/log`, a replay log) are in the header.
 *
 * The phase line (sticky at the top) says what the decision is, links its rules, and holds a button for each move
 * the board does not offer (a bid, End turn); "All your moves" below the board lists every move as a button.
 *
 * Test hooks: `body[data-step]`, `body[data-state]` (`your-turn`, `waiting`, `over`), `#moves button[data-action]`,
 * `#quick button[data-action]`, `#board [data-target].legal[data-actions]`, `#menu button[data-action]`,
 * `#log li[data-seat]`, `#result td[data-score]`, `#error[data-code]`, `#new`, `#save`, `#phase a`.
 */

const STYLE = `
body { font: 14px/1.4 system-ui, sans-serif; margin: 0; color: #1d2430; background: #f4f5f7; }
header { background: #1d2430; color: #fff; padding: 8px 16px; display: flex; gap: 16px; align-items: center; flex-wrap: wrap; }
header h1 { font-size: 18px; margin: 0; }
header #title { color: #cbd5e1; }
header nav { margin-left: auto; display: flex; gap: 8px; align-items: center; }
header nav a, header nav button { color: #fff; background: #334155; border: 1px solid #64748b; border-radius: 4px; padding: 3px 10px; font-size: 13px; text-decoration: none; cursor: pointer; }
header nav a:hover, header nav button:hover { background: #475569; }
#phase { position: sticky; top: 0; z-index: 5; background: #fffbeb; border-bottom: 1px solid #fcd34d; padding: 8px 16px; font-size: 14px; box-shadow: 0 2px 6px rgba(0,0,0,.06); }
#phase strong { margin-right: 6px; }
#phase .links { margin-left: 8px; font-size: 13px; }
#phase .links a { margin-right: 8px; }
#quick { margin-top: 4px; max-height: 96px; overflow-y: auto; }
#quick:empty { display: none; }
#quick button { background: #fff; border-color: #d97706; }
#quick button:hover { background: #fef3c7; }
main { padding: 12px 16px; }
.below { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 12px; }
section { background: #fff; border: 1px solid #d5d9e0; border-radius: 6px; padding: 8px 12px; margin-bottom: 12px; }
h2 { font-size: 14px; margin: 0 0 6px; text-transform: uppercase; letter-spacing: .04em; color: #52607a; }
pre { white-space: pre-wrap; margin: 0; font: 12px/1.35 ui-monospace, monospace; }
pre:empty { display: none; }
.hint-line { color: #64748b; font-size: 12px; margin: 0 0 4px; }
fieldset { border: 1px solid #d5d9e0; border-radius: 4px; margin: 0 0 6px; padding: 4px 8px; }
legend { font-weight: 600; font-size: 12px; color: #52607a; }
button { margin: 2px; padding: 3px 8px; border: 1px solid #7a8bb0; border-radius: 4px; background: #eef2fb; cursor: pointer; font-size: 12px; }
button:hover { background: #d9e3f7; }
button:disabled { opacity: .5; cursor: default; }
#moves { max-height: 420px; overflow-y: auto; }
#log { max-height: 420px; overflow-y: auto; margin: 0; padding-left: 0; list-style: none; font-size: 12px; }
#log li { padding: 1px 0; border-bottom: 1px dotted #e3e6eb; }
#log li.you { color: #0b5d1e; }
#log li.event { color: #7a4b00; font-weight: 600; }
#log .why { color: #6b7588; font-size: 11px; margin-left: 12px; }
#error { color: #a11; font-weight: 600; margin: 0; }
#result table { border-collapse: collapse; }
#result td, #result th { border: 1px solid #d5d9e0; padding: 2px 8px; text-align: left; }
#result tr.winner { background: #fff4c2; }
#board [data-target].legal { cursor: pointer; }
#board [data-target].legal > .hl { stroke: #f59e0b; stroke-width: 4px; }
#board [data-target].legal:not(g) { outline: 3px solid #f59e0b; outline-offset: -1px; }
#board [data-target].legal:hover > .hl, #board [data-target].legal:focus > .hl { stroke: #b45309; stroke-width: 5px; }
#board [data-target].legal:not(g):hover { outline-color: #b45309; }
#board g.near > .hl, #board g.adjacent > .hl { stroke: #3b82f6; stroke-dasharray: 5 3; stroke-width: 3px; }
#board g.focus > .hl { stroke: #111827; stroke-width: 4px; }
#board g.hint > .hl { stroke: #16a34a; stroke-width: 5px; }
#board .hint:not(g) { outline: 3px solid #16a34a; }
#board :focus { outline: none; }
#menu { position: fixed; z-index: 10; background: #fff; border: 1px solid #94a3b8; border-radius: 6px; box-shadow: 0 6px 20px rgba(0,0,0,.18); padding: 6px; max-width: 420px; max-height: 60vh; overflow-y: auto; }
#menu h3 { font-size: 12px; margin: 0 0 4px; color: #52607a; }
#menu button { display: block; width: 100%; text-align: left; }
`;

const SCRIPT = `
const $ = (id) => document.getElementById(id);
let view = null;
let busy = false;
/** Legal moves by board target (the key of data-target). */
let targets = new Map();
const el = (tag, text, cls) => { const e = document.createElement(tag); if (text !== undefined) e.textContent = text; if (cls) e.className = cls; return e; };
const who = (seat) => seat < 0 ? '' : view.names[seat];
const boardEls = (key) => document.querySelectorAll('#board [data-target="' + CSS.escape(key) + '"]');

function links(list) {
  const span = el('span', undefined, 'links');
  for (const l of list) {
    const a = el('a', l.label);
    a.href = l.href;
    a.target = '_blank';
    span.append(a);
  }
  return span;
}

function showPhase(v) {
  const p = $('phase-line');
  p.replaceChildren();
  if (v.result) p.append(el('strong', 'Game over.'), el('span', ' Start a new game or save this one\\'s log (header).'));
  else if (v.toAct !== v.seat) p.append(el('strong', who(v.toAct) + ' is to act.'));
  else p.append(el('strong', 'Your turn' + (v.phase ? ': ' + v.phase.title + '.' : '.')), el('span', v.phase ? v.phase.text : 'Choose one of your moves.'));
  if (v.phase && v.phase.rules.length) p.append(links(v.phase.rules));
}

function markBoard(v) {
  targets = new Map();
  for (const g of v.legal) for (const a of g.actions) if (a.target) {
    if (!targets.has(a.target)) targets.set(a.target, []);
    targets.get(a.target).push({ id: a.id, description: a.description, kind: g.label });
  }
  for (const [key, acts] of targets) for (const e of boardEls(key)) {
    e.classList.add('legal');
    e.dataset.actions = acts.map((a) => a.id).join(' ');
    e.setAttribute('tabindex', '0');
    e.setAttribute('role', 'button');
    e.setAttribute('aria-label', acts.map((a) => a.description).join('; '));
  }
}

function show(v) {
  view = v;
  closeMenu();
  document.body.dataset.step = String(v.step);
  document.body.dataset.state = v.result ? 'over' : v.toAct === v.seat ? 'your-turn' : 'waiting';
  const others = v.names.filter((_, p) => p !== v.seat);
  $('title').textContent = v.game + ' (' + v.variant + ') · You against ' + others.join(', ') + ' · seed ' + v.seed;
  $('status').textContent = v.result ? 'game over' : v.toAct === v.seat ? 'your move' : who(v.toAct) + ' to act';
  $('rules').replaceChildren(links(v.rules));
  showPhase(v);
  $('board').innerHTML = v.board || '';
  $('board-hint').hidden = !v.board;
  $('table').textContent = v.table;
  $('private').textContent = v.private;
  markBoard(v);
  const quick = $('quick');
  quick.replaceChildren();
  for (const group of v.legal) for (const a of group.actions) if (!a.target) {
    const b = el('button', a.description);
    b.dataset.action = String(a.id);
    b.addEventListener('click', () => play(a.id));
    quick.append(b);
  }
  const moves = $('moves');
  moves.replaceChildren();
  for (const group of v.legal) {
    const fs = el('fieldset');
    fs.dataset.kind = group.kind;
    fs.append(el('legend', group.label + ' (' + group.actions.length + ')'));
    for (const a of group.actions) {
      const b = el('button', a.description);
      b.dataset.action = String(a.id);
      if (a.target) {
        b.addEventListener('mouseenter', () => boardEls(a.target).forEach((e) => e.classList.add('hint')));
        b.addEventListener('mouseleave', () => boardEls(a.target).forEach((e) => e.classList.remove('hint')));
      }
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
    $('winner').textContent = (r.winner >= 0 ? who(r.winner) + (r.winner === v.seat ? ' win' : ' wins') : 'Nobody wins') + ' (' + r.outcomeText + ', ' + r.turns + ' turns)';
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

function closeMenu() {
  $('menu').hidden = true;
  $('menu').replaceChildren();
}

/** The moves a board element offers, as a menu at (x, y). */
function openMenu(key, x, y) {
  const m = $('menu');
  m.replaceChildren(el('h3', 'Choose'));
  for (const a of targets.get(key)) {
    const b = el('button', a.description);
    b.dataset.action = String(a.id);
    b.title = a.kind;
    b.addEventListener('click', () => play(a.id));
    m.append(b);
  }
  const cancel = el('button', 'Cancel');
  cancel.addEventListener('click', closeMenu);
  m.append(cancel);
  m.hidden = false;
  const r = m.getBoundingClientRect();
  m.style.left = Math.max(4, Math.min(x, innerWidth - r.width - 8)) + 'px';
  m.style.top = Math.max(4, Math.min(y, innerHeight - r.height - 8)) + 'px';
  m.querySelector('button').focus();
}

function choose(target, x, y) {
  const key = target.dataset.target;
  const acts = targets.get(key);
  if (!acts || busy) return;
  if (acts.length === 1 && view.phase && view.phase.pick) play(acts[0].id);
  else openMenu(key, x, y);
}

$('board').addEventListener('click', (e) => {
  const t = e.target.closest('[data-target].legal');
  if (!t) return closeMenu();
  e.stopPropagation();
  // Beside a small element (a card, a square), so the menu leaves it in view; at the pointer beside a wide one.
  const r = t.getBoundingClientRect();
  if (r.width < 240) choose(t, r.right + 6, r.top);
  else choose(t, e.clientX + 12, e.clientY + 12);
});
$('board').addEventListener('keydown', (e) => {
  const t = e.target.closest('[data-target].legal');
  if (!t || (e.key !== 'Enter' && e.key !== ' ')) return;
  e.preventDefault();
  const r = t.getBoundingClientRect();
  choose(t, r.left, r.bottom);
});
$('board').addEventListener('mouseover', (e) => {
  const t = e.target.closest('[data-near]');
  document.querySelectorAll('#board .near').forEach((n) => n.classList.remove('near'));
  if (t) for (const key of t.dataset.near.split(' ')) if (key) boardEls(key).forEach((n) => n.classList.add('near'));
});
$('board').addEventListener('mouseleave', () => document.querySelectorAll('#board .near').forEach((n) => n.classList.remove('near')));
document.addEventListener('keydown', (e) => { if (e.key === 'Escape') closeMenu(); });
document.addEventListener('click', (e) => { if (!$('menu').contains(e.target)) closeMenu(); });

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

const post = (path, body) => call(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function act(request) {
  if (busy) return;
  busy = true;
  closeMenu();
  document.body.dataset.state = 'waiting';
  for (const b of document.querySelectorAll('#moves button, #quick button')) b.disabled = true;
  try {
    show(await request());
    showError(null);
  } catch (e) {
    showError(e);
    if (view) show(view);
  } finally {
    busy = false;
  }
}

const play = (action) => act(() => post('api/move', { action, step: view.step, seed: view.seed }));

$('new').addEventListener('click', () => {
  if (view && !view.result && !confirm('Start a new game? This one ends here (Save game log keeps it).')) return;
  act(() => post('api/new', {}));
});

call('api/view').then(show, showError);
`;

/** The page's HTML (the same for every game: everything it shows comes from the view). */
export function playPageHtml(): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><link rel="icon" href="data:,"><title>merlin play</title><style>${STYLE}</style></head>
<body data-state="loading">
<header><h1>merlin play</h1><span id="title"></span><strong id="status">loading</strong>
<nav><span id="rules"></span><button id="new" type="button">New game</button><a id="save" href="api/log" download>Save game log</a></nav></header>
<div id="phase"><div id="phase-line">loading</div><p id="error"></p><div id="quick"></div></div>
<main>
<section id="result" hidden><h2>Final scores</h2><p id="winner"></p><table><thead><tr><th>rank</th><th>player</th><th>score</th></tr></thead><tbody id="scores"></tbody></table></section>
<section><h2>The table</h2><p id="board-hint" class="hint-line" hidden>Highlighted: what you can click now (a click plays it or lists what it offers). The pointer over a slot outlines what touches it.</p><div id="board"></div><pre id="table"></pre><pre id="private"></pre></section>
<div class="below">
<section><h2>All your moves</h2><div id="moves"></div></section>
<section><h2>Log</h2><ol id="log"></ol></section>
</div>
</main>
<div id="menu" role="menu" hidden></div>
<script>${SCRIPT}</script>
</body>
</html>
`;
}
