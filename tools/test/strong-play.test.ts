/**
 * tools/strong-play.ts, the strong-play scorecard: a few games of two fields give every row of those fields with its
 * target, and "met" follows from the value and the target.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
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

  it('sets scorecards side by side: a column each, bold where a target is not met, "-" where a field was not measured', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'strong-play-compare-'));
    const row = (field: string, figure: string, text: string, met: boolean | null) => ({
      field,
      figure,
      value: 0,
      text,
      target: '>= 1',
      met,
    });
    const card = (variant: string, rows: unknown[]) => ({ title: variant, command: `strong-play ${variant}`, variant, rows });
    writeFileSync(
      join(dir, 'a.json'),
      JSON.stringify(card('full', [row('self-play', 'kinds', '47', true), row('no-buy', 'ratio', '1.12x', false)])),
    );
    writeFileSync(join(dir, 'b.json'), JSON.stringify(card('runs/x/no-tax.json', [row('self-play', 'kinds', '39', false)])));
    const out = join(dir, 'both.json');
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'tools/strong-play-compare.ts', join(dir, 'a.json'), join(dir, 'b.json'), '--json', out],
      { cwd: root },
    );
    expect(stdout.split('\n').slice(0, 4)).toEqual([
      '| field | figure | target | full | no-tax |',
      '| --- | --- | --- | --- | --- |',
      '| self-play | kinds | >= 1 | 47 | **39** |',
      '| no-buy | ratio | >= 1 | **1.12x** | - |',
    ]);
    const file = JSON.parse(readFileSync(out, 'utf8'));
    expect(file.scorecards.map((c: { label: string }) => c.label)).toEqual(['full', 'no-tax']);
    await expect(
      run(
        process.execPath,
        ['--import', 'tsx', 'tools/strong-play-compare.ts', join(dir, 'a.json'), join(dir, 'b.json'), '--labels', 'one'],
        {
          cwd: root,
        },
      ),
    ).rejects.toThrow(/--labels names 1 columns for 2 scorecards/);
  });

  it('lines up scorecards at different player counts by the field in P', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'strong-play-compare-'));
    const row = (field: string, text: string) => ({ field, figure: 'wins', value: 0, text, target: '>= 1', met: true });
    const card = (players: number, rows: unknown[]) => ({ title: `${players}`, command: 'x', variant: 'full', players, rows });
    writeFileSync(join(dir, 'p2.json'), JSON.stringify(card(2, [row('against 1 x random', '90%'), row('heuristic x 2', '1.06x')])));
    writeFileSync(join(dir, 'p4.json'), JSON.stringify(card(4, [row('against 3 x random', '86%'), row('heuristic x 4', '1.20x')])));
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'tools/strong-play-compare.ts', join(dir, 'p2.json'), join(dir, 'p4.json'), '--labels', '2,4'],
      { cwd: root },
    );
    expect(stdout.split('\n').slice(2, 4)).toEqual([
      '| against P-1 x random | wins | >= 1 | 90% | 86% |',
      '| heuristic x P | wins | >= 1 | 1.06x | 1.20x |',
    ]);
  });
});
