/** DML's agents: the dice odds the heuristic plays by, its specs, and that it beats random play. */
import { describe, expect, it } from 'vitest';
import { ArgumentError } from '../../../lib/errors.ts';
import { playGame } from '../../../env/core/play.ts';
import type { Agent } from '../../../env/core/agent.ts';
import { nextInt, seedRng } from '../../../lib/rng.ts';
import { DmlHeuristic, successChance } from '../agents/heuristic.ts';
import { dmlGame } from '../env/game.ts';

/** Uniformly random legal actions from `seed`. */
function randomAgent(seed: string): Agent {
  const rng = seedRng(seed);
  return { spec: 'random', act: (_o, _m, ctx) => ctx.legal[nextInt(rng, ctx.numLegal)] };
}

describe('DML heuristic', () => {
  it('knows the 2d6 odds with Woot!, Wyvern Eyes and Dabo! re-rolls', () => {
    expect(successChance(2)).toBeCloseTo(35 / 36, 6); // only 1-1 fails
    expect(successChance(13)).toBeCloseTo(1 / 32, 6); // only 6-6 succeeds; the four failing Dabo!s are re-rolled
    expect(successChance(7)).toBeGreaterThan(21 / 36); // a failing 2-2 or 3-3 is re-rolled
    for (let v = 2; v < 13; v++) expect(successChance(v + 1)).toBeLessThanOrEqual(successChance(v));
  });

  it('resolves its specs and refuses unknown ones', () => {
    const g = dmlGame();
    expect(new DmlHeuristic(g.ruleset, 'single:seizer').spec).toBe('single:seizer');
    expect(() => new DmlHeuristic(g.ruleset, 'single:nope')).toThrow(ArgumentError);
  });

  it('beats three random players more often than a fair share', () => {
    const g = dmlGame();
    let wins = 0;
    const games = 40;
    for (let i = 0; i < games; i++) {
      const seat = i % 4;
      const agents = [0, 1, 2, 3].map((p) => (p === seat ? new DmlHeuristic(g.ruleset) : randomAgent(`r${i}/${p}`)));
      const r = playGame(g, agents, `h${i}`);
      if (r.state.winner === seat) wins++;
    }
    expect(wins / games).toBeGreaterThan(0.5);
  });
});
