/**
 * Merlin's observation blocks of the seats (public counters, roles, net worth) and their fields (slots,
 * production modifiers) (env/observation.ts). The net worth is summed as the fields are written.
 */
import { Phase, SlotKind, TopKind, type MerlinState } from '../../engine/state.ts';
import { rankOf } from '../../engine/cards.ts';
import { addMarketWorths } from '../../engine/market.ts';
import { contractWorths } from '../../engine/victory.ts';
import { decreeDrawer, SLOT_KINDS, TOP_KINDS, type At, type Block, type Put } from './block.ts';

/**
 * The seats and their fields: their segments and their writers; `oFront` and `oSlotPotions` for the potions'
 * writer (observation/cards.ts). `at` reads the row back (the first production modifier wins).
 */
export function seatsBlock(ctx: Block, put: Put, at: At) {
  const { rs, d, full, L, M, F, H, G, C0, C1, C2, meadPrice, seatWord, rel, relOf, orderPos, worths } = ctx;

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
  // Written with the fields (writeModifiers) and by the hidden-cards block (writePotions, observation/cards.ts):
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
      if (at(idx) === 0) {
        const m = s.modMult[x];
        put(idx, m >= 4 ? 1 : (m + 1) / 5);
      }
    }
  }

  return { writeSeats, writeModifiers, oFront, oSlotPotions };
}
