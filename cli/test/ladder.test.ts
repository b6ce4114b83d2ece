/** `merlin eval` as a ladder: a field of more agents than seats, each game seating a random subset (cli/eval.ts). */
import { describe, expect, it } from 'vitest';
import { ArgumentError } from '../../lib/errors.ts';
import { evalLineup, runEval } from '../eval.ts';
import { merlinAsync } from './run.ts';

describe('eval ladder', () => {
  it('evalLineup rotates a full table as before and draws distinct agents for a field, the same for the same seed', () => {
    const four = ['a', 'b', 'c', 'd'];
    expect(evalLineup(four, 4, 's', 0)).toEqual(['a', 'b', 'c', 'd']);
    expect(evalLineup(four, 4, 's', 5)).toEqual(['b', 'c', 'd', 'a']);
    const field = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'];
    const met = new Set<string>();
    const seatCount = new Map<string, number>();
    for (let g = 0; g < 400; g++) {
      const l = evalLineup(field, 4, 's', g);
      expect(l).toEqual(evalLineup(field, 4, 's', g));
      expect(new Set(l).size).toBe(4);
      for (const x of l) for (const y of l) if (x < y) met.add(x + y);
      seatCount.set(l[0], (seatCount.get(l[0]) ?? 0) + 1);
    }
    expect(met.size).toBe((9 * 8) / 2); // every pair of the field met
    for (const a of field) expect(seatCount.get(a)).toBeGreaterThan(20); // first seat about 400 / 9 each
    expect(evalLineup(field, 4, 't', 0)).not.toEqual(evalLineup(field, 4, 's', 0));
    expect(() => evalLineup(field, 10, 's', 0)).toThrow(ArgumentError);
    expect(() => evalLineup(field, 1, 's', 0)).toThrow(ArgumentError);
  });

  it('runEval over a field of three agents at two seats: seat-games add up, ratings with 95% intervals', async () => {
    const r = await runEval({
      variant: 'full',
      agents: ['random', 'heuristic', 'single:invest'],
      players: 2,
      games: 12,
      seed: 'ladder',
      workers: 1,
    });
    expect(r.players).toBe(2);
    expect(Object.values(r.seat_games_by_agent).reduce((a, b) => a + b, 0)).toBe(24);
    for (const a of r.agents) {
      const [lo, hi] = r.elo_ci95_by_agent[a];
      expect(lo).toBeLessThan(r.elo_by_agent[a]);
      expect(hi).toBeGreaterThan(r.elo_by_agent[a]);
    }
  });

  it('merlin eval refuses --players above the number of agents with a typed error', async () => {
    const r = await merlinAsync(['eval', '--agents', 'random,random', '--players', '3', '--games', '2']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(
      /INVALID_ARGUMENT: --players must be an integer from 2 to 2 \(merlin.s full ruleset allows; the 2 --agents specs allow\), got "3"/,
    );
  });
});
