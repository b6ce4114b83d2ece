/**
 * What Merlin tells the play commands beyond `Game<S>` (env/core/play.ts `GameReporting`): victory types,
 * the ranking (winner first, then net worth), action kinds by name and category (docs/ACTIONS.md),
 * conservation and deep invariant checks, per-card play counts (docs/CARDS.md "Played"), and what the
 * designer's coverage report needs (env/core/coverage.ts: the options that gate kinds, the cards actions
 * play, the kind that claims Royal Favor, the state fingerprint for no-op loops). The game registry hands it
 * to `merlin simulate`, `merlin eval` and `merlin probe`, which name no game themselves.
 */
import { FINGERPRINT_SEED, kindGates, mixInt, type GameCoverage } from '../../../env/core/coverage.ts';
import type { GameReporting, Tally } from '../../../env/core/play.ts';
import type { Ruleset } from '../rules/index.ts';
import { DECK_NAMES } from '../cards/schema.ts';
import {
  catalogue,
  checkConservation,
  checkDeep,
  Kind,
  KIND_NAMES,
  ranking,
  Victory,
  VICTORY_NAMES,
  type MerlinState,
} from '../engine/index.ts';
import { kindCategory } from '../engine/actions.ts';
import { cardTally } from '../engine/effects.ts';
import { cardName, rankOf, SUIT_NAMES, suitOf } from '../engine/cards.ts';
import { HAND_POTION, HAND_SPELL, Phase, SlotKind, STATE_FIELDS } from '../engine/state.ts';

const reportings = new Map<Ruleset, GameReporting<MerlinState>>();

/** Merlin's reporting under `rs` (cached per ruleset). Deep invariant checks try 16 actions a state. */
export function merlinReporting(rs: Ruleset): GameReporting<MerlinState> {
  const cached = reportings.get(rs);
  if (cached) return cached;
  const cat = catalogue(rs);
  const kinds = [...cat.base.keys()];
  const r: GameReporting<MerlinState> = {
    outcomes: VICTORY_NAMES.slice(1),
    // A game stopped at the turn limit is won by nobody (s.winner there names the net-worth leader, D36).
    outcome: (s) => ({ winner: s.victory === Victory.Truncated ? -1 : s.winner, outcome: VICTORY_NAMES[s.victory], turns: s.turn }),
    ranking: (s) => ranking(s, rs),
    kindNames: kinds.map((k) => KIND_NAMES[k] ?? `kind ${k}`),
    kindOffered: kinds.map((k) => cat.base[k] >= 0 && cat.count[k] > 0),
    kindOf: (a) => cat.kind[a],
    detailOf: (a) => (cat.kind[a] === Kind.Bid ? `Bid ${cat.arg[a]}` : null),
    phrase: (name) => PHRASES[name] ?? (/^Bid \d+$/.test(name) ? `bids ${name.slice(4)} gold for turn order` : undefined),
    kindCategory: (k) => kindCategory(k),
    categories: ['economy', 'market', 'combat'],
    checkInvariants: (s, deep) => (deep ? [...checkConservation(s, rs), ...checkDeep(s, rs, 16)] : checkConservation(s, rs)),
    tally: () => cardPlays(rs),
    coverage: merlinCoverage(rs),
  };
  reportings.set(rs, r);
  return r;
}

/** Findings' verb phrases for the kinds a line of play is told by (the probe's winner's line; others show their kind name). */
const PHRASES: Record<string, string> = {
  EndTurn: 'ends its turn',
  DrawTeaLeaves: 'draws Tea Leaves',
  DrawCrystalBall: 'draws from the Crystal Ball',
  BuyCard: 'buys a card',
  PlayCard: 'plays a card',
  SellSpell: 'sells a spell',
  Invest: 'invests in a property',
  FundLab: 'funds a lab',
  PlayCrowns: 'plays the Crowns',
  EnactDecree: 'enacts a Royal Decree',
  RefuseDecree: 'refuses a Royal Decree',
  PayTax: 'pays the tax',
  SpendCrownOnTax: 'spends a Crown on the tax',
  VoteKeep: 'votes keep',
  VoteRaise: 'votes raise',
  VoteLower: 'votes lower',
  VoteCut: 'votes to cut the Cost of the Living',
  WriteFuture: 'writes a future',
  OfferLoan: 'offers a loan',
  SellInsurance: 'sells insurance',
  IssueBond: 'issues a bond',
};

