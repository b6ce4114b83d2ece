/**
 * The Merlin Economics engine: legal actions and applying an action, on plain-data state.
 *
 * OpenSpiel vocabulary: `currentPlayer(s)` is the seat that decides next (-1 when terminal; chance events,
 * the dice and card draws, are resolved inside `applyAction` from the state's RNG); `legalActions` lists
 * the legal action ids; `applyAction` mutates `s` in place (clone first to keep the old state). An
 * illegal action throws `IllegalActionError` naming the action and the reason, and leaves `s` exactly as
 * it was: every action is checked before anything changes.
 *
 * `legalActions` enumerates fast paths per phase; `whyIllegal` is the reference check. The invariant
 * tests assert that the two agree on every id of every visited state.
 */
import { GameOverError, IllegalActionError, UnknownActionError } from '../../core/errors.ts';
import type { Ruleset } from '../rules/index.ts';
import { catalogue, Kind, KIND_NAMES } from './actions.ts';
import { HAND_POTION, HAND_SPELL, Pending, Phase, SlotKind, TopKind, Victory, type MerlinState } from './state.ts';
import { cardName, rankOf } from './cards.ts';
import { applyInvest, checkInvest, fieldEnd, isBareUninvested } from './properties.ts';
import { applyVault, checkChauffeurSecond, checkCreateChauffeur, checkVault, completeChauffeur } from './chauffeurs.ts';
import { applyPlant, checkLandSpot, checkPlant, placeLand } from './lands.ts';
import {
  applyBrewMead, applyFundLab, applySellMead, checkBrewMead, checkCreateSpecialised, checkFundLab, completeSpecialised, specialisedSpot,
} from './research.ts';
import { applySellSpell, brewPotion, castSpell, checkSellSpell, potionSpotOk, spellTargetOk } from './magic.ts';
import { applyBuy, applyPlayCard, checkBuy, checkPlayCard, openSub, placeCard } from './playing-cards.ts';
import { canEnact, chooseDecree, decreeBid, enactDecree, refuseDecree, settleDecreeAuction } from './decrees.ts';
import { castVote, taxDecision, VOTE_CUT } from './taxes.ts';
import { drawReading, readingsAvailable } from './future-readings.ts';
import { maxAuctionBid, placeAuctionBid } from './setup.ts';
import { endTurn, enterReading, startTurn } from './turn.ts';
import { afterDecree, castRegulationVote, motionRepeals, proposeRegulation, regulationAction } from './regulations.ts';
import { endGame, hasHighestNetWorth } from './victory.ts';
import { animate, attackProperty, attackPropertyOk, attackUnit, attackUnitOk, checkAnimate, checkCommand, checkMotivate, coordinatedStrike, coordVerbOk, defend, isHarmonious, moveOk, moveUnit, motivate, partnerOk, placeOk, recipientOk, sacrificeOk, squareKey, transmute, unitAt, useAbility, Verb, verbOpen, checkLastCall, lastCall } from './combat.ts';
import {
  applyMarketAction, checkMarketAction, checkTerm, describeMarketAction, isMarketKind, isOfferTarget, legalMarketMain, legalOfferTargets,
  legalTerms, MARKET_MAIN_KINDS, offerTargetOk,
} from './offers.ts';
import { checkRaise } from './trade.ts';
import { combine, comboPartnerOk } from './combinations.ts';
import { unitTargetOk } from './unit-cards.ts';
import { dismissOk, paySurcharge, raid, raidTargetOk } from './artificer.ts';
import { legalMintMain, MINT_MAIN_KINDS } from './mint.ts';
import { cardDef, DECK_INDEX, handCardDef } from './kernel/card-defs.ts';
import { takeFromHand } from './kernel/hands.ts';
import { backToMain } from './kernel/phase.ts';
import { isArtificer, isGolemCard, isGuardCard, unitsOn } from './kernel/units.ts';

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

