/**
 * The Dragon's Money Laundering engine: setup, the Round, Buying, the Stack, Powers, the special sequences and
 * the end, as docs/DML.md maps them to the source files of Irkka/dml (rules/...). Chance (roll-off, shuffles,
 * dice, random picks) comes from the state's RNG through lib/rng.ts, so `chance` records or forces it.
 *
 * Every decision is one action of catalogue.ts; everything between two decisions (draws, Restock, Supply,
 * Event effects, reveals, Stack resolution without choices, sieges) runs inside `applyAction`. A refused
 * action throws IllegalActionError and leaves the state unchanged (legality is checked before any change).
 */
import { GameOverError, IllegalActionError, UnknownActionError } from '../../../lib/errors.ts';
import { insertRandom, nextInt, rollD6, seedRng, shuffleInPlace } from '../../../lib/rng.ts';
import {
  C_CHARACTER,
  C_COMMODITY,
  C_EGG,
  C_EMBLEM,
  C_FOREIGN,
  C_GUILD,
  C_KING,
  EV_CARNIVAL,
  EV_CRACKDOWN,
  EV_FCCC,
  EV_GRAND,
  EV_HATED,
  EV_UNION,
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
  SUITS,
  POWERS,
  V_FORTUNE,
  V_PERMISSION,
  V_SHIELD,
  V_TRIBUTE,
  type Ruleset,
} from '../rules/index.ts';
import { A, ARG_OF, Kind, KIND_OF, NUM_ACTIONS } from './catalogue.ts';
import { DmlState, lowCard, MAX_SEATS, NUM_ZONES, Outcome, Phase, PUB_UNKNOWN, Purpose, Step, Z } from './state.ts';

// ---------------------------------------------------------------- small queries

/** Cards of zone `z`. */
export function countZone(s: DmlState, z: number): number {
  return s.count[z];
}
/** Cards in seat p's hand. */
export const handSize = (s: DmlState, p: number): number => countZone(s, Z.HAND + p);
/** The next seat counter-clockwise (seat order) after p that is still in the game. */
export function nextAlive(s: DmlState, p: number): number {
  for (let k = 1; k <= s.numPlayers; k++) {
    const q = (p + k) % s.numPlayers;
    if (s.alive[q]) return q;
  }
  return p;
}
export function aliveCount(s: DmlState): number {
  let n = 0;
  for (let p = 0; p < s.numPlayers; p++) n += s.alive[p];
  return n;
}
/** The ids of `table`'s cards of suit index `suit` (-1: of no suit), ascending (a Ruleset `suit*` table). */
function cardsOfSuit(table: readonly Uint8Array[], suit: number): Uint8Array {
  return table[suit < 0 ? SUITS.length : suit];
}
/** Emblems in seat p's Front with Vantage `v`. */
export function vantageCount(s: DmlState, rs: Ruleset, p: number, v: number): number {
  let n = 0;
  const bits = s.zoneBits;
  const z = Z.FRONT + p;
  for (let w = 0; w < 2; w++) for (let m = bits[2 * z + w]; m !== 0; m &= m - 1) if (rs.vantage[lowCard(w, m)] === v) n++;
  return n;
}
/** Sum of the Buying Bonuses of seat p's Emblems of suit `suit` (card/class/index.md "Buying Bonus"). */
export function buyingBonus(s: DmlState, rs: Ruleset, p: number, suit: number): number {
  const cards = cardsOfSuit(rs.suitBonuses, suit);
  let n = 0;
  for (let i = 0; i < cards.length; i++) if (s.zone[cards[i]] === Z.FRONT + p) n += rs.buyingBonus[cards[i]];
  return n;
}
/** Whether a ban of this Round's Player Effect applies to p (affected, and no Permission under `vantage.permission`). */
function banned(s: DmlState, rs: Ruleset, p: number, type: number): boolean {
  if (!rs.data.playerEffects || s.eventType !== type || !s.affected[p]) return false;
  return !(rs.data.vantage.permission === 'ignoreBans' && vantageCount(s, rs, p, V_PERMISSION) > 0);
}
/** Lowering of p's Callback and Black Market targets (D13 fortune 'luck'). */
function luck(s: DmlState, rs: Ruleset, p: number): number {
  return rs.data.vantage.fortune === 'luck' ? vantageCount(s, rs, p, V_FORTUNE) : 0;
}
/** A Stock card's Value under this Round's Market Effect (event/index.md: The Hated People +2, Merchant Union -2). */
export function marketValue(s: DmlState, rs: Ruleset, c: number): number {
  const v = rs.value[c];
  if (s.eventType === EV_HATED && v <= s.eventValue) return v + rs.data.eventModifier;
  if (s.eventType === EV_UNION && v >= s.eventValue) return v - rs.data.eventModifier;
  return v;
}
/** The Value card c adds to a Declaration from where it lies. */
function targetValue(s: DmlState, rs: Ruleset, c: number): number {
  const z = s.zone[c];
  if (z >= Z.FRONT && z < Z.FRONT + MAX_SEATS) return rs.data.emblemValue;
  if (z === Z.EVENT) return rs.value[c];
  return marketValue(s, rs, c);
}
/** Whether card c may be committed as a Buying card of suit `suit` (Market Effects of FCCC Regulations and Customs Crackdown). */
/** Whether card c may be committed as a Buying card of `suit` under the current Event (buying/index.md; FCCC, Crackdown). */
export function buyingCard(s: DmlState, rs: Ruleset, c: number, suit: number): boolean {
  if (!(rs.classes[c] & C_COMMODITY) || rs.suit[c] !== suit) return false;
  if (s.eventType === EV_FCCC && rs.value[c] > s.eventValue) return false;
  if (s.eventType === EV_CRACKDOWN && rs.value[c] < s.eventValue) return false;
  return true;
}
/** Sum of the Values of p's cards that may be committed as Buying cards of `suit`. */
function committable(s: DmlState, rs: Ruleset, p: number, suit: number): number {
  const cards = cardsOfSuit(rs.suitCommodities, suit);
  let n = 0;
  for (let i = 0; i < cards.length; i++) if (s.zone[cards[i]] === Z.HAND + p && buyingCard(s, rs, cards[i], suit)) n += rs.value[cards[i]];
  return n;
}
/** The Declaration's current Value (buying/index.md): declared Values, the buyer's Emblem bonus once, commits. */
export function declarationValue(s: DmlState, rs: Ruleset): number {
  return s.declValue - buyingBonus(s, rs, s.active, s.buySuit) - s.activeCommit + Math.max(0, s.seizerCommit - s.secondaryCommit);
}
/** Whether card c is a Power or an Emblem seat p may play now from its hand, in `mode` (0 Power, 1 Emblem). */
function playable(s: DmlState, rs: Ruleset, p: number, c: number, mode: number): boolean {
  return s.zone[c] === Z.HAND + p && (mode === 0 ? hasPower(rs, c) : isEmblem(rs, c));
}
/** Card c can be played for its Power (a Character with one). */
function hasPower(rs: Ruleset, c: number): boolean {
  return (rs.classes[c] & C_CHARACTER) !== 0 && rs.power[c] >= 0;
}
/** Card c can be played as an Emblem. */
function isEmblem(rs: Ruleset, c: number): boolean {
  return (rs.classes[c] & C_EMBLEM) !== 0;
}
/** Whether seat p could put anything on the Stack now. */
function canPlayAny(s: DmlState, rs: Ruleset, p: number): boolean {
  if (!s.alive[p] || banned(s, rs, p, EV_CRACKDOWN)) return false;
  const bits = s.zoneBits;
  const hand = Z.HAND + p;
  for (let w = 0; w < 2; w++)
    for (let m = bits[2 * hand + w]; m !== 0; m &= m - 1) {
      const c = lowCard(w, m);
      if (hasPower(rs, c) || isEmblem(rs, c)) return true;
    }
  return false;
}
/** Whether seat p may lay Seize cards (not banned by FCCC Regulations, and holding a Primary Buying card). */
function canSeize(s: DmlState, rs: Ruleset, p: number): boolean {
  return s.alive[p] === 1 && p !== s.active && !banned(s, rs, p, EV_FCCC) && committable(s, rs, p, rs.primary[s.buySuit]) > 0;
}

