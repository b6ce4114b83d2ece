/**
 * Merlin's board for the play page (the registry's `board`; the page is cli/play-page.ts): the counters as
 * gauges and the season wheel, every seat's field as its grid of card slots with the cards as faces and the
 * units on them, the Grand Market's book, the readings and decks, and the seat's own hand. Public information
 * and the viewing seat's own hidden part only, as `renderTable` and `renderSeat` (render.ts) show them: other
 * hands as counts, open bids folded back into the pockets, face-down potions as a mark.
 *
 * Geometry is the engine's (engine/board.ts, docs/RULES.md D80): field slot `i` of seat `p` is the square
 * `p * fieldSlots + i`, drawn at row `i / board.cols` and column `i % board.cols` of its field, the fields side
 * by side in seat order; a square's neighbours (`data-near`, outlined on hover and around a unit being
 * commanded) are `geometry(rs, players).adj`, so a change of the rules' adjacency shows without a change here.
 *
 * Targets (`data-target`): `sq:K` a square (slot key K), `unit:K:L` the unit at stack level L of square K,
 * `seat:P` a seat's header, `hand:I` hand card I, `mkt:C` the market book's row of commodity C, `deck:tea`,
 * `deck:crystal`, `deck:cards` and `council:I` the decks and the Council's offices.
 */
import { fragment, h, seatColour, type Child, type Markup } from '../../../lib/markup.ts';
import type { Ruleset } from '../rules/index.ts';
import { COMMODITIES } from '../rules/schema.ts';
import { HAND_POTION, HAND_SPELL, Phase, type MerlinState } from '../engine/state.ts';
import { cardDef, DECK_INDEX } from '../engine/kernel/card-defs.ts';
import { spotPrice } from '../engine/market.ts';
import type { Game } from '../../../env/core/game.ts';
import type { MerlinGame } from './game.ts';
import { COMMODITY_NAMES, counters, face, fields, red, role } from './play-fields.ts';
import { GAME_RULES, phaseOf, targetOf } from './play-phase.ts';

export { targetOf } from './play-phase.ts';

/** The ruleset of the game the board is drawn for (the registry registers it with Merlin's games only). */
const rulesOf = (game: Game<MerlinState>): Ruleset => (game as MerlinGame).ruleset;

// ---------------------------------------------------------------------------------------------------------
// Panels: the Grand Market, the decks and readings, the hand, contracts and regulations
// ---------------------------------------------------------------------------------------------------------

/** A chip naming a seat in its colour. */
const chip = (p: number, names: readonly string[], text: string): Markup =>
  h('span', { class: 'chip', style: `border-color:${seatColour(p)}` }, `${names[p]} ${text}`);

/** The Grand Market's book: per commodity, the spot price, the bids (one unit each) and the asks. */
function marketBook(rs: Ruleset, s: MerlinState, names: readonly string[]): Markup | null {
  if (!rs.data.market.enabled) return null;
  const rows = COMMODITIES.map((_, c) => {
    const bids: Child[] = [];
    const asks: Child[] = [];
    for (let p = 0; p < s.numPlayers; p++) {
      if (s.mktBid[p * 3 + c] > 0) bids.push(chip(p, names, `${s.mktBid[p * 3 + c]}g`));
      if (s.mktEscBid[p * 3 + c] > 0) bids.push(chip(p, names, `${s.mktEscBid[p * 3 + c]}g (escrow)`));
      if (s.mktAskQty[p * 3 + c] > 0) asks.push(chip(p, names, `${s.mktAskQty[p * 3 + c]} @ ${s.mktAsk[p * 3 + c]}g`));
    }
    if (s.rowBids[c] > 0) bids.push(h('span', { class: 'chip' }, `R.O.W. ${s.rowBids[c]} × ${s.rowBidPrice[c]}g`));
    return h(
      'tr',
      { 'data-target': `mkt:${c}` },
      h('th', {}, COMMODITY_NAMES[c]),
      h('td', {}, String(spotPrice(s, c) || '–')),
      h('td', {}, String(s.lastPrice[c] || '–')),
      h('td', {}, bids.length ? bids : '–'),
      h('td', {}, asks.length ? asks : '–'),
      h('td', {}, String(s.supply[c])),
    );
  });
  const carts: Child[] = [];
  for (let p = 0; p < s.numPlayers; p++)
    if (s.cartCom[p] >= 0 && s.cartQty[p] > 0)
      carts.push(
        chip(
          p,
          names,
          `cart: ${s.cartQty[p]} ${COMMODITY_NAMES[s.cartCom[p]]} to ${s.cartDest[p] >= 0 ? names[s.cartDest[p]] : s.cartDest[p] === -2 ? 'the supply' : 'market'}`,
        ),
      );
  return h(
    'div',
    { class: 'mb-box mb-market' },
    h('h3', {}, 'Grand Market'),
    h(
      'table',
      {},
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', {}, ''),
          h('th', {}, 'spot'),
          h('th', {}, 'last'),
          h('th', {}, 'bids (1 unit each)'),
          h('th', {}, 'asks'),
          h('th', {}, 'supply'),
        ),
      ),
      h('tbody', {}, rows),
    ),
    carts.length ? h('p', {}, carts) : null,
  );
}

