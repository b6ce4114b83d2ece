import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Run tools/ab/NAME with `args` in a Node of its own; resolves to its stdout. */
async function tool(name: string, args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', join(root, 'tools', 'ab', name), ...args], {
    cwd: root,
  });
  return stdout;
}

describe('in-process old-against-new pairs (tools/ab/interleaved.ts)', () => {
  it('times both trees in alternating slices and reports the median ratio inside its interval', async () => {
    const stdout = await tool('interleaved.ts', [
      ...['--old', root, '--new', root, '--workload', 'engine', '--game', 'dml'],
      ...['--pairs', '9', '--warmup-seconds', '0.2', '--slice-seconds', '0.01', '--json'],
    ]);
    const r = JSON.parse(stdout) as {
      pairs: number;
      slice_steps: number;
      old_steps_per_sec: number;
      new_steps_per_sec: number;
      ratio_median: number;
      ratio_ci95: [number, number];
      ratio_quartiles: [number, number];
      new_faster_pairs: number;
    };
    expect(r.pairs).toBe(9);
    expect(r.slice_steps).toBeGreaterThanOrEqual(100);
    expect(r.old_steps_per_sec).toBeGreaterThan(0);
    expect(r.new_steps_per_sec).toBeGreaterThan(0);
    // Nine pairs: the interval is the 2nd and 8th smallest ratios (P(Binomial(9, 1/2) < 2) = 0.0195).
    expect(r.ratio_ci95[0]).toBeLessThanOrEqual(r.ratio_quartiles[0]);
    expect(r.ratio_quartiles[0]).toBeLessThanOrEqual(r.ratio_median);
    expect(r.ratio_median).toBeLessThanOrEqual(r.ratio_quartiles[1]);
    expect(r.ratio_quartiles[1]).toBeLessThanOrEqual(r.ratio_ci95[1]);
    expect(r.ratio_ci95[0]).toBeGreaterThan(0);
    expect(r.new_faster_pairs).toBeGreaterThanOrEqual(0);
    expect(r.new_faster_pairs).toBeLessThanOrEqual(9);
  }, 60_000);

  it('times the env without its observation writer', async () => {
    const stdout = await tool('interleaved.ts', [
      ...['--old', root, '--new', root, '--workload', 'env-no-observation', '--game', 'dml'],
      ...['--pairs', '3', '--warmup-seconds', '0.2', '--slice-seconds', '0.01', '--json'],
    ]);
    const r = JSON.parse(stdout) as { workload: string; pairs: number; old_steps_per_sec: number; new_steps_per_sec: number };
    expect(r.workload).toBe('env-no-observation');
    expect(r.pairs).toBe(3);
    expect(r.old_steps_per_sec).toBeGreaterThan(0);
    expect(r.new_steps_per_sec).toBeGreaterThan(0);
  }, 60_000);
});

describe("one checkout's encoder in a process of its own (tools/ab/observe-process.ts)", () => {
  it('imports the preloaded modules first and reports observations a second', async () => {
    const stdout = await tool('observe-process.ts', [
      ...['--tree', root, '--game', 'dml', '--preload', 'simple-statistics', '--states', '8', '--every', '3'],
      ...['--observations', '2000', '--rounds', '1', '--json'],
    ]);
    const r = JSON.parse(stdout) as { tree: string; preload: string[]; observations_per_sec: number };
    expect(r.preload).toEqual(['simple-statistics']);
    expect(r.observations_per_sec).toBeGreaterThan(0);
  }, 60_000);

  it('refuses a game the tree does not have, by name', async () => {
    const run = tool('observe-process.ts', ['--tree', root, '--game', 'nosuchgame', '--rounds', '1']);
    await expect(run).rejects.toThrow(/nosuchgame/);
  }, 60_000);
});
