/**
 * `merlin eval`: a tournament with seat rotation (DESIGN "CLI").
 *
 * `agents` lists one spec per seat (its length is the player count). Game g rotates the line-up by
 * g mod P, so over a multiple of P games every agent plays every seat equally often. With `players` below
 * the number of agents (a ladder: a field of agents, docs/AGENTS.md "Ladders"), game g seats P of them drawn
 * at random from `${seed}/${g}/lineup` in random seat order, so every pair meets and every agent sits every
 * seat about equally often (`evalLineup`). Game g is seeded
 * `${seed}/${g}` and seat p's agent `${seed}/${g}/agent/${p}`, so results are the same in any process and
 * whatever the number of worker threads (games are run in parallel and combined in game order).
 *
 * Per agent spec (several seats may share one): wins, seat-games, win rate = wins / seat-games (a fair
 * share is 1/P), its 95% Wilson interval (package wilson-score-interval), and a rating fitted over all
 * games with openskill (Plackett-Luce; each game ranks the winner first, then the others by net worth;
 * seats sharing a spec share its rating and their updates are averaged), reported as mu/sigma and on an
 * Elo scale: elo = 1500 + 29.5 * (mu - 25), i.e. 400 points per factor-10 odds under the model's
 * logistic with c = beta * sqrt(2), with a 95% interval mu -/+ 1.96 sigma on the same scale (the model's own
 * uncertainty after the games, not a resampling interval).
 */
import type { Rating } from 'openskill';
import { createRequire } from 'node:module';
import type { Agent } from '../env/core/agent.ts';
import type { Game } from '../env/core/game.ts';
import { playGame, type GameReporting } from '../env/core/play.ts';
import { runGames } from '../env/core/runner.ts';
import { DEFAULT_GAME, gameEntry } from '../games/registry.ts';
import { ArgumentError } from '../lib/errors.ts';
import { requireOptional } from '../lib/optional.ts';
import { seedRng, shuffleInPlace } from '../lib/rng.ts';
import { openRecords, type GameRecord } from './eval-records.ts';
export type { GameRecord } from './eval-records.ts';
import { CoverageRecorder, coverageFindings, summariseCoverage, type CoverageRecord, type CoverageSummary } from '../designer/coverage.ts';

const wilson = createRequire(import.meta.url)('wilson-score-interval') as (k: number, n: number) => { left: number; right: number };

/** openskill, an optional dependency (lib/optional.ts). @throws MissingDependencyError when it is not installed */
const openskill = () => requireOptional<typeof import('openskill')>('openskill', 'merlin eval', 'ratings');

/** A searching agent reports its simulations (agents/mcts.ts); eval times its decisions. */
const searches = (a: Agent): a is Agent & { simulationsRun: number } =>
  typeof (a as { simulationsRun?: unknown }).simulationsRun === 'number';

/**
 * The line-up of game g: with as many agents as `players`, the agents rotated by g mod P; with more (a
 * ladder), `players` of them drawn at random from `${seed}/${g}/lineup`, in random seat order.
 * @throws ArgumentError when `players` is below 2 or above the number of agents
 */
export function evalLineup(agents: string[], players: number, seed: string, g: number): string[] {
  const A = agents.length;
  if (!Number.isInteger(players) || players < 2 || players > A)
    throw new ArgumentError(`players must be 2..${A} (the number of agents), got ${players}`);
  if (players === A) return agents.map((_, i) => agents[(i + g) % A]);
  const order = agents.map((_, i) => i);
  shuffleInPlace(seedRng(`${seed}/${g}/lineup`), order, 'lineup');
  return order.slice(0, players).map((i) => agents[i]);
}

