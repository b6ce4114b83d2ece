/** Merlin passes the game-agnostic basic tests (env/core/basic-tests.ts) on every shipped variant. */
import { describe, expect, it } from 'vitest';
import { basicTests } from '../../../../env/core/basic-tests.ts';
import type { Game } from '../../../../env/core/game.ts';
import type { MerlinState } from '../../engine/index.ts';
import { merlinGame } from '../game.ts';

/** merlinGame('skirmish') with some methods replaced (a broken implementation of the contract). */
function broken(override: Partial<Game<MerlinState>>): Game<MerlinState> {
  return Object.assign(Object.create(merlinGame('skirmish')) as Game<MerlinState>, override);
}

describe('basicTests(merlinGame)', () => {
  for (const variant of ['full', 'market', 'skirmish']) {
    it(`${variant}: random games at 2-6 players keep the Game contract`, () => {
      const r = basicTests(merlinGame(variant), { seed: variant, referenceEvery: 64, observeEvery: 16 });
      expect(r.games).toBe(5);
      expect(r.finished).toBe(5);
      expect(r.steps).toBeGreaterThan(100);
      expect(r.referenceSweeps).toBeGreaterThan(0);
      expect(r.illegalRefused).toBeGreaterThan(r.steps);
    });
  }

  it('catches a clone that shares the state, a mask that disagrees with the reference, and an accepted illegal action', () => {
    const o = { players: [2], maxSteps: 40, referenceEvery: 1 };
    const game = merlinGame('skirmish');
    expect(basicTests(game, o).games).toBe(1);
    expect(() => basicTests(broken({ clone: (s) => s }), o)).toThrow(
      /skirmish\), 2 players, seed basic\/2\/0, step 0: applying \d+ to a clone changed the original/,
    );
    expect(() => basicTests(broken({ whyIllegal: (s, a) => (a === 0 ? null : game.whyIllegal(s, a)) }), o)).toThrow(
      /action 0 .*legalActions says false, whyIllegal says legal/,
    );
    expect(() =>
      basicTests(
        broken({ applyAction: (s, a) => void (a < game.numActions && game.whyIllegal(s, a) === null && game.applyAction(s, a)) }),
        o,
      ),
    ).toThrow(/illegal action \d+ was accepted/);
  });
});
