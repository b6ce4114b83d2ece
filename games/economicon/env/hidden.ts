/**
 * Information-set resampling (`Game.resampleHidden`): what a seat cannot see in Economicon is the other seats'
 * unsatisfied mandates and the order of the mandate deck. Those cards are pooled, shuffled with `seed`, and
 * dealt back: each other seat gets as many as it held, preferring cards whose condition does not hold for it
 * (a held mandate never has a condition that holds: it would have been satisfied), the rest form the deck.
 */
import { seedRng, shuffleInPlace } from '../../../lib/rng.ts';
import type { Ruleset } from '../rules/index.ts';
import { AT_DECK, AT_HAND, cloneState, conditionHolds, MAX_HAND, type EconomiconState } from '../engine/index.ts';

/** A copy of `s` with the hands of every seat but `player` and the deck order redrawn from `seed`. */
export function resampleHidden(rs: Ruleset, s: EconomiconState, seed: string | number, player: number): EconomiconState {
  const c = cloneState(s);
  const pool: number[] = Array.from(c.deck.subarray(0, c.deckLen));
  for (let p = 0; p < c.numPlayers; p++) if (p !== player) for (let i = 0; i < c.handLen[p]; i++) pool.push(c.hand[p * MAX_HAND + i]);
  const rng = seedRng(`resample/${seed}`);
  shuffleInPlace(rng, pool, 'resample');
  for (let p = 0; p < c.numPlayers; p++) {
    if (p === player) continue;
    for (let i = 0; i < c.handLen[p]; i++) {
      let k = pool.findIndex((card) => !conditionHolds(c, rs, rs.cardDef[card], p));
      if (k < 0) k = 0;
      const card = pool.splice(k, 1)[0];
      c.hand[p * MAX_HAND + i] = card;
      c.cardAt[card] = AT_HAND + p;
    }
  }
  c.deck.fill(0);
  c.deck.set(pool);
  c.deckLen = pool.length;
  for (const card of pool) c.cardAt[card] = AT_DECK;
  c.rng = seedRng(`resample-rng/${seed}`);
  return c;
}
