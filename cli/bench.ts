/**
 * `merlin bench [--game NAME]`: measures a registered game's engine and envs on this machine (DESIGN "CLI";
 * docs/BENCHMARKS.md records results), all through the `Game<S>` interface (env/core/game.ts).
 *
 * engine_steps_per_sec: uniformly random legal play, `legalActions` + `applyAction`, one core, no
 * observation encoding (new games are started as old ones end; game creation is included).
 * clone_us / serialize_us: mean cost of `clone` / `serialize` over mid-game states (every 7th state from the
 * game's 100th step on, up to 200; for a game whose episodes are shorter, every 7th state).
 * env_steps_per_sec: one env on one core: a VectorEnv of one env in self-play mode, so every step is an
 * observed decision that writes the acting seat's observation and action mask into the env's own rows
 * (the rows it owns are rewritten where they changed, env/core/vector.ts) and takes a random masked action.
 * This is the code each thread of the pool runs, so vector_env_scaling compares like with like.
 * aec_env_steps_per_sec: the same on the AEC env with caller-owned dense arrays (`observeInto` zero-fills
 * the caller's 36 KB row every step, + `step`).
 * vector_env_steps_per_sec: a VectorEnvPool over all cores (the calling thread plus one worker thread
 * per further core; self-play mode as above), random masked actions chosen on the calling thread,
 * overlapped with the workers' stepping (beginStep / endStep); vector_env_scaling is its ratio to
 * env_steps_per_sec.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { AECEnv } from '../env/core/aec.ts';
import { VectorEnvPool, type FactoryRef } from '../env/core/pool.ts';
import { VectorEnv } from '../env/core/vector.ts';
import { legalBuffer, type Game } from '../env/core/game.ts';
import { nextInt, seedRng } from '../lib/rng.ts';
import { maskedIds } from '../env/core/spaces.ts';
import type { BackendName } from '../training/backend.ts';
import type { TrainConfig } from '../training/train.ts';

export interface BenchResult {
  engine_steps_per_sec: number;
  env_steps_per_sec: number;
  aec_env_steps_per_sec: number;
  vector_env_steps_per_sec: number;
  vector_env_scaling: number;
  vector_envs: number;
  vector_workers: number;
  observation_size: number;
  num_actions: number;
  clone_us: number;
  serialize_us: number;
  players: number;
  /** Timed seconds per figure. */
  seconds: number;
  /** JIT warm-up before each figure's timed window (see `steadyRate`). */
  warmup_seconds: { engine: number; env: number; aec_env: number; vector_env: number };
  machine: { cpu: string; cores: number; memory_gib: number; node: string; date: string };
}

/**
 * Envs per thread in the pool's figure. Each env's state (about 19 KB), observation row (36 KB) and mask
 * stay in the core's cache at this size; at 64 per thread a step costs about 2.5x more here (BENCHMARKS).
 */
export const DEFAULT_ENVS_PER_WORKER = 16;

/** Calls of a figure's step function between two readings of the clock (a reading costs tens of ns, a one-env step a few µs). */
const CALLS_PER_CLOCK = 32;

/** A throughput after JIT warm-up (see `steadyRate`). */
export interface SteadyRate {
  /** Steps per second over the timed window. */
  rate: number;
  /** Seconds of warm-up before the timed window. */
  warmupSeconds: number;
}

/**
 * Most seconds of warm-up per figure by default. A pool's code settles after 15-30 s here (both cores run
 * the envs, so V8's background compiler gets little CPU); one thread's after 6-10 s.
 */
export const DEFAULT_MAX_WARMUP = 60;

/** Warm-up windows in a row that must agree before timing starts (see `steadyRate`). */
const STEADY_WINDOWS = 5;
/** A window that is more than this fraction above the best so far is progress, not noise. */
const NEW_BEST = 0.03;
/** A window more than this fraction below the best so far means the code is still changing (or a pause). */
const DIP = 0.1;

/**
 * Steady-state steps per second of `step` (which returns how many steps it took). Warm-up runs one-second
 * windows until the last five are steady: none is a new best (3% above the best so far) and none dips more
 * than 10% below it; or until `maxWarmup` seconds have passed. Then it times `seconds`. V8 compiles hot
 * functions on background threads, so with every core busy (a worker pool) code reaches full speed only
 * after 15-25 s here, through windows that swing by a third while code is recompiled; "five windows with no
 * new best" alone ended the warm-up inside such swings.
 */
