/**
 * Resolving custom cards (Future Readings, Spells, Potions, Royal Decrees) written in the effect language
 * of games/merlin/cards/schema.ts, and the triggers that make pending cards resolve later.
 *
 * A card's effects are atomic: if any transfer cannot be covered in full, the whole card is disregarded
 * (0.1.27b "The Visions of Tomorrow": "If there is not enough gold to be distributed in the manner the
 * card describes to every player, disregard the card"; the project applies the same rule to every deck).
 * Pending cards resolve in the order they were played, so the card played first takes precedence
 * (0.1.27b "Contradictions").
 *
 * Conditions and partial effects (docs/RULES.md D110-D119): a card's `condition` is checked first (a reading or spell whose condition
 * fails is disregarded; a potion waits face down); `rowShare`, `heal` join the all-or-nothing check; `damage`,
 * `dispel`, `waive` and `draw` take what there is. Plays are counted for `merlin simulate` (`cardTally`).
 */
import type { CardDef, Condition, DeckName } from '../cards/schema.ts';
import type { Ruleset } from '../rules/index.ts';
import { COMMODITIES } from '../rules/schema.ts';
import { HAND_POTION, HAND_SPELL, SlotKind, TopKind, type MerlinState } from './state.ts';
import { drawFrom, rankOf, shuffleBack } from './cards.ts';
import { landNumberAt, removeAt } from './ledger.ts';
import { applyCartWard, applyMarketPrice } from './market-cards.ts';
import { cardDef, DECK_INDEX } from './kernel/card-defs.ts';
import { handFull, removePotion, unlistPotion } from './kernel/hands.ts';
import { findLab } from './kernel/slots.ts';
import { changeUnitStat, deactivateUnit } from './kernel/units.ts';
/** Re-exported for the env adapter, agents and designer tools, which look card definitions up here. */
export { cardDef, DECK_INDEX } from './kernel/card-defs.ts';

function counterFloor(rs: Ruleset, counter: string): number {
  const f = rs.data.floors as Record<string, number>;
  return f[counter] ?? 0;
}

/**
 * Change a public counter by `delta` steps with the ruleset's floors. A step of the Cost of the Living is
 * Volatility under `sevens.everyChangeByVolatility` (0.1.14a 'Cost of the Living', D158), else 1.
 */
export function bumpCounter(
  s: MerlinState,
  rs: Ruleset,
  counter: 'costOfLiving' | 'researchCost' | 'taxRate' | 'volatility',
  delta: number,
): void {
  const v = s[counter] + (counter === 'costOfLiving' && rs.data.sevens.everyChangeByVolatility ? delta * s.volatility : delta);
  const floor = counterFloor(rs, counter);
  s[counter] = v < floor ? floor : v;
}

/** The seats still in the game, in turn order from the active player (placed and not eliminated). */
function activeSeats(s: MerlinState, out: number[] = []): number[] {
  out.length = 0;
  for (let i = 0; i < s.numPlayers; i++) {
    const p = s.order[(s.turnIdx + i) % s.numPlayers];
    if (p >= 0 && !s.eliminated[p]) out.push(p);
  }
  return out;
}

/**
 * Apply `def`'s effects for `owner` (who played or drew it), against `target` (a seat or -1) and `slotKey`
 * (seat * fieldSlots + slot, or -1), and `unit` (the unit a unit effect acts on, or -1; D138). Returns false,
 * changing nothing, when a transfer cannot be covered.
 */
export function applyEffects(
  s: MerlinState,
  rs: Ruleset,
  def: CardDef,
  owner: number,
  target: number,
  slotKey: number,
  unit = -1,
): boolean {
  if (def.condition && !conditionHolds(s, rs, def.condition, owner, target)) return false;
  if (!effectsFeasible(s, rs, def, owner, target, slotKey)) return false;
  const each = activeSeats(s);
  applyFeasible(s, rs, def, owner, target, slotKey, each, unit);
  return true;
}

/** Whether a card's condition holds now (D111). 0.1.27b "Using Potions": a potion waits "until its condition is met". */
export function conditionHolds(s: MerlinState, rs: Ruleset, c: Condition, owner: number, target: number): boolean {
  switch (c.if) {
    case 'ownerGoldAtMost':
      return owner >= 0 && s.gold[owner] <= c.amount;
    case 'ownerGoldAtLeast':
      return owner >= 0 && s.gold[owner] >= c.amount;
    case 'targetGoldAtLeast':
      return target >= 0 && s.gold[target] >= c.amount;
    case 'rowAtLeast':
      return s.row >= c.amount;
    case 'costOfLivingAtLeast':
      return s.costOfLiving >= c.amount;
    case 'season':
      return rs.wheels[s.wheelKind][s.wheelPos].season === c.season;
  }
}

