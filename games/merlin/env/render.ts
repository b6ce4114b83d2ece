/**
 * `render('ansi')`: the table as plain text, public information only (hands show as counts, face-down
 * potions as "potion here", bids folded back into pockets, legal actions without card names). One block
 * per seat in turn order, then the readings.
 */
import type { Ruleset } from '../rules/index.ts';
import { COMMODITIES } from '../rules/schema.ts';
import { HAND_POTION, HAND_SPELL, Phase, SlotKind, TopKind, VICTORY_NAMES, type MerlinState } from '../engine/state.ts';
import { cardName, rankOf, suitOf } from '../engine/cards.ts';
import { cardDef } from '../engine/effects.ts';
import { DECK_INDEX } from '../engine/kernel/card-defs.ts';
import { netWorth } from '../engine/victory.ts';
import { describeAction, legalActionList } from '../engine/engine.ts';

const SUIT = ['♣', '♠', '♥', '♦', '🃏'];
const RANK = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const PHASES = [
  'turn-order auction',
  'future reading',
  'free actions',
  'choose a slot',
  'choose a player',
  'choose a decree',
  'enact or refuse the decree',
  'decree auction',
  'tax season',
  'tax-rate vote',
  'game over',
];

const card = (c: number) => (suitOf(c) === 4 ? 'Joker' : `${RANK[rankOf(c)]}${SUIT[suitOf(c)]}`);

/** The table as text. */
export function renderTable(rs: Ruleset, s: MerlinState): string {
  const F = rs.data.table.fieldSlots;
  const portion = rs.wheels[s.wheelKind][s.wheelPos];
  const lines: string[] = [];
  lines.push(
    `Turn ${s.turn}/${rs.data.turnLimit} · ${PHASES[s.phase]}` +
      (s.phase === Phase.GameOver ? ` · ${VICTORY_NAMES[s.victory]}, winner player_${s.winner}` : ` · player_${s.decider} to act`),
  );
  lines.push(
    `Year ${s.year}, ${portion.label}${s.wheelKind ? ' (Erratic wheel)' : ''} · roll ${s.die1 ? `${s.die1}+${s.die2}=${s.die1 + s.die2}` : '-'} · ` +
      `Cost of the Living ${s.costOfLiving} · Research Cost ${s.researchCost} · tax rate ${s.taxRate} · volatility ${s.volatility} · climate ${s.climate}/${rs.data.climate.threshold}`,
  );
  lines.push(
    `Central Bank ${s.centralBank} · R.O.W. ${s.row}` +
      (s.phase === Phase.AuctionBid || s.phase === Phase.DecreeBid ? ' · auction in progress' : '') +
      ` · supply ${COMMODITIES.map((c, i) => `${c} ${s.supply[i]}`).join(', ')} · deck ${s.deck.length} (+${s.discard.length} discarded)`,
  );
  if (s.council.length > 0) lines.push(`Council's offices: ${s.council.map((c) => (c >= 0 ? cardName(c) : 'empty')).join(', ')}`);
  const seats = s.order.some((p) => p < 0) ? [...Array(s.numPlayers).keys()] : s.order;
  for (const p of seats) {
    const flags = [
      s.eliminated[p] ? 'OUT' : '',
      s.bankruptSince[p] >= 0 ? `bankrupt since month ${s.bankruptSince[p]}${s.bankruptHeld[p] ? ', through its own turn' : ''}` : '',
    ]
      .filter(Boolean)
      .join(', ');
    const auction = s.phase === Phase.AuctionBid || s.phase === Phase.DecreeBid;
    // An open bid is hidden: folded back into the pocket and the net worth, as the observation does.
    const bid = auction ? Math.max(0, s.bids[p]) : 0;
    const gold = s.gold[p] + bid;
    lines.push('');
    lines.push(
      `player_${p}${flags ? ` [${flags}]` : ''}: gold ${gold}, ${COMMODITIES.map((c, i) => `${c} ${s.held[p * 3 + i]}`).join(', ')}, crowns ${s.crowns[p]}, mead ${s.mead[p]}` +
        `${s.debtBank[p] + s.debtRow[p] ? `, debt ${s.debtBank[p] + s.debtRow[p]}` : ''}, hand ${s.hands[p].length}+${s.newCards[p].length} new, net worth ${s.eliminated[p] ? 0 : netWorth(s, rs, p) + bid}`,
    );
    const field: string[] = [];
    for (let i = 0; i < F; i++) {
      const k = p * F + i;
      const kind = s.slotKind[k];
      if (kind === SlotKind.Empty) continue;
      const bits: string[] = [];
      if (kind === SlotKind.Property) {
        bits.push(`${card(s.slotCard[k])}`);
        const top = s.slotTopKind[k];
        if (top === TopKind.Land) bits.push(`Land ${card(s.slotTop[k])}${s.slotPlanted[k] ? ' planted' : ''}`);
        if (top === TopKind.SpellShop) bits.push(`Spell Shop ${card(s.slotTop[k])}`);
        if (top === TopKind.Brewery) bits.push(`Brewery ${card(s.slotTop[k])}`);
        if (s.slotInvest[k]) bits.push(`invested ${s.slotInvest[k]}`);
      } else if (kind === SlotKind.Chauffeur) {
        bits.push(`Chauffeur ${card(s.slotCard[k])}+${card(s.slotTop[k])} vault ${s.slotVault[k]}`);
      } else {
        bits.push(
          `${kind === SlotKind.SpellLab ? 'Spell' : 'Potion'} Lab ${card(s.slotCard[k])}${s.slotFunds[k] ? ' funded' : ''} spent ${s.slotSpent[k]}/${rs.data.research.spentForSuccess}`,
        );
      }
      if (s.potionSlot.includes(k)) bits.push('potion here');
      field.push(`${i}:[${bits.join(', ')}]`);
    }
    lines.push(`  field ${field.length ? field.join(' ') : '(empty)'}`);
  }
  if (s.readingCard.length) {
    lines.push('');
    lines.push(
      'readings: ' +
        s.readingCard
          .map((c, i) => `${cardDef(rs, s.readingDeck[i], c).name} (player_${s.readingOwner[i]}, turn ${s.readingTurn[i]})`)
          .join('; '),
    );
  }
  if (s.phase !== Phase.GameOver) {
    const legal = legalActionList(s, rs);
    lines.push('');
    lines.push(
      `legal (${legal.length}): ` +
        legal
          .slice(0, 8)
          .map((a) => `${a} ${describeAction(rs, a)}`)
          .join('; ') +
        (legal.length > 8 ? '; …' : ''),
    );
  }
  return lines.join('\n');
}

