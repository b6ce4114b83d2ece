/**
 * The self-play training loop (`merlin train`, docs/TRAINING.md): collect a rollout from the league
 * (training/rollout.ts), run a PPO update (training/ppo.ts), add a frozen snapshot to the league every
 * `snapshotEvery` updates, log metrics, and save a checkpoint (training/checkpoint.ts) every
 * `saveEvery` updates and at the end. Stops at `maxUpdates` or after `minutes` of wall time, whichever
 * comes first.
 *
 * With `opponents`, the league is that fixed field of agent specs instead (no self-play, no snapshots).
 *
 * `resume` continues a run from its checkpoint directory exactly: the learner, the Adam state, the
 * league (with every referenced snapshot), the collector's RNG and game states and the trainer's RNG and
 * counters are restored, so N updates then a resume for M more give the same weights as N + M straight.
 * (With a fixed field of agents that draw random numbers of their own, e.g. `random` as a spec or
 * `ppo:DIR:sample`, those agents restart their streams at the resume: the run continues, not exactly.)
 *
 * With `collectors` 2, a worker thread collects each rollout while this thread runs the update on the one
 * before (training/collector-thread.ts; docs/TRAINING.md "Collectors"): one update of policy lag, corrected by
 * PPO's clipped ratio against the stored behaviour log-probabilities. The rollout in flight is part of the
 * resume data, so such a run resumes exactly too. 1 (or absent) is the synchronous loop.
 *
 * With `exploiter`, a second network (the main exploiter of AlphaStar) is trained with the same PPO only
 * against the current learner, one exploiter update every `exploiter.every` learner updates, on games of
 * its own. When its win rate against the learner reaches `addAt`, or after `period` updates, a frozen copy
 * joins the league as `exploiter@<update>` and the exploiter restarts from the learner's current weights
 * with a fresh optimizer. Its state is part of the resume data.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { Game, RewardOptions } from '../env/core/game.ts';
import { cloneRng, seedRng, type RngState } from '../lib/rng.ts';
import { DEFAULT_GAME, gameEntry, type GameEntry } from '../games/registry.ts';
import { initBackend, type BackendName } from './backend.ts';
import { rewardOptions } from './reward-choices.ts';
import {
  CheckpointError,
  FORMAT,
  FORMAT_VERSION,
  manifestMismatch,
  readManifest,
  specHashesOf,
  type CheckpointManifest,
  type EvalRecord,
} from '../policy/checkpoint.ts';
import { loadOptimizer, readWeights, removeDir, saveCheckpoint, saveOptimizer, saveWeights, writeJsonAtomic } from './checkpoint.ts';
import { checkFixedShares, DEFAULT_LEAGUE, FROZEN_KINDS, League, type LeagueMember, type LeagueOptions } from './league.ts';
import { ArgumentError } from '../lib/errors.ts';
import { parseJson } from '../lib/json.ts';
import { initParams, PolicyValueNet, widenParams } from './network.ts';
import type { NetShape } from '../policy/network.ts';
import { PolicyForward } from '../policy/forward.ts';
import { DEFAULT_PPO, PpoLearner, type PpoConfig, type RolloutBatch, type UpdateMetrics } from './ppo.ts';
import {
  checkSharedLayout,
  Collector,
  collectorOptions,
  teacherActionTable,
  type CollectorSnapshot,
  type EpisodeResult,
  type TeacherOptions,
} from './rollout.ts';
import { checkCollectors, CollectorThread, type ReceivedRollout } from './collector-thread.ts';
import { tallyByMember, type Tally } from './progress.ts';

export interface TrainConfig {
  /**
   * The registered game to train on (games/registry.ts; default `merlin`, and a run saved before the field
   * existed is a Merlin run).
   */
  game?: string;
  /** Ruleset names or paths; every env cycles through them episode by episode. The first is the main one. */
  variants: string[];
  players: number;
  numEnvs: number;
  /** Learner decisions per env per rollout. */
  horizon: number;
  hidden: number[];
  seed: string;
  rewards: RewardOptions;
  ppo: PpoConfig;
  league: Omit<LeagueOptions, 'players'>;
  /** Updates between checkpoint saves (0: only at the end). */
  saveEvery: number;
  /**
   * The first `imitationUpdates` updates imitate the heuristic (behaviour cloning on rollouts where it
   * plays the learner's seat) before PPO takes over: a warm start (docs/TRAINING.md).
   */
  imitationUpdates: number;
  /**
   * Compute the first layer from the observations' non-zero entries in JS (default true; the same
   * arithmetic as the dense product, much faster: observations are 1-2% non-zero). false: dense tfjs.
   */
  sparseInput?: boolean;
  /**
   * A fixed field of opponents (agent specs, e.g. ["heuristic", "ppo:checkpoints/default"]) instead of the
   * self-play league: each episode's opponents are one of them, drawn by PFSP; no self-play, no snapshots.
   */
  opponents?: string[];
  /**
   * Start from this checkpoint's weights instead of fresh ones: a curriculum stage (e.g. a `full` policy
   * fine-tuned on `skirmish`). The checkpoint must be made for the same game, observation spec, action
   * catalogue and hidden sizes; the optimizer starts fresh. Recorded in the manifest's config with the
   * checkpoint's own training counts (`initFromSteps`, `initFromUpdates`).
   */
  initFrom?: string;
  /** Learner decisions and PPO updates of the `initFrom` checkpoint (filled in by `train`). */
  initFromSteps?: number;
  initFromUpdates?: number;
  /** A main exploiter beside the league (see module docs; absent: none). Not with `opponents`. */
  exploiter?: ExploiterOptions;
  /**
   * Threads that take part in a rollout (training/collector-thread.ts; absent: 1). 1: the learner's thread
   * collects each rollout, then updates on it. 2: a collector worker thread collects the next rollout with
   * the weights of the update before while the learner's thread updates (one update of policy lag, corrected
   * by PPO's clipped ratio against the stored behaviour log-probabilities). A run resumes with its own.
   */
  collectors?: number;
  /**
   * Teacher regularisation (docs/TRAINING.md "Teacher regularisation"): after the imitation warm start, PPO's
   * loss keeps a behaviour-cloning term of weight `coef` toward the heuristic's choice at every learner decision
   * where the heuristic would play an action of `kinds` (all decisions when empty). The main exploiter trains
   * without it.
   */
  teacher?: TeacherOptions;
}