/** A small card face (HTML): `top` the big line, `sub` what it is. */
function cardDiv(target: string | null, top: string, sub: string, cls = '', title = ''): Markup {
  return h('div', { class: `mcard ${cls}`, 'data-target': target, title: title || null }, h('b', {}, top), h('small', {}, sub));
}

/** Readings face up, the reading decks, the playing deck and the Council's offices. */
function decks(rs: Ruleset, s: MerlinState, names: readonly string[]): Markup {
  const readings = s.readingCard.map((c, i) =>
    h('li', {}, h('b', {}, cardDef(rs, s.readingDeck[i], c).name), ` (${names[s.readingOwner[i]]}, turn ${s.readingTurn[i]})`),
  );
  const n = (d: number) => s.cdeck[d].length + s.cdiscard[d].length;
  return h(
    'div',
    { class: 'mb-box mb-decks' },
    h('h3', {}, 'Decks'),
    h(
      'div',
      { class: 'mb-row' },
      cardDiv('deck:tea', 'Tea Leaves', `${n(DECK_INDEX.teaLeaves)} cards`, 'back'),
      cardDiv('deck:crystal', 'Crystal Ball', `${n(DECK_INDEX.crystalBall)} cards`, 'back'),
      cardDiv('deck:cards', 'Deck', `${s.deck.length} (+${s.discard.length} discarded)`, 'back'),
      s.council.map((c, i) =>
        c >= 0
          ? cardDiv(`council:${i}`, face(c), `Council ${i + 1}: ${role(c)}`, red(c) ? 'red' : '')
          : cardDiv(null, '—', `Council ${i + 1}: empty`),
      ),
    ),
    h('h3', {}, 'Readings face up'),
    readings.length ? h('ul', {}, readings) : h('p', { class: 'muted' }, 'none yet'),
  );
}

/** The viewing seat's hand (by name: it is its own) and the cards it bought this turn. */
function hand(rs: Ruleset, s: MerlinState, seat: number): Markup {
  const card = (c: number, target: string | null, i: number) => {
    if (c >= HAND_POTION)
      return cardDiv(target, 'Potion', cardDef(rs, DECK_INDEX.potions, c - HAND_POTION).name, 'potion', `hand card ${i}`);
    if (c >= HAND_SPELL) return cardDiv(target, 'Spell', cardDef(rs, DECK_INDEX.spells, c - HAND_SPELL).name, 'spell', `hand card ${i}`);
    return cardDiv(target, face(c), role(c), red(c) ? 'red' : '', `hand card ${i}`);
  };
  const own = s.hands[seat].map((c, i) => card(c, `hand:${i}`, i));
  const bought = s.newCards[seat].map((c, i) => card(c, null, i));
  const extra: string[] = [];
  if ((s.phase === Phase.AuctionBid || s.phase === Phase.DecreeBid) && s.bids[seat] >= 0)
    extra.push(`your hidden bid: ${s.bids[seat]} gold`);
  if (s.votes[seat] >= 0) extra.push(`your vote: ${['keep', 'raise', 'lower'][s.votes[seat]] ?? s.votes[seat]}`);
  return h(
    'div',
    { class: 'mb-box mb-hand' },
    h('h3', {}, 'Your hand (only you see it)'),
    h('div', { class: 'mb-row' }, own.length ? own : h('p', { class: 'muted' }, 'empty')),
    bought.length ? fragment(h('h3', {}, 'Bought this turn (playable next turn)'), h('div', { class: 'mb-row' }, bought)) : null,
    extra.length ? h('p', {}, extra.join(' · ')) : null,
  );
}

