/**
 * Buying and playing the playing cards. 0.1.27b "The Cards of Commerce and Conjuring", "Properties and
 * Permits", "The Winds of Fortune (Aces)", "Taxmen (Jokers)", "The Sevens of Upheaval", "Royal Decrees";
 * 0.1.14a "Core Loop" (permits bought one at a time, playable the turn after).
 *
 * Buying costs the Cost of the Living (to the R.O.W. by default, `cardPricePaidTo`; docs/RULES.md D15) and draws the top card, or, with
 * `councilDisplay`, takes a face-up card of the Council's offices by choice and refills its place by drawing. Aces, Kings, Jokers
 * and 7s are played at once; every other card goes face down into the buyer's hand and can be played from
 * their next turn: Clubs as properties, Spades as Spell Labs, Hearts as Potion Labs, Diamonds as Lands on
 * a property. Jacks and Queens wait in hand until animated as golems, and Kings stay in hand as Royal
 * Guards after their decree until motivated (combat.ts).
 */
import type { Ruleset } from '../rules/index.ts';
import { HAND_POTION, HAND_SPELL, Pending, Phase, SlotKind, type MerlinState } from './state.ts';
import { bankPays, removeAt, supplyGives } from './ledger.ts';
import { cardName, cardsAvailable, drawFrom, isPermit, rankOf, shuffleBack, Suit, suitOf } from './cards.ts';
import { freeSlot } from './properties.ts';
import { hasLandSpot } from './lands.ts';
import { beginDecree } from './decrees.ts';
import { brewPotion, castSpell, checkBrewPotion, checkCastSpell } from './magic.ts';
import { payRegulationFee, RegAction, regulationBars } from './regulations.ts';
import { handCardDef } from './kernel/card-defs.ts';
import { checkClimate, currentPortion } from './kernel/phase.ts';
import { payOrOwe } from './kernel/purse.ts';
import { openSub } from './kernel/phase.ts';
import { Kind } from './actions.ts';
import type { KindRules } from './registry.ts';
import { handName } from './kernel/names.ts';
import { handFull } from './kernel/hands.ts';

/**
 * Why `seat` cannot buy a card now, or null. Without a display of the Council's offices `a` is 0 (the top card,
 * unseen); with one (`councilDisplay`, D15) it is the place of the face-up card bought.
 */
export function checkBuy(s: MerlinState, rs: Ruleset, seat: number, a = 0): string | null {
  if (handFull(s, rs, seat)) return 'hand is full';
  if (s.gold[seat] < s.costOfLiving) return 'not enough gold for the Cost of the Living';
  if (rs.data.councilDisplay === undefined) {
    if (cardsAvailable(s.deck, s.discard) === 0) return 'the deck is empty';
  } else if (!(s.council[a] >= 0)) return "no card at that place in the Council's offices";
  return regulationBars(s, rs, RegAction.BuyCard, seat, s.costOfLiving);
}

/**
 * Buy one card: pay the Cost of the Living, then draw the top card and play it at once if it must be, or,
 * with a display of the Council's offices, take the card at place `a` and refill the place (D15).
 */
export function applyBuy(s: MerlinState, rs: Ruleset, seat: number, a = 0): void {
  s.gold[seat] -= s.costOfLiving;
  if (rs.data.cardPricePaidTo === 'row') s.row += s.costOfLiving;
  else s.centralBank += s.costOfLiving;
  payRegulationFee(s, rs, RegAction.BuyCard, seat);
  if (rs.data.councilDisplay !== undefined) {
    const card = s.council[a];
    refillCouncil(s, rs, a, seat);
    takeCard(s, rs, seat, card);
    return;
  }
  const card = drawFrom(s, s.deck, s.discard);
  if (!actsWhenDrawn(card)) takeCard(s, rs, seat, card);
  else {
    actAtOnce(s, rs, seat, card);
    shuffleBack(s, s.deck, card);
  }
}

/** An Ace, a 7 or a Joker: played the moment it is drawn (0.1.27b "The Winds of Fortune", "The Sevens of Upheaval", "Taxmen"). */
function actsWhenDrawn(card: number): boolean {
  const rank = rankOf(card);
  return rank === 0 || rank === 1 || rank === 7;
}

