/**
 * `mcts:SIMULATIONS:ppo:DIR`: search guided by a trained policy (AlphaZero's PUCT, Silver et al. 2018) over
 * determinisations, as single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012).
 *
 * Each simulation redraws everything the deciding seat cannot see (`resampleHidden`: other hands, deck
 * orders, hidden bids and the RNG, so later dice and draws are fresh chance), then walks one shared tree of
 * action sequences from the root. At a node the seat to act picks, among the actions legal in this
 * determinisation, the one maximising
 *
 *     Q(a) + c * P(a) * sqrt(N) / (1 + N(a))
 *
 * where P is the policy's probability of a (softmax over the legal logits, from the checkpoint's policy head
 * for the acting seat's observation when the node was first reached), N the node's visits, N(a) the child's,
 * Q(a) the child's mean backed-up value for the acting seat (an unvisited child: the node's own mean for that
 * seat, "first-play urgency" at the parent's value). A node reached for the first time is evaluated, not
 * rolled out: the checkpoint's value head read from every seat's observation gives one value per seat (the
 * value head estimates the observing seat's return still to come under the training rewards, the manifest's
 * `config.rewards`: about +1 for a win and -1/(n-1) for a loss, plus any shaped reward; the shaping potential
 * in the leaf is added back, see `addPotential`), and a finished game gives its `returns` under those rewards. The vector is backed up along the path, and
 * each seat maximises its own entry (max^n, as in multi-player AlphaZero). A node whose seat has one legal
 * action is passed through without an evaluation. An action legal in this determinisation but not in the
 * ones that first reached the node gets its prior from a policy pass over this determinisation.
 *
 * The most visited root action is played (ties: the higher prior, then the lower id), so with one simulation
 * (the root's own evaluation) the agent plays the policy's most probable legal action. Dirichlet noise on the
 * root priors (for self-play exploration) is off unless `rootNoise` is given; the spec never turns it on.
 * Deterministic given its seed, unless a wall-clock budget `timeMs` stops it early. Never changes the state
 * it is given.
 *
 * Written against `Game<S>` only (`resampleHidden`, `legalActions`, `applyAction`, `currentPlayer`,
 * `isTerminal`, `returns`, `observe` or `observeSparse`), so it plays any game with a checkpoint of its own.
 */
import type { Agent, AgentContext } from '../env/core/agent.ts';
import type { Game, RewardOptions } from '../env/core/game.ts';
import { resolveChance } from '../env/core/chance.ts';
import { ArgumentError } from '../lib/errors.ts';
import { nextFloat, nextInt, seedRng, type RngState } from '../lib/rng.ts';
import type { LoadedCheckpoint } from '../policy/checkpoint.ts';
import { PolicyForward } from '../policy/forward.ts';
import { loadPolicyCheckpoint } from './ppo.ts';

export interface PuctOptions {
  /** Simulations per decision (the root's own evaluation is the first); at least 1. */
  simulations: number;
  /**
   * Wall-clock budget per decision in milliseconds (0: none). The search stops at whichever of the two
   * budgets comes first; a time budget makes the choice depend on the machine's speed (not deterministic).
   */
  timeMs: number;
  /** The PUCT exploration constant c (values are returns in about [-1, 1]). */
  exploration: number;
  /**
   * Dirichlet noise mixed into the root priors, P = (1 - fraction) P + fraction Dir(alpha) (AlphaZero's
   * self-play exploration); null when playing.
   */
  rootNoise: { alpha: number; fraction: number } | null;
}

export const DEFAULT_PUCT: PuctOptions = { simulations: 100, timeMs: 0, exploration: 1.5, rootNoise: null };

/** One action sequence from the root: its visits, the per-seat value sums backed up through it, its actions' priors and children. */
class Node {
  visits = 0;
  /** Sum over the simulations through this node of each seat's value. */
  readonly value: Float64Array;
  /** False until the node's first evaluation (or its pass-through as a forced move). */
  expanded = false;
  /** The actions seen legal here, their priors and their children (null until first chosen), slot by slot. */
  readonly actions: number[] = [];
  readonly priors: number[] = [];
  readonly children: (Node | null)[] = [];
  /** action id -> slot */
  readonly slot = new Map<number, number>();
  constructor(seats: number) {
    this.value = new Float64Array(seats);
  }
  add(action: number, prior: number): void {
    this.slot.set(action, this.actions.length);
    this.actions.push(action);
    this.priors.push(prior);
    this.children.push(null);
  }
}

