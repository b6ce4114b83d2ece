/**
 * Training: the fast matMul gradient equals tfjs's own, the pure-JS policy equals the tfjs one, PPO
 * lowers its losses on a fixed rollout, checkpoints round-trip bit-exactly, a resumed run equals a
 * straight one, and mismatched or malformed checkpoints are refused with a typed error.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import { initBackend } from '../backend.ts';
import { denseMatMul, initParams, PolicyValueNet, SparseRows, sparseMatMul, sparseMatMulGrad } from '../network.ts';
import type { NetShape } from '../../policy/network.ts';
import { DEFAULT_PPO, PpoLearner } from '../ppo.ts';
import { KernelStep } from '../kernel-step.ts';
import { League, DEFAULT_LEAGUE } from '../league.ts';
import { actionCostTable, Collector, collectorOptions } from '../rollout.ts';
import { DEFAULT_TRAIN, imitationUpdatesFor, train, trainingGames, type TrainConfig } from '../train.ts';
import { CheckpointError, loadCheckpoint, specHashesOf } from '../../policy/checkpoint.ts';
import { loadOptimizer, readWeights, saveOptimizer, saveWeights } from '../checkpoint.ts';
import { PolicyForward } from '../../policy/forward.ts';
import { gameEntry } from '../../games/registry.ts';
import { TINY } from './tiny.ts';
import { merlinGame } from '../../games/merlin/env/game.ts';
import { nextFloat, nextInt, seedRng } from '../../lib/rng.ts';
import { loadRuleset } from '../../games/merlin/rules/index.ts';
import { applyAction, createGame, currentPlayer, isTerminal, legalActions } from '../../games/merlin/engine/index.ts';
import type { Ruleset } from '../../games/merlin/rules/index.ts';

/** A Merlin agent for `spec` under `rs`, through the game registry. */
const resolveAgent = (spec: string, seed: string | number, rs: Ruleset) => gameEntry('merlin').agent(spec, seed, merlinGame(rs));

const bytes = (xs: Float32Array[]) => Buffer.concat(xs.map((x) => Buffer.from(x.buffer, x.byteOffset, x.byteLength)));
const tmp = () => mkdtempSync(join(tmpdir(), 'merlin-train-'));

let backend = '';
beforeAll(async () => {
  backend = await initBackend();
});

describe('network', () => {
  it('the explicit-transpose matMul has the same value and gradients as tf.matMul', () => {
    const x = tf.randomNormal([7, 5], 0, 1, 'float32', 1) as tf.Tensor2D;
    const w = tf.randomNormal([5, 3], 0, 1, 'float32', 2) as tf.Tensor2D;
    const f = (mm: (a: tf.Tensor2D, b: tf.Tensor2D) => tf.Tensor2D) =>
      tf.grads((a: tf.Tensor, b: tf.Tensor) => tf.sum(tf.square(mm(a as tf.Tensor2D, b as tf.Tensor2D))));
    const [fx, fw] = f(denseMatMul)([x, w]);
    const [px, pw] = f((a, b) => tf.matMul(a, b))([x, w]);
    expect(Array.from(denseMatMul(x, w).dataSync())).toEqual(Array.from(tf.matMul(x, w).dataSync()));
    const close = (a: tf.Tensor, b: tf.Tensor) => Array.from(a.dataSync()).forEach((v, i) => expect(v).toBeCloseTo(b.dataSync()[i], 4));
    close(fx, px);
    close(fw, pw);
  });

  it('the pure-JS policy used to play gives the logits and value of the tfjs network', () => {
    const g = merlinGame('full');
    const shape: NetShape = { obsSize: g.observationSpec.size, hidden: [32, 16], numActions: g.numActions };
    const params = initParams(shape, 'js');
    params[params.length - 4].forEach((_, i, a) => (a[i] = Math.sin(i))); // a non-trivial policy head
    const net = new PolicyValueNet(shape, params);
    const s = g.newState(4, 'obs');
    const obs = new Float32Array(g.observationSpec.size);
    g.observe(s, 0, obs);
    const mask = new Float32Array(g.numActions).fill(1);
    const { logp, value } = net.forward(tf.tensor2d(obs, [1, obs.length]), tf.tensor2d(mask, [1, mask.length]));
    const js = new PolicyForward(shape, params);
    const v = js.run(obs);
    expect(v).toBeCloseTo(value.dataSync()[0], 4);
    // log-softmax of the JS logits equals the tfjs log-probabilities.
    const z = js.logits;
    const max = Math.max(...z);
    const lse = max + Math.log(z.reduce((a, x) => a + Math.exp(x - max), 0));
    const lp = logp.dataSync();
    for (let a = 0; a < g.numActions; a += 17) expect(z[a] - lse).toBeCloseTo(lp[a], 3);
    net.dispose();
  });
});