/**
 * Plays per custom card, keyed `deck/id` (e.g. `spells/cumulonimbus`), every card of every deck listed:
 * the engine counts into `cardTally.counts` while it is set, which is only between a `beforeAction` and
 * its `afterAction` (the game's own actions, not a searching agent's rollouts).
 */
function cardPlays(rs: Ruleset): Tally<MerlinState> {
  const counts = DECK_NAMES.map((d) => new Float64Array(rs.cards[d].instanceDef.length));
  let previous: Float64Array[] | null = null;
  return {
    beforeAction: () => {
      previous = cardTally.counts;
      cardTally.counts = counts;
    },
    afterAction: () => {
      cardTally.counts = previous;
    },
    stop: () => {
      if (cardTally.counts === counts) cardTally.counts = previous;
    },
    result: () => {
      const plays: Record<string, number> = {};
      DECK_NAMES.forEach((d, di) => {
        const deck = rs.cards[d];
        for (const def of deck.defs) plays[`${d}/${def.id}`] = 0;
        for (let i = 0; i < deck.instanceDef.length; i++) plays[`${d}/${deck.defs[deck.instanceDef[i]].id}`] += counts[di][i];
      });
      return plays;
    },
  };
}

/** The kinds of any unit on the board, golem or Royal Guard (combat.ts). */
const UNIT_KINDS = ['CommandUnit', 'Move', 'AttackProperty', 'AttackUnit', 'Defend', 'UseAbility', 'SelectSquare', 'SelectUnit'];

/**
 * The ruleset options that gate action kinds, as the engine's legality checks read them (a kind listed under
 * several options needs any one of them: a unit is a golem or a Royal Guard; an offer is answered whoever made
 * it). Kinds not listed are open in every ruleset. Paths are into the ruleset's data (rules/schema.ts).
 */
export const KIND_GATES: Readonly<Record<string, readonly string[]>> = {
  'market.enabled': [
    'PostBid',
    'WithdrawBid',
    'PostAsk',
    'PullAsk',
    'SellToBid',
    'BuyFromAsk',
    'ProposeTrade',
    'OfferProperty',
    'LiquidateProperty',
    'AuctionProperty',
    'RaiseAuction',
    'PassAuction',
    'AcceptOffer',
    'RefuseOffer',
  ],
  'market.playerSales': ['OfferSpell', 'OfferMead', 'AcceptOffer', 'RefuseOffer'],
  'finance.futures': ['WriteFuture', 'BuyFuture', 'ResellFuture', 'AcceptOffer', 'RefuseOffer'],
  'finance.loans': ['OfferLoan', 'RepayLoan', 'AcceptOffer', 'RefuseOffer'],
  'finance.insurance.enabled': ['SellInsurance', 'BuyInsurance'],
  'finance.mint.bonds': ['IssueBond', 'BuyBond', 'ResellBond', 'AcceptOffer', 'RefuseOffer'],
  'finance.mint.shares': ['IssueShare', 'BuyShare', 'ResellShare', 'AcceptOffer', 'RefuseOffer'],
  'combat.golems': ['Animate', 'Combine', 'UseAbilityAlt', ...UNIT_KINDS],
  'combat.royalGuards': ['Motivate', 'MotivateNow', 'UseAbilityThird', 'LastCall', ...UNIT_KINDS],
  'taxes.crownSkipsTax': ['SpendCrownOnTax'],
  'taxes.vote': ['VoteKeep', 'VoteRaise', 'VoteLower'],
  'taxes.costOfLivingVote': ['VoteKeep', 'VoteCut'],
  'taxes.volatilityVote': ['VoteKeep', 'VoteRaise', 'VoteLower'],
};

