/**
 * Does a checkpoint's strong play use the game? Merlin's strong-play scorecard (docs/BALANCE.md "Under strong
 * play"): each figure with its target, measured by `merlin probe` fields (designer/probe.ts `runProbe`, seats
 * rotating, wins by the rules only):
 *
 * - self-play (the policy in every seat): games ended by a victory, median turns, cards the policy buys a
 *   seat-game, games reaching round 10 with a card bought after it, games with a combat action, Royal Favor's
 *   share of the victories, action kinds the policy took, the best turn-order position against its fair share;
 * - the policy against P-1 random players and against P-1 heuristics: its win rate;
 * - restricted play against P-1 copies: the policy forbidden to buy cards, and forbidden to attack
 *   (`restricted:KINDS:SPEC`), each one's win rate against its fair share 1/P (content that matters);
 * - the heuristic in every seat: the best turn-order position against its fair share.
 *
 *   npx tsx tools/strong-play.ts --ppo checkpoints/default --games 1000 --players 4 [--variant full] [--seed S]
 *     [--workers 2] [--fields self-play,random,heuristic,no-buy,no-attack,heuristic-x4] [--json FILE]
 *
 * Prints a table of figure, value, target and whether it is met; --json also writes it as a table file of
 * tools/doc-figures.ts (docs/BALANCE.md's scorecards are such files). Progress on stderr.
 */
import { writeFileSync } from 'node:fs';
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { runProbe, type ProbeSummary } from '../designer/probe.ts';
import { markdownTable, provenance, tableCommand } from './doc-figures.ts';

const argv = yargs(hideBin(process.argv))
  .strict()
  .options({
    ppo: { type: 'string', default: 'checkpoints/default', describe: 'the checkpoint directory' },
    games: { type: 'number', default: 200, describe: 'games per field' },
    players: { type: 'number', default: 4 },
    variant: { type: 'string', default: 'full' },
    seed: { type: 'string', default: 'strong-play' },
    workers: { type: 'number', default: 2 },
    fields: { type: 'string', default: 'self-play,random,heuristic,no-buy,no-attack,heuristic-x4' },
    json: { type: 'string', describe: 'also write the rows to this file' },
  })
  .parseSync();

const P = argv.players;
const ppo = `ppo:${argv.ppo}`;
const fair = 1 / P;
const copies = (spec: string, n: number) => Array<string>(n).fill(spec);

/** A scorecard row: what is measured, its value as text, the target, whether it is met (null: no target) and that as the table shows it. */
interface Row {
  field: string;
  figure: string;
  value: number;
  text: string;
  target: string;
  met: boolean | null;
  met_text: string;
}
const rows: Row[] = [];
const add = (field: string, figure: string, value: number, text: string, target: string, met: boolean | null) =>
  rows.push({ field, figure, value, text, target, met, met_text: met === null ? '-' : met ? 'yes' : '**no**' });
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

async function probe(field: string, agents: string[]): Promise<ProbeSummary> {
  const t0 = performance.now();
  const s = await runProbe({
    ruleset: argv.variant,
    agents,
    seed: `${argv.seed}/${field}/${P}`,
    players: P,
    games: argv.games,
    workers: argv.workers,
  });
  process.stderr.write(`${field}: ${argv.games} games in ${((performance.now() - t0) / 1000).toFixed(0)} s\n`);
  return s;
}

/** The best turn-order position's wins over its fair share of the decided games. */
function bestPosition(s: ProbeSummary): number {
  const won = s.by_position.reduce((a, r) => a + r.wins, 0);
  return won > 0 ? s.by_position.reduce((m, r) => Math.max(m, r.wins), 0) / (won / s.players) : 0;
}

/** The win rate of `agent` (its seat-games) in `s`, with its interval as text. */
function winRate(s: ProbeSummary, agent: string): { rate: number; text: string } {
  const r = s.by_agent.find((a) => a.agent === agent);
  if (!r) throw new Error(`no agent ${agent} in the probe`);
  return { rate: r.rate, text: `${pct(r.rate)} [${(100 * r.ci[0]).toFixed(1)}, ${(100 * r.ci[1]).toFixed(1)}]` };
}

const wanted = new Set(argv.fields.split(',').map((x) => x.trim()));

