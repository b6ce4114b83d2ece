/**
 * Nothing a reference page said is lost when its history moves to docs/journal/: every block of the page as it
 * was at commit BASE (a paragraph, a list item's paragraph, a table, a fenced block, a heading) must still stand,
 * word for word up to white space and `../` or `docs/` in link targets, in the page now or in one of the journal's files.
 *
 *   npx tsx tools/journal-check.ts BASE docs/BENCHMARKS.md docs/AGENTS.md ...   the blocks that stand nowhere
 *   npx tsx tools/journal-check.ts BASE PAGE --extract                          those blocks, under their headings,
 *                                                                               as markdown for the journal
 *
 * Exit code 1 when some block stands nowhere (without --extract).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ArgumentError } from '../lib/errors.ts';
import { root } from './doc-figures.ts';

/** The blocks of a markdown text: runs of lines between blank lines, a fenced block (blank lines and all) being one. */
export function blocks(text: string): string[] {
  const out: string[] = [];
  let cur: string[] = [];
  let fenced = false;
  for (const line of text.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    if (!fenced && line.trim() === '' && !/^\s*```/.test(line)) {
      if (cur.length) out.push(cur.join('\n'));
      cur = [];
    } else cur.push(line);
  }
  if (cur.length) out.push(cur.join('\n'));
  return out;
}

/** A block as compared: white space collapsed, `../` dropped from link targets, a heading's level dropped. */
export function norm(block: string): string {
  return block
    .replace(/\]\((?:\.\.\/)+/g, '](')
    .replace(/\]\(docs\//g, '](')
    .replace(/^#+\s*/, '#')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The blocks of `old` that stand in none of `texts`, each with the headings above it in `old`. */
export function missing(old: string, texts: string[]): { block: string; headings: string[] }[] {
  const have = texts.map((t) => norm(t.replace(/\n+/g, '\n')).replace(/\s+/g, ' '));
  const haveBlocks = new Set(texts.flatMap((t) => blocks(t).map(norm)));
  const headings: string[] = [];
  const out: { block: string; headings: string[] }[] = [];
  for (const b of blocks(old)) {
    const h = /^(#+)\s/.exec(b);
    if (h) headings.splice(h[1].length - 1, headings.length, b);
    const n = norm(b);
    if (haveBlocks.has(n) || have.some((t) => t.includes(n))) continue;
    out.push({ block: b, headings: [...headings] });
  }
  return out;
}

/** The journal's files, concatenated. */
function journal(): string[] {
  const dir = join(root, 'docs', 'journal');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .map((f) => readFileSync(join(dir, f), 'utf8'));
}

function main(argv: string[]): number {
  const [base, ...rest] = argv;
  const extract = rest.includes('--extract');
  const pages = rest.filter((a) => a !== '--extract');
  if (!base || pages.length === 0) throw new ArgumentError('usage: journal-check.ts BASE PAGE... [--extract]');
  let lost = 0;
  for (const page of pages) {
    const old = execFileSync('git', ['show', `${base}:${page}`], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 28 });
    const now = readFileSync(join(root, page), 'utf8');
    const gone = missing(old, extract ? [now] : [now, ...journal()]);
    if (extract) {
      const shown = new Set<string>();
      for (const g of gone) {
        for (const h of g.headings) {
          if (h === g.block || shown.has(h)) continue;
          shown.add(h);
          process.stdout.write(`${h}\n\n`);
        }
        if (!shown.has(g.block)) process.stdout.write(`${g.block}\n\n`);
        shown.add(g.block);
      }
      continue;
    }
    const blocksOld = blocks(old).length;
    process.stdout.write(`${page}: ${blocksOld} blocks at ${base}, ${gone.length} stand nowhere now\n`);
    for (const g of gone) process.stdout.write(`  ${g.block.split('\n')[0].slice(0, 160)}\n`);
    lost += gone.length;
  }
  return lost ? 1 : 0;
}

process.exit(main(process.argv.slice(2)));
