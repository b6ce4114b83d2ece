/**
 * Rollouts on a worker thread beside the learner (`merlin train --collectors 2`, docs/TRAINING.md
 * "Collectors"). The worker owns the run's Collector (training/rollout.ts): its games, its RNG and its
 * copy of the league; it collects the rollout that update k learns from with the weights after update
 * k - 2 (the behaviour policy), while the learner's thread runs update k - 1: one update of policy lag, as
 * IMPALA and Sample Factory have. The rollout stores the behaviour policy's log-probabilities, and PPO's
 * clipped importance ratio against them is the correction (training/ppo.ts).
 *
 * Determinism: a rollout depends only on its request (the behaviour weights, the league as it stood when the
 * request was made, the collector's state before it, and whether the teacher plays) and the learner waits
 * for rollout k before it asks for rollout k + 1, so the order of rollouts and of the league's results
 * never depends on thread timing. The learner replays each rollout's finished episodes onto its own league
 * (`League.record`, in order), which leaves it where the worker's copy ended.
 *
 * Neither a rollout's forward passes (policy/forward.ts) nor the worker need tfjs: the learner's thread
 * keeps the network, the optimizer and the gradient steps.
 */
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { RewardOptions } from '../env/core/game.ts';
import { ArgumentError } from '../lib/errors.ts';
import { simdAvailable } from '../lib/simd.ts';
import { DEFAULT_GAME, gameEntry } from '../games/registry.ts';
import { PolicyForward } from '../policy/forward.ts';
import type { NetShape } from '../policy/network.ts';
import { FROZEN_KINDS, League, type LeagueMember, type LeagueOptions, type MemberKind } from './league.ts';
import type { RolloutBatch } from './ppo.ts';
import { Collector, collectorOptions, type CollectorSnapshot, type EpisodeResult, type TeacherOptions } from './rollout.ts';
import { IdLists, SparseRows } from './rows.ts';

/** The most collectors `merlin train --collectors` takes: the learner's thread plus one collector worker. */
export const MAX_COLLECTORS = 2;

/**
 * The default `--collectors`: 2 (one collector worker beside the learner) where the machine has two or more
 * cores and the WebAssembly SIMD kernels run the gradient steps; else 1 (today's synchronous loop).
 */
export function defaultCollectors(): number {
  return simdAvailable() && availableParallelism() >= 2 ? MAX_COLLECTORS : 1;
}

/**
 * Check a collectors setting (TrainConfig.collectors).
 * @param sparseInput the run's input layer (the dense one needs the dense observations, which a worker does not ship)
 * @throws ArgumentError for a value that is not an integer in [1, MAX_COLLECTORS], or 2 with the dense input layer
 */
export function checkCollectors(n: number, sparseInput: boolean): void {
  if (!Number.isInteger(n) || n < 1) throw new ArgumentError(`--collectors must be a positive integer, got ${n}`);
  if (n > MAX_COLLECTORS)
    throw new ArgumentError(
      `--collectors ${n}: at most ${MAX_COLLECTORS} is built (the learner's thread plus one collector worker thread); more collector workers are not`,
    );
  if (n > 1 && !sparseInput)
    throw new ArgumentError(
      '--collectors 2 needs the sparse input layer (the default): the dense one learns from dense observations a worker does not ship',
    );
}

/** What the worker is made with (its workerData). */
export interface CollectorSetup {
  game?: string;
  variants: string[];
  players: number;
  numEnvs: number;
  horizon: number;
  seed: string;
  rewards: RewardOptions;
  league: LeagueOptions;
  shape: NetShape;
  /** Teacher labels for the learner's decisions (absent: none). */
  teacher?: TeacherOptions;
}

/** A league member as sent to the worker: parameters only for a frozen member the worker does not hold yet. */
export interface MemberWire {
  name: string;
  kind: MemberKind;
  learnerWinRate: number;
  episodes: number;
  spec?: string;
  params?: Float32Array[];
}

