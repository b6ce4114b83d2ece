/**
 * The strong-play tables of docs/BALANCE.md: for each player count and each field of agents, the
 * share of games ended by a victory, the turn-limit (truncation) rate, each victory type, the median length, the
 * share of games reaching round 10 in which a card is bought after it, the best turn-order position's win rate
 * against its fair share, and the first agent's cards bought per game. Each cell is one `merlin probe` run
 * (designer/probe.ts `runProbe`, seats rotating), so the figures are the probe's own.
 *
 *   npx tsx tools/balance-tables.ts --games 2000 --players 2,3,4,5,6 --ppo checkpoints/default > /tmp/tables.md
 *
 * Flags: --games N (per cell, default 200), --players LIST (default 4), --ppo DIR (the learned agent, default
 * checkpoints/default), --variant V (default full), --seed S, --workers W (default 2), --fields LIST (of
 * self-play, heuristic, mixed, random, ppo-vs-heuristic; default all), --json FILE (also write the table as a table
 * file of tools/doc-figures.ts, with its command, date, machine and commit: docs/BALANCE.md's tables are such files,
 * filled by `npx tsx tools/doc-figures.ts --write`). Progress goes to stderr.
 */
import { writeFileSync } from 'node:fs';
import { runProbe, type ProbeSummary } from '../designer/probe.ts';
import { markdownTable, provenance, tableCommand } from './doc-figures.ts';

const argv = process.argv.slice(2);
const flag = (name: string, dflt: string): string => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && i + 1 < argv.length ? argv[i + 1] : dflt;
};
const games = Number(flag('games', '200'));
const counts = flag('players', '4').split(',').map(Number);
const ppo = `ppo:${flag('ppo', 'checkpoints/default')}`;
const variant = flag('variant', 'full');
const seed = flag('seed', 'balance');
const workers = Number(flag('workers', '2'));
const wanted = flag('fields', 'self-play,heuristic,mixed,random,ppo-vs-heuristic').split(',');
const jsonOut = flag('json', '');

/** A field's seats at P players. */
const FIELDS: Record<string, (P: number) => string[]> = {
  'self-play': (P) => Array(P).fill(ppo),
  heuristic: (P) => Array(P).fill('heuristic'),
  mixed: (P) => Array.from({ length: P }, (_, i) => (i % 2 ? 'random' : 'heuristic')),
  random: (P) => Array(P).fill('random'),
  'ppo-vs-heuristic': (P) => [ppo, ...Array(P - 1).fill('heuristic')],
};

/** A table row: one field at one player count (docs/data/balance/*.json hold these). */
interface Row {
  field: string;
  players: number;
  games: number;
  victory_rate?: number;
  truncated_rate?: number;
  economic_dominance: number;
  royal_favor: number;
  median_turns: number;
  late_buy_rate?: number;
  late_buy_games?: number;
  best_position_ratio?: number;
  first_agent: string;
  first_agent_buys?: number;
}

/** The table's columns, as tools/doc-figures.ts renders them (a missing value shows as `-`). */
const COLUMNS = [
  { header: 'field', cell: '{field}' },
  { header: 'players', cell: '{players}' },
  { header: 'games', cell: '{games:int}' },
  { header: 'ended by a victory', cell: '{victory_rate:pct1}' },
  { header: 'turn limit', cell: '{truncated_rate:pct1}' },
  { header: 'Economic Dominance', cell: '{economic_dominance:int}' },
  { header: 'Royal Favor', cell: '{royal_favor:int}' },
  { header: 'median turns', cell: '{median_turns:int}' },
  { header: 'card bought after round 10', cell: '{late_buy_rate:pct1} of {late_buy_games:int}' },
  { header: 'best turn-order position / fair share', cell: '{best_position_ratio:x2}' },
  { header: 'cards bought a game (first agent)', cell: '{first_agent}: {first_agent_buys:n1}' },
];

function row(field: string, s: ProbeSummary): Row {
  const p = s.playability;
  const v = s.victory_types;
  const won = s.by_position.reduce((a, r) => a + r.wins, 0);
  // Fair share of a position: 1/P of the games won by anybody.
  const fair = won / s.players;
  const best = s.by_position.reduce((m, r) => Math.max(m, r.wins), 0);
  const first = s.agents[0];
  const kinds = s.kind_counts_by_agent[first];
  const buy = s.kinds.indexOf('BuyCard');
  const seatsOfFirst = s.agents.filter((a) => a === first).length;
  const buys = kinds && buy >= 0 ? kinds[buy] / (s.games * seatsOfFirst) : NaN;
  return {
    field,
    players: s.players,
    games: s.games,
    victory_rate: p?.victory_rate,
    truncated_rate: p?.truncated_rate,
    economic_dominance: v.economic_dominance ?? 0,
    royal_favor: v.royal_favor ?? 0,
    median_turns: s.length.median,
    late_buy_rate: p?.buys_after_round_10.rate,
    late_buy_games: p?.buys_after_round_10.games,
    best_position_ratio: fair > 0 ? best / fair : undefined,
    first_agent: first.split(':')[0],
    first_agent_buys: Number.isFinite(buys) ? buys : undefined,
  };
}

const rows: Row[] = [];
for (const P of counts)
  for (const field of wanted) {
    const agents = FIELDS[field](P);
    const t0 = performance.now();
    const s = await runProbe({ ruleset: variant, agents, seed: `${seed}/${field}/${P}`, players: P, games, workers });
    process.stderr.write(`${field} P=${P}: ${((performance.now() - t0) / 1000).toFixed(0)} s\n`);
    rows.push(row(field, s));
  }
const command = tableCommand('tools/balance-tables.ts', argv);
const table = { title: `${variant}, ${games} games a cell`, command, ...provenance(), columns: COLUMNS, rows };
if (jsonOut) writeFileSync(jsonOut, JSON.stringify(table, null, 2) + '\n');
process.stdout.write(`${variant}, ${games} games a cell, seed ${seed}, ${table.measured}\n\n${markdownTable(COLUMNS, rows)}\n`);