/** The main exploiter's schedule (TrainConfig.exploiter). */
export interface ExploiterOptions {
  /** Learner updates per exploiter update (1: every update; 2: every other one). */
  every: number;
  /**
   * The exploiter's win rate against the learner (the league's EMA over its episodes, starting at the fair
   * share 1/players) at which a frozen copy joins the league.
   */
  addAt: number;
  /** Exploiter updates after which a copy joins the league anyway. */
  period: number;
  /** Frozen exploiters kept in the league (the oldest dropped first). */
  max: number;
}

/** `--exploiter` without settings: an exploiter update every other learner update, joining at 50% or after 20. */
export const DEFAULT_EXPLOITER: ExploiterOptions = { every: 2, addAt: 0.5, period: 20, max: 2 };

export const DEFAULT_TRAIN: TrainConfig = {
  variants: ['full'],
  players: 4,
  numEnvs: 32,
  horizon: 64,
  hidden: [256, 128],
  seed: 'merlin',
  rewards: rewardOptions(),
  ppo: DEFAULT_PPO,
  league: DEFAULT_LEAGUE,
  saveEvery: 10,
  imitationUpdates: 30,
};

/** The default PPO settings with the step size and entropy weight given (`--learning-rate`, `--ent-coef`); absent ones keep DEFAULT_PPO's. */
export function ppoWith(o: { learningRate?: number; entCoef?: number }): PpoConfig {
  return {
    ...DEFAULT_PPO,
    ...(o.learningRate === undefined ? {} : { learningRate: o.learningRate }),
    ...(o.entCoef === undefined ? {} : { entCoef: o.entCoef }),
  };
}

/**
 * The imitation warm start of a run: `asked` when given, else none for a run that starts from a checkpoint
 * (its policy is past imitation, and imitating the heuristic again would overwrite it), else DEFAULT_TRAIN's.
 */
export function imitationUpdatesFor(initFrom: string | undefined, asked?: number): number {
  return asked ?? (initFrom === undefined ? DEFAULT_TRAIN.imitationUpdates : 0);
}

/** One line of metrics.jsonl. */
export interface UpdateRecord extends UpdateMetrics {
  update: number;
  /** Learner decisions so far. */
  learnerSteps: number;
  /** Env steps (all seats) so far. */
  envSteps: number;
  episodes: number;
  wallSeconds: number;
  /** Env steps per second over this update (collection + update). */
  stepsPerSec: number;
  /** 'imitation' (the heuristic plays the learner's seat and is imitated) or 'ppo'. */
  phase: 'imitation' | 'ppo';
  /** Win rate of the learner's seat over the episodes finished in this update (the teacher's while imitating). */
  winRate: number;
  /**
   * The league's estimate: its EMA of the learner's win rate in games with each member, starting at the fair
   * share 1/players (training/league.ts). It drives PFSP sampling; it is not a measured win rate.
   */
  winRateVs: Record<string, number>;
  /**
   * Measured: the learner's policy's episodes finished in this update and its wins, by opponent member
   * (each member once per episode). Empty while imitating (the teacher plays the learner's seat).
   */
  resultsVs: Record<string, Tally>;
  leagueSize: number;
  /** The main exploiter, when the run has one (after this update). */
  exploiter?: ExploiterRecord;
}