/** The kinds whose action plays a card from the hand (its argument is the hand index), or the decree on offer. */
const CARD_KINDS = ['PlayCard', 'SellSpell', 'Animate', 'Motivate', 'MotivateNow', 'EnactDecree'] as const;

/** What the coverage report needs of Merlin under `rs` (env/core/coverage.ts). */
function merlinCoverage(rs: Ruleset): GameCoverage<MerlinState> {
  const cat = catalogue(rs);
  const { names, groups, face, custom } = playableCards(rs);
  return {
    gates: kindGates(KIND_GATES, rs.data),
    cardNames: names,
    cardGroups: groups,
    cardKinds: CARD_KINDS,
    cardOf: (s, a) => {
      if (cat.kind[a] === Kind.EnactDecree) return s.decreeCard >= 0 ? custom[DECK.decrees][s.decreeCard] : -1;
      const c = s.hands[s.decider][cat.arg[a]];
      if (c === undefined) return -1;
      if (c >= HAND_POTION) return custom[DECK.potions][c - HAND_POTION];
      if (c >= HAND_SPELL) return custom[DECK.spells][c - HAND_SPELL];
      return face[c % 54];
    },
    victoryKinds: { royal_favor: ['PlayCrowns'] },
    fingerprint: fingerprinter(rs),
  };
}

const DECK = { spells: 0, potions: 1, decrees: 2 } as const;

/**
 * The cards a player can play under `rs`, labelled as the probe labels plays (games/merlin/designer/probe.ts
 * `playedCard`): the playing cards that wait in a hand (not Aces, 7s or Jokers, which act when drawn; Jacks and
 * Queens with golems, Kings with Royal Guards), then every spell, potion and Royal Decree. The Future Reading
 * decks are drawn, never chosen, so they are not here. `face[f]` is the card of playing-card face f (0..53, -1
 * none), `custom[deck][instance]` that of a spell, potion or decree instance.
 */
function playableCards(rs: Ruleset): { names: string[]; groups: string[]; face: Int32Array; custom: Int32Array[] } {
  const names: string[] = [];
  const groups: string[] = [];
  const index = new Map<string, number>();
  const add = (name: string, group: string) => {
    if (!index.has(name)) (index.set(name, names.length), names.push(name), groups.push(group));
    return index.get(name)!;
  };
  const face = new Int32Array(54).fill(-1);
  for (let f = 0; f < 52; f++) {
    const r = rankOf(f);
    if (r === 1 || r === 7 || ((r === 11 || r === 12) && !rs.data.combat.golems) || (r === 13 && !rs.data.combat.royalGuards)) continue;
    face[f] = add(cardName(f), SUIT_NAMES[suitOf(f)]);
  }
  const custom = (['spells', 'potions', 'royalDecrees'] as const).map((deck) => {
    const d = rs.cards[deck];
    const label = deck === 'spells' ? 'spell' : deck === 'potions' ? 'potion' : 'decree';
    const byDef = d.defs.map((def) => add(`${label}: ${def.name}`, `${label}s`));
    return Int32Array.from(d.instanceDef, (i) => byDef[i]);
  });
  return { names, groups, face, custom };
}

