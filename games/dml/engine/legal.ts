/**
 * Legality: `whyIllegal`, the reference check of any action id in any phase, and `legalActions`, the fast
 * per-phase enumerator built from the same conditions (the engine tests check the two agree on every id of
 * many random states).
 */
import { C_EMBLEM, C_GUILD, EV_CRACKDOWN, EV_GRAND, NUM_CARDS, SUITS, type Ruleset } from '../rules/index.ts';
import { A, ARG_OF, Kind, KIND_OF, NUM_ACTIONS } from './catalogue.ts';
import { DmlState, lowCard, MAX_SEATS, Outcome, Phase, Step, Z } from './state.ts';
import { cardsOfSuit, handSize } from './zones.ts';
import { banned, buyingBonus, buyingCard, committable, declarationValue, hasPower, isEmblem, playable, targetValue } from './queries.ts';
import { canVisitAny } from './round.ts';
import { thiefCanGive, thiefCanTake } from './stack.ts';

/** Why `action` is illegal in `s` (null when legal). Reads only; the reference for `legalActions`. */
export function whyIllegal(s: DmlState, rs: Ruleset, action: number): string | null {
  if (!(Number.isInteger(action) && action >= 0 && action < NUM_ACTIONS)) return 'not in the catalogue';
  if (s.outcome !== Outcome.Running) return 'the game is over';
  const k = KIND_OF[action];
  const x = ARG_OF[action];
  const me = s.decider;
  switch (s.phase) {
    case Phase.Market:
      switch (k) {
        case Kind.Done:
          return null;
        case Kind.Substitute:
          return s.actionsLeft > 0 ? null : 'no Action left';
        case Kind.Declare: {
          if (s.actionsLeft === 0) return 'no Action left';
          const z = s.zone[x];
          if (z === Z.STOCK) return feasible(s, rs, x, 0) ? null : 'its Value cannot be brought to the cap';
          if (z >= Z.FRONT && z < Z.FRONT + MAX_SEATS && z !== Z.FRONT + me)
            return feasible(s, rs, x, 0) ? null : 'its Value cannot be brought to the cap';
          if (z === Z.EVENT && s.eventType === EV_GRAND && rs.data.grandOpeningBuyable && rs.classes[x] & C_GUILD)
            return feasible(s, rs, x, 0) ? null : 'its Value cannot be brought to the cap';
          return 'not a card one may declare';
        }
        case Kind.PlayPower:
        case Kind.PlayEmblem:
          if (s.actionsLeft === 0) return 'no Action left';
          if (banned(s, rs, me, EV_CRACKDOWN)) return 'Customs Crackdown forbids Powers and Emblems this Round';
          return playable(s, rs, me, x, k === Kind.PlayPower ? 0 : 1) ? null : 'not a playable card in hand';
        case Kind.Callback:
          if (s.actionsLeft === 0) return 'no Action left';
          return s.zone[x] === Z.FRONT + me ? null : 'not an Emblem in your Front';
        case Kind.Visit:
          if (s.minorLeft === 0) return 'no Minor Action left';
          if (!canVisitAny(s, rs)) return 'no Black Market may be visited';
          return x < s.bmCount ? null : 'no such Black Market';
        default:
          return 'not a Market Phase action';
      }
    case Phase.Declare:
      if (k === Kind.Done) return declarationValue(s, rs) <= rs.data.declaration.cap ? null : 'the Declaration is above the cap';
      if (k === Kind.Commit)
        return s.zone[x] === Z.HAND + me && buyingCard(s, rs, x, rs.primary[s.buySuit]) ? null : 'not a Primary Buying card in hand';
      if (k === Kind.Declare) {
        if (s.buyKind !== 0 || rs.data.declaration.cards === 'oneCard') return 'this Declaration holds one card';
        if (s.zone[x] !== Z.STOCK || rs.suit[x] !== s.buySuit) return 'not a Stock card of the declared suit';
        return feasible(s, rs, x, s.declValue - s.activeCommit) ? null : 'its Value cannot be brought to the cap';
      }
      return 'not a Declaration action';
    case Phase.Seize:
      if (k === Kind.Done) return null;
      if (k === Kind.Commit)
        return s.zone[x] === Z.HAND + me && buyingCard(s, rs, x, rs.primary[s.buySuit]) ? null : 'not a Primary Buying card in hand';
      return 'not a Seize action';
    case Phase.Resolve:
      if (k === Kind.Done) return null;
      if (k === Kind.Commit) {
        if (s.zone[x] !== Z.HAND + me) return 'not in hand';
        if (buyingCard(s, rs, x, rs.primary[s.buySuit])) return null;
        if (s.resolveSide === 0 && buyingCard(s, rs, x, rs.secondary[s.buySuit])) return null;
        return 'not a Buying card of this Declaration';
      }
      return 'not a Resolution action';
    case Phase.Roll:
      return k === Kind.Done || k === Kind.Reroll ? null : 'keep or re-roll';
    case Phase.Stack:
      if (k === Kind.Done) return null;
      if (k === Kind.PlayPower || k === Kind.PlayEmblem) {
        if (banned(s, rs, me, EV_CRACKDOWN)) return 'Customs Crackdown forbids Powers and Emblems this Round';
        return playable(s, rs, me, x, k === Kind.PlayPower ? 0 : 1) ? null : 'not a playable card in hand';
      }
      return 'not a Stack action';
    case Phase.Tithe:
      return k === Kind.PickCard && s.zone[x] === Z.HAND + me ? null : 'give a card from your hand';
    case Phase.Choice:
      return whyIllegalChoice(s, rs, k, x);
  }
  return 'no decision pending';
}
/** Whether adding card c to a Declaration whose Value so far is `sofar` can still be lowered to the cap by the Active Player's Primary cards. */
function feasible(s: DmlState, rs: Ruleset, c: number, sofar: number): boolean {
  const suit = rs.suit[c];
  if (suit < 0) return false;
  const v = sofar + targetValue(s, rs, c) - buyingBonus(s, rs, s.active, suit);
  return v - committable(s, rs, s.active, rs.primary[suit]) <= rs.data.declaration.cap;
}
function whyIllegalChoice(s: DmlState, rs: Ruleset, k: number, x: number): string | null {
  const me = s.decider;
  switch (s.pendStep) {
    case Step.ReturnEmblem:
      return k === Kind.PickCard && s.zone[x] >= Z.FRONT && s.zone[x] < Z.FRONT + MAX_SEATS && rs.classes[x] & C_EMBLEM
        ? null
        : 'pick an Emblem in a Front';
    case Step.SearchPickMarket:
      return k === Kind.PickOption && x < s.bmCount ? null : 'pick a Black Market';
    case Step.SearchPickCard:
      return k === Kind.PickCard && s.zone[x] === Z.BM + s.pendArg ? null : 'pick a card of the searched Black Market';
    case Step.ExileFromStack:
      return k === Kind.PickCard && s.zone[x] === Z.STACK && x !== s.pendCard ? null : 'pick a card on the Stack';
    case Step.TakeStock:
      return k === Kind.PickOption && x < SUITS.length && stockSize(s, rs, x) > 0 ? null : 'pick a non-empty Stock';
    case Step.ThiefMode:
      if (k !== Kind.PickOption || x > 1) return 'pick 0 (give a card) or 1 (take a random card)';
      return (x === 0 ? thiefCanGive(s) : thiefCanTake(s)) ? null : 'that mode has no target';
    case Step.ThiefSeat:
      if (k !== Kind.PickSeat || x >= s.numPlayers || x === me || !s.alive[x]) return 'pick another seat in the game';
      return s.pendArg === 1 && handSize(s, x) === 0 ? 'that seat has no card to take' : null;
    case Step.ThiefCard:
      return k === Kind.PickCard && s.zone[x] === Z.HAND + me ? null : 'pick a card from your hand';
  }
  return 'no choice pending';
}
function stockSize(s: DmlState, rs: Ruleset, suit: number): number {
  const cards = cardsOfSuit(rs.suitCards, suit);
  let n = 0;
  for (let i = 0; i < cards.length; i++) if (s.zone[cards[i]] === Z.STOCK) n++;
  return n;
}

