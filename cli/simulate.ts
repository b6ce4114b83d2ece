/**
 * `merlin simulate`: play full games between agents and report what happened (DESIGN "CLI").
 *
 * Seat i is played by agents[i % agents.length]. Game g uses the game seed `${seed}/${g}` and each
 * seat's agent its own stream `${seed}/${g}/agent/${seat}`, so the same arguments replay the same games
 * in any process. `trajectory_hash` is a SHA-256 over every game's action ids and final serialised state,
 * in order (ids as little-endian uint16). With `checkInvariants`, conservation and a well-formed decision are checked after every
 * step, and the deep checks (legality agreement, every legal action applies, illegal ones refused
 * unchanged, clone and serialisation round trips) every `deepEvery` steps.
 */
import { createHash } from 'node:crypto';
import { resolveAgent } from '../agents/registry.ts';
import type { Agent } from '../agents/types.ts';
import type { Ruleset } from '../env/merlin/rules/index.ts';
import { cardTally } from '../env/merlin/engine/effects.ts';
import { DECK_NAMES } from '../env/merlin/cards/schema.ts';
import {
  applyAction, catalogue, KIND_NAMES, checkConservation, checkDeep, createGame, currentPlayer, isTerminal, legalActions, serializeState, VICTORY_NAMES,
} from '../env/merlin/engine/index.ts';

export interface SimulateOptions {
  ruleset: Ruleset;
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

/** Play `games` full games; see module docs. */
export function runSimulation(o: SimulateOptions): SimulateResult {
  const rs = o.ruleset;
  const cat = catalogue(rs);
  const buf = new Int32Array(cat.size);
  const kindCounts = new Float64Array(cat.base.length);
  const tally = DECK_NAMES.map((d) => new Float64Array(rs.cards[d].instanceDef.length));
  const previousTally = cardTally.counts;
  cardTally.counts = null;
  try {
    return simulateGames(o, rs, cat, buf, kindCounts, tally);
  } finally {
    cardTally.counts = previousTally;
  }
}

function simulateGames(
  o: SimulateOptions, rs: Ruleset, cat: ReturnType<typeof catalogue>, buf: Int32Array, kindCounts: Float64Array, tally: Float64Array[],
): SimulateResult {
  const ids = new Uint8Array(1 << 16); // action ids, little-endian uint16 (catalogues stay under 65,536 ids)
  const hash = createHash('sha256');
  const winsBySeat = new Array<number>(o.players).fill(0);
  const winsByAgent: Record<string, number> = {};
  for (const a of o.agents) winsByAgent[a] = 0;
  const victoryTypes: Record<string, number> = {};
  for (const v of VICTORY_NAMES.slice(1)) victoryTypes[v] = 0;
  let steps = 0;
  let turns = 0;
  let violations = 0;
  let errors = 0;
  let truncated = 0;
  const deepEvery = Math.max(1, o.deepEvery ?? 16);
  const t0 = performance.now();
  for (let g = 0; g < o.games; g++) {
    const s = createGame(rs, o.players, `${o.seed}/${g}`);
    const agents: Agent[] = [];
    for (let p = 0; p < o.players; p++) agents.push(resolveAgent(o.agents[p % o.agents.length], `${o.seed}/${g}/agent/${p}`, rs));
    let n = 0;
    let gameSteps = 0;
    try {
      while (!isTerminal(s)) {
        const numLegal = legalActions(s, rs, buf);
        const seat = currentPlayer(s);
        const a = agents[seat].act(null, null, { seat, legal: buf, numLegal, state: s });
        // Count plays of the game's own actions only: not a searching agent's rollouts, not the deep checks.
        cardTally.counts = tally;
        applyAction(s, rs, a);
        cardTally.counts = null;
        kindCounts[cat.kind[a]]++;
        if (n === ids.length) {
          hash.update(ids);
          n = 0;
        }
        ids[n++] = a & 0xff;
        ids[n++] = a >>> 8;
        gameSteps++;
        if (o.checkInvariants) {
          const v = checkConservation(s, rs);
          if (gameSteps % deepEvery === 0) v.push(...checkDeep(s, rs, 16));
          if (v.length) {
            violations += v.length;
            for (const m of v.slice(0, 3)) o.onProblem?.(`game ${g} step ${gameSteps}: ${m}`);
          }
        }
      }
    } catch (e) {
      cardTally.counts = null;
      errors++;
      o.onProblem?.(`game ${g} step ${gameSteps}: ${(e as Error).stack ?? e}`);
    }
    hash.update(ids.subarray(0, n));
    hash.update(serializeState(s));
    steps += gameSteps;
    turns += s.turn;
    if (s.winner >= 0) {
      winsBySeat[s.winner]++;
      winsByAgent[o.agents[s.winner % o.agents.length]]++;
      victoryTypes[VICTORY_NAMES[s.victory]]++;
      if (VICTORY_NAMES[s.victory] === 'truncated') truncated++;
    }
    o.onGame?.(g + 1);
  }
  const seconds = (performance.now() - t0) / 1000;
  const actionCounts: Record<string, number> = {};
  for (let k = 0; k < cat.base.length; k++) if (cat.base[k] >= 0 && cat.count[k] > 0) actionCounts[KIND_NAMES[k]] = kindCounts[k];
  const cardPlays: Record<string, number> = {};
  DECK_NAMES.forEach((d, di) => {
    const deck = rs.cards[d];
    for (const def of deck.defs) cardPlays[`${d}/${def.id}`] = 0;
    for (let i = 0; i < deck.instanceDef.length; i++) cardPlays[`${d}/${deck.defs[deck.instanceDef[i]].id}`] += tally[di][i];
  });
  return {
    games: o.games,
    players: o.players,
    ruleset: rs.data.name,
    ruleset_hash: rs.hash,
    agents: o.agents,
    seed: String(o.seed),
    steps,
    seconds: Math.round(seconds * 1000) / 1000,
    steps_per_sec: Math.round(steps / Math.max(seconds, 1e-9)),
    wins_by_seat: winsBySeat,
    wins_by_agent: winsByAgent,
    victory_types: victoryTypes,
    mean_turns: o.games ? Math.round((turns / o.games) * 100) / 100 : 0,
    truncated,
    invariant_violations: violations,
    errors,
    action_counts: actionCounts,
    card_plays: cardPlays,
    trajectory_hash: hash.digest('hex'),
  };
}