/** An investable property (no Land, no Brewery on top): where damage and heal act. */
function investable(s: MerlinState, k: number): boolean {
  return s.slotKind[k] === SlotKind.Property && (s.slotTopKind[k] === TopKind.None || s.slotTopKind[k] === TopKind.SpellShop);
}

/** A property of a whole-field damage/heal effect: investable, and invested in when `investedOnly`. */
function investTarget(s: MerlinState, k: number, investedOnly: boolean): boolean {
  return investable(s, k) && (!investedOnly || s.slotInvest[k] > 0);
}

/** Slot keys a damage/heal effect acts on: the chosen slot, or every investable property of `seat` (heal: only invested ones). */
function investTargets(
  s: MerlinState,
  rs: Ruleset,
  scope: 'slot' | 'properties',
  seat: number,
  slotKey: number,
  investedOnly: boolean,
): number[] {
  if (scope === 'slot') return slotKey >= 0 && investable(s, slotKey) ? [slotKey] : [];
  const out: number[] = [];
  if (seat < 0) return out;
  const F = rs.data.table.fieldSlots;
  for (let k = seat * F, e = k + F; k < e; k++) if (investTarget(s, k, investedOnly)) out.push(k);
  return out;
}

/** investTargets(...).length, without the array. */
function investTargetCount(
  s: MerlinState,
  rs: Ruleset,
  scope: 'slot' | 'properties',
  seat: number,
  slotKey: number,
  investedOnly: boolean,
): number {
  if (scope === 'slot') return slotKey >= 0 && investable(s, slotKey) ? 1 : 0;
  if (seat < 0) return 0;
  const F = rs.data.table.fieldSlots;
  let n = 0;
  for (let k = seat * F, e = k + F; k < e; k++) if (investTarget(s, k, investedOnly)) n++;
  return n;
}

/** Gold each recipient of a `rowShare` effect receives (0 = the effect is disregarded). */
function rowSharePer(s: MerlinState, percent: number, recipients: number): number {
  return recipients > 0 ? Math.floor(Math.floor((s.row * percent) / 100) / recipients) : 0;
}

/**
 * effectsFeasible's scratch (no allocation per call: triggers check pending cards every turn and roll): the
 * gold and the commodities (x3) each place must pay. Places: the Central Bank, the R.O.W., the supply, a
 * missing seat (-1: it has nothing), then seat p at AT_SEAT + p.
 */
const AT_BANK = 0;
const AT_ROW = 1;
const AT_SUPPLY = 2;
const NOWHERE = 3;
const AT_SEAT = 4;
let needGold = new Float64Array(AT_SEAT + 8);
/** effectsFeasible's active seats (it never runs inside itself, so one array serves every call). */
const feasibleSeats: number[] = [];
let needC = new Float64Array(3 * (AT_SEAT + 8));

/** The place index of a `GoldPlace` / `CommodityPlace` other than eachPlayer. */
function placeOf(from: string, owner: number, target: number): number {
  const seat = from === 'owner' ? owner : from === 'target' ? target : -2;
  if (seat >= 0) return AT_SEAT + seat;
  if (seat === -1 || from === 'owner' || from === 'target') return NOWHERE;
  return from === 'centralBank' ? AT_BANK : from === 'row' ? AT_ROW : AT_SUPPLY;
}

/**
 * True when every gold and commodity transfer of `def` can be covered in full (nothing is changed):
 * `gold`, `commodity`, `heal` (the Central Bank pays) and `rowShare` (at least 1 gold per recipient).
 */
