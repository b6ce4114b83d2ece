/**
 * Buying and playing the playing cards. 0.1.27b "The Cards of Commerce and Conjuring", "Properties and
 * Permits", "The Winds of Fortune (Aces)", "Taxmen (Jokers)", "The Sevens of Upheaval", "Royal Decrees";
 * 0.1.14a "Core Loop" (permits bought one at a time, playable the turn after).
 *
 * Buying costs the Cost of the Living (to the R.O.W. by default, `cardPricePaidTo`; docs/RULES.md D15) and draws the top card. Aces, Kings, Jokers
 * and 7s are played at once; every other card goes face down into the buyer's hand and can be played from
 * their next turn: Clubs as properties, Spades as Spell Labs, Hearts as Potion Labs, Diamonds as Lands on
 * a property. Jacks and Queens wait in hand until animated as golems, and Kings stay in hand as Royal
 * Guards after their decree until motivated (combat.ts).
 */
import type { Ruleset } from '../rules/index.ts';
import { HAND_POTION, HAND_SPELL, Pending, Phase, SlotKind, type MerlinState } from './state.ts';
import { bankPays, removeAt, supplyGives } from './ledger.ts';
import { cardsAvailable, drawFrom, isPermit, rankOf, shuffleBack, Suit, suitOf } from './cards.ts';
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

/** Cards `seat` holds, counting those bought this turn. */
export function handCount(s: MerlinState, seat: number): number {
  return s.hands[seat].length + s.newCards[seat].length;
}

/** Why `seat` cannot buy a card now, or null. */
export function checkBuy(s: MerlinState, rs: Ruleset, seat: number): string | null {
  if (handCount(s, seat) >= rs.data.table.handSize) return 'hand is full';
  if (s.gold[seat] < s.costOfLiving) return 'not enough gold for the Cost of the Living';
  if (cardsAvailable(s.deck, s.discard) === 0) return 'the deck is empty';
  return regulationBars(s, rs, RegAction.BuyCard, seat, s.costOfLiving);
}

/** Buy one card: pay the Cost of the Living, draw, and play it at once if it must be. */
export function applyBuy(s: MerlinState, rs: Ruleset, seat: number): void {
  s.gold[seat] -= s.costOfLiving;
  if (rs.data.cardPricePaidTo === 'row') s.row += s.costOfLiving;
  else s.centralBank += s.costOfLiving;
  payRegulationFee(s, rs, RegAction.BuyCard, seat);
  const card = drawFrom(s, s.deck, s.discard);
  const suit = suitOf(card);
  const rank = rankOf(card);
  if (suit === Suit.Joker) {
    taxman(s, rs);
    shuffleBack(s, s.deck, card);
  } else if (rank === 7) {
    s.costOfLiving += s.volatility;
    shuffleBack(s, s.deck, card);
  } else if (rank === 1) {
    aceOfFortune(s, rs, seat);
    shuffleBack(s, s.deck, card);
  } else if (rank === 13) {
    if (rs.data.combat.royalGuards)
      s.newCards[seat].push(card); // the King stays as a Royal Guard (combat.ts)
    else s.discard.push(card);
    beginDecree(s, rs, seat);
  } else {
    s.newCards[seat].push(card);
  }
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
  [Kind.BuyCard]: { phases: [Phase.Main], check: checkBuy, apply: applyBuy, describe: () => 'buy a card at the Cost of the Living' },
  [Kind.PlayCard]: {
    phases: [Phase.Main],
    check: checkPlayCard,
    apply: applyPlayCard,
    describe: (rs, a, _b, s) => `play ${handName(rs, s, a)}`,
  },
};
