/**
 * Teacher regularisation (docs/TRAINING.md "Teacher regularisation"): the collector labels the learner's
 * decisions where the heuristic would play a teacher kind with its choice, without changing what is played; the
 * head loss adds teacherCoef * -logp(teacher's choice) / M with its exact gradient; a weight of 0 changes no
 * update; a positive one moves the policy toward the teacher; bad settings are refused by name.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initBackend } from '../backend.ts';
import { initParams, PolicyValueNet } from '../network.ts';
import type { NetShape } from '../../policy/network.ts';
import { DEFAULT_PPO, PpoLearner } from '../ppo.ts';
import { LossSums, policyRow, type HeadBatch, type HeadLossOptions } from '../heads.ts';
import { IdLists } from '../rows.ts';
import { DEFAULT_LEAGUE, League } from '../league.ts';
import { Collector, collectorOptions, teacherActionTable } from '../rollout.ts';
import { trainingGames } from '../train.ts';
import { teacherOptions } from '../../cli/train.ts';
import { gameEntry } from '../../games/registry.ts';
import { seedRng } from '../../lib/rng.ts';

beforeAll(async () => {
  await initBackend();
});

/** One row of `n` legal actions (ids 0..n-1), the taken one `t`, the teacher's `u` (-1: none). */
function oneRow(n: number, t: number, u: number): HeadBatch {
  const legal = new IdLists();
  legal.push(
    Int32Array.from({ length: n }, (_, k) => k),
    0,
    n,
  );
  return {
    M: 1,
    legal,
    taken: Int32Array.of(t),
    old: Float32Array.of(-1.2),
    adv: Float32Array.of(0.7),
    ret: Float32Array.of(0),
    teacher: Int32Array.of(u),
  };
}

/** The row's loss and dLoss/dz at logits `z0` (policyRow overwrites its z with log-probabilities). */
function rowLoss(z0: number[], b: HeadBatch, o: HeadLossOptions): { loss: number; dz: number[]; sums: LossSums } {
  const n = z0.length;
  const z = Float64Array.from(z0);
  const dz = new Float64Array(n);
  const sums = new LossSums();
  policyRow(z, dz, n, b, 0, o, sums);
  sums.vl = 0;
  return { loss: sums.metrics(1, o).loss, dz: Array.from(dz), sums };
}

describe('the teacher term', () => {
  const z0 = [0.3, -0.8, 1.1, 0.05];
  const base: HeadLossOptions = { clip: 0.2, vfCoef: 0.5, entCoef: 0.01, imitation: false };

  it('adds teacherCoef * -logp(teacher) to the loss with its exact gradient, and reports -logp(teacher)', () => {
    const b = oneRow(4, 1, 2);
    const plain = rowLoss(z0, b, base);
    const taught = rowLoss(z0, b, { ...base, teacherCoef: 0.6 });
    const lse = Math.log(z0.reduce((s, v) => s + Math.exp(v), 0));
    const nll = lse - z0[2];
    expect(taught.loss - plain.loss).toBeCloseTo(0.6 * nll, 10);
    expect(taught.sums.metrics(1, base).teacherLoss).toBeCloseTo(nll, 10);
    expect(taught.sums.metrics(1, base).teacherRows).toBe(1);
    for (let k = 0; k < 4; k++) {
      const p = Math.exp(z0[k] - lse);
      expect(taught.dz[k] - plain.dz[k]).toBeCloseTo(0.6 * (p - (k === 2 ? 1 : 0)), 10);
    }
    // Central differences of the whole row loss agree with its gradient.
    for (let k = 0; k < 4; k++) {
      const h = 1e-5;
      const up = rowLoss(
        z0.map((v, i) => (i === k ? v + h : v)),
        b,
        { ...base, teacherCoef: 0.6 },
      ).loss;
      const down = rowLoss(
        z0.map((v, i) => (i === k ? v - h : v)),
        b,
        { ...base, teacherCoef: 0.6 },
      ).loss;
      expect(taught.dz[k]).toBeCloseTo((up - down) / (2 * h), 6);
    }
  });

  it('is absent on an unlabelled row and while imitating', () => {
    const unlabelled = oneRow(4, 1, -1);
    expect(rowLoss(z0, unlabelled, { ...base, teacherCoef: 0.6 })).toEqual(rowLoss(z0, unlabelled, base));
    const b = oneRow(4, 1, 2);
    const imitation = { ...base, imitation: true };
    expect(rowLoss(z0, b, { ...imitation, teacherCoef: 0.6 })).toEqual(rowLoss(z0, b, imitation));
  });
});

