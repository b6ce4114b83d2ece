/**
 * Strong-play scorecards side by side: the scorecards tools/strong-play.ts wrote with `--json` (one per checkpoint or
 * ruleset) as one table, a row per figure and a column per scorecard, each value in bold where its target is not met.
 * No game is played; the table file it writes (`--json`) is a tools/doc-figures.ts table like the scorecards'.
 *
 *   npx tsx tools/strong-play-compare.ts A.json B.json [C.json ...] [--labels full,no-tax,...] [--json FILE]
 *
 * Labels default to each scorecard's ruleset (its `variant`, a file's name without `.json`). A figure missing from a
 * scorecard (a field it did not measure) shows as "-". Scorecards at different player counts line up by field: a
 * field's seat counts are read as P ("against 3 x random" at 4 players and "against 1 x random" at 2 are the row
 * "against P-1 x random").
 * @throws Error for fewer than two scorecards, a file that is not a scorecard, or a label count that does not match
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { markdownTable, provenance, tableCommand } from './doc-figures.ts';

interface CardRow {
  field: string;
  figure: string;
  text: string;
  target: string;
  met: boolean | null;
}
interface Card {
  title: string;
  command: string;
  variant: string;
  players?: number;
  rows: CardRow[];
}

/** A field's name with its seat counts written in terms of the player count P (tools/strong-play.ts's fields). */
function fieldInP(field: string, players: number): string {
  return field.replace(new RegExp(`\\b${players - 1} (x|copies)\\b`, 'g'), 'P-1 $1').replace(new RegExp(`\\bx ${players}$`), 'x P');
}

const argv = yargs(hideBin(process.argv))
  .strictOptions()
  .usage('$0 SCORECARD.json SCORECARD.json [...]')
  .options({
    labels: { type: 'string', describe: 'comma-separated column headers, one per scorecard (default: their rulesets)' },
    json: { type: 'string', describe: 'also write the table to this file (a tools/doc-figures.ts table file)' },
  })
  .parseSync();

const files = argv._.map(String);
if (files.length < 2) throw new Error('strong-play-compare: give at least two scorecards (tools/strong-play.ts --json files)');
const cards = files.map((f) => {
  const c = JSON.parse(readFileSync(f, 'utf8')) as Partial<Card>;
  if (!Array.isArray(c.rows) || typeof c.variant !== 'string') throw new Error(`${f} is not a tools/strong-play.ts scorecard`);
  return c as Card;
});
const labels = argv.labels?.split(',').map((x) => x.trim()) ?? cards.map((c) => basename(c.variant).replace(/\.json$/, ''));
if (labels.length !== cards.length) throw new Error(`--labels names ${labels.length} columns for ${cards.length} scorecards`);

// Rows in first-seen order over the scorecards, keyed by field and figure; with mixed player counts, by the field in P.
const mixed = new Set(cards.map((c) => c.players ?? 4)).size > 1;
const fieldOf = (c: Card, r: CardRow) => (mixed ? fieldInP(r.field, c.players ?? 4) : r.field);
const key = (c: Card, r: CardRow) => `${fieldOf(c, r)}\u0000${r.figure}`;
const order = new Map<string, { field: string; figure: string; target: string }>();
for (const c of cards)
  for (const r of c.rows) if (!order.has(key(c, r))) order.set(key(c, r), { field: fieldOf(c, r), figure: r.figure, target: r.target });
const rows = [...order.entries()].map(([k, first]) => {
  const row: Record<string, string> = { ...first };
  cards.forEach((c, i) => {
    const r = c.rows.find((x) => key(c, x) === k);
    row[`c${i}`] = r === undefined ? '-' : r.met === false ? `**${r.text}**` : r.text;
  });
  return row;
});
const columns = [
  { header: 'field', cell: '{field}' },
  { header: 'figure', cell: '{figure}' },
  { header: 'target', cell: '{target}' },
  ...labels.map((l, i) => ({ header: l, cell: `{c${i}}` })),
];
const table = markdownTable(columns, rows);
if (argv.json) {
  const file = {
    title: `strong-play scorecards: ${labels.join(', ')}`,
    command: tableCommand('tools/strong-play-compare.ts', hideBin(process.argv)),
    ...provenance(),
    scorecards: cards.map((c, i) => ({ label: labels[i], title: c.title, command: c.command })),
    columns,
    rows,
  };
  writeFileSync(argv.json, JSON.stringify(file, null, 2) + '\n');
}
process.stdout.write(`${table}\n\nbold: the target is not met\n`);
