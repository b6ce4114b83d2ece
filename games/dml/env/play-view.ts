/**
 * Dragon's Money Laundering's board for the play page (the registry's `board`; the page is cli/play-page.ts):
 * the Event, the Deck, the Discard Pile's top card, the Nest and Exile; the four Stocks of the marketplace as
 * open columns of cards; the Black Markets face down (the one the viewing seat is searching face up to it); the
 * response Stack; the Buying in progress (declared and committed cards, the Value); every seat's Front
 * (Emblems), hand, Merchant King and Seize cards as counts or backs, and the viewing seat's own hand, King and
 * Seize cards face up. Public information and the viewing seat's own hidden part only, as `renderTable` and
 * `renderSeat` (render.ts) show them.
 *
 * Targets (`data-target`): `card:C` card C where it lies face up (a Stock, a Front, the Stack, the Event, the
 * seat's own hand, a Black Market it is searching), `bm:B` Black Market B, `stock:U` the Stock of suit U,
 * `seat:P` seat P's panel.
 */
import { fragment, h, seatColour, type Child, type Markup } from '../../../lib/markup.ts';
import type { Game } from '../../../env/core/game.ts';
import { C_EMBLEM, EVENTS, NUM_CARDS, SUITS, type Ruleset } from '../rules/index.ts';
import {
  A,
  ARG_OF,
  countZone,
  KIND_OF,
  Kind,
  Outcome,
  Phase,
  searchedMarket,
  Step,
  victoryPoints,
  Z,
  type DmlState,
} from '../engine/index.ts';
import type { DmlGame } from './game.ts';

