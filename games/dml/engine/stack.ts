/**
 * The Stack, Powers and dice rolls (card/index.md, card/class/index.md "Character", components/dice_roll):
 * cards played onto the Stack, opponents asked in turn, resolution last in first out, each Power's effect and
 * the choices it waits for, and the 2d6 roll with its Dabo! re-rolls and its outcome by purpose (a buy, a
 * Callback, a Black Market visit, the Thief). A Thief's roll carries the Stack's resolution on, so Powers and
 * rolls live together here: Buying (buying.ts) and the Market Phase's actions (engine.ts) start rolls too.
 */
import { rollD6 } from '../../../lib/rng.ts';
import {
  C_EGG,
  C_EMBLEM,
  NUM_CARDS,
  P_DISCARD_MARKET,
  P_EXILE_STACK,
  P_RETURN_EMBLEM,
  P_SEARCH_BM,
  P_SIEGE,
  P_TAKE_EGG,
  P_TAKE_STOCK,
  P_THIEF,
  P_TITHE,
  type Ruleset,
} from '../rules/index.ts';
import { DmlState, lowCard, MAX_SEATS, Outcome, Phase, Purpose, Step, Z } from './state.ts';
import { aliveCount, compactBlackMarkets, countZone, discard, handSize, intoDeck, move, nextAlive, randomOf } from './zones.ts';
import { canPlayAny } from './queries.ts';
import { dragonSiege, foreignMerchant } from './sequences.ts';
import { openPowerWindow, restock, toMarket } from './round.ts';
import { checkLastStanding } from './end.ts';

/** Ask the opponents of the last player to play, in seat order, until one can respond; when all pass, resolve. */
export function askNext(s: DmlState, rs: Ruleset): void {
  while (s.askLeft > 0) {
    if (s.asked !== s.stackLast && canPlayAny(s, rs, s.asked)) {
      s.phase = Phase.Stack;
      s.decider = s.asked;
      return;
    }
    s.askLeft--;
    s.asked = nextOpponent(s, s.asked);
  }
  continueStack(s, rs);
}
export function nextOpponent(s: DmlState, p: number): number {
  let q = nextAlive(s, p);
  if (q === s.stackLast) q = nextAlive(s, q);
  return q;
}
export function openResponses(s: DmlState, rs: Ruleset): void {
  s.askLeft = aliveCount(s) - 1;
  s.asked = nextOpponent(s, s.stackLast);
  askNext(s, rs);
}
export function push(s: DmlState, p: number, c: number, mode: number): void {
  s.stack[s.stackLen] = c;
  s.stackOwner[s.stackLen] = p;
  s.stackMode[s.stackLen] = mode;
  s.stackLen++;
  move(s, c, Z.STACK, true);
  s.stackLast = p;
}

/** Resolve the Stack from the top (last in, first out) until it is empty or a Power waits for a choice. */
export function continueStack(s: DmlState, rs: Ruleset): void {
  while (s.stackLen > 0 && s.outcome === Outcome.Running) {
    s.stackLen--;
    const c = s.stack[s.stackLen];
    const owner = s.stackOwner[s.stackLen];
    if (!s.alive[owner]) {
      discard(s, rs, c, false);
      continue;
    }
    if (s.stackMode[s.stackLen] === 1) {
      move(s, c, Z.FRONT + owner, true);
      continue;
    }
    s.pendCard = c;
    s.pendOwner = owner;
    if (beginPower(s, rs)) return;
  }
  if (s.outcome !== Outcome.Running) return;
  s.stackLast = -1;
  if (s.stackOrigin === 1) openPowerWindow(s, rs);
  else toMarket(s, rs);
}

/** Exile the resolved Power's card (card/class/index.md "Character"). */
export function endPower(s: DmlState): void {
  move(s, s.pendCard, Z.EXILE, true);
  s.pendCard = -1;
  s.pendOwner = -1;
  s.pendStep = 0;
}
function choose(s: DmlState, step: number, decider: number): true {
  s.phase = Phase.Choice;
  s.pendStep = step;
  s.decider = decider;
  return true;
}