/** Play game g of a tournament of `game` (line-up `evalLineup`). */
export function playEvalGame(game: Game<unknown>, agents: string[], seed: string, g: number, seats = agents.length): GameRecord {
  const entry = gameEntry(game.name);
  const report = entry.reporting(game);
  const lineup = evalLineup(agents, seats, seed, g);
  const P = lineup.length;
  const players: Agent[] = lineup.map((spec, p) => entry.agent(spec, `${seed}/${g}/agent/${p}`, game));
  const searchTime = new Float64Array(P);
  const timed: Agent[] = players.map((agent, seat) =>
    searches(agent)
      ? {
          spec: agent.spec,
          act: (o, m, c) => {
            const t0 = performance.now();
            const a = agent.act(o, m, c);
            searchTime[seat] += performance.now() - t0;
            return a;
          },
        }
      : agent,
  );
  const kinds = lineup.map(() => new Array<number>(report.kindNames.length).fill(0));
  // Coverage sees each decision's legal actions where the agent does (designer/coverage.ts).
  const coverage = new CoverageRecorder(report, P);
  const covered: Agent[] = timed.map((agent) => ({
    spec: agent.spec,
    act: (o, m, c) => {
      const a = agent.act(o, m, c);
      coverage.decide(c.state, c.seat, c.legal, c.numLegal, a);
      return a;
    },
  }));
  const { state: s, steps } = playGame(game, covered, `${seed}/${g}`, { afterAction: (_s, seat, a) => kinds[seat][report.kindOf(a)]++ });
  let sims = 0;
  for (const a of players) if (searches(a)) sims += a.simulationsRun;
  const end = report.outcome(s);
  return {
    game: g,
    lineup,
    ranking: report.ranking(s),
    winner: end.winner,
    victory: end.outcome,
    turns: end.turns,
    steps,
    mctsSimulations: sims,
    mctsSeconds: searchTime.reduce((a, b) => a + b, 0) / 1000,
    kinds,
    coverage: coverage.record(),
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
  /** The Elo-scale rating's 95% interval, 1500 + 29.5 * (mu -/+ 1.96 sigma - 25). */
  elo_ci95_by_agent: Record<string, [number, number]>;
  rating_by_agent: Record<string, { mu: number; sigma: number }>;
  wins_by_agent: Record<string, number>;
  seat_games_by_agent: Record<string, number>;
  victory_types: Record<string, number>;
  mean_turns: number;
  mean_steps: number;
  mcts_simulations_per_sec: number | null;
  /** Actions taken by each agent spec, by action kind name (docs/ACTIONS.md), kinds it never took left out. */
  action_counts_by_agent: Record<string, Record<string, number>>;
  /** Share of each agent's actions in each category of the game's (Merlin: economy, market, combat), `{}` for a game without categories. */
  action_share_by_agent: Record<string, Record<string, number>>;
  /** With `coverage`: the coverage of the tournament's games (designer/coverage.ts), as `merlin probe` reports it. */
  coverage?: CoverageSummary;
}

/** Combine game records (in game order) into the tournament result. */
export function summarise(
  records: GameRecord[],
  agents: string[],
  seed: string,
  ruleset: string,
  seconds: number,
  report: GameReporting<unknown>,
  players = agents.length,
): EvalResult {
  const { rate, rating } = openskill();
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
  for (const v of report.outcomes) victoryTypes[v] = 0;
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
    const updated = rate(
      r.lineup.map((sp) => [ratings[sp]]),
      { rank: rankOfSeat },
    );
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
    games: records.length,
    players,
    agents,
    seed,
    ruleset,
    seconds: round(seconds, 2),
    win_rate_by_agent: {},
    ci95_by_agent: {},
    elo_by_agent: {},
    elo_ci95_by_agent: {},
    rating_by_agent: {},
    wins_by_agent: wins,
    seat_games_by_agent: seatGames,
    victory_types: victoryTypes,
    mean_turns: round(turns / Math.max(1, records.length), 2),
    mean_steps: round(steps / Math.max(1, records.length), 2),
    mcts_simulations_per_sec: simSeconds > 0 ? Math.round(sims / simSeconds) : null,
    action_counts_by_agent: {},
    action_share_by_agent: {},
  };
  for (const sp of specs) {
    const n = seatGames[sp];
    out.win_rate_by_agent[sp] = round(n ? wins[sp] / n : 0);
    const ci = wilson(wins[sp], n);
    out.ci95_by_agent[sp] = [round(ci.left), round(ci.right)];
    out.rating_by_agent[sp] = { mu: round(ratings[sp].mu, 3), sigma: round(ratings[sp].sigma, 3) };
    const elo = (mu: number) => Math.round(1500 + 29.5 * (mu - 25));
    out.elo_by_agent[sp] = elo(ratings[sp].mu);
    out.elo_ci95_by_agent[sp] = [elo(ratings[sp].mu - 1.96 * ratings[sp].sigma), elo(ratings[sp].mu + 1.96 * ratings[sp].sigma)];
    const counts: Record<string, number> = {};
    const share: Record<string, number> = {};
    for (const c of report.categories ?? []) share[c] = 0;
    let total = 0;
    (kindCounts[sp] ?? []).forEach((c, k) => {
      if (c === 0) return;
      counts[report.kindNames[k]] = c;
      if (report.kindCategory) share[report.kindCategory(k)] += c;
      total += c;
    });
    for (const c of Object.keys(share)) share[c] = round(total ? share[c] / total : 0);
    out.action_counts_by_agent[sp] = counts;
    out.action_share_by_agent[sp] = share;
  }
  return out;
}