const MAIN_KINDS = new Uint8Array(90);
for (const k of [Kind.EndTurn, Kind.BuyCard, Kind.PlayCard, Kind.SellSpell, Kind.Invest, Kind.FundLab, Kind.CreateSpecialised,
  Kind.CreateChauffeur, Kind.Deposit, Kind.Withdraw, Kind.Plant, Kind.Unplant, Kind.BrewMead, Kind.SellMead, Kind.PlayCrowns,
  Kind.Animate, Kind.Motivate, Kind.MotivateNow, Kind.CommandUnit, Kind.LastCall]) MAIN_KINDS[k] = 1;
/** Part-2 Main-phase kinds (engine/offers.ts). */
const MARKET_KINDS = new Uint8Array(90);
for (const k of MARKET_MAIN_KINDS) MARKET_KINDS[k] = MAIN_KINDS[k] = 1;
for (const k of MINT_MAIN_KINDS) MARKET_KINDS[k] = MAIN_KINDS[k] = 1;

/** A readable name for each Phase value (illegal-action reasons, the replay viewer). */
export const PHASE_NAMES: Record<number, string> = {
  [Phase.AuctionBid]: 'turn-order auction', [Phase.FutureReading]: 'future reading', [Phase.Main]: 'free actions',
  [Phase.SelectSlot]: 'choose a slot', [Phase.SelectPlayer]: 'choose a player', [Phase.DecreeChoose]: 'choose a decree',
  [Phase.DecreeDecide]: 'enact or refuse the decree', [Phase.DecreeBid]: 'decree auction', [Phase.Tax]: 'tax season',
  [Phase.TaxVote]: 'tax-rate vote', [Phase.CostOfLivingVote]: 'Cost of the Living vote', [Phase.VolatilityVote]: 'Volatility vote', [Phase.GameOver]: 'game over', [Phase.OfferRespond]: 'an offer to accept or refuse',
  [Phase.SelectTerm]: 'choose a price or term', [Phase.PropertyAuction]: 'a property auction',
  [Phase.UnitVerb]: "choose the unit's verb", [Phase.SelectSquare]: 'choose a board square', [Phase.SelectUnit]: 'choose a unit',
  [Phase.RegulationPropose]: 'propose a regulation', [Phase.RegulationVote]: 'the regulation vote',
};

/** The Chauffeur vault kinds, in id order (legalMain; a module constant, not an array per call). */
const VAULT_KINDS = [Kind.Deposit, Kind.Withdraw] as const;

/** whyIllegal's refusal for an action of another phase, per phase (made once: whyIllegal runs on every action). */
const WRONG_CHOICE: Record<number, string> = Object.fromEntries(Object.entries(PHASE_NAMES).map(([p, name]) => [p, `not a choice during ${name}`]));

/** The verb of each verb kind (Move .. UseAbility, UseAbilityAlt). */
const VERB_OF_KIND = (kind: number): number =>
  kind === Kind.UseAbilityAlt ? Verb.UseAbilityAlt : kind === Kind.Combine ? Verb.Combine : kind === Kind.UseAbilityThird ? Verb.UseAbilityThird : kind - Kind.Move + Verb.Move;