describe('PPO', () => {
  it('collects rollouts of legal actions with finite log-probabilities, and lowers its losses on a fixed rollout', () => {
    const games = trainingGames(['market']);
    const shape: NetShape = { obsSize: games[0].observationSpec.size, hidden: [16], numActions: games[0].numActions };
    const net = new PolicyValueNet(shape, initParams(shape, 'ppo'));
    const league = new League({ ...DEFAULT_LEAGUE, players: 2 });
    const c = new Collector(
      {
        games,
        numEnvs: 4,
        players: 2,
        horizon: 32,
        seed: 'ppo',
        rewards: { terminal: 'winLoss' },
        heuristic: (g) => gameEntry('merlin').teacher(g),
      },
      league,
    );
    c.collect(net, () => net.inference());
    // Every action taken was legal under its recorded mask, with a finite log-probability.
    for (let r = 0; r < c.N * c.T; r++) {
      expect(c.mask[r * c.numActions + c.actions[r]]).toBe(1);
      expect(Number.isFinite(c.logp[r]) && c.logp[r] <= 0).toBe(true);
    }
    const learner = new PpoLearner(net, { ...DEFAULT_PPO, minibatch: 32, epochs: 4, targetKl: 0, learningRate: 3e-3 });
    const rng = seedRng('ppo');
    const first = learner.update(c, rng);
    let last = first;
    for (let k = 0; k < 6; k++) last = learner.update(c, rng);
    expect(last.valueLoss).toBeLessThan(first.valueLoss);
    expect(last.policyLoss).toBeLessThan(first.policyLoss);
    net.dispose();
  });

  it('sparseMatMul and sparseMatMulGrad equal the dense products (rows of 0-9 entries, a column every row shares)', () => {
    const rng = seedRng('sparse-kernels');
    const rows = 37;
    const n = 50;
    const m = 13;
    const dense = new Float32Array(rows * n);
    for (let r = 0; r < rows; r++) {
      const k = r % 10; // 0..9 entries: every remainder of the four-at-a-time loops
      for (let e = 0; e < k; e++) dense[r * n + 1 + nextInt(rng, n - 1)] = nextFloat(rng) - 0.5;
      if (r % 3 === 0) dense[r * n] = 1; // column 0 in a third of the rows
    }
    const w = Float32Array.from({ length: n * m }, () => nextFloat(rng) - 0.5);
    const dz = Float32Array.from({ length: rows * m }, () => nextFloat(rng) - 0.5);
    const x = new SparseRows().fromDense(dense, rows, n);
    const out = new Float32Array(rows * m).fill(9);
    sparseMatMul(x, w, m, out);
    const grad = new Float32Array(n * m).fill(9);
    const sq = sparseMatMulGrad(x, dz, m, grad);
    expect(sq).toBeCloseTo(
      grad.reduce((a, v) => a + v * v, 0),
      3,
    );
    for (let r = 0; r < rows; r++)
      for (let c = 0; c < m; c++) {
        let v = 0;
        for (let j = 0; j < n; j++) v += dense[r * n + j] * w[j * m + c];
        expect(out[r * m + c]).toBeCloseTo(v, 5);
      }
    for (let j = 0; j < n; j++)
      for (let c = 0; c < m; c++) {
        let v = 0;
        for (let r = 0; r < rows; r++) v += dense[r * n + j] * dz[r * m + c];
        expect(grad[j * m + c]).toBeCloseTo(v, 5);
      }
  });

  it("the sparse input layer and the JS heads give the dense network's outputs and the same PPO and imitation updates, with and without the SIMD kernels", async () => {
    const games = trainingGames(['full']);
    const shape: NetShape = { obsSize: games[0].observationSpec.size, hidden: [16, 8], numActions: games[0].numActions };
    const league = new League({ ...DEFAULT_LEAGUE, players: 3 });
    const make = (sparse: boolean, simd = true) => {
      const net = new PolicyValueNet(shape, initParams(shape, 'sparse'), { simd });
      net.sparseInput = sparse;
      return net;
    };
    // [sparse: the whole step in the SIMD kernels; dense: the tfjs graph; sparse without the kernels: JS heads, tfjs trunk and Adam]
    const nets = [make(true), make(false), make(true, false)];
    expect(nets.map((n) => n.simd)).toEqual([true, true, false]);
    const c = new Collector(
      {
        games,
        numEnvs: 3,
        players: 3,
        horizon: 24,
        seed: 'sp',
        rewards: { terminal: 'winLoss' },
        heuristic: (g) => gameEntry('merlin').teacher(g),
      },
      league,
    );
    c.collect(nets[1], () => nets[1].inference());
    const R = c.N * c.T;
    const obs = c.obs!; // a dense network collected: the dense rows are kept beside the sparse ones
    // The dense rows kept for a dense network hold the same observations as the sparse rows.
    const fromDense = new SparseRows().fromDense(obs, R, c.obsSize);
    const back = new Float32Array(R * c.obsSize).fill(7);
    for (let r = 0; r < R; r++) c.rows.toDense(r, back, r * c.obsSize, c.obsSize);
    expect(c.rows.rows).toBe(R);
    expect(c.rows.ptr[R]).toBe(fromDense.ptr[R]);
    expect(back).toEqual(obs);
    // Forward passes agree (the observations are sparse: most entries are zero).
    let nonZero = 0;
    for (let i = 0; i < R * c.obsSize; i++) if (obs[i] !== 0) nonZero++;
    expect(nonZero / (R * c.obsSize)).toBeLessThan(0.1);
    const mask = tf.tensor2d(c.mask, [R, c.numActions]);
    const sp = nets[0].forwardSparse(c.rows, mask);
    const de = nets[1].forward(tf.tensor2d(obs, [R, c.obsSize]), mask);
    const close = (a: Float32Array, b: Float32Array, eps: number) =>
      a.forEach((v, i) => expect(Math.abs(v - b[i])).toBeLessThan(eps * (1 + Math.abs(b[i]))));
    close(sp.value.dataSync() as Float32Array, de.value.dataSync() as Float32Array, 1e-5);
    const lp = [sp.logp.dataSync() as Float32Array, de.logp.dataSync() as Float32Array];
    for (let i = 0; i < lp[0].length; i++) if (c.mask[i]) expect(Math.abs(lp[0][i] - lp[1][i])).toBeLessThan(1e-4);
    // Two PPO updates from the same rollout and shuffling end at the same parameters.
    const config = { ...DEFAULT_PPO, minibatch: 24, epochs: 2, targetKl: 0, learningRate: 1e-3 };
    const learners = nets.map((n) => new PpoLearner(n, config));
    const metrics = learners.map((l) => {
      const rng = seedRng('sp-update');
      return [l.update(c, rng), l.update(c, rng), l.imitate(c, rng)];
    });
    for (const other of [1, 2]) {
      expect(metrics[0][2].policyLoss).toBeCloseTo(metrics[other][2].policyLoss, 4);
      expect(metrics[0][2].valueLoss).toBeCloseTo(metrics[other][2].valueLoss, 4);
      expect(metrics[0][1].policyLoss).toBeCloseTo(metrics[other][1].policyLoss, 4);
      expect(metrics[0][1].gradNorm).toBeCloseTo(metrics[other][1].gradNorm, 3);
    }
    const [a, b, js] = nets.map((n) => n.params());
    a.forEach((p, k) => close(p, b[k], 1e-4));
    a.forEach((p, k) => close(p, js[k], 1e-4));
    expect(a[0].some((v, i) => v !== initParams(shape, 'sparse')[0][i])).toBe(true); // W0 did move
    // The optimizer state saved with W0's moments in the kernels resumes a learner without them, and back:
    // the same layout (W0's moments last of each kind), so the next update ends at the same parameters.
    const dir = tmp();
    await saveOptimizer(join(dir, 'k'), learners[0].optimizerState);
    await saveOptimizer(join(dir, 'js'), learners[2].optimizerState);
    const names = (d: string) =>
      (JSON.parse(readFileSync(join(dir, d, 'optimizer.json'), 'utf8')) as { name: string; shape: number[] }[]).map((e) =>
        e.shape.join('x'),
      );
    expect(names('k')).toEqual(names('js'));
    const crossed = [make(true, false), make(true)];
    crossed[0].assign(a);
    crossed[1].assign(js);
    const crossedLearners = crossed.map((n) => new PpoLearner(n, config));
    await loadOptimizer(join(dir, 'k'), crossedLearners[0].optimizerState);
    await loadOptimizer(join(dir, 'js'), crossedLearners[1].optimizerState);
    for (const [l, from] of [
      [crossedLearners[0], learners[0]],
      [crossedLearners[1], learners[2]],
    ] as const) {
      l.update(c, seedRng('sp-next'));
      from.update(c, seedRng('sp-next'));
      const [x, y] = [l.net.params(), from.net.params()];
      x.forEach((p, k) => close(p, y[k], 1e-5));
    }
    for (const n of [...nets, ...crossed]) n.dispose();
  });
});