// ---------------------------------------------------------------- card movement

function move(s: DmlState, c: number, z: number, isPublic: boolean): void {
  const from = s.zone[c];
  const w = c >> 5;
  const bit = 1 << (c & 31);
  s.count[from]--;
  s.count[z]++;
  s.zoneBits[2 * from + w] &= ~bit;
  s.zoneBits[2 * z + w] |= bit;
  s.zone[c] = z;
  if (isPublic) s.pub[c] = z;
  if (z === Z.DISCARD) s.discardTop = c;
  else if (s.discardTop === c) s.discardTop = topOfDiscard(s);
}
/** Some card of the Discard Pile after its top left (order below the top is not kept: the pile is implied knowledge). */
function topOfDiscard(s: DmlState): number {
  const hi = s.zoneBits[2 * Z.DISCARD + 1];
  if (hi !== 0) return 63 - Math.clz32(hi);
  const lo = s.zoneBits[2 * Z.DISCARD];
  return lo !== 0 ? 31 - Math.clz32(lo) : -1;
}
/**
 * Discard card c (zone/index.md "Discard Pile"): an Egg goes to the Nest, a Thief is shuffled into the Deck
 * (by the Dealer only when `thiefFromDealer` is 'deck', D8), without a Discard Pile (Market Mayhem) to Exile.
 */
function discard(s: DmlState, rs: Ruleset, c: number, byDealer: boolean): void {
  if (rs.classes[c] & C_EGG) return move(s, c, Z.NEST, true);
  if (rs.power[c] === P_THIEF && (!byDealer || rs.data.thiefFromDealer === 'deck')) return intoDeck(s, c);
  move(s, c, rs.data.discardPile ? Z.DISCARD : Z.EXILE, true);
}
/** Shuffle card c into the Deck at a random depth. */
function intoDeck(s: DmlState, c: number): void {
  const d = Array.from(s.deck.subarray(0, s.deckLen));
  insertRandom(s.rng, d, c);
  s.deck.set(d);
  s.deckLen = d.length;
  move(s, c, Z.DECK, true);
}
/** The Deck's top card, taken off (-1 when empty). */
function draw(s: DmlState): number {
  if (s.deckLen === 0) return -1;
  return s.deck[--s.deckLen];
}
/** A uniformly random card of zone z (-1 when empty). */
function randomOf(s: DmlState, z: number): number {
  const n = countZone(s, z);
  if (n === 0) return -1;
  let k = nextInt(s.rng, n);
  const bits = s.zoneBits;
  for (let w = 0; w < 2; w++) for (let m = bits[2 * z + w]; m !== 0; m &= m - 1) if (k-- === 0) return lowCard(w, m);
  return -1;
}
/** Drop empty Black Markets, renumbering the rest (zones and public knowledge alike). */
function compactBlackMarkets(s: DmlState): void {
  for (let b = 0; b < s.bmCount;) {
    if (countZone(s, Z.BM + b) > 0) {
      b++;
      continue;
    }
    for (let c = 0; c < NUM_CARDS; c++) {
      if (s.zone[c] > Z.BM + b && s.zone[c] < Z.BM + s.bmCount) s.zone[c]--;
      if (s.pub[c] === Z.BM + b) s.pub[c] = PUB_UNKNOWN;
      else if (s.pub[c] > Z.BM + b && s.pub[c] < Z.BM + s.bmCount) s.pub[c]--;
    }
    s.count.copyWithin(Z.BM + b, Z.BM + b + 1, Z.BM + s.bmCount);
    s.count[Z.BM + s.bmCount - 1] = 0;
    s.zoneBits.copyWithin(2 * (Z.BM + b), 2 * (Z.BM + b + 1), 2 * (Z.BM + s.bmCount));
    s.zoneBits.fill(0, 2 * (Z.BM + s.bmCount - 1), 2 * (Z.BM + s.bmCount));
    s.bmCount--;
  }
}