export class PuctAgent<S = unknown> implements Agent {
  readonly spec: string;
  readonly needsObservation = false;
  readonly checkpoint: LoadedCheckpoint;
  /** Simulations run so far, over every decision (for simulations-per-second reporting). */
  simulationsRun = 0;
  /** Policy-and-value evaluations run so far (forward passes, one per seat at each new node). */
  evaluationsRun = 0;
  private readonly forward: PolicyForward;
  private readonly rng: RngState;
  private readonly legal: Int32Array;
  private readonly logp: Float32Array;
  private readonly obs: Float32Array;
  private readonly index: Int32Array;
  private readonly val: Float32Array;
  private readonly leaf: Float64Array;
  private readonly phi: Float64Array;
  /** The rewards the checkpoint was trained on (its manifest's `config.rewards`): what its value head estimates. */
  private readonly rewards: RewardOptions;
  private decisions = 0;

  /**
   * @param game the game searched (its checkpoint must match its name, observation and action layout)
   * @param dir checkpoint directory (`merlin train` output; agents/ppo.ts `checkpointPath`)
   * @throws ArgumentError for fewer than one simulation, a negative time budget or exploration constant, or bad
   *   noise parameters; CheckpointError for a missing, malformed or mismatched checkpoint
   */
  constructor(
    private readonly game: Game<S>,
    dir: string,
    seed: string | number,
    private readonly o: PuctOptions = DEFAULT_PUCT,
    spec = `mcts:${o.simulations}:ppo:${dir}`,
  ) {
    if (!Number.isInteger(o.simulations) || o.simulations < 1) throw new ArgumentError(`${spec}: SIMULATIONS must be a positive integer`);
    if (!(o.timeMs >= 0)) throw new ArgumentError(`${spec}: the time budget must be >= 0 ms`);
    if (!(o.exploration >= 0)) throw new ArgumentError(`${spec}: the exploration constant must be >= 0`);
    if (o.rootNoise && !(o.rootNoise.alpha > 0 && o.rootNoise.fraction >= 0 && o.rootNoise.fraction <= 1))
      throw new ArgumentError(`${spec}: root noise needs alpha > 0 and a fraction in [0, 1]`);
    this.spec = spec;
    this.checkpoint = loadPolicyCheckpoint(game, dir);
    this.forward = new PolicyForward(this.checkpoint.shape, this.checkpoint.params);
    this.rng = seedRng(`puct/${seed}`);
    this.legal = new Int32Array(game.numActions);
    this.logp = new Float32Array(game.numActions);
    this.obs = new Float32Array(game.observationSpec.size);
    this.index = new Int32Array(game.observationSpec.size);
    this.val = new Float32Array(game.observationSpec.size);
    this.leaf = new Float64Array(game.maxPlayers);
    this.phi = new Float64Array(game.maxPlayers);
    this.rewards = (this.checkpoint.manifest.config.rewards ?? {}) as RewardOptions;
  }

