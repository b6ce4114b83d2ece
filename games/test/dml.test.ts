/**
 * Dragon's Money Laundering through the game registry: every variant plays by name in simulate, the generated
 * documents are up to date, and the shipped checkpoint `ppo:checkpoints/dml` loads and plays it (and Merlin
 * refuses it).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CheckpointError } from '../../policy/checkpoint.ts';
import { gameEntry } from '../registry.ts';
import { runSimulation } from '../../cli/simulate.ts';
import { runEval } from '../../cli/eval.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const entry = gameEntry('dml');

describe('dml in the registry', () => {
  it('names its variants and agents, and simulate plays every variant with clean invariants', () => {
    expect(entry.variants).toEqual(['full', 'three', 'mayhem', 'fire']);
    expect(entry.agentSpecs).toContain('heuristic');
    expect(entry.agentSpecs).toContain('single:smuggler');
    for (const v of entry.variants) {
      const g = entry.game(v);
      const r = runSimulation({
        gameName: 'dml',
        ruleset: v,
        games: 4,
        players: g.minPlayers,
        agents: ['heuristic', 'random'],
        seed: v,
        checkInvariants: true,
      });
      expect([r.errors, r.invariant_violations, r.truncated]).toEqual([0, 0, 0]);
      expect(r.median_turns).toBeGreaterThan(0);
    }
  });

  it('docs/dml equals the generated documents (regenerate with `npx merlin docs --game dml`)', () => {
    for (const d of entry.docs()) expect(readFileSync(join(root, 'docs', d.file), 'utf8'), d.file).toBe(d.text);
  });
});

describe('the shipped checkpoint ppo:checkpoints/dml', () => {
  it('loads for every variant and beats three random players', async () => {
    for (const v of entry.variants) expect(() => entry.agent('ppo:checkpoints/dml', 0, entry.game(v))).not.toThrow();
    const r = await runEval({
      game: 'dml',
      variant: 'full',
      agents: ['ppo:checkpoints/dml', 'random', 'random', 'random'],
      games: 24,
      seed: 'ckpt',
      workers: 1,
    });
    expect(r.games).toBe(24);
    expect(r.win_rate_by_agent['ppo:checkpoints/dml']).toBeGreaterThan(0.4);
  });

  it('is refused by Merlin (made for another game)', () => {
    const merlin = gameEntry('merlin');
    expect(() => merlin.agent('ppo:checkpoints/dml', 0, merlin.game())).toThrow(CheckpointError);
  });
});
