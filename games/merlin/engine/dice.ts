/**
 * The Dice of Destiny. 0.1.27b "The Dice of Destiny", "The First Turn" 2; 0.1.14a "Dice", "Core Loop".
 *
 * At the start of every turn the active player rolls two dice (a chance event drawn from the state's RNG).
 * On any total but 7 every player's cards with that number produce: properties pay gold (and double their
 * investment), Lands yield commodities, funded labs draw a spell or recipe, Spell Shops and Breweries charge
 * maintenance. A 7 resolves the Sevens instead. Chauffeurs resonate on their own numbers. Doubles advance
 * the Season Wheel (after production). On 11 and 12 defending golems heal their cards (combat.ts healOnRoll).
 */
import { rollD6 } from '../../../lib/rng.ts';
import type { Ruleset } from '../rules/index.ts';
import { HAND_POTION, HAND_SPELL, SlotKind, TopKind, type MerlinState } from './state.ts';
import { bankPays, landNumberAt, supplyGives } from './ledger.ts';
import { drawFrom, rankOf } from './cards.ts';
import { productionMultiplier, rollTriggers } from './effects.ts';
import { resolveSevenRoll } from './sevens.ts';
import { advanceWheel } from './season-wheel.ts';
import { destroyed, healOnRoll, productionRecipient } from './combat.ts';
import { payDividends } from './mint.ts';
import { DECK_INDEX } from './kernel/card-defs.ts';
import { checkClimate, currentPortion } from './kernel/phase.ts';
import { payOrOwe } from './kernel/purse.ts';
import { handFull } from './kernel/hands.ts';

/**
 * Roll two dice for the active player's turn and resolve everything the roll causes. Returns true when taxes
 * fall due. The dice are chance events of kind 'roll' (lib/rng.ts `chance`: recorded, and forceable in tests and replays).
 */
export function rollAndResolve(s: MerlinState, rs: Ruleset): boolean {
  const d1 = rollD6(s.rng, 'roll');
  const d2 = rollD6(s.rng, 'roll');
  return resolveRoll(s, rs, d1, d2);
}

/** Resolve a given roll (exposed for scenario tests). Returns true when taxes fall due. */
export function resolveRoll(s: MerlinState, rs: Ruleset, d1: number, d2: number): boolean {
  s.die1 = d1;
  s.die2 = d2;
  const total = d1 + d2;
  if (total === 7) resolveSevenRoll(s, rs);
  else produceAll(s, rs, total);
  healOnRoll(s, rs, total);
  resonateAll(s, rs, d1, d2);
  rollTriggers(s, rs, total);
  checkClimate(s, rs);
  let steps = 0;
  if (d1 === d2) steps += rs.wheelAdvanceOnDoubles[s.wheelKind];
  if (rs.extraAdvance[s.wheelKind][total]) steps++;
  return steps > 0 ? advanceWheel(s, rs, steps) : false;
}

/** Production on `total` for every player, in turn order from the active player (the bank and supply are finite). */
export function produceAll(s: MerlinState, rs: Ruleset, total: number): void {
  for (let i = 0; i < s.numPlayers; i++) {
    const seat = s.order[(s.turnIdx + i) % s.numPlayers];
    if (!s.eliminated[seat]) produceFor(s, rs, seat, total);
  }
}

/**
 * One player's production on `total` (0.1.27b "Clubs", "Land Cards", "Spell Labs", "Potion Labs", "Maintenance").
 * Combat (0.1.27b "Attacking Properties" 3-6, combat.ts): a destroyed card produces and costs nothing; a
 * property that has been hit pays no gold; an enemy golem on a card seizes its gold and Land yield, and an
 * entrenched card (enemy and defending golems) rolls a d6 for whether it produces.
 */
