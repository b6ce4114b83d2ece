/**
 * The Merlin Economics engine: legal actions and applying an action, on plain-data state.
 *
 * OpenSpiel vocabulary: `currentPlayer(s)` is the seat that decides next (-1 when terminal; chance events,
 * the dice and card draws, are resolved inside `applyAction` from the state's RNG); `legalActions` lists
 * the legal action ids; `applyAction` mutates `s` in place (clone first to keep the old state). An
 * illegal action throws `IllegalActionError` naming the action and the reason, and leaves `s` exactly as
 * it was: every action is checked before anything changes.
 *
 * Each action kind's behaviour (phases, reference check, apply, description) is declared by its chapter in
 * a `KindRules` table (registry.ts); `whyIllegal`, `applyAction` and `describeAction` dispatch through the
 * gathered `KIND_REGISTRY`. This module declares only the shared sub-decisions (a slot, a player, a square,
 * a unit: what is chosen is the open Pending) and the blind bids. `legalActions` enumerates fast paths per
 * phase; `whyIllegal` is the reference check. The invariant tests assert that the two agree on every id of
 * every visited state.
 */
import { GameOverError, IllegalActionError, UnknownActionError } from '../../../lib/errors.ts';
import type { Ruleset } from '../rules/index.ts';
import { catalogue, Kind, KINDS } from './actions.ts';
import { HAND_POTION, HAND_SPELL, Pending, Phase, SlotKind, TopKind, Victory, type MerlinState } from './state.ts';
import { buildRegistry, PHASE_LIMIT, type KindRules } from './registry.ts';
import { checkInvest, fieldEnd, isBareUninvested, PROPERTY_RULES } from './properties.ts';
import { CHAUFFEUR_RULES, checkChauffeurSecond, checkVault, completeChauffeur } from './chauffeurs.ts';
import { checkLandSpot, checkPlant, LAND_RULES, placeLand } from './lands.ts';
import { checkBrewMead, checkFundLab, completeSpecialised, RESEARCH_RULES, specialisedSpot } from './research.ts';
import { brewPotion, castSpell, checkSellSpell, MAGIC_RULES, potionSpotOk, spellTargetOk } from './magic.ts';
import { checkBuy, checkPlayCard, placeCard, PLAYING_CARD_RULES } from './playing-cards.ts';
import { canEnact, decreeBid, DECREE_RULES, settleDecreeAuction } from './decrees.ts';
import { TAX_RULES } from './taxes.ts';
import { READING_RULES } from './future-readings.ts';
import { maxAuctionBid, placeAuctionBid } from './setup.ts';
import { startTurn, TURN_RULES } from './turn.ts';
import { afterDecree, REGULATION_RULES } from './regulations.ts';
import { hasHighestNetWorth, VICTORY_RULES } from './victory.ts';
import {
  animate,
  attackProperty,
  attackPropertyOk,
  attackUnit,
  attackUnitOk,
  checkAnimate,
  checkCommand,
  checkLastCall,
  checkMotivate,
  checkUnitVerb,
  COMBAT_RULES,
  coordinatedStrike,
  moveOk,
  moveUnit,
  motivate,
  partnerOk,
  placeOk,
  recipientOk,
  sacrificeOk,
  squareKey,
  transmute,
  unitAt,
  Verb,
  verbOfKind,
} from './combat.ts';
import {
  applyOfferTarget,
  isOfferTarget,
  legalMarketMain,
  legalOfferTargets,
  legalTerms,
  MARKET_RULES,
  offersBarred,
  offerTargetOk,
  PLAYER_OFFER_KINDS,
} from './offers.ts';
import { checkRaise } from './trade.ts';
import { combine, comboPartnerOk } from './combinations.ts';
import { unitTargetOk } from './unit-cards.ts';
import { dismissOk, raid, raidTargetOk } from './artificer.ts';
import { legalMintMain, MINT_RULES } from './mint.ts';
import { handCardDef } from './kernel/card-defs.ts';
import { takeFromHand } from './kernel/hands.ts';
import { backToMain, readingsAvailable } from './kernel/phase.ts';
import { isGolemCard, isGuardCard, unitsOn } from './kernel/units.ts';
import { slotName, squareName } from './kernel/names.ts';

/** Seat that decides next, or -1 when the game is over. */
export function currentPlayer(s: MerlinState): number {
  return s.phase === Phase.GameOver ? -1 : s.decider;
}

/** True when the game has ended (terminated or truncated). */
export function isTerminal(s: MerlinState): boolean {
  return s.phase === Phase.GameOver;
}

/** True when the game ended by truncation at the turn limit rather than by a victory. */
export function isTruncated(s: MerlinState): boolean {
  return s.victory === Victory.Truncated;
}

