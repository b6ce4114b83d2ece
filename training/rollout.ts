/**
 * Self-play rollouts for PPO: `numEnvs` games run side by side; in each, one seat (drawn per episode) is
 * the learner and every other seat a league member (training/league.ts). The collector steps all games
 * until each waits for the learner, then lets the learner act in each, and repeats `horizon` times. Neural
 * players (the learner, `self`, snapshots, exploiters) act through the plain-JS forward pass
 * (policy/forward.ts `runSparse`: the sparse observation in, only the legal actions scored), one decision
 * at a time: batching them through tfjs cost an op dispatch per layer and all 1,035 logits per row, and
 * was most of a rollout's time. `random`, `heuristic` and `agent` members act inline.
 *
 * Buffers are [horizon, numEnvs] in time-major order (index t * numEnvs + i). The reward of a learner
 * transition is the learner seat's reward (env/core/rewards.ts: terminal win/loss, plus the shaped
 * net-worth change when enabled) accumulated from its action until its next decision; `done` marks the
 * transition that ended its episode. After `collect`, `bootstrapValue` holds the value of each game's
 * next learner observation, for GAE.
 *
 * All randomness (action sampling, learner seats, opponent draws, game seeds) comes from one RNG held
 * in the collector plus each game's own RNG, so a run is reproducible and `snapshot()`/`restore()` resume
 * it exactly.
 */
import type { Game, RewardOptions } from '../env/core/game.ts';
import type { GameReporting } from '../env/core/play.ts';
import { ArgumentError } from '../lib/errors.ts';
import { nearest } from '../lib/suggest.ts';
import { RewardTracker } from '../env/core/rewards.ts';
import { resolveChance } from '../env/core/chance.ts';
import { cloneRng, nextFloat, nextInt, seedRng, type RngState } from '../lib/rng.ts';
import type { Agent } from '../env/core/agent.ts';
import type { GameEntry } from '../games/registry.ts';
import { FROZEN_KINDS, type League, type LeagueMember } from './league.ts';
import { IdLists, SparseRows } from './rows.ts';
import type { PolicyForward } from '../policy/forward.ts';

export interface CollectorOptions<S> {
  /** One game per variant; every variant must share the observation spec and action catalogue. */
  games: Game<S>[];
  numEnvs: number;
  players: number;
  horizon: number;
  seed: string;
  rewards: RewardOptions;
  /** Makes a heuristic agent for a game (deterministic agents only: the collector keeps no agent state). */
  heuristic: (game: Game<S>) => Agent;
  /** Makes the agent of an `agent` league member (its spec) for a game, seeded with `seed`. */
  agent?: (spec: string, seed: string, game: Game<S>) => Agent;
  /** The learner's cost per action id (`RewardOptions.actionCosts` resolved by `actionCostTable`); absent: none. */
  actionCost?: Float32Array;
  /**
   * Teacher labels (docs/TRAINING.md "Teacher regularisation"): 1 for each action id of a teacher kind
   * (`teacherActionTable`). At every learner decision where such an action is legal, the collector asks the
   * heuristic what it would play there and, when that is of a teacher kind, records it in `teacher` (the learner's
   * own sampled move is still the one played). Absent: no labels.
   */
  teacherActions?: Uint8Array;
}

/** Teacher regularisation's settings (TrainConfig.teacher): the teacher term's weight and the kinds it labels. */
export interface TeacherOptions {
  /** Weight of the teacher term in the loss (training/heads.ts), > 0. */
  coef: number;
  /**
   * Action kind names (the game's, docs/ACTIONS.md): the decisions where the heuristic would play one of them are
   * labelled with its choice. Empty or absent: every decision.
   */
  kinds?: string[];
}

/** The run settings a collector takes from a training configuration (training/train.ts TrainConfig). */
export interface CollectorRunSettings {
  numEnvs: number;
  players: number;
  horizon: number;
  rewards: RewardOptions;
  /** Teacher labels for the learner's decisions (absent: none). */
  teacher?: TeacherOptions;
}

/**
 * Collector options over registered games: the game's teacher as the heuristic, its agent specs for `agent`
 * members (games/registry.ts GameEntry).
 */