export function steadyRate(step: () => number, seconds: number, maxWarmup: number): SteadyRate {
  const w0 = performance.now();
  let best = 0;
  let steady = 0;
  while (steady < STEADY_WINDOWS && performance.now() - w0 < maxWarmup * 1000) {
    let steps = 0;
    const t = performance.now();
    while (performance.now() - t < 1000) for (let k = 0; k < CALLS_PER_CLOCK; k++) steps += step();
    const rate = steps / ((performance.now() - t) / 1000);
    if (rate > best * (1 + NEW_BEST)) steady = 0;
    else if (rate < best * (1 - DIP)) steady = 0;
    else steady++;
    if (rate > best) best = rate;
  }
  const warmupSeconds = (performance.now() - w0) / 1000;
  let steps = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < seconds * 1000) for (let k = 0; k < CALLS_PER_CLOCK; k++) steps += step();
  return { rate: steps / ((performance.now() - t0) / 1000), warmupSeconds };
}

/** One env in a VectorEnv of one (self-play): every step writes observation + mask, then a random masked action. */
function envStepsPerSec(game: Game<unknown>, seconds: number, players: number, maxWarmup: number): SteadyRate {
  const env = new VectorEnv(game, 1, { players, learnerSeat: 'all' });
  const A = game.numActions;
  const legal = new Int32Array(A);
  const actions = new Int32Array(1);
  const rng = seedRng('bench-env');
  env.reset('env');
  // Autoreset: the step after an episode's last starts the next one (counted as a step, as in the pool).
  return steadyRate(
    () => {
      const n = maskedIds(env.actionMasks, 0, A, legal);
      actions[0] = n ? legal[nextInt(rng, n)] : 0;
      env.step(actions);
      return 1;
    },
    seconds,
    maxWarmup,
  );
}

/** The AEC env, every step observed into caller-owned arrays: observation + mask of the acting seat, then a random masked action. */
function aecStepsPerSec(game: Game<unknown>, seconds: number, players: number, maxWarmup: number): SteadyRate {
  const env = new AECEnv(game, { players });
  const obs = new Float32Array(game.observationSpec.size);
  const mask = new Uint8Array(game.numActions);
  const legal = new Int32Array(game.numActions);
  const rng = seedRng('bench-env');
  let g = 0;
  env.reset({ seed: `env/${g++}` });
  // One step; a finished game is replaced by a new one (its reset is part of the measured time).
  return steadyRate(
    () => {
      if (env.currentPlayer() < 0) env.reset({ seed: `env/${g++}` });
      env.observeInto(env.agentSelection, obs, mask);
      const n = maskedIds(mask, 0, mask.length, legal);
      env.step(legal[nextInt(rng, n)]);
      return 1;
    },
    seconds,
    maxWarmup,
  );
}

/** A worker pool over all cores in self-play mode; actions chosen on the main thread from the masks. */
async function vectorStepsPerSec(
  game: Game<unknown>,
  gameRef: FactoryRef,
  seconds: number,
  players: number,
  workers: number,
  numEnvs: number,
  maxWarmup: number,
): Promise<SteadyRate> {
  const pool = await VectorEnvPool.create(game, {
    game: gameRef,
    numEnvs,
    workers,
    players,
    learnerSeat: 'all',
    callerShare: 1 / workers,
  });
  try {
    const A = game.numActions;
    const rng = seedRng('bench-vec');
    const legal = new Int32Array(A);
    const choose = (from: number, to: number) => {
      for (let i = from; i < to; i++) {
        const n = maskedIds(pool.actionMasks, i * A, (i + 1) * A, legal);
        pool.actions[i] = n ? legal[nextInt(rng, n)] : 0;
      }
    };
    // Overlap: workers step their envs while this thread chooses actions for, and steps, its own.
    pool.reset('bench');
    return steadyRate(
      () => {
        choose(pool.callerEnvs, numEnvs);
        pool.beginStep();
        choose(0, pool.callerEnvs);
        pool.endStep();
        return numEnvs;
      },
      seconds,
      maxWarmup,
    );
  } finally {
    await pool.close();
  }
}