/** The main exploiter's progress in one UpdateRecord. */
export interface ExploiterRecord {
  /** Exploiter updates since it last restarted, and in all. */
  updates: number;
  totalUpdates: number;
  /** Its decisions in all. */
  learnerSteps: number;
  /** The EMA of its wins in games against the learner (fair share 1/players at a restart). */
  winRateVsLearner: number;
  /** The league member a frozen copy joined as during this update, if one did. */
  added?: string;
}

export interface TrainProgress {
  record: UpdateRecord;
  budgetFraction: number;
}

export interface TrainOptions {
  config: TrainConfig;
  out: string;
  /** Wall-time budget; 0 (with `maxUpdates`) means none: `maxUpdates` alone stops the run. */
  minutes: number;
  maxUpdates?: number;
  resume?: boolean;
  backend?: BackendName;
  onBackend?: (name: BackendName) => void;
  onUpdate?: (p: TrainProgress) => void;
}

export interface TrainResult {
  out: string;
  backend: BackendName;
  updates: number;
  learnerSteps: number;
  envSteps: number;
  episodes: number;
  wallSeconds: number;
  manifest: CheckpointManifest;
}

const RngJson = z.object({ c: z.number(), s0: z.number(), s1: z.number(), s2: z.number() });
const CollectorJson = z.object({
  rng: RngJson,
  episodeCounter: z.number(),
  envs: z.array(
    z.object({
      variant: z.number(),
      state: z.string(),
      learnerSeat: z.number(),
      opponents: z.array(z.string()),
      episodeReturn: z.number(),
      length: z.number(),
      episode: z.number(),
      shaped: z.array(z.number()).optional(),
    }),
  ),
});

const ResumeState = z.object({
  config: z.unknown(),
  updates: z.number(),
  learnerSteps: z.number(),
  envSteps: z.number(),
  episodes: z.number(),
  wallSeconds: z.number(),
  trainerRng: RngJson,
  collector: CollectorJson,
  league: z.array(
    z.object({
      name: z.string(),
      kind: z.enum(['random', 'heuristic', 'self', 'snapshot', 'exploiter', 'agent']),
      spec: z.string().optional(),
      learnerWinRate: z.number(),
      episodes: z.number(),
      inLeague: z.boolean(),
    }),
  ),
  /**
   * With collectors 2: the rollout in flight when the run stopped, to ask again on resume: the league it was
   * asked with (the member names in order, their win-rate estimates and episodes then); its behaviour weights
   * are in resume/behaviour/ and the collector's state before it is `collector`.
   */
  pending: z.object({ members: z.array(z.object({ name: z.string(), learnerWinRate: z.number(), episodes: z.number() })) }).optional(),
  /** The main exploiter (weights and optimizer in resume/exploiter/). */
  exploiter: z
    .object({
      updates: z.number(),
      totalUpdates: z.number(),
      learnerSteps: z.number(),
      vsLearner: z.object({ learnerWinRate: z.number(), episodes: z.number() }),
      collector: CollectorJson,
    })
    .optional(),
});
type ResumeState = z.infer<typeof ResumeState>;

/**
 * The games of registered game `game` (default `merlin`) for `variants`, checked to share one observation spec and action catalogue.
 * @throws ArgumentError for an unknown game or variant, or games whose layouts differ
 */
export function trainingGames(variants: string[], game: string = DEFAULT_GAME): Game<unknown>[] {
  const entry = gameEntry(game);
  const games = variants.map((v) => entry.game(v));
  checkSharedLayout(
    games,
    games.map((g, i) => g.variant ?? variants[i]),
  );
  return games;
}

/** The main exploiter of a run (TrainConfig.exploiter): its network, learner, games and the league member that stands for the learner. */
interface Exploiter {
  options: ExploiterOptions;
  net: PolicyValueNet;
  learner: PpoLearner;
  collector: Collector<unknown>;
  /** Its only opponent: the learner (played by the learner's live network; the EMA is the exploiter's win rate against it). */
  vsLearner: LeagueMember;
  updates: number;
  totalUpdates: number;
  learnerSteps: number;
}

/**
 * The main exploiter of a new run (the learner's initial weights) or of a resumed one (resume/exploiter/).
 * @throws ArgumentError for settings out of range or combined with a fixed field of opponents
 */