export function collectorOptions<S>(
  entry: Pick<GameEntry<S>, 'teacher' | 'agent' | 'reporting'>,
  games: Game<S>[],
  run: CollectorRunSettings,
  seed: string,
): CollectorOptions<S> {
  const costs = run.rewards.actionCosts;
  const teacher = run.teacher;
  return {
    games,
    numEnvs: run.numEnvs,
    players: run.players,
    horizon: run.horizon,
    seed,
    rewards: run.rewards,
    heuristic: (g) => entry.teacher(g),
    agent: (spec, seed, g) => entry.agent(spec, seed, g),
    ...(costs && Object.keys(costs).length ? { actionCost: actionCostTable(entry.reporting(games[0]), games[0].numActions, costs) } : {}),
    ...(teacher ? { teacherActions: teacherActionTable(entry.reporting(games[0]), games[0].numActions, teacher.kinds ?? []) } : {}),
  };
}

/**
 * 1 for each action id (length `numActions`) whose kind is one of `kinds` (kind names); every id when `kinds` is empty.
 * @throws ArgumentError naming a kind the game does not have (with the nearest names it has)
 */
export function teacherActionTable(
  reporting: Pick<GameReporting<unknown>, 'kindNames' | 'kindOf'>,
  numActions: number,
  kinds: readonly string[],
): Uint8Array {
  const table = new Uint8Array(numActions);
  if (kinds.length === 0) return table.fill(1);
  const wanted = new Set(kinds.map((name) => kindIndex(reporting, name, 'teacher kinds')));
  for (let a = 0; a < numActions; a++) if (wanted.has(reporting.kindOf(a))) table[a] = 1;
  return table;
}

/**
 * The index of action kind `name` in `reporting.kindNames`; `what` opens the error message.
 * @throws ArgumentError naming a kind the game does not have, with the nearest names it has
 */
function kindIndex(reporting: Pick<GameReporting<unknown>, 'kindNames'>, name: string, what: string): number {
  const k = reporting.kindNames.indexOf(name);
  if (k < 0) {
    const near = nearest(name, reporting.kindNames);
    throw new ArgumentError(`${what}: no action kind ${name} in this game${near ? ` (did you mean ${near}?)` : ''}`);
  }
  return k;
}

/**
 * The cost of each action id (length `numActions`) from costs by kind name (`RewardOptions.actionCosts`).
 * @throws ArgumentError naming a kind the game does not have (with the nearest names it has) or a cost that is not
 *   a finite number
 */
export function actionCostTable(
  reporting: Pick<GameReporting<unknown>, 'kindNames' | 'kindOf'>,
  numActions: number,
  costs: Readonly<Record<string, number>>,
): Float32Array {
  const byKind = new Map<number, number>();
  for (const [name, cost] of Object.entries(costs)) {
    const k = kindIndex(reporting, name, 'action cost');
    if (!Number.isFinite(cost)) throw new ArgumentError(`action cost: ${name}=${cost} is not a finite number`);
    byKind.set(k, cost);
  }
  const table = new Float32Array(numActions);
  for (let a = 0; a < numActions; a++) table[a] = byKind.get(reporting.kindOf(a)) ?? 0;
  return table;
}

/** One finished episode, for statistics. */
export interface EpisodeResult {
  variant: number;
  learnerWon: boolean;
  learnerReturn: number;
  opponents: string[];
  length: number;
}

/** Per-env resumable data (see `snapshot`). */
export interface EnvSnapshot {
  variant: number;
  state: string;
  learnerSeat: number;
  opponents: string[];
  episodeReturn: number;
  length: number;
  /** The episode's number (seeds its `agent` members' streams). */
  episode: number;
  /** Shaped reward each seat collected so far this episode (RewardTracker.collectedShaped; absent: none). */
  shaped?: number[];
}

/**
 * Refuse games that do not share one observation spec and action catalogue (one network serves them all).
 * @param names how to name each game in the error
 * @throws ArgumentError naming the first game and the one that differs
 */
export function checkSharedLayout<S>(games: Game<S>[], names: string[]): void {
  if (games.length === 0) throw new ArgumentError('training needs at least one variant');
  const g0 = games[0];
  games.forEach((g, i) => {
    if (g.observationSpec.hash !== g0.observationSpec.hash || g.actionsHash !== g0.actionsHash)
      throw new ArgumentError(`variants ${names[0]} and ${names[i]} differ in observation spec or action catalogue; train them separately`);
  });
}

