/**
 * Figures in the docs come from the JSON that measured them. README.md and the pages of docs/ quote a figure
 * between markers that name its source, and this tool fills the markers from that source (`--write`) or
 * checks that the text still says what the source says (the default; tools/test/doc-figures.test.ts runs the
 * same check in `npm test`):
 *
 *   <!-- fig SOURCE TEMPLATE -->TEXT<!-- /fig -->      TEXT is TEMPLATE filled from SOURCE
 *   <!-- table SOURCE -->                              a markdown table made from a table file (below),
 *   ...                                                with a line naming its source and command
 *   <!-- /table -->
 *
 * SOURCE is a JSON file's path from the repository's root (a checkpoint's manifest.json, a file of
 * docs/data/), or `code:games`, the sizes the game registry computes (per game and variant: `observation`
 * floats, `actions` ids, `minPlayers`, `maxPlayers`). TEMPLATE is text with `{PATH:FORMAT}` places: PATH is
 * dot-separated keys, array indices, or `[key=value]` to pick the element of an array whose key has that
 * value (`evaluation[opponents=3 x heuristic].winRate`); FORMAT is one of FORMATS (`int` 9,172; `pct1` 98.2%;
 * `p1` 98.2; `n0`-`n3` fixed decimals; `x2` 1.08x; `code` a code span; `date` an ISO time's day; `raw` the value as it is; none:
 * an integer grouped in thousands, anything else as it is).
 *
 * A table file is `{ title?, command, measured, machine?, notes?, columns: [{ header, cell }], rows | rowsFrom }`:
 * each cell is a TEMPLATE over its row (a place whose value is missing makes the cell `-`); `rowsFrom` lists
 * files (records, below, or manifests), each one row (`{ file, with }` adds keys to the file's). A record is what a measuring run wrote:
 * `npx tsx tools/doc-figures.ts record OUT.json -- COMMAND --json` runs COMMAND and writes
 * `{ command, measured, machine, commit, result }` (result: the command's JSON), so a figure measured by a run
 * lives in the file the run wrote.
 *
 *   npx tsx tools/doc-figures.ts            check every marker; exit 1 and list each difference
 *   npx tsx tools/doc-figures.ts --write    fill every marker from its source
 *   npx tsx tools/doc-figures.ts --outputs  first run README's examples whose output README shows, and put it there
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ArgumentError } from '../lib/errors.ts';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The formats a `{PATH:FORMAT}` place may name: each turns a JSON value into the text the docs show. */
export const FORMATS: Record<string, (v: unknown) => string> = {
  int: (v) => grouped(num(v), 0),
  n0: (v) => grouped(num(v), 0),
  n1: (v) => grouped(num(v), 1),
  n2: (v) => grouped(num(v), 2),
  n3: (v) => grouped(num(v), 3),
  pct0: (v) => `${(100 * num(v)).toFixed(0)}%`,
  pct1: (v) => `${(100 * num(v)).toFixed(1)}%`,
  p1: (v) => (100 * num(v)).toFixed(1),
  x2: (v) => `${num(v).toFixed(2)}x`,
  x1: (v) => `${num(v).toFixed(1)}x`,
  code: (v) => `\`${String(v)}\``,
  date: (v) => String(v).slice(0, 10),
  raw: (v) => String(v),
};

function num(v: unknown): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new ArgumentError(`not a number: ${JSON.stringify(v)}`);
  return v;
}

function grouped(v: number, decimals: number): string {
  return v.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

/** The value at `path` in `data`, or undefined where a key is missing. @throws ArgumentError on a malformed path */
export function at(data: unknown, path: string): unknown {
  let v = data;
  for (const seg of path.match(/\[[^\]]*\]|[^.[\]]+/g) ?? []) {
    if (v === undefined || v === null) return undefined;
    const pick = /^\[([^=\]]+)=([^\]]*)\]$/.exec(seg);
    if (pick) {
      if (!Array.isArray(v)) return undefined;
      v = v.find((e: Record<string, unknown>) => String(e?.[pick[1]]) === pick[2]);
    } else if (/^\[\d+\]$/.test(seg)) {
      v = (v as unknown[])[Number(seg.slice(1, -1))];
    } else if (seg.startsWith('[')) {
      throw new ArgumentError(`malformed path "${path}" at ${seg}`);
    } else {
      v = (v as Record<string, unknown>)[seg];
    }
  }
  return v;
}

/**
 * TEMPLATE filled from `data`. @returns undefined when a place's value is missing (a table shows `-`)
 * @throws ArgumentError naming an unknown format or a value the format cannot show
 */
