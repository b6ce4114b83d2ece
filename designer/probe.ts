/**
 * `merlin probe`: a designer's balance probe. Plays many games between agents with seat rotation (as
 * `merlin eval`: game g seats agents[(i + g) mod A] at seat i (`lineupOf`), seeds `${seed}/${g}` and
 * `${seed}/${g}/agent/${seat}`, so results do not depend on the number of worker threads) and measures
 * what a designer looks for: win rate by seat, by turn-order position and by agent with 95% Wilson
 * intervals; victory types; game lengths; gold and commodity holders over time; per-card plays and the
 * win rate of players who played each card; per-action-kind usage by agent; and a ranked list of
 * findings. The HTML page is made by report.ts from the returned `ProbeSummary`.
 *
 * A "card played" is a PlayCard action (the card is read from the hand before the action: a playing
 * card by face, a spell or potion by name) or an enacted Royal Decree (by name). A card's expected win
 * rate is what a typical card played by the same players' agents gives: the mean, over the players who
 * played it, of their agent's card-weighted win rate (see `summarise`). So a card is not flagged merely
 * because the stronger agent plays it more, nor because players who last longer play more cards; it is
 * flagged when that expectation lies outside the card's 95% interval. With ~50 cards, about 1 in 20 is
 * flagged by chance: read the z-score.
 */
import { createRequire } from 'node:module';
import { ArgumentError } from '../lib/errors.ts';
import type { Agent } from '../env/core/agent.ts';
import type { Game } from '../env/core/game.ts';
import { playGame } from '../env/core/play.ts';
import { runGames } from '../env/core/runner.ts';
import { gameEntry } from '../games/registry.ts';
import type { MerlinGame } from '../games/merlin/env/game.ts';
import type { Ruleset } from '../games/merlin/rules/index.ts';
import { catalogue, isTerminal, Kind, KIND_NAMES, netWorth, VICTORY_NAMES, type MerlinState } from '../games/merlin/engine/index.ts';
import { HAND_POTION, HAND_SPELL } from '../games/merlin/engine/state.ts';
import { cardName } from '../games/merlin/engine/cards.ts';
import { cardDef, DECK_INDEX } from '../games/merlin/engine/effects.ts';
import { COMMODITY_COLUMNS, commoditiesBy, GOLD_COLUMNS, goldBy } from '../games/merlin/designer/holders.ts';

const wilson = createRequire(import.meta.url)('wilson-score-interval') as (k: number, n: number) => { left: number; right: number };

/** Arguments of one probe game (sent to worker threads). */
export interface ProbeArgs {
  /** Ruleset name or path, as given to loadRuleset. */
  ruleset: string;
  /** The field: agent specs, seated in rotation (see `lineupOf`). */
  agents: string[];
  seed: string;
  /** Players per game (default: the number of agents). */
  players?: number;
}

/**
 * The line-up of game g: seat i plays agents[(i + g) mod A] for A agents. With A = P this is eval's
 * seat rotation; with more agents than seats each game seats a rotating window of the field, and over
 * a multiple of A games every agent plays every seat equally often.
 */
export function lineupOf(a: ProbeArgs, g: number): string[] {
  const A = a.agents.length;
  return Array.from({ length: a.players ?? A }, (_, i) => a.agents[(i + g) % A]);
}

/** What one probe game recorded. */
export interface ProbeGameRecord {
  game: number;
  lineup: string[];
  /** Seats in turn order. */
  order: number[];
  winner: number;
  victory: string;
  turns: number;
  steps: number;
  /** Actions taken, [seat * kinds + kind]. */
  kindCounts: number[];
  /** Per seat: card label -> times played. */
  played: Record<string, number>[];
  /** Gold by holder (GOLD_COLUMNS) at the start of each round (P turns), from round 0. */
  gold: number[][];
  /** Commodity tokens by holder (COMMODITY_COLUMNS) at the start of each round. */
  commodities: number[][];
  /** Public counters (COUNTER_COLUMNS) at the start of each round. */
  counters: number[][];
  /** BuyCard actions taken in each round (index = round, from 0; P turns a round). */
  buysByRound: number[];
  netWorth: number[];
}

