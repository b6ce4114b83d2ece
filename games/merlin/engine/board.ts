/**
 * The table as a board (docs/RULES.md D80). 0.1.27b "Basic Golem Actions" (adjacency, movement, Chauffeurs).
 *
 * Every seat's field is a grid of `board.cols` columns and `table.fieldSlots / board.cols` rows; field slot
 * `i` is row `floor(i / cols)`, column `i % cols`. The fields sit side by side around the table in seat
 * order, and the last seat's right edge touches seat 0's left edge, so the board is a ring of
 * `numPlayers * cols` columns:
 *
 *   seat 0        seat 1        seat 2        seat 3
 *   [ 0  1  2  3][ 0  1  2  3][ 0  1  2  3][ 0  1  2  3]   (row 0)  ... seat 3's column 3 touches seat 0's column 0
 *   [ 4  5  6  7][ 4  5  6  7][ 4  5  6  7][ 4  5  6  7]   (row 1)
 *   ...
 *
 * A square is a slot key `seat * fieldSlots + slot`. Two squares are adjacent when their cards touch
 * horizontally, vertically or diagonally (rows differ by at most one and ring columns by at most one).
 * Units stand on cards other than Chauffeurs (and, with `board.walkEmpty`, may also cross empty squares); a
 * move goes one square to an adjacent square, or across a Chauffeur to the square just beyond it in the same
 * direction (the Chauffeur is passed, never stood on).
 */
import { weakMemo } from '../../../lib/memo.ts';
import type { Ruleset } from '../rules/index.ts';
import { SlotKind, type MerlinState } from './state.ts';

/** Neighbour tables of one (ruleset, player count): `adj[k*8 .. k*8+8)` lists up to 8 squares (-1 pads). */
export interface BoardGeometry {
  readonly squares: number;
  /** Adjacent squares of each square, 8 per square, -1 where there is none. */
  readonly adj: Int16Array;
  /** For each square and neighbour index, the square beyond that neighbour in the same direction (-1 none). */
  readonly beyond: Int16Array;
}

/** Each ruleset's geometries, by player count. */
const byPlayers = weakMemo((_rs: Ruleset): BoardGeometry[] => []);

/** The board geometry for `numPlayers` seats under `rs` (built once). */
export function geometry(rs: Ruleset, numPlayers: number): BoardGeometry {
  const per = byPlayers(rs);
  const hit = per[numPlayers];
  if (hit) return hit;
  const F = rs.data.table.fieldSlots;
  const cols = rs.data.board.cols;
  const rows = F / cols;
  const ringCols = numPlayers * cols;
  const squares = numPlayers * F;
  const adj = new Int16Array(squares * 8).fill(-1);
  const beyond = new Int16Array(squares * 8).fill(-1);
  const at = (row: number, ringCol: number): number => {
    if (row < 0 || row >= rows) return -1;
    const c = ((ringCol % ringCols) + ringCols) % ringCols;
    return ((c / cols) | 0) * F + row * cols + (c % cols);
  };
  for (let k = 0; k < squares; k++) {
    const seat = (k / F) | 0;
    const slot = k % F;
    const row = (slot / cols) | 0;
    const col = seat * cols + (slot % cols);
    let n = 0;
    for (let dr = -1; dr <= 1; dr++) {
      for (let dc = -1; dc <= 1; dc++) {
        if (dr === 0 && dc === 0) continue;
        const q = at(row + dr, col + dc);
        if (q < 0) continue; // off the top or bottom row (the ring has at least 4 columns, so q !== k)
        adj[k * 8 + n] = q;
        const b = at(row + 2 * dr, col + 2 * dc);
        beyond[k * 8 + n] = b === k ? -1 : b;
        n++;
      }
    }
  }
  const g: BoardGeometry = { squares, adj, beyond };
  per[numPlayers] = g;
  return g;
}

/** True when squares `a` and `b` touch (horizontally, vertically or diagonally). */
export function adjacent(rs: Ruleset, numPlayers: number, a: number, b: number): boolean {
  const adj = geometry(rs, numPlayers).adj;
  for (let j = a * 8, e = j + 8; j < e; j++) if (adj[j] === b) return true;
  return false;
}

/** A card a unit may stand on: any occupied slot except a Chauffeur. */
export function standable(s: MerlinState, k: number): boolean {
  const kind = s.slotKind[k];
  return kind !== SlotKind.Empty && kind !== SlotKind.Chauffeur;
}