export function fill(template: string, data: unknown): string | undefined {
  let missing = false;
  let places = 0;
  const out = template.replace(/\{((?:\[[^\]]*\]|[^{}:[])+)(?::([a-z0-9]+))?\}/g, (_, path: string, format: string | undefined) => {
    places++;
    const v = at(data, path.trim());
    if (v === undefined || v === null) {
      missing = true;
      return '';
    }
    if (!format) return typeof v === 'number' && Number.isInteger(v) ? grouped(v, 0) : String(v);
    const f = FORMATS[format];
    if (!f) throw new ArgumentError(`unknown format "${format}" in "${template}" (known: ${Object.keys(FORMATS).join(', ')})`);
    try {
      return f(v);
    } catch (e) {
      throw new ArgumentError(`{${path}:${format}}: ${(e as Error).message}`);
    }
  });
  if (places === 0) throw new ArgumentError(`"${template}" has no {PATH} place`);
  return missing ? undefined : out;
}

/** The sizes the game registry computes: `code:games` (games.GAME.variants.VARIANT.{observation, actions, minPlayers, maxPlayers}). */
async function codeGames(): Promise<unknown> {
  const { GAMES, gameEntry } = await import('../games/registry.ts');
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(GAMES)) {
    const e = gameEntry(name);
    const variants: Record<string, unknown> = {};
    for (const v of e.variants) {
      const g = e.game(v);
      variants[v] = { observation: g.observationSpec.size, actions: g.numActions, minPlayers: g.minPlayers, maxPlayers: g.maxPlayers };
    }
    out[name] = { defaultVariant: e.variants[0], variants: variants };
  }
  return out;
}

/** Reads sources once per run. */
class Sources {
  private readonly cache = new Map<string, unknown>();
  async get(source: string): Promise<unknown> {
    if (!this.cache.has(source)) {
      if (source === 'code:games') this.cache.set(source, await codeGames());
      else {
        const file = join(root, source);
        if (!existsSync(file)) throw new ArgumentError(`source ${source} does not exist`);
        this.cache.set(source, JSON.parse(readFileSync(file, 'utf8')));
      }
    }
    return this.cache.get(source);
  }
}

interface TableFile {
  title?: string;
  command: string;
  measured: string;
  machine?: string;
  notes?: string;
  columns: { header: string; cell: string }[];
  rows?: unknown[];
  /** Files whose contents are the rows; `{ file, with }` adds `with`'s keys to the file's. */
  rowsFrom?: (string | { file: string; with: Record<string, unknown> })[];
}

/** A table file's columns over `rows` as a markdown table (header, rule, a line per row; a missing value's cell is `-`). */
export function markdownTable(columns: TableFile['columns'], rows: readonly unknown[]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [
    line(columns.map((c) => c.header)),
    line(columns.map(() => '---')),
    ...rows.map((r) => line(columns.map((c) => fill(c.cell, r) ?? '-'))),
  ].join('\n');
}

/** The command a table file names: `script` with `args`, less `--json FILE` (where the table was written). */
export function tableCommand(script: string, args: readonly string[]): string {
  const at = args.indexOf('--json');
  return [`npx tsx ${script}`, ...args.filter((_, i) => at < 0 || (i !== at && i !== at + 1))].join(' ');
}

/** The markdown a `<!-- table SOURCE -->` marker holds: the table, then a line with its source, command and date. */
async function renderTable(source: string, sources: Sources): Promise<string> {
  const t = (await sources.get(source)) as TableFile;
  if (!Array.isArray(t.columns)) throw new ArgumentError(`${source} is not a table file (no "columns")`);
  const rows =
    t.rows ??
    (await Promise.all(
      (t.rowsFrom ?? []).map(async (f) =>
        typeof f === 'string' ? sources.get(f) : { ...((await sources.get(f.file)) as Record<string, unknown>), ...f.with },
      ),
    ));
  const made = [`\`${t.command}\``, t.measured, t.machine].filter(Boolean).join(', ');
  return [markdownTable(t.columns, rows), '', `<sub>From ${source}: ${made}.${t.notes ? ` ${t.notes}` : ''}</sub>`].join('\n');
}

const FIG = /<!-- fig (\S+) (.+?) -->([\s\S]*?)<!-- \/fig -->/g;
const TABLE = /<!-- table (\S+) -->\n([\s\S]*?)\n?<!-- \/table -->/g;

/** One marker whose text differs from its source. */
export interface Drift {
  page: string;
  marker: string;
  found: string;
  expected: string;
}

/** A drift as lines a reader can act on: the marker and the first line where its text and its source differ. */
export function describe(d: Drift): string {
  const found = d.found.split('\n');
  const expected = d.expected.split('\n');
  const i = expected.findIndex((l, j) => l !== found[j]);
  return `${d.page}: <!-- ${d.marker} -->\n  says:   ${found[i] ?? '(nothing)'}\n  source: ${expected[i] ?? '(nothing)'}\n`;
}