/** What `runBench` measures, and how long. */
export interface BenchOptions {
  /** Timed seconds per figure (after warm-up). */
  seconds?: number;
  players?: number;
  /** Most seconds of JIT warm-up per figure (`steadyRate`). */
  maxWarmup?: number;
  /** Envs per thread of the vector env pool. */
  envsPerWorker?: number;
}

/** First step of a game whose states count as mid-game for clone_us / serialize_us. */
const SAMPLE_FROM_STEP = 100;

/**
 * Run the benchmark on `game`: engine play, clone/serialise, one env, the AEC env, and a pooled vector env
 * whose worker threads make the game from `gameRef` (the registry entry's `gameRef`).
 */
export async function runBench(game: Game<unknown>, gameRef: FactoryRef, opts: BenchOptions = {}): Promise<BenchResult> {
  const seconds = opts.seconds ?? 5;
  const players = opts.players ?? 4;
  const maxWarmup = opts.maxWarmup ?? DEFAULT_MAX_WARMUP;
  const buf = legalBuffer(game);
  const rng = seedRng('bench');
  const samples: unknown[] = [];
  /** States before SAMPLE_FROM_STEP, timed instead when the game's episodes are all shorter. */
  const early: unknown[] = [];
  let g = 0;
  let s = game.newState(players, `bench/${g++}`);
  let step = 0;
  const engine = steadyRate(
    () => {
      if (game.isTerminal(s) || game.isTruncated(s)) {
        s = game.newState(players, `bench/${g++}`);
        step = 0;
      }
      game.applyAction(s, buf[nextInt(rng, game.legalActions(s, buf))]);
      if (++step % 7 === 0 && (step >= SAMPLE_FROM_STEP ? samples : early).length < 200)
        (step >= SAMPLE_FROM_STEP ? samples : early).push(game.clone(s));
      return 1;
    },
    seconds,
    maxWarmup,
  );
  const stepsPerSec = engine.rate;
  const timed = samples.length ? samples : early;
  const time = (f: (s: unknown) => unknown, reps: number) => {
    const t = performance.now();
    for (let r = 0; r < reps; r++) for (const s of timed) f(s);
    return ((performance.now() - t) * 1000) / (reps * Math.max(1, timed.length));
  };
  const clone = (x: unknown) => game.clone(x);
  const serialize = (x: unknown) => game.serialize(x);
  time(clone, 20);
  const cloneUs = time(clone, 200);
  const serializeUs = time(serialize, 20);
  const cpu = cpus();
  const env = envStepsPerSec(game, seconds, players, maxWarmup);
  const envSps = env.rate;
  const aec = aecStepsPerSec(game, seconds, players, maxWarmup);
  const workers = Math.max(1, availableParallelism());
  const vectorEnvs = (opts.envsPerWorker ?? DEFAULT_ENVS_PER_WORKER) * workers;
  const vec = await vectorStepsPerSec(game, gameRef, seconds, players, workers, vectorEnvs, maxWarmup);
  const vecSps = vec.rate;
  return {
    engine_steps_per_sec: Math.round(stepsPerSec),
    env_steps_per_sec: Math.round(envSps),
    aec_env_steps_per_sec: Math.round(aec.rate),
    vector_env_steps_per_sec: Math.round(vecSps),
    vector_env_scaling: Math.round((vecSps / envSps) * 100) / 100,
    vector_envs: vectorEnvs,
    vector_workers: workers,
    observation_size: game.observationSpec.size,
    num_actions: game.numActions,
    clone_us: Math.round(cloneUs * 100) / 100,
    serialize_us: Math.round(serializeUs * 100) / 100,
    players,
    seconds,
    warmup_seconds: {
      engine: Math.round(engine.warmupSeconds * 10) / 10,
      env: Math.round(env.warmupSeconds * 10) / 10,
      aec_env: Math.round(aec.warmupSeconds * 10) / 10,
      vector_env: Math.round(vec.warmupSeconds * 10) / 10,
    },
    machine: {
      cpu: cpu[0]?.model ?? 'unknown',
      cores: cpu.length,
      memory_gib: Math.round(totalmem() / 2 ** 30),
      node: process.version,
      date: new Date().toISOString().slice(0, 10),
    },
  };
}