/** Public counters sampled each round (the economy's prices and the climate). */
export const COUNTER_COLUMNS: readonly { name: string; read: (s: MerlinState) => number }[] = [
  { name: 'Cost of the Living', read: (s) => s.costOfLiving },
  { name: 'Research Cost', read: (s) => s.researchCost },
  { name: 'tax rate', read: (s) => s.taxRate },
  { name: 'volatility', read: (s) => s.volatility },
  { name: 'climate', read: (s) => s.climate },
];
const countersOf = (s: MerlinState) => COUNTER_COLUMNS.map((c) => c.read(s));

/** The label of the card a PlayCard / EnactDecree action is about to play, or null. */
export function playedCard(s: MerlinState, rs: Ruleset, id: number): string | null {
  const cat = catalogue(rs);
  const kind = cat.kind[id];
  if (kind === Kind.PlayCard) {
    const c = s.hands[s.decider][cat.arg[id]];
    if (c === undefined) return null;
    if (c >= HAND_POTION) return `potion: ${cardDef(rs, DECK_INDEX.potions, c - HAND_POTION).name}`;
    if (c >= HAND_SPELL) return `spell: ${cardDef(rs, DECK_INDEX.spells, c - HAND_SPELL).name}`;
    return cardName(c);
  }
  if (kind === Kind.EnactDecree && s.decreeCard >= 0) return `decree: ${cardDef(rs, DECK_INDEX.royalDecrees, s.decreeCard).name}`;
  return null;
}

/** Play probe game g (runs in worker threads; see module docs). */
export function probeGame(a: ProbeArgs, g: number): ProbeGameRecord {
  const entry = gameEntry('merlin');
  const game = entry.game(a.ruleset) as unknown as MerlinGame;
  const rs = game.ruleset;
  const lineup = lineupOf(a, g);
  const P = lineup.length;
  const cat = catalogue(rs);
  const K = cat.base.length;
  const players: Agent[] = lineup.map((spec, p) => entry.agent(spec, `${a.seed}/${g}/agent/${p}`, game as unknown as Game<unknown>));
  const kindCounts = new Array<number>(P * K).fill(0);
  const played: Record<string, number>[] = lineup.map(() => ({}));
  const gold: number[][] = [];
  const commodities: number[][] = [];
  const counters: number[][] = [];
  const buysByRound: number[] = [0];
  const { state: s, steps } = playGame<MerlinState>(game, players, `${a.seed}/${g}`, {
    onStart: (s) => {
      gold.push(goldBy(s, rs));
      commodities.push(commoditiesBy(s, rs));
      counters.push(countersOf(s));
    },
    beforeAction: (s, seat, id) => {
      const card = playedCard(s, rs, id);
      if (card) played[seat][card] = (played[seat][card] ?? 0) + 1;
      kindCounts[seat * K + cat.kind[id]]++;
      if (cat.kind[id] === Kind.BuyCard) {
        const round = Math.floor(s.turn / P);
        while (buysByRound.length <= round) buysByRound.push(0);
        buysByRound[round]++;
      }
    },
    afterAction: (s) => {
      // A new round (one action may start several turns when eliminated players are skipped): the same
      // state stands for every round it crossed.
      while (gold.length <= Math.floor(s.turn / P) && !isTerminal(s)) {
        gold.push(goldBy(s, rs));
        commodities.push(commoditiesBy(s, rs));
        counters.push(countersOf(s));
      }
    },
  });
  return {
    game: g,
    lineup,
    order: s.order.slice(),
    winner: s.winner,
    victory: VICTORY_NAMES[s.victory],
    turns: s.turn,
    steps,
    kindCounts,
    played,
    gold,
    commodities,
    counters,
    buysByRound,
    netWorth: lineup.map((_, p) => netWorth(s, rs, p)),
  };
}

/** A win rate with its 95% Wilson interval. */
export interface Rate {
  wins: number;
  games: number;
  rate: number;
  ci: [number, number];
}

function rate(wins: number, games: number): Rate {
  const ci = wilson(wins, games);
  return { wins, games, rate: games ? wins / games : 0, ci: games ? [ci.left, ci.right] : [0, 1] };
}

/** z-score of `r` against an expected rate p (0 when undefined). */
function zScore(r: Rate, p: number): number {
  const sd = Math.sqrt((p * (1 - p)) / Math.max(1, r.games));
  return sd > 0 ? (r.rate - p) / sd : 0;
}

