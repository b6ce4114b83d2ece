/**
 * Information-set resampling (`Game.resampleHidden`) for DML: what seat `player` cannot see is redrawn. The
 * hidden cards (the Deck, the other seats' hands, the Black Markets but one `player` is searching, the other
 * Merchant Kings and a face-down exiled King) are pooled by kind and dealt back into the same places: Kings among
 * the King places, the other cards (Eggs excepted: they stay, being alike) among the Deck, hands and Black
 * Markets, each place keeping its size. Then each other seat's face-down Seize cards are redrawn too: each is swapped with a card chosen uniformly
 * among itself and the hidden cards that could have been laid in its place (Primary Buying cards of the
 * Declaration's suit under the current Event, buying/index.md "Seize"), and the seat's Seize total follows.
 * The observation of `player` is unchanged: it shows others' cards by public knowledge and sizes only.
 */
import { seedRng, shuffleInPlace } from '../../../lib/rng.ts';
import { C_EGG, C_KING, NUM_CARDS, type Ruleset } from '../rules/index.ts';
import { buyingCard, cloneState, MAX_SEATS, PUB_UNKNOWN, rebuildZoneBits, searchedMarket, Z, type DmlState } from '../engine/index.ts';
import { nextInt } from '../../../lib/rng.ts';

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
    // The Deck is redrawn by position below.
    if (z !== Z.DECK && hiddenPlace(c, z, player)) {
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
  resampleSeize(rs, c, rng, player);
  rebuildZoneBits(c); // the zones were rewritten above, not moved
  c.rng = seedRng(`resample-rng/${seed}`);
  return c;
}

/**
 * Whether zone z holds cards `player` cannot see and whose places `resampleHidden` redraws (other hands, Black
 * Markets, the Deck). A Black Market that `player` is searching right now (`searchedMarket`) is open to it, so it stays.
 */
function hiddenPlace(c: DmlState, z: number, player: number): boolean {
  if (z >= Z.BM && z < Z.BM + c.bmCount) return z !== searchedMarket(c, player);
  return (z >= Z.HAND && z < Z.HAND + MAX_SEATS && z !== Z.HAND + player) || z === Z.DECK;
}

/**
 * Redraw the face-down Seize cards of every seat but `player` (in place, on the resampled copy `c`): each is
 * swapped with a uniformly chosen card among itself and the hidden cards that are Primary Buying cards of the
 * Declaration's suit now; zone sizes, the Deck's length and every card's public record stay.
 */
function resampleSeize(rs: Ruleset, c: DmlState, rng: ReturnType<typeof seedRng>, player: number): void {
  const suit = rs.primary[c.buySuit];
  const candidates: number[] = [];
  for (let p = 0; p < c.numPlayers; p++) {
    if (p === player) continue;
    const seize = Z.SEIZE + p;
    const laid: number[] = [];
    for (let x = 0; x < NUM_CARDS; x++) if (c.zone[x] === seize) laid.push(x);
    if (laid.length === 0) continue;
    for (const x of laid) {
      candidates.length = 0;
      candidates.push(x);
      for (let y = 0; y < NUM_CARDS; y++) if (hiddenPlace(c, c.zone[y], player) && buyingCard(c, rs, y, suit)) candidates.push(y);
      const y = candidates[nextInt(rng, candidates.length)];
      if (y === x) continue;
      const zy = c.zone[y];
      if (zy === Z.DECK) c.deck[c.deck.subarray(0, c.deckLen).indexOf(y)] = x;
      c.zone[y] = seize;
      c.zone[x] = zy;
    }
    let total = 0;
    for (let x = 0; x < NUM_CARDS; x++) if (c.zone[x] === seize) total += rs.value[x];
    c.seizeTotal[p] = total;
  }
}