/** Start resolving the Power of `pendCard`; true when it waits for a decision (card/index.md, each Power). */
function beginPower(s: DmlState, rs: Ruleset): boolean {
  const owner = s.pendOwner;
  switch (rs.power[s.pendCard]) {
    case P_DISCARD_MARKET:
      for (let c = 0; c < NUM_CARDS; c++) {
        const z = s.zone[c];
        if (z === Z.STOCK || (rs.data.discardMarketplace === 'stocksAndBlackMarkets' && z >= Z.BM && z < Z.BM + s.bmCount))
          discard(s, rs, c, true);
      }
      if (rs.data.discardMarketplace === 'stocksAndBlackMarkets') s.bmCount = 0;
      restock(s, rs);
      break;
    case P_RETURN_EMBLEM:
      if (anyEmblemInFront(s, rs)) return choose(s, Step.ReturnEmblem, owner);
      break;
    case P_SEARCH_BM:
      if (s.bmCount > 0) return choose(s, Step.SearchPickMarket, owner);
      break;
    case P_TITHE:
      s.titheSeat = owner;
      if (nextTithe(s)) return true;
      break;
    case P_SIEGE:
      endPower(s);
      dragonSiege(s, rs);
      return false;
    case P_EXILE_STACK:
      if (s.stackLen > 0) return choose(s, Step.ExileFromStack, owner);
      break;
    case P_TAKE_EGG: {
      const egg = randomOf(s, Z.NEST);
      if (egg >= 0) move(s, egg, Z.HAND + owner, true);
      break;
    }
    case P_TAKE_STOCK:
      if (countZone(s, Z.STOCK) > 0) return choose(s, Step.TakeStock, owner);
      break;
    case P_THIEF:
      if (thiefCanGive(s) || thiefCanTake(s)) return choose(s, Step.ThiefMode, owner);
      return startRoll(s, rs, Purpose.Thief, rs.data.targets.thief, owner);
  }
  endPower(s);
  return false;
}
function anyEmblemInFront(s: DmlState, rs: Ruleset): boolean {
  for (let q = 0; q < MAX_SEATS; q++)
    for (let w = 0; w < 2; w++)
      for (let m = s.zoneBits[2 * (Z.FRONT + q) + w]; m !== 0; m &= m - 1) if (rs.classes[lowCard(w, m)] & C_EMBLEM) return true;
  return false;
}
export function thiefCanGive(s: DmlState): boolean {
  return handSize(s, s.pendOwner) > 0 && aliveCount(s) > 1;
}
export function thiefCanTake(s: DmlState): boolean {
  for (let p = 0; p < s.numPlayers; p++) if (p !== s.pendOwner && s.alive[p] && handSize(s, p) > 0) return true;
  return false;
}
/** The next seat after `titheSeat` (before the owner) with a card to give; false when none is left. */
export function nextTithe(s: DmlState): boolean {
  for (let p = nextAlive(s, s.titheSeat); p !== s.pendOwner; p = nextAlive(s, p)) {
    if (handSize(s, p) > 0) {
      s.titheSeat = p;
      s.phase = Phase.Tithe;
      s.decider = p;
      return true;
    }
  }
  s.titheSeat = -1;
  return false;
}

// ---------------------------------------------------------------- rolls

/**
 * Roll 2d6 for `purpose` against `target` (components/dice_roll/index.md); a Dabo! (2-2..5-5) waits for the
 * roller's choice while re-rolls remain (`dice.maxRerolls`, D5). Returns true: either it waits for that choice or
 * `finishRoll` has already carried the flow on, so a caller inside the Stack loop must stop.
 */