/**
 * The sub-decisions shared by the chapters (a slot, a player, a board square, a unit: what is being chosen
 * is the open `Pending`) and the blind bids of the turn-order auction and a refused decree's auction.
 */
const SUB_DECISION_RULES: KindRules = {
  [Kind.SelectSlot]: {
    phases: [Phase.SelectSlot],
    check: (s, rs, seat, a) => checkSelectSlot(s, rs, seat, a),
    apply: (s, rs, seat, a) => applySelectSlot(s, rs, seat, a),
    describe: (rs, a, _b, s) =>
      s && s.pending === Pending.SpellTargetSlot
        ? `choose ${slotName(rs, s, a, s.pendingPlayer)} of player ${s.pendingPlayer}`
        : `choose ${slotName(rs, s, a)}`,
  },
  [Kind.SelectPlayer]: {
    phases: [Phase.SelectPlayer],
    check: (s, rs, seat, a) => {
      if (a >= s.numPlayers) return 'no player at that offset';
      if (isOfferTarget(s)) return offerTargetOk(s, rs, seat, (seat + a) % s.numPlayers) ? null : 'that player cannot take this offer';
      if (s.pending === Pending.RaidHand)
        return raidTargetOk(s, seat, (seat + a) % s.numPlayers) ? null : 'not an opponent with a card in hand';
      const def = handCardDef(rs, s.hands[seat][s.pendingHand]);
      return spellTargetOk(s, rs, seat, (seat + a) % s.numPlayers, def.target === 'opponentLand')
        ? null
        : 'not a valid target for this spell';
    },
    apply: applySelectPlayer,
    describe: (_rs, a, _b, s) =>
      s && s.decider >= 0 ? `choose player ${(s.decider + a) % s.numPlayers}` : `choose the player ${a} seat(s) to the left`,
  },
  [Kind.SelectSquare]: {
    phases: [Phase.SelectSquare],
    check: (s, rs, seat, a) => checkSquare(s, rs, seat, squareKey(s, rs, seat, a)),
    apply: (s, rs, seat, a) => applySelectSquare(s, rs, seat, squareKey(s, rs, seat, a)),
    describe: (rs, a, _b, s) => `choose ${squareName(rs, s, a)}`,
  },
  [Kind.SelectUnit]: {
    phases: [Phase.SelectUnit],
    check: (s, rs, seat, a, b) => {
      const k = squareKey(s, rs, seat, a);
      return checkUnitTarget(s, rs, k < 0 ? -1 : unitAt(s, k, b));
    },
    apply: (s, rs, seat, a, b) => applySelectUnit(s, rs, seat, unitAt(s, squareKey(s, rs, seat, a), b)),
    describe: (rs, a, b, s) => `choose the unit at ${squareName(rs, s, a)}, level ${b}`,
  },
  [Kind.Bid]: {
    phases: [Phase.AuctionBid, Phase.DecreeBid],
    check: (s, rs, seat, a) =>
      a <= (s.phase === Phase.AuctionBid ? maxAuctionBid(s, rs, seat) : s.gold[seat]) ? null : 'cannot bid more gold than you hold',
    apply: (s, rs, seat, a) => {
      if (s.phase === Phase.AuctionBid) {
        if (placeAuctionBid(s, rs, a)) {
          s.turnIdx = 0;
          startTurn(s, rs);
        }
      } else if (decreeBid(s, seat, a)) {
        settleDecreeAuction(s, rs);
        afterDecree(s);
      }
    },
    describe: (_rs, a) => `bid ${a} gold`,
  },
};

/** The chapters' kind tables, in catalogue order of their chapters (engine.ts's own sub-decisions apart). */
export const CHAPTER_RULES: readonly KindRules[] = [
  TURN_RULES,
  READING_RULES,
  PLAYING_CARD_RULES,
  MAGIC_RULES,
  PROPERTY_RULES,
  RESEARCH_RULES,
  CHAUFFEUR_RULES,
  LAND_RULES,
  VICTORY_RULES,
  DECREE_RULES,
  TAX_RULES,
  REGULATION_RULES,
  COMBAT_RULES,
  MARKET_RULES,
  MINT_RULES,
];

/**
 * Every action kind's behaviour, from the chapters' tables and the shared sub-decisions: the Main phase's
 * free actions are the kinds whose phases include Phase.Main (`KIND_REGISTRY.main`, sized from the largest kind).
 */
export const KIND_REGISTRY = buildRegistry([...CHAPTER_RULES, SUB_DECISION_RULES]);

