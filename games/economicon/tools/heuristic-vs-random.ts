/**
 * The heuristic against random players: N games per player count, the heuristic in one seat (rotating through
 * the seats), uniformly random players in the others, played with env/core's playGame. Prints the heuristic's
 * win rate with a 95 % Wilson interval beside the fair share 1/n.
 *
 *   npx tsx games/economicon/tools/heuristic-vs-random.ts [--games 1000] [--players 2,4] [--agent heuristic|single:NAME] [--variant standard]
 */
import type { Agent, AgentContext } from '../../../env/core/agent.ts';
import { playGame } from '../../../env/core/play.ts';
import { nextInt, seedRng, type RngState } from '../../../lib/rng.ts';
import { EconomiconHeuristic } from '../agents/heuristic.ts';
import { economiconGame } from '../env/game.ts';

function flag(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}

/** Uniformly random among the legal actions, from its own seeded stream. */
class Random implements Agent {
  readonly spec = 'random';
  private readonly rng: RngState;
  constructor(seed: string) {
    this.rng = seedRng(seed);
  }
  act(_o: Float32Array | null, _m: Uint8Array | null, ctx: AgentContext): number {
    return ctx.legal[nextInt(this.rng, ctx.numLegal)];
  }
}

/** 95 % Wilson score interval of k successes in n. */
function wilson(k: number, n: number): [number, number] {
  const z = 1.96;
  const p = k / n;
  const d = 1 + (z * z) / n;
  const c = (p + (z * z) / (2 * n)) / d;
  const h = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [c - h, c + h];
}

const GAMES = Number(flag('--games', '1000'));
const PLAYERS = flag('--players', '2,4').split(',').map(Number);
const AGENT = flag('--agent', 'heuristic');
const OPPONENT = flag('--opponent', 'random');
const game = economiconGame(flag('--variant', 'standard'));

for (const P of PLAYERS) {
  let wins = 0;
  let draws = 0;
  let truncated = 0;
  let turns = 0;
  const t0 = performance.now();
  for (let g = 0; g < GAMES; g++) {
    const seat = g % P;
    const agents: Agent[] = Array.from({ length: P }, (_, p) =>
      p === seat
        ? new EconomiconHeuristic(game.ruleset, AGENT)
        : OPPONENT === 'random'
          ? new Random(`random/${g}/${p}`)
          : new EconomiconHeuristic(game.ruleset, OPPONENT),
    );
    const r = playGame(game, agents, `hvr/${P}/${g}`);
    if (r.state.winner === seat) wins++;
    if (r.state.winner < 0) draws++;
    if (game.isTruncated(r.state)) truncated++;
    turns += r.state.turn;
  }
  const [lo, hi] = wilson(wins, GAMES);
  const pct = (x: number) => (100 * x).toFixed(1);
  console.log(
    `${AGENT} vs ${OPPONENT}, ${P} players, ${GAMES} games: won ${wins} (${pct(wins / GAMES)} %, 95 % CI ${pct(lo)}-${pct(hi)} %; fair share ${pct(1 / P)} %), ` +
      `draws ${draws}, truncated ${truncated}, mean ${(turns / GAMES).toFixed(1)} turns (${((performance.now() - t0) / 1000).toFixed(0)} s)`,
  );
}
