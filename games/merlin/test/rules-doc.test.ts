/**
 * docs/RULES.md stays true to the tree: every engine module and test file it names exists, and every test file a
 * rule's row cites holds a test that names that rule.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const merlin = join(dirname(fileURLToPath(import.meta.url)), '..');
const doc = readFileSync(join(merlin, '..', '..', 'docs', 'RULES.md'), 'utf8');

/** One row of section 2's tables: its rule, the ids that name it, and the test files it cites. */
interface RuleRow {
  rule: string;
  /** The decision ids in the Status column, e.g. `D48`. */
  decisions: string[];
  /** The rulebook section names quoted in the Source column, without a trailing "(...)" or ":..." part. */
  sections: string[];
  tests: string[];
}

function ruleRows(): RuleRow[] {
  const start = doc.indexOf('## 2. ');
  const end = doc.indexOf('## 3. ');
  const rows: RuleRow[] = [];
  for (const line of doc.slice(start, end).split('\n')) {
    if (!line.startsWith('| ') || line.startsWith('| Rule |') || line.startsWith('| ---')) continue;
    const cells = line.split(' | ');
    if (cells.length < 5) continue;
    const [rule, source, status] = cells;
    const test = cells[cells.length - 1];
    rows.push({
      rule: rule.slice(2),
      decisions: status.match(/\bD\d+\b/g) ?? [],
      sections: [...source.matchAll(/'([^']+)'/g)]
        .map((m) =>
          m[1]
            .replace(/\s*\(.*\)$/, '')
            .replace(/:.*$/, '')
            .trim(),
        )
        .filter((s) => s.length > 0),
      tests: [...new Set(test.match(/\btest\/[a-z0-9-]+\.test\.ts\b/g) ?? [])],
    });
  }
  return rows;
}

/** The titles of a test file's `describe(` and `it(` / `test(` blocks, one a line. */
function titlesOf(file: string): string {
  const src = readFileSync(join(merlin, file), 'utf8');
  const titles: string[] = [];
  for (const m of src.matchAll(/\b(?:describe|it|test)(?:\.\w+)*\(\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1/g)) titles.push(m[2]);
  return titles.join('\n');
}

const names = (titles: string, row: RuleRow): boolean =>
  row.decisions.some((d) => new RegExp(`\\b${d}\\b`).test(titles)) || row.sections.some((s) => titles.includes(s));

describe('docs/RULES.md', () => {
  it('names only engine modules and tests that exist', () => {
    const named = new Set(doc.match(/\b(?:engine|test|rules|cards)\/[a-z0-9-]+(?:\.test)?\.ts\b/g) ?? []);
    expect(named.size).toBeGreaterThan(20);
    const missing = [...named].filter((f) => !existsSync(join(merlin, f)));
    expect(missing).toEqual([]);
  });

  it('cites for each rule only test files with a test that names the rule (its Dn or its quoted section)', () => {
    const rows = ruleRows();
    expect(rows.length).toBeGreaterThan(150);
    const titles = new Map<string, string>();
    const failing: string[] = [];
    let citations = 0;
    for (const row of rows) {
      for (const file of row.tests) {
        if (!existsSync(join(merlin, file))) continue; // the test above reports it
        citations++;
        if (!titles.has(file)) titles.set(file, titlesOf(file));
        if (!names(titles.get(file) ?? '', row)) {
          const ids =
            [...row.decisions, ...row.sections.map((s) => `"${s}"`)].join(', ') || '(no id: give the row a D-number or a quoted section)';
          failing.push(`${file}: no describe/it title names "${row.rule}" by any of ${ids}`);
        }
      }
    }
    expect(citations).toBeGreaterThan(150);
    expect(
      failing,
      `${failing.length} citations in docs/RULES.md section 2 name a test file without a test titled for the rule:\n${failing.join('\n')}`,
    ).toEqual([]);
  });
});
