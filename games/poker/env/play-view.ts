/**
 * Poker's board for the play page (the registry's `board`; the page is cli/play-page.ts): the table as the viewing
 * seat may see it. Every seat by its name with the chips it put in the pot (its stake, drawn as a chip stack),
 * whether it folded or is to act; the public card(s) once dealt; the pot; the betting round with its bet size and
 * the raises made; the viewing seat's own private card. Another seat's card is shown only once the hand is over at
 * a showdown, and only for a seat that did not fold: what `render` (env/game.ts `renderTable`) shows then. The
 * viewing seat's card reads as `renderSeat` has it (its rank, and whether it pairs the board).
 *
 * Targets (`data-target`), one move each, so a click plays it (`pick`): `fold` the viewing seat's own card,
 * `call` the chip stack labelled Check or Call with the amount, `raise` the stack labelled Bet or Raise with the
 * amount. The two stacks are drawn while the viewing seat is to act.
 */
import { h, fragment, seatColour, type Child, type Markup } from '../../../lib/markup.ts';
import type { Game } from '../../../env/core/game.ts';
import type { Ruleset } from '../rules/index.ts';
import { CALL, FOLD, handStrength, isChanceNode, isOver, RAISE, rankName, type PokerState } from '../engine/engine.ts';
import type { PokerGame } from './game.ts';

const rulesOf = (game: Game<PokerState>): Ruleset => (game as PokerGame).ruleset;

const ACTIONS_DOC = { label: 'The actions', file: 'poker/ACTIONS.md' };
const RULES_OF_PLAY = { label: 'The rules of play', file: 'ADDING_A_GAME.md', heading: '6. The rules of play' };
const TITLES: Record<string, string> = { leduc: "Leduc hold'em", kuhn: 'Kuhn poker' };

const pot = (s: PokerState): number => s.stake.reduce((a, x) => a + x, 0);
const highest = (s: PokerState): number => Math.max(...s.stake);
/** What calling costs the seat to act (0: a check). */
const facing = (s: PokerState): number => (s.toAct >= 0 ? highest(s) - s.stake[s.toAct] : 0);
/** A chip count with its sign ("+2", "-3", "0"). */
const signed = (x: number): string => (x > 0 ? `+${x}` : String(x));

/** The round in words: "betting round 1 of 2 (before the public card)". */
function roundText(rs: Ruleset, s: PokerState): string {
  const R = rs.data.rounds.length;
  const when = R === 1 ? '' : s.round === 0 ? ' (before the public card)' : ` (after public card ${s.round})`;
  return `betting round ${s.round + 1} of ${R}${when}`;
}

/** The Check/Call and Bet/Raise labels for the seat to act, with what each puts in. */
function moveLabels(rs: Ruleset, s: PokerState): { call: string; raise: string } {
  const f = facing(s);
  const bet = rs.data.rounds[s.round].bet;
  return {
    call: f === 0 ? 'Check' : `Call ${f}`,
    raise: f === 0 ? `Bet ${bet}` : `Raise ${bet} (puts in ${f + bet})`,
  };
}

/** The board target of `action` in `s`: `fold`, `call` or `raise` while a seat bets; null at a deal or the end. */
export function targetOf(s: PokerState, action: number): string | null {
  if (isOver(s) || isChanceNode(s)) return null;
  return action === FOLD ? 'fold' : action === CALL ? 'call' : action === RAISE ? 'raise' : null;
}

/** A card: its rank face up, or its back (`rank` null). */
function card(rank: string | null, note: string, attrs: Record<string, string> = {}): Markup {
  return h('div', { class: `pk-card${rank === null ? ' back' : ''}`, ...attrs }, h('b', {}, rank ?? '?'), ' ', h('small', {}, note));
}

/** A stack of `n` chips (at most ten drawn, the count written), in `colour`. */
function chips(n: number, colour: string): Markup {
  const drawn: Child[] = [];
  for (let i = 0; i < Math.min(n, 10); i++) drawn.push(h('i', { style: `background:${colour};bottom:${i * 4}px` }));
  return h('span', { class: 'pk-chips' }, h('span', { class: 'pk-stack' }, drawn), ' ', h('b', {}, String(n)));
}

