/**
 * `merlin replay view`: a replay log rendered as one self-contained web page (no network loads; opens
 * from file://). The log is replayed through the engine first (replay.ts; a log that does not reproduce
 * its recorded final state is refused), and every state becomes a frame: the counters and a set of
 * tables. The page has a slider, step buttons (and the arrow keys), the action log with descriptions and
 * dice, and each player's net worth over the game (vega-lite, SVG) with a cursor at the shown step.
 *
 * The table shows everything, hands included: a replay is for the designer, not for a player.
 *
 * To show more of the state, add a counter to COUNTERS or a table to SECTIONS (an id, a title, its
 * columns and a function from the state to rows); the page needs no other change. State fields that no
 * section lays out yet (for example the Grand Market's book or combat units, once the engine has them)
 * appear in the "Other state" section, so nothing new is hidden.
 */
import escapeHtml from 'escape-html';
import type { Ruleset } from '../games/merlin/rules/index.ts';
import { COMMODITIES } from '../games/merlin/rules/schema.ts';
import { netWorth, PHASE_NAMES, type MerlinState } from '../games/merlin/engine/index.ts';
import { HAND_POTION, HAND_SPELL, Phase, SlotKind, TopKind, UnitFlag, VICTORY_NAMES } from '../games/merlin/engine/state.ts';
import { cardName } from '../games/merlin/engine/cards.ts';
import { cardDef, DECK_INDEX } from '../games/merlin/engine/effects.ts';
import { COMMODITY_COLUMNS, commoditiesBy, GOLD_COLUMNS, goldBy } from './holders.ts';
import { chartWithXPositions, lineChart } from './charts.ts';
import { replayStates, type ReplayLog } from './replay.ts';

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
export const SECTIONS: { id: string; title: string; columns: string[]; rows: (s: MerlinState, rs: Ruleset, log: ReplayLog) => Cell[][] }[] =
  [
    {
      id: 'players',
      title: 'Players',
      columns: ['seat', 'agent', 'gold', ...COMMODITIES, 'crowns', 'mead', 'debt', 'net worth', 'status', 'hand (new)'],
      rows: (s, rs, log) =>
        log.agents.map((agent, p) => [
          p,
          agent,
          s.gold[p],
          ...COMMODITIES.map((_, c) => s.held[p * 3 + c]),
          s.crowns[p],
          s.mead[p],
          s.debtBank[p] + s.debtRow[p],
          s.eliminated[p] ? 0 : netWorth(s, rs, p),
          s.eliminated[p]
            ? 'out'
            : s.bankruptSince[p] >= 0
              ? `bankrupt since month ${s.bankruptSince[p]}`
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
  'mead',
  'debtBank',
  'debtRow',
  'bankruptSince',
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

/** One step of the game as the page shows it. */
export interface Frame {
  /** Counter values, COUNTERS order. */
  c: Cell[];
  /** Rows of each table, SECTIONS order. */
  t: Cell[][][];
}

/** The frame of state `s`. */
export function frameOf(s: MerlinState, rs: Ruleset, log: ReplayLog): Frame {
  return { c: COUNTERS.map((x) => x.value(s, rs)), t: SECTIONS.map((x) => x.rows(s, rs, log)) };
}

/** Escape JSON for a <script> element. */
const scriptJson = (x: unknown) =>
  JSON.stringify(x)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The viewer page of a replay log.
 * @throws StateError when the log does not reproduce its recorded game
 */
export async function replayHtml(log: ReplayLog): Promise<string> {
  const { rs, states } = replayStates(log);
  const frames = states.map((s) => frameOf(s, rs, log));
  const worth: { t: number; series: string; value: number }[] = [];
  states.forEach((s, i) =>
    log.agents.forEach((a, p) => worth.push({ t: i, series: `player ${p} (${a})`, value: s.eliminated[p] ? 0 : netWorth(s, rs, p) })),
  );
  const chart = await chartWithXPositions(lineChart(worth, 'Net worth', 'step', 'gold'), [0, states.length - 1]);
  const data = {
    counters: COUNTERS.map(({ id, label }) => ({ id, label })),
    sections: SECTIONS.map(({ id, title, columns }) => ({ id, title, columns })),
    frames,
    log: log.actions.map((a) => ({ seat: a.seat, turn: a.turn, d: a.description, dice: a.dice })),
    cursor: chart.px,
  };
  const title = `Replay: ${log.agents.join(' vs ')} (seed ${log.seed})`;
  const e = escapeHtml;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(title)}</title>
<style>
body { font: 14px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 16px; color: #222; }
h1 { font-size: 20px; margin: 0 0 4px; } h2 { font-size: 15px; margin: 14px 0 4px; } .meta { color: #555; margin: 0 0 8px; }
.controls { display: flex; gap: 6px; align-items: center; position: sticky; top: 0; background: #fff; padding: 6px 0; z-index: 2; border-bottom: 1px solid #ddd; }
.controls input[type=range] { flex: 1; } button { font-size: 14px; padding: 2px 10px; } #step-label { min-width: 150px; font-variant-numeric: tabular-nums; }
.layout { display: grid; grid-template-columns: minmax(0, 1fr) 380px; gap: 16px; }
.counters { display: flex; flex-wrap: wrap; gap: 6px; margin: 8px 0; }
.counter { border: 1px solid #ddd; border-radius: 4px; padding: 2px 8px; background: #fafafa; } .counter b { display: block; font-size: 11px; color: #666; font-weight: normal; }
table { border-collapse: collapse; font-size: 12.5px; } th, td { border-bottom: 1px solid #e6e6e6; padding: 2px 6px; text-align: left; vertical-align: top; } th { background: #f6f6f6; }
#log { height: 70vh; overflow-y: auto; border: 1px solid #ddd; margin: 0; padding: 0; list-style: none; font-size: 12.5px; }
#log li { padding: 2px 6px; border-bottom: 1px solid #f0f0f0; cursor: pointer; } #log li.done { color: #777; } #log li.current { background: #dbe8f6; color: #000; }
#tables { display: flex; flex-wrap: wrap; gap: 0 28px; align-items: flex-start; }
#log .dice { color: #a15c00; } .chart { position: relative; width: max-content; max-width: 100%; overflow-x: auto; }
.chart svg { display: block; } #cursor { position: absolute; top: 20px; bottom: 40px; width: 0; border-left: 2px solid #e45756; pointer-events: none; }
</style></head>
<body>
<h1>${e(title)}</h1>
<p class="meta">Ruleset <b>${e(log.ruleset.name)}</b> (hash <code>${e(log.ruleset.hash.slice(0, 16))}</code>) · ${log.players} players · agents <code>${e(log.agents.join(','))}</code> ·
${log.result.steps} actions, ${log.result.turns} turns · ${e(log.result.victory.replace('_', ' '))}, player ${log.result.winner} wins · replayed through the engine: final state matches the log (sha256 <code>${e(log.result.final_state_sha256.slice(0, 12))}</code>)</p>
<div class="controls">
<button id="first" title="first step (Home)">◀◀</button><button id="prev" title="previous step (←)">◀</button><button id="play" title="play / pause (space)">▶ play</button><button id="next" title="next step (→)">▶</button><button id="last" title="last step (End)">▶▶</button>
<input id="slider" type="range" min="0" max="${frames.length - 1}" value="0" aria-label="step"><span id="step-label"></span>
</div>
<div class="layout"><div>
<div class="counters" id="counters"></div>
<div id="tables"></div>
<h2>Net worth</h2><div class="chart" id="chart">${chart.svg}<div id="cursor"></div></div>
</div><div><h2>Action log</h2><ol id="log"></ol></div></div>
<script type="application/json" id="replay-data">${scriptJson(data)}</script>
<script>
'use strict';
const D = JSON.parse(document.getElementById('replay-data').textContent);
const N = D.frames.length - 1;
const esc = (x) => String(x).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
document.getElementById('counters').innerHTML = D.counters.map((c) => '<div class="counter"><b>' + esc(c.label) + '</b><span data-counter="' + esc(c.id) + '"></span></div>').join('');
document.getElementById('tables').innerHTML = D.sections.map((s) => '<section data-section="' + esc(s.id) + '"><h2>' + esc(s.title) + '</h2><table><thead><tr>' +
  s.columns.map((c) => '<th>' + esc(c) + '</th>').join('') + '</tr></thead><tbody></tbody></table></section>').join('');
const counterEls = D.counters.map((c) => document.querySelector('[data-counter="' + c.id + '"]'));
const bodies = D.sections.map((s) => document.querySelector('[data-section="' + s.id + '"] tbody'));
const logEl = document.getElementById('log');
logEl.innerHTML = D.log.map((a, i) => '<li data-step="' + (i + 1) + '">' + (i + 1) + '. turn ' + a.turn + ' · player ' + a.seat + ': ' + esc(a.d) +
  (a.dice ? ' <span class="dice">→ rolls ' + a.dice[0] + ' + ' + a.dice[1] + '</span>' : '') + '</li>').join('');
const items = logEl.children;
const slider = document.getElementById('slider');
const label = document.getElementById('step-label');
const cursor = document.getElementById('cursor');
let cur = -1;
function show(i) {
  i = Math.max(0, Math.min(N, i | 0));
  const f = D.frames[i];
  f.c.forEach((v, j) => (counterEls[j].textContent = v));
  f.t.forEach((rows, j) => {
    bodies[j].innerHTML = rows.length ? rows.map((r) => '<tr>' + r.map((c) => '<td>' + esc(c) + '</td>').join('') + '</tr>').join('')
      : '<tr><td colspan="' + D.sections[j].columns.length + '">none</td></tr>';
  });
  // Log item k is action k + 1: done once shown; the last action done is the current one.
  for (let k = cur < 0 ? 0 : Math.min(cur, i), hi = cur < 0 ? N : Math.max(cur, i); k < hi; k++) items[k].classList.toggle('done', k < i);
  if (cur > 0) items[cur - 1].classList.remove('current');
  if (i > 0) {
    items[i - 1].classList.add('current');
    items[i - 1].scrollIntoView({ block: 'nearest' });
  }
  cur = i;
  slider.value = String(i);
  label.textContent = 'step ' + i + ' / ' + N + (i > 0 ? ' (after action ' + i + ')' : ' (start)');
  cursor.style.left = (D.cursor[0] + ((D.cursor[1] - D.cursor[0]) * i) / Math.max(1, N)) + 'px';
  document.body.dataset.step = String(i);
}
let timer = null;
function play() {
  const btn = document.getElementById('play');
  if (timer) { clearInterval(timer); timer = null; btn.textContent = '▶ play'; return; }
  btn.textContent = '⏸ pause';
  timer = setInterval(() => { if (cur >= N) play(); else show(cur + 1); }, 120);
}
document.getElementById('first').onclick = () => show(0);
document.getElementById('prev').onclick = () => show(cur - 1);
document.getElementById('next').onclick = () => show(cur + 1);
document.getElementById('last').onclick = () => show(N);
document.getElementById('play').onclick = play;
slider.oninput = () => show(Number(slider.value));
logEl.onclick = (ev) => { const li = ev.target.closest('li'); if (li) show(Number(li.dataset.step)); };
document.addEventListener('keydown', (ev) => {
  if (ev.target === slider) return;
  const k = { ArrowRight: 1, ArrowLeft: -1 }[ev.key];
  if (k) { show(cur + k); ev.preventDefault(); }
  else if (ev.key === 'Home') show(0);
  else if (ev.key === 'End') show(N);
  else if (ev.key === ' ') { play(); ev.preventDefault(); }
});
show(0);
</script>
</body></html>
`;
}