/**
 * Legal action ids of the seat to act, ascending, into `out`; returns how many (0 when over). Built per phase
 * from the conditions of `whyIllegal` (the reference: `legalActionsByCheck` tests every id against it, and the
 * engine tests check both agree on many random states), so each candidate costs a zone lookup, not a full check.
 */
export function legalActions(s: DmlState, rs: Ruleset, out: Int32Array): number {
  if (s.outcome !== Outcome.Running) return 0;
  const me = s.decider;
  let n = 0;
  switch (s.phase) {
    case Phase.Market: {
      out[n++] = A.DONE;
      if (s.actionsLeft === 0) {
        if (s.minorLeft > 0 && canVisitAny(s, rs)) for (let b = 0; b < s.bmCount; b++) out[n++] = A.VISIT + b;
        return n;
      }
      out[n++] = A.SUBSTITUTE;
      n = legalDeclares(s, rs, out, n);
      n = legalPlays(s, rs, out, n, !banned(s, rs, me, EV_CRACKDOWN), true);
      if (s.minorLeft > 0 && canVisitAny(s, rs)) for (let b = 0; b < s.bmCount; b++) out[n++] = A.VISIT + b;
      return n;
    }
    case Phase.Declare: {
      if (declarationValue(s, rs) <= rs.data.declaration.cap) out[n++] = A.DONE;
      if (s.buyKind === 0 && rs.data.declaration.cards !== 'oneCard') {
        // cap + declareRoom - the Value so far; declareRoom (never negative) only computed when a card needs it.
        const free = rs.data.declaration.cap - (s.declValue - s.activeCommit);
        let room = NaN;
        const cards = cardsOfSuit(rs.suitCards, s.buySuit);
        for (let i = 0; i < cards.length; i++) {
          const c = cards[i];
          if (s.zone[c] !== Z.STOCK) continue;
          const v = targetValue(s, rs, c);
          if (v <= free || v <= (room === room ? room : (room = free + declareRoom(s, rs, s.buySuit)))) out[n++] = A.DECLARE + c;
        }
      }
      return legalCommits(s, rs, out, n, rs.primary[s.buySuit], -1);
    }
    case Phase.Seize:
      out[n++] = A.DONE;
      return legalCommits(s, rs, out, n, rs.primary[s.buySuit], -1);
    case Phase.Resolve:
      out[n++] = A.DONE;
      return legalCommits(s, rs, out, n, rs.primary[s.buySuit], s.resolveSide === 0 ? rs.secondary[s.buySuit] : -1);
    case Phase.Roll:
      out[n++] = A.DONE;
      out[n++] = A.REROLL;
      return n;
    case Phase.Stack:
      out[n++] = A.DONE;
      return legalPlays(s, rs, out, n, !banned(s, rs, me, EV_CRACKDOWN), false);
    case Phase.Tithe:
      return zoneIds(s, Z.HAND + me, A.PICK_CARD, out, n);
    case Phase.Choice:
      return legalChoices(s, rs, out);
  }
  return 0;
}
/**
 * How far above the cap the Active Player can bring a Declaration of `suit` down: its Emblems' Buying Bonus of
 * the suit plus the Values of its Primary Buying cards in hand (the two terms of `feasible`).
 */