/** Seat `p`'s panel: name, stake, folded / to act, its card as `seat` may see it, its net chips at the end. */
function seatPanel(s: PokerState, p: number, seat: number, names: readonly string[]): Markup {
  const n = s.numPlayers;
  const over = isOver(s);
  const status = s.folded[p] ? 'folded' : s.toAct === p ? 'to act' : over ? 'in at the end' : 'in';
  let shown: Markup;
  if (p === seat)
    shown =
      s.cards[p] < 0
        ? card(null, 'your card: not dealt yet')
        : card(
            rankName(s.cards[p], n),
            `your card${handStrength(s, p) >= 100 ? ' (a pair with the board)' : ''}${s.toAct === p && facing(s) > 0 ? ' · click to fold' : ''}`,
            { 'data-target': 'fold' },
          );
  else if (over && !s.byFold && !s.folded[p] && s.cards[p] >= 0) shown = card(rankName(s.cards[p], n), 'shown at the showdown');
  else shown = card(null, s.folded[p] ? 'folded, not shown' : 'hidden');
  return h(
    'div',
    { class: `pk-seat${s.toAct === p ? ' to-act' : ''}${s.folded[p] ? ' folded' : ''}`, style: `border-color:${seatColour(p)}` },
    h('div', { class: 'pk-name' }, h('b', {}, names[p]), ` · ${status}`),
    h('div', { class: 'pk-row' }, shown, h('span', { class: 'pk-stake' }, 'stake ', chips(s.stake[p], seatColour(p)))),
    s.result ? h('div', { class: 'pk-net' }, `net chips ${signed(s.result[p])}`) : null,
  );
}

/** The middle of the table: the public cards, the pot, the round, and the viewing seat's two betting stacks. */
function centre(rs: Ruleset, s: PokerState, seat: number): Markup {
  const n = s.numPlayers;
  const publics: Markup[] = [];
  for (let i = 0; i < rs.data.rounds.length - 1; i++)
    publics.push(
      i < s.board.length ? card(rankName(s.board[i], n), `public card ${i + 1}`) : card(null, `public card ${i + 1}: not dealt yet`),
    );
  const cap = rs.data.rounds[s.round].maxRaises;
  const info = isOver(s)
    ? `the hand is over (${s.byFold ? 'every other seat folded' : 'showdown'})`
    : `${roundText(rs, s)} · bet size ${rs.data.rounds[s.round].bet} · raises made ${s.raises} of ${cap}`;
  let moves: Markup | null = null;
  if (!isOver(s) && !isChanceNode(s) && s.toAct === seat) {
    const l = moveLabels(rs, s);
    moves = h(
      'div',
      { class: 'pk-moves' },
      h('div', { class: 'pk-bet', 'data-target': 'call' }, chips(facing(s), '#64748b'), h('span', {}, l.call)),
      s.raises < cap
        ? h(
            'div',
            { class: 'pk-bet', 'data-target': 'raise' },
            chips(facing(s) + rs.data.rounds[s.round].bet, '#b45309'),
            h('span', {}, l.raise),
          )
        : h('div', { class: 'pk-note' }, `no raise left this round (${cap} made)`),
    );
  }
  return h(
    'div',
    { class: 'pk-centre' },
    h('div', { class: 'pk-info' }, `${TITLES[rs.data.name] ?? rs.data.name} · ${info}`),
    h(
      'div',
      { class: 'pk-row' },
      publics.length ? publics : h('small', {}, 'no public card in this game'),
      h('span', { class: 'pk-pot' }, 'pot ', chips(pot(s), '#15803d')),
    ),
    moves,
  );
}

