/**
 * Observation and state tensors for Merlin Economics (docs/OBSERVATION.md is generated from the specs here).
 *
 * `createObservationEncoder(rs)` writes one seat's view into a caller-owned Float32Array: the public table
 * from that seat's point of view (itself first, then the other seats in turn order) plus its own hidden
 * cards. `createStateEncoder(rs)` writes the perfect-information tensor for centralised critics: the same
 * public layout by absolute seat, plus every seat's hidden cards, bids and votes and the decree options.
 *
 * Both layouts are generated from code (`TensorLayout.add`, env/core/layout.ts) and sized by the ruleset only (players.max
 * seats, fieldSlots, handSize, deck definitions), so the length is fixed whatever the player count: absent
 * seats are all zero with `seat.present` = 0. Every value is finite and within its segment's [low, high];
 * each segment's `meaning` states its normalisation. Hidden-information rules (never broken by `observe`):
 *
 * - Other players' hands and cards bought this turn appear only as counts.
 * - Face-down potions appear only as "a potion lies here" counts; their identities only to their owner.
 * - Auction bids are hidden: during the turn-order auction and a refused decree's auction every other seat's
 *   gold is shown as pocket + bid (their closed fist folded back), the pot as what it holds beyond the bids
 *   of the open round, and net worths with bids folded back in. A seat's own bid is in `bid`.
 * - Tax-rate votes are hidden until all are cast: only whether each seat has voted; one's own vote in `vote`.
 * - Decree options are shown only to the King's drawer. Draw-pile order is shown to nobody (sizes only).
 * - A decree is shown by its face (docs/RULES.md D151): designs sharing a name look the same; the hidden cost
 *   is seen by nobody until the decree is enacted (then only its effect on the public counters and purses).
 * - The pending hand index of a sub-decision is shown only to the decider.
 *
 * Speed: offsets are fixed when the encoder is made. The encoder writes into a private row that it keeps
 * all zero between calls and lists each entry it writes (about 85 are non-zero of `full`'s 9,172 in a 4-player game, docs/OBSERVATION.md),
 * so `observe` zero-fills the caller's row and copies the non-zero ones, and `observeSparse` returns them as
 * (index, value) pairs without touching a dense row at all. A row writer (`observationRowWriter`) skips the
 * private row: it encodes straight into a row it owns and keeps the list of its entries, to zero them before
 * the next call; vector envs use it (env/core/vector.ts). `encode` calls one small writer per feature block
 * (see `build`), so V8 inlines `put` and the engine helpers (`bestBid`, `contractWorths`...) into each; see
 * docs/BENCHMARKS.md for the figures.
 *
 * Layout: `build` is a list of feature blocks, one per topic, each declaring its segments (`TensorLayout.add`, with
 * named sub-fields for record-shaped entries, `record`) right above the function that writes them.
 */
import type { ObservationRowWriter, TensorSpec } from '../../../env/core/game.ts';
import { TensorLayout } from '../../../env/core/layout.ts';
import { ArgumentError } from '../../../lib/errors.ts';
import type { Ruleset } from '../rules/index.ts';
import { HAND_POTION, HAND_SPELL, MintPending, Pending, Phase, SlotKind, TopKind, UnitFlag, type MerlinState } from '../engine/state.ts';
import { cardHp } from '../engine/combat.ts';
import { rankOf, suitOf } from '../engine/cards.ts';
import { addMarketWorths, bestAsk, bestBid, bidPrice } from '../engine/market.ts';
import { tradeItemCount } from '../engine/trade.ts';
import { contractWorths } from '../engine/victory.ts';
import { decreeFaces } from '../engine/decrees.ts';
import { regulationAction } from '../engine/regulations.ts';
import { MintOffer } from '../engine/mint.ts';
import { Offer } from '../engine/offers.ts';

/** Most face-up Future Readings encoded one by one (the oldest first); `readingCount` counts them all. */
export const MAX_READINGS = 12;

/**
 * One-hot position of each Phase / Pending value (the values leave gaps between the groups of rules, so they are not
 * positions themselves): `PHASE_INDEX[phase]`, `PENDING_INDEX[pending]`, -1 for a value that is not one.
 */
function oneHotIndex(table: Record<string, number>): { names: string[]; index: Int16Array } {
  const entries = Object.entries(table);
  const index = new Int16Array(Math.max(...entries.map(([, v]) => v)) + 1).fill(-1);
  entries.forEach(([, v], i) => (index[v] = i));
  return { names: entries.map(([k]) => k), index };
}
const PHASES = oneHotIndex(Phase);
const { None: _none, ...OPEN_PENDINGS } = { ...Pending, ...MintPending };
const PENDINGS = oneHotIndex(OPEN_PENDINGS);
const NUM_PHASES = PHASES.names.length;
const NUM_PENDING = PENDINGS.names.length;
/** Slot kinds encoded one-hot (Empty is all zero): Property, SpellLab, PotionLab, Chauffeur. */
const SLOT_KINDS = 4;
/** Top kinds encoded one-hot (None and ChauffeurPair are implied by the slot kind): Land, SpellShop, Brewery. */
const TOP_KINDS = 3;
/** Playing-card suits one-hot: Clubs, Spades, Hearts, Diamonds, Joker. */
const SUITS = 5;

/** The writer shared by both encoders: `full` selects the perfect-information state tensor. */
interface Encoder {
  spec: TensorSpec;
  write: (s: MerlinState, observer: number, out: Float32Array) => void;
  writeSparse: (s: MerlinState, observer: number, index: Int32Array, value: Float32Array) => number;
  rowWriter: (capacity?: number) => RowWriter;
}

/** A row writer (`Game.observationRowWriter`) with the list of what it last wrote. */
type RowWriter = ObservationRowWriter<MerlinState> & { written(out: Int32Array): number };

/**
 * The sub-fields of one entry of a record-shaped segment (a futures contract, a unit, a bond...): their widths
 * in order give each one's offset inside the entry, and `width` the entry's length.
 * `record({ present: 1, commodity: 3, price: 1 })` is `{ present: 0, commodity: 1, price: 4, width: 5 }`.
 */
function record<K extends string>(widths: Record<K, number>): Readonly<Record<K | 'width', number>> {
  const out = {} as Record<K | 'width', number>;
  let at = 0;
  for (const k of Object.keys(widths) as K[]) {
    out[k] = at;
    at += widths[k];
  }
  out.width = at;
  return out;
}

/**
 * Both encoders. The body is a list of feature blocks in layout order, one per topic (the decision and the
 * clock, pools, seats, fields, Future Readings, decrees, hidden cards, the market, futures, loans, insurance,
 * combat, regulations, the Private Mint, market cards): each declares its segments and, right below, the
 * `write*` function that writes them; `encode` at the end calls the writers. The layout order is the spec
 * (its hash pins it), so the few segments of a topic that sit inside another block's range are declared there
 * and say which writer fills them (the potions and production modifiers, written with the fields).
 */
