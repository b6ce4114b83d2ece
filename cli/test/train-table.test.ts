/** The evaluation table of `merlin train` and the shipped checkpoint's figures beside it (cli/train.ts). */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { readManifest } from '../../policy/checkpoint.ts';
import { evalTable, shippedReference } from '../train.ts';
import { root } from './run.ts';

const row = (variant: string, opponents: string, winRate: number) => ({
  variant,
  opponents,
  games: 10,
  wins: Math.round(winRate * 10),
  winRate,
  ci95: [0, 1] as [number, number],
});

describe('merlin train evaluation table', () => {
  it('shows a reference checkpoint’s win rate for the same variant and opponents, "-" where it has none', () => {
    const text = evalTable([row('full', '3 x random', 0.5), row('skirmish', '3 x random', 0.3)], 4, {
      label: 'checkpoints/x',
      rows: [{ ...row('full', '3 x random', 0.99), games: 400 }],
    });
    const [head, , full, skirmish] = text.split('\n');
    expect(head).toContain('checkpoints/x (its own evaluation)');
    expect(full).toMatch(/50\.0%.*99\.0% of 400/);
    expect(skirmish.trimEnd().endsWith('-')).toBe(true);
    expect(evalTable([row('full', '3 x random', 0.5)], 4)).not.toContain('own evaluation');
  });

  it('finds the shipped Merlin checkpoint for a run with its layout, and none for another game or player count', () => {
    const shipped = readManifest(join(root, 'checkpoints', 'default'));
    const ref = shippedReference('merlin', shipped, join(root, 'runs', 'somewhere'));
    expect(ref?.label).toBe('checkpoints/default');
    expect(ref?.rows.length).toBeGreaterThan(0);
    expect(shippedReference('merlin', { ...shipped, players: shipped.players + 1 }, join(root, 'runs', 'x'))).toBeNull();
    expect(shippedReference('merlin', { ...shipped, observationSpecHash: 'other' }, join(root, 'runs', 'x'))).toBeNull();
    // A run written over the shipped folder is not compared with itself.
    expect(shippedReference('merlin', shipped, join(root, 'checkpoints', 'default'))?.label).not.toBe('checkpoints/default');
  });

  it('prefers the checkpoint evaluated on the run’s main variant', () => {
    const shipped = readManifest(join(root, 'checkpoints', 'default'));
    const run = { ...shipped, variants: ['prosperity'], variant: 'prosperity' };
    expect(shippedReference('merlin', run, join(root, 'runs', 'x'))?.label).toBe('checkpoints/prosperity');
    expect(shippedReference('merlin', shipped, join(root, 'runs', 'x'))?.label).toBe('checkpoints/default');
    // A variant no shipped checkpoint was evaluated on falls back to the first in name order.
    expect(shippedReference('merlin', { ...run, variants: ['classic'] }, join(root, 'runs', 'x'))?.label).toBe('checkpoints/default');
  });
});
