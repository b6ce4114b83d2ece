/** docs/RULES.md stays true to the tree: every engine module and test file it names exists. */
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const merlin = join(dirname(fileURLToPath(import.meta.url)), '..');
const doc = readFileSync(join(merlin, '..', '..', 'docs', 'RULES.md'), 'utf8');

describe('docs/RULES.md', () => {
  it('names only engine modules and tests that exist', () => {
    const named = new Set(doc.match(/\b(?:engine|test|rules|cards)\/[a-z0-9-]+(?:\.test)?\.ts\b/g) ?? []);
    expect(named.size).toBeGreaterThan(20);
    const missing = [...named].filter((f) => !existsSync(join(merlin, f)));
    expect(missing).toEqual([]);
  });
});
