/**
 * Economicon through the platform: the registry entry resolves the shared agents and
 * Economicon's own, MCTS searches it guided by its heuristic, simulate and eval play it (the worker pool
 * builds it from the entry's gameRef with the same results as one thread), its generated documents are up
 * to date, and the shipped checkpoint `ppo:checkpoints/economicon` loads and plays it (and Merlin refuses it).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CheckpointError } from '../../policy/checkpoint.ts';
import { gameEntry } from '../registry.ts';
import { runSimulation } from '../../cli/simulate.ts';
import { runEval } from '../../cli/eval.ts';
import { basicTests } from '../../env/core/basic-tests.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const entry = gameEntry('economicon');

describe('the economicon registry entry', () => {
  it('lists its variants and agents and resolves each, refusing a Merlin checkpoint', () => {
    expect(entry.variants).toEqual(['standard', 'open-offers', 'spending']);
    expect(entry.defaultVariant).toBe('standard');
    const game = entry.game();
    expect(game.name).toBe('economicon');
    expect(entry.agentSpecs).toEqual(
      expect.arrayContaining(['random', 'heuristic', 'mcts', 'mcts:SIMULATIONS', 'ppo:CHECKPOINT_DIR', 'single:hoarder']),
    );
    for (const spec of ['random', 'heuristic', 'mcts:4', 'mcts:4:random', 'single:hoarder', 'single:marketeer', 'single:mandates'])
      expect(entry.agent(spec, 0, game).spec).toBe(spec);
    expect(() => entry.agent('single:nonsense', 0, game)).toThrow(/no Economicon strategy "single:nonsense"/);
    expect(() => entry.agent('ppo:checkpoints/default', 0, game)).toThrow(CheckpointError);
    expect(entry.teacher(game).spec).toBe('heuristic');
  });

  it('passes the basic tests on every variant through the registry', () => {
    for (const v of entry.variants) expect(basicTests(entry.game(v), { players: [2, 4], games: 2 }).steps).toBeGreaterThan(0);
  });
});

describe('playing economicon', () => {
  it('simulates with heuristic-guided MCTS, every game ending by the rules with no invariant violation', () => {
    const r = runSimulation({
      gameName: 'economicon',
      games: 4,
      players: 2,
      agents: ['mcts:8', 'heuristic'],
      seed: 'e',
      checkInvariants: true,
    });
    expect(r).toMatchObject({ games: 4, errors: 0, invariant_violations: 0 });
    expect(r.victory_types.mandates + r.victory_types.draw).toBe(4);
  });

  it('evaluates the same on one worker thread and on two (the pool builds the game from the gameRef)', async () => {
    const run = (workers: number) =>
      runEval({ game: 'economicon', variant: 'standard', agents: ['heuristic', 'random', 'random'], games: 12, seed: 'w', workers });
    const [one, two] = [await run(1), await run(2)];
    expect(two.win_rate_by_agent).toEqual(one.win_rate_by_agent);
    expect(one.win_rate_by_agent.heuristic).toBeGreaterThan(0.5);
  });
});

describe('the shipped checkpoint ppo:checkpoints/economicon', () => {
  it('loads for economicon, plays every variant legally and beats three random players', async () => {
    for (const v of entry.variants) expect(() => entry.agent('ppo:checkpoints/economicon', 0, entry.game(v))).not.toThrow();
    const r = await runEval({
      game: 'economicon',
      variant: 'standard',
      agents: ['ppo:checkpoints/economicon', 'random', 'random', 'random'],
      games: 40,
      seed: 'ckpt',
      workers: 1,
    });
    expect(r.games).toBe(40);
    expect(r.victory_types.mandates + r.victory_types.draw).toBe(40);
    expect(r.win_rate_by_agent['ppo:checkpoints/economicon']).toBeGreaterThan(0.8);
  });

  it('is refused by Merlin (made for another game)', () => {
    const merlin = gameEntry('merlin');
    expect(() => merlin.agent('ppo:checkpoints/economicon', 0, merlin.game())).toThrow(CheckpointError);
  });
});

describe('docs/economicon', () => {
  it('equals the generated documents (regenerate with `npx merlin docs --game economicon`)', () => {
    for (const d of entry.docs()) expect(readFileSync(join(root, 'docs', d.file), 'utf8'), d.file).toBe(d.text);
  });
});
