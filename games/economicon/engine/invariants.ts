/**
 * Invariants of an Economicon state: every unit of each of the 8 tradable unit types is conserved between
 * reserves, open sale offers, market columns and draw piles; every mandate card is in exactly one place (the
 * deck, a hand, a satisfied pile); the turn fields are in range. `checkState` is cheap (every step of the
 * random-games tool, and deserialisation); `checkDeep` adds what follows from the rules having been applied
 * (no held mandate whose condition holds, legality agreement, a serialisation round trip).
 */
import { CUR0, MAX_NATIONS, NUM_TYPES, TYPE_NAMES, type Ruleset } from '../rules/index.ts';
import { catalogue } from './catalogue.ts';
import { legalActions, whyIllegal } from './engine.ts';
import { conditionHolds } from './mandates.ts';
import { AT_DECK, AT_HAND, AT_SATISFIED, MARKET, MAX_HAND, NUM_HOLDERS, OFFER, Outcome, RESERVES, type EconomiconState } from './state.ts';

const T = NUM_TYPES;

/** The units of type `t` in a game of `players` players under `rs`: draw pile, market and starting reserves. */
export function unitTotal(rs: Ruleset, players: number, t: number): number {
  const seated = t < CUR0 || t - CUR0 < players;
  const market = seated || rs.data.absentNationsInMarket ? rs.startMarket[t] : 0;
  const reserves = t < CUR0 ? players * rs.startReserves[t] : seated ? rs.startReserves[t] : 0;
  return rs.pile[t] + market + reserves;
}

