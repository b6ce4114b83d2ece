/**
 * The special sequences (rules/gameplay/game/index.md; quick reference): a Foreign Merchant establishing a
 * Black Market, a Dragon Siege, and I See Fire's elimination. Started by the Round, Powers and rolls.
 */
import { C_EGG, NUM_CARDS, V_SHIELD, type Ruleset } from '../rules/index.ts';
import { DmlState, lowCard, MAX_SEATS, Z } from './state.ts';
import { countZone, discard, handSize, move, randomOf } from './zones.ts';
import { vantageCount } from './queries.ts';

/**
 * Foreign Merchant (quick reference; D7): the Discard Pile and one Egg from the Nest, if any, form a new
 * face-down Black Market (merged into the newest at `maxBlackMarkets`). Nothing when both are empty.
 */
export function foreignMerchant(s: DmlState, rs: Ruleset): void {
  if (!rs.data.blackMarkets) return;
  const egg = randomOf(s, Z.NEST);
  if (egg < 0 && countZone(s, Z.DISCARD) === 0) return;
  const b = s.bmCount < rs.data.maxBlackMarkets ? s.bmCount++ : s.bmCount - 1;
  for (let w = 0; w < 2; w++) for (let m = s.zoneBits[2 * Z.DISCARD + w]; m !== 0; m &= m - 1) move(s, lowCard(w, m), Z.BM + b, true);
  if (egg >= 0) move(s, egg, Z.BM + b, true);
  s.discardTop = -1;
}
/**
 * Dragon Siege (rules/gameplay/game/index.md "Dragon Siege"): hands are revealed; a seat holding Eggs with
 * fewer than `shieldsPerEgg` Shields per Egg returns them to the Nest and discards half its other cards
 * (rounded up) at random, or under I See Fire is eliminated.
 */
export function dragonSiege(s: DmlState, rs: Ruleset): void {
  for (let c = 0; c < NUM_CARDS; c++) if (s.zone[c] >= Z.HAND && s.zone[c] < Z.HAND + MAX_SEATS) s.pub[c] = s.zone[c];
  for (let k = 0, p = s.dealer; k < s.numPlayers; k++, p = (p + 1) % s.numPlayers) {
    if (!s.alive[p]) continue;
    let eggs = 0;
    for (let c = 0; c < NUM_CARDS; c++) if (s.zone[c] === Z.HAND + p && rs.classes[c] & C_EGG) eggs++;
    if (eggs === 0 || vantageCount(s, rs, p, V_SHIELD) >= eggs * rs.data.shieldsPerEgg) continue;
    if (rs.data.iSeeFire.elimination) {
      eliminate(s, rs, p);
      continue;
    }
    for (let c = 0; c < NUM_CARDS; c++) if (s.zone[c] === Z.HAND + p && rs.classes[c] & C_EGG) move(s, c, Z.NEST, true);
    const lose = Math.ceil(handSize(s, p) / 2);
    for (let i = 0; i < lose; i++) discard(s, rs, randomOf(s, Z.HAND + p), false);
  }
}
/** I See Fire: seat p's Merchant King to Exile face down, its other cards to the Discard Pile; it leaves the game. */
function eliminate(s: DmlState, rs: Ruleset, p: number): void {
  for (let c = 0; c < NUM_CARDS; c++) {
    const z = s.zone[c];
    if (z === Z.KING + p) move(s, c, Z.EXILE, false);
    else if (z === Z.HAND + p || z === Z.FRONT + p || z === Z.SEIZE + p) discard(s, rs, c, false);
  }
  s.alive[p] = 0;
  s.seizeTotal[p] = 0;
}
