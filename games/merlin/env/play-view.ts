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
import { HAND_POTION, HAND_SPELL, Pending, Phase, SlotKind, TopKind, UnitFlag, VICTORY_NAMES, type MerlinState } from '../engine/state.ts';
import { Kind, catalogue } from '../engine/actions.ts';
import { rankOf, suitOf } from '../engine/cards.ts';
import { cardDef, DECK_INDEX } from '../engine/kernel/card-defs.ts';
import { isGuardCard } from '../engine/kernel/units.ts';
import { geometry } from '../engine/board.ts';
import { squareKey, destroyed, cardHp } from '../engine/combat.ts';
import { netWorth } from '../engine/victory.ts';
import { spotPrice } from '../engine/market.ts';
import { PHASE_NAMES } from '../engine/engine.ts';
import type { Game } from '../../../env/core/game.ts';
import type { MerlinGame } from './game.ts';

/** The ruleset of the game the board is drawn for (the registry registers it with Merlin's games only). */
const rulesOf = (game: Game<MerlinState>): Ruleset => (game as MerlinGame).ruleset;

const SUIT = ['♣', '♠', '♥', '♦', '★'];
const RANK = ['Jk', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const COMMODITY_NAMES = ['Souls', 'Elixir Oil', 'Essence Grain'];
const SEASON_COLOURS: Record<string, string> = { summer: '#facc15', autumn: '#fb923c', winter: '#93c5fd', spring: '#86efac' };
const KIND_FILL = ['#ffffff', '#ecfdf5', '#eef2ff', '#fdf2f8', '#f1f5f9'];
const KIND_LABEL = ['', 'Property', 'Spell Lab', 'Potion Lab', 'Chauffeur'];

const face = (c: number) => (suitOf(c) === 4 ? 'Joker' : `${RANK[rankOf(c)]}${SUIT[suitOf(c)]}`);
const red = (c: number) => suitOf(c) === 2 || suitOf(c) === 3;

/** What a playing card in the hand becomes when played (0.1.27b "The Cards of Commerce and Conjuring"). */
function role(c: number): string {
  const r = rankOf(c);
  if (suitOf(c) === 4) return 'Taxman';
  if (r === 1) return 'Winds of Fortune';
  if (r === 7) return 'Seven of Upheaval';
  if (r === 11 || r === 12) return 'golem';
  if (r === 13) return 'Royal Guard';
  return ['property', 'Spell Lab / Shop', 'Potion Lab / Brewery', 'Land'][suitOf(c)];
}

// ---------------------------------------------------------------------------------------------------------
// The rules: where each decision is explained (docs/RULES.md sections)
// ---------------------------------------------------------------------------------------------------------

const R = (label: string, heading: string) => ({ label, file: 'RULES.md', heading });
const RULES = {
  setup: R('Setup and the turn-order auction', '2.2 Setup and the turn-order auction'),
  turn: R('The turn', '2.3 The turn'),
  timing: R('Turn structure', 'D45. Turn structure and timing'),
  properties: R('Properties and permits', '2.4 Playing cards: properties and permits'),
  chauffeurs: R('Chauffeurs', '2.6 Clubs: Chauffeurs'),
  spells: R('Spell Labs and Shops', '2.7 Spades: Spell Labs and Spell Shops'),
  potions: R('Potion Labs and Breweries', '2.8 Hearts: Potion Labs and Breweries'),
  lands: R('Lands and commodities', '2.9 Diamonds: Lands, commodities and transport'),
  golems: R('Golems', '2.10 Golems (Jacks and Queens)'),
  kings: R('Royal Guard and Royal Decrees', '2.11 Kings: Royal Guard and Royal Decrees'),
  combat: R('Combat', '2.12 Combat'),
  board: R('The table as a board', 'D80. The table as a board'),
  placement: R('Where a card is placed', 'D81. Where a card is placed'),
  placing: R('Placing a unit', 'D82. Placing a unit; the stack'),
  commands: R('Unit commands and reach', 'D84. Unit commands and reach'),
  readings: R('Future Reading cards', '2.19 Future Reading cards'),
  market: R('The Grand Market', '2.21 The Grand Market'),
  menus: R('The market as a menu', 'D54. The market as a menu: grids, sub-decisions and a fixed catalogue'),
  trades: R('Goods trades', 'D63. Goods trades'),
  sales: R('Property sales and auctions', 'D64. Property sales and auctions'),
  taxes: R('Taxes', '2.23 Taxes (0.1.14a; 0.1.27b has no Taxes section)'),
  votes: R('Tax-season votes', 'D48. Tax-season votes: the tax rate, the Cost of the Living and the Volatility'),
  crowns: R('Crowns skip taxes', 'D49. Crowns skip taxes'),
  decrees: R('Royal Decrees: a choice', 'D19. Royal Decrees: a choice among 3'),
  refusal: R('The refusal auction', 'D20. Royal Decrees: the refusal auction'),
  regulations: R('The regulation vote', "D154. The vote: proposed by the decree's enactor, open, majority, a tie keeps the status quo"),
  victory: R('Victory', '2.1 Overview, components and victory'),
  counters: R('Season wheels and counters', '2.17 Season wheels, Climate Change and the counters'),
};

/** The rules the page always links: the project's rules reference and the rulebook it follows. */
const GAME_RULES = [
  { label: 'Rules (docs/RULES.md)', file: 'RULES.md' },
  { label: 'Rulebook 0.1.27b', file: 'rulebooks/merlin-economics-v0.1.27b.md' },
];

/** What the open SelectSlot, SelectSquare or SelectUnit step chooses, by `Pending`. */
const PENDING_TEXT: Record<number, [string, string, (typeof RULES)[keyof typeof RULES]]> = {
  [Pending.PlaceLand]: ['Place the Land', 'Choose the property of your field the Land goes on (highlighted).', RULES.lands],
  [Pending.SpellShopProperty]: ['Open a Spell Shop', 'Choose the property that becomes the Spell Shop (highlighted).', RULES.spells],
  [Pending.BreweryProperty]: ['Open a Brewery', 'Choose the property that becomes the Brewery (highlighted).', RULES.potions],
  [Pending.ChauffeurSecond]: ['Make a Chauffeur', "Choose the Chauffeur's second property (highlighted).", RULES.chauffeurs],
  [Pending.SpellTargetSlot]: ['Aim the spell', "Choose the target's Land (highlighted).", RULES.spells],
  [Pending.PotionTargetSlot]: ['Place the potion', 'Choose where the potion goes, face down (highlighted).', RULES.potions],
  [Pending.PlaceCard]: [
    'Place the card',
    'Choose an empty slot of your field for the card: where it lies decides what touches it.',
    RULES.placement,
  ],
  [Pending.PlaceGolem]: ['Place the golem', 'Choose one of your cards for the new golem (highlighted; not a Chauffeur).', RULES.placing],
  [Pending.PlaceGuard]: [
    'Place the Royal Guard',
    'Choose one of your cards for the Royal Guard (highlighted); it acts from your next turn.',
    RULES.placing,
  ],
  [Pending.PlaceGuardNow]: [
    'Place the Royal Guard',
    'Choose one of your cards for the Royal Guard (highlighted); it acts at once.',
    RULES.placing,
  ],
  [Pending.MoveUnit]: [
    'Move the unit',
    'Highlighted squares are where it can go: one square to a touching card, or across a Chauffeur. Dashed outlines: the squares touching it.',
    RULES.board,
  ],
  [Pending.AttackProperty]: ['Attack a card', 'Choose the enemy card to attack (highlighted): on its square or touching it.', RULES.combat],
  [Pending.AttackUnit]: ['Attack a unit', 'Choose the enemy unit to attack (highlighted).', RULES.combat],
  [Pending.CoordPartner]: ['Coordinated Strike', 'Choose the friendly golem that joins the attack (highlighted).', RULES.combat],
  [Pending.CoordAttackProperty]: ['Coordinated Strike', 'Choose the card both golems attack (highlighted).', RULES.combat],
  [Pending.CoordAttackUnit]: ['Coordinated Strike', 'Choose the unit both golems attack (highlighted).', RULES.combat],
  [Pending.TransmuteSacrifice]: ['Transmute Golem', 'Choose the friendly golem to dismantle (highlighted).', RULES.golems],
  [Pending.TransmuteRecipient]: ['Transmute Golem', 'Choose the golem that takes its power (highlighted).', RULES.golems],
  [Pending.ComboPartner]: ['Combination attack', 'Choose the friendly Jack that joins the Queen (highlighted).', RULES.combat],
  [Pending.SpellTargetUnit]: ['Aim the spell', 'Choose the unit the spell hits (highlighted).', RULES.spells],
  [Pending.PotionTargetUnit]: ['Give the potion', 'Choose the unit the potion is for (highlighted).', RULES.potions],
  [Pending.DismissGolem]: ['Tactical Artificer', 'Choose the friendly golem to discard (highlighted).', RULES.golems],
};

/** The phase line for each Phase (sub-decisions of a square, slot or unit take theirs from PENDING_TEXT). */
function phaseOf(
  rs: Ruleset,
  s: MerlinState,
): { title: string; text: string; pick: boolean; rules: { label: string; file: string; heading?: string }[] } {
  const sub = PENDING_TEXT[s.pending];
  const p = (title: string, text: string, ...rules: (typeof RULES)[keyof typeof RULES][]) => ({ title, text, pick: false, rules });
  switch (s.phase) {
    case Phase.AuctionBid:
      return p(
        'Turn-order auction',
        'Every player bids gold in secret; the bids are revealed together. The highest bid takes the first turn and the lowest the last, for the whole game. The pot goes half to the last player, half to the Central Bank.',
        RULES.setup,
      );
    case Phase.FutureReading:
      return p(
        'Future Reading',
        'Draw a reading from the Tea Leaves (small effects, on rolls of 2, 3, 11, 12) or the Crystal Ball (larger ones, on 5, 6, 8, 9). It lies face up and acts when its trigger comes. Click a deck.',
        RULES.readings,
      );
    case Phase.Main:
      return p(
        'Your free actions',
        `Play cards from your hand (click a card), build on your field (click a slot), trade on the Grand Market (click a commodity), command your units (click one); up to ${rs.data.maxActionsPerTurn} actions, then End turn. Cards you buy join your hand at the end of the turn.`,
        RULES.turn,
        RULES.timing,
      );
    case Phase.SelectSlot:
    case Phase.SelectSquare:
    case Phase.SelectUnit:
      return sub
        ? { title: sub[0], text: sub[1], pick: true, rules: [sub[2]] }
        : { title: 'Choose', text: 'Choose a highlighted place on the board.', pick: true, rules: [RULES.board] };
    case Phase.SelectPlayer:
      return {
        title: 'Choose a player',
        text: 'Click the player (their name above their field) the action is aimed at.',
        pick: true,
        rules: [RULES.trades],
      };
    case Phase.UnitVerb:
      return p(
        'Command the unit',
        'Choose what the outlined unit does this turn: move, attack a card or a unit, defend, or its ability. Dashed outlines: the squares touching it.',
        RULES.commands,
      );
    case Phase.DecreeChoose:
      return p(
        'Royal Decree',
        'You drew the King: choose one of the revealed Royal Decrees to put to the table.',
        RULES.kings,
        RULES.decrees,
      );
    case Phase.DecreeDecide:
      return p(
        'Enact or refuse',
        'Enact the decree, or refuse it: a refused decree goes to a blind auction among the players.',
        RULES.refusal,
      );
    case Phase.DecreeBid:
      return p('Decree auction', 'A refused decree is auctioned blind: bid gold in secret; the highest bidder decides it.', RULES.refusal);
    case Phase.Tax:
      return p('Tax season', 'Pay your tax at the tax rate, or spend a Crown to skip it.', RULES.taxes, RULES.crowns);
    case Phase.TaxVote:
      return p('Tax-rate vote', 'Vote to keep, raise or lower the tax rate.', RULES.votes);
    case Phase.CostOfLivingVote:
      return p('Cost of the Living vote', 'Vote on lowering the Cost of the Living (the price of cards and Mead).', RULES.votes);
    case Phase.VolatilityVote:
      return p(
        'Volatility vote',
        'Vote to keep, raise or lower the Volatility (how far a rolled 7 moves the Cost of the Living).',
        RULES.votes,
      );
    case Phase.OfferRespond:
      return p('An offer to you', 'Another player offers you a deal (shown below): accept or refuse it.', RULES.trades, RULES.sales);
    case Phase.SelectTerm:
      return p('Choose the terms', 'Choose the price or the terms of the deal from the menu.', RULES.menus, RULES.market);
    case Phase.PropertyAuction:
      return p('Property auction', 'A property is up for auction: raise the bid or pass.', RULES.sales);
    case Phase.RegulationPropose:
      return p('Propose a regulation', 'As the enactor of the decree, choose the regulation the players vote on.', RULES.regulations);
    case Phase.RegulationVote:
      return p('Regulation vote', 'Vote for or against the proposed regulation; a tie keeps things as they are.', RULES.regulations);
    case Phase.GameOver:
      return p('Game over', `The game has ended (${VICTORY_NAMES[s.victory].replace(/_/g, ' ')}).`, RULES.victory);
  }
  return p(PHASE_NAMES[s.phase] ?? 'Decide', 'Choose one of your moves.', RULES.turn);
}

// ---------------------------------------------------------------------------------------------------------
// Targets
// ---------------------------------------------------------------------------------------------------------

/** Kinds whose argument is a slot of the decider's own field. */
const OWN_SLOT_KINDS = new Set<number>([
  Kind.Invest,
  Kind.FundLab,
  Kind.CreateSpecialised,
  Kind.CreateChauffeur,
  Kind.Deposit,
  Kind.Withdraw,
  Kind.Plant,
  Kind.Unplant,
  Kind.OfferProperty,
  Kind.LiquidateProperty,
  Kind.AuctionProperty,
  Kind.LastCall,
]);
/** Kinds whose argument is a hand index. */
const HAND_KINDS = new Set<number>([Kind.PlayCard, Kind.SellSpell, Kind.Animate, Kind.Motivate, Kind.MotivateNow]);
/** Kinds whose argument is a commodity (the market book's row). */
const COMMODITY_KINDS = new Set<number>([
  Kind.PostBid,
  Kind.WithdrawBid,
  Kind.PostAsk,
  Kind.PullAsk,
  Kind.SellToBid,
  Kind.BuyFromAsk,
  Kind.WriteFuture,
]);

/** The board target of `action` in `s`, or null (see the module docstring for the keys). */
export function targetOf(rs: Ruleset, s: MerlinState, action: number): string | null {
  const cat = catalogue(rs);
  const k = cat.kind[action];
  const a = cat.arg[action];
  const F = rs.data.table.fieldSlots;
  const me = s.decider;
  if (OWN_SLOT_KINDS.has(k)) return `sq:${me * F + a}`;
  if (HAND_KINDS.has(k)) return `hand:${a}`;
  if (COMMODITY_KINDS.has(k)) return `mkt:${a}`;
  switch (k) {
    case Kind.SelectSlot:
      return `sq:${(s.pending === Pending.SpellTargetSlot ? s.pendingPlayer : me) * F + a}`;
    case Kind.SelectSquare: {
      const key = squareKey(s, rs, me, a);
      return key < 0 ? null : `sq:${key}`;
    }
    case Kind.SelectUnit:
    case Kind.CommandUnit: {
      const key = squareKey(s, rs, me, a);
      return key < 0 ? null : `unit:${key}:${cat.arg2[action]}`;
    }
    case Kind.SelectPlayer:
      return `seat:${(me + a) % s.numPlayers}`;
    case Kind.BuyCard:
      return s.council.length > 0 ? `council:${a}` : 'deck:cards';
    case Kind.DrawTeaLeaves:
      return 'deck:tea';
    case Kind.DrawCrystalBall:
      return 'deck:crystal';
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// Drawing
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

function counters(rs: Ruleset, s: MerlinState): Markup {
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
function fields(rs: Ruleset, s: MerlinState, seat: number, names: readonly string[]): Markup {
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
