/**
 * The policy-guided search `mcts:N:ppo:DIR` (agents/puct.ts) on every registered game with its shipped
 * checkpoint: legal moves, the state left as it was, determinism, the policy's priors and value read, typed errors.
 */
import { describe, expect, it } from 'vitest';
import { ArgumentError } from '../../lib/errors.ts';
import { CheckpointError } from '../../policy/checkpoint.ts';
import { PolicyForward } from '../../policy/forward.ts';
import { PuctAgent } from '../../agents/puct.ts';
import { PpoAgent } from '../../agents/ppo.ts';
import type { Game, RewardOptions } from '../../env/core/game.ts';
import { gameEntry, GAMES } from '../registry.ts';

/** The shipped checkpoint of each registered game that has one (its `hard` difficulty preset, `ppo:DIR`). */
const CHECKPOINT: Record<string, string> = Object.fromEntries(
  Object.values(GAMES).flatMap((e) => {
    const hard = e.agents.presets?.hard;
    return hard?.startsWith('ppo:') ? [[e.name, hard.slice('ppo:'.length)]] : [];
  }),
);

/** Positions of a game between seats playing `spec`: the states (copies) where the seat to act has a choice. */
function positions(name: string, spec: string, count: number, seed: string): { game: Game<unknown>; states: unknown[] } {
  const entry = gameEntry(name);
  const game = entry.game();
  const s = game.newState(4, seed);
  const agents = [0, 1, 2, 3].map((p) => entry.agent(spec, `${seed}/${p}`, game));
  const legal = new Int32Array(game.numActions);
  const states: unknown[] = [];
  while (states.length < count && !game.isTerminal(s)) {
    const p = game.currentPlayer(s);
    const n = game.legalActions(s, legal);
    if (n > 1) states.push(game.clone(s));
    game.applyAction(s, agents[p].act(null, null, { seat: p, legal, numLegal: n, state: s }));
  }
  return { game, states };
}

