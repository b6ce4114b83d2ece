/**
 * The words of Merlin's play-page board (env/play-view.ts): the phase line (what the open decision asks, with
 * the docs/RULES.md sections that explain it) and the board target of each action (`data-target` keys).
 */
import type { Ruleset } from '../rules/index.ts';
import { Pending, Phase, VICTORY_NAMES, type MerlinState } from '../engine/state.ts';
import { Kind, catalogue } from '../engine/actions.ts';
import { squareKey } from '../engine/combat.ts';
import { PHASE_NAMES } from '../engine/engine.ts';

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
export const GAME_RULES = [
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
export function phaseOf(
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

/** The board target of `action` in `s`, or null (the keys are listed in play-view.ts's module docstring). */
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
