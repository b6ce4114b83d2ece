/**
 * Merlin's replay viewer content (the registry's `replay.view` for Merlin; the page itself is
 * designer/replay-view.ts): the counters shown at the top and the tables of every step, from the state
 * (hands included: a replay is for the designer, not for a player), and net worth for the chart.
 *
 * To show more of the state, add a counter to COUNTERS or a table to SECTIONS (an id, a title, its
 * columns and a function from the state to rows); the page needs no other change. State fields that no
 * section lays out yet appear in the "Other state" section, so nothing new is hidden.
 */
import type { Ruleset } from '../rules/index.ts';
import { COMMODITIES } from '../rules/schema.ts';
import { netWorth, PHASE_NAMES, type MerlinState } from '../engine/index.ts';
import { HAND_POTION, HAND_SPELL, Phase, SlotKind, TopKind, UnitFlag, VICTORY_NAMES } from '../engine/state.ts';
import { cardName } from '../engine/cards.ts';
import { cardDef, DECK_INDEX } from '../engine/effects.ts';
import { COMMODITY_COLUMNS, commoditiesBy, GOLD_COLUMNS, goldBy } from './holders.ts';

type Cell = string | number;

const SLOT_KINDS = ['', 'Property', 'Spell Lab', 'Potion Lab', 'Chauffeur'];
const TOP_KINDS = ['', 'Land', 'Spell Shop', 'Brewery', 'second property'];

function handCard(rs: Ruleset, c: number): string {
  if (c >= HAND_POTION) return `potion ${cardDef(rs, DECK_INDEX.potions, c - HAND_POTION).name}`;
  if (c >= HAND_SPELL) return `spell ${cardDef(rs, DECK_INDEX.spells, c - HAND_SPELL).name}`;
  return cardName(c);
}

/** Counters shown at the top: id (the page's data-counter attribute), label, value. */
export const COUNTERS: { id: string; label: string; value: (s: MerlinState, rs: Ruleset) => Cell }[] = [
  { id: 'turn', label: 'Turn', value: (s) => s.turn },
  {
    id: 'season',
    label: 'Season',
    value: (s, rs) => `Year ${s.year}, ${rs.wheels[s.wheelKind][s.wheelPos].label}${s.wheelKind ? ' (Erratic wheel)' : ''}`,
  },
  { id: 'dice', label: 'Dice', value: (s) => (s.die1 ? `${s.die1} + ${s.die2} = ${s.die1 + s.die2}` : '–') },
  { id: 'costOfLiving', label: 'Cost of the Living', value: (s) => s.costOfLiving },
  { id: 'researchCost', label: 'Research Cost', value: (s) => s.researchCost },
  { id: 'taxRate', label: 'Tax rate', value: (s) => s.taxRate },
  { id: 'volatility', label: 'Volatility', value: (s) => s.volatility },
  { id: 'climate', label: 'Climate', value: (s, rs) => `${s.climate} / ${rs.data.climate.threshold}` },
  { id: 'centralBank', label: 'Central Bank', value: (s) => s.centralBank },
  { id: 'row', label: 'R.O.W.', value: (s) => s.row },
  { id: 'phase', label: 'Phase', value: (s) => PHASE_NAMES[s.phase] ?? String(s.phase) },
  {
    id: 'decider',
    label: 'To act',
    value: (s) => (s.phase === Phase.GameOver ? `over: ${VICTORY_NAMES[s.victory]}, player ${s.winner} wins` : `player ${s.decider}`),
  },
];

