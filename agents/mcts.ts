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
 */
import type { Agent, AgentContext } from '../env/core/agent.ts';
import { ArgumentError } from '../env/core/errors.ts';
import { nextInt, seedRng, type RngState } from '../env/core/rng.ts';
import type { Ruleset } from '../env/merlin/rules/index.ts';
import { applyAction, catalogue, currentPlayer, isTerminal, legalActions, type MerlinState } from '../env/merlin/engine/index.ts';
import { netWorth } from '../env/merlin/engine/victory.ts';
import { resampleHidden } from '../env/merlin/env/hidden.ts';
import { HeuristicAgent, loadWeights } from './heuristic.ts';

export interface MctsOptions {
  simulations: number;
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

export class MctsAgent implements Agent {
  readonly spec: string;
  readonly needsObservation = false;
  /** Simulations run so far (for simulations-per-second reporting). */
  simulationsRun = 0;
  private readonly rng: RngState;
  private readonly heuristic: HeuristicAgent;
  private readonly buf: Int32Array;
  private readonly scores: Float64Array;
  private decisions = 0;

  constructor(private readonly rs: Ruleset, seed: string | number, private readonly o: MctsOptions = DEFAULT_MCTS, spec = `mcts:${o.simulations}`) {
    if (!(o.simulations >= 1)) throw new ArgumentError('mcts needs at least one simulation');
    this.spec = spec;
    this.rng = seedRng(`mcts/${seed}`);
    this.heuristic = new HeuristicAgent(rs, loadWeights());
    this.buf = new Int32Array(catalogue(rs).size);
    this.scores = new Float64Array(6);
  }

  act(_obs: Float32Array | null, _mask: Uint8Array | null, ctx: AgentContext): number {
    if (ctx.numLegal === 1) return ctx.legal[0];
    const root = ctx.state as MerlinState;
    if (!root) throw new ArgumentError('the mcts agent needs context.state');
    const me = ctx.seat;
    const tree = new Node(-1);
    // Root shortlist: the heuristic's best `rootCandidates` actions (all when 0).
    const allowed = new Set<number>();
    if (this.o.rootCandidates > 0 && ctx.numLegal > this.o.rootCandidates) {
      const ranked = Array.from(ctx.legal.subarray(0, ctx.numLegal)).map((a) => [a, this.heuristic.score(root, me, a)] as const);
      ranked.sort((x, y) => y[1] - x[1] || x[0] - y[0]);
      for (let i = 0; i < this.o.rootCandidates; i++) allowed.add(ranked[i][0]);
    } else for (let i = 0; i < ctx.numLegal; i++) allowed.add(ctx.legal[i]);
    const decision = this.decisions++;
    const path: Node[] = [];
    for (let sim = 0; sim < this.o.simulations; sim++) {
      const s = resampleHidden(this.rs, root, `${decision}/${sim}/${nextInt(this.rng, 1 << 30)}`, me);
      path.length = 0;
      let node = tree;
      // Selection and expansion.
      while (!isTerminal(s)) {
        let n = legalActions(s, this.rs, this.buf);
        const p = currentPlayer(s);
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
          applyAction(s, this.rs, a);
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
        applyAction(s, this.rs, best);
        path.push(node);
      }
      // Rollout.
      for (let d = 0; d < this.o.rolloutDepth && !isTerminal(s); d++) {
        const n = legalActions(s, this.rs, this.buf);
        const p = currentPlayer(s);
        const a = this.o.rollout === 'heuristic' ? this.heuristic.act(null, null, { seat: p, legal: this.buf, numLegal: n, state: s }) : this.buf[nextInt(this.rng, n)];
        applyAction(s, this.rs, a);
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

  /** Leaf score per seat into this.scores: win/loss when over, else share of positive net worth. */
  private score(s: MerlinState): void {
    const n = s.numPlayers;
    if (isTerminal(s)) {
      for (let p = 0; p < n; p++) this.scores[p] = p === s.winner ? 1 : 0;
      return;
    }
    let sum = 0;
    for (let p = 0; p < n; p++) {
      const v = s.eliminated[p] ? 0 : Math.max(0, netWorth(s, this.rs, p));
      this.scores[p] = v;
      sum += v;
    }
    for (let p = 0; p < n; p++) this.scores[p] = sum > 0 ? this.scores[p] / sum : 1 / n;
  }
}
