/**
 * Economicon's board for the play page (the registry's `board`; the page is cli/play-page.ts): the market's
 * eight columns of twelve spots ("The Market"), units filling each from the bottom and, on the gold and currency
 * columns, the printed numbers with X (the bottom-most visible one, D4) marked; every nation's reserves, open
 * sale offer and mandates (satisfied as a count, held as a count: others' are hidden); the draw piles and the
 * mandate deck; and the viewing seat's own mandates by name and condition. Public information and the viewing
 * seat's own mandates only, as `renderTable` and `renderSeat` (render.ts) show them.
 *
 * Targets (`data-target`): `col:T` the market column of unit type T (a resource's: its sales and purchases),
 * `res:P:T` seat P's reserve of type T (the growth action that makes it, an offer of it), `offer:P` seat P's
 * open sale offer (buying it), `deck` the mandate deck.
 */
import { fragment, h, seatColour, type Child, type Markup } from '../../../lib/markup.ts';
import type { Game } from '../../../env/core/game.ts';
import { CUR0, GOLD, MAX_NATIONS, NUM_TYPES, RESOURCES, type Ruleset } from '../rules/index.ts';
import { catalogue, Kind, MARKET, OFFER, Outcome, PILE, RESERVES, unitX, victoryPoints, type EconomiconState } from '../engine/index.ts';
import type { EconomiconGame } from './game.ts';
import { heldMandates } from './render.ts';

const T = NUM_TYPES;
const NATIONS = ['A', 'B', 'C', 'D'];
const TYPE_LABEL = ['Oil', 'Electricity', 'Technology', 'Gold', 'Currency A', 'Currency B', 'Currency C', 'Currency D'];
/** Width of a market column, in SVG units. */
const W = 74;
const TYPE_COLOUR = ['#334155', '#eab308', '#06b6d4', '#f59e0b', '#2563eb', '#dc2626', '#059669', '#d97706'];

const rulesOf = (game: Game<EconomiconState>): Ruleset => (game as EconomiconGame).ruleset;

const MAP = { label: 'Rules map', file: 'ECONOMICON.md', heading: '2. Rules map' };
const DECISIONS = { label: "The project's decisions", file: 'ECONOMICON.md', heading: '3. Decisions (D-numbers)' };
const RULEBOOK = { label: 'Rulebook v0.4', file: 'rulebooks/economicon-v0.4.html' };

/** The unit type a growth action makes (its reserve is its target), or -1. */
function grown(kind: number): number {
  switch (kind) {
    case Kind.Drill:
      return 0;
    case Kind.ManufactureElectricity:
      return 1;
    case Kind.ManufactureTechnology:
      return 2;
    case Kind.MintGold:
      return GOLD;
  }
  return -1;
}

/** The board target of `action` in `s` (see the module docstring for the keys), or null. */
export function targetOf(rs: Ruleset, s: EconomiconState, action: number): string | null {
  const cat = catalogue(rs);
  const k = cat.kind[action];
  const me = s.current;
  if (k === Kind.MintCurrency) return `res:${me}:${CUR0 + me}`;
  if (grown(k) >= 0) return `res:${me}:${grown(k)}`;
  switch (k) {
    case Kind.DrawMandate:
      return 'deck';
    case Kind.MarketSell:
    case Kind.MarketBuy:
      return `col:${cat.a[action]}`;
    case Kind.Offer:
      return `res:${me}:${cat.a[action]}`;
    case Kind.BuyOffer:
      return cat.a[action] < s.numPlayers ? `offer:${(me + cat.a[action]) % s.numPlayers}` : null;
  }
  return null;
}

