/**
 * Invariant checks, run by tests after every step and by `merlin simulate --check-invariants`.
 * Modelled on OpenSpiel's basic_tests: conservation, no negative balances, legality agreement, clone and
 * serialisation round trips, illegal actions refused with the state unchanged.
 *
 * Each check returns a list of human-readable violations (empty when all is well).
 */
import { IllegalActionError } from '../../../lib/errors.ts';
import type { Ruleset } from '../rules/index.ts';
import { DECK_NAMES } from '../cards/schema.ts';
import { catalogue } from './actions.ts';
import {
  cloneState,
  deserializeState,
  HAND_POTION,
  HAND_SPELL,
  Phase,
  serializeState,
  SlotKind,
  TopKind,
  type MerlinState,
} from './state.ts';
import { applyAction, legalActions, whyIllegal } from './engine.ts';
import { landNumberAt } from './ledger.ts';
import { buildPlayingDeck } from './cards.ts';
import { cardHp } from './combat.ts';
import { checkMint } from './mint.ts';
import { isGolemCard, isGuardCard, unitsOn } from './kernel/units.ts';

/** Gold, commodities and every card are conserved; no balance is negative; the decision is well formed. */
export function checkConservation(s: MerlinState, rs: Ruleset): string[] {
  const out: string[] = [];
  const P = s.numPlayers;
  const F = rs.data.table.fieldSlots;
  let gold = s.centralBank + s.row + s.auctionPot;
  const com = [...s.supply];
  const neg = (name: string, v: number) => {
    if (!(v >= 0) || !Number.isInteger(v)) out.push(`${name} is ${v}`);
  };
  neg('centralBank', s.centralBank);
  neg('row', s.row);
  neg('auctionPot', s.auctionPot);
  for (let c = 0; c < 3; c++) neg(`supply[${c}]`, s.supply[c]);
  for (let p = 0; p < P; p++) {
    gold += s.gold[p];
    neg(`gold[${p}]`, s.gold[p]);
    neg(`crowns[${p}]`, s.crowns[p]);
    neg(`mead[${p}]`, s.mead[p]);
    neg(`debtBank[${p}]`, s.debtBank[p]);
    neg(`debtRow[${p}]`, s.debtRow[p]);
    for (let c = 0; c < 3; c++) {
      com[c] += s.held[p * 3 + c];
      neg(`held[${p}][${c}]`, s.held[p * 3 + c]);
    }
  }
  for (let k = 0; k < P * F; k++) {
    gold += s.slotVault[k] + s.slotInvest[k] + s.slotFunds[k];
    neg(`slotVault[${k}]`, s.slotVault[k]);
    neg(`slotInvest[${k}]`, s.slotInvest[k]);
    neg(`slotFunds[${k}]`, s.slotFunds[k]);
    if (s.slotPlanted[k] > 0) {
      if (s.slotTopKind[k] !== TopKind.Land) out.push(`slot ${k} has planted units but no Land`);
      else com[rs.landCommodity[landNumberAt(s, k)]] += s.slotPlanted[k];
    }
    if (s.slotVault[k] > 0 && s.slotKind[k] !== SlotKind.Chauffeur) out.push(`slot ${k} holds vault gold but is no Chauffeur`);
    if (s.slotFunds[k] > 0 && s.slotKind[k] !== SlotKind.SpellLab && s.slotKind[k] !== SlotKind.PotionLab)
      out.push(`slot ${k} holds research funds but is no lab`);
  }
  // The Grand Market (bids, escrow, R.O.W. stimulus bids, asks) and the horse carts (engine/market.ts).
  for (let k = 0; k < P * 3; k++) {
    gold += s.mktBid[k] + s.mktEscBid[k] + s.mktEscGold[k];
    com[k % 3] += s.mktAskQty[k];
    neg(`mktBid[${k}]`, s.mktBid[k]);
    neg(`mktEscBid[${k}]`, s.mktEscBid[k]);
    neg(`mktEscGold[${k}]`, s.mktEscGold[k]);
    neg(`mktAskQty[${k}]`, s.mktAskQty[k]);
    if (s.mktAskQty[k] > 0 !== s.mktAsk[k] > 0) out.push(`ask ${k} has units without a price or a price without units`);
  }
  for (let c = 0; c < 3; c++) {
    gold += s.rowBids[c] * s.rowBidPrice[c];
    neg(`rowBids[${c}]`, s.rowBids[c]);
    neg(`rowBidPrice[${c}]`, s.rowBidPrice[c]);
  }
  for (let p = 0; p < P; p++) {
    neg(`cartQty[${p}]`, s.cartQty[p]);
    if (s.cartQty[p] > 0) {
      if (s.cartCom[p] < 0 || s.cartCom[p] > 2) out.push(`cart of ${p} carries an unknown commodity`);
      else com[s.cartCom[p]] += s.cartQty[p];
    }
  }
  for (let k = 0; k < s.futShort.length; k++) {
    if (s.futShort[k] < 0) continue;
    if (s.futShort[k] === s.futLong[k]) out.push(`futures contract ${k}: the short is its own long`);
    if (s.futOwed[k] < 0 || s.futOwed[k] > rs.data.finance.bushel) out.push(`futures contract ${k} owes ${s.futOwed[k]} units`);
    if (s.eliminated[s.futShort[k]] || (s.futLong[k] >= 0 && s.eliminated[s.futLong[k]]))
      out.push(`futures contract ${k} has an eliminated party`);
  }
  for (let k = 0; k < s.polSeller.length; k++) {
    gold += s.polCover[k];
    neg(`polCover[${k}]`, s.polCover[k]);
    if (s.polSeller[k] < 0 ? s.polCover[k] !== 0 || s.polBuyer[k] >= 0 : s.polBuyer[k] < 0 !== (s.polCover[k] === 0))
      out.push(`policy ${k} is malformed`);
  }
  for (let k = 0; k < s.loanLender.length; k++) {
    if (s.loanLender[k] < 0) continue;
    if (s.loanLender[k] === s.loanBorrower[k] || s.loanOwed[k] <= 0) out.push(`loan ${k} is malformed`);
    if (s.eliminated[s.loanLender[k]] || s.eliminated[s.loanBorrower[k]]) out.push(`loan ${k} has an eliminated party`);
  }
  out.push(...checkMint(s, rs));
  if ((s.phase === Phase.OfferRespond) !== s.offerTo >= 0) out.push('an offer counterparty is set outside OfferRespond (or missing in it)');
  if (gold !== rs.data.supply.gold) out.push(`gold is not conserved: ${gold} != ${rs.data.supply.gold}`);
  const totals = [rs.data.supply.commodities.souls, rs.data.supply.commodities.elixirOil, rs.data.supply.commodities.essenceGrain];
  for (let c = 0; c < 3; c++) if (com[c] !== totals[c]) out.push(`commodity ${c} is not conserved: ${com[c]} != ${totals[c]}`);

  // Playing cards: each id exactly once.
  const decks = rs.data.deck.mode === 'perPlayer' ? P : 1;
  const expected = buildPlayingDeck(decks, rs.data.deck.jokers, rs.data.combat.golems).length;
  const seen = new Uint8Array(decks * 54);
  let count = 0;
  const see = (c: number, where: string) => {
    if (c < 0 || c >= seen.length || seen[c]) out.push(`playing card ${c} duplicated or invalid (${where})`);
    else seen[c] = 1;
    count++;
  };
  s.deck.forEach((c) => see(c, 'deck'));
  s.discard.forEach((c) => see(c, 'discard'));
  s.council.forEach((c) => c >= 0 && see(c, "the Council's offices"));
  if (s.council.length !== (rs.data.councilDisplay ?? 0))
    out.push(`the Council's offices have ${s.council.length} places, not ${rs.data.councilDisplay ?? 0}`);
  const customs: number[][] = DECK_NAMES.map(() => []);
  for (let p = 0; p < P; p++) {
    for (const c of [...s.hands[p], ...s.newCards[p]]) {
      if (c >= HAND_POTION) customs[3].push(c - HAND_POTION);
      else if (c >= HAND_SPELL) customs[2].push(c - HAND_SPELL);
      else see(c, `hand of ${p}`);
    }
    if (s.hands[p].length !== s.handOrigin[p].length) out.push(`hand origin of ${p} out of step`);
    if (s.hands[p].length + s.newCards[p].length > rs.data.table.handSize) out.push(`hand of ${p} over the limit`);
  }
  for (let k = 0; k < P * F; k++) {
    if (s.slotKind[k] !== SlotKind.Empty) see(s.slotCard[k], `slot ${k}`);
    if (s.slotTopKind[k] !== TopKind.None) see(s.slotTop[k], `top of slot ${k}`);
  }
  s.unitCard.forEach((c, u) => see(c, `unit ${u}`));
  if (count !== expected) out.push(`playing cards: ${count} found, ${expected} expected`);
  out.push(...checkUnits(s, rs));
  // Custom cards.
  s.underCard.forEach((c) => (c >= HAND_POTION ? customs[3].push(c - HAND_POTION) : customs[2].push(c - HAND_SPELL)));
  s.readingCard.forEach((c, i) => customs[s.readingDeck[i]].push(c));
  s.potionCard.forEach((c) => customs[3].push(c));
  s.decreeOptions.forEach((c) => customs[4].push(c));
  if (s.decreeCard >= 0) customs[4].push(s.decreeCard);
  if (s.offerCard >= 0) customs[2].push(s.offerCard - HAND_SPELL);
  DECK_NAMES.forEach((name, d) => {
    const all = [...s.cdeck[d], ...s.cdiscard[d], ...customs[d]].sort((a, b) => a - b);
    const size = rs.decks[name].size;
    if (all.length !== size || all.some((c, i) => c !== i)) out.push(`${name} cards are not conserved (${all.length} of ${size})`);
  });
  let spent = 0;
  for (let k = 0; k < P * F; k++) spent += s.slotSpent[k];
  if (spent !== s.underCard.length) out.push(`spent-card counts (${spent}) disagree with cards under labs (${s.underCard.length})`);

  if (s.phase !== Phase.GameOver) {
    if (s.decider < 0 || s.decider >= P || s.eliminated[s.decider]) out.push(`decider ${s.decider} is not a player in the game`);
    else {
      const buf = new Int32Array(catalogue(rs).size);
      if (legalActions(s, rs, buf) === 0) out.push(`no legal action in phase ${s.phase}`);
    }
  }
  return out;
}

