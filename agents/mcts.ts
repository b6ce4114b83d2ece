/**
 * `mcts[:SIMULATIONS]`: single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012).
 *
 * Each simulation redraws everything the deciding player cannot see (`resampleHidden`: other hands,
 * deck orders, face-down potions, hidden bids, and the RNG, so dice and draws are sampled afresh as
 * chance), then walks one shared tree of action sequences: UCB1 with availability counts picks among
 * the children legal in this determinisation, one untried legal action is expanded, and a rollout
 * (heuristic by default, or random) plays on for `rolloutDepth` steps. The leaf is scored per seat:
 * 1 for the winner and 0 for the others at a terminal state, otherwise the seat's share of the total
 * positive net worth. Each tree edge accumulates the score of the seat that chose it. The most visited
 * root action is played. At the root only the heuristic's `rootCandidates` best actions are searched. Deterministic given its seed. Only decisions with more than one legal action
 * are searched.
 *
 * Written against `Game<S>` only (clone via `resampleHidden`, `legalActions`, `applyAction`,
 * `currentPlayer`, `isTerminal`, `returns` for the terminal winner, `score` for the leaf's net worth), so
 * it plays any game; the game-specific part, the heuristic that guides rollouts and shortlists root
 * actions, is handed in as an `MctsGuide` by whoever names the game (the game registry, games/registry.ts, with the game's heuristic).
 */
import type { Agent, AgentContext } from '../env/core/agent.ts';
import { ArgumentError } from '../lib/errors.ts';
import type { Game } from '../env/core/game.ts';
import { resolveChance } from '../env/core/chance.ts';
import { nextInt, seedRng, type RngState } from '../lib/rng.ts';

/**
 * The game-specific policy that guides the search (Merlin: the heuristic agent): it plays the rollouts
 * when `rollout` is 'heuristic', and `score` ranks the root's legal actions for the `rootCandidates`
 * shortlist (higher is better). Neither may touch the state's RNG or mutate the state in `score`.
 */
export interface MctsGuide<S> extends Agent {
  score(s: S, seat: number, action: number): number;
}

export interface MctsOptions {
  simulations: number;
  /** 'heuristic': rollouts are played by the guide; 'random': uniformly at random. */
  rollout: 'heuristic' | 'random';
  /** Rollout steps after the tree before the leaf is scored. */
  rolloutDepth: number;
  /** UCB exploration constant. */
  exploration: number;
  /**
   * Root candidates: search only the heuristic's `rootCandidates` best actions at the root (0 = all).
   * With a few hundred simulations spread over twenty micro-actions each gets a handful of noisy samples;
   * pruning to the heuristic's shortlist spends them where they can change the choice.
   */
  rootCandidates: number;
}

export const DEFAULT_MCTS: MctsOptions = { simulations: 200, rollout: 'heuristic', rolloutDepth: 30, exploration: 0.7, rootCandidates: 4 };

class Node {
  visits = 0;
  avail = 0;
  total = 0;
  children = new Map<number, Node>();
  constructor(readonly player: number) {}
}

export class MctsAgent<S = unknown> implements Agent {
  readonly spec: string;
  readonly needsObservation = false;
  /** Simulations run so far (for simulations-per-second reporting). */
  simulationsRun = 0;
  private readonly rng: RngState;
  private readonly buf: Int32Array;
  private readonly scores: Float64Array;
  private readonly returns: Float64Array;
  private decisions = 0;

  /**
   * @param guide the game's rollout policy and root scorer; needed when `o.rollout` is 'heuristic' or `o.rootCandidates` > 0
   * @throws ArgumentError for fewer than one simulation or a missing guide
   */
  constructor(
    private readonly game: Game<S>,
    seed: string | number,
    private readonly o: MctsOptions = DEFAULT_MCTS,
    spec = `mcts:${o.simulations}`,
    private readonly guide?: MctsGuide<S>,
  ) {
    if (!(o.simulations >= 1)) throw new ArgumentError('mcts needs at least one simulation');
    if (!guide && (o.rollout === 'heuristic' || o.rootCandidates > 0))
      throw new ArgumentError(`${spec}: heuristic rollouts and a root shortlist need the game's guide policy`);
    this.spec = spec;
    this.rng = seedRng(`mcts/${seed}`);
    this.buf = new Int32Array(game.numActions);
    this.scores = new Float64Array(game.maxPlayers);
    this.returns = new Float64Array(game.maxPlayers);
  }