// ---------------------------------------------------------------- special sequences

/**
 * Foreign Merchant (quick reference; D7): the Discard Pile and one Egg from the Nest, if any, form a new
 * face-down Black Market (merged into the newest at `maxBlackMarkets`). Nothing when both are empty.
 */
function foreignMerchant(s: DmlState, rs: Ruleset): void {
  if (!rs.data.blackMarkets) return;
  const egg = randomOf(s, Z.NEST);
  if (egg < 0 && countZone(s, Z.DISCARD) === 0) return;
  const b = s.bmCount < rs.data.maxBlackMarkets ? s.bmCount++ : s.bmCount - 1;
  for (let w = 0; w < 2; w++) for (let m = s.zoneBits[2 * Z.DISCARD + w]; m !== 0; m &= m - 1) move(s, lowCard(w, m), Z.BM + b, true);
  if (egg >= 0) move(s, egg, Z.BM + b, true);
  s.discardTop = -1;
}
/**
 * Dragon Siege (rules/gameplay/game/index.md "Dragon Siege"): hands are revealed; a seat holding Eggs with
 * fewer than `shieldsPerEgg` Shields per Egg returns them to the Nest and discards half its other cards
 * (rounded up) at random, or under I See Fire is eliminated.
 */
function dragonSiege(s: DmlState, rs: Ruleset): void {
  for (let c = 0; c < NUM_CARDS; c++) if (s.zone[c] >= Z.HAND && s.zone[c] < Z.HAND + MAX_SEATS) s.pub[c] = s.zone[c];
  for (let k = 0, p = s.dealer; k < s.numPlayers; k++, p = (p + 1) % s.numPlayers) {
    if (!s.alive[p]) continue;
    let eggs = 0;
    for (let c = 0; c < NUM_CARDS; c++) if (s.zone[c] === Z.HAND + p && rs.classes[c] & C_EGG) eggs++;
    if (eggs === 0 || vantageCount(s, rs, p, V_SHIELD) >= eggs * rs.data.shieldsPerEgg) continue;
    if (rs.data.iSeeFire.elimination) {
      eliminate(s, rs, p);
      continue;
    }
    for (let c = 0; c < NUM_CARDS; c++) if (s.zone[c] === Z.HAND + p && rs.classes[c] & C_EGG) move(s, c, Z.NEST, true);
    const lose = Math.ceil(handSize(s, p) / 2);
    for (let i = 0; i < lose; i++) discard(s, rs, randomOf(s, Z.HAND + p), false);
  }
}
/** I See Fire: seat p's Merchant King to Exile face down, its other cards to the Discard Pile; it leaves the game. */
function eliminate(s: DmlState, rs: Ruleset, p: number): void {
  for (let c = 0; c < NUM_CARDS; c++) {
    const z = s.zone[c];
    if (z === Z.KING + p) move(s, c, Z.EXILE, false);
    else if (z === Z.HAND + p || z === Z.FRONT + p || z === Z.SEIZE + p) discard(s, rs, c, false);
  }
  s.alive[p] = 0;
  s.seizeTotal[p] = 0;
}

// ---------------------------------------------------------------- setup

/**
 * A new game of `players` seats (rules/gameplay/setup/index.md): the Dealer roll-off, Merchant Kings, 2s and
 * 3s, Eggs to the Nest, the shuffled Deck, Restock, then the first Round's Event and Turn.
 * @throws RangeError for a player count outside the ruleset's
 */
export function createGame(rs: Ruleset, players: number, seed: string | number): DmlState {
  const { min, max } = rs.data.players;
  if (!(Number.isInteger(players) && players >= min && players <= max))
    throw new RangeError(`${players} players: ${rs.data.name} takes ${min}-${max}`);
  const s = new DmlState();
  s.rulesetHash = rs.hash;
  s.numPlayers = players | 0; // a small integer even when it arrives boxed (see Merlin's createGame)
  s.rng = seedRng(seed);
  for (let p = 0; p < players; p++) s.alive[p] = 1;
  s.dealer = rollOff(s);
  const kings: number[] = [];
  const twos: number[] = [];
  const threes: number[] = [];
  const deck: number[] = [];
  for (let c = 0; c < NUM_CARDS; c++) {
    if (!rs.inGame[c]) {
      move(s, c, Z.BOX, true);
      continue;
    }
    if (rs.classes[c] & C_KING) kings.push(c);
    else if (rs.classes[c] & C_EGG) move(s, c, Z.NEST, true);
    else if (rs.classes[c] & C_COMMODITY && rs.value[c] === 2) twos.push(c);
    else if (rs.classes[c] & C_COMMODITY && rs.value[c] === 3) threes.push(c);
    else deck.push(c);
  }
  shuffleInPlace(s.rng, kings);
  shuffleInPlace(s.rng, twos);
  shuffleInPlace(s.rng, threes);
  for (let k = 0; k < players; k++) {
    const p = (s.dealer + 1 + k) % players;
    move(s, kings[k], Z.KING + p, false);
    move(s, twos[k], Z.HAND + p, false);
    move(s, threes[k], Z.HAND + p, false);
    s.pub[kings[k]] = s.pub[twos[k]] = s.pub[threes[k]] = PUB_UNKNOWN;
  }
  for (let k = players; k < kings.length; k++) {
    move(s, kings[k], Z.EXILE, false);
    s.pub[kings[k]] = PUB_UNKNOWN;
  }
  for (let k = players; k < twos.length; k++) discard(s, rs, twos[k], true);
  for (let k = players; k < threes.length; k++) discard(s, rs, threes[k], true);
  shuffleInPlace(s.rng, deck);
  s.deck.set(deck);
  s.deckLen = deck.length;
  for (const c of deck) move(s, c, Z.DECK, true);
  restock(s, rs);
  startRound(s, rs);
  return s;
}