/**
 * What a rollout needs of the learner's network: its plain-JS forward pass over the current parameters and
 * whether it reads sparse observation rows (training/network.ts PolicyValueNet; a collector worker thread
 * wraps a bare PolicyForward over the behaviour weights, training/collector-thread.ts).
 */
export interface RolloutPolicy {
  readonly sparseInput: boolean;
  inference(): PolicyForward;
}

/** Everything needed to resume collection exactly (`Collector.snapshot`). */
export interface CollectorSnapshot {
  rng: RngState;
  episodeCounter: number;
  envs: EnvSnapshot[];
}

export class Collector<S> {
  readonly o: CollectorOptions<S>;
  readonly obsSize: number;
  readonly numActions: number;
  readonly N: number;
  readonly T: number;
  // rollout buffers, [T * N] rows
  /** The learner's observations as sparse rows (time-major), written straight from `observeSparse` when the game has it. */
  readonly rows = new SparseRows();
  /** The same, dense [T * N, obsSize]: only after a `collect` with a dense-input network (else null; 75 MB for Merlin's defaults). */
  obs: Float32Array | null = null;
  readonly mask: Float32Array;
  /** Each row's legal ids, ascending (the same as `mask`, as lists). */
  readonly legalLists = new IdLists();
  /** Where the taken action stands in row r's legal list. */
  readonly taken: Int32Array;
  /** Where the teacher's choice stands in row r's legal list, -1 unlabelled (null: the collector labels nothing). */
  readonly teacher: Int32Array | null;
  readonly actions: Int32Array;
  readonly logp: Float32Array;
  readonly values: Float32Array;
  readonly rewards: Float32Array;
  readonly dones: Uint8Array;
  /** Value estimate of each env's next learner observation after `collect` [numEnvs]. */
  readonly bootstrapValue: Float32Array;
  /** Episodes finished during the last `collect`. */
  finished: EpisodeResult[] = [];
  /** Env steps (all seats) during the last `collect`. */
  envSteps = 0;
  rng: RngState;
  episodeCounter = 0;
  /** True while `collect` runs with the teacher in the learner's seat (its results are not the learner's). */
  private teacherMode = false;

  private states: S[] = [];
  private variantOf: Int32Array;
  private learnerSeat: Int32Array;
  private seats: LeagueMember[][] = [];
  /** Agents of `agent` members, per env and seat (null elsewhere). */
  private seatAgents: (Agent | null)[][] = [];
  private episodeOf: Int32Array;
  /** Each env's reward bookkeeping (made per episode by `newEpisode`, for that episode's variant). */
  private trackers: RewardTracker<S>[] = [];
  private lastIdx: Int32Array;
  private epReturn: Float64Array;
  private epLength: Int32Array;
  private readonly rvec = new Float64Array(8);
  private readonly outcome = new Float64Array(8);
  private readonly legal: Int32Array;
  private readonly heur: Agent[];
  /** One observation row of an opponent's decision or a bootstrap value. */
  private readonly batchRows = new SparseRows();
  /** The log-probabilities of one decision's legal ids (`infer`). */
  private readonly lp: Float32Array;
  /** `observeSparse` scratch, and a dense row for games without it. */
  private readonly sIndex: Int32Array;
  private readonly sValue: Float32Array;
  private readonly denseRow: Float32Array;

