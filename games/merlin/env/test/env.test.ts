/**
 * The env contract for Merlin, in the spirit of PettingZoo's api_test and OpenSpiel's basic tests: the
 * AEC cycle, masks that mark exactly what applyAction accepts, determinism across processes, the
 * single-agent wrapper, and vector and pooled envs equal to envs stepped one by one.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AECEnv } from '../../../../env/core/aec.ts';
import { SingleAgentEnv } from '../../../../env/core/single.ts';
import { maskRowWriter, sparseRowWriter, VectorEnv } from '../../../../env/core/vector.ts';
import { utilityOf, writeActionMask } from '../../../../env/core/game.ts';
import { VectorEnvPool } from '../../../../env/core/pool.ts';
import { ArgumentError, IllegalActionError } from '../../../../lib/errors.ts';
import { nextInt, seedRng, type RngState } from '../../../../lib/rng.ts';
import { checkConservation } from '../../engine/invariants.ts';
import { merlinGame } from '../game.ts';
import { createObservationEncoder } from '../observation.ts';
import { opponentFactory } from '../../../registry.ts';
import { traceHash } from './trace.ts';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..', '..', '..');

function pick(rng: RngState, mask: Uint8Array): number {
  const legal: number[] = [];
  for (let i = 0; i < mask.length; i++) if (mask[i]) legal.push(i);
  return legal[nextInt(rng, legal.length)];
}

describe('AEC env (PettingZoo vocabulary)', () => {
  for (const variant of ['full', 'market']) {
    for (const players of [2, 4, 6]) {
      it(`runs the agent cycle to the end: ${variant}, ${players} players`, () => {
        const game = merlinGame(variant);
        const env = new AECEnv(game, { players });
        expect(env.possibleAgents).toEqual([...Array(players).keys()].map((i) => `player_${i}`));
        expect(env.observationSpace('player_0')).toBe(env.observationSpace('player_1'));
        expect(env.actionSpace('player_0').n).toBe(game.numActions);
        env.reset({ seed: `aec/${variant}/${players}` });
        const rng = seedRng('aec-agent');
        const legalBuf = new Int32Array(game.numActions);
        let steps = 0;
        const totals: Record<string, number> = Object.fromEntries(env.possibleAgents.map((a) => [a, 0]));
        while (env.agents.length) {
          const agent = env.agentSelection;
          const { observation, actionMask, reward, termination, truncation } = env.last();
          totals[agent] += reward;
          expect(observation.length).toBe(game.observationSpec.size);
          expect(env.observationSpace().contains(observation)).toBe(true);
          if (termination || truncation) {
            expect(() => env.step(0)).toThrow(ArgumentError);
            env.step(null);
            continue;
          }
          // the mask marks exactly the legal actions, and only the selected agent has any
          const n = game.legalActions(env.state, legalBuf);
          expect(actionMask.reduce((a, b) => a + b, 0)).toBe(n);
          for (let i = 0; i < n; i++) expect(actionMask[legalBuf[i]]).toBe(1);
          const other = env.possibleAgents.find((a) => a !== agent)!;
          expect(env.observe(other).actionMask.every((x) => x === 0)).toBe(true);
          if (steps % 97 === 0) {
            // every unmasked id is refused and changes nothing
            const before = env.serialize();
            for (let a = 0; a < game.numActions; a += 7)
              if (!actionMask[a]) expect(() => game.applyAction(game.clone(env.state), a)).toThrow(IllegalActionError);
            expect(env.serialize()).toBe(before);
            expect(() => env.step(null)).toThrow(ArgumentError);
          }
          env.step(pick(rng, actionMask));
          steps++;
          if (steps % 50 === 0) expect(checkConservation(env.state, game.ruleset)).toEqual([]);
        }
        // cumulative rewards seen by each agent add up to the payoffs, which sum to zero
        const sum = Object.values(totals).reduce((a, b) => a + b, 0);
        expect(Math.abs(sum)).toBeLessThan(1e-9);
        expect(Math.max(...Object.values(totals))).toBeCloseTo(1, 9);
      });
    }
  }

  it('gives the same observations and masks for the same seed, in this and another process', () => {
    const a = traceHash('det-1', 4, 'full', 1500);
    expect(traceHash('det-1', 4, 'full', 1500)).toBe(a);
    expect(traceHash('det-2', 4, 'full', 1500)).not.toBe(a);
    const other = execFileSync(process.execPath, ['--import', 'tsx', join(here, 'trace.ts'), 'det-1', '4', 'full'], {
      cwd: root,
      encoding: 'utf8',
    }).trim();
    expect(other).toBe(traceHash('det-1', 4, 'full'));
  });

  it('clones, serialises and exposes OpenSpiel-style access', () => {
    const game = merlinGame('full');
    const env = new AECEnv(game, { players: 3 });
    env.reset({ seed: 'os' });
    const rng = seedRng('os-agent');
    for (let i = 0; i < 40 && env.currentPlayer() >= 0; i++) env.step(pick(rng, env.last().actionMask));
    expect(env.currentPlayer()).toBeGreaterThanOrEqual(0); // still running: the checks below step it
    const c = env.clone();
    expect(c.serialize()).toBe(env.serialize());
    expect(c.legalActions()).toEqual(env.legalActions());
    const a = env.legalActions()[0];
    c.step(a);
    expect(c.serialize()).not.toBe(env.serialize());
    const t = env.stateTensor();
    expect(t.length).toBe(game.stateSpec.size);
    expect(t.every(Number.isFinite)).toBe(true);
    const r = env.resampleHidden('x', env.currentPlayer());
    expect(checkConservation(r, game.ruleset)).toEqual([]);
    expect(env.render()).toMatch(/^Turn \d+\/400/);
  });

  it('ranks a truncated game by net worth, or pays nothing with truncation: zero; shaped rewards follow net worth', () => {
    const game = merlinGame('full');
    const s = game.newState(2, 'trunc');
    const out = new Float64Array(2);
    const rng = seedRng('t');
    const buf = new Int32Array(game.numActions);
    while (!game.isTerminal(s)) game.applyAction(s, buf[nextInt(rng, game.legalActions(s, buf))]);
    game.returns(s, out, {});
    expect(out[s.winner]).toBe(1);
    expect(out[1 - s.winner]).toBe(-1);
    if (game.isTruncated(s)) {
      game.returns(s, out, { truncation: 'zero' });
      expect([...out]).toEqual([0, 0]);
    }
    // `loss` pays both seats a loss when the turn limit ended the game, and the winner as usual otherwise.
    game.returns(s, out, { truncation: 'loss' });
    expect([...out]).toEqual(game.isTruncated(s) ? [-1, -1] : s.winner === 0 ? [1, -1] : [-1, 1]);
    const env = new AECEnv(game, { players: 2, rewards: { shaped: true, shapedScale: 1, terminal: 'zero' } });
    env.reset({ seed: 'shaped' });
    const start = [game.score(env.state, 0), game.score(env.state, 1)];
    const seen = [0, 0];
    for (let i = 0; i < 300 && env.currentPlayer() >= 0; i++) {
      env.step(pick(rng, env.last().actionMask));
      seen[0] += env.rewards.player_0;
      seen[1] += env.rewards.player_1;
    }
    expect(seen[0]).toBeCloseTo(game.score(env.state, 0) - start[0], 6);
    expect(seen[1]).toBeCloseTo(game.score(env.state, 1) - start[1], 6);

    // Relative shaping pays the change in each seat's lead over the mean of the others, and sums to 0.
    const rel = new AECEnv(game, { players: 3, rewards: { shaped: true, shapedRelative: true, shapedScale: 1, terminal: 'zero' } });
    rel.reset({ seed: 'relative' });
    const lead = (p: number) => 1.5 * game.score(rel.state, p) - 0.5 * [0, 1, 2].reduce((t, q) => t + game.score(rel.state, q), 0);
    const lead0 = [0, 1, 2].map(lead);
    const got = [0, 0, 0];
    let moved = 0;
    for (let i = 0; i < 300 && rel.currentPlayer() >= 0; i++) {
      rel.step(pick(rng, rel.last().actionMask));
      const r = [rel.rewards.player_0, rel.rewards.player_1, rel.rewards.player_2];
      expect(r[0] + r[1] + r[2]).toBeCloseTo(0, 6);
      if (r.some((x) => x !== 0)) moved++;
      for (let p = 0; p < 3; p++) got[p] += r[p];
    }
    expect(moved).toBeGreaterThan(0);
    for (let p = 0; p < 3; p++) expect(got[p]).toBeCloseTo(lead(p) - lead0[p], 6);
    expect(utilityOf(game.metadata, { shaped: true, shapedRelative: true })).toBe(game.metadata.utility);
    expect(utilityOf(game.metadata, { shaped: true })).toBe('generalSum');
  });
});

describe('single-agent env (Gymnasium vocabulary)', () => {
  const opponents = opponentFactory(['random']);

  it('plays whole episodes with masked random actions; the learner is asked only on its turns', () => {
    const game = merlinGame('full');
    const env = new SingleAgentEnv(game, { players: 4, opponents });
    const seats = new Set<number>();
    const rng = seedRng('single');
    for (let ep = 0; ep < 6; ep++) {
      let { observation, info } = env.reset(`single/${ep}`);
      seats.add(info.seat);
      expect(env.observationSpace.contains(observation)).toBe(true);
      let total = 0;
      for (let t = 0; t < 100_000; t++) {
        expect(game.currentPlayer(env.state)).toBe(info.seat);
        const r = env.step(pick(rng, info.actionMask));
        total += r.reward;
        if (r.terminated || r.truncated) break;
        ({ observation, info } = r);
      }
      expect(game.isTerminal(env.state)).toBe(true);
      // the learner's rewards over the episode add up to its payoff: +1 for a win, -1/3 otherwise
      expect(Math.abs(total - 1) < 1e-9 || Math.abs(total + 1 / 3) < 1e-9).toBe(true);
    }
    expect(seats.size).toBeGreaterThan(1);
  });

  it('refuses an illegal action with a typed error and no change, or as a penalised no-op', () => {
    const game = merlinGame('full');
    const strict = new SingleAgentEnv(game, { players: 2, opponents, learnerSeat: 0 });
    const { info } = strict.reset('ill');
    const bad = info.actionMask.indexOf(0);
    const before = game.serialize(strict.state);
    expect(() => strict.step(bad)).toThrow(IllegalActionError);
    expect(game.serialize(strict.state)).toBe(before);
    const lenient = new SingleAgentEnv(game, { players: 2, opponents, learnerSeat: 0, illegal: 'noop', illegalPenalty: 0.5 });
    const r0 = lenient.reset('ill');
    const r = lenient.step(bad);
    expect(r.reward).toBe(-0.5);
    expect(r.info.illegalAction).toBe(true);
    expect(r.observation).toEqual(r0.observation);
    expect(r.terminated || r.truncated).toBe(false);
  });
});

describe('vector env and worker pool', () => {
  const game = merlinGame('full');
  const opts = { players: 3, opponents: opponentFactory(['random']) };
  const D = game.observationSpec.size;
  const A = game.numActions;

  /** The whole row, byte for byte (the vector env rewrites only changed entries: every entry must match). */
  const digest = (row: Float32Array | Uint8Array) =>
    createHash('sha256')
      .update(new Uint8Array(row.buffer, row.byteOffset, row.byteLength))
      .digest('hex');

  function driveSingles(n: number, seed: string, steps: number, actionsFor: (t: number, masks: Uint8Array[]) => number[]) {
    const envs = [...Array(n)].map(() => new SingleAgentEnv(game, opts));
    const obs = envs.map(() => new Float32Array(D));
    const masks = envs.map(() => new Uint8Array(A));
    const episode = new Array(n).fill(0);
    const needs = new Array(n).fill(false);
    envs.forEach((e, i) => e.resetInto(`${seed}/${i}/0`, obs[i], masks[i]));
    const trace: string[] = [];
    for (let t = 0; t < steps; t++) {
      const acts = actionsFor(t, masks);
      const row: number[] = [];
      envs.forEach((e, i) => {
        if (needs[i]) {
          episode[i]++;
          e.resetInto(`${seed}/${i}/${episode[i]}`, obs[i], masks[i]);
          needs[i] = false;
          row.push(0, 0, 0);
          return;
        }
        const f = e.stepInto(acts[i], obs[i], masks[i]);
        row.push(e.lastReward, f & 1 ? 1 : 0, f & 2 ? 1 : 0);
        if (f & 3) needs[i] = true;
      });
      trace.push(JSON.stringify([row, obs.map(digest), masks.map(digest)]));
    }
    return trace;
  }

  function chooser(seed: string) {
    const rng = seedRng(seed);
    return (_t: number, masks: Uint8Array[]) => masks.map((m) => pick(rng, m));
  }

  it('VectorEnv batches equal independent envs stepped one by one (with autoreset)', () => {
    const n = 4;
    const steps = 400;
    const expected = driveSingles(n, 'vec', steps, chooser('acts'));
    const v = new VectorEnv(game, n, opts);
    v.reset('vec');
    const choose = chooser('acts');
    const got: string[] = [];
    for (let t = 0; t < steps; t++) {
      const masks = [...Array(n)].map((_, i) => v.actionMasks.subarray(i * A, (i + 1) * A));
      v.step(choose(t, masks));
      const row: number[] = [];
      for (let i = 0; i < n; i++) row.push(v.rewards[i], v.terminated[i], v.truncated[i]);
      got.push(JSON.stringify([row, [...Array(n)].map((_, i) => digest(v.observations.subarray(i * D, (i + 1) * D))), masks.map(digest)]));
    }
    expect(got).toEqual(expected);
  });

  it.each([
    ['sparseRowWriter', () => sparseRowWriter(game, new Int32Array(D), new Float32Array(D))],
    ['game.observationRowWriter', () => game.observationRowWriter()],
    ['an observation row writer whose entry list starts too short', () => createObservationEncoder(game.ruleset).observationRowWriter(1)],
  ])(
    'row writers (%s) keep their observation and mask rows equal to observe and writeActionMask, and clear a row they did not write last',
    (_name, makeWriter) => {
      const write = makeWriter();
      const listed = new Int32Array(D);
      const writeMask = maskRowWriter(game);
      const rowA = new Float32Array(D).fill(7);
      const rowB = new Float32Array(D).fill(-3);
      const maskA = new Uint8Array(A).fill(1);
      const maskB = new Uint8Array(A).fill(9);
      const expected = new Float32Array(D);
      const expectedMask = new Uint8Array(A);
      const legal = new Int32Array(A);
      const rng = seedRng('row-writer');
      const s = game.newState(4, 'row-writer');
      for (let t = 0; t < 400 && game.currentPlayer(s) >= 0; t++) {
        // Mostly the seat to act (its mask is non-zero), now and then another one (an all-zero mask).
        const seat = t % 5 === 4 ? (game.currentPlayer(s) + 1) % 4 : game.currentPlayer(s);
        const other = t % 50 === 49; // now and then a different row: it must be cleared first
        const row = other ? rowB : rowA;
        const mask = other ? maskB : maskA;
        write(s, seat, row);
        writeMask(s, seat, mask);
        game.observe(s, seat, expected);
        writeActionMask(game, s, seat, legal, expectedMask);
        expect(digest(row)).toBe(digest(expected));
        expect(digest(mask)).toBe(digest(expectedMask));
        const written = (write as { written?: (out: Int32Array) => number }).written;
        if (written) {
          // The writer's list of what it wrote covers every non-zero entry of the row.
          const m = written(listed);
          expect(m).toBeGreaterThan(0);
          const inList = new Set(listed.subarray(0, m));
          for (let j = 0; j < D; j++)
            if (row[j] !== 0 && !inList.has(j)) throw new Error(`non-zero entry ${j} is not in the writer's list`);
        }
        game.applyAction(s, legal[nextInt(rng, game.legalActions(s, legal))]);
      }
    },
  );

  it('a worker pool gives the same batches as one VectorEnv', async () => {
    const n = 4;
    const v = new VectorEnv(game, n, opts);
    const pool = await VectorEnvPool.create(game, {
      game: { module: join(root, 'games/merlin/env/game.ts'), export: 'merlinGame', args: ['full'] },
      opponents: { module: join(root, 'games/registry.ts'), export: 'opponentFactory', args: [['random']] },
      numEnvs: n,
      workers: 2,
      players: 3,
    });
    try {
      v.reset('pool');
      pool.reset('pool');
      const rng = seedRng('pool-acts');
      for (let t = 0; t < 300; t++) {
        // Stepping blocks this thread; let the test runner's messages through now and then.
        if (t % 25 === 0) await new Promise((r) => setImmediate(r));
        expect(digest(pool.observations)).toBe(digest(v.observations));
        expect(digest(pool.actionMasks)).toBe(digest(v.actionMasks));
        const acts = [...Array(n)].map((_, i) => pick(rng, v.actionMasks.subarray(i * A, (i + 1) * A)));
        v.step(acts);
        if (t % 2) pool.step(acts);
        else {
          // the split step: workers start on their envs, then the caller fills its own actions
          for (let i = pool.callerEnvs; i < n; i++) pool.actions[i] = acts[i];
          pool.beginStep();
          expect(() => pool.beginStep()).toThrow(ArgumentError);
          for (let i = 0; i < pool.callerEnvs; i++) pool.actions[i] = acts[i];
          pool.endStep();
        }
        expect(Array.from(pool.rewards)).toEqual(Array.from(v.rewards));
        expect(Array.from(pool.terminated)).toEqual(Array.from(v.terminated));
      }
    } finally {
      await pool.close();
    }
  });
});
