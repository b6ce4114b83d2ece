/**
 * `parseAgents` (the CLI's `--agents`) validates every spec against the ruleset the agents will play
 * (`--variant` or `--ruleset`), so a checkpoint trained on that variant loads without the rules-mismatch
 * warning, and one trained on another variant still gets it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { gameEntry, parseAgents } from '../registry.ts';

describe('parseAgents', () => {
  afterEach(() => vi.restoreAllMocks());

  it('loads a checkpoint against the variant it is parsed for: no warning on its own rules, a warning naming both hashes on others', () => {
    const entry = gameEntry('merlin');
    const warnings: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      warnings.push(String(chunk));
      return true;
    });
    expect(parseAgents('ppo:checkpoints/skirmish,heuristic', entry, 'skirmish')).toEqual(['ppo:checkpoints/skirmish', 'heuristic']);
    expect(warnings.filter((w) => w.includes('trained under rules'))).toEqual([]);
    parseAgents('ppo:checkpoints/skirmish', entry);
    const full = entry.game('full').rulesHash.slice(0, 12);
    const skirmish = entry.game('skirmish').rulesHash.slice(0, 12);
    expect(warnings.filter((w) => w.includes('trained under rules'))).toEqual([
      expect.stringContaining(`trained under rules ${skirmish}, playing under ${full}`),
    ]);
  });
});