/** Suit symbols of iron, wood, slaves, spice (spades, clubs, hearts, diamonds). */
const SUIT_SYMBOL = ['♠', '♣', '♥', '♦'];
const RANK = ['Jk', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const EVENT_NAMES: Record<string, string> = {
  fcccRegulations: 'FCCC Regulations',
  hatedPeople: 'The Hated People',
  customsCrackdown: 'Customs Crackdown',
  merchantUnion: 'Merchant Union',
  carnivalOfCoin: 'Carnival of Coin',
  grandOpening: 'Grand Opening',
};

const rulesOf = (game: Game<DmlState>): Ruleset => (game as DmlGame).ruleset;

const FRAGMENT = 'rulebooks/marketplace-card-game-fragment.md';
const RULES = {
  map: { label: 'Rules map', file: 'DML.md', heading: '2. Rules map' },
  decisions: { label: "The project's decisions", file: 'DML.md', heading: '3. Decisions (D-numbers)' },
  round: { label: 'The Round', file: FRAGMENT, heading: 'Round ♽' },
  market: { label: 'The Market Phase', file: FRAGMENT, heading: 'Market' },
  power: { label: 'Power', file: FRAGMENT, heading: 'Power ⚡' },
  stack: { label: 'The Stack', file: FRAGMENT, heading: 'Stack ⛁' },
};

/** The cards of zone `z`, ascending. */
function cardsIn(s: DmlState, z: number): number[] {
  const out: number[] = [];
  for (let c = 0; c < NUM_CARDS; c++) if (s.zone[c] === z) out.push(c);
  return out;
}

/** The board target of `action` in `s` (see the module docstring for the keys), or null. */
export function targetOf(_rs: Ruleset, s: DmlState, action: number): string | null {
  const x = ARG_OF[action];
  switch (KIND_OF[action]) {
    case Kind.Declare:
    case Kind.Commit:
    case Kind.PlayPower:
    case Kind.PlayEmblem:
    case Kind.Callback:
    case Kind.PickCard:
      return `card:${x}`;
    case Kind.Visit:
      return `bm:${x}`;
    case Kind.PickSeat:
      return `seat:${x}`;
    case Kind.PickOption:
      if (s.phase === Phase.Choice && s.pendStep === Step.SearchPickMarket) return `bm:${x}`;
      if (s.phase === Phase.Choice && s.pendStep === Step.TakeStock) return `stock:${x}`;
      return null;
  }
  return null;
}

/** A card face up (HTML), a target by its index. */
function card(rs: Ruleset, c: number, extra = ''): Markup {
  const u = rs.suit[c];
  const info = rs.cardFile.cards[c];
  const red = u === 2 || u === 3;
  return h(
    'div',
    { class: `dcard${red ? ' red' : ''}${extra}`, 'data-target': `card:${c}`, title: info.name },
    h('b', {}, `${RANK[rs.rank[c]]}${u >= 0 ? SUIT_SYMBOL[u] : ''}`),
    h('small', {}, info.name),
    rs.value[c] > 0 ? h('i', {}, `value ${rs.value[c]}`) : null,
  );
}

/** A face-down pile (HTML): its name and how many cards. */
const back = (label: string, n: number, target: string | null = null): Markup =>
  h('div', { class: 'dcard back', 'data-target': target }, h('b', {}, label), h('small', {}, `${n} card${n === 1 ? '' : 's'}`));

const row = (items: Child[], empty = 'none'): Markup =>
  h('div', { class: 'db-row' }, items.length ? items : h('span', { class: 'muted' }, empty));

/** The whole board for `seat` (markup). */
export function drawBoard(rs: Ruleset, s: DmlState, seat: number, names: readonly string[]): string {
  const searched = searchedMarket(s, seat);
  const stocks = SUITS.map((u, i) =>
    h(
      'div',
      { class: 'db-stock', 'data-target': `stock:${i}` },
      h('h4', {}, `${SUIT_SYMBOL[i]} ${u}`),
      row(
        cardsIn(s, Z.STOCK)
          .filter((c) => rs.suit[c] === i)
          .sort((a, b) => rs.value[a] - rs.value[b])
          .map((c) => card(rs, c)),
        'empty',
      ),
    ),
  );
  const markets: Markup[] = [];
  for (let b = 0; b < s.bmCount; b++) {
    const z = Z.BM + b;
    markets.push(
      z === searched
        ? h(
            'div',
            { class: 'db-bm open', 'data-target': `bm:${b}` },
            h('h4', {}, `Black Market ${b} (you search it)`),
            row(cardsIn(s, z).map((c) => card(rs, c))),
          )
        : back(`Black Market ${b}`, countZone(s, z), `bm:${b}`),
    );
  }
  const stack = Array.from(s.stack.subarray(0, s.stackLen)).map((c, i) =>
    h('div', { class: 'db-stacked' }, card(rs, c), h('small', {}, `${names[s.stackOwner[i]]}, as ${s.stackMode[i] ? 'Emblem' : 'Power'}`)),
  );
  const buying = s.phase === Phase.Declare || s.phase === Phase.Seize || s.phase === Phase.Resolve || s.phase === Phase.Roll;
  const seats: Markup[] = [];
  for (let p = 0; p < s.numPlayers; p++) {
    const mine = p === seat;
    const toAct = s.outcome === Outcome.Running && s.decider === p;
    const hand = mine
      ? row(
          cardsIn(s, Z.HAND + p).map((c) => card(rs, c)),
          'empty',
        )
      : back('hand', countZone(s, Z.HAND + p));
    const king = mine
      ? cardsIn(s, Z.KING + p).map((c) => card(rs, c, ' king'))
      : countZone(s, Z.KING + p)
        ? [back('Merchant King', 1)]
        : [];
    const seize = mine
      ? cardsIn(s, Z.SEIZE + p).map((c) => card(rs, c))
      : countZone(s, Z.SEIZE + p)
        ? [back('Seize, face down', countZone(s, Z.SEIZE + p))]
        : [];
    seats.push(
      h(
        'div',
        {
          class: `db-seat${toAct ? ' to-act' : ''}${s.alive[p] ? '' : ' out'}`,
          'data-target': `seat:${p}`,
          style: `border-color:${seatColour(p)}`,
        },
        h(
          'div',
          { class: 'db-name' },
          h('b', {}, names[p]),
          `${p === s.dealer ? ' · Dealer' : ''}${p === s.active && s.outcome === Outcome.Running ? ' · Active Player' : ''}${toAct ? ' · to act' : ''}${s.alive[p] ? '' : ' · out'}`,
          s.outcome !== Outcome.Running ? ` · ${victoryPoints(s, rs, p)} points` : '',
        ),
        h('h4', {}, 'Front (Emblems)'),
        row(cardsIn(s, Z.FRONT + p).map((c) => card(rs, c, rs.classes[c] & C_EMBLEM ? ' emblem' : ''))),
        h('h4', {}, mine ? 'Your hand, King and Seize cards (only you see them)' : 'Hand, King, Seize'),
        h('div', { class: 'db-row' }, hand, king, seize),
      ),
    );
  }
  const eventName = s.eventType >= 0 ? EVENT_NAMES[EVENTS[s.eventType]] : 'none';
  return fragment(
    h('style', {}, STYLE),
    h(
      'div',
      { class: 'db' },
      h(
        'div',
        { class: 'db-top' },
        h(
          'div',
          { class: 'db-box' },
          h('h4', {}, `Round ${s.round} · Event: ${eventName}${s.eventValue ? ` (value ${s.eventValue})` : ''}`),
          row([
            s.eventCard >= 0 ? card(rs, s.eventCard, ' event') : back('Event', 0),
            back('Deck', s.deckLen),
            s.discardTop >= 0 ? card(rs, s.discardTop, ' discard') : back('Discard Pile', 0),
            back('Nest', countZone(s, Z.NEST)),
            back('Exile', countZone(s, Z.EXILE)),
          ]),
          h(
            'p',
            { class: 'muted' },
            `Actions left ${s.actionsLeft} · Minor Actions left ${s.minorLeft}${s.die1 ? ` · last roll ${s.die1} + ${s.die2} = ${s.die1 + s.die2}` : ''}`,
          ),
        ),
        h('div', { class: 'db-box' }, h('h4', {}, 'Black Markets'), row(markets)),
        stack.length ? h('div', { class: 'db-box' }, h('h4', {}, 'The Stack (bottom to top)'), row(stack)) : null,
      ),
      h('div', { class: 'db-box' }, h('h4', {}, 'The Stocks (the marketplace)'), h('div', { class: 'db-stocks' }, stocks)),
      buying
        ? h(
            'div',
            { class: 'db-box buying' },
            h(
              'h4',
              {},
              `Buying by ${names[s.active]}: Value ${s.declValue}` +
                (s.activeCommit ? `, lowered by ${s.activeCommit}` : '') +
                (s.seizer >= 0 ? `; seized by ${names[s.seizer]} (${s.seizerCommit})` : ''),
            ),
            h(
              'div',
              { class: 'db-row' },
              h('span', { class: 'muted' }, 'declared:'),
              cardsIn(s, Z.DECLARED).map((c) => card(rs, c)),
            ),
            h(
              'div',
              { class: 'db-row' },
              h('span', { class: 'muted' }, 'committed:'),
              cardsIn(s, Z.COMMITTED).map((c) => card(rs, c)),
            ),
          )
        : null,
      h('div', { class: 'db-seats' }, seats),
    ),
  ).html;
}

const STYLE = `
.db .db-top { display: flex; gap: 10px; flex-wrap: wrap; align-items: stretch; }
.db .db-box { border: 1px solid #e2e8f0; border-radius: 6px; padding: 6px 8px; margin: 0 0 8px; background: #fff; }
.db .db-box.buying { background: #fffbeb; }
.db h4 { font-size: 11px; text-transform: uppercase; letter-spacing: .04em; color: #52607a; margin: 2px 0 4px; }
.db .db-row { display: flex; flex-wrap: wrap; gap: 5px; align-items: flex-start; margin-bottom: 2px; }
.db .db-stocks { display: grid; grid-template-columns: repeat(4, minmax(0, 1fr)); gap: 8px; }
.db .db-stock { border: 1px dashed #cbd5e1; border-radius: 6px; padding: 4px; }
.db .db-seats { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 8px; }
.db .db-seat { border: 2px solid; border-left-width: 8px; border-radius: 6px; padding: 6px 8px; background: #fff; }
.db .db-seat.to-act { box-shadow: 0 0 0 3px #fde68a; }
.db .db-seat.out { opacity: .55; }
.db .db-name { font-size: 14px; margin-bottom: 2px; }
.db .dcard { width: 86px; min-height: 58px; border: 1px solid #94a3b8; border-radius: 6px; padding: 3px 5px; background: #fff; display: flex; flex-direction: column; }
.db .dcard b { font-size: 16px; }
.db .dcard.red b { color: #b91c1c; }
.db .dcard small { font-size: 10px; color: #334155; line-height: 1.2; }
.db .dcard i { font-size: 10px; color: #64748b; }
.db .dcard.back { background: repeating-linear-gradient(135deg, #fef3c7, #fef3c7 6px, #fde68a 6px, #fde68a 12px); }
.db .dcard.back b { font-size: 12px; }
.db .dcard.emblem { background: #eef2ff; }
.db .dcard.king { background: #fef9c3; }
.db .dcard.event { background: #ecfeff; }
.db .db-stacked { display: flex; flex-direction: column; font-size: 10px; }
.db .muted { color: #64748b; font-size: 12px; margin: 2px 0; }
`;

/** What the seat to act decides now, in a sentence. */
function phaseOf(
  rs: Ruleset,
  s: DmlState,
): { title: string; text: string; pick: boolean; rules: { label: string; file: string; heading?: string }[] } {
  const p = (title: string, text: string, pick: boolean, ...rules: (typeof RULES)[keyof typeof RULES][]) => ({ title, text, pick, rules });
  switch (s.phase) {
    case Phase.Market:
      return p(
        'Market Phase',
        'Spend your Action (buy: click a Stock card to declare it; play a Power or an Emblem from your hand; call an Emblem back) and your Minor Action (visit a Black Market: click it), in any order; Done ends your Turn.',
        false,
        RULES.market,
        RULES.map,
      );
    case Phase.Declare:
      return p(
        'Buying: declare',
        'Add cards of the same Stock to the Declaration and commit Primary Buying cards from your hand to bring its Value to 12 or less; Done declares. You then roll 2d6: at or above the Value buys the cards.',
        false,
        RULES.map,
      );
    case Phase.Seize:
      return p(
        'Seize',
        'Another player is buying: lay Primary Buying cards face down to seize the purchase (click them in your hand), or pass (Done).',
        false,
        RULES.map,
        RULES.decisions,
      );
    case Phase.Resolve:
      return p('Resolution', 'Commit cards in turn against the other side, or stop (Done) and let the dice decide.', false, RULES.map);
    case Phase.Roll:
      return p('Dabo!', 'A double from 2-2 to 5-5 was rolled: re-roll it or keep it.', false, RULES.map, RULES.decisions);
    case Phase.Stack:
      return p(
        'The Stack',
        'A Power or an Emblem was played: answer it with one of your own (click it in your hand) or pass (Done). The Stack resolves last in, first out.',
        false,
        RULES.stack,
        RULES.power,
      );
    case Phase.Tithe:
      return p('Tithe', "Give a card from your hand (click it): the Jack of diamonds' Power.", true, RULES.power);
    case Phase.Choice:
      switch (s.pendStep) {
        case Step.ReturnEmblem:
          return p('Return an Emblem', "Choose the Emblem (in a Front) that goes back to its owner's hand.", true, RULES.power);
        case Step.SearchPickMarket:
          return p('Search a Black Market', 'Choose the Black Market to search.', true, RULES.power);
        case Step.SearchPickCard:
          return p('Search a Black Market', 'Choose the card you take from it (only you see them).', true, RULES.power);
        case Step.ExileFromStack:
          return p('Exile from the Stack', 'Choose the card on the Stack to exile.', true, RULES.stack);
        case Step.TakeStock:
          return p('Take a Stock', 'Choose the Stock you take.', true, RULES.power);
        case Step.ThiefMode:
          return p('The Thief', 'Give a card to a player, or take a random one from them.', false, RULES.power);
        case Step.ThiefSeat:
          return p('The Thief', 'Choose the player (click their panel).', true, RULES.power);
        case Step.ThiefCard:
          return p('The Thief', 'Choose the card you give (click it in your hand).', true, RULES.power);
      }
      return p('A Power resolves', 'Choose one of the highlighted cards or places.', true, RULES.power);
  }
  return p(
    'Game over',
    'Points: Commodities by suit (the desired suit doubled), Guilds, Eggs 20 each; Monopoly and Father of Dragons win at once.',
    false,
    RULES.map,
  );
}

/** What Done does in each phase. */
const DONE: Record<number, string> = {
  [Phase.Market]: 'done: end the Turn',
  [Phase.Declare]: 'done: declare',
  [Phase.Seize]: 'pass',
  [Phase.Resolve]: 'done: stop committing',
  [Phase.Roll]: 'keep the roll',
  [Phase.Stack]: 'pass',
};

/** What Done does in `s`, and the option a PickOption id names (a Black Market, a Stock, the Thief's mode), in words. */
function describe(rs: Ruleset, s: DmlState, action: number): string | null {
  if (KIND_OF[action] === Kind.Done) return DONE[s.phase] ?? null;
  if (KIND_OF[action] !== Kind.PickOption || s.phase !== Phase.Choice) return null;
  const k = action - A.PICK_OPTION;
  if (s.pendStep === Step.SearchPickMarket) return `search Black Market ${k}`;
  if (s.pendStep === Step.TakeStock) return `take the ${SUITS[k]} Stock`;
  if (s.pendStep === Step.ThiefMode) return k === 0 ? 'give a card' : 'take a random card';
  return null;
}

/** DML's board for the play page (the registry's `board`). */
export const dmlBoard = {
  rules: [
    { label: 'Rules (docs/DML.md)', file: 'DML.md' },
    { label: 'The Game chapter', file: FRAGMENT },
  ],
  draw: (game: Game<DmlState>, s: DmlState, seat: number, names: readonly string[]) => drawBoard(rulesOf(game), s, seat, names),
  target: (game: Game<DmlState>, s: DmlState, action: number) => targetOf(rulesOf(game), s, action),
  phase: (game: Game<DmlState>, s: DmlState) => phaseOf(rulesOf(game), s),
  describe: (game: Game<DmlState>, s: DmlState, action: number) => describe(rulesOf(game), s, action) ?? game.describeAction(s, action),
};