/** A readable name for each Phase value (illegal-action reasons, the replay viewer). */
export const PHASE_NAMES: Record<number, string> = {
  [Phase.AuctionBid]: 'turn-order auction',
  [Phase.FutureReading]: 'future reading',
  [Phase.Main]: 'free actions',
  [Phase.SelectSlot]: 'choose a slot',
  [Phase.SelectPlayer]: 'choose a player',
  [Phase.DecreeChoose]: 'choose a decree',
  [Phase.DecreeDecide]: 'enact or refuse the decree',
  [Phase.DecreeBid]: 'decree auction',
  [Phase.Tax]: 'tax season',
  [Phase.TaxVote]: 'tax-rate vote',
  [Phase.CostOfLivingVote]: 'Cost of the Living vote',
  [Phase.VolatilityVote]: 'Volatility vote',
  [Phase.GameOver]: 'game over',
  [Phase.OfferRespond]: 'an offer to accept or refuse',
  [Phase.SelectTerm]: 'choose a price or term',
  [Phase.PropertyAuction]: 'a property auction',
  [Phase.UnitVerb]: "choose the unit's verb",
  [Phase.SelectSquare]: 'choose a board square',
  [Phase.SelectUnit]: 'choose a unit',
  [Phase.RegulationPropose]: 'propose a regulation',
  [Phase.RegulationVote]: 'the regulation vote',
};

/** The Chauffeur vault kinds, in id order (legalMain; a module constant, not an array per call). */
const VAULT_KINDS = [Kind.Deposit, Kind.Withdraw] as const;

/** whyIllegal's refusal for an action of another phase, per phase (made once: whyIllegal runs on every action). */
const WRONG_CHOICE: Record<number, string> = Object.fromEntries(
  Object.entries(PHASE_NAMES).map(([p, name]) => [p, `not a choice during ${name}`]),
);

/** Why action `id` is illegal in `s` (a short reason), or null when it is legal. The reference legality check. */
export function whyIllegal(s: MerlinState, rs: Ruleset, id: number): string | null {
  const cat = catalogue(rs);
  if (!Number.isInteger(id) || id < 0 || id >= cat.size) return 'not in the action catalogue';
  const kind = cat.kind[id];
  const a = cat.arg[id];
  const b = cat.arg2[id];
  const seat = s.decider;
  if (s.phase === Phase.GameOver) return 'the game is over';
  if (!KIND_REGISTRY.inPhase[kind * PHASE_LIMIT + s.phase]) return WRONG_CHOICE[s.phase] ?? 'not a choice now';
  const check = KIND_REGISTRY.check[kind];
  if (check === null) return null;
  if (s.phase === Phase.Main && s.actionsThisTurn >= rs.data.maxActionsPerTurn) return 'the per-turn action cap is reached: only end turn';
  if (s.phase === Phase.Main && offersBarred(s, rs) && PLAYER_OFFER_KINDS.includes(kind))
    return 'an offer of yours was refused this turn: no more offers to players until your next turn (market.refusalsPerTurn)';
  return check(s, rs, seat, a, b, kind);
}

/** Why unit `t` (-1 for none) cannot be chosen in the open unit sub-decision, or null. */
function checkUnitTarget(s: MerlinState, rs: Ruleset, t: number): string | null {
  if (t < 0) return 'no unit there';
  switch (s.pending) {
    case Pending.AttackUnit:
      return attackUnitOk(s, rs, s.cmdUnit, t) ? null : 'not an enemy unit this unit can attack';
    case Pending.CoordPartner:
      return partnerOk(s, rs, s.cmdUnit, t) ? null : 'not a friendly golem that can join the Coordinated Strike';
    case Pending.CoordAttackUnit:
      return attackUnitOk(s, rs, s.cmdUnit, t) && attackUnitOk(s, rs, s.cmdPartner, t) ? null : 'not an enemy unit both golems can attack';
    case Pending.TransmuteSacrifice:
      return sacrificeOk(s, rs, s.cmdUnit, t) ? null : 'not a friendly golem the Tactical Artificer can dismantle';
    case Pending.TransmuteRecipient:
      return recipientOk(s, s.cmdUnit, s.cmdPartner, t) ? null : 'not another friendly golem';
    case Pending.DismissGolem:
      return dismissOk(s, rs, s.cmdUnit, t) ? null : 'not a friendly golem the Tactical Artificer can discard';
    case Pending.ComboPartner:
      return comboPartnerOk(s, rs, s.cmdUnit, t) ? null : "not the friendly Jack of this Queen's combination, stacked or adjacent";
    case Pending.SpellTargetUnit:
    case Pending.PotionTargetUnit:
      return unitTargetOk(s, s.decider, handCardDef(rs, s.hands[s.decider][s.pendingHand]), t) ? null : 'not a unit this card can target';
  }
  return 'no unit is being chosen';
}