function declareRoom(s: DmlState, rs: Ruleset, suit: number): number {
  return buyingBonus(s, rs, s.active, suit) + committable(s, rs, s.active, rs.primary[suit]);
}
/** `legalDeclares`' scratch: per suit, cap + declareRoom (NaN until a card of the suit needs it). */
const suitRooms = new Float64Array(SUITS.length);
/** The Market Phase's Declare ids (what `whyIllegal` accepts for Kind.Declare with an Action left), appended at `n`. */
function legalDeclares(s: DmlState, rs: Ruleset, out: Int32Array, n: number): number {
  const myFront = Z.FRONT + s.decider;
  const grand = s.eventType === EV_GRAND && rs.data.grandOpeningBuyable;
  const cap = rs.data.declaration.cap;
  // Per suit: cap + declareRoom, computed once a card of that suit is a candidate (NaN: not yet).
  const rooms = suitRooms.fill(NaN);
  const bits = s.zoneBits;
  // The candidates, ascending: the Stocks, the other seats' Fronts, and under a buyable Grand Opening its Guild.
  for (let w = 0; w < 2; w++) {
    let m = bits[2 * Z.STOCK + w];
    for (let q = 0; q < MAX_SEATS; q++) if (Z.FRONT + q !== myFront) m |= bits[2 * (Z.FRONT + q) + w];
    if (grand) m |= bits[2 * Z.EVENT + w];
    for (; m !== 0; m &= m - 1) {
      const c = lowCard(w, m);
      if (grand && s.zone[c] === Z.EVENT && !(rs.classes[c] & C_GUILD)) continue;
      const suit = rs.suit[c];
      const v = targetValue(s, rs, c);
      // declareRoom is never negative: a Value at or below the cap needs no room (and a suitless card is never legal).
      if (v <= cap && suit >= 0) {
        out[n++] = A.DECLARE + c;
        continue;
      }
      if (suit < 0) continue;
      let room = rooms[suit];
      if (room !== room) room = rooms[suit] = cap + declareRoom(s, rs, suit);
      if (v <= room) out[n++] = A.DECLARE + c;
    }
  }
  return n;
}
/**
 * The Commit ids of the decider's Buying cards of suit `primary` or (when not -1) `secondary`, appended at `n`
 * in ascending order: the two suits' Commodity lists (each ascending) merged. A Buying card is a Commodity.
 */
