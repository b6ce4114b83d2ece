/** Chance outcomes in the action history (lib/rng.ts `chance`, env/core/play.ts): recorded, replayed, forced. */
import { describe, expect, it } from 'vitest';
import type { Agent } from '../../../../env/core/agent.ts';
import { playGame } from '../../../../env/core/play.ts';
import { chance, type ChanceOutcome } from '../../../../lib/rng.ts';
import { RandomAgent } from '../../../../agents/random.ts';
import type { MerlinState } from '../../engine/index.ts';
import { merlinGame } from '../game.ts';

const game = merlinGame('full');
const agents = (): Agent[] => [0, 1, 2].map((p) => new RandomAgent(`chance/${p}`));

describe('chance outcomes in the history', () => {
  it("records each turn's two dice (kind 'roll') with the action that led to them, and changes nothing", () => {
    const dice: [number, number][] = [];
    const r = playGame<MerlinState>(game, agents(), 'chance', {
      history: true,
      maxSteps: 3000,
      afterAction: (s) => void dice.push([s.die1, s.die2]),
    });
    const plain = playGame<MerlinState>(game, agents(), 'chance', { maxSteps: 3000 });
    expect(game.serialize(r.state)).toBe(game.serialize(plain.state));
    expect(r.history.length).toBe(r.steps);
    let rolls = 0;
    r.history.forEach((h, i) => {
      const faces = h.chance.filter(([kind]) => kind === 'roll').map(([, o]) => o);
      if (faces.length === 0) return;
      expect(faces).toEqual(dice[i]);
      rolls++;
    });
    expect(rolls).toBeGreaterThan(10);
    expect(chance.record).toBeNull();
    expect(chance.forced).toBeNull();
  });

  it('forces a roll without searching for a seed, and replays a game from its recorded outcomes', () => {
    const first = playGame<MerlinState>(game, agents(), 'force', { history: true, maxSteps: 3000 });
    const at = first.history.findIndex((h) => h.chance.some(([kind]) => kind === 'roll'));
    expect(at).toBeGreaterThanOrEqual(0);
    const natural = first.history[at].chance.filter(([k]) => k === 'roll').map(([, o]) => o);
    const want = natural[0] === 6 && natural[1] === 6 ? [1, 2] : [6, 6];
    // Force the first roll to `want`: the same actions lead up to it, and the state shows the forced dice.
    let dice: number[] = [];
    const forced = playGame<MerlinState>(game, agents(), 'force', {
      history: true,
      maxSteps: 20_000,
      forceChance: new Map([['roll', [...want]]]),
      afterAction: (s, _seat, _a, step) => void (step === at && (dice = [s.die1, s.die2])),
    });
    expect(forced.history.slice(0, at).map((h) => h.action)).toEqual(first.history.slice(0, at).map((h) => h.action));
    expect(forced.history[at].chance.filter(([k]) => k === 'roll').map(([, o]) => o)).toEqual(want);
    expect(dice).toEqual(want);
    // Forcing every recorded outcome replays the original game exactly.
    const queues = new Map<string, ChanceOutcome[]>();
    for (const h of first.history) for (const [k, o] of h.chance) (queues.get(k) ?? queues.set(k, []).get(k)!).push(o);
    const replay = playGame<MerlinState>(game, agents(), 'force', { maxSteps: 3000, forceChance: queues });
    expect(game.serialize(replay.state)).toBe(game.serialize(first.state));
    expect([...queues.values()].every((q) => q.length === 0)).toBe(true);
  });
});