async function makeExploiter(
  config: TrainConfig,
  eo: ExploiterOptions,
  shape: NetShape,
  games: Game<unknown>[],
  learnerNet: PolicyValueNet,
  leagueOptions: LeagueOptions,
  out: string,
  resumeState: ResumeState | null,
): Promise<Exploiter> {
  if (config.opponents?.length)
    throw new ArgumentError('an exploiter trains against the self-play learner: it cannot be combined with a fixed field of opponents');
  if (!Number.isInteger(eo.every) || eo.every < 1) throw new ArgumentError(`exploiter.every must be a positive integer, got ${eo.every}`);
  if (!Number.isInteger(eo.period) || eo.period < 1)
    throw new ArgumentError(`exploiter.period must be a positive integer, got ${eo.period}`);
  if (!Number.isInteger(eo.max) || eo.max < 1) throw new ArgumentError(`exploiter.max must be a positive integer, got ${eo.max}`);
  if (!(eo.addAt > 0 && eo.addAt <= 1)) throw new ArgumentError(`exploiter.addAt must be in (0, 1], got ${eo.addAt}`);
  const entry = gameEntry(config.game ?? DEFAULT_GAME);
  const vsLearner: LeagueMember = { name: 'learner', kind: 'snapshot', learnerWinRate: 1 / config.players, episodes: 0 };
  const saved = resumeState?.exploiter;
  const dir = join(out, 'resume', 'exploiter');
  const net = new PolicyValueNet(shape, saved ? (await readWeights(dir, shape)).params : learnerNet.params());
  net.sparseInput = config.sparseInput ?? true;
  const learner = new PpoLearner(net, config.ppo);
  const { teacher: _learnerOnly, ...exploiterRun } = config;
  // The exploiter's league is the learner alone: the baselines' fixed shares are the learner's.
  const { fixedShares: _baselines, ...exploiterLeague } = leagueOptions;
  const collector = new Collector<unknown>(
    collectorOptions(entry, games, exploiterRun, `${config.seed}/exploiter`),
    new League(exploiterLeague, [vsLearner]),
  );
  const ex: Exploiter = { options: eo, net, learner, collector, vsLearner, updates: 0, totalUpdates: 0, learnerSteps: 0 };
  if (saved) {
    ex.updates = saved.updates;
    ex.totalUpdates = saved.totalUpdates;
    ex.learnerSteps = saved.learnerSteps;
    vsLearner.learnerWinRate = saved.vsLearner.learnerWinRate;
    vsLearner.episodes = saved.vsLearner.episodes;
    collector.restore(saved.collector as CollectorSnapshot, (n) => {
      if (n !== vsLearner.name) throw new CheckpointError(`resume data names exploiter opponent ${n}; it only plays the learner`);
      return vsLearner;
    });
    await loadOptimizer(dir, learner.optimizerState);
  }
  return ex;
}

/**
 * The manifest of checkpoint `dir` that a run will `action` (resume, or start from), checked to be made for
 * `game`'s game, observation spec and action catalogue (the hidden sizes are checked when its weights are read).
 * @throws CheckpointError when it is missing or made for another layout
 */
function checkedManifest(dir: string, game: Game<unknown>, action: 'resume' | 'start from'): CheckpointManifest {
  const m = readManifest(dir);
  const why = manifestMismatch(m, specHashesOf(game));
  if (why) throw new CheckpointError(`cannot ${action} ${dir}: it ${why}`);
  return m;
}

/** Run training; see module docs. */
/**
 * Teacher regularisation's settings checked before anything runs.
 * @throws ArgumentError for a weight that is not a positive finite number, a kind the game lacks (with the nearest
 *   names), or a dense-input network
 */
function checkTeacher(config: TrainConfig, entry: GameEntry<unknown>, g0: Game<unknown>): void {
  const t = config.teacher;
  if (!t) return;
  if (!(Number.isFinite(t.coef) && t.coef > 0)) throw new ArgumentError(`teacher weight must be a positive number, got ${t.coef}`);
  if (config.sparseInput === false) throw new ArgumentError('teacher regularisation needs the sparse-input network (sparseInput true)');
  teacherActionTable(entry.reporting(g0), g0.numActions, t.kinds ?? []);
}

