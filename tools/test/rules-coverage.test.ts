/**
 * docs/RULES.md "How often each rule happens" (tools/rules-coverage.ts): the measured table lists every action kind
 * of the default ruleset with its rulebook section, and every kind legal in fewer than 1% of the games carries a note
 * saying why and what makes it reachable. The table is measured by a probe (minutes), so this test checks the file,
 * not a new measurement.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gameEntry } from '../../games/registry.ts';
import { COVERAGE_FILE, RARE, SECTION, WHY_FILE, WhyRare } from '../rules-coverage.ts';
import { root } from '../doc-figures.ts';

const table = JSON.parse(readFileSync(join(root, COVERAGE_FILE), 'utf8')) as {
  rows: { kind: string; section: string; legal: number; taken: number; note: string }[];
};
const why = WhyRare.parse(JSON.parse(readFileSync(join(root, WHY_FILE), 'utf8')));
const game = gameEntry('merlin').game('full');
const reporting = gameEntry('merlin').reporting(game);
const kinds = reporting.kindNames.filter((_, k) => reporting.kindOffered[k]);

describe("docs/RULES.md's table of how often each rule happens", () => {
  it('lists every action kind of the default ruleset once, each with its rulebook section', () => {
    expect(table.rows.map((r) => r.kind).sort()).toEqual([...kinds].sort());
    for (const k of kinds) expect(SECTION[k], k).toBeTruthy();
    for (const r of table.rows) expect(r.section, r.kind).toBe(SECTION[r.kind]);
  });

  it('says why each kind legal in fewer than 1% of the games is rare and what makes it reachable', () => {
    const rare = table.rows.filter((r) => r.legal < RARE);
    for (const r of rare) {
      expect(r.note.length, r.kind).toBeGreaterThan(20);
      expect(r.note, r.kind).toBe(why.kinds[r.kind]);
    }
    // Every share is a share; a kind is never taken in more games than it was legal in.
    for (const r of table.rows) {
      expect(r.legal, r.kind).toBeGreaterThanOrEqual(0);
      expect(r.legal, r.kind).toBeLessThanOrEqual(1);
      expect(r.taken, r.kind).toBeLessThanOrEqual(r.legal);
    }
  });

  it('keeps no note for a kind the catalogue no longer has', () => {
    for (const k of Object.keys(why.kinds)) expect(kinds, k).toContain(k);
  });
});