export function startRoll(s: DmlState, rs: Ruleset, purpose: number, target: number, roller: number): boolean {
  s.rollPurpose = purpose;
  s.rollTarget = target;
  s.roller = roller;
  s.rerolls = 0;
  return roll(s, rs);
}
export function roll(s: DmlState, rs: Ruleset): boolean {
  s.die1 = rollD6(s.rng, 'die');
  s.die2 = rollD6(s.rng, 'die');
  if (s.die1 === s.die2 && s.die1 >= 2 && s.die1 <= 5 && (rs.data.dice.maxRerolls === null || s.rerolls < rs.data.dice.maxRerolls)) {
    s.phase = Phase.Roll;
    s.decider = s.roller;
    return true;
  }
  finishRoll(s, rs);
  return true;
}
/** The roll's effect, then Woot!'s Foreign Merchant and Wyvern Eyes' Dragon Siege, then the flow goes on. */
export function finishRoll(s: DmlState, rs: Ruleset): void {
  const woot = s.die1 === 6 && s.die2 === 6;
  const wyvern = s.die1 === 1 && s.die2 === 1;
  const success = woot || (!wyvern && s.die1 + s.die2 >= s.rollTarget);
  const p = s.roller;
  const purpose = s.rollPurpose;
  switch (purpose) {
    case Purpose.Buy:
      completeBuy(s, rs, success);
      break;
    case Purpose.Callback:
      if (success && s.zone[s.rollArg] === Z.FRONT + p) move(s, s.rollArg, Z.HAND + p, true);
      break;
    case Purpose.BlackMarket: {
      const z = Z.BM + s.rollArg;
      if (success) {
        const c = randomOf(s, z);
        if (c >= 0) move(s, c, Z.HAND + p, false);
      } else if (rs.data.iSeeFire.hustled && handSize(s, p) > 0) {
        const c = randomOf(s, Z.HAND + p);
        if (rs.classes[c] & C_EGG) move(s, c, Z.NEST, true);
        else move(s, c, z, false);
      }
      compactBlackMarkets(s);
      break;
    }
    case Purpose.Thief:
      if (success) intoDeck(s, s.pendCard);
      else move(s, s.pendCard, Z.EXILE, true);
      s.pendCard = -1;
      s.pendOwner = -1;
      s.pendStep = 0;
      break;
  }
  if (woot && rs.data.dice.wootForeignMerchant) foreignMerchant(s, rs);
  if (wyvern && rs.data.dice.wyvernSiege) dragonSiege(s, rs);
  checkLastStanding(s);
  if (s.outcome !== Outcome.Running) return;
  if (purpose === Purpose.Thief) continueStack(s, rs);
  else toMarket(s, rs);
}

/** The roll's outcome (buying/index.md "Roll"): the declared cards go to the buyer, the seizer or back; commits go to their Stocks. */
function completeBuy(s: DmlState, rs: Ruleset, success: boolean): void {
  const back = s.buyKind === 0 ? Z.STOCK : s.buyKind === 2 ? Z.EVENT : s.alive[s.buyOwner] ? Z.FRONT + s.buyOwner : -1;
  const bits = s.zoneBits;
  for (let w = 0; w < 2; w++)
    for (let m = bits[2 * Z.DECLARED + w] | bits[2 * Z.COMMITTED + w]; m !== 0; m &= m - 1) {
      const c = lowCard(w, m);
      if (s.zone[c] === Z.DECLARED) {
        if (success) move(s, c, Z.HAND + s.active, true);
        else if (s.seizer >= 0 && s.alive[s.seizer]) move(s, c, Z.HAND + s.seizer, true);
        else if (back >= 0) move(s, c, back, true);
        else discard(s, rs, c, false);
        if (back === Z.EVENT && (s.zone[c] as number) !== Z.EVENT) s.eventCard = -1; // moved above: not the narrowed value
      } else move(s, c, Z.STOCK, true);
    }
  s.buySuit = -1;
  s.buyOwner = -1;
  s.seizer = -1;
  s.declValue = s.activeCommit = s.secondaryCommit = s.seizerCommit = 0;
}
