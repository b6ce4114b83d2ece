/**
 * policy/: the plain-JS forward pass computes the MLP, the checkpoint reader refuses a checkpoint made
 * for another observation spec, the shipped checkpoint loads and plays, and a `ppo:` agent loads and plays
 * without loading any @tensorflow module (checked in a child process, with a positive control).
 * The JS pass equals the tfjs graph: training/test/training.test.ts.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PolicyForward } from '../forward.ts';
import { simdAvailable } from '../../lib/simd.ts';
import { CheckpointError, loadCheckpoint, specHashesOf } from '../checkpoint.ts';
import { paramSpecs } from '../network.ts';
import { opponentFactory } from '../../games/registry.ts';
import { SingleAgentEnv } from '../../env/core/single.ts';
import { merlinGame } from '../../games/merlin/env/game.ts';
import { tsxJson } from '../../cli/test/run.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** `node --import tsx policy/test/load-modules.ts ...args`: the moves played and the @tensorflow files loaded. */
function loadInChild(args: string[]): Promise<{ moves: number[]; tensorflow: string[] }> {
  return tsxJson('policy/test/load-modules.ts', args);
}

describe('PolicyForward', () => {
  it('computes ReLU trunk, policy logits and value from row-major kernels in paramSpecs order', () => {
    const shape = { obsSize: 2, hidden: [2], numActions: 3 };
    expect(paramSpecs(shape).map((p) => `${p.name}:${p.shape.join('x')}`)).toEqual([
      'trunk.0.kernel:2x2',
      'trunk.0.bias:2',
      'policy.kernel:2x3',
      'policy.bias:3',
      'value.kernel:2x1',
      'value.bias:1',
    ]);
    const f = (...xs: number[]) => Float32Array.from(xs);
    // trunk: h = relu([x0, x1] @ [[1, -1], [2, 1]] + [0.5, 0]); x = [1, 2] -> [5.5, 1]; x = [1, -3] -> [0, 0] (both clipped)
    const params = [f(1, -1, 2, 1), f(0.5, 0), f(1, 0, 2, 0, 1, -1), f(0, 0.25, -1), f(2, -3), f(0.5)];
    const net = new PolicyForward(shape, params);
    expect(net.run(f(1, 2))).toBeCloseTo(5.5 * 2 - 3 + 0.5, 5);
    expect(Array.from(net.logits)).toEqual([5.5, 1.25, 11 - 1 - 1]);
    expect(net.run(f(1, -3))).toBeCloseTo(0.5, 5);
    expect(Array.from(net.logits)).toEqual([0, 0.25, -1]);
  });
});

describe('PolicyForward.runLegal', () => {
  it("writes run's logits of the legal actions bit for bit, with the shipped checkpoint over a game", () => {
    const game = merlinGame('full');
    const ck = loadCheckpoint(join(root, 'checkpoints', 'default'), specHashesOf(game));
    const [full, legalOnly] = [new PolicyForward(ck.shape, ck.params), new PolicyForward(ck.shape, ck.params)];
    const s = game.newState(4, 'run-legal');
    const obs = new Float32Array(game.observationSpec.size);
    const legal = new Int32Array(game.numActions);
    for (let step = 0; step < 60 && !game.isTerminal(s); step++) {
      game.observe(s, game.currentPlayer(s), obs);
      const n = game.legalActions(s, legal);
      full.run(obs);
      legalOnly.runLegal(obs, legal, n);
      const ids = Array.from(legal.subarray(0, n));
      expect(ids.map((a) => legalOnly.logits[a])).toEqual(ids.map((a) => full.logits[a]));
      game.applyAction(s, legal[step % n]);
    }
  });
});

