/**
 * The poker state: one hand, as flat fields and small arrays (a copy costs a few small array copies), with the
 * RNG the deals are drawn from; made, copied, written and read here. engine.ts plays it.
 */
import { z } from 'zod';
import { StateError } from '../../../lib/errors.ts';
import { cloneRng, seedRng, type RngState } from '../../../lib/rng.ts';
import type { Ruleset } from '../rules/index.ts';

export const FOLD = 0;
export const CALL = 1;
export const RAISE = 2;
export const NUM_ACTIONS = 3;
/** Rank names, highest last (Leduc with 2 players: J Q K). */
const RANK_NAMES = '23456789TJQK';

export interface PokerState {
  rulesetHash: string;
  numPlayers: number;
  rng: RngState;
  /** Each seat's private card's rank (-1 until dealt). */
  cards: number[];
  /** The public cards' ranks, in the order dealt. */
  board: number[];
  /** The betting round, from 0. */
  round: number;
  /** The seat to act while betting, -1 at a chance node or once over. */
  toAct: number;
  /** Chips each seat has put in the pot. */
  stake: number[];
  /** 1 for a seat that folded. */
  folded: number[];
  /** 1 for a seat that must still act before this round can close. */
  pending: number[];
  /** Bets and raises made this round. */
  raises: number;
  /** Each round's actions, in order. */
  history: number[][];
  /** Net chips per seat once the hand is over, else null. */
  result: number[] | null;
  /** Whether the hand ended with every other seat folded (else at a showdown). */
  byFold: boolean;
}

/** Ranks in the deck of a `players`-seat hand. */
export const ranksOf = (players: number): number => players + 1;
export const rankName = (rank: number, players: number): string => RANK_NAMES[RANK_NAMES.length - ranksOf(players) + rank] ?? `r${rank}`;

/** A new hand: antes paid, nothing dealt yet (the first chance node). @throws RangeError for a player count the rules do not allow */
export function createGame(rs: Ruleset, players: number, seed: string | number): PokerState {
  const { min, max } = rs.data.players;
  if (!(Number.isInteger(players) && players >= min && players <= max))
    throw new RangeError(`${players} players: ${rs.data.name} takes ${min}-${max}`);
  const n = players | 0;
  return {
    rulesetHash: rs.hash,
    numPlayers: n,
    rng: seedRng(seed),
    cards: Array<number>(n).fill(-1),
    board: [],
    round: 0,
    toAct: -1,
    stake: Array<number>(n).fill(rs.data.ante),
    folded: Array<number>(n).fill(0),
    pending: Array<number>(n).fill(0),
    raises: 0,
    history: [[]],
    result: null,
    byFold: false,
  };
}

/** Cards of each rank not yet dealt, into `out` (length >= ranks); returns how many cards in all. */
export function cardsLeft(s: PokerState, rs: Ruleset, out: number[]): number {
  const K = ranksOf(s.numPlayers);
  for (let r = 0; r < K; r++) out[r] = rs.data.suits;
  for (const c of s.cards) if (c >= 0) out[c]--;
  for (const c of s.board) out[c]--;
  let n = 0;
  for (let r = 0; r < K; r++) n += out[r];
  return n;
}
export function cloneState(s: PokerState): PokerState {
  return {
    ...s,
    rng: cloneRng(s.rng),
    cards: s.cards.slice(),
    board: s.board.slice(),
    stake: s.stake.slice(),
    folded: s.folded.slice(),
    pending: s.pending.slice(),
    history: s.history.map((h) => h.slice()),
    result: s.result && s.result.slice(),
  };
}

export const serializeState = (s: PokerState): string => JSON.stringify(s);

const int = () => z.number().int();
const flags = () => z.array(z.union([z.literal(0), z.literal(1)]));
/** The shape of a serialised state (the rules' own checks follow in `deserializeState`). */
const StateSchema = z
  .object({
    rulesetHash: z.string(),
    numPlayers: int(),
    rng: z.object({ c: z.number(), s0: z.number(), s1: z.number(), s2: z.number() }).strict(),
    cards: z.array(int().min(-1)),
    board: z.array(int().min(0)),
    round: int().min(0),
    toAct: int().min(-1),
    stake: z.array(z.number().min(0)),
    folded: flags(),
    pending: flags(),
    raises: int().min(0),
    history: z.array(
      z.array(
        int()
          .min(0)
          .max(NUM_ACTIONS - 1),
      ),
    ),
    result: z.array(z.number()).nullable(),
    byFold: z.boolean(),
  })
  .strict();

/**
 * A state written by `serializeState` under the rules `rs`.
 * @throws StateError naming what is wrong (not JSON, another ruleset, a field of the wrong shape, cards the deck lacks)
 */
export function deserializeState(json: string, rs: Ruleset): PokerState {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch (e) {
    throw new StateError(`not a poker state: ${(e as Error).message}`);
  }
  const r = StateSchema.safeParse(raw);
  if (!r.success) throw new StateError(`not a poker state: ${r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  const s = r.data as PokerState;
  if (s.rulesetHash !== rs.hash) throw new StateError('the state was made under other rules');
  const n = s.numPlayers;
  const K = ranksOf(n);
  const problems = [
    n >= rs.data.players.min && n <= rs.data.players.max ? '' : `${n} players`,
    [s.cards, s.stake, s.folded, s.pending, ...(s.result ? [s.result] : [])].every((a) => a.length === n)
      ? ''
      : 'a per-seat field of another length',
    s.round < rs.data.rounds.length && s.history.length === s.round + 1 && s.board.length <= s.round
      ? ''
      : 'round, board and history disagree',
    s.toAct < n && [...s.cards, ...s.board].every((c) => c < K) ? '' : 'a seat or a rank out of range',
    cardsLeft(s, rs, []) >= 0 && [...s.cards, ...s.board].filter((c) => c >= 0).length <= K * rs.data.suits
      ? ''
      : 'more cards than the deck',
  ].filter(Boolean);
  const left: number[] = [];
  cardsLeft(s, rs, left);
  if (left.some((k) => k < 0)) problems.push('more cards of a rank than the deck holds');
  if (problems.length) throw new StateError(`not a poker state of these rules: ${problems.join('; ')}`);
  return s;
}
