/**
 * What Merlin tells the play commands beyond `Game<S>` (env/core/play.ts `GameReporting`): victory types,
 * the ranking (winner first, then net worth), action kinds by name and category (docs/ACTIONS.md),
 * conservation and deep invariant checks, and per-card play counts (docs/CARDS.md "Played"). The game
 * registry hands it to `merlin simulate` and `merlin eval`, which name no game themselves.
 */
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
