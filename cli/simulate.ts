/**
 * `merlin simulate`: play full games between agents and report what happened (DESIGN "CLI").
 *
 * Seat i is played by agents[i % agents.length]. Game g uses the game seed `${seed}/${g}` and each
 * seat's agent its own stream `${seed}/${g}/agent/${seat}`, so the same arguments replay the same games
 * in any process. `trajectory_hash` is a SHA-256 over every game's action ids and final serialised state,
 * in order (ids as little-endian uint16). With `checkInvariants`, the game's cheap invariant checks run after every
 * step and its deep ones every `deepEvery` steps (Merlin: conservation and a well-formed decision; deep:
 * legality agreement, every legal action applies, illegal ones refused unchanged, clone and serialisation
 * round trips). The games are played by env/core's `playGame`; the game, its agents and what is reported
 * beyond the game's end (victory types, action kinds, card plays) come from the game registry.
 */
import { createHash } from 'node:crypto';
import type { Agent } from '../env/core/agent.ts';
import type { Game } from '../env/core/game.ts';
import { playGame } from '../env/core/play.ts';
import { DEFAULT_GAME, gameEntry, type GameEntry } from '../games/registry.ts';

export interface SimulateOptions {
  /** The game to play (default: `gameName`'s game under `ruleset`). */
  game?: Game<unknown>;
  /** The registered game (default `merlin`), when `game` is not given. */
  gameName?: string;
  /** Its variant when `game` is not given: a name, a path or a loaded ruleset, as the registry's `game()` takes (default: the game's default). */
  ruleset?: unknown;
  games: number;
  players: number;
  agents: string[];
  seed: string | number;
  checkInvariants?: boolean;
  /** Steps between deep checks when checking invariants (1 = every step). */
  deepEvery?: number;
  /** Called after each game (for progress bars). */
  onGame?: (done: number) => void;
  /** Called for each invariant violation or error (for stderr). */
  onProblem?: (message: string) => void;
}

export interface SimulateResult {
  games: number;
  players: number;
  ruleset: string;
  ruleset_hash: string;
  agents: string[];
  seed: string;
  steps: number;
  seconds: number;
  steps_per_sec: number;
  wins_by_seat: number[];
  wins_by_agent: Record<string, number>;
  victory_types: Record<string, number>;
  mean_turns: number;
  /** The median game length in turns (the mean of the two middle games for an even count). */
  median_turns: number;
  truncated: number;
  invariant_violations: number;
  errors: number;
  /** Actions taken, by action kind (docs/ACTIONS.md), every kind of the catalogue listed, 0 included. */
  action_counts: Record<string, number>;
  /**
   * Plays per custom card, keyed `deck/id` (e.g. `spells/cumulonimbus`), every card of every deck listed,
   * 0 included. "Played" per deck (docs/CARDS.md): a reading drawn, a spell cast, a potion brewed, a decree enacted.
   */
  card_plays: Record<string, number>;
  trajectory_hash: string;
}

/** The median of `xs` (sorted in place); 0 for none. */
function median(xs: Float64Array): number {
  if (xs.length === 0) return 0;
  xs.sort();
  const m = xs.length >> 1;
  return xs.length % 2 ? xs[m] : (xs[m - 1] + xs[m]) / 2;
}

/** Play `games` full games; see module docs. */
export function runSimulation(o: SimulateOptions): SimulateResult {
  const entry: GameEntry = o.game ? gameEntry(o.game.name) : gameEntry(o.gameName ?? DEFAULT_GAME);
  const game = o.game ?? entry.game(o.ruleset as string | object | undefined);
  const report = entry.reporting(game);
  const ids = new Uint8Array(1 << 16); // action ids, little-endian uint16 (catalogues stay under 65,536 ids)
  const hash = createHash('sha256');
  const kindCounts = new Float64Array(report.kindNames.length);
  const winsBySeat = new Array<number>(o.players).fill(0);
  const winsByAgent: Record<string, number> = {};
  for (const a of o.agents) winsByAgent[a] = 0;
  const victoryTypes: Record<string, number> = {};
  for (const v of report.outcomes) victoryTypes[v] = 0;
  let steps = 0;
  let turns = 0;
  const lengths = new Float64Array(o.games);
  let violations = 0;
  let errors = 0;
  let truncated = 0;
  const deepEvery = Math.max(1, o.deepEvery ?? 16);
  // Count plays of the game's own actions only: not a searching agent's rollouts, not the deep checks.
  const tally = report.tally?.();
  const t0 = performance.now();
  for (let g = 0; g < o.games; g++) {
    const agents: Agent[] = [];
    for (let p = 0; p < o.players; p++) agents.push(entry.agent(o.agents[p % o.agents.length], `${o.seed}/${g}/agent/${p}`, game));
    let n = 0;
    const played = playGame(game, agents, `${o.seed}/${g}`, {
      players: o.players,
      onError: 'stop',
      beforeAction: tally?.beforeAction,
      afterAction: (s, seat, a, step) => {
        tally?.afterAction?.(s, seat, a, step);
        kindCounts[report.kindOf(a)]++;
        if (n === ids.length) {
          hash.update(ids);
          n = 0;
        }
        ids[n++] = a & 0xff;
        ids[n++] = a >>> 8;
        if (o.checkInvariants && report.checkInvariants) {
          const v = report.checkInvariants(s, (step + 1) % deepEvery === 0);
          if (v.length) {
            violations += v.length;
            for (const m of v.slice(0, 3)) o.onProblem?.(`game ${g} step ${step + 1}: ${m}`);
          }
        }
      },
    });
    const s = played.state;
    if (played.error) {
      tally?.stop();
      errors++;
      o.onProblem?.(`game ${g} step ${played.steps}: ${played.error.stack ?? played.error}`);
    }
    hash.update(ids.subarray(0, n));
    hash.update(game.serialize(s));
    steps += played.steps;
    const end = report.outcome(s);
    turns += end.turns;
    lengths[g] = end.turns;
    // Every ended game counts under its outcome, a draw (no winner) too; wins only where there is a winner.
    if (end.outcome !== '') victoryTypes[end.outcome] = (victoryTypes[end.outcome] ?? 0) + 1;
    if (game.isTruncated(s)) truncated++;
    if (end.winner >= 0) {
      winsBySeat[end.winner]++;
      winsByAgent[o.agents[end.winner % o.agents.length]]++;
    }
    o.onGame?.(g + 1);
  }
  tally?.stop();
  const seconds = (performance.now() - t0) / 1000;
  const actionCounts: Record<string, number> = {};
  report.kindNames.forEach((name, k) => {
    if (report.kindOffered[k]) actionCounts[name] = kindCounts[k];
  });
  return {
    games: o.games,
    players: o.players,
    ruleset: game.variant ?? game.name,
    ruleset_hash: game.rulesHash,
    agents: o.agents,
    seed: String(o.seed),
    steps,
    seconds: Math.round(seconds * 1000) / 1000,
    steps_per_sec: Math.round(steps / Math.max(seconds, 1e-9)),
    wins_by_seat: winsBySeat,
    wins_by_agent: winsByAgent,
    victory_types: victoryTypes,
    mean_turns: o.games ? Math.round((turns / o.games) * 100) / 100 : 0,
    median_turns: median(lengths),
    truncated,
    invariant_violations: violations,
    errors,
    action_counts: actionCounts,
    card_plays: tally?.result() ?? {},
    trajectory_hash: hash.digest('hex'),
  };
}
