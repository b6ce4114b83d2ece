/**
 * Information-set resampling (`Game.resampleHidden`) for DML: what seat `player` cannot see is redrawn. The
 * hidden cards (the Deck, the other seats' hands, the Black Markets, the other Merchant Kings and a face-down
 * exiled King) are pooled by kind and dealt back into the same places: Kings among the King places, the other
 * cards (Eggs excepted: they stay, being alike) among the Deck, hands and Black Markets, each place keeping its
 * size. Face-down Seize cards stay as they are (they must be Buying cards of the Declaration). The observation of
 * `player` is unchanged: it shows others' cards by public knowledge and sizes only.
 */
import { seedRng, shuffleInPlace } from '../../../lib/rng.ts';
import { C_EGG, C_KING, NUM_CARDS, type Ruleset } from '../rules/index.ts';
import { cloneState, MAX_SEATS, PUB_UNKNOWN, Z, type DmlState } from '../engine/index.ts';

export function resampleHidden(rs: Ruleset, s: DmlState, seed: string | number, player: number): DmlState {
  const c = cloneState(s);
  const kings: number[] = [];
  const kingSlots: number[] = [];
  const cards: number[] = [];
  const slots: number[] = [];
  for (let k = 0; k < NUM_CARDS; k++) {
    const z = c.zone[k];
    if (rs.classes[k] & C_KING) {
      if ((z >= Z.KING && z < Z.KING + MAX_SEATS && z !== Z.KING + player) || (z === Z.EXILE && c.pub[k] === PUB_UNKNOWN)) {
        kings.push(k);
        kingSlots.push(z);
      }
      continue;
    }
    if (rs.classes[k] & C_EGG) continue;
    const hidden = (z >= Z.HAND && z < Z.HAND + MAX_SEATS && z !== Z.HAND + player) || (z >= Z.BM && z < Z.BM + c.bmCount);
    if (hidden) {
      cards.push(k);
      slots.push(z);
    }
  }
  // The Deck by position, so its order is redrawn too.
  const deckStart = cards.length;
  for (let i = 0; i < c.deckLen; i++) cards.push(c.deck[i]);
  const rng = seedRng(`resample/${seed}`);
  shuffleInPlace(rng, kings, 'resample');
  shuffleInPlace(rng, cards, 'resample');
  kings.forEach((k, i) => (c.zone[k] = kingSlots[i]));
  for (let i = 0; i < cards.length; i++) {
    const k = cards[i];
    if (i < deckStart) c.zone[k] = slots[i];
    else {
      c.zone[k] = Z.DECK;
      c.deck[i - deckStart] = k;
    }
  }
  c.rng = seedRng(`resample-rng/${seed}`);
  return c;
}
