/**
 * Merlin's generated documents for `merlin docs` (the game registry's `docs`): docs/ACTIONS.md from the action
 * catalogue, docs/OBSERVATION.md from the encoders (observation-doc.ts) and docs/CARDS.md from the deck files,
 * so the documents cannot drift from the code and data. Tests check the committed files equal the generated ones.
 */
import type { Ruleset } from '../rules/index.ts';
import { DECK_NAMES, type DeckName } from '../cards/schema.ts';
import { describeCard, describeCost } from '../cards/describe.ts';
import { catalogue, declaredKindDoc, describeAction, Kind, KIND_NAMES } from '../engine/index.ts';
import { observationMarkdown } from './observation-doc.ts';

const MEANING: Record<number, [string, string]> = {
  [Kind.EndTurn]: ['free actions', 'End the turn; cards bought this turn join the hand.'],
  [Kind.DrawTeaLeaves]: ['future reading', 'Draw a Tea Leaves reading (0.1.27b "The Visions of Tomorrow").'],
  [Kind.DrawCrystalBall]: ['future reading', 'Draw a Crystal Ball reading.'],
  [Kind.BuyCard]: [
    'free actions',
    "Buy the top playing card at the Cost of the Living (Aces, Kings, Jokers, 7s resolve at once); with `councilDisplay` (D15), the face-up card at place `arg` of the Council's offices.",
  ],
  [Kind.PlayCard]: ['free actions', 'Play hand card `arg`: place a property or lab, start placing a Land, cast a spell, brew a potion.'],
  [Kind.SellSpell]: ['free actions', 'Sell the spell at hand index `arg` to the Central Bank through a Spell Shop.'],
  [Kind.Invest]: ['free actions', 'Invest grid amount `arg2` (grids.invest; 0 = all) in the property at slot `arg`.'],
  [Kind.FundLab]: ['free actions', 'Fund the lab at slot `arg` at the Research Cost.'],
  [Kind.CreateSpecialised]: [
    'free actions',
    'Turn the successful, funded lab at slot `arg` into a Spell Shop / Brewery; then choose the property.',
  ],
  [Kind.CreateChauffeur]: ['free actions', 'Start a Chauffeur with the property at slot `arg`; then choose the second property.'],
  [Kind.Deposit]: ['free actions', 'Deposit grid amount `arg2` (grids.vault; 0 = all) into the Chauffeur at slot `arg`.'],
  [Kind.Withdraw]: ['free actions', 'Withdraw grid amount `arg2` from the Chauffeur at slot `arg`.'],
  [Kind.Plant]: ['free actions', 'Plant one unit of its commodity on the Land at slot `arg`.'],
  [Kind.Unplant]: ['free actions', 'Take the planted unit back from the Land at slot `arg`.'],
  [Kind.BrewMead]: ['free actions', 'Brew a Mead from Essence Grain (needs a Brewery).'],
  [Kind.SellMead]: ['free actions', 'Sell a Mead to the Central Bank at the Cost of the Living.'],
  [Kind.PlayCrowns]: ['free actions', 'Play the Crowns for Royal Favor (needs the Crowns and the highest net worth): wins the game.'],
  [Kind.SelectSlot]: ['choose a slot', "Sub-decision: field slot `arg` (own field; the target player's for Land spells)."],
  [Kind.SelectPlayer]: ['choose a player', 'Sub-decision: the player `arg` seats after the decider.'],
  [Kind.SelectOption]: ['choose a decree', 'Choose revealed Royal Decree `arg`.'],
  [Kind.EnactDecree]: ['enact or refuse', 'Enact the chosen decree: a Crown and its effects.'],
  [Kind.RefuseDecree]: ['enact or refuse', 'Refuse the decree: the other players bid for it blind.'],
  [Kind.Bid]: ['auctions', "Bid `arg` gold (turn-order auction or a refused decree's auction); hidden until all have bid."],
  [Kind.PayTax]: ['tax season', "Pay this year's tax."],
  [Kind.SpendCrownOnTax]: ['tax season', "Spend a Crown to skip this year's tax."],
  [Kind.VoteKeep]: [
    'tax-season votes',
    'Vote to keep the counter the open vote is on: the tax rate, the Cost of the Living or the Volatility (D48).',
  ],
  [Kind.VoteRaise]: [
    'tax-rate vote, Volatility vote',
    'Tax rate: raise it by one (Cost of the Living and Research Cost fall by one if unanimous). Volatility: raise it by one (if more than half vote so).',
  ],
  [Kind.VoteLower]: [
    'tax-rate vote, Volatility vote',
    'Tax rate: lower it by one (both counters rise by one if unanimous). Volatility: lower it by one (if more than half vote so, down to its floor).',
  ],
  [Kind.PostBid]: [
    'free actions',
    'Grand Market: bid for one unit of commodity `arg`; then SelectTerm picks the price (market.prices). Posts a covered bid, raises it (pay the difference) or lowers it (the difference goes to escrow; the bid is then locked for the turn).',
  ],
  [Kind.WithdrawBid]: [
    'free actions',
    'Move the bid on commodity `arg` to escrow (not on the turn it was placed or lowered); still executable there, it returns at your next turn.',
  ],
  [Kind.PostAsk]: [
    'free actions',
    'Load lot `arg2` (market.askLots; 0 = all held) of commodity `arg` on the horse cart for your ask; then SelectTerm picks the price. The units join the ask at your next turn. One transport per turn.',
  ],
  [Kind.PullAsk]: ['free actions', 'Take every unit of your ask on commodity `arg` back into your hand.'],
  [Kind.SellToBid]: [
    'free actions',
    'Sell one unit of commodity `arg` into the best other bid: paid now, the unit goes by cart (your one transport this turn).',
  ],
  [Kind.BuyFromAsk]: ['free actions', 'Buy one unit of commodity `arg` from the cheapest other ask, paying from your pocket.'],
  [Kind.ProposeTrade]: [
    'free actions',
    'Offer trade item `arg` (commodity lots, gold amounts, a Crown; engine/trade.ts) to another player; then SelectTerm picks the item asked and SelectPlayer the counterparty, who accepts or refuses. Robbery roll on acceptance.',
  ],
  [Kind.AcceptOffer]: [
    'offer response',
    'The counterparty accepts the open trade, property, contract, loan, bond, share, spell or Mead offer.',
  ],
  [Kind.RefuseOffer]: ['offer response', 'The counterparty refuses the open offer; nothing changes hands.'],
  [Kind.OfferProperty]: [
    'free actions',
    'Offer the property at slot `arg` for sale; then SelectTerm picks the price (market.propertyPrices) and SelectPlayer the buyer, who accepts or refuses.',
  ],
  [Kind.LiquidateProperty]: ['free actions', 'Sell the bare property at slot `arg` to the Central Bank at its property value.'],
  [Kind.SelectTerm]: [
    'choose a term',
    'Sub-decision: entry `arg` of the open menu: a price (market.prices) for PostBid / PostAsk, the trade item asked for ProposeTrade, a price (market.propertyPrices) for OfferProperty, forward price index × expiries + expiry index (finance.forwardPrices, finance.expiryMonths) for WriteFuture, a price (finance.forwardPrices) for ResellFuture, rate index × terms + term index (finance.loanRatesPercent, finance.loanTermMonths) for OfferLoan, a period (finance.insurance.periodTurns) for SellInsurance, an opening bid (market.auctionOpenings) for AuctionProperty; coupon × maturity for IssueBond, a price (finance.mint.bondPrices, finance.mint.sharePrices, market.spellPrices) for IssueShare, ResellBond, ResellShare and OfferSpell, and which spell (the `arg`-th in hand) for OfferSpell.',
  ],
  [Kind.WriteFuture]: [
    'free actions',
    'Write (short) a futures contract for one bushel of commodity `arg` (needs a Chauffeur); then SelectTerm picks the forward price and expiry. It lies on the table until a long buys it.',
  ],
  [Kind.BuyFuture]: ['free actions', 'Buy the futures contract in place `arg`: pay its forward price to the short and become the long.'],
  [Kind.OfferLoan]: [
    'free actions',
    'Lend principal `arg` (finance.loanAmounts) from your Chauffeur vaults; then SelectTerm picks the interest rate and term and SelectPlayer the borrower, who accepts or refuses.',
  ],
  [Kind.AuctionProperty]: [
    'free actions',
    'Auction the property at slot `arg` (0.1.14a bid auctioning); then SelectTerm picks the opening bid (market.auctionOpenings, at or below the property value) and the other players raise or pass in turn.',
  ],
  [Kind.RaiseAuction]: ['property auction', 'Bid market.auctionStep more than the highest bid (the opening bid first).'],
  [Kind.PassAuction]: ['property auction', 'Leave the auction; the last bidder left buys the property at their bid.'],
  [Kind.SellInsurance]: [
    'free actions',
    "Post an insurance policy on catalogue event `arg` (finance.insurance.events; needs a Chauffeur whose vaults cover the payout) at the season's premium; then SelectTerm picks the period.",
  ],
  [Kind.BuyInsurance]: [
    'free actions',
    'Buy the policy in place `arg`: pay the premium to the seller, whose vaults lock premium × payout multiple as cover.',
  ],
  [Kind.RepayLoan]: ['free actions', 'As the borrower, repay everything owed on loan place `arg` from your pocket.'],
  [Kind.ResellFuture]: [
    'free actions',
    'As the long, offer the contract in place `arg` to another player; then SelectTerm picks the price and SelectPlayer the buyer, who accepts or refuses.',
  ],
  [Kind.Animate]: [
    'free actions',
    'Animate the Jack or Queen at hand index `arg` (a Soul; d6 Attack Power, d6 Hit Points; active next turn); then choose the square.',
  ],
  [Kind.Motivate]: [
    'free actions',
    'Motivate the King at hand index `arg` as a Royal Guard (3 + Cost of the Living; active next turn); then choose the square.',
  ],
  [Kind.MotivateNow]: ['free actions', 'As Motivate, for 2 gold more: active at once.'],
  [Kind.CommandUnit]: [
    'free actions',
    'Command your unit at board square `arg` (relative seat × field slots + slot), stack level `arg2`; then its verb.',
  ],
  [Kind.Move]: ["choose the unit's verb", 'Move the commanded unit one space; then choose the square.'],
  [Kind.AttackProperty]: ["choose the unit's verb", "Attack an enemy card on or next to the unit's square; then choose the square."],
  [Kind.AttackUnit]: ["choose the unit's verb", "Attack an enemy unit on or next to the unit's square; then choose the unit."],
  [Kind.Defend]: ["choose the unit's verb", "Defend the card the unit stands on (its owner's)."],
  [Kind.UseAbility]: [
    "choose the unit's verb",
    "Use the unit's ability: a King's one-time ability (the turn it is motivated), Impetuous Assault, Tactical Flexibility +1 Attack Power.",
  ],
  [Kind.SelectSquare]: ['choose a board square', 'Sub-decision: board square `arg` (relative seat × field slots + slot).'],
  [Kind.SelectUnit]: ['choose a unit', 'Sub-decision: the unit at board square `arg`, stack level `arg2`.'],
  [Kind.UseAbilityAlt]: ["choose the unit's verb", "The ability's second option: Tactical Flexibility's +1 Hit Point, the enhanced bomb."],
  [Kind.LastCall]: ['free actions', 'Last Call: recall your Royal Guard to your unoccupied Brewery at slot `arg` for a Mead.'],
  [Kind.UseAbilityThird]: [
    "choose the unit's verb",
    "The ability's third option: the Grand Artificer's Sharpen Blades, +2 Strength to another friendly Royal Guard (D139).",
  ],
  [Kind.Combine]: [
    "choose the unit's verb",
    "The Queen's combination attack with a friendly Jack (Impetuous Bombardment, Coordinated Defense, Inspiring Bulwark; D136); then SelectUnit: the Jack.",
  ],
  [Kind.ProposeRegulation]: [
    'propose a regulation',
    'The enactor of a decree that calls the vote (0.1.14a "Kings") puts regulation `arg` of `decrees.regulations` to the vote: to make it, change to it (it replaces the one in force on its action) or delete it (it is in force) (D152-D154).',
  ],
  [Kind.VoteRegulationFor]: [
    'the regulation vote',
    'Vote for the motion; votes are open, cast in turn order from the proposer; more for than against carries it, a tie keeps the status quo (D154).',
  ],
  [Kind.VoteRegulationAgainst]: ['the regulation vote', 'Vote against the motion.'],
  [Kind.VoteCut]: [
    'Cost of the Living vote',
    'The largest cut of the Cost of the Living (`taxes.costOfLivingCuts[arg]` gold) this voter accepts; the smallest vote cast (keep = 0) is made (D48).',
  ],
  [Kind.IssueBond]: [
    'free actions',
    'Private Mint (needs a Chauffeur): issue a bond of face finance.mint.bondFaces[`arg`]; then SelectTerm: coupon index × maturities + maturity index (bondCouponPercent, bondTermMonths). D121-D123.',
  ],
  [Kind.BuyBond]: ['free actions', 'Buy the bond in place `arg`: pay its face to the issuer, become the holder.'],
  [Kind.ResellBond]: [
    'free actions',
    'Offer the bond you hold in place `arg` to a player; then SelectTerm: a price (finance.mint.bondPrices), SelectPlayer: the buyer.',
  ],
  [Kind.IssueShare]: [
    'free actions',
    'Private Mint (needs a Chauffeur): issue a share in finance.mint.shareFractionsPercent[`arg`] percent of your property payouts; then SelectTerm: its price (sharePrices). D124-D126.',
  ],
  [Kind.BuyShare]: ['free actions', 'Buy the share in place `arg`: pay its price to the issuer, become the holder.'],
  [Kind.ResellShare]: [
    'free actions',
    'Offer the share you hold in place `arg` to a player; then SelectTerm: a price (finance.mint.sharePrices), SelectPlayer: the buyer.',
  ],
  [Kind.OfferSpell]: [
    'free actions',
    'Offer a spell to a player, face up (needs a Spell Shop, yours or by brokerage); then SelectTerm: which spell (the `t`-th spell in hand), SelectTerm: a price (market.spellPrices), SelectPlayer: the buyer. D130-D131.',
  ],
  [Kind.OfferMead]: [
    'free actions',
    'Offer one Mead to a player at the Cost of the Living × mead.priceInCostOfLiving; then SelectPlayer: the buyer. D132.',
  ],
};