  act(_obs: Float32Array | null, _mask: Uint8Array | null, ctx: AgentContext): number {
    if (ctx.numLegal === 1) return ctx.legal[0];
    const root = ctx.state as S;
    if (!root) throw new ArgumentError('the mcts agent needs context.state');
    const me = ctx.seat;
    const tree = new Node(-1);
    // Root shortlist: the heuristic's best `rootCandidates` actions (all when 0).
    const allowed = new Set<number>();
    if (this.o.rootCandidates > 0 && ctx.numLegal > this.o.rootCandidates) {
      const ranked = Array.from(ctx.legal.subarray(0, ctx.numLegal)).map((a) => [a, this.guide!.score(root, me, a)] as const);
      ranked.sort((x, y) => y[1] - x[1] || x[0] - y[0]);
      for (let i = 0; i < this.o.rootCandidates; i++) allowed.add(ranked[i][0]);
    } else for (let i = 0; i < ctx.numLegal; i++) allowed.add(ctx.legal[i]);
    const decision = this.decisions++;
    const path: Node[] = [];
    for (let sim = 0; sim < this.o.simulations; sim++) {
      const s = this.game.resampleHidden(root, `${decision}/${sim}/${nextInt(this.rng, 1 << 30)}`, me);
      path.length = 0;
      let node = tree;
      // Selection and expansion.
      while (!this.game.isTerminal(s)) {
        let n = this.game.legalActions(s, this.buf);
        const p = this.game.currentPlayer(s);
        if (node === tree) {
          // keep only the shortlisted root actions (the root's legal set is the same in every determinisation)
          let m = 0;
          for (let i = 0; i < n; i++) if (allowed.has(this.buf[i])) this.buf[m++] = this.buf[i];
          n = m;
        }
        let untried = 0;
        for (let i = 0; i < n; i++) {
          const child = node.children.get(this.buf[i]);
          if (child) child.avail++;
          else untried++;
        }
        if (untried > 0) {
          let k = nextInt(this.rng, untried);
          let a = -1;
          for (let i = 0; i < n; i++) if (!node.children.has(this.buf[i]) && k-- === 0) a = this.buf[i];
          const child = new Node(p);
          child.avail = 1;
          node.children.set(a, child);
          this.game.applyAction(s, a);
          resolveChance(this.game, s);
          path.push(child);
          break;
        }
        let best = -1;
        let bestV = -Infinity;
        for (let i = 0; i < n; i++) {
          const child = node.children.get(this.buf[i])!;
          const v = child.total / child.visits + this.o.exploration * Math.sqrt(Math.log(child.avail) / child.visits);
          if (v > bestV) {
            bestV = v;
            best = this.buf[i];
          }
        }
        node = node.children.get(best)!;
        this.game.applyAction(s, best);
        resolveChance(this.game, s);
        path.push(node);
      }
      // Rollout.
      for (let d = 0; d < this.o.rolloutDepth && !this.game.isTerminal(s); d++) {
        const n = this.game.legalActions(s, this.buf);
        const p = this.game.currentPlayer(s);
        const a =
          this.o.rollout === 'heuristic'
            ? this.guide!.act(null, null, { seat: p, legal: this.buf, numLegal: n, state: s })
            : this.buf[nextInt(this.rng, n)];
        this.game.applyAction(s, a);
        resolveChance(this.game, s);
      }
      this.score(s);
      tree.visits++;
      for (const nd of path) {
        nd.visits++;
        nd.total += this.scores[nd.player];
      }
      this.simulationsRun++;
    }
    let best = ctx.legal[0];
    let most = -1;
    for (let i = 0; i < ctx.numLegal; i++) {
      const c = tree.children.get(ctx.legal[i]);
      if (c && c.visits > most) {
        most = c.visits;
        best = ctx.legal[i];
      }
    }
    return best;
  }

  /**
   * Leaf score per seat into this.scores: when over, 1 for the winner (the seat with a positive return under
   * the default win/loss rewards) and 0 for the others; else each seat's share of the total positive score
   * (`game.score`, Merlin's net worth; an eliminated seat scores 0).
   */
  private score(s: S): void {
    const n = this.game.numPlayers(s);
    if (this.game.isTerminal(s)) {
      this.game.returns(s, this.returns);
      for (let p = 0; p < n; p++) this.scores[p] = this.returns[p] > 0 ? 1 : 0;
      return;
    }
    let sum = 0;
    for (let p = 0; p < n; p++) {
      const v = Math.max(0, this.game.score(s, p));
      this.scores[p] = v;
      sum += v;
    }
    for (let p = 0; p < n; p++) this.scores[p] = sum > 0 ? this.scores[p] / sum : 1 / n;
  }
}