/** Combat: the unit arrays line up; units are alive, on the board, within the stack and guard limits; hits within hit points. */
function checkUnits(s: MerlinState, rs: Ruleset): string[] {
  const out: string[] = [];
  const n = s.unitCard.length;
  const arrays = [
    s.unitOwner,
    s.unitPos,
    s.unitAtk,
    s.unitHp,
    s.unitActiveFrom,
    s.unitActed,
    s.unitStance,
    s.unitShield,
    s.unitExtraAttacks,
    s.unitFlags,
  ];
  if (arrays.some((a) => a.length !== n)) out.push('unit arrays out of step');
  const squares = s.numPlayers * rs.data.table.fieldSlots;
  const guards = new Array<number>(s.numPlayers).fill(0);
  for (let u = 0; u < n; u++) {
    const owner = s.unitOwner[u];
    if (owner < 0 || owner >= s.numPlayers || s.eliminated[owner]) out.push(`unit ${u} has no owner in the game`);
    if (s.unitPos[u] < 0 || s.unitPos[u] >= squares) out.push(`unit ${u} is off the board`);
    if (!(s.unitHp[u] > 0)) out.push(`unit ${u} is defeated but still on the board`);
    if (isGuardCard(s.unitCard[u])) guards[owner]++;
    else if (!isGolemCard(s.unitCard[u])) out.push(`unit ${u} is neither a golem nor a Royal Guard`);
  }
  for (let k = 0; k < squares; k++) {
    if (unitsOn(s, k) > rs.data.combat.stackMax) out.push(`square ${k} holds more than ${rs.data.combat.stackMax} units`);
    if (s.slotHits[k] < 0 || s.slotHits[k] > cardHp(s, rs, k)) out.push(`square ${k} has ${s.slotHits[k]} hits`);
    if (s.slotHits[k] > 0 && s.slotKind[k] === SlotKind.Empty) out.push(`empty square ${k} has hits`);
  }
  guards.forEach((g, p) => {
    if (g > rs.data.combat.guardsOnField) out.push(`player ${p} has ${g} Royal Guards on the field`);
  });
  return out;
}