/** Why board square `k` (slot key, -1 for none) cannot complete the open placement, move or attack, or null. */
function checkSquare(s: MerlinState, rs: Ruleset, seat: number, k: number): string | null {
  if (k < 0) return 'no such square';
  switch (s.pending) {
    case Pending.PlaceGolem:
    case Pending.PlaceGuard:
    case Pending.PlaceGuardNow:
      return placeOk(s, rs, seat, k) ? null : 'not one of your cards (not a Chauffeur) with room for a unit';
    case Pending.MoveUnit:
      return moveOk(s, rs, s.cmdUnit, k) ? null : 'the unit cannot move there';
    case Pending.AttackProperty:
      return attackPropertyOk(s, rs, s.cmdUnit, k) ? null : 'not an enemy card this unit can attack';
    case Pending.CoordAttackProperty:
      return attackPropertyOk(s, rs, s.cmdUnit, k) && attackPropertyOk(s, rs, s.cmdPartner, k)
        ? null
        : 'not an enemy card both golems can attack';
  }
  return 'no square is being chosen';
}

function checkSelectSlot(s: MerlinState, rs: Ruleset, seat: number, slot: number): string | null {
  const F = rs.data.table.fieldSlots;
  switch (s.pending) {
    case Pending.PlaceLand:
      return checkLandSpot(s, rs, seat, slot);
    case Pending.SpellShopProperty:
      return specialisedSpot(s, seat * F + slot, false) ? null : 'a Spell Shop needs a property without a permit';
    case Pending.BreweryProperty:
      return specialisedSpot(s, seat * F + slot, true) ? null : 'a Brewery needs an un-invested property without a permit';
    case Pending.ChauffeurSecond:
      return checkChauffeurSecond(s, rs, seat, s.pendingSlot, slot);
    case Pending.SpellTargetSlot:
      return s.slotTopKind[s.pendingPlayer * F + slot] === TopKind.Land ? null : "not one of the target's Lands";
    case Pending.PotionTargetSlot:
      return potionSpotOk(s, rs, seat, handCardDef(rs, s.hands[seat][s.pendingHand]), slot) ? null : 'not a valid place for this potion';
    case Pending.PlaceCard:
      return s.slotKind[seat * F + slot] === SlotKind.Empty ? null : 'the slot is not empty';
  }
  return 'no slot is being chosen';
}

/** The kinds of the shipped `Kind` table: `legalFast`'s per-phase fast paths know these and no others. */
const SHIPPED_KINDS = new Set<number>(Object.values(Kind));

/**
 * Kinds a chapter declared with `defineKind` (not in the shipped `Kind` table), by phase: no fast path knows
 * them, so `legalActions` enumerates them by their reference check. Empty in the shipped game (every entry
 * undefined); a fast path can be added to `legalFast` where a profile asks for one.
 */
const DECLARED_BY_PHASE: (number[] | undefined)[] = [];
for (const k of KINDS) {
  if (SHIPPED_KINDS.has(k)) continue;
  for (let p = 0; p < PHASE_LIMIT; p++) if (KIND_REGISTRY.inPhase[k * PHASE_LIMIT + p]) (DECLARED_BY_PHASE[p] ??= []).push(k);
}

/**
 * Write the legal action ids of `s` into `out` (ascending) and return how many there are. Allocates
 * nothing; `out` must hold `catalogue(rs).size` ids.
 */
export function legalActions(s: MerlinState, rs: Ruleset, out: Int32Array): number {
  let n = legalFast(s, rs, out);
  const declared = DECLARED_BY_PHASE[s.phase];
  if (declared !== undefined) {
    for (const k of declared) n = legalByCheck(s, rs, k, out, n);
    out.subarray(0, n).sort();
  }
  return n;
}