export function effectsFeasible(s: MerlinState, rs: Ruleset, def: CardDef, owner: number, target: number, slotKey = -1): boolean {
  const P = s.numPlayers;
  const places = AT_SEAT + P;
  if (needGold.length < places) {
    needGold = new Float64Array(places);
    needC = new Float64Array(3 * places);
  }
  needGold.fill(0, 0, places);
  needC.fill(0, 0, 3 * places);
  const each = activeSeats(s, feasibleSeats);
  const active = each.length;
  for (const e of def.effects) {
    if (e.op === 'heal') {
      needGold[AT_BANK] += e.amount * investTargetCount(s, rs, e.scope, target >= 0 ? target : owner, slotKey, e.scope === 'properties');
    } else if (e.op === 'rowShare') {
      const n = e.to === 'owner' ? 1 : active;
      const per = rowSharePer(s, e.percent, n);
      if (per < 1) return false;
      needGold[AT_ROW] += per * n;
    } else if (e.op === 'gold' || e.op === 'commodity') {
      const amount = e.amount * (e.to === 'eachPlayer' ? active : 1);
      const need = e.op === 'gold' ? needGold : needC;
      const c = e.op === 'gold' ? 0 : COMMODITIES.indexOf(e.commodity);
      const stride = e.op === 'gold' ? 1 : 3;
      if (e.from === 'eachPlayer') {
        for (let i = 0; i < active; i++) need[(AT_SEAT + each[i]) * stride + c] += amount;
      } else need[placeOf(e.from, owner, target) * stride + c] += amount;
    }
  }
  if (needGold[NOWHERE] > 0 || s.centralBank < needGold[AT_BANK] || s.row < needGold[AT_ROW]) return false;
  for (let c = 0; c < 3; c++) if (needC[NOWHERE * 3 + c] > 0 || s.supply[c] < needC[AT_SUPPLY * 3 + c]) return false;
  for (let p = 0; p < P; p++) {
    const g = needGold[AT_SEAT + p];
    if (g > 0 && s.gold[p] < g) return false;
    for (let c = 0; c < 3; c++) {
      const n = needC[(AT_SEAT + p) * 3 + c];
      if (n > 0 && s.held[p * 3 + c] < n) return false;
    }
  }
  return true;
}

function applyFeasible(
  s: MerlinState,
  rs: Ruleset,
  def: CardDef,
  owner: number,
  target: number,
  slotKey: number,
  each: number[],
  unit: number,
): void {
  for (const e of def.effects) {
    switch (e.op) {
      case 'deactivateUnit':
        if (unit >= 0) deactivateUnit(s, unit, e.turns);
        break;
      case 'unitStat':
        if (unit >= 0) unit = changeUnitStat(s, unit, e.stat, e.delta);
        break;
      case 'counter':
        bumpCounter(s, rs, e.counter, e.delta);
        break;
      case 'gold': {
        const froms = e.from === 'eachPlayer' ? each : [e.from === 'owner' ? owner : e.from === 'target' ? target : -1];
        for (const f of froms) {
          const tos = e.to === 'eachPlayer' ? each : [e.to === 'owner' ? owner : e.to === 'target' ? target : -1];
          for (const t of tos) {
            const n = e.amount;
            if (f >= 0) s.gold[f] -= n;
            else if (e.from === 'centralBank') s.centralBank -= n;
            else s.row -= n;
            if (t >= 0) s.gold[t] += n;
            else if (e.to === 'centralBank') s.centralBank += n;
            else s.row += n;
          }
        }
        break;
      }
      case 'commodity': {
        const c = COMMODITIES.indexOf(e.commodity);
        const froms = e.from === 'eachPlayer' ? each : [e.from === 'owner' ? owner : e.from === 'target' ? target : -1];
        for (const f of froms) {
          const tos = e.to === 'eachPlayer' ? each : [e.to === 'owner' ? owner : e.to === 'target' ? target : -1];
          for (const t of tos) {
            if (f >= 0) s.held[f * 3 + c] -= e.amount;
            else s.supply[c] -= e.amount;
            if (t >= 0) s.held[t * 3 + c] += e.amount;
            else s.supply[c] += e.amount;
          }
        }
        break;
      }
      case 'production': {
        const F = rs.data.table.fieldSlots;
        const seat = e.scope === 'slot' ? (slotKey >= 0 ? (slotKey / F) | 0 : -1) : target >= 0 ? target : owner;
        if (seat < 0) break;
        s.modSeat.push(seat);
        s.modSlot.push(e.scope === 'slot' ? slotKey : -1);
        s.modScope.push(e.scope === 'slot' ? 0 : e.scope === 'lands' ? 1 : 2);
        s.modMult.push(e.multiplier);
        s.modUntil.push(s.turn + e.turns);
        break;
      }
      case 'decree':
        if (owner >= 0) s.decreesDue[owner]++; // delivered at the owner's next free actions (decrees.ts deliverSummons)
        break;
      case 'regulation':
        s.regProposer = owner; // the vote opens once the decree is settled (engine/regulations.ts afterDecree)
        break;
      case 'cartWard':
        applyCartWard(s, owner, e.delta, e.turns);
        break;
      case 'marketPrice':
        applyMarketPrice(s, COMMODITIES.indexOf(e.commodity), e.delta, e.turns);
        break;
      case 'returnInvestments': {
        const F = rs.data.table.fieldSlots;
        for (let k = owner * F, end = k + F; k < end; k++) {
          s.gold[owner] += s.slotInvest[k];
          s.slotInvest[k] = 0;
        }
        break;
      }
      case 'rowShare': {
        const tos = e.to === 'owner' ? [owner] : each;
        const per = rowSharePer(s, e.percent, tos.length);
        for (const t of tos) {
          s.row -= per;
          s.gold[t] += per;
        }
        break;
      }
      case 'draw':
        drawCards(s, rs, e.deck, e.count, owner);
        break;
      case 'waive':
        for (let i = s.readingOwner.length - 1; i >= 0; i--) {
          const mine = s.readingOwner[i] === owner;
          if (e.whose === 'all' || (e.whose === 'owner') === mine) removeReading(s, i);
        }
        break;
      case 'dispel': {
        let left = e.count;
        for (let i = 0; i < s.potionOwner.length && left > 0;) {
          if (s.potionOwner[i] === target) {
            removePotion(s, i, true);
            left--;
          } else i++;
        }
        break;
      }
      case 'damage':
        for (const k of investTargets(s, rs, e.scope, target, slotKey, true)) {
          const n = Math.min(e.amount, s.slotInvest[k]);
          s.slotInvest[k] -= n;
          if (e.to === 'centralBank') s.centralBank += n;
          else s.row += n;
        }
        break;
      case 'heal':
        for (const k of investTargets(s, rs, e.scope, target >= 0 ? target : owner, slotKey, e.scope === 'properties')) {
          s.centralBank -= e.amount;
          s.slotInvest[k] += e.amount;
        }
        break;
    }
  }
}

