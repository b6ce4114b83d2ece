/**
 * engine/cards.ts rankOf is the one rank formula. Copies of `((card % 54) % 13) + 1`, which gives a Joker
 * rank 1 or 2 where rankOf gives 0, used to read field slots and units; this checks that a Joker never lies
 * there (0.1.27b "Taxmen": a drawn Joker is played at once and shuffled back), so rankOf agrees with them.
 */
import { describe, expect, it } from 'vitest';
import { nextInt, seedRng } from '../../../lib/rng.ts';
import { applyAction, catalogue, createGame, isTerminal, legalActions } from '../engine/index.ts';
import { rankOf, Suit, suitOf } from '../engine/cards.ts';
import { variant } from './helpers.ts';

describe('rankOf', () => {
  it('is the inline formula on every suited card and 0 on a Joker or no card', () => {
    for (let c = 0; c < 6 * 54; c++) {
      if (suitOf(c) === Suit.Joker) expect(rankOf(c)).toBe(0);
      else expect(rankOf(c)).toBe(((c % 54) % 13) + 1);
    }
    expect(rankOf(-1)).toBe(0);
  });

  it('never meets a Joker on a field slot or a unit in random games with Jokers in the deck', () => {
    const rs = variant((d) => (d.deck.jokers = true));
    const buf = new Int32Array(catalogue(rs).size);
    let jokersDrawn = 0;
    for (const players of [2, 4, 6]) {
      const s = createGame(rs, players, `jokers/${players}`);
      expect(s.deck.some((c) => suitOf(c) === Suit.Joker)).toBe(true);
      const r = seedRng(`jokers/${players}/agent`);
      for (let step = 0; step < 3000 && !isTerminal(s); step++) {
        const top = s.deck[s.deck.length - 1];
        const size = s.deck.length;
        applyAction(s, rs, buf[nextInt(r, legalActions(s, rs, buf))]);
        if (suitOf(top) === Suit.Joker && (s.deck.length !== size || s.deck[s.deck.length - 1] !== top)) jokersDrawn++;
        for (const c of [...s.slotCard, ...s.slotTop, ...s.unitCard]) if (c >= 0) expect(suitOf(c)).not.toBe(Suit.Joker);
      }
    }
    expect(jokersDrawn).toBeGreaterThan(0);
  });
});