/** The legal ids of the shipped kinds, ascending: a fast path per phase (a phase it does not know: the shipped kinds' checks). */
function legalFast(s: MerlinState, rs: Ruleset, out: Int32Array): number {
  const cat = catalogue(rs);
  const base = cat.base;
  const seat = s.decider;
  let n = 0;
  switch (s.phase) {
    case Phase.GameOver:
      return 0;
    case Phase.AuctionBid:
    case Phase.DecreeBid: {
      const m = s.phase === Phase.AuctionBid ? maxAuctionBid(s, rs, seat) : Math.min(s.gold[seat], rs.data.grids.maxBid);
      for (let k = 0; k <= m; k++) out[n++] = base[Kind.Bid] + k;
      return n;
    }
    case Phase.FutureReading:
      if (readingsAvailable(s, 0) > 0) out[n++] = base[Kind.DrawTeaLeaves];
      if (readingsAvailable(s, 1) > 0) out[n++] = base[Kind.DrawCrystalBall];
      return n;
    case Phase.DecreeChoose:
      for (let i = 0; i < s.decreeOptions.length; i++) out[n++] = base[Kind.SelectOption] + i;
      return n;
    case Phase.DecreeDecide:
      if (canEnact(s, rs)) out[n++] = base[Kind.EnactDecree];
      out[n++] = base[Kind.RefuseDecree];
      return n;
    case Phase.Tax:
      out[n++] = base[Kind.PayTax];
      if (s.crowns[seat] > 0) out[n++] = base[Kind.SpendCrownOnTax];
      return n;
    case Phase.RegulationPropose:
      for (let r = 0; r < rs.data.decrees.regulations.length; r++) out[n++] = base[Kind.ProposeRegulation] + r;
      return n;
    case Phase.RegulationVote:
      out[n++] = base[Kind.VoteRegulationFor];
      out[n++] = base[Kind.VoteRegulationAgainst];
      return n;
    case Phase.TaxVote:
    case Phase.VolatilityVote:
      out[n++] = base[Kind.VoteKeep];
      out[n++] = base[Kind.VoteRaise];
      out[n++] = base[Kind.VoteLower];
      return n;
    case Phase.CostOfLivingVote:
      out[n++] = base[Kind.VoteKeep];
      for (let i = 0; i < rs.data.taxes.costOfLivingCuts.length; i++) out[n++] = base[Kind.VoteCut] + i;
      return n;
    case Phase.SelectSlot:
      for (let i = 0; i < rs.data.table.fieldSlots; i++) if (checkSelectSlot(s, rs, seat, i) === null) out[n++] = base[Kind.SelectSlot] + i;
      return n;
    case Phase.OfferRespond:
      out[n++] = base[Kind.AcceptOffer];
      out[n++] = base[Kind.RefuseOffer];
      return n;
    case Phase.SelectTerm:
      return legalTerms(s, rs, seat, out);
    case Phase.PropertyAuction:
      if (checkRaise(s, rs, seat) === null) out[n++] = base[Kind.RaiseAuction];
      out[n++] = base[Kind.PassAuction];
      return n;
    case Phase.SelectPlayer: {
      if (isOfferTarget(s)) return legalOfferTargets(s, rs, seat, out);
      if (s.pending === Pending.RaidHand) {
        for (let off = 1; off < s.numPlayers; off++)
          if (raidTargetOk(s, seat, (seat + off) % s.numPlayers)) out[n++] = base[Kind.SelectPlayer] + off - 1;
        return n;
      }
      const needsLand = handCardDef(rs, s.hands[seat][s.pendingHand]).target === 'opponentLand';
      for (let off = 1; off < s.numPlayers; off++)
        if (spellTargetOk(s, rs, seat, (seat + off) % s.numPlayers, needsLand)) out[n++] = base[Kind.SelectPlayer] + off - 1;
      return n;
    }
    case Phase.UnitVerb:
      for (let k = Kind.Move; k <= Kind.UseAbility; k++) if (checkUnitVerb(s, rs, verbOfKind(k)) === null) out[n++] = base[k];
      if (checkUnitVerb(s, rs, Verb.UseAbilityAlt) === null) out[n++] = base[Kind.UseAbilityAlt];
      if (checkUnitVerb(s, rs, Verb.Combine) === null) out[n++] = base[Kind.Combine];
      if (checkUnitVerb(s, rs, Verb.UseAbilityThird) === null) out[n++] = base[Kind.UseAbilityThird];
      return n;
    case Phase.SelectSquare: {
      const SQ = s.numPlayers * rs.data.table.fieldSlots;
      for (let q = 0; q < SQ; q++) if (checkSquare(s, rs, seat, squareKey(s, rs, seat, q)) === null) out[n++] = base[Kind.SelectSquare] + q;
      return n;
    }
    case Phase.SelectUnit: {
      const SQ = s.numPlayers * rs.data.table.fieldSlots;
      const L = rs.data.combat.stackMax;
      for (let q = 0; q < SQ; q++) {
        const k = squareKey(s, rs, seat, q);
        for (let l = 0; l < L; l++) {
          const t = unitAt(s, k, l);
          if (t >= 0 && checkUnitTarget(s, rs, t) === null) out[n++] = base[Kind.SelectUnit] + q * L + l;
        }
      }
      return n;
    }
  }
  if (s.phase !== Phase.Main) {
    for (const k of KINDS) if (SHIPPED_KINDS.has(k) && KIND_REGISTRY.inPhase[k * PHASE_LIMIT + s.phase]) n = legalByCheck(s, rs, k, out, n);
    return n;
  }
  return legalMain(s, rs, seat, out);
}