/** The markdown of docs/ACTIONS.md for ruleset `rs`. */
export function actionsMarkdown(rs: Ruleset): string {
  const cat = catalogue(rs);
  const lines = [
    '# Action catalogue',
    '',
    `<!-- Generated by \`npx merlin docs\` from games/merlin/engine/actions.ts; do not edit by hand. -->`,
    '',
    `Ruleset \`${rs.data.name}\` (hash \`${rs.hash.slice(0, 16)}\`): **${cat.size} action ids**. Every decision is one id;`,
    'compound choices are split into sub-decisions (pick the card, then the slot or the player). The action mask of a',
    'state has a 1 at each legal id. `describeAction(rs, id, state)` gives a readable string. Ids depend on the',
    `ruleset's table sizes (field slots ${rs.data.table.fieldSlots}, hand ${rs.data.table.handSize}) and grids`,
    `(invest ${JSON.stringify(rs.data.grids.invest)}, vault ${JSON.stringify(rs.data.grids.vault)}, bids 0..${rs.data.grids.maxBid}; market prices`,
    `${JSON.stringify(rs.data.market.prices)}, ask lots ${JSON.stringify(rs.data.market.askLots)}, trade lots ${JSON.stringify(rs.data.market.tradeLots)}, trade gold`,
    `${JSON.stringify(rs.data.market.tradeGold)}, property prices ${JSON.stringify(rs.data.market.propertyPrices)}); 0 in a grid means "all". For a kind with \`arg2\`,`,
    'id = first id + `arg` × (number of `arg2` values) + `arg2`.',
    '',
    '| ids | kind | decided in | arguments | meaning | example |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  for (let k = 0; k < cat.base.length; k++) {
    const first = cat.base[k];
    if (first < 0 || cat.count[k] === 0) continue;
    const last = first + cat.count[k] - 1;
    const declared = declaredKindDoc(k);
    const [phase, meaning] = MEANING[k] ?? [declared?.decidedIn ?? '?', declared?.meaning ?? '?'];
    const args = cat.count[k] === 1 ? '-' : cat.radix[k] > 1 ? '`arg`, `arg2`' : '`arg`';
    lines.push(
      `| ${first === last ? first : `${first}-${last}`} | ${KIND_NAMES[k]} | ${phase} | ${args} | ${meaning} | ${describeAction(rs, last)} |`,
    );
  }
  lines.push('');
  return lines.join('\n');
}