describe('PolicyForward.runSparse', () => {
  it("gives run's value and the log-softmax of run's logits restricted to the legal actions, from the sparse observation", () => {
    const game = merlinGame('full');
    const shape = { obsSize: game.observationSpec.size, hidden: [24, 12], numActions: game.numActions };
    let seed = 7;
    const rand = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
    const params = paramSpecs(shape).map((p) => Float32Array.from({ length: p.shape.reduce((a, b) => a * b, 1) }, rand));
    const net = new PolicyForward(shape, params);
    const s = game.newState(4, 'sparse-forward');
    const obs = new Float32Array(shape.obsSize);
    const index = new Int32Array(shape.obsSize);
    const value = new Float32Array(shape.obsSize);
    const legal = new Int32Array(shape.numActions);
    const lp = new Float32Array(shape.numActions);
    for (let step = 0; step < 40 && !game.isTerminal(s); step++) {
      const seat = game.currentPlayer(s);
      game.observe(s, seat, obs);
      const nnz = game.observeSparse!(s, seat, index, value);
      const n = game.legalActions(s, legal);
      const v = net.runSparse(index, value, 0, nnz, legal, n, lp);
      expect(v).toBeCloseTo(net.run(obs), 4);
      const z = Array.from(legal.subarray(0, n), (a) => net.logits[a]);
      const max = Math.max(...z);
      const lse = max + Math.log(z.reduce((t, x) => t + Math.exp(x - max), 0));
      z.forEach((x, k) => expect(lp[k]).toBeCloseTo(x - lse, 4));
      expect(net.runSparse(index, value, 0, nnz, legal, 0, lp)).toBeCloseTo(v, 6); // value alone
      game.applyAction(s, legal[step % n]);
    }
  });

  it('gives the same through the SIMD kernels as in plain JS, with layer widths that are not multiples of four', () => {
    expect(simdAvailable()).toBe(true); // Node 20 has WebAssembly SIMD: the kernels must be what runs here
    const game = merlinGame('full');
    const shape = { obsSize: game.observationSpec.size, hidden: [23, 10, 6], numActions: game.numActions };
    let seed = 11;
    const rand = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
    const params = paramSpecs(shape).map((p) => Float32Array.from({ length: p.shape.reduce((a, b) => a * b, 1) }, rand));
    const simd = new PolicyForward(shape, params);
    const js = new PolicyForward(shape, params, { simd: false });
    const s = game.newState(4, 'simd-forward');
    const index = new Int32Array(shape.obsSize);
    const value = new Float32Array(shape.obsSize);
    const legal = new Int32Array(shape.numActions);
    const [lpS, lpJ] = [new Float32Array(shape.numActions), new Float32Array(shape.numActions)];
    let differs = 0;
    for (let step = 0; step < 30 && !game.isTerminal(s); step++) {
      const seat = game.currentPlayer(s);
      const nnz = game.observeSparse!(s, seat, index, value);
      const n = game.legalActions(s, legal);
      const v = simd.runSparse(index, value, 0, nnz, legal, n, lpS);
      expect(v).toBeCloseTo(js.runSparse(index, value, 0, nnz, legal, n, lpJ), 4);
      for (let k = 0; k < n; k++) {
        expect(lpS[k]).toBeCloseTo(lpJ[k], 4);
        if (lpS[k] !== lpJ[k]) differs++;
      }
      game.applyAction(s, legal[step % n]);
    }
    expect(differs).toBeGreaterThan(0); // the two paths really are different code (f32 products in the kernels)
  });

  it('after load(params) gives what a new PolicyForward with those parameters gives, bit for bit, through the kernels and in plain JS', () => {
    const game = merlinGame('full');
    const shape = { obsSize: game.observationSpec.size, hidden: [23, 10, 6], numActions: game.numActions };
    const paramsOf = (seed: number) => {
      const rand = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
      return paramSpecs(shape).map((p) => Float32Array.from({ length: p.shape.reduce((a, b) => a * b, 1) }, rand));
    };
    const [first, second] = [paramsOf(11), paramsOf(29)];
    const s = game.newState(4, 'load-forward');
    const index = new Int32Array(shape.obsSize);
    const value = new Float32Array(shape.obsSize);
    const legal = new Int32Array(shape.numActions);
    const obs = new Float32Array(shape.obsSize);
    for (const simd of [true, false]) {
      const reused = new PolicyForward(shape, first, { simd });
      const fresh = new PolicyForward(shape, second, { simd });
      const [a, b] = [new Float32Array(shape.numActions), new Float32Array(shape.numActions)];
      const seat = game.currentPlayer(s);
      const nnz = game.observeSparse!(s, seat, index, value);
      const n = game.legalActions(s, legal);
      const before = reused.runSparse(index, value, 0, nnz, legal, n, a); // the kernels' memory is made with `first`
      reused.load(second);
      expect(reused.runSparse(index, value, 0, nnz, legal, n, a)).toBe(fresh.runSparse(index, value, 0, nnz, legal, n, b));
      expect(reused.runSparse(index, value, 0, nnz, legal, n, a)).not.toBe(before);
      expect(a).toEqual(b);
      game.observe(s, seat, obs);
      expect(reused.run(obs)).toBe(fresh.run(obs));
      expect(reused.logits).toEqual(fresh.logits);
    }
    expect(() => new PolicyForward(shape, first).load(first.slice(1))).toThrow(/do not fit/);
  });
});