/** Why action `id` is illegal in `s` (a short reason), or null when it is legal. The reference legality check. */
export function whyIllegal(s: MerlinState, rs: Ruleset, id: number): string | null {
  const cat = catalogue(rs);
  if (!Number.isInteger(id) || id < 0 || id >= cat.size) return 'not in the action catalogue';
  const kind = cat.kind[id];
  const a = cat.arg[id];
  const b = cat.arg2[id];
  const seat = s.decider;
  const wrong = WRONG_CHOICE[s.phase] ?? 'not a choice now';
  switch (s.phase) {
    case Phase.GameOver:
      return 'the game is over';
    case Phase.AuctionBid:
      if (kind !== Kind.Bid) return wrong;
      return a <= maxAuctionBid(s, rs, seat) ? null : 'cannot bid more gold than you hold';
    case Phase.DecreeBid:
      if (kind !== Kind.Bid) return wrong;
      return a <= s.gold[seat] ? null : 'cannot bid more gold than you hold';
    case Phase.FutureReading:
      if (kind === Kind.DrawTeaLeaves) return readingsAvailable(s, 0) > 0 ? null : 'the Tea Leaves deck is empty';
      if (kind === Kind.DrawCrystalBall) return readingsAvailable(s, 1) > 0 ? null : 'the Crystal Ball deck is empty';
      return wrong;
    case Phase.DecreeChoose:
      if (kind !== Kind.SelectOption) return wrong;
      return a < s.decreeOptions.length ? null : 'no such decree option';
    case Phase.DecreeDecide:
      if (kind === Kind.RefuseDecree) return null;
      if (kind === Kind.EnactDecree) return canEnact(s, rs) ? null : "cannot cover the decree's consequences: refuse it";
      return wrong;
    case Phase.Tax:
      if (kind === Kind.PayTax) return null;
      if (kind === Kind.SpendCrownOnTax) return s.crowns[seat] > 0 ? null : 'no Crown to spend';
      return wrong;
    case Phase.TaxVote:
    case Phase.VolatilityVote:
      return kind === Kind.VoteKeep || kind === Kind.VoteRaise || kind === Kind.VoteLower ? null : wrong;
    case Phase.CostOfLivingVote:
      if (kind === Kind.VoteRaise || kind === Kind.VoteLower) return 'the Cost of the Living vote is keep or a cut (VoteCut)';
      return kind === Kind.VoteKeep || kind === Kind.VoteCut ? null : wrong;
    case Phase.SelectSlot:
      if (kind !== Kind.SelectSlot) return wrong;
      return checkSelectSlot(s, rs, seat, a);
    case Phase.OfferRespond:
      return kind === Kind.AcceptOffer || kind === Kind.RefuseOffer ? null : wrong;
    case Phase.SelectTerm:
      return kind === Kind.SelectTerm ? checkTerm(s, rs, seat, a) : wrong;
    case Phase.PropertyAuction:
      if (kind === Kind.PassAuction) return null;
      return kind === Kind.RaiseAuction ? checkRaise(s, rs, seat) : wrong;
    case Phase.SelectPlayer: {
      if (kind !== Kind.SelectPlayer) return wrong;
      if (a >= s.numPlayers) return 'no player at that offset';
      if (isOfferTarget(s)) return offerTargetOk(s, rs, seat, (seat + a) % s.numPlayers) ? null : 'that player cannot take this offer';
      if (s.pending === Pending.RaidHand) return raidTargetOk(s, seat, (seat + a) % s.numPlayers) ? null : 'not an opponent with a card in hand';
      const def = handCardDef(rs, s.hands[seat][s.pendingHand]);
      return spellTargetOk(s, rs, seat, (seat + a) % s.numPlayers, def.target === 'opponentLand') ? null : 'not a valid target for this spell';
    }
    case Phase.UnitVerb:
      if ((kind < Kind.Move || kind > Kind.UseAbility) && kind !== Kind.UseAbilityAlt && kind !== Kind.Combine && kind !== Kind.UseAbilityThird) return wrong;
      return checkUnitVerb(s, rs, VERB_OF_KIND(kind));
    case Phase.SelectSquare:
      if (kind !== Kind.SelectSquare) return wrong;
      return checkSquare(s, rs, seat, squareKey(s, rs, seat, a));
    case Phase.SelectUnit: {
      if (kind !== Kind.SelectUnit) return wrong;
      const k = squareKey(s, rs, seat, a);
      return checkUnitTarget(s, rs, k < 0 ? -1 : unitAt(s, k, b));
    }
    case Phase.RegulationPropose:
      return kind === Kind.ProposeRegulation ? null : wrong;
    case Phase.RegulationVote:
      return kind === Kind.VoteRegulationFor || kind === Kind.VoteRegulationAgainst ? null : wrong;
    case Phase.Main:
      break;
  }
  if (!MAIN_KINDS[kind]) return wrong;
  if (kind === Kind.EndTurn) return null;
  if (s.actionsThisTurn >= rs.data.maxActionsPerTurn) return 'the per-turn action cap is reached: only end turn';
  if (MARKET_KINDS[kind]) return checkMarketAction(s, rs, seat, kind, a, b);
  switch (kind) {
    case Kind.BuyCard:
      return checkBuy(s, rs, seat);
    case Kind.PlayCard:
      return checkPlayCard(s, rs, seat, a);
    case Kind.SellSpell:
      return checkSellSpell(s, rs, seat, a);
    case Kind.Invest:
      return checkInvest(s, rs, seat, a, b);
    case Kind.FundLab:
      return checkFundLab(s, rs, seat, a);
    case Kind.CreateSpecialised:
      return checkCreateSpecialised(s, rs, seat, a);
    case Kind.CreateChauffeur:
      return checkCreateChauffeur(s, rs, seat, a);
    case Kind.Deposit:
      return checkVault(s, rs, seat, a, b, false);
    case Kind.Withdraw:
      return checkVault(s, rs, seat, a, b, true);
    case Kind.Plant:
      return checkPlant(s, rs, seat, a, false);
    case Kind.Unplant:
      return checkPlant(s, rs, seat, a, true);
    case Kind.BrewMead:
      return checkBrewMead(s, rs, seat);
    case Kind.SellMead:
      return s.mead[seat] > 0 ? null : 'no Mead to sell';
    case Kind.PlayCrowns:
      if (s.crowns[seat] < rs.data.victory.crownsToWin) return `needs ${rs.data.victory.crownsToWin} Crowns`;
      return hasHighestNetWorth(s, rs, seat) ? null : 'needs the highest net worth';
    case Kind.Animate:
      return checkAnimate(s, rs, seat, a);
    case Kind.Motivate:
    case Kind.MotivateNow:
      return checkMotivate(s, rs, seat, a, kind === Kind.MotivateNow);
    case Kind.CommandUnit: {
      const k = squareKey(s, rs, seat, a);
      return checkCommand(s, rs, seat, k < 0 ? -1 : unitAt(s, k, b));
    }
    case Kind.LastCall:
      return checkLastCall(s, rs, seat, a);
  }
  return wrong;
}