const DECK_INTRO: Record<DeckName, [string, string]> = {
  teaLeaves: ['Tea Leaves', 'Minor Future Readings, on rarer rolls. Played: drawn in the reading step (or by a `draw` effect).'],
  crystalBall: ['Crystal Ball', 'Major Future Readings, on likelier rolls. Played: drawn in the reading step (or by a `draw` effect).'],
  spells: ['Spells', 'Cast from the hand in the free action phase; the target is public when cast. Played: cast.'],
  potions: [
    'Potions',
    'Recipes brewed by paying their cost to the supply, face down under a slot or in front of you until they resolve. Played: brewed.',
  ],
  royalDecrees: [
    'Royal Decrees',
    "Chosen by a King's drawer; enacting one gives a Crown and its effects. Played: enacted (by the drawer or the refusal auction's winner).",
  ],
};

const cell = (t: string) => t.replace(/\|/g, '\\|');

/**
 * The markdown of docs/CARDS.md: one table per deck (card, count, cost for potions, effect, flavour),
 * generated from the ruleset's deck files (games/merlin/cards/data). A test checks the committed file.
 */
export function cardsMarkdown(rs: Ruleset): string {
  const lines = [
    '# The custom decks',
    '',
    '<!-- Generated by `npx merlin docs` from games/merlin/cards/data/*.json; do not edit by hand. -->',
    '',
    `Ruleset \`${rs.data.name}\` (hash \`${rs.hash.slice(0, 16)}\`). The cards are data: edit the deck files (or point`,
    '`--ruleset` at your own ruleset, whose `decks` name your files) and run `npx merlin docs`. The effect language is',
    'described in docs/RULES.md section 4; "you" is the player who drew, cast, brewed or enacted the card. `merlin simulate',
    '--json` reports `card_plays` per card, keyed `deck/id`, with "played" as defined under each deck below.',
    '',
  ];
  for (const name of DECK_NAMES) {
    const deck = rs.decks[name];
    const [title, intro] = DECK_INTRO[name];
    lines.push(`## ${title} (${deck.size} cards, ${deck.cards.length} designs)`, '', intro, '', deck.source, '');
    const potions = name === 'potions';
    lines.push(potions ? '| Card | Id | Count | Cost | Effect | Flavour |' : '| Card | Id | Count | Effect | Flavour |');
    lines.push(potions ? '| --- | --- | --- | --- | --- | --- |' : '| --- | --- | --- | --- | --- |');
    for (const c of deck.cards) {
      const row = [c.name, `\`${c.id}\``, String(c.count), ...(potions ? [describeCost(c)] : []), describeCard(c, name), `*${c.flavour}*`];
      lines.push(`| ${row.map(cell).join(' | ')} |`);
    }
    lines.push('');
  }
  lines.push(...counterMoversMarkdown(rs));
  return lines.join('\n');
}

