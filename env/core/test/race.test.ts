/** env/core's game loop and basic tests on a game that is not Merlin (Race to 12, race.ts). */
import { describe, expect, it } from 'vitest';
import type { Agent } from '../agent.ts';
import { basicTests } from '../basic-tests.ts';
import { playGame } from '../play.ts';
import { RaceGame } from './race.ts';

const game = new RaceGame();
/** Always rolls the die. */
const roller: Agent = { spec: 'roller', act: () => 2 };

describe('env/core on a non-Merlin game', () => {
  it('basicTests passes at 2-4 players, and catches a legal-action list that disagrees with the reference check', () => {
    const r = basicTests(game, { games: 3, referenceEvery: 1, observeEvery: 1 });
    expect(r).toMatchObject({ games: 9, finished: 9 });
    expect(r.referenceSweeps).toBe(r.steps);
    const wrong = Object.assign(Object.create(game) as RaceGame, {
      whyIllegal: (_s: unknown, a: number) => (a === 2 ? 'no dice today' : null),
    });
    expect(() => basicTests(wrong, { players: [2] })).toThrow(
      /race, 2 players, seed basic\/2\/0, step 0: action 2 \(roll a die\): legalActions says true, whyIllegal says no dice today/,
    );
  });

  it('playGame records each roll in the history and forces the dice asked for', () => {
    const r = playGame(game, [roller, roller], 'race', { history: true });
    expect(r.history.every((h) => h.chance.length === 1 && h.chance[0][0] === 'd6')).toBe(true);
    const faces = r.history.map((h) => h.chance[0][1] as number);
    expect(r.state.pos[r.state.winner]).toBe(
      Math.min(
        12,
        faces.filter((_, i) => i % 2 === r.state.winner).reduce((a, b) => a + b, 0),
      ),
    );
    // Seat 0 rolls 6 and 6 and wins on its second turn, whatever the seed.
    const forced = playGame(game, [roller, roller], 'race', { history: true, forceChance: new Map([['d6', [6, 1, 6]]]) });
    expect(forced.state.winner).toBe(0);
    expect(forced.steps).toBe(3);
    expect(forced.history.map((h) => h.chance[0][1])).toEqual([6, 1, 6]);
  });
});