/** Free actions of the active player, in ascending id order. */
function legalMain(s: MerlinState, rs: Ruleset, seat: number, out: Int32Array): number {
  const cat = catalogue(rs);
  const base = cat.base;
  let n = 0;
  out[n++] = base[Kind.EndTurn];
  if (s.actionsThisTurn >= rs.data.maxActionsPerTurn) return n;
  const places = rs.data.councilDisplay;
  if (places === undefined) {
    if (checkBuy(s, rs, seat) === null) out[n++] = base[Kind.BuyCard];
  } else for (let a = 0; a < places; a++) if (checkBuy(s, rs, seat, a) === null) out[n++] = base[Kind.BuyCard] + a;
  const hand = s.hands[seat];
  for (let h = 0; h < hand.length; h++) if (checkPlayCard(s, rs, seat, h) === null) out[n++] = base[Kind.PlayCard] + h;
  for (let h = 0; h < hand.length; h++) {
    if (hand[h] >= HAND_SPELL && hand[h] < HAND_POTION && checkSellSpell(s, rs, seat, h) === null) out[n++] = base[Kind.SellSpell] + h;
  }
  const F = rs.data.table.fieldSlots;
  const k0 = seat * F;
  const end = fieldEnd(s, rs, seat); // slots from `end` on are empty: no slot action there
  let bare = 0;
  let freeProp = 0; // property without a permit (Spell Shop spot)
  for (let i = 0; i < end; i++) {
    if (isBareUninvested(s, k0 + i)) bare++;
    if (specialisedSpot(s, k0 + i, false)) freeProp++;
  }
  const I = rs.data.grids.invest.length;
  const V = rs.data.grids.vault.length;
  // Invest (ids ordered by slot, then amount)
  for (let i = 0; i < end; i++) {
    const kind = s.slotKind[k0 + i];
    if (kind !== SlotKind.Property) continue;
    for (let a = 0; a < I; a++) if (checkInvest(s, rs, seat, i, a) === null) out[n++] = base[Kind.Invest] + i * I + a;
  }
  for (let i = 0; i < end; i++) {
    const kind = s.slotKind[k0 + i];
    if ((kind === SlotKind.SpellLab || kind === SlotKind.PotionLab) && checkFundLab(s, rs, seat, i) === null)
      out[n++] = base[Kind.FundLab] + i;
  }
  for (let i = 0; i < end; i++) {
    const k = k0 + i;
    const kind = s.slotKind[k];
    if (
      (kind === SlotKind.SpellLab || kind === SlotKind.PotionLab) &&
      s.slotFunds[k] > 0 &&
      s.slotHits[k] === 0 &&
      s.slotSpent[k] >= rs.data.research.spentForSuccess
    ) {
      if (kind === SlotKind.SpellLab ? freeProp > 0 : bare > 0) out[n++] = base[Kind.CreateSpecialised] + i;
    }
  }
  if (bare >= 2) for (let i = 0; i < end; i++) if (isBareUninvested(s, k0 + i)) out[n++] = base[Kind.CreateChauffeur] + i;
  for (const kind of VAULT_KINDS) {
    for (let i = 0; i < end; i++) {
      if (s.slotKind[k0 + i] !== SlotKind.Chauffeur) continue;
      for (let a = 0; a < V; a++) if (checkVault(s, rs, seat, i, a, kind === Kind.Withdraw) === null) out[n++] = base[kind] + i * V + a;
    }
  }
  for (let i = 0; i < end; i++)
    if (s.slotTopKind[k0 + i] === TopKind.Land && checkPlant(s, rs, seat, i, false) === null) out[n++] = base[Kind.Plant] + i;
  for (let i = 0; i < end; i++) if (s.slotPlanted[k0 + i] > 0) out[n++] = base[Kind.Unplant] + i;
  if (checkBrewMead(s, rs, seat) === null) out[n++] = base[Kind.BrewMead];
  if (s.mead[seat] > 0) out[n++] = base[Kind.SellMead];
  if (s.crowns[seat] >= rs.data.victory.crownsToWin && hasHighestNetWorth(s, rs, seat)) out[n++] = base[Kind.PlayCrowns];
  // Ascending ids: the market's kinds (28..49) come after the economy's, combat's (50..64) after the market's, the Mint's (80..87) last.
  n = legalMarketMain(s, rs, seat, end, out, n);
  if (rs.data.combat.golems || rs.data.combat.royalGuards) n = legalCombatMain(s, rs, seat, out, n);
  n = legalMintMain(s, rs, seat, end, out, n);
  return offersBarred(s, rs) ? withoutPlayerOffers(rs, out, n) : n;
}