/** Nesting of readings drawn by `draw` effects that resolve at once (a guard against endless chains). */
let drawDepth = 0;

/**
 * `owner` draws up to `count` cards of `deck` (D113): spells and recipes go into the hand while it has
 * room (from no lab: they earn no research credit), readings are laid face up (or resolve at once).
 */
function drawCards(s: MerlinState, rs: Ruleset, deck: DeckName, count: number, owner: number): void {
  if (owner < 0 || drawDepth > 2) return;
  const d = DECK_INDEX[deck];
  drawDepth++;
  for (let i = 0; i < count; i++) {
    if (deck === 'spells' || deck === 'potions') {
      if (handFull(s, rs, owner)) break;
      const c = drawFrom(s, s.cdeck[d], s.cdiscard[d]);
      if (c < 0) break;
      s.hands[owner].push((deck === 'spells' ? HAND_SPELL : HAND_POTION) + c);
      s.handOrigin[owner].push(-1);
    } else if (!layReading(s, rs, owner, d)) break;
  }
  drawDepth--;
}

/**
 * `seat` draws from Future Reading deck `d`; the card is laid face up, or resolves at once when its trigger
 * is "now". Returns false when the deck and its discard pile are empty. 0.1.27b "The Visions of Tomorrow".
 */
export function layReading(s: MerlinState, rs: Ruleset, seat: number, d: number): boolean {
  const card = drawFrom(s, s.cdeck[d], s.cdiscard[d]);
  if (card < 0) return false;
  tallyPlay(d, card);
  const def = cardDef(rs, d, card);
  if (def.trigger.on === 'now') {
    s.cdiscard[d].push(card);
    applyEffects(s, rs, def, seat, -1, -1);
    return true;
  }
  s.readingDeck.push(d);
  s.readingCard.push(card);
  s.readingOwner.push(seat);
  s.readingTurn.push(s.turn);
  return true;
}

/**
 * Per-card play counts for `merlin simulate`'s `card_plays` (docs/CARDS.md "Played"): while `cardTally.counts`
 * is set, counts[deck][instance] is incremented each time a card is played (spell cast, potion brewed,
 * reading drawn, decree enacted). Off (null) by default; it is process-wide, so it counts every game run
 * while it is on, including any search rollouts.
 */