export async function train(o: TrainOptions): Promise<TrainResult> {
  const backend = await initBackend(o.backend);
  o.onBackend?.(backend);
  let config = o.config;
  let resumeState: ResumeState | null = null;
  if (o.resume) {
    const path = join(o.out, 'resume', 'state.json');
    if (!existsSync(path)) throw new CheckpointError(`cannot resume: ${path} does not exist`);
    let raw: unknown;
    try {
      raw = parseJson(readFileSync(path, 'utf8'));
    } catch (e) {
      throw new CheckpointError(`cannot resume: ${path} is not valid JSON: ${(e as Error).message}`);
    }
    resumeState = ResumeState.parse(raw);
    config = resumeState.config as TrainConfig;
  }
  const collectors = config.collectors ?? 1;
  checkCollectors(collectors, config.sparseInput ?? true);
  const entry = gameEntry(config.game ?? DEFAULT_GAME);
  const games = trainingGames(config.variants, entry.name);
  const g0 = games[0];
  const shape: NetShape = { obsSize: g0.observationSpec.size, hidden: config.hidden, numActions: g0.numActions };
  checkTeacher(config, entry, g0);
  let params: Float32Array[];
  if (resumeState) {
    checkedManifest(o.out, g0, 'resume');
    params = (await readWeights(o.out, shape)).params;
  } else if (config.initFrom) {
    const from = config.initFrom;
    const m = checkedManifest(from, g0, 'start from');
    config = { ...config, initFromSteps: m.trainingSteps, initFromUpdates: m.updates };
    const start = await readWeights(from);
    // A narrower checkpoint is widened without changing what it plays (new units start with zero weight out).
    params = sameShape(start.shape, shape) ? start.params : widenStart(from, start.shape, start.params, shape, config.seed);
  } else params = initParams(shape, config.seed);
  const net = new PolicyValueNet(shape, params);
  net.sparseInput = config.sparseInput ?? true;
  const learner = new PpoLearner(net, { ...config.ppo, ...(config.teacher ? { teacherCoef: config.teacher.coef } : {}) });
  const leagueOptions = { ...config.league, players: config.players };
  checkFixedShares(leagueOptions, config.opponents !== undefined && config.opponents.length > 0);
  if (config.opponents) for (const spec of config.opponents) for (const g of games) entry.agent(spec, 0, g);
  const league = config.opponents?.length ? League.field(leagueOptions, config.opponents) : new League(leagueOptions);
  // One collector: the learner's thread collects. Two: a worker thread does (made below, after the checks).
  const collector = collectors === 1 ? new Collector<unknown>(collectorOptions(entry, games, config, config.seed), league) : null;
  const ex = config.exploiter ? await makeExploiter(config, config.exploiter, shape, games, net, leagueOptions, o.out, resumeState) : null;
  let trainerRng: RngState = seedRng(`trainer/${config.seed}`);
  let updates = 0;
  let learnerSteps = 0;
  let envSteps = 0;
  let episodes = 0;
  let wallBefore = 0;
  const retired = new Map<string, LeagueMember>();
  if (resumeState) {
    const rs = resumeState;
    updates = rs.updates;
    learnerSteps = rs.learnerSteps;
    envSteps = rs.envSteps;
    episodes = rs.episodes;
    wallBefore = rs.wallSeconds;
    trainerRng = cloneRng(rs.trainerRng);
    league.members.length = 0;
    for (const m of rs.league) {
      const member: LeagueMember = { name: m.name, kind: m.kind, learnerWinRate: m.learnerWinRate, episodes: m.episodes, spec: m.spec };
      if (FROZEN_KINDS.includes(m.kind))
        member.params = (await readWeights(join(o.out, 'resume', 'league', m.name.replace('@', '-')), shape)).params;
      if (m.inLeague) league.members.push(member);
      else retired.set(m.name, member);
    }
    const byName = (n: string) => {
      const m = league.members.find((x) => x.name === n) ?? retired.get(n);
      if (!m) throw new CheckpointError(`resume data names league member ${n}, which it does not contain`);
      return m;
    };
    if (collector) collector.restore(rs.collector as CollectorSnapshot, byName);
    else {
      if (!rs.pending)
        throw new CheckpointError(`cannot resume ${o.out}: its resume data has no rollout in flight (a run with --collectors 2 saves one)`);
      rs.pending.members.forEach((p) => byName(p.name));
      for (const e of rs.collector.envs) for (const n of e.opponents) if (n) byName(n);
    }
    await loadOptimizer(join(o.out, 'resume'), learner.optimizerState);
  }

  // Frozen members play through the plain-JS forward pass over their own parameters (no tfjs network).
  const snapshotNets = new Map<LeagueMember, PolicyForward>();
  const netOf = (m: LeagueMember) => {
    let n = snapshotNets.get(m);
    if (!n) {
      if (!m.params) throw new Error(`league member ${m.name} has no parameters`);
      snapshotNets.set(m, (n = new PolicyForward(shape, m.params)));
    }
    return n;
  };
  // Drop the forward passes of frozen members no longer in the league nor in use.
  const pruneNets = () => {
    if (!collector) return;
    const inUse = collector.membersInUse();
    for (const m of snapshotNets.keys()) if (!league.members.includes(m) && !inUse.has(m)) snapshotNets.delete(m);
  };
  // With a collector worker: the rollout in flight (the league it was asked with, as it then stood, its
  // behaviour weights, and the collector's state before it: asked of the worker only when a save will follow
  // before the next rollout is asked for, or known on resume; null when not asked).
  interface Flight {
    promise: Promise<ReceivedRollout>;
    behaviour: Float32Array[];
    members: LeagueMember[];
    before: Promise<CollectorSnapshot> | null;
  }
  let inFlight: Flight | null = null;
  const byName = (n: string): LeagueMember => {
    const m = league.members.find((x) => x.name === n) ?? retired.get(n);
    if (!m) throw new Error(`league member ${n} is unknown`);
    return m;
  };
  // The members a rollout may seat: its league and those its games seat when it starts (by name).
  const flightMembers = (members: LeagueMember[], seated: Iterable<string>): Set<LeagueMember> => {
    const out = new Set(members.map((m) => byName(m.name)));
    for (const n of seated) out.add(byName(n));
    return out;
  };
  const seatedIn = (state: CollectorSnapshot) => state.envs.flatMap((e) => e.opponents.filter((n) => n !== ''));
  // The teacher plays the learner's seat in the rollouts of the imitation updates.
  const teacherAt = (index: number) => index - 1 < (config.imitationUpdates ?? 0);
  let thread: CollectorThread | null = null;
  /**
   * Ask the worker for the rollout update `index` learns from, with `behaviour` and the league as it stands.
   * @param o.snapshot have the worker send its collector's state before the rollout (a save will follow)
   * @param o.seated the members the games seat before it, by name (the last rollout's `seated`)
   * @param o.asked on resume: the members with their values as they stood when it was first asked
   * @param o.restore on resume: the collector's state before it
   */
  const ask = (
    index: number,
    behaviour: Float32Array[],
    o: { snapshot: boolean; seated?: string[]; asked?: LeagueMember[]; restore?: CollectorSnapshot },
  ) => {
    const members = o.asked ?? league.members.map((m) => ({ ...m }));
    const seated = o.restore ? seatedIn(o.restore) : o.seated;
    const extra = o.restore ? [...flightMembers(members, seated!)].filter((m) => !members.some((x) => x.name === m.name)) : [];
    const asked = thread!.collect(
      index,
      behaviour,
      members,
      teacherAt(index),
      o.snapshot && !o.restore,
      o.restore ? { state: o.restore, extra } : undefined,
    );
    // Awaited in the loop or a save; a rollout dropped at the end must not count as unhandled.
    asked.rollout.catch(() => {});
    asked.before?.catch(() => {});
    inFlight = { promise: asked.rollout, behaviour, members, before: o.restore ? Promise.resolve(o.restore) : asked.before };
    // Members retired from the league stay known while a rollout may still seat them.
    if (seated) {
      const keep = flightMembers(members, seated);
      for (const [n, m] of retired) if (!keep.has(m)) retired.delete(n);
    }
  };
  // Whether a save follows update k (so the rollout asked for during it must bring its collector state).
  const savesAfter = (k: number) => (config.saveEvery > 0 && k % config.saveEvery === 0) || k === o.maxUpdates;
  // Members a league change drops are kept (retired) while the worker may still seat them.
  const retire = (prev: LeagueMember[]) => {
    if (thread) for (const m of prev) if (!league.members.includes(m)) retired.set(m.name, m);
  };
  mkdirSync(o.out, { recursive: true });
  const metricsPath = join(o.out, 'metrics.jsonl');
  const t0 = performance.now();
  if (!(o.minutes > 0) && o.maxUpdates === undefined) throw new ArgumentError('training needs a positive minutes budget or maxUpdates');
  const budgetMs = o.minutes > 0 ? o.minutes * 60_000 : Infinity;
  const elapsed = () => (performance.now() - t0) / 1000;
  let lastManifest: CheckpointManifest | null = null;

  const save = async (): Promise<CheckpointManifest> => {
    const manifest: CheckpointManifest = {
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      game: g0.name,
      observationSpecHash: g0.observationSpec.hash,
      actionsHash: g0.actionsHash,
      rulesHash: g0.rulesHash,
      rulesHashes: [...new Set(games.map((g) => g.rulesHash))],
      variant: g0.variant ?? config.variants[0],
      variants: [...new Set(games.map((g, i) => g.variant ?? config.variants[i]))],
      players: config.players,
      trainingSteps: learnerSteps,
      updates,
      episodes,
      wallSeconds: Math.round((wallBefore + elapsed()) * 10) / 10,
      backend,
      createdAt: new Date().toISOString(),
      seed: config.seed,
      config: config as unknown as Record<string, unknown>,
      evaluation: lastManifest?.evaluation ?? [],
    };
    await saveCheckpoint(o.out, shape, net.params(), manifest);
    // Resume data.
    const dir = join(o.out, 'resume');
    removeDir(join(dir, 'league'));
    // With a collector worker, the state to resume is the one before the rollout in flight (asked again on resume).
    const flight = collector ? null : inFlight!;
    if (flight && !flight.before) throw new Error('the rollout in flight was asked without its collector state: nothing to resume from');
    const collectorState = collector ? collector.snapshot() : await flight!.before!;
    const inUse = collector ? collector.membersInUse() : flightMembers(flight!.members, seatedIn(collectorState));
    const all = new Map<string, { m: LeagueMember; inLeague: boolean }>();
    for (const m of league.members) all.set(m.name, { m, inLeague: true });
    for (const m of inUse) if (!all.has(m.name)) all.set(m.name, { m, inLeague: false });
    for (const { m } of all.values())
      if (FROZEN_KINDS.includes(m.kind) && m.params) await saveWeights(join(dir, 'league', m.name.replace('@', '-')), shape, m.params);
    await saveOptimizer(dir, learner.optimizerState);
    removeDir(join(dir, 'behaviour'));
    if (flight) await saveWeights(join(dir, 'behaviour'), shape, flight.behaviour);
    if (ex) {
      await saveWeights(join(dir, 'exploiter'), shape, ex.net.params());
      await saveOptimizer(join(dir, 'exploiter'), ex.learner.optimizerState);
    }
    const state: ResumeState = {
      config,
      updates,
      learnerSteps,
      envSteps,
      episodes,
      wallSeconds: wallBefore + elapsed(),
      trainerRng: cloneRng(trainerRng),
      collector: collectorState,
      ...(flight
        ? { pending: { members: flight.members.map(({ name, learnerWinRate, episodes }) => ({ name, learnerWinRate, episodes })) } }
        : {}),
      league: [...all.values()].map(({ m, inLeague }) => ({
        name: m.name,
        kind: m.kind,
        spec: m.spec,
        learnerWinRate: m.learnerWinRate,
        episodes: m.episodes,
        inLeague,
      })),
      ...(ex
        ? {
            exploiter: {
              updates: ex.updates,
              totalUpdates: ex.totalUpdates,
              learnerSteps: ex.learnerSteps,
              vsLearner: { learnerWinRate: ex.vsLearner.learnerWinRate, episodes: ex.vsLearner.episodes },
              collector: ex.collector.snapshot(),
            },
          }
        : {}),
    };
    writeJsonAtomic(join(dir, 'state.json'), state);
    lastManifest = manifest;
    return manifest;
  };

  let manifest: CheckpointManifest;
  try {
    if (!collector) {
      thread = new CollectorThread({
        game: config.game,
        variants: config.variants,
        players: config.players,
        numEnvs: config.numEnvs,
        horizon: config.horizon,
        seed: config.seed,
        rewards: config.rewards,
        league: leagueOptions,
        shape,
        ...(config.teacher ? { teacher: config.teacher } : {}),
      });
      if (resumeState) {
        const p = resumeState.pending!;
        const asked = p.members.map((x) => ({ ...byName(x.name), learnerWinRate: x.learnerWinRate, episodes: x.episodes }));
        ask(updates + 1, (await readWeights(join(o.out, 'resume', 'behaviour'), shape)).params, {
          snapshot: false,
          asked,
          restore: resumeState.collector as CollectorSnapshot,
        });
      } else ask(updates + 1, net.params(), { snapshot: true });
    }
    // Out of time with a rollout in flight whose collector state was not asked for: one more update, whose
    // next rollout brings it (a run with a collector worker overruns its budget by at most one update).
    let overrun = false;
    for (;;) {
      if (o.maxUpdates !== undefined && updates >= o.maxUpdates) break;
      if (elapsed() * 1000 >= budgetMs) {
        const flight = inFlight as Flight | null; // assigned by `ask`, which TypeScript does not follow
        if (!flight || flight.before) break;
        overrun = true;
      }
      const u0 = performance.now();
      const imitating = updates < (config.imitationUpdates ?? 0);
      let batch: RolloutBatch;
      let fin: EpisodeResult[];
      let rolloutSteps: number;
      if (collector) {
        collector.collect(net, netOf, imitating);
        batch = collector;
        fin = collector.finished;
        rolloutSteps = collector.envSteps;
      } else {
        const r = await inFlight!.promise;
        if (r.index !== updates + 1) throw new Error(`collector worker sent rollout ${r.index}, expected ${updates + 1}`);
        // The league's results in the order the worker met them (it played with a copy of the league).
        if (!teacherAt(r.index)) for (const e of r.finished) league.record(e.opponents.map(byName), e.learnerWon);
        // The next rollout, with the weights this update starts from, while this one is learnt from.
        ask(r.index + 1, net.params(), { snapshot: overrun || savesAfter(r.index), seated: r.seated });
        batch = r;
        fin = r.finished;
        rolloutSteps = r.envSteps;
      }
      const metrics = imitating ? learner.imitate(batch, trainerRng) : learner.update(batch, trainerRng);
      updates++;
      learnerSteps += config.numEnvs * config.horizon;
      envSteps += rolloutSteps;
      episodes += fin.length;
      if (!config.opponents?.length && updates % config.league.snapshotEvery === 0) {
        const prev = league.members.slice();
        league.addSnapshot(updates, net.params());
        retire(prev);
        pruneNets();
      }
      let exploiterRecord: ExploiterRecord | undefined;
      if (ex) {
        const eo = ex.options;
        let added: string | undefined;
        if (updates % eo.every === 0) {
          ex.collector.collect(ex.net, () => net.inference());
          ex.learner.update(ex.collector, trainerRng);
          ex.updates++;
          ex.totalUpdates++;
          ex.learnerSteps += ex.collector.N * ex.collector.T;
          if (ex.vsLearner.learnerWinRate >= eo.addAt || ex.updates >= eo.period) {
            const prev = league.members.slice();
            league.addExploiter(updates, ex.net.params(), eo.max);
            retire(prev);
            added = `exploiter@${updates}`;
            pruneNets();
            // Restart from the learner as it is now, with a fresh optimizer.
            ex.net.assign(net.params());
            ex.learner.optimizer.dispose();
            ex.learner = new PpoLearner(ex.net, config.ppo);
            ex.updates = 0;
            ex.vsLearner.learnerWinRate = 1 / config.players;
            ex.vsLearner.episodes = 0;
          }
        }
        exploiterRecord = {
          updates: ex.updates,
          totalUpdates: ex.totalUpdates,
          learnerSteps: ex.learnerSteps,
          winRateVsLearner: Math.round(ex.vsLearner.learnerWinRate * 1000) / 1000,
          ...(added ? { added } : {}),
        };
      }
      const winRateVs: Record<string, number> = {};
      for (const m of league.members) winRateVs[m.name] = Math.round(m.learnerWinRate * 1000) / 1000;
      const record: UpdateRecord = {
        ...metrics,
        update: updates,
        phase: imitating ? 'imitation' : 'ppo',
        learnerSteps,
        envSteps,
        episodes,
        wallSeconds: Math.round((wallBefore + elapsed()) * 10) / 10,
        stepsPerSec: Math.round(rolloutSteps / ((performance.now() - u0) / 1000)),
        winRate: fin.length ? fin.filter((e) => e.learnerWon).length / fin.length : 0,
        winRateVs,
        resultsVs: imitating ? {} : tallyByMember(fin),
        leagueSize: league.members.length,
        ...(exploiterRecord ? { exploiter: exploiterRecord } : {}),
      };
      appendFileSync(metricsPath, JSON.stringify(record) + '\n');
      const frac = Math.max(o.maxUpdates !== undefined ? updates / o.maxUpdates : 0, (elapsed() * 1000) / budgetMs);
      o.onUpdate?.({ record, budgetFraction: Math.min(1, frac) });
      // Let timers run (progress redraws) between the synchronous rollout and update phases.
      await new Promise((r) => setImmediate(r));
      if (config.saveEvery > 0 && updates % config.saveEvery === 0) await save();
    }
    manifest = await save();
  } finally {
    await thread?.close();
  }
  net.dispose();
  learner.optimizer.dispose();
  if (ex) {
    ex.net.dispose();
    ex.learner.optimizer.dispose();
  }
  return { out: o.out, backend, updates, learnerSteps, envSteps, episodes, wallSeconds: wallBefore + elapsed(), manifest };
}

/** Record evaluation results in a checkpoint's manifest (replacing earlier ones for the same variant and opponents). */
export function recordEvaluation(dir: string, results: EvalRecord[]): CheckpointManifest {
  const m = readManifest(dir);
  const keep = m.evaluation.filter((e) => !results.some((r) => r.variant === e.variant && r.opponents === e.opponents));
  const out = { ...m, evaluation: [...keep, ...results] };
  writeJsonAtomic(join(dir, 'manifest.json'), out);
  return out;
}

function sameShape(a: NetShape, b: NetShape): boolean {
  return a.obsSize === b.obsSize && a.numActions === b.numActions && a.hidden.join(',') === b.hidden.join(',');
}

/** `widenParams` for `--init-from`, its refusal worded as a checkpoint error naming the folder. */
function widenStart(dir: string, from: NetShape, params: Float32Array[], to: NetShape, seed: string): Float32Array[] {
  try {
    return widenParams(from, params, to, `widen/${seed}`);
  } catch (e) {
    throw new CheckpointError(`cannot start from ${dir}: ${(e as Error).message} (give --hidden ${from.hidden.join(',')} or wider)`);
  }
}