/**
 * The Dealer Token roll-off (setup/index.md "Dealer Token Roll-Off"): seats roll 2d6 in order; Woot! wins at
 * once; the highest total wins, tied seats roll again. D18: a seat re-rolls a Dabo! totalling less than 7.
 */
function rollOff(s: DmlState): number {
  let seats = Array.from({ length: s.numPlayers }, (_, p) => p);
  for (;;) {
    let best = -1;
    let tied: number[] = [];
    for (const p of seats) {
      let d1 = rollD6(s.rng, 'rolloff');
      let d2 = rollD6(s.rng, 'rolloff');
      while (d1 === d2 && d1 >= 2 && d1 <= 5 && d1 + d2 < 7) {
        d1 = rollD6(s.rng, 'rolloff');
        d2 = rollD6(s.rng, 'rolloff');
      }
      if (d1 === 6 && d2 === 6) return p;
      if (d1 + d2 > best) {
        best = d1 + d2;
        tied = [p];
      } else if (d1 + d2 === best) tied.push(p);
    }
    if (tied.length === 1) return tied[0];
    seats = tied;
  }
}

// ---------------------------------------------------------------- the Round

/** Restock (game/index.md "Restock"): draw until the Stocks hold 3 Commodities or the Deck is empty. */
function restock(s: DmlState, rs: Ruleset): void {
  while (countZone(s, Z.STOCK) < 3 && s.deckLen > 0) dealerDraw(s, rs);
}
/** The Dealer draws one card to the Marketplace: a Commodity to its Stock, else discarded (a Foreign Merchant then establishes a Black Market). */
function dealerDraw(s: DmlState, rs: Ruleset): void {
  const c = draw(s);
  if (c < 0) return;
  if (rs.classes[c] & C_COMMODITY) return move(s, c, Z.STOCK, true);
  discard(s, rs, c, true);
  if (rs.classes[c] & C_FOREIGN) foreignMerchant(s, rs);
}

/** The Event Phase (game/index.md "Event"; event/index.md): the last Event to the Discard Pile, a new one, its Player Effect. */
function startRound(s: DmlState, rs: Ruleset): void {
  if (s.eventCard >= 0 && s.zone[s.eventCard] === Z.EVENT) discard(s, rs, s.eventCard, true);
  s.eventCard = -1;
  if (s.deckLen === 0) return endByPoints(s, rs);
  if (s.round >= rs.data.roundLimit) return finish(s, Outcome.Truncated, -1);
  s.round++;
  const c = draw(s);
  move(s, c, Z.EVENT, true);
  s.eventCard = c;
  s.eventType = rs.event[c];
  s.eventValue = rs.value[c];
  const carnival = s.eventType === EV_CARNIVAL || s.eventType === EV_GRAND;
  for (let p = 0; p < MAX_SEATS; p++) {
    s.affected[p] = 0;
    if (p >= s.numPlayers || !s.alive[p] || !rs.data.playerEffects) continue;
    s.affected[p] = (carnival && rs.data.carnivalForEveryone) || handSize(s, p) >= s.eventValue ? 1 : 0;
  }
  if (rs.data.playerEffects && s.eventType === EV_HATED)
    for (let k = 0, p = s.dealer; k < s.numPlayers; k++, p = (p + 1) % s.numPlayers) {
      if (!s.affected[p] || handSize(s, p) === 0) continue;
      if (rs.data.vantage.tribute === 'ignoreHatedPeople' && vantageCount(s, rs, p, V_TRIBUTE) > 0) continue;
      discard(s, rs, randomOf(s, Z.HAND + p), false);
    }
  if (rs.classes[c] & C_FOREIGN) {
    discard(s, rs, c, true);
    s.eventCard = -1;
    foreignMerchant(s, rs);
  }
  s.turnDone.fill(0);
  s.powerDone.fill(0);
  s.active = rs.data.firstTurn === 'dealer' && s.alive[s.dealer] ? s.dealer : nextAlive(s, s.dealer);
  startTurn(s, rs);
}

/** A Turn (game/index.md "Turn"): Restock, Supply, then the Active Player's Market Phase. */
function startTurn(s: DmlState, rs: Ruleset): void {
  s.turnDone[s.active] = 1;
  restock(s, rs);
  dealerDraw(s, rs);
  const carnival = (s.eventType === EV_CARNIVAL || s.eventType === EV_GRAND) && s.affected[s.active];
  s.actionsLeft = rs.data.actions.perTurn + (carnival ? rs.data.actions.carnival : 0);
  s.minorLeft = rs.data.actions.minor;
  toMarket(s, rs);
}

