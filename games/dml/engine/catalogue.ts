/**
 * The flat action catalogue (docs/DML.md "Actions"): blocks of ascending ids, one kind each, indexed by card
 * (0..53, the card file's order), Black Market, option or seat. The same id means the same kind everywhere;
 * which ids are legal depends on the phase (state.ts `Phase`).
 *
 *   0          Done: end the Turn (Market), declare (Declare), pass (Seize, Stack), stop committing (Resolve), keep a roll (Roll)
 *   1          Reroll a Dabo!
 *   2          Substitute an Action for a Minor Action
 *   3 + c      Declare card c (a Stock card, an opponent's Emblem, the Grand Opening Guild)
 *   57 + c     Commit card c (Declaration, face-down Seize, Resolution)
 *   111 + c    Play card c's Power onto the Stack
 *   165 + c    Play card c as an Emblem onto the Stack
 *   219 + c    Callback: try to return own Emblem c to the hand
 *   273 + b    Visit Black Market b (Minor Action)
 *   281 + c    Pick card c (a resolving Power's target, or the card to give)
 *   335 + k    Pick option k (a Black Market, a Stock's suit, the Thief's mode)
 *   343 + p    Pick seat p
 */
import { contentHash } from '../../../lib/hash.ts';
import { NUM_CARDS } from '../rules/index.ts';
import { MAX_BM, MAX_SEATS } from './state.ts';

export const Kind = {
  Done: 0,
  Reroll: 1,
  Substitute: 2,
  Declare: 3,
  Commit: 4,
  PlayPower: 5,
  PlayEmblem: 6,
  Callback: 7,
  Visit: 8,
  PickCard: 9,
  PickOption: 10,
  PickSeat: 11,
} as const;
export const KIND_NAMES = [
  'Done',
  'Reroll',
  'Substitute',
  'Declare',
  'Commit',
  'PlayPower',
  'PlayEmblem',
  'Callback',
  'Visit',
  'PickCard',
  'PickOption',
  'PickSeat',
] as const;
/** A kind's category: buying, power (the Stack), market (other Market Phase choices), pass. */
export const KIND_CATEGORY = [
  'pass',
  'buying',
  'market',
  'buying',
  'buying',
  'power',
  'power',
  'market',
  'market',
  'power',
  'power',
  'power',
] as const;
export const CATEGORIES = ['buying', 'power', 'market', 'pass'] as const;

/** Options of PickOption: up to MAX_BM (Black Markets; suits and the Thief's modes use the first ones). */
export const NUM_OPTIONS = MAX_BM;

export const A = {
  DONE: 0,
  REROLL: 1,
  SUBSTITUTE: 2,
  DECLARE: 3,
  COMMIT: 3 + NUM_CARDS,
  POWER: 3 + 2 * NUM_CARDS,
  EMBLEM: 3 + 3 * NUM_CARDS,
  CALLBACK: 3 + 4 * NUM_CARDS,
  VISIT: 3 + 5 * NUM_CARDS,
  PICK_CARD: 3 + 5 * NUM_CARDS + MAX_BM,
  PICK_OPTION: 3 + 6 * NUM_CARDS + MAX_BM,
  PICK_SEAT: 3 + 6 * NUM_CARDS + MAX_BM + NUM_OPTIONS,
} as const;
export const NUM_ACTIONS = A.PICK_SEAT + MAX_SEATS;

/** Per id: kind and argument (card, Black Market, option or seat). */
export const KIND_OF = new Uint8Array(NUM_ACTIONS);
export const ARG_OF = new Uint8Array(NUM_ACTIONS);
{
  const put = (base: number, n: number, k: number) => {
    for (let i = 0; i < n; i++) {
      KIND_OF[base + i] = k;
      ARG_OF[base + i] = i;
    }
  };
  put(A.DONE, 1, Kind.Done);
  put(A.REROLL, 1, Kind.Reroll);
  put(A.SUBSTITUTE, 1, Kind.Substitute);
  put(A.DECLARE, NUM_CARDS, Kind.Declare);
  put(A.COMMIT, NUM_CARDS, Kind.Commit);
  put(A.POWER, NUM_CARDS, Kind.PlayPower);
  put(A.EMBLEM, NUM_CARDS, Kind.PlayEmblem);
  put(A.CALLBACK, NUM_CARDS, Kind.Callback);
  put(A.VISIT, MAX_BM, Kind.Visit);
  put(A.PICK_CARD, NUM_CARDS, Kind.PickCard);
  put(A.PICK_OPTION, NUM_OPTIONS, Kind.PickOption);
  put(A.PICK_SEAT, MAX_SEATS, Kind.PickSeat);
}
/** Hash of the catalogue's layout. */
export const ACTIONS_HASH = contentHash({ kind: Array.from(KIND_OF), arg: Array.from(ARG_OF) });