if (wanted.has('self-play')) {
  const s = await probe('self-play', copies(ppo, P));
  const p = s.playability!;
  add('self-play', 'ended by a victory', p.victory_rate, pct(p.victory_rate), '>= 90%', p.victory_rate >= 0.9);
  add('self-play', 'median turns', p.median_turns, String(p.median_turns), '40-160', p.median_turns >= 40 && p.median_turns <= 160);
  const buy = s.kinds.indexOf('BuyCard');
  const buys = buy >= 0 ? (s.kind_counts_by_agent[ppo]?.[buy] ?? 0) / (s.games * P) : 0;
  add('self-play', 'cards bought a seat-game', buys, buys.toFixed(2), '>= 1.5', buys >= 1.5);
  const late = p.buys_after_round_10;
  add('self-play', 'a card bought after round 10', late.rate, `${pct(late.rate)} of ${late.games}`, '>= 50%', late.rate >= 0.5);
  const combat = s.coverage?.categories.find((c) => c.name === 'combat');
  const cg = combat?.taken_game_share ?? 0;
  add('self-play', 'games with a combat action', cg, pct(cg), '>= 25%', cg >= 0.25);
  add('self-play', 'Royal Favor share of victories', p.royal_favor_share, pct(p.royal_favor_share), '>= 10%', p.royal_favor_share >= 0.1);
  const kinds = (s.coverage?.kinds ?? []).filter((k) => (k.by_agent[ppo]?.taken ?? 0) > 0).length;
  add('self-play', 'action kinds taken', kinds, String(kinds), '>= 40', kinds >= 40);
  const bp = bestPosition(s);
  add('self-play', 'best turn-order position / fair share', bp, `${bp.toFixed(2)}x`, '<= 1.25x', bp <= 1.25);
}
for (const [field, opp, target] of [
  ['random', 'random', 0.9],
  ['heuristic', 'heuristic', 0.6],
] as const) {
  if (!wanted.has(field)) continue;
  const s = await probe(field, [ppo, ...copies(opp, P - 1)]);
  const w = winRate(s, ppo);
  add(`against ${P - 1} x ${opp}`, 'the policy wins', w.rate, w.text, `>= ${pct(target)}`, w.rate >= target);
}
for (const [field, kinds, bound] of [
  ['no-buy', 'BuyCard', 0.8],
  ['no-attack', 'AttackProperty+AttackUnit', 0.95],
] as const) {
  if (!wanted.has(field)) continue;
  const spec = `restricted:${kinds}:${ppo}`;
  const s = await probe(field, [spec, ...copies(ppo, P - 1)]);
  const w = winRate(s, spec);
  const ratio = w.rate / fair;
  add(
    `${field} against ${P - 1} copies`,
    'restricted seat wins / fair share',
    ratio,
    `${ratio.toFixed(2)}x (${w.text})`,
    `<= ${bound}x`,
    ratio <= bound,
  );
}
if (wanted.has('heuristic-x4')) {
  const s = await probe('heuristic-x4', copies('heuristic', P));
  const bp = bestPosition(s);
  add(`heuristic x ${P}`, 'best turn-order position / fair share', bp, `${bp.toFixed(2)}x`, '<= 1.25x', bp <= 1.25);
}

/** The table's columns (the JSON is a table file of tools/doc-figures.ts, and stdout shows the same table). */
const COLUMNS = [
  { header: 'field', cell: '{field}' },
  { header: 'figure', cell: '{figure}' },
  { header: 'value', cell: '{text}' },
  { header: 'target', cell: '{target}' },
  { header: 'met', cell: '{met_text}' },
];
if (argv.json) {
  const command = tableCommand('tools/strong-play.ts', hideBin(process.argv));
  const title = `${argv.ppo} on ${argv.variant}, ${P} players, ${argv.games} games a field`;
  const file = {
    title,
    command,
    ...provenance(),
    ppo: argv.ppo,
    games: argv.games,
    players: P,
    variant: argv.variant,
    columns: COLUMNS,
    rows,
  };
  writeFileSync(argv.json, JSON.stringify(file, null, 2) + '\n');
}
process.stdout.write(
  `${argv.ppo} on ${argv.variant}, ${P} players, ${argv.games} games a field, seed ${argv.seed}\n\n${markdownTable(COLUMNS, rows)}\n`,
);
