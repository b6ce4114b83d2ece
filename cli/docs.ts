/**
 * `merlin docs`: generates docs/ACTIONS.md from the action catalogue, so the document cannot drift from
 * the code. A test checks the committed file equals the generated one.
 */
import type { Ruleset } from '../env/merlin/rules/index.ts';
import { catalogue, describeAction, Kind, KIND_NAMES } from '../env/merlin/engine/index.ts';

const MEANING: Record<number, [string, string]> = {
  [Kind.EndTurn]: ['free actions', 'End the turn; cards bought this turn join the hand.'],
  [Kind.DrawTeaLeaves]: ['future reading', 'Draw a Tea Leaves reading (0.1.27b "The Visions of Tomorrow").'],
  [Kind.DrawCrystalBall]: ['future reading', 'Draw a Crystal Ball reading.'],
  [Kind.BuyCard]: ['free actions', 'Buy the top playing card at the Cost of the Living (Aces, Kings, Jokers, 7s resolve at once).'],
  [Kind.PlayCard]: ['free actions', 'Play hand card `arg`: place a property or lab, start placing a Land, cast a spell, brew a potion.'],
  [Kind.SellSpell]: ['free actions', 'Sell the spell at hand index `arg` to the Central Bank through a Spell Shop.'],
  [Kind.Invest]: ['free actions', 'Invest grid amount `arg2` (grids.invest; 0 = all) in the property at slot `arg`.'],
  [Kind.FundLab]: ['free actions', 'Fund the lab at slot `arg` at the Research Cost.'],
  [Kind.CreateSpecialised]: ['free actions', 'Turn the successful, funded lab at slot `arg` into a Spell Shop / Brewery; then choose the property.'],
  [Kind.CreateChauffeur]: ['free actions', 'Start a Chauffeur with the property at slot `arg`; then choose the second property.'],
  [Kind.Deposit]: ['free actions', 'Deposit grid amount `arg2` (grids.vault; 0 = all) into the Chauffeur at slot `arg`.'],
  [Kind.Withdraw]: ['free actions', 'Withdraw grid amount `arg2` from the Chauffeur at slot `arg`.'],
  [Kind.Plant]: ['free actions', 'Plant one unit of its commodity on the Land at slot `arg`.'],
  [Kind.Unplant]: ['free actions', 'Take the planted unit back from the Land at slot `arg`.'],
  [Kind.BrewMead]: ['free actions', 'Brew a Mead from Essence Grain (needs a Brewery).'],
  [Kind.SellMead]: ['free actions', 'Sell a Mead to the Central Bank at the Cost of the Living.'],
  [Kind.PlayCrowns]: ['free actions', 'Play the Crowns for Royal Favor (needs the Crowns and the highest net worth): wins the game.'],
  [Kind.SelectSlot]: ['choose a slot', 'Sub-decision: field slot `arg` (own field; the target player\'s for Land spells).'],
  [Kind.SelectPlayer]: ['choose a player', 'Sub-decision: the player `arg` seats after the decider.'],
  [Kind.SelectOption]: ['choose a decree', 'Choose revealed Royal Decree `arg`.'],
  [Kind.EnactDecree]: ['enact or refuse', 'Enact the chosen decree: a Crown and its effects.'],
  [Kind.RefuseDecree]: ['enact or refuse', 'Refuse the decree: the other players bid for it blind.'],
  [Kind.Bid]: ['auctions', 'Bid `arg` gold (turn-order auction or a refused decree\'s auction); hidden until all have bid.'],
  [Kind.PayTax]: ['tax season', "Pay this year's tax."],
  [Kind.SpendCrownOnTax]: ['tax season', "Spend a Crown to skip this year's tax."],
  [Kind.VoteKeep]: ['tax-rate vote', 'Vote to keep the tax rate.'],
  [Kind.VoteRaise]: ['tax-rate vote', 'Vote to raise the tax rate by one (Cost of the Living and Research Cost fall by one if unanimous).'],
  [Kind.VoteLower]: ['tax-rate vote', 'Vote to lower the tax rate by one (both counters rise by one if unanimous).'],
  [Kind.Animate]: ['free actions', 'Animate the Jack or Queen at hand index `arg` (a Soul; d6 Attack Power, d6 Hit Points; active next turn); then choose the square.'],
  [Kind.Motivate]: ['free actions', 'Motivate the King at hand index `arg` as a Royal Guard (3 + Cost of the Living; active next turn); then choose the square.'],
  [Kind.MotivateNow]: ['free actions', 'As Motivate, for 2 gold more: active at once.'],
  [Kind.CommandUnit]: ['free actions', 'Command your unit at board square `arg` (relative seat × field slots + slot), stack level `arg2`; then its verb.'],
  [Kind.Move]: ["choose the unit's verb", 'Move the commanded unit one space; then choose the square.'],
  [Kind.AttackProperty]: ["choose the unit's verb", "Attack an enemy card on or next to the unit's square; then choose the square."],
  [Kind.AttackUnit]: ["choose the unit's verb", "Attack an enemy unit on or next to the unit's square; then choose the unit."],
  [Kind.Defend]: ["choose the unit's verb", 'Defend the card the unit stands on (its owner\'s).'],
  [Kind.UseAbility]: ["choose the unit's verb", "Use the unit's ability: a King's one-time ability (the turn it is motivated), Impetuous Assault, Tactical Flexibility +1 Attack Power."],
  [Kind.SelectSquare]: ['choose a board square', 'Sub-decision: board square `arg` (relative seat × field slots + slot).'],
  [Kind.SelectUnit]: ['choose a unit', 'Sub-decision: the unit at board square `arg`, stack level `arg2`.'],
  [Kind.UseAbilityAlt]: ["choose the unit's verb", "The ability's second option: Tactical Flexibility's +1 Hit Point, the enhanced bomb."],
  [Kind.LastCall]: ['free actions', 'Last Call: recall your Royal Guard to your unoccupied Brewery at slot `arg` for a Mead.'],
};