/** One backend's training throughput in `merlin bench --training`. */
export interface TrainingBackendBench {
  backend: BackendName;
  /** backendLabel's description, e.g. "tfjs-node (native TensorFlow)". */
  label: string;
  /** Env steps (all seats) per second, rollouts and PPO updates included. */
  env_steps_per_sec: number;
  /** Learner decisions (training samples) per second. */
  learner_steps_per_sec: number;
  /** Milliseconds per PPO update: one rollout of numEnvs x horizon learner decisions plus its gradient steps. */
  ms_per_update: number;
}

/** A backend `merlin bench --training` could not measure, and why (e.g. tfjs-node not staged). */
export interface TrainingBackendUnavailable {
  backend: BackendName;
  unavailable: string;
}

/** What `merlin bench --training` measures: the same training run on each of TRAINING_BENCH_BACKENDS. */
export interface TrainingBench {
  updates: number;
  rollout: string;
  network: string;
  /** In TRAINING_BENCH_BACKENDS order. */
  backends: (TrainingBackendBench | TrainingBackendUnavailable)[];
  /** tfjs-node's learner decisions per second over wasm's, when both ran. */
  tensorflow_over_wasm?: number;
  /** One collector beside the default `--collectors` (training/collector-thread.ts), when a backend loaded. */
  collectors?: TrainingCollectorsBench;
}

/**
 * `merlin bench --training`'s collectors figure: the same run with one collector and with this machine's
 * default (`defaultCollectors()`), one after the other on one backend, each timed from the end of its first
 * update to the end of its last (a worker's start-up and the first rollout, which nothing overlaps, left out).
 */
export interface TrainingCollectorsBench {
  backend: BackendName;
  /** The default `--collectors` here (1 where the machine has one core or no WebAssembly SIMD: nothing to compare). */
  default_collectors: number;
  /** Learner decisions per second with one collector. */
  one_learner_steps_per_sec: number;
  /** The same with the default collectors (absent when that is 1). */
  default_learner_steps_per_sec?: number;
  /** default / one. */
  ratio?: number;
}

/** The backends `merlin bench --training` compares, side by side (the pure-JS cpu backend is far slower than both). */
export const TRAINING_BENCH_BACKENDS: readonly BackendName[] = ['tensorflow', 'wasm'];

/**
 * Training throughput on each of `backends`: `updates` PPO updates (no imitation phase) of the default
 * configuration on `variant` (of the game `o.config.game`, default Merlin), after one untimed update (backend warm-up), in a temporary directory, one
 * backend after the other in this process (the engine's JIT is warm for the second: this favours the later
 * ones slightly). A backend that does not load is reported with its reason instead of figures.
 * `o.config` overrides parts of the default configuration (tests use a tiny one).
 */
