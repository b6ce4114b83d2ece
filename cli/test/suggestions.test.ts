/**
 * Errors that say what to do: a misspelt agent spec or flag gets the nearest valid one (lib/suggest.ts,
 * fastest-levenshtein), a checkpoint folder that is not there says how to train one.
 */
import { describe, expect, it } from 'vitest';
import { gameEntry } from '../../games/registry.ts';
import { nearest } from '../../lib/suggest.ts';
import { merlinAsync } from './run.ts';

describe('did you mean', () => {
  it('finds the nearest candidate within a few edits, and nothing for a word unlike any', () => {
    expect(nearest('heurstic', ['random', 'heuristic', 'mcts'])).toBe('heuristic');
    expect(nearest('gmaes', ['games', 'players', 'seed'])).toBe('games');
    expect(nearest('Sed', ['games', 'seed'])).toBe('seed');
    expect(nearest('grandmaster', ['random', 'heuristic', 'mcts'])).toBeUndefined();
    expect(nearest('random', ['random'])).toBeUndefined(); // not misspelt
  });

  it('an unknown agent spec names the nearest spec, or its name corrected, before the list', () => {
    const entry = gameEntry('merlin');
    const game = entry.game('full');
    expect(() => entry.agent('heurstic', 0, game)).toThrow(
      /agent spec "heurstic": unknown agent; did you mean heuristic\? \(available: random, /,
    );
    expect(() => entry.agent('mtcs:100', 0, game)).toThrow(/did you mean mcts:100\?/);
    expect(() => entry.agent('grandmaster', 0, game)).toThrow(/unknown agent; available: random, /);
    const dml = gameEntry('dml');
    expect(() => dml.agent('randm', 0, dml.game())).toThrow(/did you mean random\?/);
  });

  it('end to end: --agents heurstic, --gmaes 10 and ppo:runs/nope each exit 2 with what to type instead', async () => {
    const [agent, flag, checkpoint] = await Promise.all([
      merlinAsync(['simulate', '--games', '1', '--agents', 'heurstic']),
      merlinAsync(['simulate', '--gmaes', '10']),
      merlinAsync(['simulate', '--games', '1', '--agents', 'ppo:runs/nope']),
    ]);
    expect(agent.status).toBe(2);
    expect(agent.stderr).toMatch(/^merlin: INVALID_ARGUMENT: agent spec "heurstic": unknown agent; did you mean heuristic\?/);
    expect(flag.status).toBe(2);
    expect(flag.stderr).toBe('merlin: INVALID_ARGUMENT: unknown flag --gmaes; did you mean --games?\n(see npx merlin --help)\n');
    expect(checkpoint.status).toBe(2);
    expect(checkpoint.stderr).toBe(
      'merlin: INVALID_CHECKPOINT: checkpoint runs/nope: cannot read manifest.json (no such folder; `npx merlin train --out runs/nope` trains one there)\n',
    );
  });
});
