/**
 * `merlin train --collectors` (training/collector-thread.ts): one collector is today's synchronous loop (the
 * same weights, bit for bit, as before collector workers existed); two (a worker thread collecting beside the
 * learner) give the same run twice from one seed, resume exactly, keep the league's snapshots, the fixed
 * field and the exploiter working; a bad value is refused with a typed error before anything is written.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { initBackend } from '../backend.ts';
import { readWeights } from '../checkpoint.ts';
import { train, type TrainConfig } from '../train.ts';
import { TINY as SHARED_TINY } from './tiny.ts';
import { checkCollectors, defaultCollectors } from '../collector-thread.ts';
import { ArgumentError } from '../../lib/errors.ts';
import { simdAvailable } from '../../lib/simd.ts';

const tmp = () => mkdtempSync(join(tmpdir(), 'merlin-collectors-'));
const hashOf = async (dir: string) => {
  const h = createHash('sha256');
  for (const p of (await readWeights(dir)).params) h.update(Buffer.from(p.buffer, p.byteOffset, p.byteLength));
  return h.digest('hex').slice(0, 16);
};
const records = (d: string) =>
  readFileSync(join(d, 'metrics.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
/** A record without its wall-clock fields. */
const timeless = ({ wallSeconds: _w, stepsPerSec: _s, ...r }: Record<string, unknown>) => r;

/** Two imitation updates, then PPO; a snapshot every update (two kept), so members join and retire. */
const TINY: TrainConfig = { ...SHARED_TINY, imitationUpdates: 2 };

beforeAll(async () => {
  await initBackend();
});

