/**
 * The poker engine: one hand of limit poker (Leduc hold'em or Kuhn poker, rules/rulesets), with its chance
 * nodes explicit (env/core/game.ts `CHANCE`): each private card and each public card is a deal the caller
 * applies as an action, an outcome being a rank (drawn with probability its cards left / cards left).
 *
 * A hand: every seat antes; the cards are dealt (one chance node a seat); then each betting round: from the
 * lowest seat still in, a seat facing a bet folds, calls or raises (raises capped per round), a seat facing none
 * checks or bets (the same two actions: call and raise); the round closes when every seat still in has acted
 * and matched the highest stake. Before each round after the first a public card is dealt (a chance node).
 * The hand ends when one seat is left (it takes the pot) or after the last round (showdown: a card pairing a
 * public card beats any other, else the higher rank wins; tied seats share the pot).
 *
 * Actions: 0 fold, 1 call (check), 2 raise (bet); at a chance node the action is a rank 0..players.
 * A refused action throws a typed error and leaves the state unchanged.
 */
import { GameOverError, IllegalActionError, UnknownActionError } from '../../../lib/errors.ts';
import type { Ruleset } from '../rules/index.ts';
import { CALL, cardsLeft, FOLD, NUM_ACTIONS, RAISE, rankName, ranksOf, type PokerState } from './state.ts';
export * from './state.ts';

export const isOver = (s: PokerState): boolean => s.result !== null;
/** True while a card is due: a seat's private card, or the public card of the round. */
export const isChanceNode = (s: PokerState): boolean => !isOver(s) && (s.cards.includes(-1) || s.board.length < s.round);
/** The highest stake, which every seat still in must match. */
const highest = (s: PokerState): number => Math.max(...s.stake);

const left: number[] = [];

/** Legal ids into `out`, ascending: at a chance node the ranks with cards left, else the betting actions. */
export function legalActions(s: PokerState, rs: Ruleset, out: Int32Array): number {
  if (isOver(s)) return 0;
  let n = 0;
  if (isChanceNode(s)) {
    cardsLeft(s, rs, left);
    for (let r = 0; r < ranksOf(s.numPlayers); r++) if (left[r] > 0) out[n++] = r;
    return n;
  }
  if (s.stake[s.toAct] < highest(s)) out[n++] = FOLD;
  out[n++] = CALL;
  if (s.raises < rs.data.rounds[s.round].maxRaises) out[n++] = RAISE;
  return n;
}

/** Why `action` is illegal in `s`, or null (the reference check of `legalActions`). */
export function whyIllegal(s: PokerState, rs: Ruleset, action: number): string | null {
  if (isOver(s)) return 'the hand is over';
  if (isChanceNode(s)) {
    if (!(Number.isInteger(action) && action >= 0 && action < ranksOf(s.numPlayers))) return 'not a rank of this deck';
    cardsLeft(s, rs, left);
    return left[action] > 0 ? null : 'no card of that rank is left';
  }
  if (action === FOLD) return s.stake[s.toAct] < highest(s) ? null : 'nothing to call: check instead';
  if (action === CALL) return null;
  if (action === RAISE) return s.raises < rs.data.rounds[s.round].maxRaises ? null : "this round's raises are used up";
  return 'not an action';
}

/**
 * Apply a deal (at a chance node) or the seat to act's bet.
 * @throws GameOverError, UnknownActionError, IllegalActionError (the state unchanged)
 */
export function applyAction(s: PokerState, rs: Ruleset, action: number): void {
  if (isOver(s)) throw new GameOverError();
  const chance = isChanceNode(s);
  const size = chance ? ranksOf(s.numPlayers) : NUM_ACTIONS;
  if (!(Number.isInteger(action) && action >= 0 && action < size)) throw new UnknownActionError(action, size);
  const why = whyIllegal(s, rs, action);
  if (why !== null) throw new IllegalActionError(action, describeAction(rs, action, s), why);
  if (chance) return deal(s, action);
  const p = s.toAct;
  s.history[s.round].push(action);
  s.pending[p] = 0;
  if (action === FOLD) s.folded[p] = 1;
  else if (action === CALL) s.stake[p] = highest(s);
  else {
    s.stake[p] = highest(s) + rs.data.rounds[s.round].bet;
    s.raises++;
    for (let q = 0; q < s.numPlayers; q++) if (q !== p && !s.folded[q]) s.pending[q] = 1;
  }
  const live = s.folded.indexOf(0);
  if (s.folded.lastIndexOf(0) === live) return finish(s, [live], true);
  const next = nextPending(s, p);
  if (next >= 0) s.toAct = next;
  else if (s.round + 1 < rs.data.rounds.length) {
    s.round++;
    s.raises = 0;
    s.history.push([]);
    s.toAct = -1; // the public card is dealt first
  } else finish(s, showdownWinners(s), false);
}

/** Deal `rank` to the first seat without a card, else to the board; open the round's betting once dealt. */
function deal(s: PokerState, rank: number): void {
  const seat = s.cards.indexOf(-1);
  if (seat >= 0) s.cards[seat] = rank;
  else s.board.push(rank);
  if (isChanceNode(s)) return;
  for (let q = 0; q < s.numPlayers; q++) s.pending[q] = s.folded[q] ? 0 : 1;
  s.toAct = nextPending(s, s.numPlayers - 1);
}

/** The first seat after `p` (in seat order, wrapping) that must still act, or -1. */
function nextPending(s: PokerState, p: number): number {
  for (let k = 1; k <= s.numPlayers; k++) {
    const q = (p + k) % s.numPlayers;
    if (s.pending[q]) return q;
  }
  return -1;
}

/** A seat's hand at showdown: a card pairing a public card above any other, then by rank. */
export function handStrength(s: PokerState, seat: number): number {
  const c = s.cards[seat];
  return (s.board.includes(c) ? 100 : 0) + c;
}

function showdownWinners(s: PokerState): number[] {
  let best = -1;
  let winners: number[] = [];
  for (let p = 0; p < s.numPlayers; p++) {
    if (s.folded[p]) continue;
    const h = handStrength(s, p);
    if (h > best) [best, winners] = [h, [p]];
    else if (h === best) winners.push(p);
  }
  return winners;
}

/** The pot shared by `winners`; every seat's net chips. */
function finish(s: PokerState, winners: number[], byFold: boolean): void {
  const pot = s.stake.reduce((a, x) => a + x, 0);
  s.result = s.stake.map((x, p) => (winners.includes(p) ? pot / winners.length : 0) - x);
  s.byFold = byFold;
  s.toAct = -1;
}

/** A readable action; with a state, as its seat sees it ("call 2", "check", "bet 4"), or the deal ("deal K to seat 1"). */
export function describeAction(rs: Ruleset, action: number, s?: PokerState): string {
  if (s && isChanceNode(s)) {
    const seat = s.cards.indexOf(-1);
    return `deal ${rankName(action, s.numPlayers)} ${seat >= 0 ? `to seat ${seat}` : 'face up'}`;
  }
  const facing = s && !isOver(s) ? highest(s) - s.stake[s.toAct] : -1;
  const bet = s && !isOver(s) ? rs.data.rounds[s.round].bet : 0;
  switch (action) {
    case FOLD:
      return 'fold';
    case CALL:
      return facing < 0 ? 'call (check when nothing is bet)' : facing === 0 ? 'check' : `call ${facing}`;
    case RAISE:
      return facing < 0
        ? 'raise (bet when nothing is bet)'
        : facing === 0
          ? `bet ${bet}`
          : `raise ${bet} (call ${facing} and put in ${bet} more)`;
  }
  return `action ${action}`;
}