const STYLE = `
.pk { display: flex; flex-direction: column; gap: 10px; max-width: 980px; }
.pk .pk-centre { background: #166534; color: #f0fdf4; border-radius: 60px; padding: 14px 40px; display: flex; flex-direction: column; gap: 8px; align-items: center; }
.pk .pk-info { font-size: 13px; }
.pk .pk-row { display: flex; flex-wrap: wrap; gap: 10px; align-items: center; }
.pk .pk-seats { display: flex; flex-wrap: wrap; gap: 8px; }
.pk .pk-seat { border: 2px solid; border-left-width: 8px; border-radius: 6px; padding: 6px 8px; background: #fff; min-width: 200px; }
.pk .pk-seat.to-act { box-shadow: 0 0 0 3px #fde68a; }
.pk .pk-seat.folded { opacity: .6; }
.pk .pk-name { font-size: 14px; margin-bottom: 4px; }
.pk .pk-net { font-size: 13px; font-weight: 700; margin-top: 4px; }
.pk .pk-card { display: inline-flex; flex-direction: column; align-items: center; justify-content: center; width: 74px; height: 96px; padding: 4px; box-sizing: border-box; border: 1px solid #94a3b8; border-radius: 8px; background: #fff; color: #111827; text-align: center; }
.pk .pk-card b { font-size: 30px; }
.pk .pk-card small { font-size: 10px; color: #475569; line-height: 1.15; }
.pk .pk-card.back { background: repeating-linear-gradient(135deg, #dbeafe, #dbeafe 6px, #bfdbfe 6px, #bfdbfe 12px); }
.pk .pk-card.back b { color: #64748b; font-size: 22px; }
.pk .pk-chips { display: inline-flex; align-items: flex-end; gap: 4px; }
.pk .pk-stack { position: relative; display: inline-block; width: 22px; height: 48px; }
.pk .pk-stack i { position: absolute; left: 0; width: 22px; height: 7px; border-radius: 50%; border: 1px solid rgba(0,0,0,.35); }
.pk .pk-pot { font-size: 14px; font-weight: 700; }
.pk .pk-moves { display: flex; gap: 12px; }
.pk .pk-bet { display: flex; flex-direction: column; align-items: center; gap: 2px; padding: 8px 14px; border-radius: 8px; background: #f0fdf4; color: #14532d; font-weight: 700; font-size: 14px; min-width: 90px; }
.pk .pk-note { font-size: 12px; }
`;

/** The whole board for `seat` (markup). */
export function drawBoard(rs: Ruleset, s: PokerState, seat: number, names: readonly string[]): string {
  const seats: Markup[] = [];
  for (let p = 0; p < s.numPlayers; p++) seats.push(seatPanel(s, p, seat, names));
  return fragment(h('style', {}, STYLE), h('div', { class: 'pk' }, centre(rs, s, seat), h('div', { class: 'pk-seats' }, seats))).html;
}

/** The seats by their engine names (`seat 2`; the page puts each seat's one name in). */
const seatList = (ps: number[]): string =>
  ps.length === 1
    ? `seat ${ps[0]}`
    : `${ps
        .slice(0, -1)
        .map((p) => `seat ${p}`)
        .join(', ')} and seat ${ps.at(-1)}`;

function phaseOf(
  rs: Ruleset,
  s: PokerState,
): { title: string; text: string; pick: boolean; rules: { label: string; file: string; heading?: string }[] } {
  const rules = [ACTIONS_DOC, RULES_OF_PLAY];
  if (s.result) {
    const r = s.result;
    const won = r.map((_, p) => p).filter((p) => r[p] > 0);
    const how = s.byFold
      ? 'every other seat folded'
      : 'at the showdown a card pairing the public card beats any other, else the higher rank wins';
    // "The pot goes to seat 2": the page names each seat ("You" among them), so no verb agrees with a seat.
    const who = won.length
      ? `The pot of ${pot(s)} goes to ${seatList(won)}${won.length > 1 ? ', shared' : ''}`
      : `The pot of ${pot(s)} is shared`;
    return {
      title: 'Hand over',
      text: `${who} (${how}). Net chips: ${r.map((x, p) => `seat ${p} ${signed(x)}`).join(', ')}.`,
      pick: false,
      rules,
    };
  }
  if (isChanceNode(s)) return { title: 'Dealing', text: 'A card is being dealt.', pick: false, rules };
  const f = facing(s);
  const cap = rs.data.rounds[s.round].maxRaises;
  const bet = rs.data.rounds[s.round].bet;
  const call = f === 0 ? 'Nothing is bet: check for free' : `Calling costs ${f} (fold gives up the pot: click your card)`;
  const raise = s.raises < cap ? `; a ${f === 0 ? 'bet' : 'raise'} puts in ${f + bet}` : `; no raise is left this round (${cap} made)`;
  return {
    title: `${roundText(rs, s)[0].toUpperCase()}${roundText(rs, s).slice(1)}`,
    text: `${call}${raise}. Raises made this round: ${s.raises} of ${cap}; the pot holds ${pot(s)}.`,
    pick: true,
    rules,
  };
}

/** Poker's board for the play page (the registry's `board`). */
export const pokerBoard = {
  rules: [ACTIONS_DOC, RULES_OF_PLAY],
  draw: (game: Game<PokerState>, s: PokerState, seat: number, names: readonly string[]) => drawBoard(rulesOf(game), s, seat, names),
  target: (_game: Game<PokerState>, s: PokerState, action: number) => targetOf(s, action),
  phase: (game: Game<PokerState>, s: PokerState) => phaseOf(rulesOf(game), s),
};