/** One rollout asked of the worker. */
export interface CollectRequest {
  /** The update that will learn from it (1-based). */
  index: number;
  /** The behaviour policy's parameters (the learner's, in `paramSpecs` order). */
  behaviour: Float32Array[];
  /** The league as it stands, in order (what PFSP samples from). */
  members: MemberWire[];
  /** Members outside the league that a restored collector state names (resume only). */
  extra: MemberWire[];
  /** The heuristic plays the learner's seat (imitation warm start). */
  teacher: boolean;
  /** Send the collector's state before this rollout (the learner will save before it asks again). */
  snapshot: boolean;
  /** Restore this collector state first (a resumed run's first rollout). */
  restore?: CollectorSnapshot;
}

/** One collected rollout as the worker sends it back (copies of the Collector's buffers, transferred). */
export interface CollectReply extends Pick<RolloutBatch, 'taken' | 'actions' | 'logp' | 'values' | 'rewards' | 'dones' | 'bootstrapValue'> {
  index: number;
  rows: { rows: number; ptr: Int32Array<ArrayBuffer>; idx: Int32Array<ArrayBuffer>; val: Float32Array<ArrayBuffer> };
  legal: { rows: number; ptr: Int32Array<ArrayBuffer>; ids: Int32Array<ArrayBuffer> };
  finished: EpisodeResult[];
  envSteps: number;
  /** The teacher's labels (RolloutBatch.teacher; null: none). */
  teacher: Int32Array<ArrayBuffer> | null;
  /** The league members the games seat after this rollout, by name (the learner keeps them known). */
  seated: string[];
  /** The frozen members whose parameters the worker holds after it. */
  held: string[];
}

/** A rollout the learner's thread received: the PPO batch plus its episodes and env steps. */
export interface ReceivedRollout extends RolloutBatch {
  index: number;
  finished: EpisodeResult[];
  envSteps: number;
  seated: string[];
}

/**
 * The worker's side: a Collector over the worker's games and its copy of the league, one rollout per request.
 * Runs on the worker thread (training/collector-worker-main.ts); tests may run it inline.
 */
export class RolloutWorker {
  private collector: Collector<unknown> | null = null;
  private readonly league: League;
  /** Every member the worker knows, by name (the league's and those its envs still seat). */
  private readonly known = new Map<string, LeagueMember>();
  private readonly nets = new Map<LeagueMember, PolicyForward>();
  private behaviour: PolicyForward | null = null;

  constructor(private readonly setup: CollectorSetup) {
    this.league = new League(setup.league, []);
  }