export async function benchTraining(
  variant: string,
  updates: number,
  sparseInput = true,
  o: { backends?: readonly BackendName[]; config?: Partial<TrainConfig> } = {},
): Promise<TrainingBench> {
  // Loaded on demand: training pulls in tfjs, which a plain `merlin bench` does not need.
  const { train, DEFAULT_TRAIN } = await import('../training/train.ts');
  const { initBackend, backendLabel } = await import('../training/backend.ts');
  const { simdAvailable } = await import('../lib/simd.ts');
  const backends = o.backends ?? TRAINING_BENCH_BACKENDS;
  const config: TrainConfig = { ...DEFAULT_TRAIN, ...o.config, variants: [variant], imitationUpdates: 0, saveEvery: 0, sparseInput };
  const decisions = updates * config.numEnvs * config.horizon;
  const results: TrainingBench['backends'] = [];
  for (const backend of backends) {
    try {
      await initBackend(backend);
    } catch (e) {
      results.push({ backend, unavailable: (e as Error).message });
      continue;
    }
    const dir = mkdtempSync(join(tmpdir(), 'merlin-bench-train-'));
    try {
      const warm = await train({ config, out: dir, minutes: 60, maxUpdates: 1, backend });
      const t0 = performance.now();
      const r = await train({ config, out: dir, minutes: 60, maxUpdates: 1 + updates, resume: true, backend });
      const s = (performance.now() - t0) / 1000;
      results.push({
        backend,
        label: backendLabel(backend),
        env_steps_per_sec: Math.round((r.envSteps - warm.envSteps) / s),
        learner_steps_per_sec: Math.round(decisions / s),
        ms_per_update: Math.round((s / updates) * 1000),
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const rate = (b: BackendName) =>
    results.find((x): x is TrainingBackendBench => x.backend === b && 'learner_steps_per_sec' in x)?.learner_steps_per_sec;
  const [tfRate, wasmRate] = [rate('tensorflow'), rate('wasm')];
  const last = results.filter((x): x is TrainingBackendBench => 'learner_steps_per_sec' in x).at(-1)?.backend;
  const collectors = last && sparseInput ? await benchCollectors(config, updates, last) : undefined;
  return {
    updates,
    rollout: `${config.numEnvs} games x ${config.horizon} learner decisions, ${config.players} players`,
    network: `MLP ${config.hidden.join('-')}, ${sparseInput ? 'sparse' : 'dense'} input layer; ${trainingPath(simdAvailable(), sparseInput)}`,
    backends: results,
    ...(tfRate && wasmRate ? { tensorflow_over_wasm: Math.round((tfRate / wasmRate) * 100) / 100 } : {}),
    ...(collectors ? { collectors } : {}),
  };
}

/** `TrainingCollectorsBench`: 1 + `updates` updates of `config` with one collector, then with the default, on `backend`. */
async function benchCollectors(config: TrainConfig, updates: number, backend: BackendName): Promise<TrainingCollectorsBench> {
  const { train } = await import('../training/train.ts');
  const { defaultCollectors } = await import('../training/collector-thread.ts');
  const rateWith = async (collectors: number) => {
    const dir = mkdtempSync(join(tmpdir(), 'merlin-bench-collectors-'));
    try {
      const ends: number[] = [];
      await train({
        config: { ...config, collectors },
        out: dir,
        minutes: 60,
        maxUpdates: 1 + updates,
        backend,
        onUpdate: () => ends.push(performance.now()),
      });
      return Math.round((updates * config.numEnvs * config.horizon) / ((ends[updates] - ends[0]) / 1000));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  const n = defaultCollectors();
  const one = await rateWith(1);
  if (n === 1) return { backend, default_collectors: 1, one_learner_steps_per_sec: one };
  const many = await rateWith(n);
  return {
    backend,
    default_collectors: n,
    one_learner_steps_per_sec: one,
    default_learner_steps_per_sec: many,
    ratio: Math.round((many / one) * 100) / 100,
  };
}

/** Where a training run's work runs (lib/simd.ts; MERLIN_SIMD=0 turns the kernels off). */
function trainingPath(simd: boolean, sparseInput: boolean): string {
  if (!simd) return 'rollouts in plain JS, gradient steps in tfjs on the backend';
  return sparseInput
    ? 'rollouts and gradient steps in the WebAssembly SIMD kernels, the backend idle'
    : 'rollouts in the WebAssembly SIMD kernels, gradient steps in tfjs on the backend';
}

/** `merlin bench --training`'s text: one line per backend, side by side, then the ratio. */
export function trainingBenchText(t: TrainingBench): string {
  const rows = t.backends.map((b) =>
    'unavailable' in b
      ? `  ${b.backend.padEnd(10)} not measured: ${b.unavailable}`
      : `  ${b.backend.padEnd(10)} ${b.learner_steps_per_sec.toLocaleString('en').padStart(7)} learner decisions/s, ${b.env_steps_per_sec.toLocaleString('en').padStart(7)} env steps/s, ${b.ms_per_update.toLocaleString('en').padStart(7)} ms per PPO update  (${b.label})`,
  );
  const ratio = t.tensorflow_over_wasm !== undefined ? [`  tfjs-node / wasm: ${t.tensorflow_over_wasm}x learner decisions/s`] : [];
  return [
    `training (${t.updates} timed PPO updates after 1 untimed, per backend; ${t.rollout}; ${t.network}):`,
    ...rows,
    ...ratio,
    ...(t.collectors ? [collectorsText(t.collectors)] : []),
  ].join('\n');
}

/** The collectors line of `trainingBenchText`. */
function collectorsText(c: TrainingCollectorsBench): string {
  const one = `1 collector ${c.one_learner_steps_per_sec.toLocaleString('en')} learner decisions/s`;
  if (c.default_learner_steps_per_sec === undefined)
    return `  collectors on ${c.backend}: ${one} (the default here is 1: nothing to compare)`;
  return `  collectors on ${c.backend}: ${one}, ${c.default_collectors} (the default) ${c.default_learner_steps_per_sec.toLocaleString('en')}: ${c.ratio}x`;
}