/**
 * The expensive checks: `legalActions` agrees with `whyIllegal` on every id; every legal action applies
 * to a clone without error; every illegal one is refused with an IllegalActionError and the state left
 * unchanged (checked on `illegalSample` ids, all when undefined); clone and serialise/deserialise
 * round trips give equal states.
 */
export function checkDeep(s: MerlinState, rs: Ruleset, illegalSample?: number): string[] {
  const out: string[] = [];
  const cat = catalogue(rs);
  const before = serializeState(s);
  const buf = new Int32Array(cat.size);
  const n = legalActions(s, rs, buf);
  const legal = new Set(buf.subarray(0, n));
  if (n !== legal.size) out.push('legalActions returned a duplicate id');
  for (let i = 1; i < n; i++) if (buf[i] <= buf[i - 1]) out.push('legalActions is not in ascending order');
  const illegal: number[] = [];
  for (let id = 0; id < cat.size; id++) {
    const ok = whyIllegal(s, rs, id) === null;
    if (ok !== legal.has(id)) out.push(`action ${id}: legalActions says ${legal.has(id)}, whyIllegal says ${ok}`);
    if (!ok) illegal.push(id);
  }
  for (const id of legal) {
    const c = cloneState(s);
    try {
      applyAction(c, rs, id);
    } catch (e) {
      out.push(`legal action ${id} threw ${(e as Error).message}`);
    }
  }
  const step = illegalSample && illegal.length > illegalSample ? Math.ceil(illegal.length / illegalSample) : 1;
  for (let i = 0; i < illegal.length; i += step) {
    const id = illegal[i];
    const c = cloneState(s);
    try {
      applyAction(c, rs, id);
      out.push(`illegal action ${id} was accepted`);
    } catch (e) {
      if (!(e instanceof IllegalActionError) && s.phase !== Phase.GameOver)
        out.push(`illegal action ${id} threw ${(e as Error).name}, not IllegalActionError`);
      if (serializeState(c) !== before) out.push(`illegal action ${id} changed the state`);
    }
  }
  if (serializeState(cloneState(s)) !== before) out.push('clone differs from the state');
  if (serializeState(deserializeState(before, rs.hash)) !== before) out.push('serialise/deserialise round trip differs');
  if (serializeState(s) !== before) out.push('the checks changed the state');
  return out;
}