/** The drawn Ace, 7 or Joker acts, for `seat` who drew it (an Ace's permit is theirs). */
function actAtOnce(s: MerlinState, rs: Ruleset, seat: number, card: number): void {
  const rank = rankOf(card);
  if (rank === 0) taxman(s, rs);
  else if (rank === 7) s.costOfLiving += s.volatility;
  else aceOfFortune(s, rs, seat);
}

/** A bought card reaches `seat`: a King's decree begins (the King stays as a Royal Guard when they are in play); any other goes to the cards bought this turn. */
function takeCard(s: MerlinState, rs: Ruleset, seat: number, card: number): void {
  if (rankOf(card) === 13) {
    if (rs.data.combat.royalGuards)
      s.newCards[seat].push(card); // the King stays as a Royal Guard (combat.ts)
    else s.discard.push(card);
    beginDecree(s, rs, seat);
  } else {
    s.newCards[seat].push(card);
  }
}

/**
 * Lay out the Council's offices at setup (`councilDisplay` places, D15): cards are drawn until each place shows
 * one that is not an Ace, a 7 or a Joker; those are set aside unplayed (nobody drew them) and shuffled back.
 */
export function dealCouncil(s: MerlinState, rs: Ruleset): void {
  const D = rs.data.councilDisplay;
  if (D === undefined) return;
  for (let place = 0; place < D; place++) {
    s.council.push(-1);
    refillCouncil(s, rs, place, -1);
  }
}

/**
 * Refill place `place` of the Council's offices by `seat`'s draw (D15): cards are drawn until one that is not an
 * Ace, a 7 or a Joker shows; each of those drawn on the way acts at once for `seat`, as a drawn card does (none
 * act at setup, `seat` -1), and all are shuffled back afterwards. The place stays empty (-1) when the deck and
 * its discard pile hold no such card.
 */
function refillCouncil(s: MerlinState, rs: Ruleset, place: number, seat: number): void {
  s.council[place] = -1;
  const aside: number[] = [];
  const limit = cardsAvailable(s.deck, s.discard);
  for (let n = 0; n < limit; n++) {
    const c = drawFrom(s, s.deck, s.discard);
    if (c < 0) break;
    if (!actsWhenDrawn(c)) {
      s.council[place] = c;
      break;
    }
    aside.push(c);
    if (seat >= 0) actAtOnce(s, rs, seat, c);
  }
  for (const c of aside) shuffleBack(s, s.deck, c);
}

/** A Taxman (Joker): every player pays the tax rate to the R.O.W.; a shortfall is debt. 0.1.27b "Taxmen". */
export function taxman(s: MerlinState, rs: Ruleset): void {
  for (let i = 0; i < s.numPlayers; i++) {
    const seat = s.order[(s.turnIdx + i) % s.numPlayers];
    if (!s.eliminated[seat]) payOrOwe(s, rs, seat, s.taxRate, true);
  }
}

/**
 * An Ace: draw until a permit (2-6, 8-10 of any suit) is revealed; it goes to the hand, playable at once,
 * and pays what it would pay on its number (a property's payout, a Land's yield; a new lab is unfunded and
 * yields nothing). Cards revealed on the way are set aside and shuffled back. 0.1.27b "Aces".
 */
export function aceOfFortune(s: MerlinState, rs: Ruleset, seat: number): void {
  const aside: number[] = [];
  let permit = -1;
  const limit = cardsAvailable(s.deck, s.discard);
  for (let n = 0; n < limit; n++) {
    const c = drawFrom(s, s.deck, s.discard);
    if (c < 0) break;
    if (isPermit(c)) {
      permit = c;
      break;
    }
    aside.push(c);
  }
  for (const c of aside) shuffleBack(s, s.deck, c);
  if (permit < 0) return;
  s.hands[seat].push(permit);
  s.handOrigin[seat].push(-1);
  const n = rankOf(permit);
  const suit = suitOf(permit);
  if (suit === Suit.Clubs) bankPays(s, seat, rs.payout[n]);
  else if (suit === Suit.Diamonds) {
    const c = rs.landCommodity[n];
    const p = currentPortion(s, rs);
    const amount = rs.data.landYield * (c === 1 ? p.oilMultiplier : p.soulsGrainMultiplier);
    const got = supplyGives(s, seat, c, amount);
    if (c === 1) {
      s.climate += got * rs.data.climate.perOil;
      checkClimate(s, rs);
    }
  }
}