/** Futures, loans, policies, bonds and shares in play, when any. */
function finance(rs: Ruleset, s: MerlinState, names: readonly string[]): Markup | null {
  const lines: string[] = [];
  for (let i = 0; i < s.futShort.length; i++)
    if (s.futShort[i] >= 0)
      lines.push(
        `future: ${names[s.futShort[i]]} owes ${s.futOwed[i]} ${COMMODITY_NAMES[s.futCom[i]]} at ${s.futPrice[i]}g to ${s.futLong[i] >= 0 ? names[s.futLong[i]] : 'no buyer yet'}, month ${s.futExpiry[i]}`,
      );
  for (let i = 0; i < s.loanLender.length; i++)
    if (s.loanLender[i] >= 0)
      lines.push(`loan: ${names[s.loanBorrower[i]]} owes ${names[s.loanLender[i]]} ${s.loanOwed[i]}g by month ${s.loanDue[i]}`);
  for (let i = 0; i < s.polSeller.length; i++)
    if (s.polSeller[i] >= 0)
      lines.push(
        `insurance: ${rs.data.finance.insurance.events[s.polEvent[i]]?.name ?? 'policy'} sold by ${names[s.polSeller[i]]}${s.polBuyer[i] >= 0 ? ` to ${names[s.polBuyer[i]]}` : ''}, premium ${s.polPremium[i]}g, cover ${s.polCover[i]}g`,
      );
  for (let i = 0; i < s.bondIssuer.length; i++)
    if (s.bondIssuer[i] >= 0)
      lines.push(
        `bond: ${names[s.bondIssuer[i]]}, face ${s.bondFace[i]}g, coupon ${s.bondCoupon[i]}g${s.bondHolder[i] >= 0 ? `, held by ${names[s.bondHolder[i]]}` : ', for sale'}`,
      );
  for (let i = 0; i < s.shareIssuer.length; i++)
    if (s.shareIssuer[i] >= 0)
      lines.push(
        `share: ${s.sharePct[i]}% of ${names[s.shareIssuer[i]]}, ${s.sharePrice[i]}g${s.shareHolder[i] >= 0 ? `, held by ${names[s.shareHolder[i]]}` : ', for sale'}`,
      );
  for (const r of s.regulation) if (r >= 0) lines.push(`regulation in force: ${rs.data.decrees.regulations[r].name}`);
  if (lines.length === 0) return null;
  return h(
    'div',
    { class: 'mb-box' },
    h('h3', {}, 'Contracts and regulations'),
    h(
      'ul',
      {},
      lines.map((l) => h('li', {}, l)),
    ),
  );
}