export const cardTally: { counts: Float64Array[] | null } = { counts: null };

/** Count one play of instance `card` of custom deck `deck` (see `cardTally`). */
export function tallyPlay(deck: number, card: number): void {
  if (cardTally.counts !== null) cardTally.counts[deck][card]++;
}

/**
 * Production multiplier for what slot key `k` of `seat` produces: the first matching modifier played wins
 * (0.1.27b "Contradictions"); 1 when none applies. `isLand` selects the Land scope, else the property scope.
 */
export function productionMultiplier(s: MerlinState, seat: number, k: number, isLand: boolean): number {
  const n = s.modSeat.length;
  for (let i = 0; i < n; i++) {
    if (s.modSeat[i] !== seat) continue;
    const scope = s.modScope[i];
    if (scope === 0 ? s.modSlot[i] === k : scope === 1 ? isLand : !isLand) return s.modMult[i];
  }
  return 1;
}

/** Drop production modifiers whose last turn has passed. */
export function expireModifiers(s: MerlinState): void {
  for (let i = s.modUntil.length - 1; i >= 0; i--) {
    if (s.modUntil[i] >= s.turn) continue;
    removeAt(s.modSeat, i);
    removeAt(s.modSlot, i);
    removeAt(s.modScope, i);
    removeAt(s.modMult, i);
    removeAt(s.modUntil, i);
  }
}

/** Discard the face-up Future Reading at index i. */
export function removeReading(s: MerlinState, i: number): void {
  s.cdiscard[s.readingDeck[i]].push(s.readingCard[i]);
  removeAt(s.readingDeck, i);
  removeAt(s.readingCard, i);
  removeAt(s.readingOwner, i);
  removeAt(s.readingTurn, i);
}

/**
 * The readings on the table when a trigger pass starts, as deck * 65536 + instance in `scratch`: a reading
 * that resolves may waive or draw others, so each pass visits exactly the readings that were there, in the
 * order they were drawn (first played, first resolved: 0.1.27b "Contradictions").
 */
const scratch = new Int32Array(256);
function snapshotReadings(s: MerlinState): number {
  const n = Math.min(s.readingCard.length, scratch.length);
  for (let i = 0; i < n; i++) scratch[i] = s.readingDeck[i] * 65536 + s.readingCard[i];
  return n;
}
function readingIndex(s: MerlinState, key: number): number {
  const d = key >>> 16;
  const c = key & 0xffff;
  for (let i = 0; i < s.readingCard.length; i++) if (s.readingCard[i] === c && s.readingDeck[i] === d) return i;
  return -1;
}

/** The reading at index i resolves: it goes to the discard pile, then its effects apply for its drawer. */
function resolveReading(s: MerlinState, rs: Ruleset, i: number): void {
  const def = cardDef(rs, s.readingDeck[i], s.readingCard[i]);
  const owner = s.readingOwner[i];
  removeReading(s, i);
  applyEffects(s, rs, def, owner, -1, -1);
}

/**
 * A face-down potion whose trigger came waits, still face down, while its condition does not hold (D111):
 * 0.1.27b "Using Potions", "until its condition is met". It may expire meanwhile.
 */
function potionReady(s: MerlinState, rs: Ruleset, def: CardDef, i: number): boolean {
  return !def.condition || conditionHolds(s, rs, def.condition, s.potionOwner[i], s.potionOwner[i]);
}

/** Resolve a face-down potion: reveal, apply, then credit its lab or shuffle it back (0.1.27b "Using Potions"). */
export function resolvePotion(s: MerlinState, rs: Ruleset, i: number, unit = -1): void {
  const owner = s.potionOwner[i];
  const def = cardDef(rs, DECK_INDEX.potions, s.potionCard[i]);
  applyEffects(s, rs, def, owner, owner, s.potionSlot[i], unit);
  spendPotion(s, rs, i);
}

/** A used potion goes under the Potion Lab that produced it (research progress) or back into the deck. */
function spendPotion(s: MerlinState, rs: Ruleset, i: number): void {
  const key = findLab(s, rs, s.potionOwner[i], s.potionOrigin[i], SlotKind.PotionLab);
  if (key >= 0) {
    s.underCard.push(HAND_POTION + s.potionCard[i]);
    s.underKey.push(key);
    s.slotSpent[key]++;
    unlistPotion(s, i);
  } else {
    removePotion(s, i, false);
  }
}