/** Why `seat` cannot play the card at hand index `h` now, or null. */
export function checkPlayCard(s: MerlinState, rs: Ruleset, seat: number, h: number): string | null {
  const code = s.hands[seat][h];
  if (code === undefined) return 'no card at that hand index';
  if (code >= HAND_SPELL) {
    const def = handCardDef(rs, code);
    return code >= HAND_POTION ? checkBrewPotion(s, rs, seat, def) : checkCastSpell(s, rs, seat, def);
  }
  const rank = rankOf(code);
  if (rank === 11 || rank === 12) return 'a golem is animated (Animate), not played';
  if (rank === 13) return 'a Royal Guard is motivated (Motivate), not played';
  if (!isPermit(code)) return 'not a playable card';
  if (suitOf(code) === Suit.Diamonds) return hasLandSpot(s, rs, seat) ? null : 'no un-invested property without a permit for a Land';
  return freeSlot(s, rs, seat) >= 0 ? null : 'the field is full';
}

/** Play hand card `h`: place it, or open the sub-decision that completes it. */
export function applyPlayCard(s: MerlinState, rs: Ruleset, seat: number, h: number): void {
  const code = s.hands[seat][h];
  if (code >= HAND_SPELL) {
    const def = handCardDef(rs, code);
    if (code >= HAND_POTION) {
      if (def.target === 'none') brewPotion(s, rs, seat, h, -1);
      else if (def.target === 'ownUnit') openSub(s, seat, Phase.SelectUnit, Pending.PotionTargetUnit, h);
      else openSub(s, seat, Phase.SelectSlot, Pending.PotionTargetSlot, h);
    } else if (def.target === 'none') castSpell(s, rs, seat, h, -1, -1);
    else if (def.target === 'opponentUnit') openSub(s, seat, Phase.SelectUnit, Pending.SpellTargetUnit, h);
    else openSub(s, seat, Phase.SelectPlayer, Pending.SpellTargetPlayer, h);
    return;
  }
  const suit = suitOf(code);
  if (suit === Suit.Diamonds) {
    openSub(s, seat, Phase.SelectSlot, Pending.PlaceLand, h);
    return;
  }
  if (rs.data.board.placement === 'choose') openSub(s, seat, Phase.SelectSlot, Pending.PlaceCard, h);
  else placeCard(s, rs, seat, h, freeSlot(s, rs, seat));
}

/** Put the property (Club) or lab (Spade, Heart) at hand index `h` on `seat`'s empty field slot `slot`. D81. */
export function placeCard(s: MerlinState, rs: Ruleset, seat: number, h: number, slot: number): void {
  const code = s.hands[seat][h];
  const suit = suitOf(code);
  const k = seat * rs.data.table.fieldSlots + slot;
  s.slotKind[k] = suit === Suit.Clubs ? SlotKind.Property : suit === Suit.Spades ? SlotKind.SpellLab : SlotKind.PotionLab;
  s.slotCard[k] = code;
  removeAt(s.hands[seat], h);
  removeAt(s.handOrigin[seat], h);
}

/** Buying and playing playing cards (0.1.27b "Buying Cards", "Playing Cards"). */
export const PLAYING_CARD_RULES: KindRules = {
  [Kind.BuyCard]: {
    phases: [Phase.Main],
    check: checkBuy,
    apply: applyBuy,
    describe: (rs, a, _b, s) =>
      rs.data.councilDisplay === undefined
        ? 'buy a card at the Cost of the Living'
        : `buy ${s && s.council[a] >= 0 ? `the ${cardName(s.council[a])}` : `place ${a}`} from the Council's offices at the Cost of the Living`,
  },
  [Kind.PlayCard]: {
    phases: [Phase.Main],
    check: checkPlayCard,
    apply: applyPlayCard,
    describe: (rs, a, _b, s) => `play ${handName(rs, s, a)}`,
  },
};