/** `text` with every marker filled from its source, and the markers whose text differed. */
export async function fillPage(
  page: string,
  text: string,
  sources = new Sources(),
): Promise<{ text: string; drift: Drift[]; markers: number }> {
  const drift: Drift[] = [];
  let markers = 0;
  const figs: string[] = [];
  for (const m of text.matchAll(FIG)) {
    const v = fill(m[2], await sources.get(m[1]));
    if (v === undefined) throw new ArgumentError(`${page}: ${m[0].slice(0, m[0].indexOf('-->') + 3)} names a value ${m[1]} does not have`);
    figs.push(v);
  }
  const tables: string[] = [];
  for (const m of text.matchAll(TABLE)) tables.push(await renderTable(m[1], sources));
  let i = 0;
  let out = text.replace(FIG, (whole, source: string, template: string, found: string) => {
    markers++;
    const expected = figs[i++];
    if (found !== expected) drift.push({ page, marker: `fig ${source} ${template}`, found, expected });
    return `<!-- fig ${source} ${template} -->${expected}<!-- /fig -->`;
  });
  i = 0;
  out = out.replace(TABLE, (whole, source: string, found: string) => {
    markers++;
    const expected = tables[i++];
    if (found !== expected) drift.push({ page, marker: `table ${source}`, found, expected });
    return `<!-- table ${source} -->\n${expected}\n<!-- /table -->`;
  });
  return { text: out, drift, markers };
}

/** The pages whose markers are filled: README.md and every page of docs/ (the journal's included). */
export function pages(): string[] {
  const list = (dir: string): string[] =>
    readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? list(`${dir}/${e.name}`) : e.name.endsWith('.md') ? [`${dir}/${e.name}`] : [],
    );
  return ['README.md', ...list('docs').filter((p) => !p.startsWith('docs/rulebooks/'))];
}

/** Check (or with `write`, fill) every page; the differences found. */
export async function run(write: boolean): Promise<{ drift: Drift[]; markers: number }> {
  const sources = new Sources();
  const drift: Drift[] = [];
  let markers = 0;
  for (const page of pages()) {
    const file = join(root, page);
    const text = readFileSync(file, 'utf8');
    const r = await fillPage(page, text, sources);
    drift.push(...r.drift);
    markers += r.markers;
    if (write && r.text !== text) writeFileSync(file, r.text);
  }
  return { drift, markers };
}

/** When, where and at which commit a measurement runs: the `measured`, `machine` and `commit` of a record. */
export function provenance(): { measured: string; machine: string; commit: string } {
  const git = (...a: string[]) => execFileSync('git', a, { cwd: root, encoding: 'utf8' }).trim();
  return {
    measured: new Date().toISOString().slice(0, 10),
    machine: `${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
    commit: git('rev-parse', '--short', 'HEAD') + (git('status', '--porcelain', '--untracked-files=no') ? ' (with local changes)' : ''),
  };
}

/** Run `command` (which must print one JSON object) and write it with when, where and at which commit it ran. */
function record(out: string, command: string[]): void {
  const stdout = execFileSync(command[0], command.slice(1), { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 28 });
  const rec = { command: command.join(' '), ...provenance(), result: JSON.parse(stdout) as unknown };
  writeFileSync(resolve(out), JSON.stringify(rec, null, 2) + '\n');
}

/**
 * README.md's `<!-- output: NAME -->` blocks made again: each is what the block after `<!-- example: NAME -->`
 * prints, run in the repository (tools/test/readme-examples.test.ts checks them, the time on the first line aside).
 */
function refreshOutputs(): number {
  const file = join(root, 'README.md');
  const text = readFileSync(file, 'utf8');
  let n = 0;
  const out = text.replace(/(<!-- output: ([\w-]+) -->\n```\w*\n)[\s\S]*?```/g, (whole, head: string, name: string) => {
    const example = new RegExp(`<!-- example: ${name} -->\\n\`\`\`\\w*\\n([\\s\\S]*?)\`\`\``).exec(text);
    if (!example) throw new ArgumentError(`README.md: <!-- output: ${name} --> has no <!-- example: ${name} -->`);
    n++;
    const printed = execFileSync('bash', ['-c', example[1]], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
    return `${head}${printed.trimEnd()}\n\`\`\``;
  });
  writeFileSync(file, out);
  return n;
}

async function main(argv: string[]): Promise<number> {
  if (argv[0] === 'record') {
    const dash = argv.indexOf('--');
    if (dash !== 2 || argv.length < 4) throw new ArgumentError('usage: doc-figures.ts record OUT.json -- COMMAND ...');
    record(argv[1], argv.slice(3));
    return 0;
  }
  if (argv.includes('--outputs')) process.stderr.write(`${refreshOutputs()} README outputs made again\n`);
  const write = argv.includes('--write');
  const { drift, markers } = await run(write);
  if (!write) for (const d of drift) process.stderr.write(describe(d));
  process.stderr.write(`${markers} markers, ${drift.length} ${write ? 'filled' : 'differ from their sources'}\n`);
  return write || drift.length === 0 ? 0 : 1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e: Error) => {
      process.stderr.write(`doc-figures: ${e.message}\n`);
      process.exit(2);
    },
  );
}