/** A hand entry by name: a playing card, `spell "Drought"` or `potion "..."`. */
function handCard(rs: Ruleset, c: number): string {
  if (c >= HAND_POTION) return `potion "${cardDef(rs, DECK_INDEX.potions, c - HAND_POTION).name}"`;
  if (c >= HAND_SPELL) return `spell "${cardDef(rs, DECK_INDEX.spells, c - HAND_SPELL).name}"`;
  return card(c);
}

/**
 * What `seat` alone sees of the table, as text (the public rest is `renderTable`): its hand by name (hand
 * index: card), the cards it bought this turn, and its own open bid or vote. Never another seat's.
 */
export function renderSeat(rs: Ruleset, s: MerlinState, seat: number): string {
  const lines = [
    `your hand: ${s.hands[seat].map((c, i) => `${i}: ${handCard(rs, c)}`).join(', ') || '(empty)'}`,
    `bought this turn (playable next turn): ${s.newCards[seat].map((c) => handCard(rs, c)).join(', ') || 'none'}`,
  ];
  if ((s.phase === Phase.AuctionBid || s.phase === Phase.DecreeBid) && s.bids[seat] >= 0)
    lines.push(`your hidden bid: ${s.bids[seat]} gold`);
  if (s.votes[seat] >= 0) lines.push(`your vote: ${['keep', 'raise', 'lower'][s.votes[seat]] ?? s.votes[seat]}`);
  return lines.join('\n');
}