/** Why the commanded unit cannot take `verb`, or null; with a Coordinated Strike partner chosen, only a shared attack. */
function checkUnitVerb(s: MerlinState, rs: Ruleset, verb: number): string | null {
  if (s.cmdPartner < 0) return verbOpen(s, rs, s.cmdUnit, verb);
  return coordVerbOk(s, rs, s.cmdUnit, s.cmdPartner, verb) ? null : 'no target both golems of the Coordinated Strike can attack';
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
      return attackPropertyOk(s, rs, s.cmdUnit, k) && attackPropertyOk(s, rs, s.cmdPartner, k) ? null : 'not an enemy card both golems can attack';
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

/**
 * Write the legal action ids of `s` into `out` (ascending) and return how many there are. Allocates
 * nothing; `out` must hold `catalogue(rs).size` ids.
 */
export function legalActions(s: MerlinState, rs: Ruleset, out: Int32Array): number {
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
        for (let off = 1; off < s.numPlayers; off++) if (raidTargetOk(s, seat, (seat + off) % s.numPlayers)) out[n++] = base[Kind.SelectPlayer] + off - 1;
        return n;
      }
      const needsLand = handCardDef(rs, s.hands[seat][s.pendingHand]).target === 'opponentLand';
      for (let off = 1; off < s.numPlayers; off++)
        if (spellTargetOk(s, rs, seat, (seat + off) % s.numPlayers, needsLand)) out[n++] = base[Kind.SelectPlayer] + off - 1;
      return n;
    }
    case Phase.UnitVerb:
      for (let k = Kind.Move; k <= Kind.UseAbility; k++) if (checkUnitVerb(s, rs, VERB_OF_KIND(k)) === null) out[n++] = base[k];
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
  return legalMain(s, rs, seat, out);
}