function build(rs: Ruleset, full: boolean): Encoder {
  const d = rs.data;
  const M = d.players.max;
  const F = d.table.fieldSlots;
  const H = d.table.handSize;
  const G = Math.max(1, d.supply.gold);
  const C0 = Math.max(1, d.supply.commodities.souls);
  const C1 = Math.max(1, d.supply.commodities.elixirOil);
  const C2 = Math.max(1, d.supply.commodities.essenceGrain);
  const csz = [C0, C1, C2];
  const R = MAX_READINGS;
  const O = d.decrees.choices;
  const meadPrice = d.mead.priceInCostOfLiving;
  const spellDef = rs.cards.spells.instanceDef;
  const potionDef = rs.cards.potions.instanceDef;
  const decreeDef = rs.cards.royalDecrees.instanceDef;
  const nSp = rs.cards.spells.defs.length;
  const nPo = rs.cards.potions.defs.length;
  const names = (defs: { id: string }[]) => defs.map((x) => x.id).join(', ');

  const seatWord = full ? `[${M}] seats by seat number` : `[${M}] relative seats (0 the observer, then turn order)`;
  const relWord = full ? 'seat number' : 'relative seat';
  const B = full ? M : 1;
  const privWord = full ? `[${M}] seats by seat number × ` : "the observer's own: ";
  const priceWord = 'x as x / (x + 10)';
  const L = new TensorLayout();

  // Per-call scratch, filled by `encode`: rel[i] the seat at relative index i, relOf[p] the relative index of
  // seat p (both the identity in the state tensor), orderPos[p] its turn-order position + 1 (0 unplaced), and
  // worths[p] the part of its net worth that does not come from its field (`seatWorths`).
  const rel = new Int32Array(M);
  const relOf = new Int32Array(M);
  const orderPos = new Int32Array(M);
  const worths = new Float64Array(M);

  // ======== the decision and the clock
  const turnLimit = d.turnLimit;
  const maxActions = d.maxActionsPerTurn;
  const climateT = d.climate.threshold;
  const W = rs.wheels[0].length;
  const oPhase = L.add('phase', NUM_PHASES, `One-hot over Phase, in this order: ${PHASES.names.join(', ')}.`);
  const oPending = L.add(
    'pending',
    NUM_PENDING,
    `One-hot over Pending (why a sub-decision is open), in this order: ${PENDINGS.names.join(', ')}; all zero when none is open.`,
  );
  const oPendSlot = L.add(
    'pendingSlot',
    F,
    `One-hot over the decider's field slots: the slot chosen earlier in a compound decision (the lab of a Spell Shop / Brewery, the first property of a Chauffeur); all zero when none.`,
  );
  const oPendPlayer = L.add(
    'pendingPlayer',
    M,
    `One-hot over ${relWord}: the spell's target player chosen earlier (Land spells); all zero when none.`,
  );
  const oPendHand = L.add(
    'pendingHand',
    H,
    full
      ? "One-hot over the decider's hand index of the card being played in the open sub-decision; all zero when none."
      : "One-hot over the decider's hand index of the card being played in the open sub-decision, shown only when the observer is the decider; all zero otherwise.",
  );
  let oIsDecider = -1;
  let oIsActive = -1;
  if (!full) {
    oIsDecider = L.add('observerIsDecider', 1, '1 when the observer decides next.');
    oIsActive = L.add('observerIsActive', 1, "1 when it is the observer's turn (the active player).");
  }
  const oTurn = L.add('turn', 1, `Turns started so far / turnLimit (${turnLimit}), clipped to 1.`);
  const oActions = L.add('actionsThisTurn', 1, `Actions taken this turn / maxActionsPerTurn (${maxActions}), clipped to 1.`);
  const oYear = L.add('year', 1, 'Years completed: (year - 1) / (year - 1 + 10).');
  const oMonths = L.add('months', 1, 'Months (wheel portions) elapsed: months / (months + 60).');
  const oCol = L.add('costOfLiving', 1, 'Cost of the Living x as x / (x + 10).');
  const oRc = L.add('researchCost', 1, 'Research Cost x as x / (x + 10).');
  const oTax = L.add('taxRate', 1, 'Tax rate x as x / (x + 5).');
  const oVol = L.add('volatility', 1, 'Volatility x as x / (x + 5).');
  const oClimate = L.add('climate', 1, `Climate Change counter / climate.threshold (${climateT}), clipped to 1.`);
  const oWheelPos = L.add('wheelPos', W, `One-hot over the ${W} portions (months) of the season wheel in force.`);
  const oWheelKind = L.add('wheelKind', 1, '0 the Standard wheel, 1 the Erratic wheel.');
  const oDie1 = L.add('die1', 6, 'One-hot over the first die of the last roll (1..6); all zero before the first roll.');
  const oDie2 = L.add('die2', 6, 'One-hot over the second die of the last roll (1..6).');
  const oTotal = L.add('diceTotal', 11, "One-hot over the last roll's total (2..12).");
  const oDoubles = L.add('doubles', 1, '1 when the last roll was a double.');

  /** The open decision (phase, pending, what was chosen earlier), the counters and the last roll. */
  function writeDecision(s: MerlinState, observer: number, active: number): void {
    const P = s.numPlayers;
    const phase = s.phase;
    const phaseAt = phase >= 0 && phase < PHASES.index.length ? PHASES.index[phase] : -1;
    if (phaseAt >= 0) put(oPhase + phaseAt, 1);
    const pendingAt = s.pending > 0 && s.pending < PENDINGS.index.length ? PENDINGS.index[s.pending] : -1;
    if (pendingAt >= 0) put(oPending + pendingAt, 1);
    if (s.pendingSlot >= 0 && s.pendingSlot < F) put(oPendSlot + s.pendingSlot, 1);
    if (s.pendingPlayer >= 0 && s.pendingPlayer < P) put(oPendPlayer + relOf[s.pendingPlayer], 1);
    if (s.pendingHand >= 0 && s.pendingHand < H && (full || s.decider === observer)) put(oPendHand + s.pendingHand, 1);
    if (!full) {
      if (s.decider === observer && phase !== Phase.GameOver) put(oIsDecider, 1);
      if (active === observer) put(oIsActive, 1);
    }
    const turn = s.turn;
    put(oTurn, turn >= turnLimit ? 1 : turn / turnLimit);
    const acts = s.actionsThisTurn;
    if (acts > 0) put(oActions, acts >= maxActions ? 1 : acts / maxActions);
    const y = s.year - 1;
    if (y > 0) put(oYear, y / (y + 10));
    put(oMonths, s.months / (s.months + 60));
    const col = s.costOfLiving;
    put(oCol, col / (col + 10));
    put(oRc, s.researchCost / (s.researchCost + 10));
    put(oTax, s.taxRate / (s.taxRate + 5));
    put(oVol, s.volatility / (s.volatility + 5));
    if (s.climate !== 0) put(oClimate, s.climate >= climateT ? 1 : s.climate / climateT);
    if (s.wheelPos >= 0 && s.wheelPos < W) put(oWheelPos + s.wheelPos, 1);
    if (s.wheelKind !== 0) put(oWheelKind, s.wheelKind);
    const d1 = s.die1;
    const d2 = s.die2;
    if (d1 >= 1 && d1 <= 6 && d2 >= 1 && d2 <= 6) {
      put(oDie1 + d1 - 1, 1);
      put(oDie2 + d2 - 1, 1);
      put(oTotal + d1 + d2 - 2, 1);
      if (d1 === d2) put(oDoubles, 1);
    }
  }

  // ======== conserved pools and decks
  const perPlayerDecks = d.deck.mode === 'perPlayer';
  const cardsPerDeck = d.deck.jokers ? 54 : 52;
  const deckSizes = [
    rs.decks.teaLeaves.size,
    rs.decks.crystalBall.size,
    rs.decks.spells.size,
    rs.decks.potions.size,
    rs.decks.royalDecrees.size,
  ];
  const oBank = L.add('centralBank', 1, `Central Bank gold / supply.gold (${G}).`);
  const oRow = L.add('row', 1, `R.O.W. gold / supply.gold (${G}).`);
  const oPot = L.add(
    'auctionPot',
    1,
    full
      ? `Gold in the open auction's pot / supply.gold (${G}).`
      : `Gold in the auction pot beyond the bids of the open round (which are hidden and folded back into each seat's gold) / supply.gold (${G}); 0 outside auctions.`,
  );
  const oSupply = L.add('supply', 3, `Commodities in the supply / their totals (${C0}, ${C1}, ${C2}): Souls, Elixir Oil, Essence Grain.`);
  const oPiles = L.add(
    'drawPiles',
    6,
    `Draw-pile sizes / deck sizes: playing deck (/ the game's ${cardsPerDeck}-card decks${perPlayerDecks ? ', one per player' : ''}), Tea Leaves, Crystal Ball, Spells, Potions, Royal Decrees (/${deckSizes.join(', /')}). Order is hidden.`,
  );
  const oDiscards = L.add('discardPiles', 6, 'Discard-pile sizes, same order and scale as drawPiles.');
  const oAucRound = L.add('auctionRound', 1, '1 while the turn-order auction is re-auctioning tied positions.');
  const oReadCount = L.add(
    'readingCount',
    1,
    `Face-up Future Readings on the table / ${2 * R}, clipped to 1 (the first ${R} are in reading.*).`,
  );

  /** The Central Bank, the R.O.W., the auction pot (less the hidden bids), the supply and the piles' sizes. */
  function writePools(s: MerlinState): void {
    const P = s.numPlayers;
    const bids = s.bids;
    put(oBank, s.centralBank / G);
    if (s.row !== 0) put(oRow, s.row / G);
    let pot = s.auctionPot;
    if (!full) for (let p = 0; p < P; p++) if (bids[p] > 0) pot -= bids[p];
    if (pot !== 0) put(oPot, pot / G);
    const sup = s.supply;
    put(oSupply, sup[0] / C0);
    put(oSupply + 1, sup[1] / C1);
    put(oSupply + 2, sup[2] / C2);
    const playingCards = (perPlayerDecks ? P : 1) * cardsPerDeck;
    put(oPiles, s.deck.length / playingCards);
    put(oDiscards, s.discard.length / playingCards);
    const cdeck = s.cdeck;
    const cdiscard = s.cdiscard;
    for (let k = 0; k < 5; k++) {
      const nd = cdeck[k].length;
      if (nd > 0) put(oPiles + 1 + k, nd / deckSizes[k]);
      const nx = cdiscard[k].length;
      if (nx > 0) put(oDiscards + 1 + k, nx / deckSizes[k]);
    }
    if (s.aucRound > 0) put(oAucRound, 1);
    const nReadings = s.readingCard.length;
    put(oReadCount, nReadings >= 2 * R ? 1 : nReadings / (2 * R));
  }

  // ======== seats
  const grace = d.bankruptcy.graceMonths;
  const crownCap = 2 * d.victory.crownsToWin;
  const oPresent = L.add(
    'seat.present',
    M,
    full
      ? `${seatWord}: 1 for a seat in this game, 0 for an absent seat (all its values are 0).`
      : `${seatWord}: 1 for a seat in this game, 0 for an absent seat (all its values are 0). Relative seats: index 0 is the observer, then the other seats in turn order (in seat order from the observer while the turn-order auction has not fixed it); every seat-indexed segment uses this index.`,
  );
  const oElim = L.add('seat.eliminated', M, `${seatWord}: 1 when eliminated.`);
  const oBankrupt = L.add('seat.bankrupt', M, `${seatWord}: 1 when bankrupt (owing debt).`);
  const oGrace = L.add(
    'seat.graceLeft',
    M,
    `${seatWord}: months left before elimination / bankruptcy.graceMonths (${grace}) while bankrupt, else 0.`,
  );
  const oBankruptHeld = L.add(
    'seat.bankruptHeld',
    M,
    `${seatWord}: 1 when bankrupt through a turn of its own (its automatic repayment failed; what Economic Dominance counts under victory.dominance "unrepaid", D33).`,
  );
  const oGold = L.add(
    'seat.gold',
    M,
    full
      ? `${seatWord}: gold in pocket / supply.gold (${G}).`
      : `${seatWord}: gold in pocket / supply.gold (${G}); for the other seats during an auction, pocket + hidden bid.`,
  );
  const oHeld = L.add('seat.held', M * 3, `${seatWord} × [3]: held Souls, Elixir Oil, Essence Grain / their totals.`);
  const oCrowns = L.add('seat.crowns', M, `${seatWord}: Crowns / (2 × crownsToWin = ${crownCap}), clipped to 1.`);
  const oMead = L.add('seat.mead', M, `${seatWord}: Mead m as m / (m + 5).`);
  const oDebtBank = L.add('seat.debtBank', M, `${seatWord}: debt to the Central Bank x as x / (x + 10).`);
  const oDebtRow = L.add('seat.debtRow', M, `${seatWord}: debt to the R.O.W. x as x / (x + 10).`);
  const oHandCount = L.add('seat.handCount', M, `${seatWord}: cards in hand (playing cards, spells, recipes) / handSize (${H}).`);
  const oBoughtCount = L.add('seat.boughtCount', M, `${seatWord}: cards bought this turn (not yet in hand) / handSize (${H}).`);
  const oWorth = L.add(
    'seat.netWorth',
    M,
    full
      ? `${seatWord}: net worth w in gold (engine/victory.ts) as w / (|w| + 50).`
      : `${seatWord}: net worth w in gold (engine/victory.ts; with hidden bids folded back during auctions) as w / (|w| + 50).`,
    -1,
    1,
  );
  const oOrderPos = L.add('seat.orderPos', M, `${seatWord}: (position in the turn order + 1) / ${M}; 0 while unplaced.`);
  const oActive = L.add('seat.active', M, `${seatWord}: 1 for the active player (whose turn it is).`);
  const oDecider = L.add('seat.decider', M, `${seatWord}: 1 for the seat that decides next.`);
  const oDrawer = L.add('seat.decreeDrawer', M, `${seatWord}: 1 for the King's drawer while a Royal Decree is being decided.`);
  const oHasBid = L.add('seat.hasBid', M, `${seatWord}: 1 when the seat has bid in the open auction round (not the amount).`);
  const oHasVoted = L.add('seat.hasVoted', M, `${seatWord}: 1 when the seat has cast its tax-rate vote (not the vote).`);
  const oTargeted = full
    ? L.add('seat.spellTargeted', M * M, `[${M}] × [${M}] by seat number: 1 when the two seats have targeted each other with a spell.`)
    : L.add('seat.spellTargeted', M, `${seatWord}: 1 when this seat and the observer have targeted each other with a spell.`);
  // Written by the fields block (writePotions, writeModifiers):
  const oFront = L.add(
    'seat.potionsInFront',
    M,
    `${seatWord}: face-down potions in front of the seat (under no slot), count / 4 clipped to 1.`,
  );
  const oModLands = L.add(
    'seat.modLands',
    M,
    `${seatWord}: the first production modifier on all the seat's Lands: (multiplier + 1) / 5; 0 when none.`,
  );
  const oModProps = L.add(
    'seat.modProperties',
    M,
    `${seatWord}: the first production modifier on all the seat's properties: (multiplier + 1) / 5; 0 when none.`,
  );

  /** The King's drawer while a Royal Decree is being decided, else -1. */
  function decreeDrawer(s: MerlinState): number {
    return s.decreeCard >= 0 || s.decreeOptions.length > 0 ? s.decreeDrawer : -1;
  }

  /** Every seat's public counters and roles, its field (writeField) and its net worth. */
  function writeSeats(s: MerlinState, observer: number, active: number): void {
    const P = s.numPlayers;
    const bids = s.bids;
    const phase = s.phase;
    const drawer = decreeDrawer(s);
    const held = s.held;
    seatWorths(s);
    for (let i = 0; i < P; i++) {
      const p = rel[i];
      put(oPresent + i, 1);
      const elim = s.eliminated[p];
      if (elim) put(oElim + i, 1);
      const since = s.bankruptSince[p];
      if (since >= 0) {
        put(oBankrupt + i, 1);
        const left = grace - (s.months - since);
        put(oGrace + i, left <= 0 ? 0 : left >= grace ? 1 : left / grace);
        if (s.bankruptHeld[p]) put(oBankruptHeld + i, 1);
      }
      const bid = bids[p] > 0 ? bids[p] : 0;
      const g = full || p === observer ? s.gold[p] : s.gold[p] + bid;
      if (g !== 0) put(oGold + i, g / G);
      const h0 = held[p * 3];
      const h1 = held[p * 3 + 1];
      const h2 = held[p * 3 + 2];
      if (h0 !== 0) put(oHeld + i * 3, h0 / C0);
      if (h1 !== 0) put(oHeld + i * 3 + 1, h1 / C1);
      if (h2 !== 0) put(oHeld + i * 3 + 2, h2 / C2);
      const cr = s.crowns[p];
      if (cr !== 0) put(oCrowns + i, cr >= crownCap ? 1 : cr / crownCap);
      const mead = s.mead[p];
      if (mead !== 0) put(oMead + i, mead / (mead + 5));
      const db = s.debtBank[p];
      if (db !== 0) put(oDebtBank + i, db / (db + 10));
      const dr = s.debtRow[p];
      if (dr !== 0) put(oDebtRow + i, dr / (dr + 10));
      const hc = s.hands[p].length;
      if (hc > 0) put(oHandCount + i, hc >= H ? 1 : hc / H);
      const bc = s.newCards[p].length;
      if (bc > 0) put(oBoughtCount + i, bc >= H ? 1 : bc / H);
      put(oOrderPos + i, orderPos[p] / M);
      if (p === active) put(oActive + i, 1);
      if (p === s.decider && phase !== Phase.GameOver) put(oDecider + i, 1);
      if (p === drawer) put(oDrawer + i, 1);
      if (bids[p] >= 0) put(oHasBid + i, 1);
      if (s.votes[p] >= 0) put(oHasVoted + i, 1);
      if (full) {
        for (let q = 0; q < P; q++) if (s.spellTargeted[p * P + q]) put(oTargeted + p * M + q, 1);
      } else if (s.spellTargeted[observer * P + p]) put(oTargeted + i, 1);
      let w = writeField(s, i, p, worths[p]);
      if (!elim) {
        if (!full) w += bid;
        if (w !== 0) put(oWorth + i, w / ((w < 0 ? -w : w) + 50));
      }
    }
  }

  /**
   * Into worths[p] for each seat p: the part of its net worth (engine/victory.ts netWorth) that does not
   * come from its field (writeField adds the field's part as it writes the slots): gold less debts, held
   * commodities and Mead at the cost of living, its market bids, escrow, asks and carts, and its contracts.
   * A function of its own so that V8 inlines the engine helpers into it (see writeMarketBook).
   */
  function seatWorths(s: MerlinState): void {
    contractWorths(s, worths);
    const col = s.costOfLiving;
    const held = s.held;
    addMarketWorths(s, worths);
    for (let p = 0, P = s.numPlayers; p < P; p++)
      worths[p] +=
        s.gold[p] - s.debtBank[p] - s.debtRow[p] + (held[p * 3] + held[p * 3 + 1] + held[p * 3 + 2]) * col + s.mead[p] * col * meadPrice;
  }

  // ======== fields
  const sfs = d.research.spentForSuccess;
  const payout = rs.payout;
  const specialMult = d.specialisedPayoutMultiplier;
  const fieldWord = `${seatWord} × [${F}] slots`;
  const oKind = L.add(
    'field.kind',
    M * F * SLOT_KINDS,
    `${fieldWord} × [${SLOT_KINDS}]: one-hot slot kind Property, SpellLab, PotionLab, Chauffeur (all zero: empty).`,
  );
  const oTop = L.add(
    'field.top',
    M * F * TOP_KINDS,
    `${fieldWord} × [${TOP_KINDS}]: one-hot card on top Land, SpellShop, Brewery (a Chauffeur's second property is implied by its kind).`,
  );
  const oBaseNum = L.add(
    'field.baseNumber',
    M * F,
    `${fieldWord}: rank of the base card (property, lab, Chauffeur's first property) / 10; 0 when empty.`,
  );
  const oTopNum = L.add(
    'field.topNumber',
    M * F,
    `${fieldWord}: rank of the top card (Land, Spell Shop / Brewery lab card, Chauffeur's second property) / 10; 0 when none.`,
  );
  const oSlotGold = L.add(
    'field.gold',
    M * F,
    `${fieldWord}: gold on the slot (property investment, Chauffeur vault or lab research funds; the kind tells which) g as g / (g + 10).`,
  );
  const oSpent = L.add('field.spent', M * F, `${fieldWord}: spent cards under a lab / research.spentForSuccess (${sfs}), clipped to 1.`);
  const oPlanted = L.add('field.planted', M * F, `${fieldWord}: 1 when a commodity unit is planted on the Land.`);
  const oSlotPotions = L.add(
    'field.potions',
    M * F,
    `${fieldWord}: face-down potions lying under the slot, count / 4 clipped to 1 (never which).`,
  );
  const oSlotMod = L.add(
    'field.modifier',
    M * F,
    `${fieldWord}: the first production modifier on this slot: (multiplier + 1) / 5; 0 when none.`,
  );
  const oInvested = L.add('field.investedThisTurn', M * F, `${fieldWord}: 1 when the property was invested in this turn (once per turn).`);

  /**
   * Seat p's field slots at relative index i; returns `w` plus the field's part of the seat's net worth (the
   * same sum as engine/victory.ts netWorth, inlined, in the same order).
   */
  function writeField(s: MerlinState, i: number, p: number, w: number): number {
    const turn = s.turn;
    const col = s.costOfLiving;
    const slotKind = s.slotKind;
    const slotTopKind = s.slotTopKind;
    const slotCard = s.slotCard;
    const slotTop = s.slotTop;
    const slotInvest = s.slotInvest;
    const slotVault = s.slotVault;
    const slotFunds = s.slotFunds;
    const slotSpent = s.slotSpent;
    const slotPlanted = s.slotPlanted;
    const slotInvestTurn = s.slotInvestTurn;
    const k0 = p * F;
    const j0 = i * F;
    for (let slot = 0; slot < F; slot++) {
      const k = k0 + slot;
      const kind = slotKind[k];
      if (kind === 0) continue;
      const j = j0 + slot;
      if (kind <= SLOT_KINDS) put(oKind + j * SLOT_KINDS + kind - 1, 1);
      const top = slotTopKind[k];
      if (top >= 1 && top <= TOP_KINDS) put(oTop + j * TOP_KINDS + top - 1, 1);
      const rb = rankOf(slotCard[k]);
      put(oBaseNum + j, rb >= 10 ? 1 : rb / 10);
      const tc = slotTop[k];
      let rt = 0;
      if (tc >= 0) {
        rt = rankOf(tc);
        put(oTopNum + j, rt >= 10 ? 1 : rt / 10);
      }
      const planted = slotPlanted[k];
      const sg = slotInvest[k] + slotVault[k] + slotFunds[k];
      if (sg > 0) put(oSlotGold + j, sg / (sg + 10));
      const sp = slotSpent[k];
      if (sp > 0) put(oSpent + j, sp >= sfs ? 1 : sp / sfs);
      if (planted > 0) put(oPlanted + j, 1);
      if (turn > 0 && slotInvestTurn[k] === turn) put(oInvested + j, 1);
      w += sg + planted * col;
      const value = payout[rb];
      if (kind === SlotKind.Property) {
        w += top === TopKind.SpellShop || top === TopKind.Brewery ? value * specialMult : value;
        if (top !== TopKind.None) w += col;
      } else if (kind === SlotKind.Chauffeur) w += value + payout[rt];
      else w += col;
    }
    return w;
  }

  /** Face-down potions: counts for all (seat.potionsInFront, field.potions), identities for their owner only (potion.identity). */
  function writePotions(s: MerlinState, observer: number): void {
    const P = s.numPlayers;
    const pc = s.potionCard;
    for (let x = 0, n = pc.length; x < n; x++) {
      const owner = s.potionOwner[x];
      if (owner < 0 || owner >= P) continue;
      const i = relOf[owner];
      const key = s.potionSlot[x];
      const slot = key >= 0 ? key - owner * F : -1;
      if (slot >= F) continue;
      let idx = slot < 0 ? oFront + i : oSlotPotions + i * F + slot;
      let v = buf[idx] + 0.25;
      put(idx, v > 1 ? 1 : v);
      if (full || owner === observer) {
        const b = full ? owner : 0;
        idx = oPotId + (b * (F + 1) + slot + 1) * nPo + potionDef[pc[x]];
        v = buf[idx] + 0.25;
        put(idx, v > 1 ? 1 : v);
      }
    }
  }

  /** Production modifiers (field.modifier, seat.modLands, seat.modProperties): the first one played wins, so only the first is written. */
  function writeModifiers(s: MerlinState): void {
    const P = s.numPlayers;
    const ms = s.modSeat;
    for (let x = 0, n = ms.length; x < n; x++) {
      const p = ms[x];
      if (p < 0 || p >= P) continue;
      const i = relOf[p];
      const scope = s.modScope[x];
      let idx: number;
      if (scope === 0) {
        const slot = s.modSlot[x] - p * F;
        if (slot < 0 || slot >= F) continue;
        idx = oSlotMod + i * F + slot;
      } else idx = scope === 1 ? oModLands + i : oModProps + i;
      if (buf[idx] === 0) {
        const m = s.modMult[x];
        put(idx, m >= 4 ? 1 : (m + 1) / 5);
      }
    }
  }

  // ======== Future Readings
  const teaDef = rs.cards.teaLeaves.instanceDef;
  const cryDef = rs.cards.crystalBall.instanceDef;
  const nTea = rs.cards.teaLeaves.defs.length;
  const nRd = nTea + rs.cards.crystalBall.defs.length;
  const oRPresent = L.add('reading.present', R, `[${R}] face-up Future Readings, oldest first: 1 when present.`);
  const oRDeck = L.add('reading.deck', R, `[${R}]: 0 Tea Leaves, 1 Crystal Ball.`);
  const oRDef = L.add(
    'reading.card',
    R * nRd,
    `[${R}] × [${nRd}]: one-hot card definition, the Tea Leaves definitions (${names(rs.cards.teaLeaves.defs)}) then the Crystal Ball ones (${names(rs.cards.crystalBall.defs)}).`,
  );
  const oRDrawer = L.add('reading.drawer', R * M, `[${R}] × [${M}]: one-hot ${relWord} of the player who drew it.`);
  const oRAge = L.add('reading.age', R, `[${R}]: turns since it was drawn / 20, clipped to 1.`);

  /** The first MAX_READINGS face-up Future Readings, oldest first. */
  function writeReadings(s: MerlinState): void {
    const P = s.numPlayers;
    const turn = s.turn;
    const nReadings = s.readingCard.length;
    const nr = nReadings < R ? nReadings : R;
    for (let r = 0; r < nr; r++) {
      put(oRPresent + r, 1);
      const deck = s.readingDeck[r];
      const card = s.readingCard[r];
      if (deck === 1) {
        put(oRDeck + r, 1);
        put(oRDef + r * nRd + nTea + cryDef[card], 1);
      } else put(oRDef + r * nRd + teaDef[card], 1);
      const owner = s.readingOwner[r];
      if (owner >= 0 && owner < P) put(oRDrawer + r * M + relOf[owner], 1);
      const age = turn - s.readingTurn[r];
      if (age > 0) put(oRAge + r, age >= 20 ? 1 : age / 20);
    }
  }

  // ======== Royal Decrees
  const { faceOf: decreeFace, faces: decreeFaceNames } = decreeFaces(rs);
  const nDe = decreeFaceNames.length;
  const faceList = decreeFaceNames.join(', ');
  const oDChosen = L.add(
    'decree.chosen',
    nDe,
    `One-hot face of the chosen Royal Decree while it is enacted, refused or auctioned (${faceList}); its hidden cost is not shown (D151).`,
  );
  const oDDrawer = L.add('decree.drawer', M, `One-hot ${relWord} of the King's drawer while a decree is being decided.`);
  const oDOpts = L.add(
    'decree.options',
    O * nDe,
    full
      ? `[${O}] × [${nDe}]: one-hot faces of the revealed decree options (DecreeChoose).`
      : `[${O}] × [${nDe}]: one-hot faces of the revealed decree options, shown only to the King's drawer (DecreeChoose).`,
  );

  /** The chosen decree's face, the King's drawer, and the options' faces (to the drawer only). */
  function writeDecrees(s: MerlinState, observer: number): void {
    const drawer = decreeDrawer(s);
    if (s.decreeCard >= 0) put(oDChosen + decreeFace[decreeDef[s.decreeCard]], 1);
    if (drawer >= 0 && drawer < s.numPlayers) put(oDDrawer + relOf[drawer], 1);
    if (full || (observer === s.decreeDrawer && drawer >= 0)) {
      const opts = s.decreeOptions;
      const n = opts.length < O ? opts.length : O;
      for (let o = 0; o < n; o++) put(oDOpts + o * nDe + decreeFace[decreeDef[opts[o]]], 1);
    }
  }

  // ======== hidden cards (the observer's own; every seat's in the state tensor)
  const maxBid = d.grids.maxBid;
  const BID = record({ hasBid: 1, amount: 1 });
  const oHSuit = L.add(
    'hand.suit',
    B * H * SUITS,
    `${privWord}[${H}] hand entries × [${SUITS}]: one-hot suit of a playing card (Clubs, Spades, Hearts, Diamonds, Joker); all zero for spells, recipes and empty entries.`,
  );
  const oHRank = L.add('hand.rank', B * H, `${privWord}[${H}] hand entries: rank of a playing card / 13 (Ace 1 .. King 13).`);
  const oHSpell = L.add(
    'hand.spell',
    B * H * nSp,
    `${privWord}[${H}] hand entries × [${nSp}]: one-hot spell definition (${names(rs.cards.spells.defs)}).`,
  );
  const oHPotion = L.add(
    'hand.potion',
    B * H * nPo,
    `${privWord}[${H}] hand entries × [${nPo}]: one-hot potion recipe definition (${names(rs.cards.potions.defs)}).`,
  );
  const oHLab = L.add(
    'hand.fromLab',
    B * H,
    `${privWord}[${H}] hand entries: 1 when the card came from one of the seat's labs (its spent card will count toward that lab's research).`,
  );
  const oBought = L.add(
    'bought.suit',
    B * 4,
    `${privWord}[4]: cards bought this turn (playable next turn) by suit Clubs, Spades, Hearts, Diamonds, count / handSize (${H}).`,
  );
  // Written by the fields block (writePotions):
  const oPotId = L.add(
    'potion.identity',
    B * (F + 1) * nPo,
    `${privWord}[${F + 1}] places (0 in front of the seat, 1 + slot under a field slot) × [${nPo}]: the seat's face-down potions by recipe, count / 4 clipped to 1.`,
  );
  const oBid = L.add(
    'bid',
    B * BID.width,
    `${privWord}[${BID.width}]: 1 when the seat has bid in the open auction round; the bid / grids.maxBid (${maxBid}).`,
  );
  const oVote = L.add('vote', B * 3, `${privWord}[3]: one-hot tax-rate vote cast this tax season: keep, raise, lower.`);

  /** The observer's hidden cards, bid and vote; every seat's in the state tensor. */
  function writeHidden(s: MerlinState, observer: number): void {
    if (full) for (let p = 0, P = s.numPlayers; p < P; p++) writePrivate(s, p, p);
    else writePrivate(s, observer, 0);
  }

  /** Seat `seat`'s hand, cards bought this turn, bid and vote, at block `b` of the private segments. */
  function writePrivate(s: MerlinState, seat: number, b: number): void {
    const hand = s.hands[seat];
    const origin = s.handOrigin[seat];
    const n = hand.length < H ? hand.length : H;
    const e0 = b * H;
    for (let x = 0; x < n; x++) {
      const c = hand[x];
      const e = e0 + x;
      if (c >= HAND_POTION) put(oHPotion + e * nPo + potionDef[c - HAND_POTION], 1);
      else if (c >= HAND_SPELL) put(oHSpell + e * nSp + spellDef[c - HAND_SPELL], 1);
      else {
        const f = c % 54;
        if (f >= 52) put(oHSuit + e * SUITS + 4, 1);
        else {
          put(oHSuit + e * SUITS + ((f / 13) | 0), 1);
          put(oHRank + e, rankOf(f) / 13);
        }
      }
      if (origin[x] >= 0) put(oHLab + e, 1);
    }
    const nc = s.newCards[seat];
    let c0 = 0;
    let c1 = 0;
    let c2 = 0;
    let c3 = 0;
    for (let x = 0; x < nc.length; x++) {
      const c = nc[x];
      if (c >= HAND_SPELL) continue;
      const f = c % 54;
      if (f >= 52) continue;
      const su = (f / 13) | 0;
      if (su === 0) c0++;
      else if (su === 1) c1++;
      else if (su === 2) c2++;
      else c3++;
    }
    const o = oBought + b * 4;
    if (c0) put(o, c0 >= H ? 1 : c0 / H);
    if (c1) put(o + 1, c1 >= H ? 1 : c1 / H);
    if (c2) put(o + 2, c2 >= H ? 1 : c2 / H);
    if (c3) put(o + 3, c3 >= H ? 1 : c3 / H);
    const bid = s.bids[seat];
    if (bid >= 0) {
      put(oBid + b * BID.width + BID.hasBid, 1);
      put(oBid + b * BID.width + BID.amount, bid >= maxBid ? 1 : bid / maxBid);
    }
    const vote = s.votes[seat];
    if (vote >= 0 && vote <= 2) put(oVote + b * 3 + vote, 1);
  }

  // ======== the Grand Market, carts and offers (engine/market.ts, engine/trade.ts); all public
  const mk = d.market;
  const stimM = mk.stimulusMonths;
  const stimB = mk.stimulusBids;
  const T = tradeItemCount(rs);
  const PPN = mk.propertyPrices.length;
  const BOOK = record({ bestBid: 1, bestAsk: 1, spot: 1, lastPrice: 1, stimulusBids: 1, sinceBid: 1 });
  const oMkBook = L.add(
    'market.book',
    3 * BOOK.width,
    `[3] commodities (Souls, Elixir Oil, Essence Grain) × [${BOOK.width}]: best bid, best ask, spot price, last traded price (gold per unit, each ${priceWord}; 0 when none), R.O.W. stimulus bids / ${stimB}, months since a bid was seen / ${stimM} clipped to 1.`,
  );
  const oMkBid = L.add(
    'seat.marketBid',
    M * 3,
    `${seatWord} × [3]: the seat's open bid (one unit) per commodity, price ${priceWord}; 0 when none.`,
  );
  const oMkFresh = L.add(
    'seat.marketBidFresh',
    M * 3,
    `${seatWord} × [3]: 1 when the bid was placed or lowered this turn (it cannot be withdrawn yet).`,
  );
  const oMkEsc = L.add(
    'seat.marketEscrow',
    M * 3,
    `${seatWord} × [3]: gold in escrow per commodity (a withdrawn bid, still executable, plus lowered differences), ${priceWord}.`,
  );
  const oMkAskP = L.add('seat.marketAskPrice', M * 3, `${seatWord} × [3]: the seat's ask price per commodity, ${priceWord}; 0 when none.`);
  const oMkAskQ = L.add('seat.marketAskUnits', M * 3, `${seatWord} × [3]: units in the ask / the commodity's total.`);
  const oMkCart = L.add(
    'seat.cart',
    M * 3,
    `${seatWord} × [3]: units on the seat's horse cart by commodity / the commodity's total (on the road until the seat's next turn).`,
  );
  const oMkCartTo = L.add(
    'seat.cartSold',
    M,
    `${seatWord}: 1 when the seat's cart carries a unit sold into another player's bid (0: bound for its own ask or a R.O.W. purchase).`,
  );
  const oMkMoved = L.add('seat.transportedThisTurn', M, `${seatWord}: 1 when the seat has used its one transport this turn.`);
  const oOfStage = L.add(
    'offer.stage',
    3,
    'One-hot step of the market action or offer being composed: the active player chooses a term (SelectTerm: a price or the item asked), the counterparty (SelectPlayer), or the counterparty accepts or refuses (OfferRespond).',
  );
  const oOfKind = L.add(
    'offer.kind',
    9,
    'One-hot kind of the action being composed: goods trade, property sale, bid, ask, new futures contract, futures resale, loan, insurance policy, property auction.',
  );
  const oAuc = L.add('offer.auctionBid', 1, `The property auction's highest bid (the opening bid before any) ${priceWord}.`);
  const oAucLeader = L.add('offer.auctionLeader', M, `One-hot ${relWord} of the highest bidder of the property auction.`);
  const oAucIn = L.add('offer.auctionBidders', M, `${seatWord}: 1 while the seat is still bidding in the property auction.`);
  const oOfEvent = L.add(
    'offer.insuranceEvent',
    d.finance.insurance.events.length,
    'One-hot catalogue event of the insurance policy being posted.',
  );
  const oOfLoan = L.add(
    'offer.loanAmount',
    d.finance.loanAmounts.length,
    `One-hot index into finance.loanAmounts (${d.finance.loanAmounts.join(', ')}) of the loan offered.`,
  );
  const oOfCom = L.add('offer.commodity', 3, 'One-hot commodity of the bid or ask being priced.');
  const oOfGive = L.add(
    'offer.give',
    T,
    `[${T}] trade items (engine/trade.ts tradeItem: commodity lots, gold amounts, a Crown): one-hot item the active player gives.`,
  );
  const oOfGet = L.add('offer.get', T, `[${T}] trade items: one-hot item the active player asks for.`);
  const oOfSlot = L.add('offer.propertySlot', F, `[${F}] the active player's field slots: one-hot property offered for sale.`);
  const oOfPrice = L.add(
    'offer.propertyPrice',
    PPN,
    `[${PPN}] one-hot index into market.propertyPrices (${mk.propertyPrices.join(', ')}) of the property offer.`,
  );
  const oOfTo = L.add('offer.counterparty', M, `One-hot ${relWord} of the counterparty of the open offer.`);
  const fin = d.finance;
  const KC = fin.maxContracts;
  // offer.contract is written here; the contracts themselves by the futures block below.
  const oOfContract = L.add('offer.contract', KC, `[${KC}] contract places: one-hot futures contract offered for resale.`);

  /**
   * The market book (public). A function of its own, as are `seatWorths` and the other write* helpers: V8
   * inlines callees into an optimised function within a budget of bytecode, and a writer's inlined `put`s
   * spend most of it, so the engine helpers it calls would stay calls; called from a small function they
   * are inlined (measured when `encode` was one function: the observation about 10 % faster).
   */
  function writeMarketBook(s: MerlinState): void {
    for (let c = 0; c < 3; c++) {
      const o = oMkBook + c * BOOK.width;
      const bb = bestBid(s, c, -1);
      const bp = bb >= 0 ? bidPrice(s, c, bb) : 0;
      if (bb >= 0) put(o + BOOK.bestBid, bp / (bp + 10));
      const ba = bestAsk(s, c, -1);
      const ap = ba >= 0 ? s.mktAsk[ba * 3 + c] : 0;
      if (ba >= 0) put(o + BOOK.bestAsk, ap / (ap + 10));
      // The spot price (engine/market.ts spotPrice) from the same two quotes.
      const sp = bb < 0 ? 0 : ba < 0 ? bp : (bp + ap) / 2;
      if (sp !== 0) put(o + BOOK.spot, sp / (sp + 10));
      const lp = s.lastPrice[c];
      if (lp !== 0) put(o + BOOK.lastPrice, lp / (lp + 10));
      const rb = s.rowBids[c];
      if (rb !== 0) put(o + BOOK.stimulusBids, rb >= stimB ? 1 : rb / stimB);
      const since = s.months - s.bidSeenMonth[c];
      if (since > 0) put(o + BOOK.sinceBid, since >= stimM ? 1 : since / stimM);
    }
  }

  /** Every seat's bids, escrow, asks and cart. */
  function writeMarketSeats(s: MerlinState): void {
    const turn = s.turn;
    for (let i = 0, P = s.numPlayers; i < P; i++) {
      const p = rel[i];
      for (let c = 0; c < 3; c++) {
        const k = p * 3 + c;
        const j = i * 3 + c;
        const bp = s.mktBid[k];
        if (bp > 0) {
          put(oMkBid + j, bp / (bp + 10));
          if (s.mktBidTurn[k] >= turn) put(oMkFresh + j, 1);
        }
        const eg = s.mktEscBid[k] + s.mktEscGold[k];
        if (eg > 0) put(oMkEsc + j, eg / (eg + 10));
        const ap = s.mktAsk[k];
        if (ap > 0) put(oMkAskP + j, ap / (ap + 10));
        const aq = s.mktAskQty[k];
        if (aq !== 0) put(oMkAskQ + j, aq / csz[c]);
      }
      const q = s.cartQty[p];
      if (q > 0) {
        put(oMkCart + i * 3 + s.cartCom[p], q / csz[s.cartCom[p]]);
        if (s.cartDest[p] >= 0) put(oMkCartTo + i, 1);
      }
      if (s.cartTurn[p] === turn) put(oMkMoved + i, 1);
    }
  }

  /** The step of an offer being composed, for offer.stage and mint.offer: 0 SelectTerm, 1 SelectPlayer, 2 OfferRespond. */
  function offerStep(phase: number): number {
    return phase === Phase.OfferRespond ? 2 : phase === Phase.SelectPlayer ? 1 : 0;
  }

  /** The market action or offer being composed (engine/offers.ts Offer; the Private Mint's kinds are the mint block's). */
  function writeOffer(s: MerlinState): void {
    const ok = s.offerKind;
    if (!(ok > Offer.None && ok < MintOffer.Bond)) return;
    const phase = s.phase;
    if (phase !== Phase.PropertyAuction) put(oOfStage + offerStep(phase), 1);
    put(oOfKind + ok - Offer.Trade, 1);
    const b = s.offerB;
    if (ok === Offer.Trade) {
      put(oOfGive + s.offerA, 1);
      if (b >= 0) put(oOfGet + b, 1);
    } else if (ok === Offer.Property) {
      put(oOfSlot + s.offerA, 1);
      if (b >= 0) put(oOfPrice + b, 1);
    } else if (ok === Offer.Contract) put(oOfContract + s.offerA, 1);
    else if (ok === Offer.Loan) put(oOfLoan + s.offerA, 1);
    else if (ok === Offer.Policy) put(oOfEvent + s.offerA, 1);
    else if (ok === Offer.Auction) {
      put(oOfSlot + s.offerA, 1);
      if (phase === Phase.PropertyAuction) {
        const bid = s.propAucLeader >= 0 ? s.propAucPrice : s.propAucPrice + d.market.auctionStep;
        put(oAuc, bid / (bid + 10));
        if (s.propAucLeader >= 0) put(oAucLeader + relOf[s.propAucLeader], 1);
        for (let x = 0; x < s.queue.length; x++) put(oAucIn + relOf[s.queue[x]], 1);
      }
    } else put(oOfCom + s.offerA, 1); // Bid, Ask, Future: the commodity
    if (s.offerTo >= 0 && s.offerTo < s.numPlayers) put(oOfTo + relOf[s.offerTo], 1);
  }

  // ======== futures contracts (engine/futures.ts)
  const bushel = fin.bushel;
  const maxExp = Math.max(...fin.expiryMonths);
  const FUT = record({ present: 1, hasLong: 1, commodity: 3, price: 1, toExpiry: 1, owed: 1 });
  const oFut = L.add(
    'futures',
    KC * FUT.width,
    `[${KC}] contract places (engine/futures.ts) × [${FUT.width}]: 1 when a contract lies there; 1 when it has a long; one-hot commodity (3); forward price (gold per bushel) ${priceWord}; months to expiry / ${maxExp} clipped to [0, 1]; units still owed / bushel (${bushel}).`,
  );
  const oFutShort = L.add('futures.short', KC * M, `[${KC}] × [${M}]: one-hot ${relWord} of the short (writer).`);
  const oFutLong = L.add('futures.long', KC * M, `[${KC}] × [${M}]: one-hot ${relWord} of the long (all zero before it is bought).`);

  function writeFutures(s: MerlinState): void {
    for (let k = 0; k < KC; k++) {
      const sh = s.futShort[k];
      if (sh < 0) continue;
      const o = oFut + k * FUT.width;
      put(o + FUT.present, 1);
      const lg = s.futLong[k];
      if (lg >= 0) {
        put(o + FUT.hasLong, 1);
        put(oFutLong + k * M + relOf[lg], 1);
      }
      put(o + FUT.commodity + s.futCom[k], 1);
      const fp = s.futPrice[k];
      put(o + FUT.price, fp / (fp + 10));
      const left = s.futExpiry[k] - s.months;
      put(o + FUT.toExpiry, left <= 0 ? 0 : left >= maxExp ? 1 : left / maxExp);
      const owed = s.futOwed[k];
      put(o + FUT.owed, owed >= bushel ? 1 : owed / bushel);
      put(oFutShort + k * M + relOf[sh], 1);
    }
  }

  // ======== loans (engine/loans.ts)
  const KL = fin.maxLoans;
  const maxTerm = Math.max(...fin.loanTermMonths);
  const LOAN = record({ present: 1, owed: 1, toDue: 1 });
  const oLoan = L.add(
    'loans',
    KL * LOAN.width,
    `[${KL}] loan places (engine/loans.ts) × [${LOAN.width}]: 1 when a loan is open; gold still owed x as x / (x + 10); months to the due month / ${maxTerm} clipped to [0, 1] (0 when due or overdue).`,
  );
  const oLoanLender = L.add('loans.lender', KL * M, `[${KL}] × [${M}]: one-hot ${relWord} of the lender.`);
  const oLoanBorrower = L.add('loans.borrower', KL * M, `[${KL}] × [${M}]: one-hot ${relWord} of the borrower.`);

  function writeLoans(s: MerlinState): void {
    for (let k = 0; k < KL; k++) {
      const lender = s.loanLender[k];
      if (lender < 0) continue;
      const o = oLoan + k * LOAN.width;
      put(o + LOAN.present, 1);
      const owed = s.loanOwed[k];
      put(o + LOAN.owed, owed / (owed + 10));
      const left = s.loanDue[k] - s.months;
      put(o + LOAN.toDue, left <= 0 ? 0 : left >= maxTerm ? 1 : left / maxTerm);
      put(oLoanLender + k * M + relOf[lender], 1);
      put(oLoanBorrower + k * M + relOf[s.loanBorrower[k]], 1);
    }
  }

  // ======== insurance policies (engine/insurance.ts)
  const ins = fin.insurance;
  const KP = ins.maxPolicies;
  const maxPeriod = Math.max(...ins.periodTurns);
  const POL = record({ present: 1, sold: 1, premium: 1, cover: 1, left: 1, event: ins.events.length });
  const oPol = L.add(
    'policies',
    KP * POL.width,
    `[${KP}] policy places (engine/insurance.ts) × [${POL.width}]: 1 when a policy lies there; 1 when sold; premium ${priceWord}; cover (locked payout) ${priceWord}; turns of cover left / ${maxPeriod} (the period while unsold); one-hot event (${ins.events.map((e) => e.name).join('; ')}).`,
  );
  const oPolSeller = L.add('policies.seller', KP * M, `[${KP}] × [${M}]: one-hot ${relWord} of the seller.`);
  const oPolBuyer = L.add('policies.buyer', KP * M, `[${KP}] × [${M}]: one-hot ${relWord} of the buyer (all zero while unsold).`);

  function writePolicies(s: MerlinState): void {
    const turn = s.turn;
    for (let k = 0; k < KP; k++) {
      const seller = s.polSeller[k];
      if (seller < 0) continue;
      const o = oPol + k * POL.width;
      put(o + POL.present, 1);
      const buyer = s.polBuyer[k];
      const pr = s.polPremium[k];
      put(o + POL.premium, pr / (pr + 10));
      const cv = s.polCover[k];
      put(o + POL.cover, cv / (cv + 10));
      const left = buyer >= 0 ? s.polUntil[k] - turn : s.polPeriod[k];
      put(o + POL.left, left <= 0 ? 0 : left >= maxPeriod ? 1 : left / maxPeriod);
      put(o + POL.event + s.polEvent[k], 1);
      put(oPolSeller + k * M + relOf[seller], 1);
      if (buyer >= 0) {
        put(o + POL.sold, 1);
        put(oPolBuyer + k * M + relOf[buyer], 1);
      }
    }
  }

  // ======== combat: units on the board, damage to cards, the open unit command (all public)
  const LV = d.combat.stackMax;
  const SQ = M * F;
  const UNIT = record({
    present: 1,
    ownedByObserver: 1,
    ownsSquare: 1,
    queen: 1,
    king: 1,
    suit: 4,
    attack: 1,
    hp: 1,
    defending: 1,
    mayAct: 1,
    abilityReady: 1,
    centerOfAttention: 1,
    immovable: 1,
    shield: 1,
    boon: 1,
    bulwark: 1,
    aegis: 1,
  });
  const oCPhase = L.add(
    'combat.phase',
    3,
    'One-hot over the combat sub-decisions: UnitVerb, SelectSquare, SelectUnit (all zero otherwise).',
  );
  const oCPending = L.add(
    'combat.pending',
    12,
    'One-hot over the Pending values of placement and combat: PlaceGolem, PlaceGuard, PlaceGuardNow, MoveUnit, AttackProperty, AttackUnit, PlaceCard (where a played property or lab goes), CoordPartner, CoordAttackProperty, CoordAttackUnit, TransmuteSacrifice, TransmuteRecipient.',
  );
  const oCCmd = L.add(
    'combat.commandedUnit',
    SQ * LV,
    `[${M}] ${relWord}s × [${F}] slots × [${LV}] stack levels: 1 where the unit being commanded stands, 0.5 its Coordinated Strike partner or the golem it dismantles; all zero when none.`,
  );
  const oCHits = L.add(
    'combat.hits',
    SQ,
    `${seatWord} × [${F}] slots: hits the card has taken / its hit points (1 = destroyed, face down).`,
  );
  const oCUnit = L.add(
    'combat.units',
    SQ * LV * UNIT.width,
    `${seatWord} × [${F}] slots × [${LV}] stack levels (units in order of arrival) × [${UNIT.width}]: present; owned by the observer (always 0 in the state tensor, see combat.unitOwner)` +
      "; owned by the seat whose card it stands on (a defender's side); Queen; King (else a Jack); suit one-hot Clubs, Spades, Hearts, Diamonds; " +
      'Attack Power or Strength (with Tactical Flexibility and Impetuous Assault doubling) / 12 (clipped); Hit Points or Health / 12 (clipped); defending; may act now (active and not yet acted this turn); ' +
      "King's ability ready; Center of Attention; Immovable; shield / 6 (clipped); Royal Boon given (0.5 the bonus, 1 the big bonus); Bulwark Stance; Aegis interceptions left / 2.",
  );
  const oCOwner = full
    ? L.add('combat.unitOwner', SQ * LV * M, `[${M}] seats × [${F}] slots × [${LV}] levels × [${M}]: one-hot owner seat of the unit.`)
    : -1;

  /**
   * Unit u's place in the board-of-units segments (combat.units, combat.units2, combat.commandedUnit):
   * (relative seat × fieldSlots + slot) × stackMax + its level on the square (order of arrival); -1 above the stack.
   */
  function unitPlace(s: MerlinState, u: number): number {
    const k = s.unitPos[u];
    let level = 0;
    for (let t = 0; t < u; t++) if (s.unitPos[t] === k) level++;
    return level < LV ? (relOf[(k / F) | 0] * F + (k % F)) * LV + level : -1;
  }

  /** The combat sub-decision, damage to cards, and every unit on the board. */
  function writeCombat(s: MerlinState, observer: number): void {
    const phase = s.phase;
    if (phase >= Phase.UnitVerb && phase <= Phase.SelectUnit) put(oCPhase + phase - Phase.UnitVerb, 1);
    if (s.pending >= Pending.PlaceGolem && s.pending <= Pending.TransmuteRecipient) put(oCPending + s.pending - Pending.PlaceGolem, 1);
    const hits = s.slotHits;
    const n = hits.length;
    for (let k = 0; k < n; k++) {
      if (hits[k] === 0) continue;
      const v = hits[k] / cardHp(s, rs, k);
      put(oCHits + relOf[(k / F) | 0] * F + (k % F), v > 1 ? 1 : v);
    }
    const units = s.unitCard.length;
    const turn = s.turn;
    for (let u = 0; u < units; u++) {
      const j = unitPlace(s, u);
      if (j < 0) continue;
      const seatOfSquare = (s.unitPos[u] / F) | 0;
      if (u === s.cmdUnit) put(oCCmd + j, 1);
      else if (u === s.cmdPartner) put(oCCmd + j, 0.5);
      const o = oCUnit + j * UNIT.width;
      const owner = s.unitOwner[u];
      const f = s.unitCard[u] % 54;
      const rank = rankOf(f);
      put(o + UNIT.present, 1);
      if (!full && owner === observer) put(o + UNIT.ownedByObserver, 1);
      if (owner === seatOfSquare) put(o + UNIT.ownsSquare, 1);
      if (rank === 12) put(o + UNIT.queen, 1);
      else if (rank === 13) put(o + UNIT.king, 1);
      put(o + UNIT.suit + ((f / 13) | 0), 1);
      const fl = s.unitFlags[u];
      const atk = (s.unitAtk[u] + (fl & UnitFlag.Flex1 ? 1 : 0) + (fl & UnitFlag.Flex2 ? 2 : 0)) * (fl & UnitFlag.Doubled ? 2 : 1);
      const hp = s.unitHp[u];
      put(o + UNIT.attack, atk >= 12 ? 1 : atk / 12);
      put(o + UNIT.hp, hp >= 12 ? 1 : hp / 12);
      if (s.unitStance[u] === 1) put(o + UNIT.defending, 1);
      if (s.unitActiveFrom[u] <= turn && s.unitActed[u] !== turn) put(o + UNIT.mayAct, 1);
      if (fl & UnitFlag.AbilityReady) put(o + UNIT.abilityReady, 1);
      if (fl & UnitFlag.CenterOfAttention) put(o + UNIT.centerOfAttention, 1);
      if (fl & UnitFlag.Immovable) put(o + UNIT.immovable, 1);
      const sh = s.unitShield[u];
      if (sh > 0) put(o + UNIT.shield, sh >= 6 ? 1 : sh / 6);
      if (fl & UnitFlag.BigBoon) put(o + UNIT.boon, 1);
      else if (fl & UnitFlag.Boon) put(o + UNIT.boon, 0.5);
      if (fl & UnitFlag.Bulwark) put(o + UNIT.bulwark, 1);
      if (fl & UnitFlag.Aegis2) put(o + UNIT.aegis, 1);
      else if (fl & UnitFlag.Aegis1) put(o + UNIT.aegis, 0.5);
      if (full) put(oCOwner + j * M + owner, 1);
    }
  }

  // ======== combinations, spells on units, the Artificer (D136, D138-D140)
  const UNIT2 = record({ guarded: 1, inspiring: 1, fortifiedWill: 1, dormant: 1, transmuted: 1 });
  const oCUnit2 = L.add(
    'combat.units2',
    SQ * LV * UNIT2.width,
    `${seatWord} × [${F}] slots × [${LV}] stack levels (as combat.units) × [${UNIT2.width}]: ` +
      "Coordinated Defense (the Aegis takes the next golem attack on it); Inspiring Bulwark given with this Liege's Royal Boon; " +
      'Fortify Will (resists spells, D139); deactivated by a card: turns until it is active again / 8 (clipped; D138); ' +
      'transmuted (its abilities cost more, D140).',
  );

  /** The units' combination flags, Fortify Will, deactivation; the open choices are in `pending`. */
  function writeCombat2(s: MerlinState): void {
    const units = s.unitCard.length;
    for (let u = 0; u < units; u++) {
      const fl = s.unitFlags[u];
      if (!(fl & (UnitFlag.Guarded | UnitFlag.Inspiring | UnitFlag.FortifiedWill | UnitFlag.Dormant | UnitFlag.Transmuted))) continue;
      const j = unitPlace(s, u);
      if (j < 0) continue;
      const o = oCUnit2 + j * UNIT2.width;
      if (fl & UnitFlag.Guarded) put(o + UNIT2.guarded, 1);
      if (fl & UnitFlag.Inspiring) put(o + UNIT2.inspiring, 1);
      if (fl & UnitFlag.FortifiedWill) put(o + UNIT2.fortifiedWill, 1);
      if (fl & UnitFlag.Transmuted) put(o + UNIT2.transmuted, 1);
      if (fl & UnitFlag.Dormant) {
        const left = s.unitActiveFrom[u] - s.turn;
        if (left > 0) put(o + UNIT2.dormant, left >= 8 ? 1 : left / 8);
      }
    }
  }

  // ======== regulations (engine/regulations.ts; D152-D156); all public
  const nReg = d.decrees.regulations.length;
  const regNames = d.decrees.regulations.map((r) => r.id).join(', ');
  const MOTION = record({ motion: 1, deletes: 1 });
  const REG_VOTE = record({ for: 1, against: 1 });
  const oRegIn = L.add('regulation.inForce', nReg, `[${nReg}] the ruleset's regulations (${regNames}): 1 while in force.`);
  const oRegPhase = L.add(
    'regulation.phase',
    2,
    'One-hot over the regulation sub-decisions: RegulationPropose, RegulationVote (all zero otherwise).',
  );
  const oRegMotion = L.add(
    'regulation.motion',
    nReg * MOTION.width,
    `[${nReg}] regulations × [${MOTION.width}]: the regulation put to the vote: 1 to make or change to it, then 1 when the motion deletes it (it is in force).`,
  );
  const oRegProposer = L.add('regulation.proposer', M, `One-hot ${relWord} of the decree's enactor who proposes the regulation.`);
  const oRegVotes = L.add(
    'regulation.votes',
    M * REG_VOTE.width,
    `${seatWord} × [${REG_VOTE.width}]: the open regulation vote cast so far: for, against.`,
  );

  /** The regulations in force and the open regulation vote. */
  function writeRegulations(s: MerlinState): void {
    const reg = s.regulation;
    for (let a = 0; a < reg.length; a++) if (reg[a] >= 0) put(oRegIn + reg[a], 1);
    if (s.phase === Phase.RegulationPropose) put(oRegPhase, 1);
    else if (s.phase === Phase.RegulationVote) put(oRegPhase + 1, 1);
    const m = s.regMotion;
    if (m >= 0) {
      put(oRegMotion + m * MOTION.width + MOTION.motion, 1);
      if (reg[regulationAction(rs, m)] === m) put(oRegMotion + m * MOTION.width + MOTION.deletes, 1);
    }
    if (s.regProposer >= 0) put(oRegProposer + relOf[s.regProposer], 1);
    const v = s.regVotes;
    for (let p = 0; p < s.numPlayers; p++)
      if (v[p] >= 0) put(oRegVotes + relOf[p] * REG_VOTE.width + (v[p] === 1 ? REG_VOTE.for : REG_VOTE.against), 1);
  }

  // ======== decree designs (the state tensor only: the hidden cost, D151)
  const nDesign = rs.cards.royalDecrees.defs.length;
  const oDDesign = full
    ? L.add(
        'decree.design',
        (1 + O) * nDesign,
        `[${1 + O}] the chosen decree, then the revealed options × [${nDesign}]: one-hot design (${names(rs.cards.royalDecrees.defs)}), which fixes the hidden cost (D151).`,
      )
    : -1;

  function writeDecreeDesigns(s: MerlinState): void {
    if (s.decreeCard >= 0) put(oDDesign + decreeDef[s.decreeCard], 1);
    const opts = s.decreeOptions;
    for (let o = 0; o < opts.length && o < O; o++) put(oDDesign + (1 + o) * nDesign + decreeDef[opts[o]], 1);
  }

  // ======== the Private Mint and sales to players (engine/mint.ts); all public
  const mint = fin.mint;
  const KB = mint.maxBonds;
  const KS = mint.maxShares;
  const maxBondTerm = Math.max(...mint.bondTermMonths);
  const MI = Math.max(KB, KS, mint.bondFaces.length, mint.shareFractionsPercent.length);
  const MINT = record({ kind: 6, step: 3, price: 1 });
  const BOND = record({ present: 1, bought: 1, face: 1, coupon: 1, toMaturity: 1 });
  const SHARE = record({ present: 1, bought: 1, percent: 1, price: 1 });
  const oMintOf = L.add(
    'mint.offer',
    MINT.width,
    `One-hot kind of the Private Mint action or sale being composed (6: new bond, bond resale, new share, share resale, spell to a player, Mead to a player); one-hot step (3: SelectTerm, SelectPlayer, OfferRespond); the chosen price ${priceWord} (0 until chosen).`,
  );
  const oMintIdx = L.add(
    'mint.offerIndex',
    MI,
    `[${MI}] one-hot: the bond face index (new bond), the share fraction index (new share) or the bond or share place (resale) of the open Private Mint action.`,
  );
  const oMintTo = L.add('mint.counterparty', M, `One-hot ${relWord} of the buyer the open sale is offered to.`);
  const oMintSpell = L.add(
    'mint.offeredSpell',
    nSp,
    `[${nSp}] spell designs: one-hot design of the spell offered to a player (it lies face up while offered).`,
  );
  const oBond = L.add(
    'bonds',
    KB * BOND.width,
    `[${KB}] bond places (engine/mint.ts) × [${BOND.width}]: 1 when a bond lies there; 1 when bought; face ${priceWord}; coupon per issuer turn ${priceWord}; months to maturity / ${maxBondTerm} clipped to [0, 1] (the term while unsold).`,
  );
  const oBondIssuer = L.add('bonds.issuer', KB * M, `[${KB}] × [${M}]: one-hot ${relWord} of the issuer.`);
  const oBondHolder = L.add('bonds.holder', KB * M, `[${KB}] × [${M}]: one-hot ${relWord} of the holder (all zero while unsold).`);
  const oShare = L.add(
    'shares',
    KS * SHARE.width,
    `[${KS}] share places (engine/mint.ts) × [${SHARE.width}]: 1 when a share lies there; 1 when bought; percent of the issuer's property payouts / 100; price (issue or last paid) ${priceWord}.`,
  );
  const oShareIssuer = L.add('shares.issuer', KS * M, `[${KS}] × [${M}]: one-hot ${relWord} of the issuer.`);
  const oShareHolder = L.add('shares.holder', KS * M, `[${KS}] × [${M}]: one-hot ${relWord} of the holder (all zero while unsold).`);

  /** The open Private Mint action or sale, the bonds and the shares. */
  function writeMint(s: MerlinState): void {
    const ok = s.offerKind;
    if (ok >= MintOffer.Bond) {
      const phase = s.phase;
      put(oMintOf + MINT.kind + ok - MintOffer.Bond, 1);
      put(oMintOf + MINT.step + offerStep(phase), 1);
      if (s.offerA >= 0) put(oMintIdx + s.offerA, 1);
      if (s.offerB >= 0 && ok !== MintOffer.Bond) {
        const pr =
          ok === MintOffer.BondSale
            ? mint.bondPrices[s.offerB]
            : ok === MintOffer.Spell
              ? d.market.spellPrices[s.offerB]
              : ok === MintOffer.Mead
                ? s.costOfLiving * meadPrice
                : mint.sharePrices[s.offerB];
        put(oMintOf + MINT.price, pr / (pr + 10));
      }
      if (s.offerTo >= 0) put(oMintTo + relOf[s.offerTo], 1);
      if (s.offerCard >= HAND_SPELL) put(oMintSpell + spellDef[s.offerCard - HAND_SPELL], 1);
    }
    for (let k = 0; k < KB; k++) {
      const issuer = s.bondIssuer[k];
      if (issuer < 0) continue;
      const o = oBond + k * BOND.width;
      put(o + BOND.present, 1);
      const holder = s.bondHolder[k];
      put(o + BOND.face, s.bondFace[k] / (s.bondFace[k] + 10));
      put(o + BOND.coupon, s.bondCoupon[k] / (s.bondCoupon[k] + 10));
      const left = holder >= 0 ? s.bondDue[k] - s.months : s.bondDue[k];
      put(o + BOND.toMaturity, left <= 0 ? 0 : left >= maxBondTerm ? 1 : left / maxBondTerm);
      put(oBondIssuer + k * M + relOf[issuer], 1);
      if (holder >= 0) {
        put(o + BOND.bought, 1);
        put(oBondHolder + k * M + relOf[holder], 1);
      }
    }
    for (let k = 0; k < KS; k++) {
      const issuer = s.shareIssuer[k];
      if (issuer < 0) continue;
      const o = oShare + k * SHARE.width;
      put(o + SHARE.present, 1);
      const holder = s.shareHolder[k];
      put(o + SHARE.percent, s.sharePct[k] / 100);
      put(o + SHARE.price, s.sharePrice[k] / (s.sharePrice[k] + 10));
      put(oShareIssuer + k * M + relOf[issuer], 1);
      if (holder >= 0) {
        put(o + SHARE.bought, 1);
        put(oShareHolder + k * M + relOf[holder], 1);
      }
    }
  }

  // ======== market cards: transport wards and realm price shifts (engine/market-cards.ts); all public
  const WARD = record({ points: 1, left: 1 });
  const SHIFT = record({ rise: 1, fall: 1, left: 1 });
  const oWard = L.add(
    'seat.cartWard',
    M * WARD.width,
    `${seatWord} × [${WARD.width}]: a card's transport ward (engine/market-cards.ts): d6 points of transport risk removed / 6; turns left / 10 clipped to 1 (0 when none).`,
  );
  const oShift = L.add(
    'market.priceShift',
    3 * SHIFT.width,
    `[3] commodities × [${SHIFT.width}]: a card's shift of the realm's price (engine/market-cards.ts): rise in gold / 5, fall in gold / 5 (each clipped to 1), turns left / 10 clipped to 1 (0 when none).`,
  );

  function writeMarketCards(s: MerlinState): void {
    const turn = s.turn;
    for (let p = 0; p < s.numPlayers; p++) {
      if (s.cartWardUntil[p] < turn) continue;
      const left = s.cartWardUntil[p] - turn;
      put(oWard + relOf[p] * WARD.width + WARD.points, s.cartWard[p] / 6);
      put(oWard + relOf[p] * WARD.width + WARD.left, left >= 10 ? 1 : left / 10);
    }
    for (let c = 0; c < 3; c++) {
      if (s.priceShiftUntil[c] < turn || s.priceShift[c] === 0) continue;
      const shift = s.priceShift[c];
      const o = oShift + c * SHIFT.width;
      put(o + (shift > 0 ? SHIFT.rise : SHIFT.fall), Math.min(1, Math.abs(shift) / 5));
      const left = s.priceShiftUntil[c] - turn;
      put(o + SHIFT.left, left >= 10 ? 1 : left / 10);
    }
  }

  // ======== the Council's offices (`councilDisplay`, docs/RULES.md D15; engine/playing-cards.ts); public. Only
  // a ruleset with a display has these segments, so the layouts of the rulesets without one are unchanged.
  const CD = d.councilDisplay ?? 0;
  const oCouncilSuit =
    CD > 0
      ? L.add(
          'council.suit',
          CD * 4,
          `[${CD}] places × [4]: one-hot suit of the face-up card (Clubs, Spades, Hearts, Diamonds); all zero for an empty place.`,
        )
      : -1;
  const oCouncilRank =
    CD > 0
      ? L.add(
          'council.rank',
          CD,
          `[${CD}] places: rank of the face-up card / 13 (2 .. King 13; Aces, 7s and Jokers never show); 0 for an empty place.`,
        )
      : -1;

  function writeCouncil(s: MerlinState): void {
    const council = s.council;
    for (let a = 0; a < council.length; a++) {
      const c = council[a];
      if (c < 0) continue;
      put(oCouncilSuit + a * 4 + suitOf(c), 1);
      put(oCouncilRank + a, rankOf(c) / 13);
    }
  }

  // ======== entity groups (the entity-list view, env/core/entities.ts; the observation only)
  if (!full) {
    const named = (pick: (n: string) => boolean) => L.segments.filter((x) => pick(x.name)).map((x) => x.name);
    const seatAxis = { name: 'seat', size: M };
    const slotAxis = { name: 'slot', size: F };
    const place = (size: number) => ({ name: 'place', size });
    L.group({
      name: 'seat',
      axes: [seatAxis],
      positional: ['seat'],
      segments: named((n) => n.startsWith('seat.') || n === 'offer.auctionBidders' || n === 'regulation.votes'),
      meaning: 'A seat (relative: 0 the observer, then turn order): its seat.* values, its auction bidding and regulation vote.',
    });
    L.group({
      name: 'slot',
      axes: [seatAxis, slotAxis],
      positional: ['seat', 'slot'],
      segments: named((n) => n.startsWith('field.') || n === 'combat.hits'),
      meaning: "A field slot of a seat's field: its field.* values and the hits its card has taken.",
    });
    L.group({
      name: 'unit',
      axes: [seatAxis, slotAxis, { name: 'level', size: LV }],
      positional: ['seat', 'slot', 'level'],
      segments: ['combat.units', 'combat.units2', 'combat.commandedUnit'],
      meaning:
        'A unit place on the board of units (a field square and a stack level): the unit there, and whether it is the one being commanded.',
    });
    L.group({
      name: 'hand',
      axes: [{ name: 'entry', size: H }],
      positional: ['entry'],
      segments: named((n) => n.startsWith('hand.')),
      meaning: "An entry of the observer's own hand (the index the actions that play a card use).",
    });
    L.group({
      name: 'reading',
      axes: [place(R)],
      positional: [],
      segments: named((n) => n.startsWith('reading.') && n !== 'readingCount'),
      meaning: 'A face-up Future Reading, oldest first.',
    });
    for (const [name, K, prefix, what] of [
      ['futures', KC, 'futures', 'A futures contract place'],
      ['loan', KL, 'loans', 'A loan place'],
      ['policy', KP, 'policies', 'An insurance policy place'],
      ['bond', KB, 'bonds', 'A Private Mint bond place'],
      ['share', KS, 'shares', 'A Private Mint share place'],
    ] as const)
      L.group({
        name,
        axes: [place(K)],
        positional: ['place'],
        segments: named((n) => n === prefix || n.startsWith(`${prefix}.`)),
        meaning: `${what} (the place the actions that resell or settle it use).`,
      });
  }

  // ======== the row-writing machinery
  const spec = L.spec();
  const size = spec.size;

  // The encoder writes into `buf`, a private dense row that is all zero between calls, and lists every
  // entry it writes in `touched`; the caller's row is then filled from that list (dense) or the
  // list is returned (sparse). Observations are 1-2% non-zero, so neither the caller's row nor `buf` is
  // swept, and a vector env can rewrite only the entries of its rows that changed (env/core/vector.ts).
  // `var`, not const/let: a closure reading a let/const checks it for the temporal dead zone on every
  // access, and `put` must stay small enough for V8 to inline at each of its ~200 call sites.
  // eslint-disable-next-line no-var
  var buf: Float32Array = new Float32Array(size);
  const own = buf;
  // touched[1..nt] lists every write (a few entries are written twice: potions add up, so twice the size
  // is room). The pre-increment keeps `put` at 27 bytes of bytecode, V8's always-inline size.
  // eslint-disable-next-line no-var
  var touched = new Int32Array(2 * size + 1);
  const ownList = touched;
  // eslint-disable-next-line no-var
  var nt = 0;

  /** buf[i] = v, listing i in `touched` (zeros and repeats are dropped when the list is read). */
  function put(i: number, v: number): void {
    buf[i] = v;
    touched[++nt] = i;
  }

  function checkSeat(s: MerlinState, observer: number): void {
    const P = s.numPlayers;
    if (!full && !(observer >= 0 && observer < P && (observer | 0) === observer))
      throw new ArgumentError(`seat ${observer} is not in this ${P}-player game`);
  }

  /** Dense: the observation into out[0, size). */
  function write(s: MerlinState, observer: number, out: Float32Array): void {
    if (out.length < size) throw new ArgumentError(`observation buffer holds ${out.length} values, needs ${size}`);
    checkSeat(s, observer);
    encode(s, observer);
    checkList();
    out.fill(0, 0, size);
    for (let k = 1; k <= nt; k++) {
      const i = touched[k];
      const v = buf[i];
      if (v !== 0) {
        out[i] = v;
        buf[i] = 0;
      }
    }
    nt = 0;
  }

  /** Writes past the private list's end (twice the row's size) are dropped by the typed array: a bug in this file, never silent. */
  function checkList(): void {
    if (nt >= ownList.length - 1) throw new Error(`observation encoder: ${nt} writes overflow its list of ${ownList.length - 1}`);
  }

  /**
   * A writer that keeps one caller-owned row equal to the observation: it zeroes the entries it wrote into
   * that row last time, then encodes straight into the row, listing the entries in a list of its own (no
   * private row, nothing copied out). The row must not be written by anyone else between calls; a call with
   * another row, or after a call that threw, zero-fills the row first. `capacity`: the entries its list
   * starts with room for (it grows when an observation needs more).
   */
  function rowWriter(capacity = 256): RowWriter {
    let list = new Int32Array(capacity + 1); // list[1..n]: the entries written into prevRow last time
    let n = -1; // -1: the row's contents are unknown
    let prevRow: Float32Array | null = null;
    const write: RowWriter = (s, observer, row) => {
      if (row.length < size) throw new ArgumentError(`observation buffer holds ${row.length} values, needs ${size}`);
      checkSeat(s, observer);
      if (n < 0 || row !== prevRow) row.fill(0, 0, size);
      else for (let k = 1; k <= n; k++) row[list[k]] = 0;
      n = -1;
      prevRow = row;
      // Entries a throwing call left in the private row (listed in touched[1..nt]) are cleared first.
      for (let k = 1; k <= nt; k++) own[touched[k]] = 0;
      for (;;) {
        nt = 0;
        buf = row;
        touched = list;
        try {
          encode(s, observer);
        } finally {
          buf = own;
          touched = ownList;
        }
        if (nt < list.length) break;
        // The list was too short (`nt` counts the writes it dropped too): a longer one, and encode again.
        list = new Int32Array(2 * nt + 1);
        row.fill(0, 0, size);
      }
      n = nt;
      nt = 0;
    };
    write.written = (out: Int32Array): number => {
      for (let k = 0; k < n; k++) out[k] = list[k + 1];
      return n;
    };
    return write;
  }

  /** Sparse: the non-zero entries as (index, value) pairs, each index once, in no particular order; returns how many. */
  function writeSparse(s: MerlinState, observer: number, index: Int32Array, value: Float32Array): number {
    if (index.length < size || value.length < size)
      throw new ArgumentError(`sparse observation buffers hold ${Math.min(index.length, value.length)} entries, need ${size}`);
    checkSeat(s, observer);
    encode(s, observer);
    checkList();
    let n = 0;
    for (let k = 1; k <= nt; k++) {
      const i = touched[k];
      const v = buf[i];
      if (v !== 0) {
        index[n] = i;
        value[n++] = v;
        buf[i] = 0;
      }
    }
    nt = 0;
    return n;
  }

  function encode(s: MerlinState, observer: number): void {
    // A previous call that threw midway left entries behind: clear them.
    for (let k = 1; k <= nt; k++) buf[touched[k]] = 0;
    nt = 0;
    const P = s.numPlayers;
    const order = s.order;
    // Relative seats: the observer first, then the turn order (seat order while the order is unfixed).
    let placed = true;
    for (let i = 0; i < P; i++) {
      orderPos[i] = 0;
      if (order[i] < 0) placed = false;
    }
    for (let i = 0; i < P; i++) if (order[i] >= 0) orderPos[order[i]] = i + 1;
    if (full) {
      for (let i = 0; i < P; i++) rel[i] = i;
    } else if (placed) {
      let pos = 0;
      while (order[pos] !== observer) pos++;
      for (let i = 0; i < P; i++) {
        const j = pos + i;
        rel[i] = order[j < P ? j : j - P];
      }
    } else {
      for (let i = 0; i < P; i++) {
        const j = observer + i;
        rel[i] = j < P ? j : j - P;
      }
    }
    for (let i = 0; i < P; i++) relOf[rel[i]] = i;

    const active = placed ? order[s.turnIdx] : -1;

    // The feature blocks, in the order they have always been written (values do not depend on it: each block
    // reads back only its own entries).
    writeDecision(s, observer, active);
    writePools(s);
    writeSeats(s, observer, active);
    writePotions(s, observer);
    writeModifiers(s);
    writeReadings(s);
    writeDecrees(s, observer);
    writeMarketBook(s);
    writeMarketSeats(s);
    writeOffer(s);
    writeFutures(s);
    writeLoans(s);
    writePolicies(s);
    writeHidden(s, observer);
    writeCombat(s, observer);
    writeRegulations(s);
    if (s.unitCard.length > 0) writeCombat2(s);
    writeMint(s);
    writeMarketCards(s);
    if (s.council.length > 0) writeCouncil(s);
    if (full) writeDecreeDesigns(s);
  }

  return { spec, write, writeSparse, rowWriter };
}