describe('merlin train --collectors', () => {
  it('one collector is the synchronous loop, unchanged: the same weights as before collector workers existed', async () => {
    // `market` as it was at 392d68c: turn-order ties re-auctioned (docs/RULES.md D22; the default now settles
    // them by lots, which plays other games and so trains other weights).
    const ruleset = join(tmp(), 'market-reauction.json');
    writeFileSync(
      ruleset,
      JSON.stringify({ extends: 'market', name: 'market-reauction', auction: { ties: 'reauction', lastSeatSharePercent: 50 } }),
    );
    const config: TrainConfig = { ...TINY, variants: [ruleset] };
    const a = tmp();
    const b = tmp();
    await train({ config, out: a, minutes: 0, maxUpdates: 4 });
    await train({ config: { ...config, collectors: 1 }, out: b, minutes: 0, maxUpdates: 4 });
    expect(await hashOf(b)).toBe(await hashOf(a));
    // Recorded from this configuration before collector workers existed (392d68c), and again when the default's
    // decks and readings changed under `market` (two-column fields, one refused offer a turn, the decree cards:
    // other games, so other weights). The SIMD kernels round differently from the plain-JS steps, so the figure
    // holds where they run (lib/simd.ts).
    if (simdAvailable()) expect(await hashOf(a)).toBe(GOLDEN_ONE_COLLECTOR);
  }, 120_000);

  it('two collectors: the same run twice from one seed, and a run stopped and resumed (twice) equals one straight through', async () => {
    const a = tmp();
    const b = tmp();
    const c = tmp();
    const cfg: TrainConfig = { ...TINY, collectors: 2 };
    await train({ config: cfg, out: a, minutes: 0, maxUpdates: 5 });
    await train({ config: cfg, out: b, minutes: 0, maxUpdates: 5 });
    // Stopped before its first update (the first rollout in flight), then after its third.
    await train({ config: cfg, out: c, minutes: 0, maxUpdates: 0 });
    await train({ config: cfg, out: c, minutes: 0, maxUpdates: 3, resume: true });
    await train({ config: cfg, out: c, minutes: 0, maxUpdates: 5, resume: true });
    const h = await hashOf(a);
    expect(await hashOf(b)).toBe(h);
    expect(await hashOf(c)).toBe(h);
    expect(records(b).map(timeless)).toEqual(records(a).map(timeless));
    expect(records(c).map(timeless)).toEqual(records(a).map(timeless));
    // It learns from lagged rollouts, so it is not the one-collector run.
    const one = tmp();
    await train({ config: TINY, out: one, minutes: 0, maxUpdates: 5 });
    expect(await hashOf(one)).not.toBe(h);
    // The league kept its snapshots (two, the newest) and played them.
    const last = records(a).at(-1)!;
    expect(Object.keys(last.winRateVs as object)).toEqual(['random', 'heuristic', 'self', 'snapshot@4', 'snapshot@5']);
    expect(existsSync(join(a, 'resume', 'behaviour', 'weights.bin'))).toBe(true);
  }, 120_000);

  it('two collectors: a run stopped by its time budget, saving every other update, resumes exactly', async () => {
    // The rollout in flight brings its collector state only when a save follows; out of time without it, the
    // run takes one more update, so whatever its stopping point, it resumes.
    const cfg: TrainConfig = { ...TINY, collectors: 2, saveEvery: 2 };
    const a = tmp();
    const b = tmp();
    const stopped = await train({ config: cfg, out: a, minutes: 0.01, maxUpdates: 8 });
    expect(stopped.updates).toBeLessThanOrEqual(8);
    await train({ config: cfg, out: a, minutes: 0, maxUpdates: 8, resume: true });
    await train({ config: cfg, out: b, minutes: 0, maxUpdates: 8 });
    expect(await hashOf(a)).toBe(await hashOf(b));
    expect(records(a).map(timeless)).toEqual(records(b).map(timeless));
  }, 120_000);

  it('two collectors with a main exploiter resume exactly', async () => {
    const cfg: TrainConfig = {
      ...TINY,
      collectors: 2,
      imitationUpdates: 0,
      league: { ...TINY.league, snapshotEvery: 100 },
      exploiter: { every: 1, addAt: 1, period: 2, max: 1 },
    };
    const a = tmp();
    const b = tmp();
    await train({ config: cfg, out: a, minutes: 0, maxUpdates: 5 });
    await train({ config: cfg, out: b, minutes: 0, maxUpdates: 3 });
    await train({ config: cfg, out: b, minutes: 0, maxUpdates: 5, resume: true });
    expect(await hashOf(b)).toBe(await hashOf(a));
    expect(records(b).map(timeless)).toEqual(records(a).map(timeless));
    expect(Object.keys(records(a).at(-1)!.winRateVs as object)).toEqual(['random', 'heuristic', 'self', 'exploiter@4']);
  }, 120_000);

  it('two collectors train against a fixed field of agents (made in the worker from their specs)', async () => {
    const a = tmp();
    await train({
      config: { ...TINY, collectors: 2, imitationUpdates: 0, opponents: ['heuristic', 'single:invest'] },
      out: a,
      minutes: 0,
      maxUpdates: 3,
    });
    const recs = records(a);
    expect(Object.keys(recs[2].winRateVs as object)).toEqual(['heuristic', 'single:invest']);
    // The field's agents played their seats (env steps count every seat's decisions, learner steps its own).
    expect(recs[2].envSteps as number).toBeGreaterThan(recs[2].learnerSteps as number);
  }, 60_000);

  it('a bad --collectors value is refused with a typed error, before anything is written', async () => {
    for (const n of [0, -1, 1.5, Number.NaN, 3]) expect(() => checkCollectors(n, true)).toThrow(ArgumentError);
    expect(() => checkCollectors(3, true)).toThrow(/at most 2 is built/);
    expect(() => checkCollectors(2, false)).toThrow(/needs the sparse input layer/);
    expect(() => checkCollectors(2, true)).not.toThrow();
    const out = join(tmp(), 'run');
    await expect(train({ config: { ...TINY, collectors: 0 }, out, minutes: 0, maxUpdates: 1 })).rejects.toThrow(ArgumentError);
    expect(existsSync(out)).toBe(false);
    expect([1, 2]).toContain(defaultCollectors());
  });
});

/**
 * sha256 (first 16 hex digits) of the weights after 4 updates of TINY with one collector: '98fe505cd6c7579c' at
 * 392d68c, this since the default's decks and readings changed.
 */
const GOLDEN_ONE_COLLECTOR = 'e9f1610f8be73671';
