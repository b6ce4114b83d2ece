import { describe, expect, it } from 'vitest';
import { adjacent, geometry } from '../engine/board.ts';
import { Kind } from '../engine/actions.ts';
import { Phase } from '../engine/state.ts';
import { loadRuleset } from '../rules/index.ts';
import { act, assertConserved, club, game, isLegal, key, putChauffeur, putProperty, putUnit, spade, sq, variant } from './helpers.ts';

describe('The table as a board (docs/RULES.md D80; 0.1.27b "Basic Golem Actions": adjacency)', () => {
  const rs = variant((d) => (d.board.cols = 4)); // 4 × 4 fields, as in `classic`: the geometry of the cases below
  const F = rs.data.table.fieldSlots; // 16

  it("D80: the default field is 2 columns by 8 rows, so every square of a field touches a neighbouring seat's field", () => {
    const full = loadRuleset('full');
    expect(full.data.board.cols).toBe(2);
    for (const players of [2, 4, 6]) {
      const g = geometry(full, players);
      for (let seat = 0; seat < players; seat++)
        for (let slot = 0; slot < F; slot++) {
          const k = seat * F + slot;
          const rival = [...g.adj.subarray(k * 8, k * 8 + 8)].filter((q) => q >= 0 && ((q / F) | 0) !== seat);
          expect(rival.length, `seat ${seat} slot ${slot} with ${players} players`).toBeGreaterThan(0);
        }
    }
    // seat 0's slot 3 (row 1, column 1) touches seat 1's slots 0, 2 and 4 (rows 0-2, column 0); slot 2 touches seat 3's right column
    expect([...geometry(full, 4).adj.subarray(3 * 8, 3 * 8 + 8)].filter((q) => q >= F).sort((a, b) => a - b)).toEqual([F, F + 2, F + 4]);
    expect(adjacent(full, 4, 2, 3 * F + 3)).toBe(true);
  });

  it('a field is a grid of board.cols columns; cards touching horizontally, vertically or diagonally are adjacent', () => {
    // seat 0, slot 5 (row 1, column 1): its 8 neighbours are all in seat 0's field
    const n5 = [...geometry(rs, 4).adj.subarray(5 * 8, 5 * 8 + 8)].sort((a, b) => a - b);
    expect(n5).toEqual([0, 1, 2, 4, 6, 8, 9, 10]);
    expect(adjacent(rs, 4, 5, 10)).toBe(true); // diagonal
    expect(adjacent(rs, 4, 5, 7)).toBe(false); // two columns away
    expect(adjacent(rs, 4, 5, 13)).toBe(false); // two rows away
  });

  it("neighbouring seats' fields join at their edges, and the last seat's field touches the first (a round table)", () => {
    expect(adjacent(rs, 4, 3, F + 0)).toBe(true); // seat 0 column 3 touches seat 1 column 0
    expect(adjacent(rs, 4, 7, F + 0)).toBe(true); // diagonally
    expect(adjacent(rs, 4, 3, 2 * F)).toBe(false); // seat 2 is not next to seat 0's right edge
    expect(adjacent(rs, 4, 3 * F + 3, 0)).toBe(true); // seat 3's right edge touches seat 0's left edge
    expect(adjacent(rs, 2, F + 3, 0)).toBe(true); // with 2 players, seat 1's right edge touches seat 0
    const corner = [...geometry(rs, 4).adj.subarray(0, 8)].filter((q) => q >= 0).sort((a, b) => a - b);
    expect(corner).toEqual([1, 4, 5, 3 * F + 3, 3 * F + 7]); // a top-row corner has 5 neighbours
  });

  it('the grid size is a ruleset number: board.cols, which must divide table.fieldSlots', () => {
    const wide = variant((d) => (d.board.cols = 8));
    expect(adjacent(wide, 4, 3, 4)).toBe(true); // now in the same row
    expect(adjacent(wide, 4, 7, F + 0)).toBe(true);
    expect(() => variant((d) => (d.board.cols = 5))).toThrow(/board/);
  });

  it('a unit moves one space to an adjacent card; never onto an empty slot, a Chauffeur or an enemy-held card', () => {
    const g = game({ ruleset: rs });
    putProperty(g.s, g.rs, 0, 0, club(2));
    putProperty(g.s, g.rs, 0, 1, club(3));
    putChauffeur(g.s, g.rs, 0, 4, club(4), club(5));
    putProperty(g.s, g.rs, 0, 5, club(6));
    putProperty(g.s, g.rs, 1, 0, club(8));
    putUnit(g, 0, 0, spade(11), 3, 3);
    putUnit(g, 1, 5, spade(12), 3, 3, { field: 0 }); // an enemy golem on seat 0's slot 5
    act(g, Kind.CommandUnit, sq(g, 0, 0), 0);
    expect(g.s.phase).toBe(Phase.UnitVerb);
    act(g, Kind.Move);
    expect(isLegal(g, Kind.SelectSquare, sq(g, 0, 1))).toBe(true);
    expect(isLegal(g, Kind.SelectSquare, sq(g, 0, 4))).toBe(false); // Chauffeur
    expect(isLegal(g, Kind.SelectSquare, sq(g, 0, 5))).toBe(false); // enemy golem
    expect(isLegal(g, Kind.SelectSquare, sq(g, 0, 2))).toBe(false); // empty slot (and not adjacent)
    act(g, Kind.SelectSquare, sq(g, 0, 1));
    expect(g.s.unitPos[0]).toBe(key(g, 0, 1));
    expect(g.s.phase).toBe(Phase.Main);
    assertConserved(g);
  });

  it('a Chauffeur is passed: the move goes across it to the card just beyond, in the same direction', () => {
    const g = game({ ruleset: rs });
    putProperty(g.s, g.rs, 0, 0, club(2));
    putChauffeur(g.s, g.rs, 0, 1, club(4), club(5));
    putProperty(g.s, g.rs, 0, 2, club(6));
    putUnit(g, 0, 0, spade(11), 3, 3);
    act(g, Kind.CommandUnit, sq(g, 0, 0), 0);
    act(g, Kind.Move);
    expect(isLegal(g, Kind.SelectSquare, sq(g, 0, 2))).toBe(true);
    act(g, Kind.SelectSquare, sq(g, 0, 2));
    expect(g.s.unitPos[0]).toBe(key(g, 0, 2));
  });
});