  /**
   * Collect one rollout (see module docs).
   * @param onBefore called with the collector's state before the rollout, when the request asks for it
   * @throws Error when a frozen member's parameters were never sent
   */
  collect(req: CollectRequest, onBefore?: (state: CollectorSnapshot) => void): CollectReply {
    const s = this.setup;
    for (const w of [...req.members, ...req.extra]) {
      let m = this.known.get(w.name);
      if (!m)
        this.known.set(w.name, (m = { name: w.name, kind: w.kind, learnerWinRate: w.learnerWinRate, episodes: w.episodes, spec: w.spec }));
      m.learnerWinRate = w.learnerWinRate;
      m.episodes = w.episodes;
      if (w.params) {
        m.params = w.params;
        this.nets.delete(m);
      }
      if (FROZEN_KINDS.includes(m.kind) && !m.params) throw new Error(`collector worker: no parameters for league member ${m.name}`);
    }
    this.league.members.length = 0;
    for (const w of req.members) this.league.members.push(this.known.get(w.name)!);
    const entry = gameEntry(s.game ?? DEFAULT_GAME);
    // Made at the first request, with the league as it then stands (a new episode draws its opponents).
    const c = (this.collector ??= new Collector<unknown>(
      collectorOptions(
        entry,
        s.variants.map((v) => entry.game(v)),
        s,
        s.seed,
      ),
      this.league,
    ));
    if (req.restore)
      c.restore(req.restore, (n) => {
        const m = this.known.get(n);
        if (!m) throw new Error(`collector worker: the restored state names league member ${n}, which was not sent`);
        return m;
      });
    // Serializing every game costs about a tenth of a rollout: only when a save will want it.
    if (req.snapshot) onBefore?.(c.snapshot());
    // One behaviour network for the worker's life, its weights replaced per request (PolicyForward.load).
    if (this.behaviour) this.behaviour.load(req.behaviour);
    else this.behaviour = new PolicyForward(s.shape, req.behaviour);
    const behaviour = this.behaviour;
    c.collect({ sparseInput: true, inference: () => behaviour }, (m) => this.netOf(m), req.teacher);
    // Forget members neither in the league nor seated any more.
    const inUse = c.membersInUse();
    const listed = new Set(req.members.map((w) => w.name));
    for (const [name, m] of this.known)
      if (!listed.has(name) && !inUse.has(m)) {
        this.known.delete(name);
        this.nets.delete(m);
      }
    const R = c.N * c.T;
    return {
      index: req.index,
      rows: { rows: R, ptr: c.rows.ptr.slice(0, R + 1), idx: c.rows.idx.slice(0, c.rows.ptr[R]), val: c.rows.val.slice(0, c.rows.ptr[R]) },
      legal: { rows: R, ptr: c.legalLists.ptr.slice(0, R + 1), ids: c.legalLists.ids.slice(0, c.legalLists.ptr[R]) },
      taken: c.taken.slice(),
      teacher: c.teacher ? c.teacher.slice() : null,
      actions: c.actions.slice(),
      logp: c.logp.slice(),
      values: c.values.slice(),
      rewards: c.rewards.slice(),
      dones: c.dones.slice(),
      bootstrapValue: c.bootstrapValue.slice(),
      finished: c.finished,
      envSteps: c.envSteps,
      seated: [...inUse].map((m) => m.name),
      held: [...this.known.values()].filter((m) => m.params).map((m) => m.name),
    };
  }

  private netOf(m: LeagueMember): PolicyForward {
    let n = this.nets.get(m);
    if (!n) this.nets.set(m, (n = new PolicyForward(this.setup.shape, m.params!)));
    return n;
  }
}

/** The buffers of a reply, to transfer rather than copy. */
export function replyTransfers(r: CollectReply): ArrayBuffer[] {
  return [
    r.rows.ptr,
    r.rows.idx,
    r.rows.val,
    r.legal.ptr,
    r.legal.ids,
    r.taken,
    r.actions,
    r.logp,
    r.values,
    r.rewards,
    r.dones,
    r.bootstrapValue,
    ...(r.teacher ? [r.teacher] : []),
  ].map((a) => a.buffer as ArrayBuffer);
}

/** A reply as the PPO batch the learner reads (RolloutBatch: sparse rows and legal lists, no dense observations or masks). */
export function receivedRollout(r: CollectReply, setup: CollectorSetup): ReceivedRollout {
  const rows = new SparseRows();
  rows.rows = r.rows.rows;
  rows.ptr = r.rows.ptr;
  rows.idx = r.rows.idx;
  rows.val = r.rows.val;
  const legalLists = new IdLists();
  legalLists.rows = r.legal.rows;
  legalLists.ptr = r.legal.ptr;
  legalLists.ids = r.legal.ids;
  return {
    index: r.index,
    N: setup.numEnvs,
    T: setup.horizon,
    obsSize: setup.shape.obsSize,
    numActions: setup.shape.numActions,
    rows,
    obs: null,
    mask: null,
    legalLists,
    taken: r.taken,
    teacher: r.teacher,
    actions: r.actions,
    logp: r.logp,
    values: r.values,
    rewards: r.rewards,
    dones: r.dones,
    bootstrapValue: r.bootstrapValue,
    finished: r.finished,
    envSteps: r.envSteps,
    seated: r.seated,
  };
}

