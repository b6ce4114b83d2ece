/**
 * Invariants of a Dragon's Money Laundering state (docs/DML.md "Invariants"): each of the 54 cards is in exactly
 * one zone (`zone[c]` is one code per card, and the ordered piles, the Deck and the Stack, and the zone sets
 * `zoneBits` agree with it), the
 * zones obey the rules (Eggs only in the Nest, a hand, a Black Market; Kings only face down in a Front or
 * Exile; one Merchant King per seat in the game; no card of the box in play), and the turn fields are in
 * range. `checkState` is cheap (every step with --check-invariants, and deserialisation); `checkDeep` adds the
 * agreement of `legalActions` with `whyIllegal`.
 */
import { C_EGG, C_KING, NUM_CARDS, type Ruleset } from '../rules/index.ts';
import { NUM_ACTIONS } from './catalogue.ts';
import { legalActions, whyIllegal } from './legal.ts';
import { DmlState, MAX_BM, MAX_SEATS, NUM_ZONES, Outcome, Phase, PUB_UNKNOWN, Z, zoneBitsOf } from './state.ts';

/** Every violation (empty when none). */
export function checkState(s: DmlState, rs: Ruleset): string[] {
  const bad: string[] = [];
  const n = s.numPlayers;
  if (!(n >= rs.data.players.min && n <= rs.data.players.max))
    return [`numPlayers ${n} outside ${rs.data.players.min}-${rs.data.players.max}`];
  if (!(s.deckLen >= 0 && s.deckLen <= NUM_CARDS) || !(s.stackLen >= 0 && s.stackLen <= NUM_CARDS))
    return ['deck or stack length out of range'];
  if (!(s.bmCount >= 0 && s.bmCount <= Math.min(MAX_BM, rs.data.maxBlackMarkets))) bad.push(`bmCount ${s.bmCount} out of range`);
  const seen = new Uint8Array(NUM_CARDS);
  for (let i = 0; i < s.deckLen; i++) {
    const c = s.deck[i];
    if (c >= NUM_CARDS || seen[c]++) bad.push(`deck position ${i} holds card ${c} twice or out of range`);
    else if (s.zone[c] !== Z.DECK) bad.push(`card ${c} in the deck pile but zone ${s.zone[c]}`);
  }
  for (let i = 0; i < s.stackLen; i++) {
    const c = s.stack[i];
    if (c >= NUM_CARDS || seen[c]++) bad.push(`stack position ${i} holds card ${c} twice or out of range`);
    else if (s.zone[c] !== Z.STACK) bad.push(`card ${c} on the stack pile but zone ${s.zone[c]}`);
    if (s.stackOwner[i] >= n || s.stackMode[i] > 1) bad.push(`stack position ${i}: owner or mode out of range`);
  }
  const perZone = new Int32Array(NUM_ZONES);
  let kings = 0;
  for (let c = 0; c < NUM_CARDS; c++) {
    const z = s.zone[c];
    if (z >= NUM_ZONES) {
      bad.push(`card ${c} in unknown zone ${z}`);
      continue;
    }
    if (s.pub[c] > PUB_UNKNOWN) bad.push(`card ${c} public zone ${s.pub[c]} out of range`);
    perZone[z]++;
    if (!rs.inGame[c] !== (z === Z.BOX)) bad.push(`card ${c} ${rs.inGame[c] ? 'in the box' : 'in play, not in this variant'}`);
    if (
      rs.classes[c] & C_EGG &&
      z !== Z.NEST &&
      z !== Z.BOX &&
      !(z >= Z.HAND && z < Z.HAND + MAX_SEATS) &&
      !(z >= Z.BM && z < Z.BM + MAX_BM)
    )
      bad.push(`Egg ${c} in zone ${z}`);
    if (rs.classes[c] & C_KING) {
      if (z >= Z.KING && z < Z.KING + MAX_SEATS) kings++;
      else if (z !== Z.EXILE && z !== Z.BOX) bad.push(`Merchant King ${c} in zone ${z}`);
    } else if (z >= Z.KING && z < Z.KING + MAX_SEATS) bad.push(`card ${c} in a Merchant King slot`);
    if (z >= Z.BM + s.bmCount && z < Z.BM + MAX_BM) bad.push(`card ${c} in Black Market ${z - Z.BM} of ${s.bmCount}`);
  }
  for (let z = 0; z < NUM_ZONES; z++) if (s.count[z] !== perZone[z]) bad.push(`zone ${z} counts ${s.count[z]} cards, holds ${perZone[z]}`);
  const bits = zoneBitsOf(s.zone, new Int32Array(2 * NUM_ZONES));
  for (let z = 0; z < NUM_ZONES; z++)
    if (s.zoneBits[2 * z] !== bits[2 * z] || s.zoneBits[2 * z + 1] !== bits[2 * z + 1])
      bad.push(`zone ${z}'s card set disagrees with the cards' zones`);
  if (perZone[Z.DECK] !== s.deckLen) bad.push(`${perZone[Z.DECK]} cards in the Deck zone, pile holds ${s.deckLen}`);
  const resolving = s.pendCard >= 0 ? 1 : 0;
  if (perZone[Z.STACK] !== s.stackLen + resolving)
    bad.push(`${perZone[Z.STACK]} cards in the Stack zone, pile holds ${s.stackLen} (+${resolving} resolving)`);
  if (perZone[Z.EVENT] > 1) bad.push(`${perZone[Z.EVENT]} cards in the Event Zone`);
  if (s.eventCard >= 0 && s.zone[s.eventCard] !== Z.EVENT && s.zone[s.eventCard] !== Z.DECLARED)
    bad.push(`event card ${s.eventCard} is not in the Event Zone`);
  for (let b = 0; b < s.bmCount; b++) if (perZone[Z.BM + b] === 0) bad.push(`Black Market ${b} is empty`);
  for (let p = 0; p < MAX_SEATS; p++) {
    const slot = perZone[Z.KING + p];
    if (p < n && slot !== 1 && s.alive[p]) bad.push(`seat ${p} has ${slot} Merchant Kings`);
    if ((p >= n || !s.alive[p]) && (slot || perZone[Z.HAND + p] || perZone[Z.FRONT + p] || perZone[Z.SEIZE + p]))
      bad.push(`seat ${p} is not in the game but holds cards`);
  }
  if (kings !== aliveSeats(s)) bad.push(`${kings} Merchant Kings in Fronts for ${aliveSeats(s)} seats`);
  if (s.outcome === Outcome.Running) {
    if (!(s.decider >= 0 && s.decider < n && s.alive[s.decider])) bad.push(`decider ${s.decider} not a seat in the game`);
    if (!(s.phase >= Phase.Market && s.phase < Phase.Over)) bad.push(`phase ${s.phase} unknown while running`);
    if (s.round < 1 || s.round > rs.data.roundLimit) bad.push(`round ${s.round} outside 1..${rs.data.roundLimit}`);
  } else if (s.phase !== Phase.Over || !(s.winner >= -1 && s.winner < n)) bad.push('a finished game out of shape');
  if (s.outcome < Outcome.Running || s.outcome > Outcome.Truncated) bad.push(`outcome ${s.outcome} unknown`);
  const working = perZone[Z.DECLARED] + perZone[Z.COMMITTED];
  if (
    working > 0 &&
    !(s.phase === Phase.Declare || s.phase === Phase.Seize || s.phase === Phase.Resolve || (s.phase === Phase.Roll && s.rollPurpose === 0))
  )
    bad.push(`${working} cards set apart for Buying outside a Buying`);
  return bad;
}
function aliveSeats(s: DmlState): number {
  let k = 0;
  for (let p = 0; p < s.numPlayers; p++) k += s.alive[p];
  return k;
}

/** `checkState` plus: `legalActions` agrees with `whyIllegal` on every id. */
export function checkDeep(s: DmlState, rs: Ruleset): string[] {
  const bad = checkState(s, rs);
  const legal = new Int32Array(NUM_ACTIONS);
  const m = legalActions(s, rs, legal);
  const isLegal = new Uint8Array(NUM_ACTIONS);
  for (let i = 0; i < m; i++) isLegal[legal[i]] = 1;
  for (let a = 0; a < NUM_ACTIONS; a++)
    if ((whyIllegal(s, rs, a) === null) !== (isLegal[a] === 1)) bad.push(`action ${a}: legalActions and whyIllegal disagree`);
  if (s.outcome === Outcome.Running && m === 0) bad.push('no legal action in a running game');
  return bad;
}