/** A seat's or turn-order position's win rate, with the rate its occupants' agents predict. */
export interface SlotRate extends Rate {
  expected: number;
  z: number;
}

export interface CardStat extends Rate {
  card: string;
  /** Times played over all games. */
  plays: number;
  /** Expected win rate of these players: what a typical card played by their agents gives. */
  expected: number;
  z: number;
  /** 'above' / 'below' when `expected` lies outside the 95% interval. */
  flag: 'above' | 'below' | null;
}

export interface Finding {
  /** What kind of thing: seat, position, agent, card, victory. */
  about: string;
  text: string;
  /** Strength of the evidence: |z| for statistical findings. */
  z: number;
}

/** Everything the report shows for one ruleset. */
export interface ProbeSummary {
  ruleset: { name: string; hash: string; source: string };
  agents: string[];
  players: number;
  games: number;
  seed: string;
  seconds: number;
  /** Seat-games won over seat-games played (1/P when every game has a winner). */
  base_rate: number;
  /** Win rate by seat index (seats rotate among the agents). */
  by_seat: SlotRate[];
  /** Win rate by place in turn order (fixed by the opening auction). */
  by_position: SlotRate[];
  by_agent: (Rate & { agent: string; fallback: string | null; summary: string | null })[];
  victory_types: Record<string, number>;
  turns: number[];
  length: { mean: number; median: number; p10: number; p90: number };
  gold_columns: string[];
  /** Mean gold by holder at the start of each round over the games still running, with their count. */
  gold_by_round: { round: number; games: number; mean: number[] }[];
  commodity_columns: string[];
  commodities_by_round: { round: number; games: number; mean: number[] }[];
  cards: CardStat[];
  /** The same per group of cards: suits of playing cards (Clubs are properties, Diamonds Lands, Spades and Hearts labs), decks of custom cards. */
  card_groups: CardStat[];
  /** Mean public counters (COUNTER_COLUMNS) at the start of each round over the games still running. */
  counter_columns: string[];
  counters_by_round: { round: number; games: number; mean: number[] }[];
  kinds: string[];
  /** Per agent: actions taken by kind (kinds order). */
  kind_counts_by_agent: Record<string, number[]>;
  /** Per agent: kinds whose share of its actions is at least 1.5 times their share in the rest of the field. */
  overuse_by_agent: Record<string, Overuse[]>;
  findings: Finding[];
  playability: Playability;
  /** The agent spec of a trained exploiter in the line-up (`probe --exploit`), if any. */
  exploiter?: string;
}

/**
 * Does the game end by its own rules, and does its economy stay alive? The figures the playable-game targets are
 * stated in (docs/BALANCE.md): victories before the turn limit, Royal Favor's share of them, game length in
 * turns and rounds (P turns a round), card buying after round 10, and the Cost of the Living at round 20
 * against its start.
 */
export interface Playability {
  games: number;
  /** Games ended by Economic Dominance or Royal Favor, as a share of all games. */
  victory_rate: number;
  /** Royal Favor endings as a share of the games that ended by a victory (0 when none did). */
  royal_favor_share: number;
  /** Games stopped at the turn limit (`turnLimit`, an RL truncation, not a rule of the drafts). */
  truncated_rate: number;
  turn_limit: number;
  median_turns: number;
  median_rounds: number;
  /** Of the games still running after round 10: the share in which some card was bought after round 10. */
  buys_after_round_10: { games: number; rate: number };
  /** Of the games that reach round 20: the median of Cost of the Living at round 20 / at the start. */
  cost_of_living_round_20: { games: number; median_ratio: number; median: number };
}