/**
 * Roll triggers: readings and potions waiting on this total resolve; readings foretelling an adverse
 * total are waived (0.1.27b "Waivers"). Potions under a slot whose number is `total` resolve too.
 */
export function rollTriggers(s: MerlinState, rs: Ruleset, total: number): void {
  const n = snapshotReadings(s);
  for (let j = 0; j < n; j++) {
    const i = readingIndex(s, scratch[j]);
    if (i < 0) continue;
    const def = cardDef(rs, s.readingDeck[i], s.readingCard[i]);
    if (def.waiveOn.includes(total)) removeReading(s, i);
    else if (def.trigger.on === 'roll' && def.trigger.totals.includes(total)) resolveReading(s, rs, i);
  }
  for (let i = 0; i < s.potionCard.length;) {
    const def = cardDef(rs, DECK_INDEX.potions, s.potionCard[i]);
    const t = def.trigger;
    const k = s.potionSlot[i];
    const fires =
      ((t.on === 'roll' && t.totals.includes(total)) || (t.on === 'slotRolled' && k >= 0 && slotNumber(s, k) === total)) &&
      potionReady(s, rs, def, i);
    if (fires) resolvePotion(s, rs, i);
    else i++;
  }
}

/** The number a slot answers to: its Land's number when it has one, else its base card's number. */
export function slotNumber(s: MerlinState, k: number): number {
  if (s.slotTopKind[k] === TopKind.Land) return landNumberAt(s, k);
  return s.slotCard[k] < 0 ? 0 : rankOf(s.slotCard[k]);
}

/** Turn triggers at the start of a turn: "in N turns" cards resolve; expired readings and potions are discarded. */
export function turnTriggers(s: MerlinState, rs: Ruleset): void {
  const n = snapshotReadings(s);
  for (let j = 0; j < n; j++) {
    const i = readingIndex(s, scratch[j]);
    if (i < 0) continue;
    const def = cardDef(rs, s.readingDeck[i], s.readingCard[i]);
    const age = s.turn - s.readingTurn[i];
    if (def.trigger.on === 'turns' && age >= def.trigger.turns) resolveReading(s, rs, i);
    else if (def.expiresAfterTurns !== undefined && age > def.expiresAfterTurns) removeReading(s, i);
  }
  for (let i = 0; i < s.potionCard.length;) {
    const def = cardDef(rs, DECK_INDEX.potions, s.potionCard[i]);
    const age = s.turn - s.potionTurn[i];
    if (def.trigger.on === 'turns' && age >= def.trigger.turns && potionReady(s, rs, def, i)) resolvePotion(s, rs, i);
    else if (def.expiresAfterTurns !== undefined && age > def.expiresAfterTurns) removePotion(s, i, true);
    else i++;
  }
}

/** Season triggers when the wheel enters `season`. */
export function seasonTriggers(s: MerlinState, rs: Ruleset, season: string): void {
  const n = snapshotReadings(s);
  for (let j = 0; j < n; j++) {
    const i = readingIndex(s, scratch[j]);
    if (i < 0) continue;
    const def = cardDef(rs, s.readingDeck[i], s.readingCard[i]);
    if (def.trigger.on === 'season' && def.trigger.season === season) resolveReading(s, rs, i);
  }
  for (let i = 0; i < s.potionCard.length;) {
    const def = cardDef(rs, DECK_INDEX.potions, s.potionCard[i]);
    if (def.trigger.on === 'season' && def.trigger.season === season && potionReady(s, rs, def, i)) resolvePotion(s, rs, i);
    else i++;
  }
}

/** Shuffle the spent cards under lab slot key `k` back into their deck (0.1.27b "Creation"). */
export function returnCardsUnder(s: MerlinState, k: number): void {
  for (let i = s.underKey.length - 1; i >= 0; i--) {
    if (s.underKey[i] !== k) continue;
    const c = s.underCard[i];
    if (c >= HAND_POTION) shuffleBack(s, s.cdeck[DECK_INDEX.potions], c - HAND_POTION);
    else shuffleBack(s, s.cdeck[DECK_INDEX.spells], c - 4096);
    removeAt(s.underCard, i);
    removeAt(s.underKey, i);
  }
}