/** One market column: twelve spots bottom up, the units in it filled, the printed X numbers on gold and currencies. */
function column(rs: Ruleset, s: EconomiconState, t: number, x: number, seat: number): Markup {
  const S = rs.data.columnSize;
  const c = s.units[MARKET * T + t];
  const spot = 20;
  const top = 34;
  const printed = t === GOLD ? rs.goldX : t >= CUR0 ? rs.currencyX : null;
  const spots: Child[] = [];
  for (let i = 0; i < S; i++) {
    const y = top + (S - 1 - i) * spot;
    const filled = i < c;
    const isX = printed && i === c;
    spots.push(
      h('rect', {
        x: x + 5,
        y,
        width: W - 10,
        height: spot - 3,
        rx: 3,
        fill: filled ? TYPE_COLOUR[t] : '#f8fafc',
        stroke: isX ? '#111827' : '#cbd5e1',
        'stroke-width': isX ? 2.5 : 1,
        opacity: filled ? 0.85 : 1,
      }),
    );
    if (printed)
      spots.push(
        h(
          'text',
          { x: x + W / 2, y: y + 13, 'text-anchor': 'middle', class: `px${filled ? ' on' : ''}${isX ? ' x' : ''}` },
          String(printed[i]),
        ),
      );
  }
  const nation = t - CUR0;
  const owner =
    nation >= 0
      ? nation < s.numPlayers
        ? `nation ${NATIONS[nation]}${nation === seat ? ' (yours)' : ''}`
        : 'no nation'
      : t === GOLD
        ? 'gold'
        : 'resource';
  const xNow = printed ? `X ${unitX(s, rs, t)}` : c === S ? 'saturated' : c === 0 ? 'scarce' : `${c} of ${S}`;
  return h(
    'g',
    { class: 'col', 'data-target': `col:${t}` },
    h('rect', { class: 'hl', x: x, y: 0, width: W, height: top + S * spot + 34, rx: 6, fill: '#fff', stroke: '#e2e8f0' }),
    h('text', { x: x + W / 2, y: 14, 'text-anchor': 'middle', class: 'ct' }, TYPE_LABEL[t]),
    h('text', { x: x + W / 2, y: 27, 'text-anchor': 'middle', class: 'cx' }, xNow),
    spots,
    h('text', { x: x + W / 2, y: top + S * spot + 14, 'text-anchor': 'middle', class: 'cn' }, owner),
    h('text', { x: x + W / 2, y: top + S * spot + 26, 'text-anchor': 'middle', class: 'cn' }, `pile ${s.units[PILE * T + t]}`),
  );
}

/** The market: the three resource columns, gold, and the four currency columns. */
function market(rs: Ruleset, s: EconomiconState, seat: number): Markup {
  const cols: Markup[] = [];
  for (let t = 0; t < T; t++) cols.push(column(rs, s, t, t * (W + 6) + (t >= GOLD ? 12 : 0) + (t >= CUR0 ? 12 : 0), seat));
  const height = 34 + rs.data.columnSize * 20 + 36;
  return h('svg', { class: 'eb-market', viewBox: `0 0 ${T * (W + 6) + 24} ${height}`, role: 'img', 'aria-label': 'the market' }, cols);
}

/** A seat's panel: its reserves (each a target), its open offer, its mandates. */
function nation(rs: Ruleset, s: EconomiconState, p: number, seat: number, names: readonly string[]): Markup {
  const res = (RESERVES + p) * T;
  const off = (OFFER + p) * T;
  const types = [0, 1, 2, GOLD, ...Array.from({ length: MAX_NATIONS }, (_, n) => CUR0 + n)];
  const reserves = types
    .filter((t) => t < CUR0 || t === CUR0 + p || s.units[res + t] > 0)
    .map((t) =>
      h(
        'div',
        { class: 'tok', 'data-target': `res:${p}:${t}`, style: `border-color:${TYPE_COLOUR[t]}` },
        h('b', {}, String(s.units[res + t])),
        h('small', {}, t >= CUR0 ? `currency ${NATIONS[t - CUR0]}` : TYPE_LABEL[t].toLowerCase()),
      ),
    );
  const offer = RESOURCES.map((r, i) => (s.units[off + i] > 0 ? `${s.units[off + i]} ${r}` : '')).filter(Boolean);
  const toAct = s.outcome === Outcome.Running && s.current === p;
  return h(
    'div',
    { class: `eb-seat${toAct ? ' to-act' : ''}`, style: `border-color:${seatColour(p)}` },
    h('div', { class: 'eb-name' }, h('b', {}, names[p]), ` · nation ${NATIONS[p]}${toAct ? ' · to act' : ''}`),
    h(
      'div',
      { class: 'eb-points' },
      `${victoryPoints(s, rs, p)} points · mandates satisfied ${s.satisfied[p]} of ${rs.data.mandates.toEnd} · held ${s.handLen[p]}`,
    ),
    h('div', { class: 'eb-row' }, reserves),
    h(
      'div',
      { class: 'eb-offer', 'data-target': `offer:${p}` },
      offer.length ? `open sale offer: ${offer.join(', ')}` : 'no sale offer open',
    ),
    p === seat ? mandates(rs, s, seat) : null,
  );
}

/** The viewing seat's own mandates by name and condition. */
function mandates(rs: Ruleset, s: EconomiconState, seat: number): Markup {
  const held = heldMandates(rs, s, seat).map((m) => h('li', {}, h('b', {}, m.name), ` (${m.condition})`));
  return h(
    'div',
    { class: 'eb-mandates' },
    h('small', {}, 'your mandates (only you see them):'),
    held.length ? h('ul', {}, held) : h('small', {}, ' none'),
  );
}

