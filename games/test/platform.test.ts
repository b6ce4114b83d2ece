/**
 * The platform knows no game: Race to 12 (env/core/test/race.ts), registered at test time with one
 * `registerGame` call, plays through the code paths of every command: simulate, eval, bench, probe (and its
 * report), replay (and its viewer), docs, train and its `ppo:` checkpoint, the env opponents, and a
 * checkpoint made for another game is refused.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckpointError } from '../../policy/checkpoint.ts';
import { SingleAgentEnv } from '../../env/core/single.ts';
import { GAMES, gameEntry, opponentFactory, registerGame, unregisterGame } from '../registry.ts';
import { raceEntry } from './race-entry.ts';
import { runSimulation } from '../../cli/simulate.ts';
import { runEval } from '../../cli/eval.ts';
import { runBench } from '../../cli/bench.ts';
import { runProbe } from '../../designer/probe.ts';
import { reportHtml } from '../../designer/report.ts';
import { recordGame, replayLog } from '../../designer/replay.ts';
import { replayHtml } from '../../designer/replay-view.ts';
import { DEFAULT_TRAIN, train } from '../../training/train.ts';

const dir = mkdtempSync(join(tmpdir(), 'merlin-platform-'));

/** The games the registry lists itself, before the test adds Race to 12. */
const shipped = Object.keys(GAMES);
beforeAll(() => registerGame(raceEntry));
afterAll(() => unregisterGame('race'));

describe('a second game registered with one call', () => {
  it('is listed, resolves the shared agent specs, and refuses a second registration and a Merlin checkpoint', () => {
    expect(Object.keys(GAMES)).toEqual([...shipped, 'race']);
    const entry = gameEntry('race');
    const game = entry.game();
    expect(entry.agentSpecs).toEqual([
      'random',
      'mcts',
      'mcts:SIMULATIONS',
      'mcts:SIMULATIONS:random',
      'ppo:CHECKPOINT_DIR',
      'ppo:CHECKPOINT_DIR:sample',
      'mcts:SIMULATIONS:ppo:CHECKPOINT_DIR',
      'mcts:SIMULATIONS:C:ppo:CHECKPOINT_DIR',
      'restricted:KINDS:SPEC',
    ]);
    expect(entry.agent('mcts:8', 0, game).spec).toBe('mcts:8');
    expect(() => entry.agent('heuristic', 0, game)).toThrow(/unknown agent.*available: random, mcts/);
    expect(() => entry.agent('mcts:8:heuristic', 0, game)).toThrow(/race has no heuristic/);
    expect(() => entry.agent('ppo:checkpoints/default', 0, game)).toThrow(CheckpointError);
    expect(() => entry.agent('ppo:checkpoints/default', 0, game)).toThrow(/trained for the game merlin, not race/);
    expect(() => registerGame(raceEntry)).toThrow(/already registered/);
    const env = new SingleAgentEnv(game, { players: 3, learnerSeat: 0, opponents: opponentFactory(['mcts:4'], undefined, 'race') });
    const { info } = env.reset(1);
    expect(env.step(info.actionMask.indexOf(1)).observation.length).toBe(game.observationSpec.size);
    expect(entry.docs().map((d) => d.file)).toEqual(['race/ACTIONS.md', 'race/OBSERVATION.md']);
    expect(entry.docs()[0].text).toContain('| 2 | roll a die |');
  });

  it('simulates and evaluates (deterministic, no invariant violations)', async () => {
    const sim = () =>
      runSimulation({ gameName: 'race', games: 30, players: 3, agents: ['random', 'mcts:8'], seed: 's', checkInvariants: true });
    const a = sim();
    expect(a).toMatchObject({ games: 30, errors: 0, invariant_violations: 0 });
    expect(a.victory_types.goal + (a.victory_types.truncated ?? 0)).toBe(30);
    expect(sim().trajectory_hash).toBe(a.trajectory_hash);
    const ev = await runEval({ game: 'race', variant: 'standard', agents: ['mcts:16', 'random'], games: 20, seed: 'e', workers: 1 });
    expect(Object.keys(ev.win_rate_by_agent)).toEqual(['mcts:16', 'random']);
  });

  it('benches engine, env and a worker pool that builds the game from its gameRef', async () => {
    const entry = gameEntry('race');
    const r = await runBench(entry.game(), entry.gameRef(), { seconds: 0.1, maxWarmup: 0, players: 2, envsPerWorker: 2 });
    expect(r.engine_steps_per_sec).toBeGreaterThan(0);
    expect(r.env_steps_per_sec).toBeGreaterThan(0);
    expect(r.vector_env_steps_per_sec).toBeGreaterThan(0);
    expect(r.clone_us).toBeGreaterThan(0);
  });

  it('probes: win rates and outcomes without Merlin sections, and the report renders', async () => {
    const s = await runProbe({ game: 'race', ruleset: 'standard', agents: ['random', 'mcts:8'], seed: 'p', games: 12, workers: 1 });
    expect(s.game).toBe('race');
    expect(s.by_agent.map((x) => x.games)).toEqual([12, 12]);
    expect(s.kinds).toEqual(['step 1', 'step 2', 'roll a die']);
    expect(s.cards).toBeUndefined();
    const html = await reportHtml([s], { command: 'test', date: 'today' });
    expect(html).not.toContain('id="flows"');
    expect(html).toContain('id="victory"');
  });

  it('records a replay that replays through the game, is refused when tampered, and renders its render text', async () => {
    const log = recordGame('standard', ['random', 'mcts:8'], 'r', undefined, 'race');
    expect(log.game).toBe('race');
    expect(log.actions.length).toBe(log.result.steps);
    expect(log.actions[0].kind).toMatch(/step|roll/);
    replayLog(structuredClone(log));
    const bad = structuredClone(log);
    bad.result.final_state_sha256 = '0'.repeat(64);
    expect(() => replayLog(bad)).toThrow(/ends in state/);
    const html = await replayHtml(log);
    expect(html).toContain('player 1: ');
    expect(html).toContain('id="replay-data"');
  });

  it('trains (imitating its first-legal teacher, then PPO) and the checkpoint plays as ppo:DIR', async () => {
    const out = join(dir, 'race-run');
    const r = await train({
      config: {
        ...DEFAULT_TRAIN,
        game: 'race',
        variants: ['standard'],
        players: 2,
        numEnvs: 2,
        horizon: 8,
        hidden: [8],
        imitationUpdates: 1,
        saveEvery: 0,
      },
      out,
      minutes: 5,
      maxUpdates: 2,
    });
    expect(r.manifest).toMatchObject({ game: 'race', variant: 'standard', updates: 2 });
    const entry = gameEntry('race');
    const sim = runSimulation({ gameName: 'race', games: 4, players: 2, agents: [`ppo:${out}`, 'random'], seed: 't' });
    expect(sim.errors).toBe(0);
    expect(() => gameEntry('merlin').agent(`ppo:${out}`, 0, gameEntry('merlin').game())).toThrow(/trained for the game race, not merlin/);
    expect(entry.teacher(entry.game()).spec).toBe('first-legal');
  }, 120_000);
});
