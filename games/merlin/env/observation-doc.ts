/**
 * docs/OBSERVATION.md, rendered from the observation and state-tensor specs (observation.ts), so the
 * document cannot drift from the code. A test checks the committed file equals `observationMarkdown(full)`.
 */
import type { TensorSpec } from '../../../env/core/game.ts';
import type { Ruleset } from '../rules/index.ts';
import { createObservationEncoder, createStateEncoder, MAX_READINGS } from './observation.ts';
import { entityLayout } from '../../../env/core/entities.ts';

function bounds(low: number, high: number): string {
  return `[${low}, ${high}]`;
}

function table(spec: TensorSpec): string[] {
  const lines = ['| segment | offset | length | bounds | meaning |', '| --- | --- | --- | --- | --- |'];
  for (const g of spec.segments) {
    lines.push(`| \`${g.name}\` | ${g.offset} | ${g.length} | ${bounds(g.low, g.high)} | ${g.meaning.replace(/\|/g, '\\|')} |`);
  }
  return lines;
}

/** The "Entity lists" section: the entity-list view of the observation (env/core/entities.ts). */
function entitySection(obs: TensorSpec): string[] {
  const lay = entityLayout(obs);
  const rows = lay.groups.map((g) => {
    const axes = g.axes.map((a) => `${a.name} ${a.size}`).join(' × ');
    const pos = g.positionalWidth ? ` + ${g.positionalWidth} (one-hot ${g.positional.join(', ')})` : '';
    const segs = g.segments.map((s) => `\`${s.name}\` (${s.width})`).join(', ');
    return `| \`${g.name}\` | ${g.count} (${axes}) | ${g.featureWidth}${pos} = ${g.width} | ${segs} | ${g.meaning.replace(/\|/g, '\\|')} |`;
  });
  return [
    '## Entity lists',
    '',
    'The same observation can be read as entity lists, the input of an entity encoder (one small network shared by',
    'every entity of a kind, then a pooling, as AlphaStar and OpenAI Five read units): `entityLayout(spec)` and',
    '`encodeEntities(layout, observation, out)` in env/core/entities.ts regroup the flat vector into a **global vector**',
    `of the ${lay.global.size} values that belong to no entity, and one list per group below. A group's list has a row per`,
    "present entity (any of its features non-zero), in index order: the entity's features (entry i of each of the",
    "group's segments, concatenated), then a one-hot of each positional axis; `index` gives the row's entity index (the",
    'index the action catalogue uses for a hand entry, a field slot or a contract place) and `mask` the rows in use.',
    "A cap per group bounds the rows (default: the group's size, so nothing is lost; `decodeEntities` gives the flat",
    'vector back); present entities past a cap are counted in `dropped`. The groups are metadata over the same',
    'segments, so the spec hash is the same; the view has its own hash (`layout.hash`). Over the bridge the spec',
    'carries the groups (`spec.observation.entities`, protocol 1.5) and the Python client regroups the same way',
    '(`merlin_gym.EntityLayout`; `merlin_gym.EntityObservation` wraps a Gymnasium env in a Dict space). The flat',
    'vector stays the default observation, and what the shipped checkpoints and `merlin train` read (docs/TRAINING.md',
    'says why).',
    '',
    '| group | entities | values per entity | from segments (values per entity) | meaning |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    '',
  ];
}