  act(_obs: Float32Array | null, _mask: Uint8Array | null, ctx: AgentContext): number {
    if (ctx.numLegal === 1) return ctx.legal[0];
    const root = ctx.state as S;
    if (!root) throw new ArgumentError(`${this.spec}: the search needs context.state`);
    const me = ctx.seat;
    const seats = this.game.numPlayers(root);
    const tree = new Node(seats);
    const decision = this.decisions++;
    const start = this.o.timeMs > 0 ? performance.now() : 0;
    const path: Node[] = [];
    let rootHead = NaN;
    for (let sim = 0; sim < this.o.simulations; sim++) {
      if (sim > 0 && this.o.timeMs > 0 && performance.now() - start >= this.o.timeMs) break;
      const s = this.game.resampleHidden(root, `${decision}/${sim}/${nextInt(this.rng, 1 << 30)}`, me);
      path.length = 0;
      path.push(tree);
      let node = tree;
      const v = this.leaf;
      for (;;) {
        if (this.game.isTerminal(s)) {
          this.game.returns(s, v, this.rewards);
          if (this.rewards.shaped && !this.rewards.shapedPotential) this.addPotential(s, seats, v);
          break;
        }
        const n = this.game.legalActions(s, this.legal);
        const p = this.game.currentPlayer(s);
        if (!node.expanded) {
          node.expanded = true;
          if (n === 1 && node !== tree) {
            node.add(this.legal[0], 1);
          } else {
            const head = this.evaluate(s, p, n, node, seats, v);
            if (node === tree) {
              rootHead = head;
              if (this.o.rootNoise) this.addNoise(node);
            }
            break;
          }
        } else {
          let missing = false;
          for (let i = 0; i < n && !missing; i++) missing = !node.slot.has(this.legal[i]);
          if (missing) this.addPriors(s, p, n, node);
        }
        const k = this.select(node, p, n);
        let child = node.children[k];
        if (!child) child = node.children[k] = new Node(seats);
        this.game.applyAction(s, node.actions[k]);
        resolveChance(this.game, s);
        node = child;
        path.push(node);
      }
      for (const nd of path) {
        nd.visits++;
        for (let q = 0; q < seats; q++) nd.value[q] += v[q];
      }
      this.simulationsRun++;
    }
    this.last = { tree, seat: me, head: rootHead };
    let best = ctx.legal[0];
    let most = -1;
    let bestPrior = -1;
    for (let i = 0; i < ctx.numLegal; i++) {
      const a = ctx.legal[i];
      const k = tree.slot.get(a);
      if (k === undefined) continue;
      const visits = tree.children[k]?.visits ?? 0;
      const prior = tree.priors[k];
      if (visits > most || (visits === most && prior > bestPrior)) {
        most = visits;
        bestPrior = prior;
        best = a;
      }
    }
    return best;
  }

  private last: { tree: Node; seat: number; head: number } | null = null;

  /**
   * What the last `act` that searched found at the root, for analysis and tests: the deciding seat's mean
   * value over the root's simulations (with one simulation, the value head on its own observation), and each
   * root action's prior, visits and mean value for that seat (NaN unvisited), in the order first seen; `head` is
   * the value head's own estimate at the root for that seat (its observation, which no determinisation changes),
   * before the shaping potential is added (NaN when the root was never evaluated).
   * Null before any search (a decision with one legal action is not searched).
   */
  lastSearch(): {
    seat: number;
    simulations: number;
    value: number;
    head: number;
    actions: { action: number; prior: number; visits: number; value: number }[];
  } | null {
    if (!this.last) return null;
    const { tree, seat, head } = this.last;
    return {
      seat,
      simulations: tree.visits,
      value: tree.value[seat] / tree.visits,
      head,
      actions: tree.actions.map((action, k) => {
        const c = tree.children[k];
        return { action, prior: tree.priors[k], visits: c?.visits ?? 0, value: c && c.visits > 0 ? c.value[seat] / c.visits : NaN };
      }),
    };
  }

  /** The slot of `node`'s child the seat `p` to act picks among the `n` actions in `this.legal` (PUCT; ties: the first). */
  private select(node: Node, p: number, n: number): number {
    const sqrtN = Math.sqrt(node.visits);
    const fpu = node.visits > 0 ? node.value[p] / node.visits : 0;
    const c = this.o.exploration;
    let best = -1;
    let bestScore = -Infinity;
    for (let i = 0; i < n; i++) {
      const k = node.slot.get(this.legal[i])!;
      const child = node.children[k];
      const nv = child ? child.visits : 0;
      const q = nv > 0 ? child!.value[p] / nv : fpu;
      const score = q + (c * node.priors[k] * sqrtN) / (1 + nv);
      if (score > bestScore) {
        bestScore = score;
        best = k;
      }
    }
    return best;
  }