const here = dirname(fileURLToPath(import.meta.url));
/** The worker's entry: from the TypeScript sources the bootstrap that registers tsx, compiled (the npm package) the loop itself. */
const WORKER = join(here, import.meta.url.endsWith('.ts') ? 'collector-worker.js' : 'collector-worker-main.js');

/**
 * The learner's side: one collector worker thread, one request in flight at a time. The frozen members'
 * parameters are sent once (the worker reports which it holds after each rollout).
 */
export class CollectorThread {
  private readonly worker: Worker;
  private held = new Set<string>();
  private waiting: { resolve: (r: CollectReply) => void; reject: (e: Error) => void } | null = null;
  private waitingBefore: { resolve: (s: CollectorSnapshot) => void; reject: (e: Error) => void } | null = null;
  private failed: Error | null = null;

  constructor(private readonly setup: CollectorSetup) {
    this.worker = new Worker(WORKER, { workerData: setup });
    this.worker.on('message', (m: { before?: CollectorSnapshot; reply?: CollectReply; error?: string }) => {
      if (m.before) {
        this.waitingBefore?.resolve(m.before);
        this.waitingBefore = null;
        return;
      }
      const w = this.waiting;
      this.waiting = null;
      if (!w) return;
      if (m.reply) {
        this.held = new Set(m.reply.held);
        w.resolve(m.reply);
      } else this.reject(w, new Error(`collector worker: ${m.error}`));
    });
    const fail = (e: Error) => {
      this.failed = e;
      const w = this.waiting;
      this.waiting = null;
      if (w) this.reject(w, e);
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`collector worker exited (code ${code})`)));
  }

  /**
   * Ask for one rollout; resolves when it is collected.
   * @param members the league as it stands (copied at the call: later changes do not reach this rollout)
   * @param snapshot whether the reply brings the collector's state before the rollout (CollectReply.before)
   * @param restore a collector state to restore first, and the members it seats outside the league (resume)
   */
  collect(
    index: number,
    behaviour: Float32Array[],
    members: LeagueMember[],
    teacher: boolean,
    snapshot: boolean,
    restore?: { state: CollectorSnapshot; extra: LeagueMember[] },
  ): { rollout: Promise<ReceivedRollout>; before: Promise<CollectorSnapshot> | null } {
    if (this.failed) throw this.failed;
    if (this.waiting) throw new Error('a rollout is already being collected');
    const wire = (m: LeagueMember): MemberWire => ({
      name: m.name,
      kind: m.kind,
      learnerWinRate: m.learnerWinRate,
      episodes: m.episodes,
      ...(m.spec === undefined ? {} : { spec: m.spec }),
      ...(m.params && !this.held.has(m.name) ? { params: m.params } : {}),
    });
    const req: CollectRequest = {
      index,
      behaviour,
      members: members.map(wire),
      extra: (restore?.extra ?? []).map(wire),
      teacher,
      snapshot,
      ...(restore ? { restore: restore.state } : {}),
    };
    for (const w of [...req.members, ...req.extra]) if (w.params) this.held.add(w.name);
    const p = new Promise<CollectReply>((resolve, reject) => (this.waiting = { resolve, reject }));
    const before = snapshot ? new Promise<CollectorSnapshot>((resolve, reject) => (this.waitingBefore = { resolve, reject })) : null;
    this.worker.postMessage(req);
    return { rollout: p.then((r) => receivedRollout(r, this.setup)), before };
  }

  /** Reject a rollout, and its state before if still awaited. */
  private reject(w: { reject: (e: Error) => void }, e: Error): void {
    w.reject(e);
    this.waitingBefore?.reject(e);
    this.waitingBefore = null;
  }

  /** Stop the worker (a rollout in flight is dropped). */
  async close(): Promise<void> {
    this.worker.removeAllListeners('exit');
    const w = this.waiting;
    this.waiting = null;
    if (w) this.reject(w, new Error('the collector worker was stopped'));
    await this.worker.terminate();
  }
}