describe('action costs', () => {
  it("charge the learner's own actions of the named kinds at the step it takes them, and change nothing else", () => {
    const games = trainingGames(['full']);
    const entry = gameEntry('merlin');
    const shape: NetShape = { obsSize: games[0].observationSpec.size, hidden: [8], numActions: games[0].numActions };
    const net = new PolicyValueNet(shape, initParams(shape, 'cost'));
    const rewards = { terminal: 'winLoss' as const };
    // EndTurn is taken at almost every turn: a cost on it shows up in any rollout.
    const costs = { EndTurn: 0.25, ProposeTrade: 0.5 };
    const run = (withCost: boolean) => {
      const o = collectorOptions(
        entry,
        games,
        { numEnvs: 2, players: 3, horizon: 40, rewards: withCost ? { ...rewards, actionCosts: costs } : rewards },
        'cost',
      );
      const c = new Collector(o, new League({ ...DEFAULT_LEAGUE, players: 3 }));
      c.collect(net, () => net.inference());
      return c;
    };
    const plain = run(false);
    const costly = run(true);
    expect(Array.from(costly.actions)).toEqual(Array.from(plain.actions));
    const reporting = entry.reporting(games[0]);
    let charged = 0;
    for (let r = 0; r < plain.N * plain.T; r++) {
      const kind = reporting.kindNames[reporting.kindOf(plain.actions[r])];
      const cost = kind === 'EndTurn' ? 0.25 : kind === 'ProposeTrade' ? 0.5 : 0;
      if (cost) charged++;
      expect(costly.rewards[r]).toBeCloseTo(plain.rewards[r] - cost, 6);
    }
    expect(charged).toBeGreaterThan(0);
    net.dispose();
  });

  it('refuse a kind the game does not have, naming the nearest, and a cost that is not a number', () => {
    const g = trainingGames(['full'])[0];
    const reporting = gameEntry('merlin').reporting(g);
    expect(() => actionCostTable(reporting, g.numActions, { ProposTrade: 0.1 })).toThrow(
      /no action kind ProposTrade.*did you mean ProposeTrade/,
    );
    expect(() => actionCostTable(reporting, g.numActions, { EndTurn: Number.NaN })).toThrow(/not a finite number/);
    const table = actionCostTable(reporting, g.numActions, { EndTurn: 0.1 });
    expect(table.length).toBe(g.numActions);
    for (let a = 0; a < g.numActions; a++)
      expect(table[a]).toBeCloseTo(reporting.kindNames[reporting.kindOf(a)] === 'EndTurn' ? 0.1 : 0, 6);
  });
});