/** Back to the Active Player's Market Phase; the Turn ends by itself when nothing is left to spend. */
function toMarket(s: DmlState, rs: Ruleset): void {
  if (s.outcome !== Outcome.Running) return;
  if (!s.alive[s.active] || (s.actionsLeft === 0 && (s.minorLeft === 0 || !canVisitAny(s, rs)))) return endTurn(s, rs);
  s.phase = Phase.Market;
  s.decider = s.active;
}
function canVisitAny(s: DmlState, rs: Ruleset): boolean {
  return rs.data.blackMarkets && s.bmCount > 0 && !banned(s, rs, s.active, EV_UNION);
}

function endTurn(s: DmlState, rs: Ruleset): void {
  for (let k = 1; k <= s.numPlayers; k++) {
    const q = (s.active + k) % s.numPlayers;
    if (s.alive[q] && !s.turnDone[q]) {
      s.active = q;
      return startTurn(s, rs);
    }
  }
  s.powerSeat = s.dealer;
  openPowerWindow(s, rs);
}

/** The Power Phase (game/index.md "Power"): from the Dealer on, each seat may open a Stack without spending an Action. */
function openPowerWindow(s: DmlState, rs: Ruleset): void {
  for (let k = 0; k < s.numPlayers; k++) {
    const p = (s.powerSeat + k) % s.numPlayers;
    if (!s.alive[p] || s.powerDone[p]) continue;
    s.powerDone[p] = 1;
    if (!canPlayAny(s, rs, p)) continue;
    s.powerSeat = p;
    s.stackOrigin = 1;
    s.stackLast = -1;
    s.asked = p;
    s.phase = Phase.Stack;
    s.decider = p;
    return;
  }
  // Cleanup: the Dealer Token passes on.
  s.dealer = nextAlive(s, s.dealer);
  startRound(s, rs);
}

// ---------------------------------------------------------------- the Stack