/** Drop the ids of `PLAYER_OFFER_KINDS` from `out[0, n)` in place (order kept); returns the new count (D160). */
function withoutPlayerOffers(rs: Ruleset, out: Int32Array, n: number): number {
  const kindOf = catalogue(rs).kind;
  let m = 0;
  for (let i = 0; i < n; i++) if (!PLAYER_OFFER_KINDS.includes(kindOf[out[i]])) out[m++] = out[i];
  return m;
}

/** Append the ids of kind `k` that `whyIllegal` accepts (the generic enumerator of kinds without a fast path). */
function legalByCheck(s: MerlinState, rs: Ruleset, k: number, out: Int32Array, n: number): number {
  const cat = catalogue(rs);
  for (let id = cat.base[k], e = id + cat.count[k]; id < e; id++) if (whyIllegal(s, rs, id) === null) out[n++] = id;
  return n;
}

/** Combat's free actions (animate, motivate, command a unit, Last Call), appended in ascending id order. */
function legalCombatMain(s: MerlinState, rs: Ruleset, seat: number, out: Int32Array, n: number): number {
  const base = catalogue(rs).base;
  const hand = s.hands[seat];
  let golems = 0;
  let kings = 0;
  for (let h = 0; h < hand.length; h++) {
    if (hand[h] >= HAND_SPELL) continue;
    if (isGolemCard(hand[h])) golems++;
    else if (isGuardCard(hand[h])) kings++;
  }
  if (golems > 0) for (let h = 0; h < hand.length; h++) if (checkAnimate(s, rs, seat, h) === null) out[n++] = base[Kind.Animate] + h;
  if (kings > 0) {
    for (let h = 0; h < hand.length; h++) if (checkMotivate(s, rs, seat, h, false) === null) out[n++] = base[Kind.Motivate] + h;
    for (let h = 0; h < hand.length; h++) if (checkMotivate(s, rs, seat, h, true) === null) out[n++] = base[Kind.MotivateNow] + h;
  }
  const units = s.unitOwner;
  let mine = 0;
  for (let u = 0; u < units.length; u++) if (units[u] === seat) mine++;
  if (mine === 0) return n;
  const L = rs.data.combat.stackMax;
  const SQ = s.numPlayers * rs.data.table.fieldSlots;
  for (let q = 0; q < SQ; q++) {
    const k = squareKey(s, rs, seat, q);
    const on = unitsOn(s, k);
    for (let l = 0; l < L && l < on; l++)
      if (checkCommand(s, rs, seat, unitAt(s, k, l)) === null) out[n++] = base[Kind.CommandUnit] + q * L + l;
  }
  if (s.mead[seat] > 0)
    for (let i = 0; i < rs.data.table.fieldSlots; i++) if (checkLastCall(s, rs, seat, i) === null) out[n++] = base[Kind.LastCall] + i;
  return n;
}

/** Legal action ids as a fresh array (convenience; allocates). */
export function legalActionList(s: MerlinState, rs: Ruleset): number[] {
  const buf = new Int32Array(catalogue(rs).size);
  return Array.from(buf.subarray(0, legalActions(s, rs, buf)));
}

/** Fill `mask` (length = catalogue size) with 1 for legal ids and 0 elsewhere; returns the legal count. */
export function actionMask(s: MerlinState, rs: Ruleset, mask: Uint8Array, scratch?: Int32Array): number {
  const buf = scratch ?? new Int32Array(catalogue(rs).size);
  const n = legalActions(s, rs, buf);
  mask.fill(0);
  for (let i = 0; i < n; i++) mask[buf[i]] = 1;
  return n;
}

/**
 * Apply action `id` for `currentPlayer(s)`, mutating `s`, and run the game on to the next decision.
 * @throws UnknownActionError for an id outside the catalogue, GameOverError on a finished game,
 *   IllegalActionError (naming the action and the reason) for an illegal one; `s` is then unchanged.
 */
export function applyAction(s: MerlinState, rs: Ruleset, id: number): void {
  const cat = catalogue(rs);
  if (!Number.isInteger(id) || id < 0 || id >= cat.size) throw new UnknownActionError(id, cat.size);
  if (s.phase === Phase.GameOver) throw new GameOverError();
  const reason = whyIllegal(s, rs, id);
  if (reason !== null) throw new IllegalActionError(id, describeAction(rs, id, s), reason);
  const kind = cat.kind[id];
  if (s.phase === Phase.Main) s.actionsThisTurn++;
  KIND_REGISTRY.apply[kind](s, rs, s.decider, cat.arg[id], cat.arg2[id], kind);
}