/**
 * The cards that move a public counter (the Cost of the Living, Volatility, Research Cost, tax rate), with the
 * sum of their moves weighted by count per deck: the playable-game revision requires that cards move the Cost of the
 * Living and the Volatility both ways or not at all (docs/RULES.md D48), and this table shows it.
 */
function counterMoversMarkdown(rs: Ruleset): string[] {
  const out = [
    '## Cards that move a counter',
    '',
    'Every card whose face or hidden cost moves a public counter (`counter` effects). "Net" is the sum of delta × count over the deck:',
    'what the whole deck would do to the counter if every card were played once. Future Readings are drawn every turn, so',
    'their net is what decides whether a counter drifts.',
    '',
    '| Counter | Deck | Card | Id | Count | Delta | Where |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  const net: Record<string, Record<string, number>> = {};
  for (const name of DECK_NAMES) {
    for (const c of rs.decks[name].cards) {
      const parts: [string, typeof c.effects][] = [
        ['face', c.effects],
        ['hidden cost', c.hiddenCost ?? []],
      ];
      for (const [where, effects] of parts) {
        for (const e of effects) {
          if (e.op !== 'counter') continue;
          out.push(
            `| ${e.counter} | ${DECK_INTRO[name][0]} | ${cell(c.name)} | \`${c.id}\` | ${c.count} | ${e.delta > 0 ? '+' : ''}${e.delta} | ${where} |`,
          );
          (net[e.counter] ??= {})[name] = (net[e.counter][name] ?? 0) + e.delta * c.count;
        }
      }
    }
  }
  out.push(
    '',
    '| Counter | ' + DECK_NAMES.map((n) => DECK_INTRO[n][0]).join(' | ') + ' |',
    '| --- |' + DECK_NAMES.map(() => ' --- |').join(''),
  );
  for (const [counter, byDeck] of Object.entries(net))
    out.push(`| ${counter} (net) | ` + DECK_NAMES.map((n) => String(byDeck[n] ?? 0)).join(' | ') + ' |');
  out.push('');
  return out;
}

/** Every generated document of Merlin under `rs`: its path under docs/ and its text. */
export function merlinDocs(rs: Ruleset): { file: string; text: string }[] {
  return [
    { file: 'ACTIONS.md', text: actionsMarkdown(rs) },
    { file: 'OBSERVATION.md', text: observationMarkdown(rs) },
    { file: 'CARDS.md', text: cardsMarkdown(rs) },
  ];
}