/** Tables shown for each step. `rows` may return [] (the table shows "none"). */
export const SECTIONS: {
  id: string;
  title: string;
  columns: string[];
  rows: (s: MerlinState, rs: Ruleset, agents: readonly string[]) => Cell[][];
}[] = [
  {
    id: 'players',
    title: 'Players',
    columns: ['seat', 'agent', 'gold', ...COMMODITIES, 'crowns', 'decrees due', 'mead', 'debt', 'net worth', 'status', 'hand (new)'],
    rows: (s, rs, agents) =>
      agents.map((agent, p) => [
        p,
        agent,
        s.gold[p],
        ...COMMODITIES.map((_, c) => s.held[p * 3 + c]),
        s.crowns[p],
        s.decreesDue[p],
        s.mead[p],
        s.debtBank[p] + s.debtRow[p],
        s.eliminated[p] ? 0 : netWorth(s, rs, p),
        s.eliminated[p]
          ? 'out'
          : s.bankruptSince[p] >= 0
            ? `bankrupt since month ${s.bankruptSince[p]}${s.bankruptHeld[p] ? ', through its own turn' : ''}`
            : s.order.indexOf(p) >= 0
              ? `${s.order.indexOf(p) + 1}. in turn order`
              : '',
        s.hands[p].map((c) => handCard(rs, c)).join(', ') +
          (s.newCards[p].length ? ` (${s.newCards[p].map((c) => handCard(rs, c)).join(', ')})` : ''),
      ]),
  },
  {
    id: 'fields',
    title: 'Fields',
    columns: ['seat', 'slot', 'what', 'card', 'on top', 'invested', 'vault', 'lab funds', 'spent cards', 'planted', 'hits taken'],
    rows: (s, rs) => {
      const F = rs.data.table.fieldSlots;
      const out: Cell[][] = [];
      for (let k = 0; k < s.numPlayers * F; k++) {
        if (s.slotKind[k] === SlotKind.Empty) continue;
        const top = s.slotTopKind[k];
        out.push([
          Math.floor(k / F),
          k % F,
          SLOT_KINDS[s.slotKind[k]],
          cardName(s.slotCard[k]),
          top === TopKind.None ? '' : `${TOP_KINDS[top]} ${cardName(s.slotTop[k])}`,
          s.slotInvest[k],
          s.slotVault[k],
          s.slotFunds[k],
          s.slotSpent[k],
          s.slotPlanted[k],
          s.slotHits[k],
        ]);
      }
      return out;
    },
  },
  {
    id: 'units',
    title: 'Units on the board (golems and Royal Guards)',
    columns: [
      'owner',
      'card',
      'square (seat, slot)',
      'attack / strength',
      'hit points / health',
      'active from turn',
      'last acted',
      'stance',
      'shield',
      'flags',
    ],
    rows: (s, rs) =>
      s.unitCard.map((c, u) => [
        s.unitOwner[u],
        cardName(c),
        `${Math.floor(s.unitPos[u] / rs.data.table.fieldSlots)}, ${s.unitPos[u] % rs.data.table.fieldSlots}`,
        s.unitAtk[u],
        s.unitHp[u],
        s.unitActiveFrom[u],
        s.unitActed[u] < 0 ? '' : s.unitActed[u],
        s.unitStance[u] ? 'defending' : '',
        s.unitShield[u] || '',
        Object.entries(UnitFlag)
          .filter(([, bit]) => s.unitFlags[u] & bit)
          .map(([name]) => name)
          .join(', '),
      ]),
  },
  {
    id: 'market',
    title: 'The Grand Market (bids and asks per player, price per unit; escrow; horse carts)',
    columns: ['seat', 'commodity', 'bid', 'escrow (bid / gold)', 'ask', 'units asked', 'cart'],
    rows: (s) => {
      const out: Cell[][] = [];
      for (let p = 0; p < s.numPlayers; p++)
        for (let c = 0; c < 3; c++) {
          const k = p * 3 + c;
          const cart = s.cartQty[p] > 0 && s.cartCom[p] === c ? `${s.cartQty[p]} on the road` : '';
          if (!s.mktBid[k] && !s.mktEscBid[k] && !s.mktEscGold[k] && !s.mktAskQty[k] && !cart) continue;
          out.push([
            p,
            COMMODITIES[c],
            s.mktBid[k] || '',
            s.mktEscBid[k] || s.mktEscGold[k] ? `${s.mktEscBid[k]} / ${s.mktEscGold[k]}` : '',
            s.mktAsk[k] || '',
            s.mktAskQty[k] || '',
            cart,
          ]);
        }
      for (let c = 0; c < 3; c++)
        if (s.rowBids[c] > 0) out.push(['R.O.W.', COMMODITIES[c], `${s.rowBids[c]} × ${s.rowBidPrice[c]}`, '', '', '', '']);
      return out;
    },
  },
  {
    id: 'contracts',
    title: 'Futures, loans, insurance, bonds and shares on the table',
    columns: ['contract', 'parties', 'terms', 'state'],
    rows: (s, rs) => [
      ...s.futShort.flatMap((short, k) =>
        short < 0
          ? []
          : [
              [
                `futures ${k}`,
                `short ${short}, long ${s.futLong[k] < 0 ? '-' : s.futLong[k]}`,
                `${COMMODITIES[s.futCom[k]]}, ${s.futPrice[k]} gold per bushel, expires month ${s.futExpiry[k]}`,
                `${s.futOwed[k]} units owed`,
              ],
            ],
      ),
      ...s.loanLender.flatMap((lender, k) =>
        lender < 0
          ? []
          : [[`loan ${k}`, `lender ${lender}, borrower ${s.loanBorrower[k]}`, `due month ${s.loanDue[k]}`, `${s.loanOwed[k]} gold owed`]],
      ),
      ...s.polSeller.flatMap((seller, k) =>
        seller < 0
          ? []
          : [
              [
                `policy ${k}`,
                `seller ${seller}, buyer ${s.polBuyer[k] < 0 ? '-' : s.polBuyer[k]}`,
                `${rs.data.finance.insurance.events[s.polEvent[k]].name}, premium ${s.polPremium[k]}, ${s.polPeriod[k]} turns`,
                `cover ${s.polCover[k]}`,
              ],
            ],
      ),
      ...s.bondIssuer.flatMap((issuer, k) =>
        issuer < 0
          ? []
          : [
              [
                `bond ${k}`,
                `issuer ${issuer}, holder ${s.bondHolder[k] < 0 ? '-' : s.bondHolder[k]}`,
                `face ${s.bondFace[k]}, coupon ${s.bondCoupon[k]} a turn`,
                s.bondHolder[k] < 0 ? `unsold, term ${s.bondDue[k]} months` : `matures month ${s.bondDue[k]}`,
              ],
            ],
      ),
      ...s.shareIssuer.flatMap((issuer, k) =>
        issuer < 0
          ? []
          : [
              [
                `share ${k}`,
                `issuer ${issuer}, holder ${s.shareHolder[k] < 0 ? '-' : s.shareHolder[k]}`,
                `${s.sharePct[k]}% of property payouts`,
                `price ${s.sharePrice[k]}`,
              ],
            ],
      ),
    ],
  },
  {
    id: 'gold',
    title: 'Where the gold is',
    columns: ['holder', 'gold'],
    rows: (s, rs) => goldBy(s, rs).map((g, i) => [GOLD_COLUMNS[i], g]),
  },
  {
    id: 'commodities',
    title: 'Where the commodity tokens are',
    columns: ['holder', 'tokens'],
    rows: (s, rs) => commoditiesBy(s, rs).map((g, i) => [COMMODITY_COLUMNS[i], g]),
  },
  {
    id: 'in-play',
    title: 'Cards in play',
    columns: ['card', 'owner', 'where', 'since turn'],
    rows: (s, rs) => [
      ...s.readingCard.map((c, i) => [
        cardDef(rs, s.readingDeck[i], c).name,
        s.readingOwner[i],
        'Future Reading, face up',
        s.readingTurn[i],
      ]),
      ...s.potionCard.map((c, i) => [
        `potion ${cardDef(rs, DECK_INDEX.potions, c).name}`,
        s.potionOwner[i],
        s.potionSlot[i] < 0 ? 'face down before its owner' : `face down on slot ${s.potionSlot[i] % rs.data.table.fieldSlots}`,
        s.potionTurn[i],
      ]),
      ...(s.decreeCard >= 0
        ? [[`decree ${cardDef(rs, DECK_INDEX.royalDecrees, s.decreeCard).name}`, s.decreeDrawer, 'Royal Decree being decided', s.turn]]
        : []),
      ...s.council.flatMap((c, a) => (c >= 0 ? [[cardName(c), '', `the Council's offices, place ${a}, face up`, '']] : [])),
    ],
  },
  {
    id: 'regulations',
    title: 'Regulations in force and the open regulation vote (docs/RULES.md D152-D156)',
    columns: ['regulation', 'status', 'votes (seat: for / against)'],
    rows: (s, rs) => {
      const regs = rs.data.decrees.regulations;
      const out: Cell[][] = s.regulation.flatMap((r) => (r < 0 ? [] : [[regs[r].name, 'in force', '']]));
      if (s.regMotion >= 0) {
        const votes = s.regVotes.flatMap((v, p) => (v < 0 ? [] : [`${p}: ${v === 1 ? 'for' : 'against'}`])).join(', ');
        out.push([regs[s.regMotion].name, `motion of seat ${s.regProposer}`, votes]);
      }
      return out;
    },
  },
  {
    id: 'other',
    title: 'Other state (fields no section lays out yet)',
    columns: ['field', 'value'],
    rows: (s) =>
      Object.keys(s)
        .filter((k) => !LAID_OUT.has(k))
        .map((k) => [k, brief((s as unknown as Record<string, unknown>)[k])]),
  },
];