/** The playability figures of `records` (see `Playability`). */
export function playability(records: ProbeGameRecord[], P: number, turnLimit: number): Playability {
  const G = records.length;
  const count = (v: string) => records.filter((r) => r.victory === v).length;
  const rf = count('royal_favor');
  const wins = count('economic_dominance') + rf;
  const sortedTurns = records.map((r) => r.turns).sort((x, y) => x - y);
  const past10 = records.filter((r) => r.turns > 10 * P);
  const bought = past10.filter((r) => r.buysByRound.slice(10).some((n) => n > 0)).length;
  const at20 = records.filter((r) => r.counters.length > 20);
  const ratios = at20.map((r) => r.counters[20][0] / r.counters[0][0]).sort((x, y) => x - y);
  const col = at20.map((r) => r.counters[20][0]).sort((x, y) => x - y);
  const medianTurns = quantile(sortedTurns, 0.5);
  return {
    games: G,
    victory_rate: G ? wins / G : 0,
    royal_favor_share: wins ? rf / wins : 0,
    truncated_rate: G ? count('truncated') / G : 0,
    turn_limit: turnLimit,
    median_turns: medianTurns,
    median_rounds: medianTurns / P,
    buys_after_round_10: { games: past10.length, rate: past10.length ? bought / past10.length : 0 },
    cost_of_living_round_20: { games: at20.length, median_ratio: quantile(ratios, 0.5), median: quantile(col, 0.5) },
  };
}

const quantile = (sorted: number[], q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : 0);

function meanByRound(records: ProbeGameRecord[], pick: (r: ProbeGameRecord) => number[][], width: number) {
  const rounds = Math.max(0, ...records.map((r) => pick(r).length));
  const out: { round: number; games: number; mean: number[] }[] = [];
  for (let i = 0; i < rounds; i++) {
    const acc = new Array<number>(width).fill(0);
    let n = 0;
    for (const r of records) {
      const row = pick(r)[i];
      if (!row) continue;
      n++;
      row.forEach((v, j) => (acc[j] += v));
    }
    out.push({ round: i, games: n, mean: acc.map((v) => Math.round((v / n) * 100) / 100) });
  }
  return out;
}

/** An over-used action kind: its share of the agent's actions, of the field's, and their ratio (null: the field never takes it). */
export interface Overuse {
  kind: string;
  share: number;
  field_share: number;
  ratio: number | null;
}

/**
 * Action kinds an agent uses at least `minRatio` times as often (as a share of its actions) as the rest
 * of the field does, most over-used first. Kinds used less than 0.5% of the time by the agent are left out.
 */
export function overuse(mine: number[], field: number[], kinds: string[], minRatio = 1.5): Overuse[] {
  const tm = mine.reduce((a, b) => a + b, 0) || 1;
  const tf = field.reduce((a, b) => a + b, 0) || 1;
  return kinds
    .map((kind, k) => {
      const share = mine[k] / tm;
      const fieldShare = field[k] / tf;
      return { kind, share, field_share: fieldShare, ratio: fieldShare > 0 ? share / fieldShare : null };
    })
    .filter((x) => x.share >= 0.005 && (x.ratio === null || x.ratio >= minRatio))
    .sort((a, b) => (b.ratio ?? Infinity) - (a.ratio ?? Infinity) || b.share - a.share);
}

/** The group of a card label: the suit of a playing card ("Clubs"), or the deck of a custom card ("spell"). */
export function cardGroup(card: string): string {
  const custom = /^(\w+): /.exec(card);
  if (custom) return `${custom[1]}s`;
  const suit = / of (\w+)$/.exec(card);
  return suit ? suit[1] : card;
}

/**
 * Per card (or per group of cards, by `keyOf`): plays, players who played it, their wins, and the
 * expected win rate. A (game, seat) counts once per key it played. A player who plays d distinct keys
 * counts toward d of them, and players who play more cards (who stay in the game longer) win more often;
 * so each agent's baseline is its key-weighted win rate (sum of wins x d over sum of d): if every key
 * were equally good, each key's players would win at this rate, mixed by agent.
 */