/** The markdown of docs/ACTIONS.md for ruleset `rs`. */
export function actionsMarkdown(rs: Ruleset): string {
  const cat = catalogue(rs);
  const lines = [
    '# Action catalogue',
    '',
    `<!-- Generated by \`npx merlin docs\` from env/merlin/engine/actions.ts; do not edit by hand. -->`,
    '',
    `Ruleset \`${rs.data.name}\` (hash \`${rs.hash.slice(0, 16)}\`): **${cat.size} action ids**. Every decision is one id;`,
    'compound choices are split into sub-decisions (pick the card, then the slot or the player). The action mask of a',
    'state has a 1 at each legal id. `describeAction(rs, id, state)` gives a readable string. Ids depend on the',
    `ruleset's table sizes (field slots ${rs.data.table.fieldSlots}, hand ${rs.data.table.handSize}) and grids`,
    `(invest ${JSON.stringify(rs.data.grids.invest)}, vault ${JSON.stringify(rs.data.grids.vault)}, bids 0..${rs.data.grids.maxBid}); 0 in a grid means "all".`,
    '',
    '| ids | kind | decided in | arguments | meaning | example |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  for (let k = 0; k < cat.base.length; k++) {
    const first = cat.base[k];
    if (first < 0 || cat.count[k] === 0) continue;
    const last = first + cat.count[k] - 1;
    const [phase, meaning] = MEANING[k];
    const args = cat.count[k] === 1 ? '-'
      : k === Kind.Invest || k === Kind.Deposit || k === Kind.Withdraw ? '`arg` slot, `arg2` grid index'
        : k === Kind.CommandUnit || k === Kind.SelectUnit ? '`arg` square, `arg2` level' : '`arg`';
    lines.push(`| ${first === last ? first : `${first}-${last}`} | ${KIND_NAMES[k]} | ${phase} | ${args} | ${meaning} | ${describeAction(rs, last)} |`);
  }
  lines.push('');
  return lines.join('\n');
}
