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
 * self-play, heuristic, mixed, random, ppo-vs-heuristic; default all). Progress goes to stderr.
 */
import { runProbe, type ProbeSummary } from '../designer/probe.ts';

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

/** A field's seats at P players. */
const FIELDS: Record<string, (P: number) => string[]> = {
  'self-play': (P) => Array(P).fill(ppo),
  heuristic: (P) => Array(P).fill('heuristic'),
  mixed: (P) => Array.from({ length: P }, (_, i) => (i % 2 ? 'random' : 'heuristic')),
  random: (P) => Array(P).fill('random'),
  'ppo-vs-heuristic': (P) => [ppo, ...Array(P - 1).fill('heuristic')],
};

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

function row(field: string, s: ProbeSummary): string {
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
  return [
    field,
    s.players,
    s.games,
    p ? pct(p.victory_rate) : '-',
    p ? pct(p.truncated_rate) : '-',
    v.economic_dominance ?? 0,
    v.royal_favor ?? 0,
    s.length.median,
    p ? `${pct(p.buys_after_round_10.rate)} of ${p.buys_after_round_10.games}` : '-',
    fair > 0 ? `${(best / fair).toFixed(2)}x` : '-',
    `${first}: ${buys.toFixed(1)}`,
  ].join(' | ');
}

const lines = [
  `| field | players | games | ended by a victory | turn limit | Economic Dominance | Royal Favor | median turns | card bought after round 10 | best turn-order position / fair share | cards bought a game (first agent) |`,
  `| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |`,
];
for (const P of counts)
  for (const field of wanted) {
    const agents = FIELDS[field](P);
    const t0 = performance.now();
    const s = await runProbe({ ruleset: variant, agents, seed: `${seed}/${field}/${P}`, players: P, games, workers });
    process.stderr.write(`${field} P=${P}: ${((performance.now() - t0) / 1000).toFixed(0)} s\n`);
    lines.push(`| ${row(field, s)} |`);
  }
process.stdout.write(`${variant}, ${games} games a cell, seed ${seed}, ${new Date().toISOString().slice(0, 10)}\n\n${lines.join('\n')}\n`);