/** Whether a 4-player game with `spec` in seats 1-3 (the learner's seat playing its first legal action) ends within 5,000 learner steps. */
function playsAsOpponent(game: ReturnType<typeof merlinGame>, spec: string, seed: number): boolean {
  const env = new SingleAgentEnv(game, { players: 4, learnerSeat: 0, opponents: opponentFactory([spec]) });
  let { info } = env.reset(seed);
  for (let t = 0; t < 5000; t++) {
    const r = env.step(info.actionMask.indexOf(1));
    info = r.info;
    if (r.terminated || r.truncated) return true;
  }
  return false;
}

describe('the shipped checkpoint', () => {
  it('checkpoints/default fits the current observation spec and action catalogue, and plays as an opponent in the single-agent env', () => {
    const game = merlinGame('full');
    const ck = loadCheckpoint('checkpoints/default', specHashesOf(game));
    expect(ck.shape.obsSize).toBe(game.observationSpec.size);
    expect(ck.shape.numActions).toBe(game.numActions);
    expect(ck.manifest.variants).toContain('full');
    expect(playsAsOpponent(game, 'ppo:checkpoints/default', 3)).toBe(true);
  }, 60_000);

  it('checkpoints/skirmish fits the skirmish ruleset, records its curriculum source and its evaluation, and plays a skirmish game', () => {
    const game = merlinGame('skirmish');
    const ck = loadCheckpoint('checkpoints/skirmish', specHashesOf(game));
    expect(ck.manifest.variants).toEqual(['skirmish']);
    expect(ck.manifest.config).toMatchObject({
      initFrom: expect.stringMatching(/^(checkpoints|runs)\//),
      rewards: { shapedRelative: true },
    });
    expect(ck.manifest.evaluation.map((e) => e.opponents)).toEqual(['3 x random', '3 x heuristic']);
    expect(playsAsOpponent(game, 'ppo:checkpoints/skirmish', 4)).toBe(true);
  }, 60_000);

  it('checkpoints/prosperity was trained under the prosperity ruleset as shipped, with its teacher, and plays a prosperity game', () => {
    const game = merlinGame('prosperity');
    const ck = loadCheckpoint('checkpoints/prosperity', specHashesOf(game));
    expect(ck.rulesMatch).toBe(true);
    expect(ck.manifest.variants).toEqual(['prosperity']);
    // The second stage (win/loss reward, fixed baseline shares) from the self-play stage (checkpoints/README.md).
    expect(ck.manifest.config).toMatchObject({
      initFrom: 'runs/prosperity-self-play',
      teacher: { coef: 2 },
      rewards: { terminal: 'winLoss', shaped: false },
      league: { fixedShares: { random: 0.2, heuristic: 0.2 } },
    });
    expect(ck.manifest.evaluation.map((e) => e.opponents)).toEqual(['3 x random', '3 x heuristic']);
    expect(playsAsOpponent(game, 'ppo:checkpoints/prosperity', 4)).toBe(true);
  }, 60_000);

  it('is refused, naming both hashes, by a game with another observation spec or action catalogue', () => {
    const game = merlinGame('full');
    const good = specHashesOf(game);
    expect(() => loadCheckpoint('checkpoints/default', { ...good, observationSpecHash: 'e'.repeat(64) })).toThrow(
      new RegExp(`observation spec ${game.observationSpec.hash.slice(0, 16)}, but this game's is eeeeeeeeeeeeeeee`),
    );
    expect(() => loadCheckpoint('checkpoints/default', { ...good, actionsHash: 'e'.repeat(64) })).toThrow(CheckpointError);
    expect(loadCheckpoint('checkpoints/default', { ...good, rulesHash: 'e'.repeat(64) }).rulesMatch).toBe(false);
  });
});

describe('layers', () => {
  it('a ppo: agent (and the merlin-gym, /agents and /policy entry points) loads and plays without loading any @tensorflow module; training/network.ts does load tfjs (the check sees it)', async () => {
    const [play, control] = await Promise.all([
      loadInChild(['--play', 'ppo:checkpoints/default', 'index.ts', 'agents/registry.ts', 'games/registry.ts', 'policy/index.ts']),
      loadInChild(['training/network.ts']),
    ]);
    expect(play.moves.length).toBeGreaterThan(100);
    expect(play.tensorflow).toEqual([]);
    expect(control.tensorflow.some((f) => f.includes('@tensorflow/tfjs-core/'))).toBe(true);
  }, 180_000);
});