function cardStats(
  records: ProbeGameRecord[],
  specs: string[],
  agentRate: Record<string, number>,
  keyOf: (card: string) => string,
): CardStat[] {
  const keysOf = (cards: Record<string, number>) => {
    const m = new Map<string, number>();
    for (const [card, times] of Object.entries(cards)) m.set(keyOf(card), (m.get(keyOf(card)) ?? 0) + times);
    return m;
  };
  const weighted: Record<string, { wins: number; d: number }> = {};
  for (const sp of specs) weighted[sp] = { wins: 0, d: 0 };
  const acc = new Map<string, { plays: number; players: number; wins: number; expected: number }>();
  const played = records.map((r) => r.played.map(keysOf));
  records.forEach((r, i) =>
    played[i].forEach((keys, p) => {
      weighted[r.lineup[p]].d += keys.size;
      if (r.winner === p) weighted[r.lineup[p]].wins += keys.size;
    }),
  );
  const base: Record<string, number> = {};
  for (const sp of specs) base[sp] = weighted[sp].d ? weighted[sp].wins / weighted[sp].d : agentRate[sp];
  records.forEach((r, i) =>
    played[i].forEach((keys, p) => {
      for (const [key, times] of keys) {
        const c = acc.get(key) ?? { plays: 0, players: 0, wins: 0, expected: 0 };
        c.plays += times;
        c.players++;
        if (r.winner === p) c.wins++;
        c.expected += base[r.lineup[p]];
        acc.set(key, c);
      }
    }),
  );
  return [...acc.entries()]
    .map(([card, c]) => {
      const rr = rate(c.wins, c.players);
      const expected = c.expected / c.players;
      const flag = expected < rr.ci[0] ? 'above' : expected > rr.ci[1] ? 'below' : null;
      return { card, plays: c.plays, ...rr, expected, z: zScore(rr, expected), flag } as CardStat;
    })
    .sort((x, y) => y.plays - x.plays);
}