/** The chosen player: an offer's counterparty (offers.ts), the Tactical Artificer's raid target, or a spell's target. */
function applySelectPlayer(s: MerlinState, rs: Ruleset, seat: number, a: number): void {
  if (isOfferTarget(s)) {
    applyOfferTarget(s, seat, a);
    return;
  }
  const target = (seat + a) % s.numPlayers;
  if (s.pending === Pending.RaidHand) {
    raid(s, rs, s.cmdUnit, s.cmdPartner, target);
    backToMain(s);
    return;
  }
  const def = handCardDef(rs, s.hands[seat][s.pendingHand]);
  if (def.target === 'opponentLand') {
    s.pendingPlayer = target;
    s.pending = Pending.SpellTargetSlot;
    s.phase = Phase.SelectSlot;
  } else {
    castSpell(s, rs, seat, s.pendingHand, target, -1);
    backToMain(s);
  }
}

/** The chosen unit `t`, for the open unit sub-decision. */
function applySelectUnit(s: MerlinState, rs: Ruleset, seat: number, t: number): void {
  if (s.pending === Pending.CoordPartner) {
    s.cmdPartner = t;
    s.phase = Phase.UnitVerb;
    return;
  }
  if (s.pending === Pending.TransmuteSacrifice) {
    s.cmdPartner = t;
    s.pending = Pending.TransmuteRecipient;
    return;
  }
  if (s.pending === Pending.DismissGolem) {
    s.cmdPartner = t;
    s.phase = Phase.SelectPlayer;
    s.pending = Pending.RaidHand;
    return;
  }
  if (s.pending === Pending.SpellTargetUnit) castSpell(s, rs, seat, s.pendingHand, s.unitOwner[t], -1, t);
  else if (s.pending === Pending.PotionTargetUnit) brewPotion(s, rs, seat, s.pendingHand, -1, t);
  else if (s.pending === Pending.ComboPartner) combine(s, rs, s.cmdUnit, t);
  else if (s.pending === Pending.TransmuteRecipient) transmute(s, rs, s.cmdUnit, s.cmdPartner, t);
  else if (s.pending === Pending.CoordAttackUnit) coordinatedStrike(s, rs, s.cmdUnit, s.cmdPartner, -1, t);
  else attackUnit(s, rs, s.cmdUnit, t);
  backToMain(s);
}

function applySelectSquare(s: MerlinState, rs: Ruleset, seat: number, k: number): void {
  switch (s.pending) {
    case Pending.PlaceGolem:
      animate(s, rs, seat, s.pendingHand, k);
      break;
    case Pending.PlaceGuard:
    case Pending.PlaceGuardNow:
      motivate(s, rs, seat, s.pendingHand, k, s.pending === Pending.PlaceGuardNow);
      break;
    case Pending.MoveUnit:
      moveUnit(s, s.cmdUnit, k);
      break;
    case Pending.AttackProperty:
      attackProperty(s, rs, s.cmdUnit, k);
      break;
    case Pending.CoordAttackProperty:
      coordinatedStrike(s, rs, s.cmdUnit, s.cmdPartner, k, -1);
      break;
  }
  backToMain(s);
}

function applySelectSlot(s: MerlinState, rs: Ruleset, seat: number, slot: number): void {
  const F = rs.data.table.fieldSlots;
  switch (s.pending) {
    case Pending.PlaceLand: {
      const [card] = takeFromHand(s, seat, s.pendingHand);
      placeLand(s, rs, seat, slot, card);
      break;
    }
    case Pending.SpellShopProperty:
    case Pending.BreweryProperty:
      completeSpecialised(s, rs, seat, s.pendingSlot, slot);
      break;
    case Pending.ChauffeurSecond:
      completeChauffeur(s, rs, seat, s.pendingSlot, slot);
      break;
    case Pending.SpellTargetSlot:
      castSpell(s, rs, seat, s.pendingHand, s.pendingPlayer, s.pendingPlayer * F + slot);
      break;
    case Pending.PotionTargetSlot:
      brewPotion(s, rs, seat, s.pendingHand, seat * F + slot);
      break;
    case Pending.PlaceCard:
      placeCard(s, rs, seat, s.pendingHand, slot);
      break;
  }
  backToMain(s);
}

/**
 * A human-readable description of action `id` ("invest 2 gold in slot 3"). With a state, names the cards
 * involved (from the deciding player's point of view: only their own hand is named).
 */
export function describeAction(rs: Ruleset, id: number, s?: MerlinState): string {
  const cat = catalogue(rs);
  if (!Number.isInteger(id) || id < 0 || id >= cat.size) return `unknown action ${id}`;
  const kind = cat.kind[id];
  return KIND_REGISTRY.describe[kind](rs, cat.arg[id], cat.arg2[id], s, kind);
}