/** Arguments of one tournament game, as sent to worker threads. */
export interface EvalGameArgs {
  /** A registered game (default `merlin`). */
  game?: string;
  variant: string;
  agents: string[];
  seed: string;
  /** Seats per game (default: one per agent). */
  players?: number;
}

/** Game g of a tournament (the game is made once per thread: the registry's games are cached). Runs in workers. */
export function evalGame(a: EvalGameArgs, g: number): GameRecord {
  return playEvalGame(gameEntry(a.game ?? DEFAULT_GAME).game(a.variant), a.agents, a.seed, g, a.players);
}

/**
 * Run a tournament of `games` games on `workers` threads (1 = in this thread).
 * @param onGame progress callback with the number of finished games
 */
export async function runEval(o: {
  game?: string;
  variant: string;
  agents: string[];
  games: number;
  seed: string;
  workers: number;
  /** Seats per game (default: one per agent; fewer makes a ladder, see `evalLineup`). */
  players?: number;
  /**
   * A JSON-lines file of this tournament's finished games (cli/eval-records.ts): games already in it are not
   * played again, every game played is appended as it ends, and the result covers games 0..games-1 from both.
   */
  records?: string;
  /** Add the coverage of the games (designer/coverage.ts) to the result, those read from `records` included. */
  coverage?: boolean;
  onGame?: (done: number) => void;
}): Promise<EvalResult> {
  const t0 = performance.now();
  const entry = gameEntry(o.game ?? DEFAULT_GAME);
  const game = entry.game(o.variant);
  const players = o.players ?? o.agents.length;
  evalLineup(o.agents, players, o.seed, 0); // refuses a bad player count before any game
  openskill(); // and a missing rating library
  for (const sp of o.agents) entry.agent(sp, 0, game);
  const records: GameRecord[] = [];
  const file =
    o.records === undefined
      ? null
      : openRecords(o.records, {
          game: entry.name,
          ruleset: game.variant ?? game.name,
          rulesHash: game.rulesHash,
          agents: o.agents,
          players,
          seed: o.seed,
        });
  const ids: number[] = [];
  for (let g = 0; g < o.games; g++) {
    const done = file?.done.get(g);
    if (done) records.push(done);
    else ids.push(g);
  }
  if (records.length > 0) o.onGame?.(records.length);
  await runGames({
    module: import.meta.url,
    export: 'evalGame',
    play: evalGame,
    args: { game: entry.name, variant: o.variant, agents: o.agents, seed: o.seed, players },
    games: o.games,
    ids,
    workers: o.workers,
    onRecord: (r) => {
      file?.append(r);
      records.push(r);
      o.onGame?.(records.length);
    },
  });
  const result = summarise(
    records,
    o.agents,
    o.seed,
    game.variant ?? game.name,
    (performance.now() - t0) / 1000,
    entry.reporting(game),
    players,
  );
  return o.coverage ? { ...result, coverage: summariseCoverage(records, entry.reporting(game), o.agents) } : result;
}

/** The coverage findings of an eval result as lines (dead content and no-op loops), for the command's text output. */
export function coverageLines(c: CoverageSummary): string[] {
  const lines = coverageFindings(c).map((f) => `  ${f.text}`);
  return [
    `coverage: ${c.games} games${c.games_without ? ` (${c.games_without} more recorded without coverage)` : ''}, ${c.decisions} decisions, ${c.forced} forced`,
    ...(lines.length ? lines : ['  every kind, card and claimable victory was legal in some game and taken by every agent that could']),
  ];
}