/** Free actions of the active player, in ascending id order. */
function legalMain(s: MerlinState, rs: Ruleset, seat: number, out: Int32Array): number {
  const cat = catalogue(rs);
  const base = cat.base;
  let n = 0;
  out[n++] = base[Kind.EndTurn];
  if (s.actionsThisTurn >= rs.data.maxActionsPerTurn) return n;
  if (checkBuy(s, rs, seat) === null) out[n++] = base[Kind.BuyCard];
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
    if ((kind === SlotKind.SpellLab || kind === SlotKind.PotionLab) && checkFundLab(s, rs, seat, i) === null) out[n++] = base[Kind.FundLab] + i;
  }
  for (let i = 0; i < end; i++) {
    const k = k0 + i;
    const kind = s.slotKind[k];
    if ((kind === SlotKind.SpellLab || kind === SlotKind.PotionLab) && s.slotFunds[k] > 0 && s.slotHits[k] === 0 && s.slotSpent[k] >= rs.data.research.spentForSuccess) {
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
  for (let i = 0; i < end; i++) if (s.slotTopKind[k0 + i] === TopKind.Land && checkPlant(s, rs, seat, i, false) === null) out[n++] = base[Kind.Plant] + i;
  for (let i = 0; i < end; i++) if (s.slotPlanted[k0 + i] > 0) out[n++] = base[Kind.Unplant] + i;
  if (checkBrewMead(s, rs, seat) === null) out[n++] = base[Kind.BrewMead];
  if (s.mead[seat] > 0) out[n++] = base[Kind.SellMead];
  if (s.crowns[seat] >= rs.data.victory.crownsToWin && hasHighestNetWorth(s, rs, seat)) out[n++] = base[Kind.PlayCrowns];
  // Ascending ids: part 2's kinds come after part 1's, part 3's after part 2's.
  n = legalMarketMain(s, rs, seat, end, out, n);
  if (rs.data.combat.golems || rs.data.combat.royalGuards) n = legalCombatMain(s, rs, seat, out, n);
  n = legalMintMain(s, rs, seat, end, out, n);
  return n;
}

/** Part 3's free actions (animate, motivate, command a unit), appended in ascending id order. */
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
    for (let l = 0; l < L && l < on; l++) if (checkCommand(s, rs, seat, unitAt(s, k, l)) === null) out[n++] = base[Kind.CommandUnit] + q * L + l;
  }
  if (s.mead[seat] > 0) for (let i = 0; i < rs.data.table.fieldSlots; i++) if (checkLastCall(s, rs, seat, i) === null) out[n++] = base[Kind.LastCall] + i;
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
  const a = cat.arg[id];
  const b = cat.arg2[id];
  const seat = s.decider;
  const F = rs.data.table.fieldSlots;
  if (s.phase === Phase.Main) s.actionsThisTurn++;
  if (isMarketKind(kind) || (kind === Kind.SelectPlayer && isOfferTarget(s))) {
    applyMarketAction(s, rs, seat, kind, a, b);
    return;
  }
  switch (kind) {
    case Kind.Bid:
      if (s.phase === Phase.AuctionBid) {
        if (placeAuctionBid(s, rs, a)) {
          s.turnIdx = 0;
          startTurn(s, rs);
        }
      } else if (decreeBid(s, seat, a)) {
        settleDecreeAuction(s, rs);
        afterDecree(s);
      }
      return;
    case Kind.DrawTeaLeaves:
    case Kind.DrawCrystalBall:
      drawReading(s, rs, seat, kind === Kind.DrawTeaLeaves ? 0 : 1);
      s.phase = Phase.Main;
      return;
    case Kind.EndTurn:
      endTurn(s, rs);
      return;
    case Kind.BuyCard:
      applyBuy(s, rs, seat);
      return;
    case Kind.PlayCard:
      applyPlayCard(s, rs, seat, a);
      return;
    case Kind.SellSpell:
      applySellSpell(s, rs, seat, a);
      return;
    case Kind.Invest:
      applyInvest(s, rs, seat, a, b);
      return;
    case Kind.FundLab:
      applyFundLab(s, rs, seat, a);
      return;
    case Kind.CreateSpecialised:
      s.phase = Phase.SelectSlot;
      s.pending = s.slotKind[seat * F + a] === SlotKind.SpellLab ? Pending.SpellShopProperty : Pending.BreweryProperty;
      s.pendingSlot = a;
      return;
    case Kind.CreateChauffeur:
      s.phase = Phase.SelectSlot;
      s.pending = Pending.ChauffeurSecond;
      s.pendingSlot = a;
      return;
    case Kind.Deposit:
    case Kind.Withdraw:
      applyVault(s, rs, seat, a, b, kind === Kind.Withdraw);
      return;
    case Kind.Plant:
    case Kind.Unplant:
      applyPlant(s, rs, seat, a, kind === Kind.Unplant);
      return;
    case Kind.BrewMead:
      applyBrewMead(s, rs, seat);
      return;
    case Kind.SellMead:
      applySellMead(s, rs, seat);
      return;
    case Kind.PlayCrowns:
      s.crowns[seat] -= rs.data.victory.crownsToWin;
      endGame(s, seat, Victory.RoyalFavor);
      return;
    case Kind.SelectSlot:
      applySelectSlot(s, rs, seat, a);
      return;
    case Kind.SelectPlayer: {
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
      return;
    }
    case Kind.SelectOption:
      chooseDecree(s, a);
      return;
    case Kind.EnactDecree:
      enactDecree(s, rs, seat);
      afterDecree(s);
      return;
    case Kind.RefuseDecree:
      if (!refuseDecree(s, rs)) backToMain(s);
      return;
    case Kind.PayTax:
    case Kind.SpendCrownOnTax:
      if (!taxDecision(s, rs, kind === Kind.SpendCrownOnTax)) enterReading(s);
      return;
    case Kind.VoteKeep:
    case Kind.VoteRaise:
    case Kind.VoteLower:
      if (!castVote(s, rs, kind - Kind.VoteKeep)) enterReading(s);
      return;
    case Kind.VoteCut:
      if (!castVote(s, rs, VOTE_CUT + a)) enterReading(s);
      return;
    case Kind.ProposeRegulation:
      proposeRegulation(s, a);
      return;
    case Kind.VoteRegulationFor:
    case Kind.VoteRegulationAgainst:
      castRegulationVote(s, rs, kind === Kind.VoteRegulationFor);
      return;
    case Kind.Animate:
      openSub(s, seat, Phase.SelectSquare, Pending.PlaceGolem, a);
      return;
    case Kind.LastCall:
      lastCall(s, rs, seat, a);
      return;
    case Kind.Motivate:
    case Kind.MotivateNow:
      openSub(s, seat, Phase.SelectSquare, kind === Kind.MotivateNow ? Pending.PlaceGuardNow : Pending.PlaceGuard, a);
      return;
    case Kind.CommandUnit:
      s.cmdUnit = unitAt(s, squareKey(s, rs, seat, a), b);
      s.phase = Phase.UnitVerb;
      return;
    case Kind.Move:
      s.phase = Phase.SelectSquare;
      s.pending = Pending.MoveUnit;
      return;
    case Kind.AttackProperty:
      s.phase = Phase.SelectSquare;
      s.pending = s.cmdPartner >= 0 ? Pending.CoordAttackProperty : Pending.AttackProperty;
      return;
    case Kind.AttackUnit:
      s.phase = Phase.SelectUnit;
      s.pending = s.cmdPartner >= 0 ? Pending.CoordAttackUnit : Pending.AttackUnit;
      return;
    case Kind.Defend:
      defend(s, s.cmdUnit);
      backToMain(s);
      return;
    case Kind.UseAbility:
    case Kind.UseAbilityAlt:
      paySurcharge(s, rs, s.cmdUnit); // a transmuted golem's extra cost (D140)
      if (kind === Kind.UseAbilityAlt && isArtificer(s.unitCard[s.cmdUnit])) {
        s.phase = Phase.SelectUnit;
        s.pending = Pending.DismissGolem;
        return;
      }
      if (isHarmonious(s.unitCard[s.cmdUnit]) || isArtificer(s.unitCard[s.cmdUnit])) {
        // Coordinated Strike: the partner, then the shared attack. Transmute Golem: the golem to dismantle, then the recipient.
        s.phase = Phase.SelectUnit;
        s.pending = isHarmonious(s.unitCard[s.cmdUnit]) ? Pending.CoordPartner : Pending.TransmuteSacrifice;
        return;
      }
      useAbility(s, rs, s.cmdUnit, kind === Kind.UseAbilityAlt);
      backToMain(s);
      return;
    case Kind.UseAbilityThird: // the Grand Artificer's Sharpen Blades (D139); a King is never transmuted
      useAbility(s, rs, s.cmdUnit, false, true);
      backToMain(s);
      return;
    case Kind.Combine:
      paySurcharge(s, rs, s.cmdUnit);
      s.phase = Phase.SelectUnit;
      s.pending = Pending.ComboPartner;
      return;
    case Kind.SelectSquare:
      applySelectSquare(s, rs, seat, squareKey(s, rs, seat, a));
      return;
    case Kind.SelectUnit: {
      const t = unitAt(s, squareKey(s, rs, seat, a), b);
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
      return;
    }
  }
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
  const a = cat.arg[id];
  const b = cat.arg2[id];
  const amount = (grid: number[]) => (grid[b] === 0 ? 'all' : String(grid[b]));
  const handName = (h: number) => {
    if (!s || s.decider < 0) return `hand card ${h}`;
    const c = s.hands[s.decider][h];
    if (c === undefined) return `hand card ${h}`;
    if (c >= HAND_POTION) return `potion "${cardDef(rs, DECK_INDEX.potions, c - HAND_POTION).name}" (hand ${h})`;
    if (c >= HAND_SPELL) return `spell "${cardDef(rs, DECK_INDEX.spells, c - HAND_SPELL).name}" (hand ${h})`;
    return `${cardName(c)} (hand ${h})`;
  };
  const slotName = (slot: number, seat = s?.decider ?? -1) => {
    if (!s || seat < 0) return `slot ${slot}`;
    const k = seat * rs.data.table.fieldSlots + slot;
    return s.slotCard[k] >= 0 ? `slot ${slot} (${rankOf(s.slotCard[k])} of ${['', 'Clubs', 'Spades', 'Hearts', 'Clubs'][s.slotKind[k]]})` : `slot ${slot}`;
  };
  const squareName = (q: number) => {
    const F = rs.data.table.fieldSlots;
    const off = (q / F) | 0;
    if (!s || s.decider < 0) return `square ${q} (seat offset ${off}, slot ${q % F})`;
    return off >= s.numPlayers ? `square ${q}` : `slot ${q % F} of player ${(s.decider + off) % s.numPlayers}`;
  };
  switch (kind) {
    case Kind.EndTurn: return 'end turn';
    case Kind.DrawTeaLeaves: return 'draw a Tea Leaves reading';
    case Kind.DrawCrystalBall: return 'draw a Crystal Ball reading';
    case Kind.BuyCard: return 'buy a card at the Cost of the Living';
    case Kind.PlayCard: return `play ${handName(a)}`;
    case Kind.SellSpell: return `sell ${handName(a)} to the Central Bank`;
    case Kind.Invest: return `invest ${amount(rs.data.grids.invest)} gold in ${slotName(a)}`;
    case Kind.FundLab: return `fund the lab in ${slotName(a)} at the Research Cost`;
    case Kind.CreateSpecialised: return `turn the lab in ${slotName(a)} into a Spell Shop / Brewery`;
    case Kind.CreateChauffeur: return `start a Chauffeur with ${slotName(a)}`;
    case Kind.Deposit: return `deposit ${amount(rs.data.grids.vault)} gold in the Chauffeur in ${slotName(a)}`;
    case Kind.Withdraw: return `withdraw ${amount(rs.data.grids.vault)} gold from the Chauffeur in ${slotName(a)}`;
    case Kind.Plant: return `plant a commodity on the Land in ${slotName(a)}`;
    case Kind.Unplant: return `take back the planted commodity from ${slotName(a)}`;
    case Kind.BrewMead: return 'brew a Mead from Essence Grain';
    case Kind.SellMead: return 'sell a Mead to the Central Bank';
    case Kind.PlayCrowns: return 'play Crowns for Royal Favor';
    case Kind.SelectSlot: return s && s.pending === Pending.SpellTargetSlot ? `choose ${slotName(a, s.pendingPlayer)} of player ${s.pendingPlayer}` : `choose ${slotName(a)}`;
    case Kind.SelectPlayer: return s && s.decider >= 0 ? `choose player ${(s.decider + a) % s.numPlayers}` : `choose the player ${a} seat(s) to the left`;
    case Kind.SelectOption:
      return s && s.decreeOptions[a] !== undefined ? `choose decree "${cardDef(rs, DECK_INDEX.royalDecrees, s.decreeOptions[a]).name}"` : `choose decree option ${a}`;
    case Kind.EnactDecree: return 'enact the Royal Decree (gain a Crown)';
    case Kind.RefuseDecree: return 'refuse the Royal Decree (it goes to auction)';
    case Kind.Bid: return `bid ${a} gold`;
    case Kind.PayTax: return 'pay the tax';
    case Kind.SpendCrownOnTax: return "spend a Crown to skip this year's tax";
    case Kind.VoteKeep: return 'vote to keep the counter voted on (tax rate, Cost of the Living or Volatility)';
    case Kind.VoteRaise: return 'vote to raise the counter voted on (tax rate or Volatility)';
    case Kind.VoteLower: return 'vote to lower the counter voted on (tax rate, Cost of the Living or Volatility)';
    case Kind.Animate: return `animate ${handName(a)} as a golem`;
    case Kind.Motivate: return `motivate ${handName(a)} as a Royal Guard (active next turn)`;
    case Kind.MotivateNow: return `motivate ${handName(a)} as a Royal Guard, active at once`;
    case Kind.CommandUnit: return `command the unit at ${squareName(a)}, level ${b}`;
    case Kind.Move: return 'move the unit';
    case Kind.AttackProperty: return 'attack a card with the unit';
    case Kind.AttackUnit: return 'attack a unit with the unit';
    case Kind.Defend: return 'defend the card the unit stands on';
    case Kind.UseAbility: return "use the unit's ability";
    case Kind.UseAbilityAlt: return "use the ability's second option (+1 Hit Point)";
    case Kind.SelectSquare: return `choose ${squareName(a)}`;
    case Kind.SelectUnit: return `choose the unit at ${squareName(a)}, level ${b}`;
    case Kind.Combine: return "the Queen's combination attack (then the Jack that joins her)";
    case Kind.UseAbilityThird: return "use the ability's third option (the Grand Artificer's Sharpen Blades: +2 Strength)";
    case Kind.LastCall: return `Last Call: recall your Royal Guard to the Brewery in ${slotName(a)} for a Mead`;
    case Kind.ProposeRegulation: {
      const name = rs.data.decrees.regulations[a]?.name ?? `regulation ${a}`;
      if (!s || !rs.data.decrees.regulations[a]) return `propose the regulation "${name}" (make, change to or delete it)`;
      const verb = motionRepeals(s, rs, a) ? 'delete' : s.regulation[regulationAction(rs, a)] >= 0 ? 'change to' : 'make';
      return `propose to ${verb} the regulation "${name}"`;
    }
    case Kind.VoteRegulationFor: return 'vote for the regulation motion';
    case Kind.VoteRegulationAgainst: return 'vote against the regulation motion';
    case Kind.VoteCut: return `vote to cut the Cost of the Living by up to ${rs.data.taxes.costOfLivingCuts[a]} gold`;
  }
  if (isMarketKind(kind)) return describeMarketAction(rs, kind, a, b, (slot) => slotName(slot), s);
  return `${KIND_NAMES[kind]} ${a}`;
}