/** Combine game records (any order) into the summary. */
export function summarise(records: ProbeGameRecord[], a: ProbeArgs, rs: Ruleset, seconds: number): ProbeSummary {
  records = [...records].sort((x, y) => x.game - y.game);
  const P = a.players ?? a.agents.length;
  const cat = catalogue(rs);
  const K = cat.base.length;
  const specs = [...new Set(a.agents)];
  const seatWins = new Array<number>(P).fill(0);
  const posWins = new Array<number>(P).fill(0);
  const seatLineups: string[][] = [...Array(P)].map(() => []);
  const posLineups: string[][] = [...Array(P)].map(() => []);
  const agentWins: Record<string, number> = {};
  const agentGames: Record<string, number> = {};
  const kindCounts: Record<string, number[]> = {};
  for (const sp of specs) {
    agentWins[sp] = 0;
    agentGames[sp] = 0;
    kindCounts[sp] = new Array<number>(K).fill(0);
  }
  const victory: Record<string, number> = {};
  for (const v of VICTORY_NAMES.slice(1)) victory[v] = 0;
  for (const r of records) {
    r.lineup.forEach((sp, p) => {
      agentGames[sp]++;
      seatLineups[p].push(sp);
      posLineups[r.order.indexOf(p)]?.push(sp);
      for (let k = 0; k < K; k++) kindCounts[sp][k] += r.kindCounts[p * K + k];
    });
    victory[r.victory] = (victory[r.victory] ?? 0) + 1;
    if (r.winner < 0) continue;
    seatWins[r.winner]++;
    posWins[r.order.indexOf(r.winner)]++;
    agentWins[r.lineup[r.winner]]++;
  }
  const G = records.length;
  const decided = seatWins.reduce((x, y) => x + y, 0);
  const base = G ? decided / (G * P) : 0;
  const agentRate: Record<string, number> = {};
  for (const sp of specs) agentRate[sp] = agentGames[sp] ? agentWins[sp] / agentGames[sp] : 0;

  const cards = cardStats(records, specs, agentRate, (card) => card);
  const cardGroups = cardStats(records, specs, agentRate, cardGroup);

  const kinds: string[] = [];
  const kindIdx: number[] = [];
  for (let k = 0; k < K; k++) if (cat.count[k] > 0) (kinds.push(KIND_NAMES[k] ?? `kind ${k}`), kindIdx.push(k));
  const byKind: Record<string, number[]> = {};
  for (const sp of specs) byKind[sp] = kindIdx.map((k) => kindCounts[sp][k]);
  const overuseBy: ProbeSummary['overuse_by_agent'] = {};
  for (const sp of specs) {
    const field = kindIdx.map((_, j) => specs.filter((o) => o !== sp).reduce((t, o) => t + byKind[o][j], 0));
    overuseBy[sp] = overuse(byKind[sp], field, kinds);
  }

  const turns = records.map((r) => r.turns);
  const sorted = [...turns].sort((x, y) => x - y);
  // Seats and turn-order positions: expected from the agents that sat there (turn order is bid for, and
  // agents bid differently, so a position's fair share depends on who tends to take it).
  const expectedFrom = (specsThere: string[]) => specsThere.reduce((t, sp) => t + agentRate[sp], 0) / Math.max(1, specsThere.length);
  const withExpected = (r: Rate, specsThere: string[]): SlotRate => {
    const expected = expectedFrom(specsThere);
    return { ...r, expected, z: zScore(r, expected) };
  };
  const bySeat = seatWins.map((w, p) => withExpected(rate(w, G), seatLineups[p]));
  const byPosition = posWins.map((w, i) => withExpected(rate(w, G), posLineups[i]));
  const fallbackOf = (sp: string) => {
    const merlin = gameEntry('merlin');
    const ag = merlin.agent(sp, 0, merlin.game(rs));
    // A single-minded strategy (Merlin's single:NAME) says what line it plays and what it falls back to.
    const described = ag as Partial<{ fallback: string | null; summary: string }>;
    return typeof described.summary === 'string'
      ? { fallback: described.fallback ?? null, summary: described.summary }
      : { fallback: null, summary: null };
  };
  const byAgent = specs.map((sp) => ({ agent: sp, ...rate(agentWins[sp], agentGames[sp]), ...fallbackOf(sp) }));

  const findings: Finding[] = [];
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const ci = (r: Rate) => `[${pct(r.ci[0])}, ${pct(r.ci[1])}]`;
  bySeat.forEach((r, p) => {
    if (r.expected < r.ci[0] || r.expected > r.ci[1])
      findings.push({
        about: 'seat',
        text: `Seat ${p} wins ${pct(r.rate)} ${ci(r)} of games; the agents seated there predict ${pct(r.expected)}.`,
        z: Math.abs(r.z),
      });
  });
  byPosition.forEach((r, i) => {
    if (r.expected < r.ci[0] || r.expected > r.ci[1])
      findings.push({
        about: 'position',
        text: `The player ${ordinal(i + 1)} in turn order wins ${pct(r.rate)} ${ci(r)} of games; the agents who took that place predict ${pct(r.expected)}.`,
        z: Math.abs(r.z),
      });
  });
  const reference = byAgent.find((x) => x.agent === 'heuristic');
  for (const x of byAgent) {
    if (!x.agent.startsWith('single:') && !x.agent.startsWith('ppo:')) continue;
    const p = reference ? reference.rate : base;
    if (x.ci[0] > p)
      findings.push({
        about: 'agent',
        text:
          `${x.agent} (${x.summary ?? 'exploiter'}) wins ${pct(x.rate)} ${ci(x)}, more than ${reference ? `the heuristic's ${pct(p)}` : `the fair share ${pct(p)}`}: a cheap line of play that pays.` +
          (overuseBy[x.agent].length
            ? ` It over-uses ${overuseBy[x.agent]
                .slice(0, 3)
                .map((o) => `${o.kind} (${o.ratio === null ? 'only it' : `${o.ratio.toFixed(1)}x`})`)
                .join(', ')}.`
            : ''),
        z: Math.abs(zScore(x, p)),
      });
  }
  for (const c of cards) {
    if (!c.flag) continue;
    findings.push({
      about: 'card',
      text: `Players who played ${c.card} win ${pct(c.rate)} ${ci(c)} of their games; a typical card played by the same agents predicts ${pct(c.expected)} (${c.plays} plays by ${c.games} players).`,
      z: Math.abs(c.z),
    });
  }
  for (const c of cardGroups) {
    if (!c.flag) continue;
    findings.push({
      about: 'card group',
      text: `Players who played ${c.card} win ${pct(c.rate)} ${ci(c)}; a typical group played by the same agents predicts ${pct(c.expected)} (${c.plays} plays by ${c.games} players).`,
      z: Math.abs(c.z),
    });
  }
  const goldByRound = meanByRound(records, (r) => r.gold, GOLD_COLUMNS.length);
  const settled = goldByRound.filter((r) => r.round >= 1 && r.games >= G / 2);
  if (settled.length) {
    GOLD_COLUMNS.forEach((holder, j) => {
      const share = settled.reduce((t, r) => t + r.mean[j], 0) / settled.length / rs.data.supply.gold;
      if (share > 0.6)
        findings.push({
          about: 'economy',
          text: `${holder === "players' pockets" ? "The players' pockets hold" : `The ${holder} holds`} ${pct(share)} of all gold on average from round 1 to round ${settled.at(-1)!.round} (the rounds most games reach); the players' pockets hold ${pct(settled.reduce((t, r) => t + r.mean[0], 0) / settled.length / rs.data.supply.gold)}.`,
          z: NaN,
        });
    });
  }
  const countersByRound = meanByRound(records, (r) => r.counters, COUNTER_COLUMNS.length);
  const last = countersByRound.filter((r) => r.games >= G / 2).at(-1);
  if (last && countersByRound.length)
    COUNTER_COLUMNS.forEach((c, j) => {
      const start = countersByRound[0].mean[j];
      if (start > 0 && last.mean[j] >= 5 * start)
        findings.push({
          about: 'economy',
          text: `${c.name} runs away: from ${start} at the start to ${last.mean[j].toFixed(1)} on average by round ${last.round}.`,
          z: NaN,
        });
    });
  const truncated = victory.truncated ?? 0;
  if (G && truncated / G > 0.5)
    findings.push({
      about: 'victory',
      text: `${pct(truncated / G)} of games reach the turn limit (${rs.data.turnLimit} turns) without a victory: the game rarely ends by its own rules.`,
      z: NaN,
    });
  for (const v of VICTORY_NAMES.slice(1))
    if (v !== 'truncated' && G >= 100 && victory[v] === 0)
      findings.push({ about: 'victory', text: `No game of ${G} ended by ${v.replace('_', ' ')}.`, z: NaN });
  findings.sort((x, y) => (Number.isNaN(y.z) ? 1e9 : y.z) - (Number.isNaN(x.z) ? 1e9 : x.z));

  return {
    ruleset: { name: rs.data.name, hash: rs.hash, source: a.ruleset },
    agents: a.agents,
    players: P,
    games: G,
    seed: a.seed,
    seconds: Math.round(seconds * 100) / 100,
    base_rate: base,
    by_seat: bySeat,
    by_position: byPosition,
    by_agent: byAgent,
    victory_types: victory,
    turns,
    length: {
      mean: G ? turns.reduce((x, y) => x + y, 0) / G : 0,
      median: quantile(sorted, 0.5),
      p10: quantile(sorted, 0.1),
      p90: quantile(sorted, 0.9),
    },
    gold_columns: GOLD_COLUMNS,
    gold_by_round: goldByRound,
    commodity_columns: COMMODITY_COLUMNS,
    commodities_by_round: meanByRound(records, (r) => r.commodities, COMMODITY_COLUMNS.length),
    cards,
    card_groups: cardGroups,
    counter_columns: COUNTER_COLUMNS.map((c) => c.name),
    counters_by_round: countersByRound,
    kinds,
    kind_counts_by_agent: byKind,
    overuse_by_agent: overuseBy,
    findings,
    playability: playability(records, P, rs.data.turnLimit),
  };
}