describe('mcts:N:ppo:DIR', () => {
  it('plays only legal moves in every game, leaves the state as it was, and is deterministic given its seed', () => {
    expect(Object.keys(CHECKPOINT)).toEqual(expect.arrayContaining(['merlin', 'economicon', 'dml']));
    for (const name of Object.keys(CHECKPOINT)) {
      const spec = `mcts:16:ppo:${CHECKPOINT[name]}`;
      const entry = gameEntry(name);
      const { game, states } = positions(name, `ppo:${CHECKPOINT[name]}`, 40, 'puct');
      expect(states.length, name).toBe(40);
      const a = entry.agent(spec, 'seed', game);
      const b = entry.agent(spec, 'seed', game);
      const legal = new Int32Array(game.numActions);
      for (const s of states) {
        const before = game.serialize(s);
        const n = game.legalActions(s, legal);
        const ctx = { seat: game.currentPlayer(s), legal, numLegal: n, state: s };
        const move = a.act(null, null, ctx);
        expect([...legal.subarray(0, n)], name).toContain(move);
        expect(game.serialize(s), `${name}: state untouched`).toBe(before);
        expect(b.act(null, null, ctx), `${name}: same seed, same move`).toBe(move);
      }
      expect((a as PuctAgent).simulationsRun, name).toBe(16 * 40);
    }
  }, 60_000);

  it("with one simulation plays the policy's most probable legal action, and reads the value head at the root", () => {
    for (const name of Object.keys(CHECKPOINT)) {
      const entry = gameEntry(name);
      const { game, states } = positions(name, 'random', 30, 'argmax');
      const search = entry.agent(`mcts:1:ppo:${CHECKPOINT[name]}`, 0, game) as PuctAgent;
      const policy = entry.agent(`ppo:${CHECKPOINT[name]}`, 0, game) as PpoAgent;
      const forward = new PolicyForward(policy.checkpoint.shape, policy.checkpoint.params, { simd: false });
      const obs = new Float32Array(game.observationSpec.size);
      const legal = new Int32Array(game.numActions);
      let checked = 0;
      let heads = 0;
      for (const s of states) {
        const n = game.legalActions(s, legal);
        const seat = game.currentPlayer(s);
        const ctx = { seat, legal, numLegal: n, state: s };
        expect(search.act(null, null, ctx), name).toBe(policy.act(null, null, ctx));
        const found = search.lastSearch()!;
        expect(found.simulations).toBe(1);
        game.observe(s, seat, obs);
        // The value head's part: its estimate on the seat's own observation, which no determinisation changes.
        expect(found.head, `${name}: the root's head value`).toBeCloseTo(forward.run(obs), 4);
        heads++;
        // The priors are the policy's probabilities over the legal actions.
        const top = policy.topChoices(ctx, n);
        for (const { action, probability } of top)
          expect(found.actions.find((x) => x.action === action)!.prior).toBeCloseTo(probability, 4);
        // The value is the value head's plus the shaping potential the checkpoint was trained with (score or lead
        // / scale), checked where none of the scores it reads depends on hidden information (the search reads a determinisation).
        const rewards = policy.checkpoint.manifest.config.rewards as RewardOptions;
        const scores = [0, 1, 2, 3].map((q) => game.score(s, q));
        const read = rewards.shapedRelative ? [0, 1, 2, 3] : [seat];
        const hidden = [1, 2, 3, 4, 5].some((k) => read.some((q) => game.score(game.resampleHidden(s, k, seat), q) !== scores[q]));
        if (hidden) continue;
        checked++;
        const others = (scores.reduce((a, b) => a + b, 0) - scores[seat]) / 3;
        const phi = rewards.shaped ? (rewards.shapedRelative ? scores[seat] - others : scores[seat]) / rewards.shapedScale! : 0;
        expect(found.value, `${name}: the root's value is the value head's`).toBeCloseTo(forward.run(obs) + phi, 4);
      }
      expect(heads, name).toBeGreaterThanOrEqual(5);
      // The whole value (head plus potential) is checked where the potential reads no hidden information. DML's
      // checkpoint is shaped by its lead in victory points, and every seat's points count the cards in its hand,
      // which each determinisation redraws: no DML state qualifies, so there the head's part alone is checked.
      if (name !== 'dml') expect(checked, name).toBeGreaterThanOrEqual(5);
    }
  }, 60_000);

  it('spends its simulations below the root, most on the actions it plays', () => {
    const name = 'merlin';
    const { game, states } = positions(name, 'random', 5, 'visits');
    const search = gameEntry(name).agent(`mcts:64:ppo:${CHECKPOINT[name]}`, 0, game) as PuctAgent;
    const legal = new Int32Array(game.numActions);
    for (const s of states) {
      const n = game.legalActions(s, legal);
      const move = search.act(null, null, { seat: game.currentPlayer(s), legal, numLegal: n, state: s });
      const found = search.lastSearch()!;
      expect(found.simulations).toBe(64);
      expect(found.actions.reduce((t, x) => t + x.visits, 0)).toBe(63);
      const most = Math.max(...found.actions.map((x) => x.visits));
      expect(found.actions.find((x) => x.action === move)!.visits).toBe(most);
    }
  }, 30_000);

  it('mixes seeded Dirichlet noise into the root priors only when asked', () => {
    const { game, states } = positions('economicon', 'random', 1, 'noise');
    const legal = new Int32Array(game.numActions);
    const s = states[0];
    const ctx = { seat: game.currentPlayer(s), legal, numLegal: game.legalActions(s, legal), state: s };
    const priors = (noise: { alpha: number; fraction: number } | null, seed: string) => {
      const agent = new PuctAgent(game, CHECKPOINT.economicon, seed, { simulations: 1, timeMs: 0, exploration: 1.5, rootNoise: noise });
      agent.act(null, null, ctx);
      return agent.lastSearch()!.actions.map((x) => x.prior);
    };
    const plain = priors(null, 'a');
    const noisy = priors({ alpha: 0.3, fraction: 0.25 }, 'a');
    expect(noisy).not.toEqual(plain);
    expect(noisy).toEqual(priors({ alpha: 0.3, fraction: 0.25 }, 'a'));
    expect(noisy.reduce((t, p) => t + p, 0)).toBeCloseTo(1, 6);
    expect(priors(null, 'b')).toEqual(plain);
  });

  it('refuses a bad spec with a typed error, and counts only outside checkpoints as reading files', () => {
    const entry = gameEntry('merlin');
    const game = entry.game();
    expect(entry.agent('mcts:10:0.5:ppo:checkpoints/default', 0, game)).toBeInstanceOf(PuctAgent);
    for (const bad of [
      'mcts:0:ppo:checkpoints/default',
      'mcts:x:ppo:checkpoints/default',
      'mcts:10:ppo:',
      'mcts:2.5:ppo:checkpoints/default',
      'mcts:10:-1:ppo:checkpoints/default',
      'mcts:10::ppo:checkpoints/default',
      'mcts:10:x:ppo:checkpoints/default',
    ])
      expect(() => entry.agent(bad, 0, game), bad).toThrow(ArgumentError);
    expect(() => entry.agent('mcts:10:ppo:checkpoints/economicon', 0, game)).toThrow(CheckpointError);
    expect(() => entry.agent('mcts:10:ppo:/no/such/dir', 0, game)).toThrow(CheckpointError);
    expect(() => new PuctAgent(game, CHECKPOINT.merlin, 0, { simulations: 4, timeMs: -1, exploration: 1, rootNoise: null })).toThrow(
      ArgumentError,
    );
    expect(entry.specReadsFiles('mcts:10:ppo:checkpoints/default')).toBe(false);
    expect(entry.specReadsFiles('mcts:10:ppo:/tmp/elsewhere')).toBe(true);
    expect(entry.specReadsFiles('mcts:10:0.5:ppo:/tmp/elsewhere')).toBe(true);
    expect(entry.specReadsFiles('mcts:10:0.5:ppo:checkpoints/default')).toBe(false);
    expect(entry.agentSpecs).toContain('mcts:SIMULATIONS:ppo:CHECKPOINT_DIR');
  });
});