function legalCommits(s: DmlState, rs: Ruleset, out: Int32Array, n: number, primary: number, secondary: number): number {
  const hand = Z.HAND + s.decider;
  const a = cardsOfSuit(rs.suitCommodities, primary);
  const b = secondary >= 0 && secondary !== primary ? cardsOfSuit(rs.suitCommodities, secondary) : NO_CARDS;
  for (let i = 0, j = 0; i < a.length || j < b.length;) {
    let c: number;
    let suit: number;
    if (j >= b.length || (i < a.length && a[i] < b[j])) {
      c = a[i++];
      suit = primary;
    } else {
      c = b[j++];
      suit = secondary;
    }
    if (s.zone[c] === hand && buyingCard(s, rs, c, suit)) out[n++] = A.COMMIT + c;
  }
  return n;
}
const NO_CARDS = new Uint8Array(0);
/**
 * Appended at `n`: the PlayPower ids then the PlayEmblem ids of the decider's hand (when `plays`: Customs
 * Crackdown's ban is the caller's), then, when `callbacks`, the Callback ids of its Front, each ascending.
 */
function legalPlays(s: DmlState, rs: Ruleset, out: Int32Array, n: number, plays: boolean, callbacks: boolean): number {
  const bits = s.zoneBits;
  if (plays) {
    const hand = 2 * (Z.HAND + s.decider);
    for (let w = 0; w < 2; w++)
      for (let m = bits[hand + w]; m !== 0; m &= m - 1) {
        const c = lowCard(w, m);
        if (hasPower(rs, c)) out[n++] = A.POWER + c;
      }
    for (let w = 0; w < 2; w++)
      for (let m = bits[hand + w]; m !== 0; m &= m - 1) {
        const c = lowCard(w, m);
        if (isEmblem(rs, c)) out[n++] = A.EMBLEM + c;
      }
  }
  if (callbacks) {
    const front = 2 * (Z.FRONT + s.decider);
    for (let w = 0; w < 2; w++) for (let m = bits[front + w]; m !== 0; m &= m - 1) out[n++] = A.CALLBACK + lowCard(w, m);
  }
  return n;
}
/** `base + c` for each card c of zone z, ascending, appended to `out` at `n`; returns the new count. */
function zoneIds(s: DmlState, z: number, base: number, out: Int32Array, n: number): number {
  for (let w = 0; w < 2; w++) for (let m = s.zoneBits[2 * z + w]; m !== 0; m &= m - 1) out[n++] = base + lowCard(w, m);
  return n;
}
/** The legal ids of a resolving Power's choice (`whyIllegalChoice`'s conditions), from 0. */
function legalChoices(s: DmlState, rs: Ruleset, out: Int32Array): number {
  const me = s.decider;
  let n = 0;
  switch (s.pendStep) {
    case Step.ReturnEmblem:
      for (let c = 0; c < NUM_CARDS; c++)
        if (s.zone[c] >= Z.FRONT && s.zone[c] < Z.FRONT + MAX_SEATS && rs.classes[c] & C_EMBLEM) out[n++] = A.PICK_CARD + c;
      break;
    case Step.SearchPickMarket:
      for (let b = 0; b < s.bmCount; b++) out[n++] = A.PICK_OPTION + b;
      break;
    case Step.SearchPickCard:
      n = zoneIds(s, Z.BM + s.pendArg, A.PICK_CARD, out, n);
      break;
    case Step.ExileFromStack:
      for (let w = 0; w < 2; w++)
        for (let m = s.zoneBits[2 * Z.STACK + w]; m !== 0; m &= m - 1) {
          const c = lowCard(w, m);
          if (c !== s.pendCard) out[n++] = A.PICK_CARD + c;
        }
      break;
    case Step.TakeStock:
      for (let u = 0; u < SUITS.length; u++) if (stockSize(s, rs, u) > 0) out[n++] = A.PICK_OPTION + u;
      break;
    case Step.ThiefMode:
      if (thiefCanGive(s)) out[n++] = A.PICK_OPTION;
      if (thiefCanTake(s)) out[n++] = A.PICK_OPTION + 1;
      break;
    case Step.ThiefSeat:
      for (let p = 0; p < s.numPlayers; p++)
        if (p !== me && s.alive[p] && !(s.pendArg === 1 && handSize(s, p) === 0)) out[n++] = A.PICK_SEAT + p;
      break;
    case Step.ThiefCard:
      n = zoneIds(s, Z.HAND + me, A.PICK_CARD, out, n);
      break;
  }
  return n;
}

/** Legal action ids by testing every id against `whyIllegal`, ascending (the slow reference of `legalActions`, for tests). */
export function legalActionsByCheck(s: DmlState, rs: Ruleset, out: Int32Array): number {
  let n = 0;
  for (let a = 0; a < NUM_ACTIONS; a++) if (whyIllegal(s, rs, a) === null) out[n++] = a;
  return n;
}
