/** Merlin's agents: the specs it resolves, legality and determinism of each agent on Merlin, the heuristic's weights file, and eval. */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ArgumentError } from '../../../../lib/errors.ts';
import { loadRuleset } from '../../rules/index.ts';
import { applyAction, catalogue, createGame, currentPlayer, isTerminal, legalActions, serializeState } from '../../engine/index.ts';
import { parseAgentList, resolveAgent as resolveFor, specReadsFiles } from '../../../../agents/registry.ts';
import { loadWeights } from '../heuristic.ts';
import { merlinAgents } from '../specs.ts';
import { merlinGame } from '../../env/game.ts';
import type { Ruleset } from '../../rules/index.ts';
import { MctsAgent } from '../../../../agents/mcts.ts';
import { runEval } from '../../../../cli/eval.ts';

const rs = loadRuleset('full');
/** Merlin's agents: the shared specs plus the game's own (games/merlin/agents/specs.ts), as the game registry combines them. */
const resolveAgent = (spec: string, seed: string | number, r: Ruleset = rs) => resolveFor(spec, seed, merlinGame(r), merlinAgents);

/** Play a game with one spec per seat; returns the final state JSON and the action ids. */
function play(specs: string[], seed: string, maxSteps = 5000) {
  const s = createGame(rs, specs.length, seed);
  const agents = specs.map((sp, p) => resolveAgent(sp, `${seed}/${p}`, rs));
  const buf = new Int32Array(catalogue(rs).size);
  const actions: number[] = [];
  while (!isTerminal(s) && actions.length < maxSteps) {
    const n = legalActions(s, rs, buf);
    const seat = currentPlayer(s);
    const a = agents[seat].act(null, null, { seat, legal: buf, numLegal: n, state: s });
    expect(Array.from(buf.subarray(0, n))).toContain(a);
    applyAction(s, rs, a);
    actions.push(a);
  }
  return { json: serializeState(s), actions, s };
}

describe('agent registry', () => {
  it('resolves random, heuristic, heuristic:PATH, mcts, mcts:N and ppo:DIR, and refuses the rest clearly', () => {
    expect(resolveAgent('random', 1).spec).toBe('random');
    expect(resolveAgent('heuristic', 1).spec).toBe('heuristic');
    expect(resolveAgent('mcts', 1).spec).toBe('mcts');
    expect(resolveAgent('mcts:12', 1)).toBeInstanceOf(MctsAgent);
    expect(() => resolveAgent('mcts:0', 1)).toThrow(/positive integer/);
    expect(resolveAgent('mcts:20:random', 1).spec).toBe('mcts:20:random');
    expect(() => resolveAgent('mcts:20:greedy', 1)).toThrow(/ROLLOUT/);
    expect(() => resolveAgent('heuristic:a:b', 1)).toThrow(/too many/);
    expect(() => resolveAgent('mcts:abc', 1)).toThrow(ArgumentError);
    expect(() => resolveAgent('ppo:some/dir', 1)).toThrow(/checkpoint some\/dir: cannot read manifest.json/);
    expect(() => resolveAgent('ppo', 1)).toThrow(/needs a checkpoint directory/);
    expect(() => resolveAgent('ppo:d:fast', 1)).toThrow(/greedy or sample/);
    expect(() => resolveAgent('alphazero', 1)).toThrow(/unknown agent.*available/);
    expect([
      specReadsFiles('ppo:checkpoints/default'),
      specReadsFiles('ppo:/tmp/x'),
      specReadsFiles('ppo:checkpoints/../x'),
      specReadsFiles('heuristic'),
      specReadsFiles('heuristic:/tmp/w.json', merlinAgents),
    ]).toEqual([false, true, true, false, true]);
    expect(() => parseAgentList('random,,heuristic', (sp) => resolveAgent(sp, 0))).not.toThrow();
    expect(() => parseAgentList(' ', (sp) => resolveAgent(sp, 0))).toThrow(ArgumentError);
  });

  it('refuses a heuristic weights file with a typo, naming the field', () => {
    const dir = mkdtempSync(join(tmpdir(), 'merlin-w-'));
    const w = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'heuristic.json'), 'utf8'));
    w.cardValu = 3;
    writeFileSync(join(dir, 'w.json'), JSON.stringify(w));
    expect(() => loadWeights(join(dir, 'w.json'))).toThrow(/cardValu/);
    const good = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'heuristic.json'), 'utf8'));
    good.cardValue = 0;
    writeFileSync(join(dir, 'g.json'), JSON.stringify(good));
    expect(resolveAgent(`heuristic:${join(dir, 'g.json')}`, 1, rs).spec).toContain('heuristic:');
  });
});

describe('agents play legal actions and are deterministic given their seed', () => {
  it('random and heuristic: whole games, same seed same game', () => {
    const a = play(['heuristic', 'random', 'heuristic', 'random'], 'det');
    const b = play(['heuristic', 'random', 'heuristic', 'random'], 'det');
    expect(isTerminal(a.s)).toBe(true);
    expect(a.json).toBe(b.json);
    expect(a.actions).toEqual(b.actions);
  });

  it('mcts: legal and deterministic (a few searched decisions)', () => {
    const a = play(['mcts:8', 'heuristic', 'heuristic'], 'mc', 400);
    const b = play(['mcts:8', 'heuristic', 'heuristic'], 'mc', 400);
    expect(a.actions).toEqual(b.actions);
  });

  it('the heuristic beats three random players', () => {
    let wins = 0;
    for (let g = 0; g < 24; g++) {
      const specs = ['random', 'random', 'random'];
      specs.splice(g % 4, 0, 'heuristic');
      const { s } = play(specs, `hr/${g}`);
      if (s.winner === g % 4) wins++;
    }
    expect(wins).toBeGreaterThanOrEqual(12);
  });
});

describe('merlin eval', () => {
  it('rotates seats, reports the DESIGN keys, and does not depend on the number of worker threads', async () => {
    const o = { variant: 'full', agents: ['heuristic', 'random', 'random'], games: 9, seed: 'ev' };
    const one = await runEval({ ...o, workers: 1 });
    const two = await runEval({ ...o, workers: 2 });
    for (const k of ['games', 'win_rate_by_agent', 'ci95_by_agent', 'elo_by_agent', 'victory_types']) expect(one).toHaveProperty(k);
    expect(one.seat_games_by_agent).toEqual({ heuristic: 9, random: 18 });
    const strip = (r: typeof one) => ({ ...r, seconds: 0 });
    expect(strip(two)).toEqual(strip(one));
    const [lo, hi] = one.ci95_by_agent.heuristic;
    expect(lo).toBeLessThanOrEqual(one.win_rate_by_agent.heuristic);
    expect(hi).toBeGreaterThanOrEqual(one.win_rate_by_agent.heuristic);
  });
});