/** The board's own styles (classes prefixed `mb-`, and the SVG text classes inside `.mb`). */
const STYLE = `
.mb .mb-top { display: flex; gap: 16px; align-items: center; flex-wrap: wrap; }
.mb .mb-gauges { width: 640px; max-width: 100%; height: auto; }
.mb .mb-bank { font-size: 12px; color: #334155; }
.mb .mb-fields { width: 100%; height: auto; display: block; margin: 6px 0; }
.mb text { font-family: system-ui, sans-serif; fill: #1e293b; }
.mb .gv { font-size: 18px; font-weight: 700; }
.mb .gl { font-size: 10.5px; fill: #475569; }
.mb .gn { font-size: 9.5px; fill: #64748b; }
.mb .warn { fill: #b91c1c; }
.mb .cf { font-size: 19px; font-weight: 700; }
.mb .cf.red { fill: #b91c1c; }
.mb .ck { font-size: 12px; font-weight: 600; fill: #334155; }
.mb .cl { font-size: 11.5px; fill: #334155; }
.mb .cl.potion { fill: #9d174d; }
.mb .cn { font-size: 10.5px; fill: #94a3b8; }
.mb .uf { font-size: 11px; font-weight: 700; fill: #fff; }
.mb .us { font-size: 9px; fill: #fff; }
.mb .sn { font-size: 14px; font-weight: 700; }
.mb .ss { font-size: 11px; fill: #334155; }
.mb .mb-lower { display: grid; grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); gap: 10px; }
.mb .mb-box { border: 1px solid #e2e8f0; border-radius: 6px; padding: 6px 8px; margin: 6px 0; }
.mb h3 { font-size: 11px; text-transform: uppercase; letter-spacing: .04em; color: #52607a; margin: 2px 0 4px; }
.mb table { border-collapse: collapse; font-size: 12px; width: 100%; }
.mb th, .mb td { text-align: left; padding: 3px 6px; border-bottom: 1px solid #f1f5f9; }
.mb .chip { display: inline-block; border: 1px solid #cbd5e1; border-left-width: 5px; border-radius: 4px; padding: 0 4px; margin: 1px 2px; font-size: 11px; }
.mb .mb-row { display: flex; flex-wrap: wrap; gap: 6px; }
.mb .mcard { width: 92px; min-height: 48px; border: 1px solid #94a3b8; border-radius: 6px; padding: 4px 6px; background: #fff; display: flex; flex-direction: column; }
.mb .mcard b { font-size: 15px; }
.mb .mcard small { font-size: 10.5px; color: #475569; }
.mb .mcard.red b { color: #b91c1c; }
.mb .mcard.back { background: repeating-linear-gradient(135deg, #eef2ff, #eef2ff 6px, #e0e7ff 6px, #e0e7ff 12px); }
.mb .mcard.spell { background: #eef2ff; }
.mb .mcard.potion { background: #fdf2f8; }
.mb .muted { color: #64748b; font-size: 12px; margin: 2px 0; }
.mb ul { margin: 2px 0; padding-left: 18px; font-size: 12px; }
`;

/** The whole board for `seat` (markup). */
export function drawBoard(rs: Ruleset, s: MerlinState, seat: number, names: readonly string[]): string {
  const order = s.order.every((p) => p >= 0) ? s.order.map((p) => names[p]).join(' → ') : 'not decided yet';
  return fragment(
    h('style', {}, STYLE),
    h(
      'div',
      { class: 'mb' },
      h(
        'div',
        { class: 'mb-top' },
        counters(rs, s),
        h(
          'div',
          { class: 'mb-bank' },
          h('div', {}, h('b', {}, `Turn ${s.turn} of ${rs.data.turnLimit}`), ` · turn order: ${order}`),
          h('div', {}, `Central Bank ${s.centralBank} gold · R.O.W. ${s.row} gold${s.auctionPot ? ' · auction in progress' : ''}`),
          h('div', {}, `supply: ${COMMODITY_NAMES.map((c, i) => `${c} ${s.supply[i]}`).join(', ')}`),
        ),
      ),
      fields(rs, s, seat, names),
      h(
        'div',
        { class: 'mb-lower' },
        h('div', {}, hand(rs, s, seat), marketBook(rs, s, names)),
        h('div', {}, decks(rs, s, names), finance(rs, s, names)),
      ),
    ),
  ).html;
}

/** Merlin's board for the play page (the registry's `board`). */
export const merlinBoard = {
  rules: GAME_RULES,
  draw: (game: Game<MerlinState>, s: MerlinState, seat: number, names: readonly string[]) => drawBoard(rulesOf(game), s, seat, names),
  target: (game: Game<MerlinState>, s: MerlinState, action: number) => targetOf(rulesOf(game), s, action),
  phase: (game: Game<MerlinState>, s: MerlinState) => phaseOf(rulesOf(game), s),
};