const STYLE = `
.eb { display: grid; grid-template-columns: minmax(0, 680px) minmax(0, 1fr); gap: 12px; align-items: start; }
.eb .eb-market { width: 100%; height: auto; }
.eb text { font-family: system-ui, sans-serif; fill: #1e293b; }
.eb .ct { font-size: 11px; font-weight: 700; }
.eb .cx { font-size: 12px; font-weight: 700; fill: #b45309; }
.eb .cn { font-size: 9.5px; fill: #64748b; }
.eb .px { font-size: 10px; fill: #94a3b8; }
.eb .px.on { fill: #fff; }
.eb .px.x { fill: #111827; font-weight: 700; }
.eb .eb-seat { border: 2px solid; border-left-width: 8px; border-radius: 6px; padding: 6px 8px; margin-bottom: 8px; background: #fff; }
.eb .eb-seat.to-act { box-shadow: 0 0 0 3px #fde68a; }
.eb .eb-name { font-size: 14px; }
.eb .eb-points { font-size: 12px; color: #475569; margin-bottom: 4px; }
.eb .eb-row { display: flex; flex-wrap: wrap; gap: 4px; }
.eb .tok { border: 2px solid; border-radius: 6px; padding: 1px 6px; min-width: 54px; display: flex; flex-direction: column; align-items: center; }
.eb .tok b { font-size: 15px; }
.eb .tok small { font-size: 10px; color: #475569; }
.eb .eb-offer { font-size: 12px; margin-top: 4px; padding: 2px 4px; border-radius: 4px; }
.eb .eb-deck { display: inline-block; border: 1px solid #94a3b8; border-radius: 6px; padding: 4px 10px; background: repeating-linear-gradient(135deg, #eef2ff, #eef2ff 6px, #e0e7ff 6px, #e0e7ff 12px); font-size: 13px; }
.eb .eb-mandates { font-size: 12px; margin-top: 4px; }
.eb .eb-mandates ul { margin: 2px 0; padding-left: 18px; }
`;

/** The whole board for `seat` (markup). */
export function drawBoard(rs: Ruleset, s: EconomiconState, seat: number, names: readonly string[]): string {
  const seats: Markup[] = [];
  for (let p = 0; p < s.numPlayers; p++) seats.push(nation(rs, s, p, seat, names));
  return fragment(
    h('style', {}, STYLE),
    h(
      'div',
      { class: 'eb' },
      h('div', {}, market(rs, s, seat)),
      h(
        'div',
        {},
        h(
          'p',
          { class: 'eb-points' },
          `Turn ${s.turn} of ${rs.data.turnLimit} · `,
          h('span', { class: 'eb-deck', 'data-target': 'deck' }, `mandate deck: ${s.deckLen} cards`),
        ),
        seats,
      ),
    ),
  ).html;
}

function phaseOf(
  rs: Ruleset,
  s: EconomiconState,
): { title: string; text: string; pick: boolean; rules: { label: string; file: string; heading?: string }[] } {
  if (s.outcome !== Outcome.Running)
    return {
      title: 'Game over',
      text: `Points: ${rs.data.points.mandate} a satisfied mandate, technology 3, electricity 2, oil 1, gold and currency at their X.`,
      pick: false,
      rules: [MAP, RULEBOOK],
    };
  if (s.step === 0)
    return {
      title: 'First action: grow',
      text: 'Grow your economy: mint gold or your currency, drill oil, manufacture electricity or technology (click your reserves), or draw a mandate (click the deck). Satisfy 5 mandates to end the game.',
      pick: false,
      rules: [MAP, RULEBOOK],
    };
  return {
    title: 'Second action: grow or trade',
    text: "Grow again, or trade: sell to or buy from the market (click a resource column; its price is the paying column's X), offer goods to the players (click your reserve), buy another nation's open offer (click it), or pass.",
    pick: false,
    rules: [MAP, DECISIONS, RULEBOOK],
  };
}

/** Economicon's board for the play page (the registry's `board`). */
export const economiconBoard = {
  rules: [RULEBOOK, { label: 'Rules and decisions (docs/ECONOMICON.md)', file: 'ECONOMICON.md' }],
  draw: (game: Game<EconomiconState>, s: EconomiconState, seat: number, names: readonly string[]) =>
    drawBoard(rulesOf(game), s, seat, names),
  target: (game: Game<EconomiconState>, s: EconomiconState, action: number) => targetOf(rulesOf(game), s, action),
  phase: (game: Game<EconomiconState>, s: EconomiconState) => phaseOf(rulesOf(game), s),
};