  /**
   * Evaluate a new node: priors of the `n` legal actions from `p`'s observation (one pass, which also gives
   * `p`'s value), then every other seat's value from its own observation, into `v`. Returns the value head's
   * estimate for `p` before the shaping potential is added.
   */
  private evaluate(s: S, p: number, n: number, node: Node, seats: number, v: Float64Array): number {
    const head = (v[p] = this.pass(s, p, n));
    for (let i = 0; i < n; i++) node.add(this.legal[i], Math.exp(this.logp[i]));
    for (let q = 0; q < seats; q++) if (q !== p) v[q] = this.pass(s, q, 0);
    if (this.rewards.shaped) this.addPotential(s, seats, v);
    return head;
  }

  /**
   * Add to `v` each seat's shaping potential in `s`, phi = score / scale (with `shapedRelative`, its lead: its
   * score minus the mean of the others'), so that the value head's estimate of the return still to come plus
   * the shaped reward collected since the root (phi here minus phi at the root, the same for every action)
   * compares leaves by the whole return. Under `shapedPotential` the end of the game pays phi back, so the
   * head estimates the terminal payoff minus phi and this restores the payoff itself.
   */
  private addPotential(s: S, seats: number, v: Float64Array): void {
    const scale = this.rewards.shapedScale ?? 100;
    let total = 0;
    for (let q = 0; q < seats; q++) total += this.phi[q] = this.game.score(s, q);
    for (let q = 0; q < seats; q++) {
      const lead = this.rewards.shapedRelative && seats > 1 ? this.phi[q] - (total - this.phi[q]) / (seats - 1) : this.phi[q];
      v[q] += lead / scale;
    }
  }

  /** Add priors for the actions legal here but new to `node`, from `p`'s observation of this determinisation. */
  private addPriors(s: S, p: number, n: number, node: Node): void {
    this.pass(s, p, n);
    for (let i = 0; i < n; i++) if (!node.slot.has(this.legal[i])) node.add(this.legal[i], Math.exp(this.logp[i]));
  }

  /** One forward pass over seat `q`'s observation of `s`: the log-priors of `this.legal[0 .. n)` into `this.logp`; returns the value. */
  private pass(s: S, q: number, n: number): number {
    let nnz: number;
    if (this.game.observeSparse) nnz = this.game.observeSparse(s, q, this.index, this.val);
    else {
      this.game.observe(s, q, this.obs);
      nnz = 0;
      const o = this.obs;
      for (let i = 0; i < o.length; i++)
        if (o[i] !== 0) {
          this.index[nnz] = i;
          this.val[nnz++] = o[i];
        }
    }
    this.evaluationsRun++;
    return this.forward.runSparse(this.index, this.val, 0, nnz, this.legal, n, this.logp);
  }

  /** Mix Dirichlet(alpha) noise into the root priors (drawn from the agent's own stream). */
  private addNoise(node: Node): void {
    const { alpha, fraction } = this.o.rootNoise!;
    const g = node.priors.map(() => gammaSample(this.rng, alpha));
    const total = g.reduce((a, b) => a + b, 0);
    for (let k = 0; k < node.priors.length; k++) node.priors[k] = (1 - fraction) * node.priors[k] + (fraction * g[k]) / total;
  }
}

/**
 * A Gamma(shape, 1) draw from `r` (Marsaglia & Tsang 2000; shape < 1 by the boost Gamma(shape + 1) U^(1/shape)).
 * Normal draws by Box-Muller. @returns a positive number
 */
export function gammaSample(r: RngState, shape: number): number {
  if (shape < 1) return gammaSample(r, shape + 1) * Math.pow(1 - nextFloat(r), 1 / shape);
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    const z = Math.sqrt(-2 * Math.log(1 - nextFloat(r))) * Math.cos(2 * Math.PI * nextFloat(r));
    const t = 1 + c * z;
    if (t <= 0) continue;
    const v = t * t * t;
    const u = 1 - nextFloat(r);
    if (Math.log(u) < 0.5 * z * z + d - d * v + d * Math.log(v)) return d * v;
  }
}
