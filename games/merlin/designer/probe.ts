/**
 * Merlin's part of the designer's balance probe (`merlin probe`; the registry entry's `probe`, used by
 * designer/probe.ts, which plays the games and measures what every game has: win rates by seat, turn-order
 * position and agent, outcomes, lengths, action kinds). Per game it records the cards each seat played, gold
 * and commodity holders (holders.ts) and the public counters at the start of each round, card buys per round,
 * the turn order and net worth; over the games it adds per-card and per-group win rates, the flows by round,
 * the playability figures (docs/BALANCE.md) and their findings.
 *
 * A "card played" is a PlayCard action (the card is read from the hand before the action: a playing
 * card by face, a spell or potion by name) or an enacted Royal Decree (by name). A card's expected win
 * rate is what a typical card played by the same players' agents gives: the mean, over the players who
 * played it, of their agent's card-weighted win rate (see `cardStats`). So a card is not flagged merely
 * because the stronger agent plays it more, nor because players who last longer play more cards; it is
 * flagged when that expectation lies outside the card's 95% interval. With ~50 cards, about 1 in 20 is
 * flagged by chance: read the z-score.
 *
 * Shaped as games/registry.ts's `GameProbe<MerlinState>` (checked where the registry uses it).
 */
import type { Game } from '../../../env/core/game.ts';
import type { Ruleset } from '../rules/index.ts';
import { catalogue, isTerminal, Kind, netWorth, type MerlinState } from '../engine/index.ts';
import { HAND_POTION, HAND_SPELL } from '../engine/state.ts';
import { cardName } from '../engine/cards.ts';
import { cardDef, DECK_INDEX } from '../engine/effects.ts';
import { COMMODITY_COLUMNS, commoditiesBy, GOLD_COLUMNS, goldBy } from './holders.ts';

/** A win rate with its 95% interval (designer/probe.ts `Rate`). */
interface Rate {
  wins: number;
  games: number;
  rate: number;
  ci: [number, number];
}

/** What designer/probe.ts hands a game's probe to summarise (games/registry.ts `GameProbe.summarise`). */
export interface ProbeInput {
  game: Game<MerlinState>;
  records: readonly { lineup: string[]; winner: number; victory: string; turns: number; extra: unknown }[];
  specs: string[];
  agentRate: Record<string, number>;
  players: number;
  rate(wins: number, games: number): Rate;
  zScore(r: Rate, p: number): number;
}

/** What one Merlin probe game records beyond every game's figures (sent between worker threads). */
export interface MerlinProbeExtra {
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

/** A game's record as Merlin's summary reads it: every game's figures and Merlin's. */
type MerlinProbeRecord = { lineup: string[]; winner: number; victory: string; turns: number } & MerlinProbeExtra;

const rulesetOf = (game: Game<MerlinState>): Ruleset => (game as unknown as { ruleset: Ruleset }).ruleset;

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

/**
 * Start recording one probe game of `P` seats under `game`'s ruleset: the hooks playGame calls, and the
 * record of the finished game (its turn order and `MerlinProbeExtra`).
 */
function recorder(game: Game<MerlinState>, P: number) {
  const rs = rulesetOf(game);
  const cat = catalogue(rs);
  const played: Record<string, number>[] = Array.from({ length: P }, () => ({}));
  const gold: number[][] = [];
  const commodities: number[][] = [];
  const counters: number[][] = [];
  const buysByRound: number[] = [0];
  return {
    hooks: {
      onStart: (s: MerlinState) => {
        gold.push(goldBy(s, rs));
        commodities.push(commoditiesBy(s, rs));
        counters.push(countersOf(s));
      },
      beforeAction: (s: MerlinState, seat: number, id: number) => {
        const card = playedCard(s, rs, id);
        if (card) played[seat][card] = (played[seat][card] ?? 0) + 1;
        if (cat.kind[id] === Kind.BuyCard) {
          const round = Math.floor(s.turn / P);
          while (buysByRound.length <= round) buysByRound.push(0);
          buysByRound[round]++;
        }
      },
      afterAction: (s: MerlinState) => {
        // A new round (one action may start several turns when eliminated players are skipped): the same
        // state stands for every round it crossed.
        while (gold.length <= Math.floor(s.turn / P) && !isTerminal(s)) {
          gold.push(goldBy(s, rs));
          commodities.push(commoditiesBy(s, rs));
          counters.push(countersOf(s));
        }
      },
    },
    finish: (s: MerlinState) => ({
      order: s.order.slice(),
      extra: {
        played,
        gold,
        commodities,
        counters,
        buysByRound,
        netWorth: Array.from({ length: P }, (_, p) => netWorth(s, rs, p)),
      } satisfies MerlinProbeExtra,
    }),
  };
}

/**
 * The playability figures of `records` (designer/probe.ts `Playability`): does the game end by its own rules,
 * and does its economy stay alive? The figures the playable-game targets are stated in (docs/BALANCE.md):
 * victories before the turn limit, Royal Favor's share of them, game length in turns and rounds (P turns a
 * round), card buying after round 10, and the Cost of the Living at round 20 against its start.
 */
export function playability(records: MerlinProbeRecord[], P: number, turnLimit: number) {
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

function meanByRound(records: MerlinProbeRecord[], pick: (r: MerlinProbeRecord) => number[][], width: number) {
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
  records: MerlinProbeRecord[],
  specs: string[],
  agentRate: Record<string, number>,
  keyOf: (card: string) => string,
  { rate, zScore }: Pick<ProbeInput, 'rate' | 'zScore'>,
) {
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
      const flag: 'above' | 'below' | null = expected < rr.ci[0] ? 'above' : expected > rr.ci[1] ? 'below' : null;
      // designer/probe.ts `CardStat`
      return { card, plays: c.plays, ...rr, expected, z: zScore(rr, expected), flag };
    })
    .sort((x, y) => y.plays - x.plays);
}

/**
 * Merlin's summary fields (cards and card groups, gold, commodity and counter flows by round, playability)
 * and their findings (cards and groups flagged, gold piling up in one holder, a runaway counter), in that order.
 */
function summariseMerlin(input: ProbeInput): { fields: Record<string, unknown>; findings: { about: string; text: string; z: number }[] } {
  const rs = rulesetOf(input.game);
  const records: MerlinProbeRecord[] = input.records.map((r) => ({
    lineup: r.lineup,
    winner: r.winner,
    victory: r.victory,
    turns: r.turns,
    ...(r.extra as MerlinProbeExtra),
  }));
  const G = records.length;
  const { specs, agentRate } = input;
  const cards = cardStats(records, specs, agentRate, (card) => card, input);
  const cardGroups = cardStats(records, specs, agentRate, cardGroup, input);
  const findings: { about: string; text: string; z: number }[] = [];
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const ci = (r: Rate) => `[${pct(r.ci[0])}, ${pct(r.ci[1])}]`;
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
  return {
    fields: {
      gold_columns: GOLD_COLUMNS,
      gold_by_round: goldByRound,
      commodity_columns: COMMODITY_COLUMNS,
      commodities_by_round: meanByRound(records, (r) => r.commodities, COMMODITY_COLUMNS.length),
      cards,
      card_groups: cardGroups,
      counter_columns: COUNTER_COLUMNS.map((c) => c.name),
      counters_by_round: countersByRound,
      playability: playability(records, input.players, rs.data.turnLimit),
    },
    findings,
  };
}

/** Merlin's probe, as the game registry hands it to designer/probe.ts. */
export const merlinProbe = { recorder, summarise: summariseMerlin };