/** Every violation of conservation and of the state's shape (empty when none). */
export function checkState(s: EconomiconState, rs: Ruleset): string[] {
  const bad: string[] = [];
  const n = s.numPlayers;
  if (!(n >= rs.data.players.min && n <= rs.data.players.max))
    return [`numPlayers ${n} outside ${rs.data.players.min}-${rs.data.players.max}`];
  if (!(s.current >= 0 && s.current < n)) bad.push(`current seat ${s.current} out of range`);
  if (s.step !== 0 && s.step !== 1) bad.push(`step ${s.step} is not 0 or 1`);
  if (!(s.outcome >= Outcome.Running && s.outcome <= Outcome.Truncated)) bad.push(`outcome ${s.outcome} unknown`);
  if (!(s.winner >= -1 && s.winner < n) || (s.outcome === Outcome.Running && s.winner !== -1)) bad.push(`winner ${s.winner} out of range`);
  if (!(s.turn >= 0 && s.turn <= rs.data.turnLimit)) bad.push(`turn ${s.turn} outside 0..${rs.data.turnLimit}`);
  if (!(s.firstPlayer >= 0 && s.firstPlayer < n)) bad.push(`first player ${s.firstPlayer} out of range`);
  const S = rs.data.columnSize;
  for (let t = 0; t < T; t++) {
    let sum = 0;
    for (let h = 0; h < NUM_HOLDERS; h++) {
      const v = s.units[h * T + t];
      if (v < 0) bad.push(`${v} ${TYPE_NAMES[t]} at holder ${h}`);
      sum += v;
    }
    const want = unitTotal(rs, n, t);
    if (sum !== want) bad.push(`${TYPE_NAMES[t]}: ${sum} units in play, the game has ${want}`);
    if (s.units[MARKET * T + t] > S) bad.push(`${TYPE_NAMES[t]} column holds ${s.units[MARKET * T + t]} > ${S}`);
  }
  for (let p = 0; p < MAX_NATIONS; p++) {
    let kinds = 0;
    for (let t = 0; t < T; t++) {
      if (p >= n && (s.units[(RESERVES + p) * T + t] !== 0 || s.units[(OFFER + p) * T + t] !== 0))
        bad.push(`unseated seat ${p} holds ${TYPE_NAMES[t]}`);
      if (s.units[(OFFER + p) * T + t] > 0) {
        if (t >= 3) bad.push(`seat ${p} offers ${TYPE_NAMES[t]} (only resources are offered)`);
        kinds++;
      }
    }
    if (kinds > 1) bad.push(`seat ${p}'s sale offer holds ${kinds} kinds of resource`);
  }
  // Mandate cards: each in exactly one place, and `cardAt` / `satisfied` agree with the piles.
  const C = rs.cardDef.length;
  const seen = new Uint8Array(C);
  const where = new Int16Array(C).fill(-1);
  if (!(s.deckLen >= 0 && s.deckLen <= C)) return [...bad, `deckLen ${s.deckLen} outside 0..${C}`];
  for (let i = 0; i < s.deckLen; i++) {
    const c = s.deck[i];
    if (c >= C) bad.push(`deck holds card ${c}, not in the deck file`);
    else if (seen[c]++) bad.push(`card ${c} twice in the deck`);
    else where[c] = AT_DECK;
  }
  const sat = new Int32Array(MAX_NATIONS);
  for (let p = 0; p < MAX_NATIONS; p++) {
    const len = s.handLen[p];
    if (len > rs.data.mandates.handLimit || (p >= n && len > 0)) bad.push(`seat ${p} holds ${len} mandates`);
    for (let i = 0; i < Math.min(len, MAX_HAND); i++) {
      const c = s.hand[p * MAX_HAND + i];
      if (c >= C) bad.push(`seat ${p}'s hand holds card ${c}, not in the deck file`);
      else if (seen[c]++) bad.push(`card ${c} in two places`);
      else where[c] = AT_HAND + p;
    }
  }
  for (let c = 0; c < C; c++) {
    const at = s.cardAt[c];
    if (at >= AT_SATISFIED && at < AT_SATISFIED + n) {
      if (seen[c]++) bad.push(`card ${c} satisfied and also held`);
      sat[at - AT_SATISFIED]++;
    } else if (!seen[c]) bad.push(`card ${c} is nowhere`);
    else if (at !== where[c]) bad.push(`cardAt[${c}] = ${at} but the card is at ${where[c]}`);
  }
  for (let p = 0; p < MAX_NATIONS; p++)
    if (s.satisfied[p] !== sat[p]) bad.push(`seat ${p} counts ${s.satisfied[p]} satisfied mandates, ${sat[p]} are`);
  if (s.outcome === Outcome.Running) {
    for (let p = 0; p < n; p++)
      if (s.satisfied[p] >= rs.data.mandates.toEnd) bad.push(`seat ${p} has ${s.satisfied[p]} satisfied mandates in a running game`);
  } else
    for (let p = 0; p < n; p++)
      if (s.units[(OFFER + p) * T] + s.units[(OFFER + p) * T + 1] + s.units[(OFFER + p) * T + 2] > 0)
        bad.push(`seat ${p} has an offer open after the end`);
  return bad;
}

/**
 * `checkState` plus: in a running game no unsatisfied mandate's condition holds (they are satisfied the moment it does), and
 * `legalActions` agrees with `whyIllegal` on every id.
 */
export function checkDeep(s: EconomiconState, rs: Ruleset): string[] {
  const bad = checkState(s, rs);
  // Once over, trading has stopped and the returned offers may meet conditions nobody checks any more.
  if (s.outcome === Outcome.Running)
    for (let p = 0; p < s.numPlayers; p++)
      for (let i = 0; i < s.handLen[p]; i++) {
        const c = s.hand[p * MAX_HAND + i];
        if (conditionHolds(s, rs, rs.cardDef[c], p))
          bad.push(`seat ${p} holds mandate ${rs.deck.cards[rs.cardDef[c]].id} whose condition holds`);
      }
  const cat = catalogue(rs);
  const legal = new Int32Array(cat.size);
  const n = legalActions(s, rs, legal);
  const isLegal = new Uint8Array(cat.size);
  for (let i = 0; i < n; i++) isLegal[legal[i]] = 1;
  for (let a = 0; a < cat.size; a++)
    if ((whyIllegal(s, rs, a) === null) !== (isLegal[a] === 1)) bad.push(`action ${a}: legalActions and whyIllegal disagree`);
  return bad;
}