describe('the SIMD kernels step', () => {
  /** A 3-player rollout of 2 games x `horizon` decisions on `games` (played by `net`), and a step's batch of it with made-up targets. */
  const kernelRollout = (games: ReturnType<typeof trainingGames>, net: PolicyValueNet, seed: string, horizon: number) => {
    const c = new Collector(
      { games, numEnvs: 2, players: 3, horizon, seed, rewards: { terminal: 'winLoss' }, heuristic: (g) => gameEntry('merlin').teacher(g) },
      new League({ ...DEFAULT_LEAGUE, players: 3 }),
    );
    c.collect(net, () => net.inference());
    const R = c.N * c.T;
    const batch = {
      M: R,
      legal: c.legalLists,
      taken: c.taken,
      old: c.logp,
      adv: Float32Array.from(c.values, (v, i) => Math.sin(i) - v),
      ret: Float32Array.from(c.values, (_, i) => Math.cos(i)),
    };
    return { c, R, batch };
  };

  it('equals the plain-JS path for one hidden layer and for three with widths that are not multiples of four', () => {
    const games = trainingGames(['full']);
    const base = { obsSize: games[0].observationSpec.size, numActions: games[0].numActions };
    for (const hidden of [[12], [10, 7, 5]]) {
      const shape: NetShape = { ...base, hidden };
      const nets = [true, false].map((simd) => new PolicyValueNet(shape, initParams(shape, `k${hidden.length}`), { simd }));
      const { c, batch } = kernelRollout(games, nets[1], `k${hidden.length}`, 20);
      const config = { ...DEFAULT_PPO, minibatch: 20, epochs: 2, targetKl: 0, learningRate: 1e-3 };
      const metrics = nets.map((n) => new PpoLearner(n, config).update(c, seedRng('k')));
      expect(metrics[0].policyLoss).toBeCloseTo(metrics[1].policyLoss, 4);
      expect(metrics[0].gradNorm).toBeCloseTo(metrics[1].gradNorm, 3);
      const [a, b] = nets.map((n) => n.params());
      a.forEach((p, k) => p.forEach((v, i) => expect(Math.abs(v - b[k][i])).toBeLessThan(1e-4 * (1 + Math.abs(b[k][i])))));
      for (const n of nets) n.dispose();
      // Memory first sized for a smaller batch is made again, parameters and moments carried over: the same steps, bit for bit.
      const opts = { clip: 0.2, vfCoef: 0.5, entCoef: 0.01, imitation: false };
      const steps = [{ rows: 4, nnz: 16, legal: 8 }, undefined].map((capacity) => {
        const ks = new KernelStep(shape, initParams(shape, 'cap'), capacity);
        for (let t = 1; t <= 2; t++) ks.step(c.rows, batch, opts, { learningRate: 1e-3, beta1: 0.9, beta2: 0.999, epsilon: 1e-5, t }, 0.5);
        return { params: ks.params(), moments: ks.moments() };
      });
      expect(steps[0]).toEqual(steps[1]);
    }
  });

  it("Adam skips only W0's rows it would leave unchanged: a row with moments moves as Adam says though no minibatch touches it, a row without stays as it was", () => {
    const games = trainingGames(['full']);
    const shape: NetShape = { obsSize: games[0].observationSpec.size, numActions: games[0].numActions, hidden: [8] };
    const net = new PolicyValueNet(shape, initParams(shape, 'live'), { simd: true });
    const { c, R, batch } = kernelRollout(games, net, 'live', 10);
    net.dispose();
    // Two input columns no row of the rollout sets: W0's rows `withMoments` and `without`.
    const used = new Set(c.rows.idx.subarray(0, c.rows.ptr[R]));
    const untouched = Array.from({ length: shape.obsSize }, (_, j) => j).filter((j) => !used.has(j));
    expect(untouched.length).toBeGreaterThan(1);
    const [withMoments, without] = untouched;
    const H = shape.hidden[0];
    const params = initParams(shape, 'live');
    const ks = new KernelStep(shape, params);
    const m = params.map((p) => new Float32Array(p.length));
    const v = params.map((p) => new Float32Array(p.length));
    for (let u = 0; u < H; u++) {
      m[0][withMoments * H + u] = 0.01 * (u + 1);
      v[0][withMoments * H + u] = 1e-4 * (u + 1);
    }
    ks.setMoments({ m, v });
    const adam = { learningRate: 1e-3, beta1: 0.9, beta2: 0.999, epsilon: 1e-5, t: 1 };
    ks.step(c.rows, batch, { clip: 0.2, vfCoef: 0.5, entCoef: 0.01, imitation: false }, adam, 0.5);
    const after = ks.params()[0];
    const moments = ks.moments();
    const f = Math.fround;
    const [c1, c2] = [f(1 - f(adam.beta1 ** 1)), f(1 - f(adam.beta2 ** 1))];
    for (let u = 0; u < H; u++) {
      const i = withMoments * H + u;
      // Adam with a zero gradient, in float32 as the kernel computes it.
      const mi = f(f(m[0][i] * f(adam.beta1)) + f(0 * f(1 - adam.beta1)));
      const vi = f(f(v[0][i] * f(adam.beta2)) + f(0 * f(1 - adam.beta2)));
      const step = f(f(f(mi / c1) / f(f(Math.sqrt(f(vi / c2))) + f(adam.epsilon))) * f(-adam.learningRate));
      expect(moments.m[0][i]).toBe(mi);
      expect(moments.v[0][i]).toBe(vi);
      expect(after[i]).toBe(f(step + params[0][i]));
      expect(after[i]).not.toBe(params[0][i]);
      const j = without * H + u;
      expect(after[j]).toBe(params[0][j]);
      expect([moments.m[0][j], moments.v[0][j]]).toEqual([0, 0]);
    }
  });
});

