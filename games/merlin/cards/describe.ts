/**
 * Plain-English text for cards written in the effect language (schema.ts), for docs/CARDS.md and for
 * people reading a game log. The text is generated from the data, so it cannot drift from what the engine
 * resolves (engine/effects.ts). The player who plays, draws, brews or enacts a card is "you".
 */
import type { CardDef, Condition, DeckName, Effect, Trigger } from './schema.ts';

const COMMODITY: Record<string, [string, string]> = {
  souls: ['Soul', 'Souls'],
  elixirOil: ['Elixir Oil', 'Elixir Oil'],
  essenceGrain: ['Essence Grain', 'Essence Grain'],
};
const COUNTER: Record<string, string> = {
  costOfLiving: 'the Cost of the Living',
  researchCost: 'the Research Cost',
  taxRate: 'the tax rate',
  volatility: 'Volatility',
};
const DECK_TITLE: Record<string, [string, string]> = {
  teaLeaves: ['Tea Leaves reading', 'Tea Leaves readings'],
  crystalBall: ['Crystal Ball reading', 'Crystal Ball readings'],
  spells: ['spell', 'spells'],
  potions: ['potion recipe', 'potion recipes'],
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function place(p: string, deck: DeckName): string {
  switch (p) {
    case 'centralBank':
      return 'the Central Bank';
    case 'row':
      return 'the R.O.W.';
    case 'supply':
      return 'the supply';
    case 'owner':
      return 'you';
    case 'target':
      return deck === 'potions' ? 'you' : 'the target';
    default:
      return 'every player';
  }
}

/** The unit a unit effect acts on. */
function unitWord(deck: DeckName): string {
  return deck === 'spells' ? 'the targeted unit' : 'the unit';
}

function whom(deck: DeckName, target: boolean): string {
  if (!target || deck === 'potions') return 'your';
  return "the target's";
}

/** One effect as a clause, e.g. "the Central Bank pays you 3 gold". */
export function describeEffect(e: Effect, deck: DeckName, hasTarget: boolean): string {
  switch (e.op) {
    case 'counter':
      return `${COUNTER[e.counter]} ${e.delta > 0 ? 'rises' : 'falls'} by ${Math.abs(e.delta)}`;
    case 'gold': {
      const from = place(e.from, deck);
      const to = place(e.to, deck);
      const amount = `${e.amount} gold`;
      if (e.from === 'eachPlayer') return `every player pays ${amount} to ${to}`;
      if (e.to === 'eachPlayer') return `${from} pays every player ${amount}`;
      return `${from} ${from === 'you' ? 'pay' : 'pays'} ${amount} to ${to}`;
    }
    case 'commodity': {
      const [one, many] = COMMODITY[e.commodity];
      const what = plural(e.amount, one, many);
      const from = place(e.from, deck);
      const to = place(e.to, deck);
      if (e.to === 'eachPlayer') return `every player takes ${what} from ${from}`;
      if (e.from === 'eachPlayer') return `every player returns ${what} to ${to}`;
      if (e.from === 'supply') return `${to} ${to === 'you' ? 'take' : 'takes'} ${what} from the supply`;
      if (e.to === 'supply') return `${from} ${from === 'you' ? 'return' : 'returns'} ${what} to the supply`;
      return `${from} ${from === 'you' ? 'give' : 'gives'} ${what} to ${to}`;
    }
    case 'production': {
      const one = e.scope === 'slot';
      const what = one ? 'that slot' : e.scope === 'lands' ? `${whom(deck, hasTarget)} Lands` : `${whom(deck, hasTarget)} properties`;
      const verb = one ? 'produces' : e.scope === 'lands' ? 'produce' : 'pay';
      const props = e.scope === 'properties';
      const how = e.multiplier === 0 ? `${verb} ${props ? 'no gold' : 'nothing'}` : `${verb} ×${e.multiplier}${props ? ' gold' : ''}`;
      const note = one ? " (the Land's yield and the property's gold)" : '';
      return `${what} ${how}${note} for the next ${plural(e.turns, "turn's roll", "turns' rolls")}`;
    }
    case 'returnInvestments':
      return 'you take back every investment on your properties';
    case 'cartWard':
      return e.delta >= 6
        ? `your horse carts cannot break down on a 7 or be robbed in a trade for the next ${plural(e.turns, 'turn', 'turns')}`
        : `your transport risk falls by ${e.delta} on the d6 (cart breakdowns on a 7, robbery in trades) for the next ${plural(e.turns, 'turn', 'turns')}`;
    case 'marketPrice': {
      const [, many] = COMMODITY[e.commodity];
      return `the realm's price for ${many} ${e.delta > 0 ? 'rises' : 'falls'} by ${plural(Math.abs(e.delta), 'gold', 'gold')} (R.O.W. stimulus bids, futures settled in gold; at least 1) for the next ${plural(e.turns, 'turn', 'turns')}`;
    }
    case 'rowShare':
      return e.to === 'owner'
        ? `the R.O.W. pays you ${e.percent}% of its gold (rounded down; disregarded if that is 0)`
        : `${e.percent}% of the R.O.W.'s gold is shared evenly among the players (whole gold each; disregarded if that is 0)`;
    case 'draw':
      return e.deck === 'spells' || e.deck === 'potions'
        ? `you draw ${plural(e.count, DECK_TITLE[e.deck][0], DECK_TITLE[e.deck][1])} into your hand (as it has room)`
        : `you draw ${plural(e.count, DECK_TITLE[e.deck][0], DECK_TITLE[e.deck][1])}, laid face up`;
    case 'waive':
      return e.whose === 'owner'
        ? 'your Future Readings on the table are waived'
        : e.whose === 'others'
          ? "the other players' Future Readings on the table are waived"
          : 'every Future Reading on the table is waived';
    case 'dispel':
      return `up to ${plural(e.count, "of the target's face-down potions is", "of the target's face-down potions are")} revealed and discarded`;
    case 'damage': {
      const where = e.scope === 'slot' ? 'the chosen property' : `each of ${whom(deck, hasTarget)} properties`;
      return `${where} loses up to ${e.amount} invested gold to ${place(e.to, deck)}`;
    }
    case 'heal': {
      const where =
        e.scope === 'slot' ? 'the chosen property (if it can be invested in)' : `each of ${whom(deck, hasTarget)} invested properties`;
      return `the Central Bank adds ${e.amount} gold to the investment on ${where}`;
    }
    case 'decree':
      return 'a royal herald summons you: at the start of your next free actions you choose a Royal Decree as if you had drawn a King (enact it for its Crown, or refuse it to the auction)';
    case 'regulation':
      return 'you put one regulation to a vote of all players (to make, change or delete it; majority, a tie keeps it as it is)';
    case 'deactivateUnit':
      return `${unitWord(deck)} cannot act or defend for the next ${plural(e.turns, 'turn', 'turns')}`;
    case 'unitStat': {
      const what = e.stat === 'attack' ? "Attack Power (a Royal Guard's Strength)" : "Hit Points (a Royal Guard's Health)";
      const verb = e.delta >= 0 ? 'rise' : 'fall';
      return `${unitWord(deck)}'s ${what} ${e.stat === 'attack' ? `${verb}s` : verb} by ${Math.abs(e.delta)}`;
    }
  }
}

/** When a card resolves, e.g. "On the next roll of 6 or 8". */
export function describeTrigger(t: Trigger, deck: DeckName): string {
  const played = deck === 'potions' ? 'brewing' : 'it is drawn';
  switch (t.on) {
    case 'now':
      return deck === 'potions' ? 'At once' : deck === 'teaLeaves' || deck === 'crystalBall' ? 'When drawn' : 'When played';
    case 'roll':
      return `On the next roll of ${t.totals.join(' or ')}`;
    case 'turns':
      return `At the start of the ${ordinal(t.turns)} turn after ${played}`;
    case 'season':
      return `When the wheel enters ${t.season}`;
    case 'slotRolled':
      return 'When the number of the slot it lies under is rolled';
    case 'attacked':
      return 'When an enemy golem attacks the card it lies under (before the blow)';
  }
}

function ordinal(n: number): string {
  const s = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${s}`;
}

/** A condition as a clause, e.g. "if you hold at most 6 gold". */
export function describeCondition(c: Condition): string {
  switch (c.if) {
    case 'ownerGoldAtMost':
      return `if you hold at most ${c.amount} gold`;
    case 'ownerGoldAtLeast':
      return `if you hold at least ${c.amount} gold`;
    case 'targetGoldAtLeast':
      return `if the target holds at least ${c.amount} gold`;
    case 'rowAtLeast':
      return `if the R.O.W. holds at least ${c.amount} gold`;
    case 'costOfLivingAtLeast':
      return `if the Cost of the Living is at least ${c.amount}`;
    case 'season':
      return `if it is ${c.season}`;
  }
}

const TARGET_TEXT: Record<string, string> = {
  none: '',
  opponent: 'Target an opponent.',
  opponentLand: "Target one of an opponent's Lands.",
  ownLand: 'Brewed under one of your Lands.',
  ownProperty: 'Brewed under one of your properties.',
  opponentUnit: "Target one of an opponent's golems or Royal Guards.",
  ownUnit: 'Brewed for one of your golems or Royal Guards.',
  ownSpecialised: 'Brewed under one of your Spell Shops or Breweries.',
};

/** The whole card as one or more sentences (target, trigger, condition, effects, waivers, expiry). */
export function describeCard(def: CardDef, deck: DeckName): string {
  const hasTarget = def.target !== 'none';
  const effects = def.effects.map((e) => describeEffect(e, deck, hasTarget)).join('; ');
  const parts: string[] = [];
  if (TARGET_TEXT[def.target]) parts.push(TARGET_TEXT[def.target]);
  else if (deck === 'potions') parts.push('Brewed in front of you.');
  const when = deck === 'spells' || deck === 'royalDecrees' ? '' : `${describeTrigger(def.trigger, deck)}, `;
  const cond = def.condition ? `${describeCondition(def.condition)}, ` : '';
  const sentence = `${when}${cond}${effects}`;
  parts.push(sentence.charAt(0).toUpperCase() + sentence.slice(1) + (sentence.endsWith('.') ? '' : '.'));
  if (def.condition && deck === 'potions') parts.push('While the condition does not hold, the potion waits face down.');
  else if (def.condition) parts.push('Disregarded if the condition does not hold.');
  if (def.waiveOn.length) parts.push(`Waived by a roll of ${def.waiveOn.join(' or ')}.`);
  if (def.expiresAfterTurns !== undefined) parts.push(`Expires after ${def.expiresAfterTurns} turns.`);
  if (def.hiddenCost) {
    const cost = def.hiddenCost.map((e) => describeEffect(e, deck, hasTarget)).join('; ');
    parts.push(`Hidden cost, revealed when enacted: ${cost}${cost.endsWith('.') ? '' : '.'}`);
  }
  return parts.join(' ');
}

/** A potion recipe's cost, e.g. "1 Soul, 1 Elixir Oil". */
export function describeCost(def: CardDef): string {
  const c = def.cost;
  if (!c) return '';
  const parts: string[] = [];
  if (c.souls) parts.push(plural(c.souls, 'Soul', 'Souls'));
  if (c.elixirOil) parts.push(`${c.elixirOil} Elixir Oil`);
  if (c.essenceGrain) parts.push(`${c.essenceGrain} Essence Grain`);
  return parts.join(', ') || 'free';
}