function ordinal(n: number): string {
  return n === 1 ? '1st' : n === 2 ? '2nd' : n === 3 ? '3rd' : `${n}th`;
}

/**
 * Run a probe: `games` games on `workers` threads.
 * @throws ArgumentError for a bad agent spec; RulesetError for a bad ruleset
 */
export async function runProbe(o: ProbeArgs & { games: number; workers: number; onGame?: (done: number) => void }): Promise<ProbeSummary> {
  const t0 = performance.now();
  const merlin = gameEntry('merlin');
  const game = merlin.game(o.ruleset);
  const rs = (game as unknown as MerlinGame).ruleset;
  for (const sp of o.agents) merlin.agent(sp, 0, game);
  const records: ProbeGameRecord[] = [];
  const args: ProbeArgs = { ruleset: o.ruleset, agents: o.agents, seed: o.seed, players: o.players };
  if (
    args.players !== undefined &&
    (!Number.isInteger(args.players) || args.players < rs.data.players.min || args.players > rs.data.players.max)
  )
    throw new ArgumentError(`--players must be an integer in ${rs.data.players.min}..${rs.data.players.max}, got ${args.players}`);
  await runGames({
    module: import.meta.url,
    export: 'probeGame',
    play: probeGame,
    args,
    games: o.games,
    workers: o.workers,
    onRecord: (r) => {
      records.push(r);
      o.onGame?.(records.length);
    },
  });
  return summarise(records, args, rs, (performance.now() - t0) / 1000);
}
