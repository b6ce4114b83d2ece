/**
 * The drawn part of Merlin's play-page board (env/play-view.ts): the counters as gauges, the season wheel and
 * the dice, and every seat's field as its grid of card slots with the cards as faces and the units on them,
 * with the square targets (`sq:K`, `unit:K:L`, `seat:P`) and each square's neighbours (`data-near`,
 * engine/board.ts `geometry`). Also the card-face words the board's panels share.
 */
import { h, seatColour, type Child, type Markup } from '../../../lib/markup.ts';
import type { Ruleset } from '../rules/index.ts';
import { Phase, SlotKind, TopKind, UnitFlag, type MerlinState } from '../engine/state.ts';
import { rankOf, suitOf } from '../engine/cards.ts';
import { isGuardCard } from '../engine/kernel/units.ts';
import { geometry } from '../engine/board.ts';
import { destroyed, cardHp } from '../engine/combat.ts';
import { netWorth } from '../engine/victory.ts';

const SUIT = ['♣', '♠', '♥', '♦', '★'];
const RANK = ['Jk', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
export const COMMODITY_NAMES = ['Souls', 'Elixir Oil', 'Essence Grain'];
const SEASON_COLOURS: Record<string, string> = { summer: '#facc15', autumn: '#fb923c', winter: '#93c5fd', spring: '#86efac' };
const KIND_FILL = ['#ffffff', '#ecfdf5', '#eef2ff', '#fdf2f8', '#f1f5f9'];
const KIND_LABEL = ['', 'Property', 'Spell Lab', 'Potion Lab', 'Chauffeur'];

export const face = (c: number) => (suitOf(c) === 4 ? 'Joker' : `${RANK[rankOf(c)]}${SUIT[suitOf(c)]}`);
export const red = (c: number) => suitOf(c) === 2 || suitOf(c) === 3;

/** What a playing card in the hand becomes when played (0.1.27b "The Cards of Commerce and Conjuring"). */
export function role(c: number): string {
  const r = rankOf(c);
  if (suitOf(c) === 4) return 'Taxman';
  if (r === 1) return 'Winds of Fortune';
  if (r === 7) return 'Seven of Upheaval';
  if (r === 11 || r === 12) return 'golem';
  if (r === 13) return 'Royal Guard';
  return ['property', 'Spell Lab / Shop', 'Potion Lab / Brewery', 'Land'][suitOf(c)];
}

// ---------------------------------------------------------------------------------------------------------
// Drawing: the counters and the fields
// ---------------------------------------------------------------------------------------------------------

/** Cell size of a field slot and the gap between two fields, in SVG units. */
const CW = 86;
const CH = 118;
const GAP = 12;
const HEAD = 64;
const PAD = 14;

/** A semicircular gauge of `value` on 0..`max`, labelled. */
function gauge(x: number, label: string, value: number, max: number, colour: string, note = ''): Markup {
  const r = 34;
  const cx = x + 50;
  const cy = 52;
  const f = Math.max(0, Math.min(1, value / max));
  const ang = Math.PI * (1 - f);
  const ex = cx + r * Math.cos(ang);
  const ey = cy - r * Math.sin(ang);
  return h(
    'g',
    { class: 'gauge', 'data-counter': label },
    h('path', { d: `M ${cx - r} ${cy} A ${r} ${r} 0 0 1 ${cx + r} ${cy}`, fill: 'none', stroke: '#e2e8f0', 'stroke-width': 10 }),
    f > 0
      ? h('path', {
          d: `M ${cx - r} ${cy} A ${r} ${r} 0 0 1 ${ex.toFixed(1)} ${ey.toFixed(1)}`,
          fill: 'none',
          stroke: colour,
          'stroke-width': 10,
        })
      : null,
    h('text', { x: cx, y: cy - 4, 'text-anchor': 'middle', class: 'gv' }, String(value)),
    h('text', { x: cx, y: cy + 16, 'text-anchor': 'middle', class: 'gl' }, label),
    note ? h('text', { x: cx, y: cy + 28, 'text-anchor': 'middle', class: 'gn' }, note) : null,
  );
}

/** The season wheel: one slice a month (wheel portion), the current one pointed at. */
function seasonWheel(rs: Ruleset, s: MerlinState, x: number): Markup {
  const portions = rs.wheels[s.wheelKind];
  const cx = x + 48;
  const cy = 46;
  const r = 36;
  const n = portions.length;
  const slices: Markup[] = [];
  for (let i = 0; i < n; i++) {
    const a0 = -Math.PI / 2 + (2 * Math.PI * i) / n;
    const a1 = a0 + (2 * Math.PI) / n;
    const p = (a: number) => `${(cx + r * Math.cos(a)).toFixed(1)} ${(cy + r * Math.sin(a)).toFixed(1)}`;
    slices.push(
      h(
        'path',
        {
          d: `M ${cx} ${cy} L ${p(a0)} A ${r} ${r} 0 ${n === 1 ? 1 : 0} 1 ${p(a1)} Z`,
          fill: SEASON_COLOURS[portions[i].season] ?? '#e5e7eb',
          stroke: i === s.wheelPos ? '#111827' : '#fff',
          'stroke-width': i === s.wheelPos ? 3 : 1,
          opacity: i === s.wheelPos ? 1 : 0.55,
        },
        h('title', {}, portions[i].label),
      ),
    );
  }
  const mid = -Math.PI / 2 + (2 * Math.PI * (s.wheelPos + 0.5)) / n;
  return h(
    'g',
    { class: 'wheel', 'data-counter': 'season' },
    slices,
    h('line', { x1: cx, y1: cy, x2: cx + (r - 6) * Math.cos(mid), y2: cy + (r - 6) * Math.sin(mid), stroke: '#111827', 'stroke-width': 3 }),
    h('circle', { cx, cy, r: 4, fill: '#111827' }),
    h('text', { x: cx, y: cy + r + 16, 'text-anchor': 'middle', class: 'gl' }, `Year ${s.year}, ${portions[s.wheelPos].label}`),
    s.wheelKind ? h('text', { x: cx, y: cy + r + 28, 'text-anchor': 'middle', class: 'gn warn' }, 'Erratic wheel') : null,
  );
}

/** The dice of the turn's roll. */
function dice(s: MerlinState, x: number): Markup {
  const die = (dx: number, v: number) =>
    h(
      'g',
      {},
      h('rect', { x: x + dx, y: 22, width: 30, height: 30, rx: 6, fill: '#fff', stroke: '#334155', 'stroke-width': 2 }),
      h('text', { x: x + dx + 15, y: 43, 'text-anchor': 'middle', class: 'gv' }, v ? String(v) : '–'),
    );
  return h(
    'g',
    { class: 'dice', 'data-counter': 'dice' },
    die(8, s.die1),
    die(44, s.die2),
    h('text', { x: x + 41, y: 68, 'text-anchor': 'middle', class: 'gl' }, s.die1 ? `roll ${s.die1 + s.die2}` : 'no roll yet'),
  );
}

/** The counters as gauges, the season wheel and the dice (an SVG). */
export function counters(rs: Ruleset, s: MerlinState): Markup {
  const st = rs.data.start;
  const items = [
    gauge(0, 'Cost of the Living', s.costOfLiving, Math.max(12, st.costOfLiving * 4, s.costOfLiving), '#ea580c'),
    gauge(104, 'Research cost', s.researchCost, Math.max(6, st.researchCost * 4, s.researchCost), '#7c3aed'),
    gauge(208, 'Volatility', s.volatility, Math.max(6, st.volatility * 4, s.volatility), '#0891b2'),
    gauge(312, 'Tax rate', s.taxRate, Math.max(6, st.taxRate * 4, s.taxRate), '#475569'),
    gauge(
      416,
      'Climate',
      s.climate,
      rs.data.climate.threshold,
      s.climate >= rs.data.climate.threshold ? '#dc2626' : '#16a34a',
      `of ${rs.data.climate.threshold}`,
    ),
    seasonWheel(rs, s, 520),
    dice(s, 620),
  ];
  return h('svg', { class: 'mb-gauges', viewBox: '0 0 710 112', role: 'img', 'aria-label': 'counters' }, items);
}

/** What a unit is, in words (its tooltip). */
function unitText(s: MerlinState, u: number, names: readonly string[]): string {
  const c = s.unitCard[u];
  const flags = s.unitFlags[u];
  const bits = [
    `${face(c)} ${isGuardCard(c) ? 'Royal Guard' : 'golem'} of ${names[s.unitOwner[u]]}`,
    `attack ${s.unitAtk[u]}`,
    `hit points ${s.unitHp[u]}`,
  ];
  if (s.unitStance[u]) bits.push('defending');
  if (s.unitActiveFrom[u] > s.turn) bits.push(`acts from turn ${s.unitActiveFrom[u]}`);
  if (flags & UnitFlag.Dormant) bits.push('dormant');
  return bits.join(', ');
}

/** True while a unit is being commanded (its verb or its target is being chosen). */
const commanding = (s: MerlinState): boolean =>
  s.cmdUnit >= 0 && (s.phase === Phase.UnitVerb || s.phase === Phase.SelectSquare || s.phase === Phase.SelectUnit);

/** One square: its card (or the empty slot) and the units standing on it. */
function square(rs: Ruleset, s: MerlinState, k: number, x: number, y: number, names: readonly string[], cls: string, near: string): Markup {
  const F = rs.data.table.fieldSlots;
  const kind = s.slotKind[k];
  const w = CW - 6;
  const hh = CH - 6;
  const parts: Child[] = [];
  const slot = k % F;
  if (kind === SlotKind.Empty) {
    parts.push(
      h('rect', { class: 'hl', x: 0, y: 0, width: w, height: hh, rx: 7, fill: '#f8fafc', stroke: '#cbd5e1', 'stroke-dasharray': '5 4' }),
    );
  } else {
    const c = s.slotCard[k];
    const top = s.slotTopKind[k];
    parts.push(h('rect', { class: 'hl', x: 0, y: 0, width: w, height: hh, rx: 7, fill: KIND_FILL[kind], stroke: '#94a3b8' }));
    parts.push(h('text', { x: 6, y: 21, class: `cf${red(c) ? ' red' : ''}` }, face(c)));
    parts.push(h('text', { x: 6, y: 36, class: 'ck' }, KIND_LABEL[kind]));
    const lines: string[] = [];
    if (kind === SlotKind.Chauffeur) lines.push(`+ ${face(s.slotTop[k])}`, `vault ${s.slotVault[k]}`);
    else if (top === TopKind.Land) lines.push(`Land ${face(s.slotTop[k])}`, s.slotPlanted[k] ? 'planted' : '');
    else if (top === TopKind.SpellShop) lines.push(`Shop ${face(s.slotTop[k])}`);
    else if (top === TopKind.Brewery) lines.push(`Brewery ${face(s.slotTop[k])}`);
    if (kind === SlotKind.Property && s.slotInvest[k]) lines.push(`invested ${s.slotInvest[k]}`);
    if (kind === SlotKind.SpellLab || kind === SlotKind.PotionLab) {
      if (s.slotFunds[k]) lines.push('funded');
      lines.push(`spent ${s.slotSpent[k]}/${rs.data.research.spentForSuccess}`);
    }
    if (s.slotHits[k] > 0 && !destroyed(s, rs, k)) lines.push(`hits ${s.slotHits[k]}/${cardHp(s, rs, k)}`);
    if (s.potionSlot.includes(k)) lines.push('⚗ potion');
    lines
      .filter(Boolean)
      .slice(0, 3)
      .forEach((t, i) => parts.push(h('text', { x: 6, y: 51 + i * 13.5, class: `cl${t === '⚗ potion' ? ' potion' : ''}` }, t)));
    if (destroyed(s, rs, k)) {
      parts.push(h('rect', { x: 0, y: 0, width: w, height: hh, rx: 7, fill: 'url(#mb-hatch)', opacity: 0.8 }));
      parts.push(h('text', { x: w / 2, y: hh / 2 + 4, 'text-anchor': 'middle', class: 'ck' }, 'destroyed'));
    }
  }
  parts.push(h('text', { x: w - 5, y: 13, 'text-anchor': 'end', class: 'cn' }, String(slot)));
  // Units on the square, bottom row, in stack order (level 0 first).
  let level = 0;
  for (let u = 0; u < s.unitPos.length; u++) {
    if (s.unitPos[u] !== k) continue;
    const ux = 18 + level * 38;
    const uy = hh - 18;
    const dormant = (s.unitFlags[u] & UnitFlag.Dormant) !== 0 || s.unitActiveFrom[u] > s.turn;
    parts.push(
      h(
        'g',
        {
          class: `unit${u === s.cmdUnit && commanding(s) ? ' focus' : ''}`,
          'data-target': `unit:${k}:${level}`,
          opacity: dormant ? 0.6 : 1,
        },
        h('title', {}, unitText(s, u, names)),
        h('circle', {
          class: 'hl',
          cx: ux,
          cy: uy,
          r: 15.5,
          fill: seatColour(s.unitOwner[u]),
          stroke: s.unitStance[u] ? '#facc15' : '#fff',
          'stroke-width': s.unitStance[u] ? 3.5 : 1.5,
        }),
        h('text', { x: ux, y: uy + 1, 'text-anchor': 'middle', class: 'uf' }, face(s.unitCard[u])),
        h('text', { x: ux, y: uy + 10, 'text-anchor': 'middle', class: 'us' }, `${s.unitAtk[u]}/${s.unitHp[u]}`),
      ),
    );
    level++;
  }
  return h(
    'g',
    { class: `sq${cls}`, 'data-target': `sq:${k}`, 'data-near': near, transform: `translate(${x},${y})` },
    h('title', {}, `${names[(k / F) | 0]}'s slot ${slot}`),
    parts,
  );
}

/** Every seat's field side by side in seat order, the seat headers above, the ring's wrap below. */
export function fields(rs: Ruleset, s: MerlinState, seat: number, names: readonly string[]): Markup {
  const F = rs.data.table.fieldSlots;
  const cols = rs.data.board.cols;
  const rows = F / cols;
  const n = s.numPlayers;
  const geo = geometry(rs, n);
  const fw = cols * CW;
  const width = 2 * PAD + n * fw + (n - 1) * GAP;
  const height = HEAD + rows * CH + 30;
  // The unit being commanded, its square and the squares touching it (D84).
  const focus = commanding(s) ? s.unitPos[s.cmdUnit] : -1;
  const around = new Set<number>();
  if (focus >= 0) for (let j = focus * 8; j < focus * 8 + 8; j++) if (geo.adj[j] >= 0) around.add(geo.adj[j]);
  const auction = s.phase === Phase.AuctionBid || s.phase === Phase.DecreeBid;
  const toAct = s.phase === Phase.GameOver ? -1 : s.decider;
  const out: Child[] = [];
  for (let p = 0; p < n; p++) {
    const x0 = PAD + p * (fw + GAP);
    const colour = seatColour(p);
    const bid = auction ? Math.max(0, s.bids[p]) : 0;
    const worth = s.eliminated[p] ? 0 : netWorth(s, rs, p) + bid;
    const status = s.eliminated[p] ? ' · out' : s.bankruptSince[p] >= 0 ? ' · bankrupt' : '';
    const hand = s.hands[p].length + s.newCards[p].length;
    out.push(
      h(
        'g',
        { class: `seat${p === toAct ? ' to-act' : ''}`, 'data-target': `seat:${p}`, transform: `translate(${x0},4)` },
        h('rect', {
          class: 'hl',
          x: 0,
          y: 0,
          width: fw - 6,
          height: HEAD - 10,
          rx: 7,
          fill: '#fff',
          stroke: colour,
          'stroke-width': p === toAct ? 3 : 1.5,
        }),
        h('rect', { x: 0, y: 0, width: 8, height: HEAD - 10, rx: 3, fill: colour }),
        h('text', { x: 14, y: 18, class: 'sn' }, `${names[p]}${p === toAct ? '  ◀ to act' : ''}${status}`),
        h(
          'text',
          { x: 14, y: 33, class: 'ss' },
          `gold ${s.gold[p] + bid} · worth ${worth} · crowns ${s.crowns[p]} · mead ${s.mead[p]} · hand ${hand}`,
        ),
        h(
          'text',
          { x: 14, y: 47, class: 'ss' },
          COMMODITY_NAMES.map((c, i) => `${c} ${s.held[p * 3 + i]}`).join(' · ') +
            (s.debtBank[p] + s.debtRow[p] ? ` · debt ${s.debtBank[p] + s.debtRow[p]}` : ''),
        ),
      ),
    );
    for (let i = 0; i < F; i++) {
      const k = p * F + i;
      const near: string[] = [];
      for (let j = k * 8; j < k * 8 + 8; j++) if (geo.adj[j] >= 0) near.push(`sq:${geo.adj[j]}`);
      const cls = (k === focus ? ' focus' : '') + (around.has(k) ? ' adjacent' : '') + (p === seat ? ' mine' : '');
      out.push(square(rs, s, k, x0 + (i % cols) * CW, HEAD + ((i / cols) | 0) * CH, names, cls, near.join(' ')));
    }
  }
  // The ring (D80): the last seat's right edge touches seat 0's left edge.
  const yr = HEAD + rows * CH + 12;
  out.push(
    h(
      'g',
      { class: 'ring' },
      h('path', {
        d: `M ${width - PAD + 2} ${yr - 16} Q ${width - 4} ${yr} ${width - PAD - 30} ${yr} L ${PAD + 30} ${yr} Q 4 ${yr} ${PAD - 2} ${yr - 16}`,
        fill: 'none',
        stroke: '#94a3b8',
        'stroke-dasharray': '6 4',
        'marker-end': 'url(#mb-arrow)',
      }),
      h(
        'text',
        { x: width / 2, y: yr + 13, 'text-anchor': 'middle', class: 'gn' },
        "the fields form a ring: the last field's right edge touches the first field's left edge · a unit shows its card and attack/hit points; a gold ring: defending",
      ),
    ),
  );
  const defs = h(
    'defs',
    {},
    h(
      'pattern',
      { id: 'mb-hatch', width: 8, height: 8, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' },
      h('rect', { width: 8, height: 8, fill: '#e2e8f0' }),
      h('line', { x1: 0, y1: 0, x2: 0, y2: 8, stroke: '#64748b', 'stroke-width': 3 }),
    ),
    h(
      'marker',
      { id: 'mb-arrow', viewBox: '0 0 10 10', refX: 5, refY: 5, markerWidth: 6, markerHeight: 6, orient: 'auto-start-reverse' },
      h('path', { d: 'M 0 0 L 10 5 L 0 10 z', fill: '#94a3b8' }),
    ),
  );
  return h(
    'svg',
    {
      class: 'mb-fields',
      viewBox: `0 0 ${width} ${height}`,
      style: `max-width:${Math.round(width * 1.25)}px`,
      role: 'img',
      'aria-label': 'the fields',
    },
    defs,
    out,
  );
}