/**
 * The array fields the no-op loop fingerprint hashes besides every scalar field: what a player's own actions in
 * the Main phase change. Purses and holdings; hands; the cards on the fields (each seat's slots up to its last
 * occupied one); the market's bids, asks and carts; who holds each futures contract, loan, policy, bond and share;
 * the units. Left out: the piles and the RNG (a sequence whose only effect is to draw cards or random numbers
 * changes nothing a player owns), the turn-order auction, tax-season votes, Future Readings, potions and production
 * modifiers (set in other phases, or by actions that also spend a card from the hand). The coverage recorder adds
 * the legal actions to the fingerprint (designer/coverage.ts), so a change to anything that decides what is legal
 * is seen as well. designer/test/coverage.test.ts checks on sample games that this finds exactly the loops a hash
 * of every field (but `actionsThisTurn` and the RNG) finds.
 */
export const LOOP_FIELDS = {
  seats: ['gold', 'held', 'crowns', 'mead', 'debtBank', 'debtRow', 'eliminated', 'regulation'],
  hands: ['hands', 'newCards'],
  slots: ['slotKind', 'slotCard', 'slotTopKind', 'slotTop', 'slotInvest', 'slotVault', 'slotFunds', 'slotSpent', 'slotPlanted', 'slotHits'],
  market: ['mktBid', 'mktEscBid', 'mktEscGold', 'mktAsk', 'mktAskQty', 'cartCom', 'cartQty'],
  tables: [
    'futShort',
    'futLong',
    'loanLender',
    'loanBorrower',
    'polSeller',
    'polBuyer',
    'bondIssuer',
    'bondHolder',
    'shareIssuer',
    'shareHolder',
  ],
  units: ['unitOwner', 'unitPos', 'unitHp', 'unitStance', 'unitFlags'],
} as const satisfies Record<string, readonly (keyof MerlinState)[]>;

/**
 * Every scalar field but the per-turn counters (actions taken and offers refused this turn, which grow at every
 * step of a loop and would hide it) and the format and the ruleset, fixed in a game.
 */
const PER_TURN_COUNTERS = new Set(['v', 'actionsThisTurn', 'offersRefused']);
const SCALAR_FIELDS = Object.entries(STATE_FIELDS)
  .filter(([k, f]) => f.kind === 'num' && !PER_TURN_COUNTERS.has(k))
  .map(([k]) => k);

/**
 * The no-op loop fingerprint (env/core/coverage.ts) under `rs`: in the Main phase a hash of every scalar field but
 * the per-turn counters above (so the turn, the decider, the counters, the open offer...) and of `LOOP_FIELDS`; -1 in any
 * other phase (env/core/coverage.ts `mixInt` per number). One function generated with a named load per field (as state.ts builds the state's constructor):
 * a loop over field names made every load a keyed one and every array read megamorphic.
 */
function fingerprinter(rs: Ruleset): (s: MerlinState) => number {
  const F = rs.data.table.fieldSlots;
  const mix = (v: string) => `h = mix(h, ${v});`;
  const array = (a: string) => `${mix(`${a}.length`)} for (let i = 0; i < ${a}.length; i++) ${mix(`${a}[i]`)}`;
  const L = LOOP_FIELDS;
  const source = [
    `if (s.phase !== ${Phase.Main}) return -1;`,
    `let h = ${FINGERPRINT_SEED}; let a; let end;`,
    ...SCALAR_FIELDS.map((k) => mix(`s.${k}`)),
    ...[...L.seats, ...L.market, ...L.tables, ...L.units].map((k) => `a = s.${k}; ${array('a')}`),
    ...L.hands.map((k) => `for (const b of s.${k}) { ${array('b')} }`),
    `for (let k0 = 0; k0 < s.slotKind.length; k0 += ${F}) {`,
    `  end = ${F}; while (end > 0 && s.slotKind[k0 + end - 1] === ${SlotKind.Empty}) end--; ${mix('end')}`,
    ...L.slots.map((k) => `  a = s.${k}; for (let i = k0; i < k0 + end; i++) ${mix('a[i]')}`),
    '}',
    'return h >>> 0;',
  ].join('\n');
  return new Function('mix', `return function merlinFingerprint(s) {\n${source}\n};`)(mixInt) as (s: MerlinState) => number;
}