/** Ask the opponents of the last player to play, in seat order, until one can respond; when all pass, resolve. */
function askNext(s: DmlState, rs: Ruleset): void {
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
function nextOpponent(s: DmlState, p: number): number {
  let q = nextAlive(s, p);
  if (q === s.stackLast) q = nextAlive(s, q);
  return q;
}
function openResponses(s: DmlState, rs: Ruleset): void {
  s.askLeft = aliveCount(s) - 1;
  s.asked = nextOpponent(s, s.stackLast);
  askNext(s, rs);
}
function push(s: DmlState, p: number, c: number, mode: number): void {
  s.stack[s.stackLen] = c;
  s.stackOwner[s.stackLen] = p;
  s.stackMode[s.stackLen] = mode;
  s.stackLen++;
  move(s, c, Z.STACK, true);
  s.stackLast = p;
}

/** Resolve the Stack from the top (last in, first out) until it is empty or a Power waits for a choice. */
function continueStack(s: DmlState, rs: Ruleset): void {
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
function endPower(s: DmlState): void {
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
function thiefCanGive(s: DmlState): boolean {
  return handSize(s, s.pendOwner) > 0 && aliveCount(s) > 1;
}
function thiefCanTake(s: DmlState): boolean {
  for (let p = 0; p < s.numPlayers; p++) if (p !== s.pendOwner && s.alive[p] && handSize(s, p) > 0) return true;
  return false;
}
/** The next seat after `titheSeat` (before the owner) with a card to give; false when none is left. */
function nextTithe(s: DmlState): boolean {
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
function startRoll(s: DmlState, rs: Ruleset, purpose: number, target: number, roller: number): boolean {
  s.rollPurpose = purpose;
  s.rollTarget = target;
  s.roller = roller;
  s.rerolls = 0;
  return roll(s, rs);
}
function roll(s: DmlState, rs: Ruleset): boolean {
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
function finishRoll(s: DmlState, rs: Ruleset): void {
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

// ---------------------------------------------------------------- Buying

/** Start a Declaration with card c (buying/index.md "Declaration"). */
function startDeclaration(s: DmlState, rs: Ruleset, c: number): void {
  s.actionsLeft--;
  const z = s.zone[c];
  s.buySuit = rs.suit[c];
  s.buyKind = z === Z.STOCK ? 0 : z === Z.EVENT ? 2 : 1;
  s.buyOwner = s.buyKind === 1 ? z - Z.FRONT : -1;
  s.declValue = targetValue(s, rs, c);
  s.activeCommit = s.secondaryCommit = s.seizerCommit = 0;
  s.seizer = -1;
  s.seizeTotal.fill(0);
  move(s, c, Z.DECLARED, true);
  s.phase = Phase.Declare;
  s.decider = s.active;
}
/** After the Declaration: each Passive Player in turn may lay Seize cards face down (buying/index.md "Seize"). */
function startSeize(s: DmlState, rs: Ruleset): void {
  s.seizeSeat = s.active;
  nextSeizer(s, rs);
}
function nextSeizer(s: DmlState, rs: Ruleset): void {
  for (let p = nextAlive(s, s.seizeSeat); p !== s.active; p = nextAlive(s, p)) {
    if (canSeize(s, rs, p)) {
      s.seizeSeat = p;
      s.phase = Phase.Seize;
      s.decider = p;
      return;
    }
  }
  s.seizeSeat = -1;
  revealSeize(s, rs);
}
/** All Seize cards are revealed at once; the highest total wins the Seize (D3 for ties), the others take theirs back. */
function revealSeize(s: DmlState, rs: Ruleset): void {
  let best = 0;
  let winner = -1;
  let tie = false;
  for (let k = 1; k < s.numPlayers; k++) {
    const p = (s.active + k) % s.numPlayers;
    if (s.seizeTotal[p] > best) {
      best = s.seizeTotal[p];
      winner = p;
      tie = false;
    } else if (s.seizeTotal[p] === best && best > 0) tie = true;
  }
  if (tie && rs.data.seizeTie === 'nobody') winner = -1;
  const bits = s.zoneBits;
  for (let w = 0; w < 2; w++) {
    let m = 0;
    for (let q = 0; q < MAX_SEATS; q++) m |= bits[2 * (Z.SEIZE + q) + w];
    for (; m !== 0; m &= m - 1) {
      const c = lowCard(w, m);
      const p = s.zone[c] - Z.SEIZE;
      move(s, c, p === winner ? Z.COMMITTED : Z.HAND + p, true);
    }
  }
  s.seizeTotal.fill(0);
  s.seizer = winner;
  if (winner < 0) {
    startRoll(s, rs, Purpose.Buy, declarationValue(s, rs), s.active);
    return;
  }
  s.seizerCommit = best;
  s.resolveSide = rs.data.resolutionFirst === 'active' ? 0 : 1;
  s.committedThisGo = 0;
  askResolve(s, rs);
}
/** The side to commit, or the roll when it has nothing to commit (a pass). */
function askResolve(s: DmlState, rs: Ruleset): void {
  const p = s.resolveSide === 0 ? s.active : s.seizer;
  const can =
    committable(s, rs, p, rs.primary[s.buySuit]) > 0 || (s.resolveSide === 0 && committable(s, rs, p, rs.secondary[s.buySuit]) > 0);
  if (!can) {
    startRoll(s, rs, Purpose.Buy, declarationValue(s, rs), s.active);
    return;
  }
  s.phase = Phase.Resolve;
  s.decider = p;
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

// ---------------------------------------------------------------- the end

/**
 * A seat's victory points tallied card by card (victory_condition/index.md): Commodities by suit (the Desired
 * suit doubled), Guild bonuses, Eggs. `victoryPoints` visits the 54 cards with one; the observation, which visits
 * every card anyway, feeds its own as it goes. `reset`, then `hand` / `front` for each card in the seat's hand or
 * Front and `king` for its Merchant King, then `total`.
 */
export class PointsTally {
  /** Per suit: Commodity points, plain (non-Guild) Commodities in hand, Guilds. */
  private readonly bySuit = new Int32Array(SUITS.length);
  private readonly plain = new Int32Array(SUITS.length);
  private readonly guilds = new Int32Array(SUITS.length);
  private desired = -1;
  private eggs = 0;
  reset(): void {
    for (let u = 0; u < SUITS.length; u++) this.bySuit[u] = this.plain[u] = this.guilds[u] = 0;
    this.desired = -1;
    this.eggs = 0;
  }
  /** Card c is in the seat's hand. */
  hand(rs: Ruleset, c: number): void {
    const cl = rs.classes[c];
    if (cl & C_EGG) this.eggs++;
    if (!(cl & C_COMMODITY)) return;
    const u = rs.suit[c];
    this.bySuit[u] += rs.points[c];
    if (cl & C_GUILD) this.guilds[u]++;
    else this.plain[u]++;
  }
  /** Card c is in the seat's Front. */
  front(rs: Ruleset, c: number): void {
    const cl = rs.classes[c];
    if (!(cl & C_COMMODITY)) return;
    const u = rs.suit[c];
    this.bySuit[u] += rs.points[c];
    if (cl & C_GUILD) this.guilds[u]++;
  }
  /** Card c is the seat's Merchant King (its suit is the Desired Commodity). */
  king(rs: Ruleset, c: number): void {
    this.desired = rs.suit[c];
  }
  /** Seat p's hand, Front and Merchant King. */
  add(s: DmlState, rs: Ruleset, p: number): void {
    const bits = s.zoneBits;
    for (let w = 0; w < 2; w++) {
      for (let m = bits[2 * (Z.HAND + p) + w]; m !== 0; m &= m - 1) this.hand(rs, lowCard(w, m));
      for (let m = bits[2 * (Z.FRONT + p) + w]; m !== 0; m &= m - 1) this.front(rs, lowCard(w, m));
      for (let m = bits[2 * (Z.KING + p) + w]; m !== 0; m &= m - 1) this.king(rs, lowCard(w, m));
    }
  }
  total(rs: Ruleset): number {
    const sc = rs.data.scoring;
    let total = this.eggs * sc.eggPoints;
    for (let u = 0; u < SUITS.length; u++)
      total += this.bySuit[u] * (u === this.desired ? sc.desiredMultiplier : 1) + this.guilds[u] * sc.guildBonus * this.plain[u];
    return total;
  }
}
const vpTally = new PointsTally();
/** Victory points of seat p (victory_condition/index.md): Commodities by suit (the Desired suit doubled), Guild bonuses, Eggs. */
export function victoryPoints(s: DmlState, rs: Ruleset, p: number): number {
  const t = vpTally;
  t.reset();
  t.add(s, rs, p);
  return t.total(rs);
}
/** Eggs in seat p's hand. */
export function eggsHeld(s: DmlState, rs: Ruleset, p: number): number {
  let n = 0;
  for (let w = 0; w < 2; w++)
    for (let m = s.zoneBits[2 * (Z.HAND + p) + w]; m !== 0; m &= m - 1) if (rs.classes[lowCard(w, m)] & C_EGG) n++;
  return n;
}
function finish(s: DmlState, outcome: number, winner: number): void {
  s.outcome = outcome;
  s.winner = winner;
  s.phase = Phase.Over;
  s.decider = -1;
}
/** The Victory Point Sequence (end/index.md): the highest score wins; a tie goes to more Eggs, else nobody wins. */
function endByPoints(s: DmlState, rs: Ruleset): void {
  let best = -1;
  let bestEggs = -1;
  let winner = -1;
  for (let p = 0; p < s.numPlayers; p++) {
    if (!s.alive[p]) continue;
    const v = victoryPoints(s, rs, p);
    const e = eggsHeld(s, rs, p);
    if (v > best || (v === best && e > bestEggs)) {
      best = v;
      bestEggs = e;
      winner = p;
    } else if (v === best && e === bestEggs) winner = -1;
  }
  finish(s, winner < 0 ? Outcome.Nobody : Outcome.Points, winner);
}
/**
 * Monopoly and Father of Dragons (victory_condition/index.md), declared at once (D14): the first seat in seat
 * order holding every Egg of the game, or 8 Commodities of Value 9 or less of one suit. Checked after every
 * action, so it reads the Eggs' zones, and counts suits only in hands of 8 cards or more.
 */
function checkInstantWins(s: DmlState, rs: Ruleset): void {
  if (s.outcome !== Outcome.Running) return;
  let father = -1; // the seat whose hand holds every Egg of the game
  if (rs.data.instantWins.fatherOfDragons && rs.eggs > 0) {
    const z = s.zone[rs.eggCards[0]];
    father = z >= Z.HAND && z < Z.HAND + MAX_SEATS ? z - Z.HAND : -1;
    for (let i = 1; i < rs.eggCards.length && father >= 0; i++) if (s.zone[rs.eggCards[i]] !== z) father = -1;
  }
  const monopoly = rs.data.instantWins.monopoly;
  for (let p = 0; p < s.numPlayers; p++) {
    if (!s.alive[p]) continue;
    if (p === father) return finish(s, Outcome.FatherOfDragons, p);
    if (monopoly && s.count[Z.HAND + p] >= 8 && monopolyIn(s, rs, p)) return finish(s, Outcome.Monopoly, p);
  }
}
/** Whether seat p's hand holds 8 Commodities (not Eggs) of Value 9 or less of one suit. */
function monopolyIn(s: DmlState, rs: Ruleset, p: number): boolean {
  for (let u = 0; u < SUITS.length; u++) {
    const cards = rs.suitCommodities[u];
    let run = 0;
    for (let i = 0; i < cards.length; i++) {
      const c = cards[i];
      if (s.zone[c] === Z.HAND + p && !(rs.classes[c] & C_EGG) && rs.value[c] <= 9) run++;
    }
    if (run === 8) return true;
  }
  return false;
}
function checkLastStanding(s: DmlState): void {
  if (s.outcome !== Outcome.Running) return;
  const n = aliveCount(s);
  if (n === 1) for (let p = 0; p < s.numPlayers; p++) if (s.alive[p]) return finish(s, Outcome.LastStanding, p);
  if (n === 0) finish(s, Outcome.Nobody, -1);
}

/** Final ranking: the winner first, then by victory points, then Eggs (seat order breaks what remains). */
export function ranking(s: DmlState, rs: Ruleset): number[] {
  const seats = Array.from({ length: s.numPlayers }, (_, p) => p);
  const key = (p: number) => (p === s.winner ? 1e9 : 0) + (s.alive[p] ? 1e6 : 0) + victoryPoints(s, rs, p) * 10 + eggsHeld(s, rs, p);
  return seats.sort((a, b) => key(b) - key(a) || a - b);
}

// ---------------------------------------------------------------- legality and actions

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

/**
 * Apply `action` for the seat to act, then run everything automatic up to the next decision.
 * @throws GameOverError when the game is over; UnknownActionError outside the catalogue; IllegalActionError
 *   (state unchanged) when not legal now
 */
export function applyAction(s: DmlState, rs: Ruleset, action: number): void {
  if (s.outcome !== Outcome.Running) throw new GameOverError();
  if (!(Number.isInteger(action) && action >= 0 && action < NUM_ACTIONS)) throw new UnknownActionError(action, NUM_ACTIONS);
  const why = whyIllegal(s, rs, action);
  if (why !== null) throw new IllegalActionError(action, describeAction(rs, action), why);
  const k = KIND_OF[action];
  const x = ARG_OF[action];
  const me = s.decider;
  switch (s.phase) {
    case Phase.Market:
      if (k === Kind.Done) endTurn(s, rs);
      else if (k === Kind.Substitute) {
        s.actionsLeft--;
        s.minorLeft++;
        toMarket(s, rs);
      } else if (k === Kind.Declare) startDeclaration(s, rs, x);
      else if (k === Kind.PlayPower || k === Kind.PlayEmblem) {
        s.actionsLeft--;
        s.stackOrigin = 0;
        push(s, me, x, k === Kind.PlayPower ? 0 : 1);
        openResponses(s, rs);
      } else if (k === Kind.Callback) {
        s.actionsLeft--;
        s.rollArg = x;
        startRoll(s, rs, Purpose.Callback, rs.data.targets.callback - luck(s, rs, me), me);
      } else if (k === Kind.Visit) {
        s.minorLeft--;
        s.rollArg = x;
        startRoll(s, rs, Purpose.BlackMarket, rs.data.targets.blackMarket - luck(s, rs, me), me);
      }
      break;
    case Phase.Declare:
      if (k === Kind.Done) startSeize(s, rs);
      else if (k === Kind.Commit) {
        s.activeCommit += rs.value[x];
        move(s, x, Z.COMMITTED, true);
      } else {
        s.declValue += targetValue(s, rs, x);
        move(s, x, Z.DECLARED, true);
      }
      break;
    case Phase.Seize:
      if (k === Kind.Done) nextSeizer(s, rs);
      else {
        s.seizeTotal[me] += rs.value[x];
        move(s, x, Z.SEIZE + me, false);
        if (committable(s, rs, me, rs.primary[s.buySuit]) === 0) nextSeizer(s, rs);
      }
      break;
    case Phase.Resolve:
      if (k === Kind.Done) {
        if (s.committedThisGo === 0) startRoll(s, rs, Purpose.Buy, declarationValue(s, rs), s.active);
        else {
          s.resolveSide ^= 1;
          s.committedThisGo = 0;
          askResolve(s, rs);
        }
      } else {
        if (buyingCard(s, rs, x, rs.primary[s.buySuit])) {
          if (s.resolveSide === 0) s.activeCommit += rs.value[x];
          else s.seizerCommit += rs.value[x];
        } else s.secondaryCommit += rs.value[x];
        s.committedThisGo++;
        move(s, x, Z.COMMITTED, true);
      }
      break;
    case Phase.Roll:
      if (k === Kind.Reroll) {
        s.rerolls++;
        roll(s, rs);
      } else finishRoll(s, rs);
      break;
    case Phase.Stack:
      if (k === Kind.Done) {
        if (s.stackLen === 0) openPowerWindow(s, rs);
        else if (s.asked === s.stackLast) openResponses(s, rs);
        else {
          s.askLeft--;
          s.asked = nextOpponent(s, s.asked);
          askNext(s, rs);
        }
      } else {
        push(s, me, x, k === Kind.PlayPower ? 0 : 1);
        s.asked = me;
        if (!canPlayAny(s, rs, me)) openResponses(s, rs);
      }
      break;
    case Phase.Tithe:
      move(s, x, Z.HAND + s.pendOwner, false);
      if (!nextTithe(s)) {
        endPower(s);
        continueStack(s, rs);
      }
      break;
    case Phase.Choice:
      applyChoice(s, rs, k, x);
      break;
  }
  checkInstantWins(s, rs);
  checkLastStanding(s);
}

function applyChoice(s: DmlState, rs: Ruleset, _k: number, x: number): void {
  const owner = s.pendOwner;
  switch (s.pendStep) {
    case Step.ReturnEmblem:
      move(s, x, Z.HAND + (s.zone[x] - Z.FRONT), true);
      break;
    case Step.SearchPickMarket:
      s.pendArg = x;
      s.pendStep = Step.SearchPickCard;
      return;
    case Step.SearchPickCard:
      move(s, x, Z.HAND + owner, false);
      compactBlackMarkets(s);
      break;
    case Step.ExileFromStack: {
      let i = 0;
      while (s.stack[i] !== x) i++;
      s.stack.copyWithin(i, i + 1, s.stackLen);
      s.stackOwner.copyWithin(i, i + 1, s.stackLen);
      s.stackMode.copyWithin(i, i + 1, s.stackLen);
      s.stackLen--;
      if (rs.classes[x] & C_GUILD) discard(s, rs, x, false);
      else move(s, x, Z.EXILE, true);
      break;
    }
    case Step.TakeStock:
      for (let c = 0; c < NUM_CARDS; c++) if (s.zone[c] === Z.STOCK && rs.suit[c] === x) move(s, c, Z.HAND + owner, true);
      break;
    case Step.ThiefMode:
      s.pendArg = x;
      s.pendStep = Step.ThiefSeat;
      return;
    case Step.ThiefSeat:
      s.pendSeat = x;
      if (s.pendArg === 0) {
        s.pendStep = Step.ThiefCard;
        return;
      }
      move(s, randomOf(s, Z.HAND + x), Z.HAND + owner, false);
      s.pendStep = 0;
      startRoll(s, rs, Purpose.Thief, rs.data.targets.thief, owner);
      return;
    case Step.ThiefCard:
      move(s, x, Z.HAND + s.pendSeat, false);
      s.pendStep = 0;
      startRoll(s, rs, Purpose.Thief, rs.data.targets.thief, owner);
      return;
  }
  endPower(s);
  continueStack(s, rs);
}

/** A readable description of `action` (card names from the card file). */
export function describeAction(rs: Ruleset, action: number): string {
  if (!(action >= 0 && action < NUM_ACTIONS)) return `unknown action ${action}`;
  const x = ARG_OF[action];
  const card = () => rs.cardFile.cards[x].name;
  switch (KIND_OF[action]) {
    case Kind.Done:
      return 'done (end the Turn / declare / pass / keep the roll)';
    case Kind.Reroll:
      return 're-roll the Dabo!';
    case Kind.Substitute:
      return 'substitute an Action for a Minor Action';
    case Kind.Declare:
      return `declare ${card()}`;
    case Kind.Commit:
      return `commit ${card()}`;
    case Kind.PlayPower:
      return `play the Power of ${card()}`;
    case Kind.PlayEmblem:
      return `play ${card()} as an Emblem`;
    case Kind.Callback:
      return `callback ${card()}`;
    case Kind.Visit:
      return `visit Black Market ${x}`;
    case Kind.PickCard:
      return `pick ${card()}`;
    case Kind.PickOption:
      return `pick option ${x} (Black Market ${x}; Stock ${SUITS[x] ?? '-'}; Thief: 0 give, 1 take)`;
    case Kind.PickSeat:
      return `pick seat ${x}`;
  }
  return `action ${action}`;
}

/** Names of the Powers, for reports. */
export const POWER_NAMES = POWERS;
