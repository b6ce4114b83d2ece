import { describe, expect, it } from 'vitest';
import { game, putProperty, club, assertConserved } from './helpers.ts';
import { resolveRoll } from '../engine/dice.ts';

describe('helpers', () => {
  it('build a position and resolve a roll', () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 0, club(5));
    const before = g.s.gold[0];
    resolveRoll(g.s, g.rs, 2, 3);
    expect(g.s.gold[0]).toBe(before + 2);
    assertConserved(g);
  });
});