describe('checkpoints', () => {
  it('round-trip the weights bit-exactly through the IOHandler and the tfjs-free reader', async () => {
    const shape: NetShape = { obsSize: 10, hidden: [4, 3], numActions: 6 };
    const params = initParams(shape, 'rt');
    const dir = tmp();
    await saveWeights(dir, shape, params);
    const back = await readWeights(dir, shape);
    expect(bytes(back.params).equals(bytes(params))).toBe(true);
    const model = JSON.parse(readFileSync(join(dir, 'model.json'), 'utf8'));
    expect(model.weightsManifest[0].paths).toEqual(['weights.bin']);
    expect(model.weightsManifest[0].weights.map((w: { name: string }) => w.name)).toEqual([
      'trunk.0.kernel',
      'trunk.0.bias',
      'trunk.1.kernel',
      'trunk.1.bias',
      'policy.kernel',
      'policy.bias',
      'value.kernel',
      'value.bias',
    ]);
    await expect(readWeights(dir, { ...shape, hidden: [5, 3] })).rejects.toThrow(CheckpointError);
  });

  it('a run resumed from its checkpoint continues exactly: 2 + 1 updates equal 3 straight, and the checkpoint plays', async () => {
    const a = tmp();
    const b = tmp();
    await train({ config: TINY, out: a, minutes: 60, maxUpdates: 2 });
    await train({ config: TINY, out: a, minutes: 60, maxUpdates: 3, resume: true });
    // minutes 0: no wall-time budget, maxUpdates alone stops the run (`merlin train --minutes 0 --updates N`).
    const straight = await train({ config: TINY, out: b, minutes: 0, maxUpdates: 3 });
    expect(straight.updates).toBe(3);
    await expect(train({ config: TINY, out: tmp(), minutes: 0 })).rejects.toThrow(/positive minutes budget or maxUpdates/);
    const pa = (await readWeights(a)).params;
    const pb = (await readWeights(b)).params;
    expect(bytes(pa).equals(bytes(pb))).toBe(true);
    const ma = JSON.parse(readFileSync(join(a, 'manifest.json'), 'utf8'));
    expect(ma).toMatchObject({ updates: 3, variant: 'market', players: 2, backend });
    expect(ma.trainingSteps).toBe(3 * TINY.numEnvs * TINY.horizon);
    expect(readFileSync(join(a, 'metrics.jsonl'), 'utf8').trim().split('\n')).toHaveLength(3);

    // The checkpoint plays a whole game through the agent registry.
    const rs = loadRuleset('market');
    const agent = resolveAgent(`ppo:${a}`, 'seed', rs);
    const s = createGame(rs, 2, 'play');
    const buf = new Int32Array(games0().numActions);
    let steps = 0;
    while (!isTerminal(s) && steps < 20000) {
      const n = legalActions(s, rs, buf);
      const seat = currentPlayer(s);
      applyAction(s, rs, agent.act(null, null, { seat, legal: buf, numLegal: n, state: s }));
      steps++;
    }
    expect(isTerminal(s)).toBe(true);

    // A checkpoint made for another observation spec is refused, naming both hashes.
    const m = JSON.parse(readFileSync(join(a, 'manifest.json'), 'utf8'));
    writeFileSync(join(a, 'manifest.json'), JSON.stringify({ ...m, observationSpecHash: 'f'.repeat(64) }));
    const g = merlinGame('market');
    expect(() => loadCheckpoint(a, specHashesOf(g))).toThrow(new RegExp(`ffffffffffffffff.*${g.observationSpec.hash.slice(0, 16)}`));
    expect(() => resolveAgent(`ppo:${a}`, 0, rs)).toThrow(CheckpointError);
    // One made for another game is refused by name before any hash is compared.
    writeFileSync(join(a, 'manifest.json'), JSON.stringify({ ...m, game: 'economicon' }));
    expect(() => resolveAgent(`ppo:${a}`, 0, rs)).toThrow(/trained for the game economicon, not merlin/);
    writeFileSync(join(a, 'manifest.json'), '{"format": "merlin-gym-ppo-mlp"');
    expect(() => resolveAgent(`ppo:${a}`, 0, rs)).toThrow(/not valid JSON/);
    expect(() => resolveAgent(`ppo:${join(a, 'nope')}`, 0, rs)).toThrow(/cannot read manifest.json/);
  }, 120_000);

  it('a run from a checkpoint does not imitate the heuristic unless asked (imitationUpdatesFor)', () => {
    expect(imitationUpdatesFor(undefined)).toBe(DEFAULT_TRAIN.imitationUpdates);
    expect(imitationUpdatesFor('checkpoints/default')).toBe(0);
    expect(imitationUpdatesFor('checkpoints/default', 5)).toBe(5);
    expect(imitationUpdatesFor(undefined, 0)).toBe(0);
  });

  it('a curriculum stage starts from a checkpoint: its weights (widened without changing its play when --hidden is wider), its training counts recorded; another layout is refused', async () => {
    const a = tmp();
    const b = tmp();
    await train({ config: TINY, out: a, minutes: 60, maxUpdates: 1 });
    const stage: TrainConfig = { ...TINY, variants: ['skirmish'], imitationUpdates: 0, initFrom: a };
    await train({ config: stage, out: b, minutes: 60, maxUpdates: 0 });
    expect(bytes((await readWeights(b)).params).equals(bytes((await readWeights(a)).params))).toBe(true);
    await train({ config: stage, out: b, minutes: 60, maxUpdates: 1 });
    expect(bytes((await readWeights(b)).params).equals(bytes((await readWeights(a)).params))).toBe(false);
    const mb = JSON.parse(readFileSync(join(b, 'manifest.json'), 'utf8'));
    expect(mb).toMatchObject({
      variant: 'skirmish',
      updates: 1,
      config: { initFrom: a, initFromSteps: TINY.numEnvs * TINY.horizon, initFromUpdates: 1 },
    });

    // A narrower checkpoint is widened: the new units start with zero weight out, so the policy plays as before.
    const wide = tmp();
    await train({ config: { ...stage, hidden: [24] }, out: wide, minutes: 60, maxUpdates: 0 });
    const before = await readWeights(a);
    const after = await readWeights(wide);
    expect(after.shape.hidden).toEqual([24]);
    const g = merlinGame('skirmish');
    const r = seedRng('widen-obs');
    const x = new PolicyForward(before.shape, before.params);
    const y = new PolicyForward(after.shape, after.params);
    const obs = new Float32Array(g.observationSpec.size);
    for (let k = 0; k < 5; k++) {
      obs.forEach((_, i, o) => (o[i] = nextFloat(r) < 0.05 ? nextFloat(r) * 3 : 0));
      expect(y.run(obs)).toBeCloseTo(x.run(obs), 5);
      for (let i = 0; i < g.numActions; i += 7) expect(y.logits[i]).toBeCloseTo(x.logits[i], 5);
    }
    expect(after.params[0].some((w, i) => i % 24 >= 16 && w !== 0)).toBe(true); // the new units' incoming weights are fresh
    // Narrower or deeper than the checkpoint: refused, naming the sizes to give.
    await expect(train({ config: { ...stage, hidden: [8] }, out: tmp(), minutes: 60, maxUpdates: 1 })).rejects.toThrow(
      /cannot start from .*no layer may shrink.*--hidden 16 or wider/,
    );
    await expect(train({ config: { ...stage, hidden: [16, 8] }, out: tmp(), minutes: 60, maxUpdates: 1 })).rejects.toThrow(CheckpointError);
    const m = JSON.parse(readFileSync(join(a, 'manifest.json'), 'utf8'));
    writeFileSync(join(a, 'manifest.json'), JSON.stringify({ ...m, actionsHash: 'e'.repeat(64) }));
    await expect(train({ config: stage, out: tmp(), minutes: 60, maxUpdates: 1 })).rejects.toThrow(/cannot start from .*eeeeeeeeeeeeeeee/);
  }, 120_000);

  it('a main exploiter trains against the learner, its frozen copies join the league, and a resumed run with one continues exactly', async () => {
    const cfg: TrainConfig = {
      ...TINY,
      league: { ...TINY.league, snapshotEvery: 100 },
      exploiter: { every: 1, addAt: 1, period: 2, max: 1 },
    };
    const a = tmp();
    const b = tmp();
    await train({ config: cfg, out: a, minutes: 60, maxUpdates: 3 });
    await train({ config: cfg, out: a, minutes: 60, maxUpdates: 5, resume: true });
    await train({ config: cfg, out: b, minutes: 60, maxUpdates: 5 });
    expect(bytes((await readWeights(a)).params).equals(bytes((await readWeights(b)).params))).toBe(true);
    const lines = (d: string) =>
      readFileSync(join(d, 'metrics.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
    const recs = lines(b);
    expect(recs.map((r) => r.exploiter.totalUpdates)).toEqual([1, 2, 3, 4, 5]);
    // A copy joins after every second exploiter update; only the newest is kept (max 1).
    expect(recs.map((r) => r.exploiter.added)).toEqual([undefined, 'exploiter@2', undefined, 'exploiter@4', undefined]);
    expect(Object.keys(recs[4].winRateVs)).toEqual(['random', 'heuristic', 'self', 'exploiter@4']);
    expect(lines(a).map((r) => r.exploiter)).toEqual(recs.map((r) => r.exploiter));
    // The exploiter's own weights and optimizer are part of the resume data, and are not the learner's.
    const ea = (await readWeights(join(b, 'resume', 'exploiter'))).params;
    expect(bytes(ea).equals(bytes((await readWeights(b)).params))).toBe(false);

    await expect(train({ config: { ...cfg, opponents: ['heuristic'] }, out: tmp(), minutes: 60, maxUpdates: 1 })).rejects.toThrow(
      /cannot be combined with a fixed field/,
    );
    await expect(
      train({ config: { ...cfg, exploiter: { every: 0, addAt: 0.5, period: 2, max: 1 } }, out: tmp(), minutes: 60, maxUpdates: 1 }),
    ).rejects.toThrow(/exploiter.every must be a positive integer/);
  }, 120_000);
});

function games0() {
  return merlinGame('market');
}