  constructor(
    o: CollectorOptions<S>,
    private readonly league: League,
  ) {
    this.o = o;
    const g0 = o.games[0];
    checkSharedLayout(
      o.games,
      o.games.map((g, i) => `${g.name} #${i}`),
    );
    this.obsSize = g0.observationSpec.size;
    this.numActions = g0.numActions;
    this.N = o.numEnvs;
    this.T = o.horizon;
    const R = this.N * this.T;
    this.mask = new Float32Array(R * this.numActions);
    this.taken = new Int32Array(R);
    this.teacher = o.teacherActions ? new Int32Array(R) : null;
    this.actions = new Int32Array(R);
    this.logp = new Float32Array(R);
    this.values = new Float32Array(R);
    this.rewards = new Float32Array(R);
    this.dones = new Uint8Array(R);
    this.bootstrapValue = new Float32Array(this.N);
    this.variantOf = new Int32Array(this.N);
    this.learnerSeat = new Int32Array(this.N);
    this.episodeOf = new Int32Array(this.N);
    this.lastIdx = new Int32Array(this.N).fill(-1);
    this.epReturn = new Float64Array(this.N);
    this.epLength = new Int32Array(this.N);
    this.legal = new Int32Array(this.numActions);
    this.heur = o.games.map((g) => o.heuristic(g));
    this.sIndex = new Int32Array(this.obsSize);
    this.sValue = new Float32Array(this.obsSize);
    this.denseRow = new Float32Array(this.obsSize);
    this.lp = new Float32Array(this.numActions);
    this.rng = seedRng(`collector/${o.seed}`);
    for (let i = 0; i < this.N; i++) {
      this.states.push(undefined as unknown as S);
      this.seats.push([]);
      this.seatAgents.push([]);
      this.newEpisode(i);
    }
  }

  private game(i: number): Game<S> {
    return this.o.games[this.variantOf[i]];
  }

  private newEpisode(i: number): void {
    const v = this.episodeCounter % this.o.games.length;
    const g = this.o.games[v];
    this.variantOf[i] = v;
    this.trackers[i] = new RewardTracker(g, this.o.rewards, 8);
    this.episodeOf[i] = this.episodeCounter;
    const s = g.newState(this.o.players, `${this.o.seed}/episode/${this.episodeCounter++}`);
    resolveChance(g, s);
    this.states[i] = s;
    this.learnerSeat[i] = nextInt(this.rng, this.o.players);
    // One league member takes every opponent seat (each seat acts on its own), so an episode is a match
    // against that member, as in evaluation (e.g. the learner against three `random` players).
    const member = this.league.sample(this.rng);
    const seats: LeagueMember[] = [];
    for (let p = 0; p < this.o.players; p++) seats.push(p === this.learnerSeat[i] ? (undefined as unknown as LeagueMember) : member);
    this.seats[i] = seats;
    this.makeAgents(i);
    this.trackers[i].reset(s);
    this.lastIdx[i] = -1;
    this.epReturn[i] = 0;
    this.epLength[i] = 0;
  }

  /** Agents for env i's `agent` members, seeded by episode and seat (so a restore recreates them). */
  private makeAgents(i: number): void {
    this.seatAgents[i] = this.seats[i].map((m, p) => {
      if (!m || m.kind !== 'agent') return null;
      if (!this.o.agent || !m.spec) throw new Error(`league member ${m.name} needs an agent factory`);
      return this.o.agent(m.spec, `${this.o.seed}/episode/${this.episodeOf[i]}/seat/${p}`, this.game(i));
    });
  }

  /** Apply `a` in env i and book the learner's reward; starts a new episode when the game ends. */
  private apply(i: number, a: number): void {
    const g = this.game(i);
    const s = this.states[i];
    g.applyAction(s, a);
    resolveChance(g, s);
    this.envSteps++;
    this.epLength[i]++;
    this.trackers[i].step(s, this.rvec);
    const r = this.rvec[this.learnerSeat[i]];
    if (r !== 0) {
      this.epReturn[i] += r;
      if (this.lastIdx[i] >= 0) this.rewards[this.lastIdx[i]] += r;
    }
    if (g.isTerminal(s)) {
      if (this.lastIdx[i] >= 0) this.dones[this.lastIdx[i]] = 1;
      const me = this.learnerSeat[i];
      const opp = this.seats[i].filter((_, p) => p !== me);
      // Won by the game's rules: a game truncated at the turn limit is nobody's win.
      g.returns(s, this.outcome, { terminal: 'winLoss', truncation: 'zero' });
      const won = this.outcome[me] > 0;
      if (!this.teacherMode) this.league.record(opp, won);
      this.finished.push({
        variant: this.variantOf[i],
        learnerWon: won,
        learnerReturn: this.epReturn[i],
        opponents: opp.map((m) => m.name),
        length: this.epLength[i],
      });
      this.newEpisode(i);
    }
  }