/** State fields the sections above show (or that are bookkeeping); anything else goes to "Other state". */
const LAID_OUT = new Set([
  'v',
  'rulesetHash',
  'numPlayers',
  'rng',
  'turn',
  'turnIdx',
  'order',
  'actionsThisTurn',
  'offersRefused',
  'wheelPos',
  'wheelKind',
  'months',
  'year',
  'climate',
  'costOfLiving',
  'researchCost',
  'taxRate',
  'volatility',
  'die1',
  'die2',
  'centralBank',
  'row',
  'auctionPot',
  'supply',
  'gold',
  'held',
  'crowns',
  'decreesDue',
  'mead',
  'debtBank',
  'debtRow',
  'bankruptSince',
  'bankruptHeld',
  'eliminated',
  'hands',
  'handOrigin',
  'newCards',
  'spellTargeted',
  'slotKind',
  'slotCard',
  'slotTopKind',
  'slotTop',
  'slotInvest',
  'slotInvestTurn',
  'slotVault',
  'slotFunds',
  'slotSpent',
  'slotPlanted',
  'underCard',
  'underKey',
  'deck',
  'discard',
  'council',
  'cdeck',
  'cdiscard',
  'readingDeck',
  'readingCard',
  'readingOwner',
  'readingTurn',
  'potionCard',
  'potionOwner',
  'potionSlot',
  'potionTurn',
  'potionOrigin',
  'modSeat',
  'modSlot',
  'modScope',
  'modMult',
  'modUntil',
  'phase',
  'decider',
  'pending',
  'pendingHand',
  'pendingSlot',
  'pendingPlayer',
  'queue',
  'bids',
  'aucGroup',
  'aucFirstPos',
  'aucRound',
  'aucPending',
  'decreeOptions',
  'decreeCard',
  'decreeDrawer',
  'votes',
  'winner',
  'victory',
  // market and finance: the Market and Contracts sections; the offer being composed, the stimulus
  // clock and the last prices are bookkeeping
  'mktBid',
  'mktBidTurn',
  'mktEscBid',
  'mktEscGold',
  'mktAsk',
  'mktAskQty',
  'rowBids',
  'rowBidPrice',
  'lastPrice',
  'bidSeenMonth',
  'cartCom',
  'cartQty',
  'cartDest',
  'cartPrice',
  'cartTurn',
  'offerKind',
  'offerA',
  'offerB',
  'offerTo',
  'propAucPrice',
  'propAucLeader',
  'futShort',
  'futLong',
  'futCom',
  'futPrice',
  'futExpiry',
  'futOwed',
  'futLate',
  'loanLender',
  'loanBorrower',
  'loanOwed',
  'loanDue',
  'polSeller',
  'polBuyer',
  'polEvent',
  'polPremium',
  'polCover',
  'polUntil',
  'polPeriod',
  'polSeason',
  // the Private Mint: the Contracts section; the offered spell, transport wards and price shifts are
  // bookkeeping (not shown yet)
  'bondIssuer',
  'bondHolder',
  'bondFace',
  'bondCoupon',
  'bondDue',
  'shareIssuer',
  'shareHolder',
  'sharePct',
  'sharePrice',
  'offerCard',
  'offerOrigin',
  'cartWard',
  'cartWardUntil',
  'priceShift',
  'priceShiftUntil',
  // combat: the Fields and Units sections; the open command is bookkeeping
  'slotHits',
  'unitCard',
  'unitOwner',
  'unitPos',
  'unitAtk',
  'unitHp',
  'unitActiveFrom',
  'unitActed',
  'unitStance',
  'unitShield',
  'unitExtraAttacks',
  'unitFlags',
  'cmdUnit',
  'cmdPartner',
  // regulations: the Regulations section
  'regulation',
  'regMotion',
  'regProposer',
  'regVotes',
]);

function brief(v: unknown): string {
  const t = JSON.stringify(v) ?? String(v);
  return t.length > 160 ? `${t.slice(0, 157)}…` : t;
}

/**
 * Merlin's replay view under ruleset `rs`, as the game registry hands it to designer/replay-view.ts:
 * the counters, the tables (`agents`: the spec of each seat) and net worth in gold for the chart (0 once eliminated).
 */
export function merlinReplayView(rs: Ruleset) {
  return {
    counters: COUNTERS.map((c) => ({ id: c.id, label: c.label, value: (s: MerlinState) => c.value(s, rs) })),
    sections: SECTIONS.map((x) => ({
      id: x.id,
      title: x.title,
      columns: x.columns,
      rows: (s: MerlinState, agents: readonly string[]) => x.rows(s, rs, agents),
    })),
    worth: { label: 'Net worth', unit: 'gold', value: (s: MerlinState, seat: number) => (s.eliminated[seat] ? 0 : netWorth(s, rs, seat)) },
  };
}