export function produceFor(s: MerlinState, rs: Ruleset, seat: number, total: number): void {
  const F = rs.data.table.fieldSlots;
  const units = s.unitCard.length > 0;
  for (let k = seat * F, e = k + F; k < e; k++) {
    const kind = s.slotKind[k];
    if (kind === SlotKind.Empty || kind === SlotKind.Chauffeur) continue;
    const hit = s.slotHits[k] > 0;
    if (hit && destroyed(s, rs, k)) continue;
    if (kind === SlotKind.Property) {
      const top = s.slotTopKind[k];
      let to = -2; // who receives: decided once, when the card first produces on this roll
      if (rankOf(s.slotCard[k]) === total && !hit) {
        to = units ? productionRecipient(s, rs, seat, k) : seat;
        const special = top === TopKind.SpellShop || top === TopKind.Brewery;
        const gold = rs.payout[total] * (special ? rs.data.specialisedPayoutMultiplier : 1) * productionMultiplier(s, seat, k, false);
        if (gold > 0 && to >= 0) {
          const paid = bankPays(s, to, gold);
          if (to === seat) payDividends(s, seat, paid);
        }
        const inv = s.slotInvest[k];
        if (inv > 0 && to === seat) {
          // 0.1.27b "Property Investing": the stake returns doubled; the profit comes from the Central Bank.
          s.slotInvest[k] = 0;
          s.gold[seat] += inv;
          bankPays(s, seat, inv);
        }
      }
      if (top === TopKind.Land) {
        if (landNumberAt(s, k) === total) {
          if (to === -2) to = units ? productionRecipient(s, rs, seat, k) : seat;
          if (to >= 0) produceLand(s, rs, to, k, total, seat);
        }
      } else if (top === TopKind.SpellShop || top === TopKind.Brewery) {
        if (rankOf(s.slotTop[k]) === total) payOrOwe(s, rs, seat, rs.data.maintenance, false);
      }
    } else if (rankOf(s.slotCard[k]) === total) {
      labProduces(s, rs, seat, k);
    }
  }
}

/**
 * A Land's yield: base yield, doubled when planted (Souls, Grain), times the season and any modifier of
 * its owner (`owner`, default `seat`); `seat` receives it (an attacking golem's owner seizes it).
 */
export function produceLand(s: MerlinState, rs: Ruleset, seat: number, k: number, total: number, owner = seat): void {
  const c = rs.landCommodity[total];
  if (c < 0) return;
  const portion = currentPortion(s, rs);
  let n = rs.data.landYield;
  if (s.slotPlanted[k] > 0 && rs.plantable[c]) n *= 2;
  n *= c === 1 ? portion.oilMultiplier : portion.soulsGrainMultiplier;
  n *= productionMultiplier(s, owner, k, true);
  if (n <= 0) return;
  const got = supplyGives(s, seat, c, n);
  if (c === 1) s.climate += got * rs.data.climate.perOil;
}

/**
 * A funded lab whose number is rolled draws a spell (Spade) or potion recipe (Heart) into its owner's hand,
 * and its research funds go to the Central Bank (0.1.27b "Spell Generation", "Research Grants"). With a
 * full hand or an empty deck the lab produces nothing and keeps its funds.
 */
export function labProduces(s: MerlinState, rs: Ruleset, seat: number, k: number): void {
  if (s.slotFunds[k] === 0) return;
  if (handFull(s, rs, seat)) return;
  const spell = s.slotKind[k] === SlotKind.SpellLab;
  const d = spell ? DECK_INDEX.spells : DECK_INDEX.potions;
  const card = drawFrom(s, s.cdeck[d], s.cdiscard[d]);
  if (card < 0) return;
  s.hands[seat].push((spell ? HAND_SPELL : HAND_POTION) + card);
  s.handOrigin[seat].push(s.slotCard[k]);
  s.centralBank += s.slotFunds[k];
  s.slotFunds[k] = 0;
}

/**
 * Chauffeur resonance (0.1.27b "Passive Resonance"): one gold per `resonancePer` gold in the vault, paid
 * by the Central Bank into the vault, when the roll matches the Chauffeur's two numbers. Ruleset
 * `chauffeur.resonance`: 'faces' (the two dice show the two numbers) or 'sum' (the total equals their sum).
 */
export function resonateAll(s: MerlinState, rs: Ruleset, d1: number, d2: number): void {
  const sum = rs.data.chauffeur.resonance === 'sum';
  const per = rs.data.chauffeur.resonancePer;
  const n = s.slotKind.length;
  const F = rs.data.table.fieldSlots;
  for (let k = 0; k < n; k++) {
    if (s.slotKind[k] !== SlotKind.Chauffeur || s.slotVault[k] < per) continue;
    if (s.eliminated[(k / F) | 0]) continue;
    const a = rankOf(s.slotCard[k]);
    const b = rankOf(s.slotTop[k]);
    const hit = sum ? a + b === d1 + d2 : (a === d1 && b === d2) || (a === d2 && b === d1);
    if (!hit) continue;
    const g = Math.min(Math.floor(s.slotVault[k] / per), s.centralBank);
    s.centralBank -= g;
    s.slotVault[k] += g;
  }
}