  /** Append `seat`'s observation in env i to `into` as a sparse row (`observeSparse` when the game has it). */
  private observeRow(i: number, seat: number, into: SparseRows): void {
    const g = this.game(i);
    const s = this.states[i];
    if (g.observeSparse) into.pushPairs(this.sIndex, this.sValue, g.observeSparse(s, seat, this.sIndex, this.sValue));
    else {
      g.observe(s, seat, this.denseRow);
      into.pushRow(this.denseRow, 0, this.obsSize);
    }
  }

  /** Sample an index k in [0, n) from the log-probabilities `lp[0 .. n)` (re-normalised). */
  private sample(lp: Float32Array, n: number): number {
    let total = 0;
    for (let k = 0; k < n; k++) total += Math.exp(lp[k]);
    let u = nextFloat(this.rng) * total;
    for (let k = 0; k < n; k++) {
      u -= Math.exp(lp[k]);
      if (u <= 0) return k;
    }
    return n - 1;
  }

  /**
   * The plain-JS forward pass of `net` over row `r` of `rows`, scoring the legal ids `legal[0 .. n)`: their
   * log-probabilities go to `this.lp[0 .. n)`; returns the value estimate.
   */
  private infer(net: PolicyForward, rows: SparseRows, r: number, legal: Int32Array, n: number): number {
    return net.runSparse(rows.idx, rows.val, rows.ptr[r], rows.ptr[r + 1], legal, n, this.lp);
  }

  /** Run scripted seats inline until env i waits for the learner or a neural member; returns that member (null = learner). */
  private advanceScripted(i: number): LeagueMember | null {
    for (;;) {
      const g = this.game(i);
      const s = this.states[i];
      const p = g.currentPlayer(s);
      if (p === this.learnerSeat[i]) return null;
      const m = this.seats[i][p];
      if (m.kind === 'self' || FROZEN_KINDS.includes(m.kind)) return m;
      const n = g.legalActions(s, this.legal);
      const ctx = { seat: p, legal: this.legal, numLegal: n, state: s };
      const a =
        m.kind === 'random'
          ? this.legal[nextInt(this.rng, n)]
          : m.kind === 'agent'
            ? this.seatAgents[i][p]!.act(null, null, ctx)
            : this.heur[this.variantOf[i]].act(null, null, ctx);
      this.apply(i, a);
    }
  }

  /** Step every env until each waits for the learner (neural members play through `PolicyForward.runSparse`). */
  private advanceAll(learner: PolicyForward, nets: (m: LeagueMember) => PolicyForward): void {
    for (let i = 0; i < this.N; i++)
      for (let m = this.advanceScripted(i); m; m = this.advanceScripted(i)) {
        const net = m.kind === 'self' ? learner : nets(m);
        const g = this.game(i);
        const s = this.states[i];
        this.batchRows.reset(1);
        this.observeRow(i, g.currentPlayer(s), this.batchRows);
        const n = g.legalActions(s, this.legal);
        this.infer(net, this.batchRows, 0, this.legal, n);
        this.apply(i, this.legal[this.sample(this.lp, n)]);
      }
  }

