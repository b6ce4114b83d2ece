import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFixedShares, DEFAULT_LEAGUE, League, type LeagueMember } from '../league.ts';
import { train } from '../train.ts';
import { TINY } from './tiny.ts';
import { parseLeagueShares } from '../../cli/train.ts';
import { ArgumentError } from '../../lib/errors.ts';
import { seedRng } from '../../lib/rng.ts';

/** How often each member is drawn in `n` samples of a league from seed `seed`. */
function draws(league: League, n: number, seed: string): Map<string, number> {
  const rng = seedRng(seed);
  const counts = new Map<string, number>();
  for (let k = 0; k < n; k++) {
    const m = league.sample(rng);
    counts.set(m.name, (counts.get(m.name) ?? 0) + 1);
  }
  return counts;
}

/** A league with two snapshots the learner has lost to often, so PFSP weighs them heavily. */
function leagueWithSnapshots(fixedShares?: Record<string, number>): League {
  const league = new League({ ...DEFAULT_LEAGUE, players: 4, ...(fixedShares ? { fixedShares } : {}) });
  league.addSnapshot(10, []);
  league.addSnapshot(20, []);
  const at = (name: string): LeagueMember => league.members.find((m) => m.name === name)!;
  at('heuristic').learnerWinRate = 0.6; // beaten often: PFSP alone rarely draws it
  at('random').learnerWinRate = 0.95;
  at('snapshot@10').learnerWinRate = 0.2;
  at('snapshot@20').learnerWinRate = 0.2;
  return league;
}

describe('League sampling (docs/TRAINING.md "The league")', () => {
  it('without fixed shares, draws self at its share and the rest by PFSP, the same as before the option existed', () => {
    const n = 20_000;
    const c = draws(leagueWithSnapshots(), n, 'pfsp');
    expect(c.get('self')! / n).toBeCloseTo(0.3, 1);
    // PFSP weights (1 - w + 0.05)^2: heuristic 0.2025, random 0.01, each snapshot 0.7225.
    const rest = n - c.get('self')!;
    expect(c.get('heuristic')! / rest).toBeCloseTo(0.2025 / (0.2025 + 0.01 + 2 * 0.7225), 1);
    expect(c.get('heuristic')! / n).toBeLessThan(0.1);
  });

  it('draws a baseline with a fixed share at that share, whatever the learner wins against it', () => {
    const n = 20_000;
    const c = draws(leagueWithSnapshots({ heuristic: 0.25 }), n, 'fixed');
    expect(c.get('self')! / n).toBeCloseTo(0.3, 1);
    expect(Math.abs(c.get('heuristic')! / n - 0.25)).toBeLessThan(0.015);
    // The remaining 45% is PFSP's among random and the snapshots only.
    const pfsp = n - c.get('self')! - c.get('heuristic')!;
    expect(c.get('random')! / pfsp).toBeCloseTo(0.01 / (0.01 + 2 * 0.7225), 1);
    expect(c.get('snapshot@10')! + c.get('snapshot@20')! + c.get('random')!).toBe(pfsp);
  });

  it('is deterministic for a seed', () => {
    const a = draws(leagueWithSnapshots({ heuristic: 0.2, random: 0.1 }), 500, 's');
    const b = draws(leagueWithSnapshots({ heuristic: 0.2, random: 0.1 }), 500, 's');
    expect([...a]).toEqual([...b]);
  });

  it('refuses shares that name another member, lie outside [0, 1), leave PFSP nothing or come with a fixed field', () => {
    expect(() => checkFixedShares({ ...DEFAULT_LEAGUE, fixedShares: { heuristic: 0.2, random: 0.1 } }, false)).not.toThrow();
    expect(() => checkFixedShares({ ...DEFAULT_LEAGUE, fixedShares: { snapshot: 0.2 } as never }, false)).toThrow(
      /names random or heuristic/,
    );
    expect(() => checkFixedShares({ ...DEFAULT_LEAGUE, fixedShares: { heuristic: -0.1 } }, false)).toThrow(/\[0, 1\)/);
    expect(() => checkFixedShares({ ...DEFAULT_LEAGUE, fixedShares: { heuristic: 0.5, random: 0.2 } }, false)).toThrow(/add up to 1/);
    expect(() => checkFixedShares({ ...DEFAULT_LEAGUE, fixedShares: { heuristic: 0.2 } }, true)).toThrow(/fixed field/);
  });

  it('parses --league-shares and names the part it cannot read', () => {
    expect(parseLeagueShares('heuristic=0.2, random=0.05')).toEqual({ heuristic: 0.2, random: 0.05 });
    expect(() => parseLeagueShares('heuristc=0.2')).toThrow(ArgumentError);
    expect(() => parseLeagueShares('heuristc=0.2')).toThrow(/heuristc=0\.2 is not random=SHARE or heuristic=SHARE/);
    expect(() => parseLeagueShares('heuristic=')).toThrow(/no number/);
    expect(() => parseLeagueShares('heuristic=0.8')).toThrow(/add up to 1\.1/);
    expect(() => parseLeagueShares('')).toThrow(/at least one/);
  });

  it('a run with fixed shares records them in its manifest and sits the heuristic in about that share of its episodes', async () => {
    const out = mkdtempSync(join(tmpdir(), 'league-shares-'));
    const config = { ...TINY, numEnvs: 16, horizon: 64, imitationUpdates: 0, league: { ...TINY.league, fixedShares: { heuristic: 0.6 } } };
    await train({ config, out, minutes: 0, maxUpdates: 3 });
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
    expect(manifest.config.league.fixedShares).toEqual({ heuristic: 0.6 });
    let all = 0;
    let heuristic = 0;
    for (const line of readFileSync(join(out, 'metrics.jsonl'), 'utf8').trim().split('\n')) {
      const vs = JSON.parse(line).resultsVs as Record<string, { episodes: number }>;
      for (const [name, t] of Object.entries(vs)) {
        all += t.episodes;
        if (name === 'heuristic') heuristic += t.episodes;
      }
    }
    expect(all).toBeGreaterThan(10);
    expect(heuristic / all).toBeGreaterThan(0.3);
    await expect(
      train({
        config: { ...config, opponents: ['random'] },
        out: mkdtempSync(join(tmpdir(), 'league-shares-')),
        minutes: 0,
        maxUpdates: 1,
      }),
    ).rejects.toThrow(/fixed field/);
  });
});