describe('teacher labels in rollouts', () => {
  const games = trainingGames(['full']);
  const entry = gameEntry('merlin');
  const reporting = entry.reporting(games[0]);
  const shape: NetShape = { obsSize: games[0].observationSpec.size, hidden: [16], numActions: games[0].numActions };
  const collect = (net: PolicyValueNet, kinds: string[] | null) => {
    const run = { numEnvs: 2, players: 3, horizon: 60, rewards: { terminal: 'winLoss' as const } };
    const c = new Collector(
      collectorOptions(entry, games, kinds ? { ...run, teacher: { coef: 1, kinds } } : run, 'teach'),
      new League({ ...DEFAULT_LEAGUE, players: 3 }),
    );
    c.collect(net, () => net.inference());
    return c;
  };

  it('label the decisions where the heuristic plays a teacher kind with its choice, and change no move', () => {
    const net = new PolicyValueNet(shape, initParams(shape, 'teach'));
    const plain = collect(net, null);
    const kinds = ['BuyCard', 'EndTurn'];
    const taught = collect(net, kinds);
    expect(plain.teacher).toBeNull();
    expect(Array.from(taught.actions)).toEqual(Array.from(plain.actions));
    expect(Array.from(taught.rewards)).toEqual(Array.from(plain.rewards));
    const marked = teacherActionTable(reporting, games[0].numActions, kinds);
    let labelled = 0;
    for (let r = 0; r < taught.N * taught.T; r++) {
      const l0 = taught.legalLists.ptr[r];
      const ids = Array.from(taught.legalLists.ids.subarray(l0, taught.legalLists.ptr[r + 1]));
      const u = taught.teacher![r];
      if (u >= 0) {
        labelled++;
        expect(u).toBeLessThan(ids.length);
        expect(marked[ids[u]]).toBe(1);
      }
    }
    expect(labelled).toBeGreaterThan(0);
    expect(labelled).toBeLessThan(taught.N * taught.T);
    // With every kind, every decision is labelled.
    expect(Array.from(collect(net, []).teacher!).every((u) => u >= 0)).toBe(true);
    net.dispose();
  });

  it('a weight of 0 changes no update; a positive weight moves the policy toward the teacher', () => {
    const config = { ...DEFAULT_PPO, minibatch: 40, epochs: 2, targetKl: 0, learningRate: 3e-3 };
    const start = initParams(shape, 'teach-update');
    const rollout = collect(new PolicyValueNet(shape, start), []);
    const { teacher: _labels, ...unlabelled } = rollout;
    const after = (coef: number, withLabels: boolean, updates: number) => {
      const net = new PolicyValueNet(shape, start);
      const learner = new PpoLearner(net, { ...config, teacherCoef: coef });
      let last = null as ReturnType<PpoLearner['update']> | null;
      for (let u = 0; u < updates; u++) last = learner.update(withLabels ? rollout : { ...unlabelled, teacher: null }, seedRng(`u${u}`));
      const params = net.params();
      net.dispose();
      return { params, last: last! };
    };
    const none = after(0, false, 1);
    const zero = after(0, true, 1);
    zero.params.forEach((p, k) => expect(Array.from(p)).toEqual(Array.from(none.params[k])));
    expect(zero.last.teacherRows).toBe(1);
    const first = after(5, true, 1).last.teacherLoss;
    const later = after(5, true, 6).last.teacherLoss;
    expect(later).toBeLessThan(first * 0.8);
  });
});

describe('teacher settings', () => {
  it('refuse a misspelt kind with the nearest name and kinds without a weight', () => {
    const g = trainingGames(['full'])[0];
    const reporting = gameEntry('merlin').reporting(g);
    expect(() => teacherActionTable(reporting, g.numActions, ['BuyCrad'])).toThrow(/no action kind BuyCrad.*did you mean BuyCard/);
    expect(teacherActionTable(reporting, g.numActions, []).every((x) => x === 1)).toBe(true);
    expect(() => teacherOptions(undefined, 'BuyCard')).toThrow(/--teacher-kinds needs --teacher-coef/);
    expect(teacherOptions(0, undefined)).toBeUndefined();
    expect(teacherOptions(0.5, 'BuyCard, PlayCard')).toEqual({ coef: 0.5, kinds: ['BuyCard', 'PlayCard'] });
  });
});
