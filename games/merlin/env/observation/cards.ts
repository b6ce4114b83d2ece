/**
 * Merlin's observation blocks of the cards on the table and in hand (env/observation.ts): Future Readings,
 * Royal Decrees (faces; the designs in the state tensor only), the hidden cards (hands, cards bought, face-down
 * potions, bids and votes: the observer's own, every seat's in the state tensor) and the regulations.
 */
import { HAND_POTION, HAND_SPELL, Phase, type MerlinState } from '../../engine/state.ts';
import { rankOf } from '../../engine/cards.ts';
import { decreeFaces } from '../../engine/decrees.ts';
import { regulationAction } from '../../engine/regulations.ts';
import { decreeDrawer, record, SUITS, type At, type Block, type Put } from './block.ts';

/**
 * Future Readings, Royal Decrees and the hidden cards: their segments and their writers. The potions' writer
 * also fills the counts of the seats block (`seats`: seat.potionsInFront, field.potions), read back with `at`.
 */
export function cardsBlock(ctx: Block, put: Put, at: At, seats: { oFront: number; oSlotPotions: number }) {
  const { rs, d, full, L, M, F, H, R, O, spellDef, potionDef, decreeDef, nSp, nPo, names, relWord, B, privWord, relOf } = ctx;
  const { oFront, oSlotPotions } = seats;

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
  // Written by writePotions below:
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
      let v = at(idx) + 0.25;
      put(idx, v > 1 ? 1 : v);
      if (full || owner === observer) {
        const b = full ? owner : 0;
        idx = oPotId + (b * (F + 1) + slot + 1) * nPo + potionDef[pc[x]];
        v = at(idx) + 0.25;
        put(idx, v > 1 ? 1 : v);
      }
    }
  }

  return { writeReadings, writeDecrees, writeHidden, writePotions };
}

/** The regulations in force and the open regulation vote: their segments and their writer. */
export function regulationsBlock(ctx: Block, put: Put) {
  const { rs, d, L, M, seatWord, relWord, relOf } = ctx;

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

  return { writeRegulations };
}

/** The decree designs (the state tensor only): their segment and its writer. */
export function decreeDesignsBlock(ctx: Block, put: Put) {
  const { rs, full, L, O, decreeDef, names } = ctx;

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

  return { writeDecreeDesigns };
}