/** The markdown of docs/OBSERVATION.md for ruleset `rs`. */
export function observationMarkdown(rs: Ruleset): string {
  const obs = createObservationEncoder(rs).spec;
  const st = createStateEncoder(rs).spec;
  const d = rs.data;
  const lines = [
    '# Observations and the state tensor',
    '',
    '<!-- Generated from games/merlin/env/observation.ts by games/merlin/env/observation-doc.ts; do not edit by hand. -->',
    '',
    `Ruleset \`${d.name}\` (hash \`${rs.hash.slice(0, 16)}\`): the observation has **${obs.size} values** (spec hash`,
    `\`${obs.hash.slice(0, 16)}\`), the perfect-information state tensor **${st.size} values** (spec hash \`${st.hash.slice(0, 16)}\`).`,
    `Both are sized by the ruleset alone: ${d.players.max} seats (\`players.max\`), ${d.table.fieldSlots} field slots, ${d.table.handSize}`,
    `hand entries, up to ${MAX_READINGS} Future Readings and ${d.decrees.choices} decree options, and one-hots over each custom`,
    "deck's card definitions. So the length is the same for every player count of a ruleset, and a checkpoint or",
    'client made for another layout is recognised by the spec hash (SHA-256 over the segment list).',
    '',
    '## How to read it',
    '',
    "- `game.observe(state, seat, out)` writes one seat's view into a `Float32Array` of `observationSpec.size`;",
    '  `game.stateTensor(state, out)` writes the state tensor (for centralised critics) into one of `stateSpec.size`.',
    '- `game.observeSparse(state, seat, index, value)` gives the same observation as its non-zero entries: it',
    '  writes (index, value) pairs into an `Int32Array` and a `Float32Array` (each of `observationSpec.size`), each',
    '  index once, in no particular order, and returns how many (about 85 in a 4-player mid-game). Vector envs use',
    '  it to rewrite only the changed entries of their rows; a sparse first layer can take it as it is.',
    '- `game.observationRowWriter()` returns a writer `(state, seat, row)` that keeps one row it owns equal to the',
    '  observation: it zeroes what it wrote there last time and encodes straight into the row. Vector envs and the',
    "  bridge's batches use it (the fastest form: no private row, no entry list copied out).",
    '- The tensor is flat. Each segment below is a contiguous block `[offset, offset + length)`. The segments tile',
    '  the tensor exactly, in order. Multi-dimensional segments are row-major in the order their meaning gives.',
    '  For example, `field.kind` is `[seat][slot][kind]`: reshape it to',
    `  (${d.players.max}, ${d.table.fieldSlots}, 4). The \`field.*\` segments share the (seat, slot) axes, so concatenating them on the last`,
    '  axis gives one feature vector per field slot.',
    '- **Seats in the observation are relative.** Index 0 is the observer, then the other seats in turn order.',
    '  Before the turn-order auction has fixed the order, they follow seat order from the observer. Every segment',
    "  that names a seat uses the same index: seat blocks, readings' drawers, the pending target, the decree",
    '  drawer. The state tensor uses absolute seat numbers instead.',
    "- **Absent seats are zero.** Seats beyond the game's player count are all zero, with `seat.present` = 0.",
    '  An eliminated seat is present, with `seat.eliminated` = 1.',
    "- **Bounds.** Every value is finite and lies within its segment's `[low, high]`. Each meaning gives the",
    '  normalisation. Gold is divided by the gold supply and commodities by their supply. Counts are divided by',
    '  their caps and clipped. Counters that can grow without limit (Cost of the Living, debts, net worth, …) are',
    '  squashed with x / (x + k).',
    '- The Grand Market and finance are the segments after the hidden cards: the order book per',
    "  commodity (`market.book`: best bid and ask, spot and last price, R.O.W. stimulus), every seat's bids, escrow,",
    '  asks and horse cart (`seat.market*`, `seat.cart*`, `seat.transportedThisTurn`), the action or offer being',
    '  composed (`offer.*`), and the futures contracts, loans and insurance policies on the table (`futures*`,',
    '  `loans*`, `policies*`). All of it is public (0.1.27b "Commodity Storage and Visibility"; a bid is a stack of',
    '  gold on the table). The phases `SelectTerm` / `OfferRespond` and the pendings of market actions are in the',
    '  `phase` / `pending` one-hots; `offer.stage` and `offer.kind` also encode them.',
    '- **Combat** is the last section of both tensors (`combat.*`). The board squares use the',
    '  same (seat, slot) axes as `field.*`; each square has `combat.stackMax` unit levels, units in order of',
    '  arrival. `combat.units` is `[seat][slot][level][feature]`; `combat.hits` the damage to each card;',
    '  `combat.commandedUnit` where the unit being commanded stands; `combat.phase` and `combat.pending` the open',
    '  combat sub-decision (the `phase` and `pending` one-hots above cover these values too). Everything',
    '  in this section is public. The state tensor adds `combat.unitOwner` by absolute seat.',
    '- A change to the rules or the encoders may append or insert segments; the spec hash changes when it does.',
    '',
    '## Hidden information',
    '',
    'An observation never reveals another player\'s hidden information (DESIGN "Rules of the road"). Tests in',
    '`games/merlin/env/test/observation.test.ts` change each kind of hidden information and check that the other',
    "seats' observations do not move.",
    '',
    "- **Hands.** Another player's hand and the cards they bought this turn appear only as counts",
    "  (`seat.handCount`, `seat.boughtCount`). Only the observer's own cards are itemised (`hand.*`, `bought.suit`).",
    '  That includes the spell and recipe definitions and whether a card came from one of their labs.',
    '- **Face-down potions** appear only as counts of potions lying somewhere (`field.potions`,',
    '  `seat.potionsInFront`). Only their owner sees their recipes (`potion.identity`).',
    '- **Auction bids.** Bidding moves gold from the pocket into the pot at once. So during the turn-order',
    "  auction and a refused decree's auction, every other seat's `seat.gold` is shown as pocket + hidden bid",
    '  (the closed fist folded back). Net worths include the bids too. The pot shows only what it held before',
    "  the open round (`auctionPot`). Whether a seat has bid is public (`seat.hasBid`). Only the observer's own",
    '  bid is shown (`bid`).',
    "- **Tax-rate votes** are hidden until all are cast. `seat.hasVoted` says who has voted; only the observer's",
    '  own vote is shown (`vote`).',
    "- **Royal Decree options** are shown only to the King's drawer (`decree.options`). The chosen decree is",
    '  public (`decree.chosen`). Both show a decree by its face: its hidden cost is seen by nobody until it is',
    '  enacted (docs/RULES.md D151). Regulation votes are open (`regulation.votes`, D154).',
    '- **Draw piles.** Their order is hidden from everyone; only their sizes are shown.',
    '- **The pending hand index** of a sub-decision is shown only to the decider. What kind of sub-decision is',
    '  open is public (`pending`).',
    '',
    "The state tensor has no such limits. It holds every seat's hand, bought cards, face-down potion recipes,",
    "bid and vote, true pocket gold and pot, the decree options, and every shown decree's design (`decree.design`,",
    'which fixes its hidden cost). It leaves out the RNG state and the order',
    'of the draw piles (the future chance outcomes).',
    '',
    '`game.resampleHidden(state, seed, player)` (games/merlin/env/hidden.ts) redraws, consistently, everything',
    'that `player` cannot see: other hands, face-down potion recipes, draw-pile orders, decree options, decree',
    'hidden costs (among the designs sharing the face), other',
    "seats' bids and votes, and the RNG. `player`'s observation stays the same.",
    '',
    ...entitySection(obs),
    `## Observation (${obs.size} values)`,
    '',
    ...table(obs),
    '',
    `## State tensor (${st.size} values)`,
    '',
    "The same public segments by absolute seat number (seat index = seat), followed by every seat's hidden",
    'cards, bids and votes.',
    '',
    ...table(st),
    '',
  ];
  return lines.join('\n');
}
