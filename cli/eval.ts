/**
 * `merlin eval`: a tournament with seat rotation (DESIGN "CLI").
 *
 * `agents` lists one spec per seat (its length is the player count). Game g rotates the line-up by
 * g mod P, so over a multiple of P games every agent plays every seat equally often. Game g is seeded
 * `${seed}/${g}` and seat p's agent `${seed}/${g}/agent/${p}`, so results are the same in any process and
 * whatever the number of worker threads (games are run in parallel and combined in game order).
 *
 * Per agent spec (several seats may share one): wins, seat-games, win rate = wins / seat-games (a fair
 * share is 1/P), its 95% Wilson interval (package wilson-score-interval), and a rating fitted over all
 * games with openskill (Plackett-Luce; each game ranks the winner first, then the others by net worth;
 * seats sharing a spec share its rating and their updates are averaged), reported as mu/sigma and on an
 * Elo scale: elo = 1500 + 29.5 * (mu - 25), i.e. 400 points per factor-10 odds under the model's
 * logistic with c = beta * sqrt(2).
 */
import { rate, rating, type Rating } from 'openskill';
import { createRequire } from 'node:module';
import { resolveAgent } from '../agents/registry.ts';
import type { Agent } from '../agents/types.ts';
import { MctsAgent } from '../agents/mcts.ts';
import { loadRuleset, type Ruleset } from '../env/merlin/rules/index.ts';
import { applyAction, catalogue, createGame, currentPlayer, isTerminal, KIND_NAMES, legalActions, VICTORY_NAMES } from '../env/merlin/engine/index.ts';
import { kindCategory, type KindCategory } from '../env/merlin/engine/actions.ts';
import { ranking } from '../env/merlin/engine/victory.ts';
import { runGames } from './game-pool.ts';

const wilson = createRequire(import.meta.url)('wilson-score-interval') as (k: number, n: number) => { left: number; right: number };

/** One finished game: the line-up (spec per seat), its ranking (seats, best first), how it ended. */
export interface GameRecord {
  game: number;
  lineup: string[];
  ranking: number[];
  winner: number;
  victory: string;
  turns: number;
  steps: number;
  mctsSimulations: number;
  mctsSeconds: number;
  /** Actions taken per seat, by action kind value ([seat][kind]). */
  kinds: number[][];
}

/** Play game g of a tournament (rotation g mod P). */
export function playEvalGame(rs: Ruleset, agents: string[], seed: string, g: number): GameRecord {
  const P = agents.length;
  const lineup = agents.map((_, i) => agents[(i + g) % P]);
  const s = createGame(rs, P, `${seed}/${g}`);
  const players: Agent[] = lineup.map((spec, p) => resolveAgent(spec, `${seed}/${g}/agent/${p}`, rs));
  const buf = new Int32Array(catalogue(rs).size);
  let steps = 0;
  const mctsTime = new Float64Array(P);
  const cat = catalogue(rs);
  const kinds = lineup.map(() => new Array<number>(cat.base.length).fill(0));
  while (!isTerminal(s)) {
    const n = legalActions(s, rs, buf);
    const seat = currentPlayer(s);
    const agent = players[seat];
    const t0 = agent instanceof MctsAgent ? performance.now() : 0;
    const a = agent.act(null, null, { seat, legal: buf, numLegal: n, state: s });
    applyAction(s, rs, a);
    kinds[seat][cat.kind[a]]++;
    if (agent instanceof MctsAgent) mctsTime[seat] += performance.now() - t0;
    steps++;
  }
  let sims = 0;
  players.forEach((a) => {
    if (a instanceof MctsAgent) sims += a.simulationsRun;
  });
  return {
    game: g, lineup, ranking: ranking(s, rs), winner: s.winner, victory: VICTORY_NAMES[s.victory], turns: s.turn, steps,
    mctsSimulations: sims, mctsSeconds: mctsTime.reduce((a, b) => a + b, 0) / 1000, kinds,
  };
}

export interface EvalResult {
  games: number;
  players: number;
  agents: string[];
  seed: string;
  ruleset: string;
  seconds: number;
  win_rate_by_agent: Record<string, number>;
  ci95_by_agent: Record<string, [number, number]>;
  elo_by_agent: Record<string, number>;
  rating_by_agent: Record<string, { mu: number; sigma: number }>;
  wins_by_agent: Record<string, number>;
  seat_games_by_agent: Record<string, number>;
  victory_types: Record<string, number>;
  mean_turns: number;
  mean_steps: number;
  mcts_simulations_per_sec: number | null;
  /** Actions taken by each agent spec, by action kind name (docs/ACTIONS.md), kinds it never took left out. */
  action_counts_by_agent: Record<string, Record<string, number>>;
  /** Share of each agent's actions in each category (economy, market, combat: `kindCategory`). */
  action_share_by_agent: Record<string, Record<KindCategory, number>>;
}

