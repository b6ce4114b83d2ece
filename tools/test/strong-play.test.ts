/**
 * tools/strong-play.ts, the strong-play scorecard: a few games of two fields give every row of those fields with its
 * target, and "met" follows from the value and the target.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { root } from '../doc-figures.ts';

const run = promisify(execFile);

describe('tools/strong-play.ts', () => {
  it('scores the self-play and restricted fields of a checkpoint, each figure against its target', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'strong-play-')), 'card.json');
    const args = [
      '--import',
      'tsx',
      'tools/strong-play.ts',
      '--games',
      '4',
      '--workers',
      '1',
      '--fields',
      'self-play,no-buy',
      '--json',
      out,
    ];
    const { stdout } = await run(process.execPath, args, { cwd: root });
    expect(stdout).toMatch(/\| self-play \| cards bought a seat-game \|/);
    const card = JSON.parse(readFileSync(out, 'utf8')) as {
      rows: { field: string; figure: string; value: number; target: string; met: boolean | null }[];
    };
    expect(card.rows.map((r) => r.figure)).toEqual([
      'ended by a victory',
      'median turns',
      'cards bought a seat-game',
      'a card bought after round 10',
      'games with a combat action',
      'Royal Favor share of victories',
      'action kinds taken',
      'best turn-order position / fair share',
      'restricted seat wins / fair share',
    ]);
    for (const r of card.rows) {
      const m = /^(>=|<=) ([\d.]+)(%|x)?$/.exec(r.target);
      if (!m) {
        expect(r.target).toBe('40-160');
        expect(r.met).toBe(r.value >= 40 && r.value <= 160);
        continue;
      }
      const bound = Number(m[2]) / (m[3] === '%' ? 100 : 1);
      expect(r.met, r.figure).toBe(m[1] === '>=' ? r.value >= bound : r.value <= bound + 1e-12);
    }
  }, 120_000);
});
