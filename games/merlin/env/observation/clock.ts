/**
 * Merlin's observation blocks of the open decision and the clock (phase, pending sub-decision, the counters,
 * the season wheel, the last roll) and of the conserved pools and decks (env/observation.ts).
 */
import { Phase, type MerlinState } from '../../engine/state.ts';
import { PENDINGS, PHASES, type Block, type Put } from './block.ts';

const NUM_PHASES = PHASES.names.length;
const NUM_PENDING = PENDINGS.names.length;

/** The decision and the clock, then the pools and decks: their segments and their writers. */
export function clockBlock(ctx: Block, put: Put) {
  const { rs, d, full, L, M, F, H, G, C0, C1, C2, R, relWord, relOf } = ctx;

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

  return { writeDecision, writePools };
}