/** Combine game records (in game order) into the tournament result. */
export function summarise(records: GameRecord[], agents: string[], seed: string, ruleset: string, seconds: number): EvalResult {
  const specs = [...new Set(agents)];
  const wins: Record<string, number> = {};
  const seatGames: Record<string, number> = {};
  const ratings: Record<string, Rating> = {};
  for (const sp of specs) {
    wins[sp] = 0;
    seatGames[sp] = 0;
    ratings[sp] = rating();
  }
  const victoryTypes: Record<string, number> = {};
  for (const v of VICTORY_NAMES.slice(1)) victoryTypes[v] = 0;
  let turns = 0;
  let steps = 0;
  let sims = 0;
  let simSeconds = 0;
  const kindCounts: Record<string, number[]> = {};
  for (const r of [...records].sort((a, b) => a.game - b.game)) {
    for (const sp of r.lineup) seatGames[sp]++;
    r.lineup.forEach((sp, seat) => {
      const acc = (kindCounts[sp] ??= new Array<number>(r.kinds[seat].length).fill(0));
      r.kinds[seat].forEach((c, k) => (acc[k] += c));
    });
    if (r.winner >= 0) wins[r.lineup[r.winner]]++;
    victoryTypes[r.victory] = (victoryTypes[r.victory] ?? 0) + 1;
    turns += r.turns;
    steps += r.steps;
    sims += r.mctsSimulations;
    simSeconds += r.mctsSeconds;
    // openskill: one team per seat, ranked by the game's ranking.
    const rankOfSeat = new Array<number>(r.lineup.length);
    r.ranking.forEach((seat, i) => (rankOfSeat[seat] = i + 1));
    const updated = rate(r.lineup.map((sp) => [ratings[sp]]), { rank: rankOfSeat });
    const acc: Record<string, { mu: number; sigma: number; n: number }> = {};
    r.lineup.forEach((sp, seat) => {
      const u = updated[seat][0];
      acc[sp] ??= { mu: 0, sigma: 0, n: 0 };
      acc[sp].mu += u.mu;
      acc[sp].sigma += u.sigma;
      acc[sp].n++;
    });
    for (const [sp, a] of Object.entries(acc)) ratings[sp] = rating({ mu: a.mu / a.n, sigma: a.sigma / a.n });
  }
  const round = (x: number, d = 4) => Math.round(x * 10 ** d) / 10 ** d;
  const out: EvalResult = {
    games: records.length, players: agents.length, agents, seed, ruleset, seconds: round(seconds, 2),
    win_rate_by_agent: {}, ci95_by_agent: {}, elo_by_agent: {}, rating_by_agent: {}, wins_by_agent: wins, seat_games_by_agent: seatGames,
    victory_types: victoryTypes, mean_turns: round(turns / Math.max(1, records.length), 2), mean_steps: round(steps / Math.max(1, records.length), 2),
    mcts_simulations_per_sec: simSeconds > 0 ? Math.round(sims / simSeconds) : null,
    action_counts_by_agent: {}, action_share_by_agent: {},
  };
  for (const sp of specs) {
    const n = seatGames[sp];
    out.win_rate_by_agent[sp] = round(n ? wins[sp] / n : 0);
    const ci = wilson(wins[sp], n);
    out.ci95_by_agent[sp] = [round(ci.left), round(ci.right)];
    out.rating_by_agent[sp] = { mu: round(ratings[sp].mu, 3), sigma: round(ratings[sp].sigma, 3) };
    out.elo_by_agent[sp] = Math.round(1500 + 29.5 * (ratings[sp].mu - 25));
    const counts: Record<string, number> = {};
    const share: Record<KindCategory, number> = { economy: 0, market: 0, combat: 0 };
    let total = 0;
    (kindCounts[sp] ?? []).forEach((c, k) => {
      if (c === 0) return;
      counts[KIND_NAMES[k]] = c;
      share[kindCategory(k)] += c;
      total += c;
    });
    for (const c of Object.keys(share) as KindCategory[]) share[c] = round(total ? share[c] / total : 0);
    out.action_counts_by_agent[sp] = counts;
    out.action_share_by_agent[sp] = share;
  }
  return out;
}

/** Arguments of one tournament game, as sent to worker threads. */
export interface EvalGameArgs {
  variant: string;
  agents: string[];
  seed: string;
}

/** Game g of a tournament (the ruleset is loaded once per thread: loadRuleset caches). Runs in workers. */
export function evalGame(a: EvalGameArgs, g: number): GameRecord {
  return playEvalGame(loadRuleset(a.variant), a.agents, a.seed, g);
}

/**
 * Run a tournament of `games` games on `workers` threads (1 = in this thread).
 * @param onGame progress callback with the number of finished games
 */
export async function runEval(o: { variant: string; agents: string[]; games: number; seed: string; workers: number; onGame?: (done: number) => void }): Promise<EvalResult> {
  const t0 = performance.now();
  const rs = loadRuleset(o.variant);
  for (const sp of o.agents) resolveAgent(sp, 0, rs);
  const records: GameRecord[] = [];
  await runGames({
    module: import.meta.url, export: 'evalGame', play: evalGame, args: { variant: o.variant, agents: o.agents, seed: o.seed }, games: o.games, workers: o.workers,
    onRecord: (r) => {
      records.push(r);
      o.onGame?.(records.length);
    },
  });
  return summarise(records, o.agents, o.seed, rs.data.name, (performance.now() - t0) / 1000);
}
