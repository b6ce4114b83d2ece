/**
 * `merlin bench`: measures the engine on this machine (DESIGN "CLI"; docs/BENCHMARKS.md records results).
 *
 * engine_steps_per_sec: uniformly random legal play, legal-action enumeration + apply, one core, no
 * observation encoding (new games are started as old ones end; game creation is included).
 * clone_us / serialize_us: mean cost of `cloneState` / `serializeState` over mid-game 4-player states.
 * env_steps_per_sec and vector_env_steps_per_sec are null until the env layer exists (RL environment issue).
 */
import { cpus, totalmem } from 'node:os';
import { nextInt, seedRng } from '../env/core/rng.ts';
import type { Ruleset } from '../env/merlin/rules/index.ts';
import {
  applyAction, catalogue, cloneState, createGame, isTerminal, legalActions, serializeState, type MerlinState,
} from '../env/merlin/engine/index.ts';

export interface BenchResult {
  engine_steps_per_sec: number;
  env_steps_per_sec: number | null;
  vector_env_steps_per_sec: number | null;
  clone_us: number;
  serialize_us: number;
  players: number;
  seconds: number;
  not_built: string[];
  machine: { cpu: string; cores: number; memory_gib: number; node: string; date: string };
}

/** Run the benchmark for about `seconds` of engine play plus the clone/serialise measurements. */
export function runBench(rs: Ruleset, seconds = 5, players = 4): BenchResult {
  const buf = new Int32Array(catalogue(rs).size);
  const rng = seedRng('bench');
  const samples: MerlinState[] = [];
  let steps = 0;
  let g = 0;
  // Warm-up (JIT), not timed.
  const warm = performance.now();
  while (performance.now() - warm < 500) {
    const s = createGame(rs, players, `warm/${g++}`);
    while (!isTerminal(s)) applyAction(s, rs, buf[nextInt(rng, legalActions(s, rs, buf))]);
  }
  const t0 = performance.now();
  let elapsed = 0;
  while (elapsed < seconds * 1000) {
    const s = createGame(rs, players, `bench/${g++}`);
    while (!isTerminal(s)) {
      applyAction(s, rs, buf[nextInt(rng, legalActions(s, rs, buf))]);
      steps++;
      if (s.turn === 40 && samples.length < 200 && steps % 7 === 0) samples.push(cloneState(s));
    }
    elapsed = performance.now() - t0;
  }
  const stepsPerSec = steps / (elapsed / 1000);
  const time = (f: (s: MerlinState) => unknown, reps: number) => {
    const t = performance.now();
    for (let r = 0; r < reps; r++) for (const s of samples) f(s);
    return ((performance.now() - t) * 1000) / (reps * Math.max(1, samples.length));
  };
  time(cloneState, 20);
  const cloneUs = time(cloneState, 200);
  const serializeUs = time(serializeState, 20);
  const cpu = cpus();
  return {
    engine_steps_per_sec: Math.round(stepsPerSec),
    env_steps_per_sec: null,
    vector_env_steps_per_sec: null,
    clone_us: Math.round(cloneUs * 100) / 100,
    serialize_us: Math.round(serializeUs * 100) / 100,
    players,
    seconds: Math.round(elapsed) / 1000,
    not_built: ['env', 'vector_env'],
    machine: {
      cpu: cpu[0]?.model ?? 'unknown',
      cores: cpu.length,
      memory_gib: Math.round(totalmem() / 2 ** 30),
      node: process.version,
      date: new Date().toISOString().slice(0, 10),
    },
  };
}
