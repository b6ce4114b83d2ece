/** Whole games: random play with invariants at every step, determinism, serialisation round trips. */
import { describe, expect, it } from 'vitest';
import { nextInt, seedRng } from '../../../lib/rng.ts';
import {
  applyAction,
  catalogue,
  checkDeep,
  checkState,
  createGame,
  deserializeState,
  isTerminal,
  legalActions,
  serializeState,
} from '../engine/index.ts';
import { rs } from './helpers.ts';

function playRandom(players: number, seed: string, onStep?: (s: ReturnType<typeof createGame>) => void): string[] {
  const s = createGame(rs, players, seed);
  const rng = seedRng(`agent/${seed}`);
  const legal = new Int32Array(catalogue(rs).size);
  const trace: string[] = [];
  while (!isTerminal(s)) {
    const a = legal[nextInt(rng, legalActions(s, rs, legal))];
    applyAction(s, rs, a);
    trace.push(String(a));
    onStep?.(s);
  }
  trace.push(serializeState(s));
  return trace;
}

describe('random games', () => {
  it('300 random games at 2-4 players end by the rules with every invariant holding at every step', () => {
    const check = (s: ReturnType<typeof createGame>) => checkState(s, rs);
    let steps = 0;
    for (let g = 0; g < 300; g++) {
      const players = 2 + (g % 3);
      let n = 0;
      playRandom(players, `inv${g}`, (s) => {
        const bad = n++ % 5 === 0 ? checkDeep(s, rs) : checkState(s, rs);
        if (bad.length) throw new Error(`game ${g} step ${n}: ${bad.join('; ')}`);
        if (n % 7 === 0) expect(serializeState(deserializeState(serializeState(s), rs, check))).toBe(serializeState(s));
        steps++;
      });
    }
    expect(steps).toBeGreaterThan(10_000);
  });

  it('the same seeds replay the same game; other seeds differ', () => {
    expect(playRandom(3, 'det')).toEqual(playRandom(3, 'det'));
    expect(playRandom(3, 'det')).not.toEqual(playRandom(3, 'det2'));
  });
});