  /**
   * Fill the rollout buffers with `horizon` learner decisions per env (see module docs).
   * @param nets the plain-JS forward pass of a frozen member (snapshot, exploiter copy; the caller caches them)
   * @param teacher when true, the learner's seat is played by the heuristic (imitation warm-start data:
   *   `actions` are the teacher's choices, `logp` their log-probability under `learner`)
   */
  collect(learnerNet: RolloutPolicy, nets: (m: LeagueMember) => PolicyForward, teacher = false): void {
    const N = this.N;
    const O = this.obsSize;
    const A = this.numActions;
    const learner = learnerNet.inference();
    this.finished = [];
    this.envSteps = 0;
    this.teacherMode = teacher;
    this.rewards.fill(0);
    this.dones.fill(0);
    this.mask.fill(0);
    this.lastIdx.fill(-1);
    this.rows.reset(N * this.T);
    this.legalLists.reset(N * this.T);
    const dense = !learnerNet.sparseInput;
    // Null after a sparse collect, so a dense learner cannot read a previous rollout's observations.
    this.obs = dense ? (this.obs ?? new Float32Array(N * this.T * O)) : null;
    this.advanceAll(learner, nets);
    for (let t = 0; t < this.T; t++) {
      for (let i = 0; i < N; i++) {
        const idx = t * N + i;
        const g = this.game(i);
        const s = this.states[i];
        this.observeRow(i, this.learnerSeat[i], this.rows);
        if (dense) this.rows.toDense(idx, this.obs!, idx * O, O);
        const l = this.legal;
        const n = g.legalActions(s, l);
        for (let k = 0; k < n; k++) this.mask[idx * A + l[k]] = 1;
        this.legalLists.push(l, 0, n);
        this.values[idx] = this.infer(learner, this.rows, idx, l, n);
        const k = teacher
          ? l
              .subarray(0, n)
              .indexOf(this.heur[this.variantOf[i]].act(null, null, { seat: this.learnerSeat[i], legal: l, numLegal: n, state: s }))
          : this.sample(this.lp, n);
        const a = l[k];
        if (this.teacher) this.teacher[idx] = teacher ? -1 : this.teacherLabel(i, l, n);
        this.actions[idx] = a;
        this.taken[idx] = k;
        this.logp[idx] = this.lp[k];
        this.lastIdx[i] = idx;
        const cost = this.o.actionCost?.[a] ?? 0;
        if (cost !== 0) {
          this.rewards[idx] -= cost;
          this.epReturn[i] -= cost;
        }
        this.apply(i, a);
      }
      this.advanceAll(learner, nets);
    }
    // Bootstrap values of the next learner observations.
    for (let i = 0; i < N; i++) {
      this.batchRows.reset(1);
      this.observeRow(i, this.learnerSeat[i], this.batchRows);
      this.bootstrapValue[i] = this.infer(learner, this.batchRows, 0, this.legal, 0);
    }
  }

  /** Where the heuristic's choice stands in env i's legal list `l[0, n)` when it is of a teacher kind, else -1. */
  private teacherLabel(i: number, l: Int32Array, n: number): number {
    const marked = this.o.teacherActions!;
    let any = false;
    for (let k = 0; k < n && !any; k++) any = marked[l[k]] === 1;
    if (!any) return -1;
    const a = this.heur[this.variantOf[i]].act(null, null, { seat: this.learnerSeat[i], legal: l, numLegal: n, state: this.states[i] });
    return marked[a] === 1 ? l.subarray(0, n).indexOf(a) : -1;
  }

  /** The members the envs currently use (for saving referenced snapshots on resume). */
  membersInUse(): Set<LeagueMember> {
    const out = new Set<LeagueMember>();
    for (let i = 0; i < this.N; i++) for (const m of this.seats[i]) if (m) out.add(m);
    return out;
  }

  /** Everything needed to resume collection exactly (between `collect` calls). */
  snapshot(): CollectorSnapshot {
    const envs: EnvSnapshot[] = [];
    for (let i = 0; i < this.N; i++) {
      envs.push({
        variant: this.variantOf[i],
        state: this.game(i).serialize(this.states[i]),
        learnerSeat: this.learnerSeat[i],
        opponents: this.seats[i].map((m) => (m ? m.name : '')),
        episodeReturn: this.epReturn[i],
        length: this.epLength[i],
        episode: this.episodeOf[i],
        shaped: this.trackers[i].collectedShaped(),
      });
    }
    return { rng: cloneRng(this.rng), episodeCounter: this.episodeCounter, envs };
  }

  /** Restore `snapshot()` output; `byName` resolves member names (snapshots included). */
  restore(snap: CollectorSnapshot, byName: (name: string) => LeagueMember): void {
    if (snap.envs.length !== this.N) throw new Error(`resume data has ${snap.envs.length} envs, this run ${this.N}`);
    this.rng = cloneRng(snap.rng);
    this.episodeCounter = snap.episodeCounter;
    snap.envs.forEach((e, i) => {
      this.variantOf[i] = e.variant;
      const g = this.game(i);
      this.states[i] = g.deserialize(e.state);
      this.learnerSeat[i] = e.learnerSeat;
      this.seats[i] = e.opponents.map((n, p) => (p === e.learnerSeat ? (undefined as unknown as LeagueMember) : byName(n)));
      this.trackers[i] = new RewardTracker(g, this.o.rewards, 8);
      this.trackers[i].reset(this.states[i], e.shaped);
      this.epReturn[i] = e.episodeReturn;
      this.epLength[i] = e.length;
      this.episodeOf[i] = e.episode;
      this.makeAgents(i);
    });
  }
}