/**
 * The observation encoder of ruleset `rs`: `observe(s, seat, out)` writes `seat`'s view of `s` into
 * `out` (length >= spec.size). Allocates nothing per call.
 * @throws ArgumentError for a seat outside the game or a short buffer
 */
export function createObservationEncoder(rs: Ruleset): {
  spec: TensorSpec;
  observe(s: MerlinState, seat: number, out: Float32Array): void;
  /**
   * The same observation as its non-zero entries: writes (index, value) pairs into `index` / `value`
   * (each of length >= spec.size), each index once, in no particular order; returns how many.
   */
  observeSparse(s: MerlinState, seat: number, index: Int32Array, value: Float32Array): number;
  /**
   * A writer that keeps one caller-owned row up to date, rewriting only what it wrote there last time
   * (`Game.observationRowWriter`); `capacity` is the number of entries its list starts with room for.
   */
  observationRowWriter(capacity?: number): ObservationRowWriter<MerlinState> & { written(out: Int32Array): number };
} {
  const { spec, write, writeSparse, rowWriter } = build(rs, false);
  return { spec, observe: write, observeSparse: writeSparse, observationRowWriter: rowWriter };
}

/**
 * The perfect-information state encoder of ruleset `rs` (centralised critics): every hand, face-down
 * potion identity, hidden bid and vote and the decree options, by absolute seat; not the RNG state nor the
 * draw piles' order (the future chance outcomes).
 */
export function createStateEncoder(rs: Ruleset): { spec: TensorSpec; encode(s: MerlinState, out: Float32Array): void } {
  const { spec, write } = build(rs, true);
  return { spec, encode: (s: MerlinState, out: Float32Array) => write(s, -1, out) };
}
