/**
 * Setup (rules/gameplay/setup/index.md): the Dealer roll-off, Merchant Kings, the 2s and 3s, Eggs to the Nest,
 * the shuffled Deck and the first Restock, then the first Round (round.ts).
 */
import { rollD6, seedRng, shuffleInPlace } from '../../../lib/rng.ts';
import { C_COMMODITY, C_EGG, C_KING, NUM_CARDS, type Ruleset } from '../rules/index.ts';
import { DmlState, PUB_UNKNOWN, Z } from './state.ts';
import { discard, move } from './zones.ts';
import { restock, startRound } from './round.ts';

/**
 * A new game of `players` seats (rules/gameplay/setup/index.md): the Dealer roll-off, Merchant Kings, 2s and
 * 3s, Eggs to the Nest, the shuffled Deck, Restock, then the first Round's Event and Turn.
 * @throws RangeError for a player count outside the ruleset's
 */
export function createGame(rs: Ruleset, players: number, seed: string | number): DmlState {
  const { min, max } = rs.data.players;
  if (!(Number.isInteger(players) && players >= min && players <= max))
    throw new RangeError(`${players} players: ${rs.data.name} takes ${min}-${max}`);
  const s = new DmlState();
  s.rulesetHash = rs.hash;
  s.numPlayers = players | 0; // a small integer even when it arrives boxed (see Merlin's createGame)
  s.rng = seedRng(seed);
  for (let p = 0; p < players; p++) s.alive[p] = 1;
  s.dealer = rollOff(s);
  const kings: number[] = [];
  const twos: number[] = [];
  const threes: number[] = [];
  const deck: number[] = [];
  for (let c = 0; c < NUM_CARDS; c++) {
    if (!rs.inGame[c]) {
      move(s, c, Z.BOX, true);
      continue;
    }
    if (rs.classes[c] & C_KING) kings.push(c);
    else if (rs.classes[c] & C_EGG) move(s, c, Z.NEST, true);
    else if (rs.classes[c] & C_COMMODITY && rs.value[c] === 2) twos.push(c);
    else if (rs.classes[c] & C_COMMODITY && rs.value[c] === 3) threes.push(c);
    else deck.push(c);
  }
  shuffleInPlace(s.rng, kings);
  shuffleInPlace(s.rng, twos);
  shuffleInPlace(s.rng, threes);
  for (let k = 0; k < players; k++) {
    const p = (s.dealer + 1 + k) % players;
    move(s, kings[k], Z.KING + p, false);
    move(s, twos[k], Z.HAND + p, false);
    move(s, threes[k], Z.HAND + p, false);
    s.pub[kings[k]] = s.pub[twos[k]] = s.pub[threes[k]] = PUB_UNKNOWN;
  }
  for (let k = players; k < kings.length; k++) {
    move(s, kings[k], Z.EXILE, false);
    s.pub[kings[k]] = PUB_UNKNOWN;
  }
  for (let k = players; k < twos.length; k++) discard(s, rs, twos[k], true);
  for (let k = players; k < threes.length; k++) discard(s, rs, threes[k], true);
  shuffleInPlace(s.rng, deck);
  s.deck.set(deck);
  s.deckLen = deck.length;
  for (const c of deck) move(s, c, Z.DECK, true);
  restock(s, rs);
  startRound(s, rs);
  return s;
}

/**
 * The Dealer Token roll-off (setup/index.md "Dealer Token Roll-Off"): seats roll 2d6 in order; Woot! wins at
 * once; the highest total wins, tied seats roll again. D18: a seat re-rolls a Dabo! totalling less than 7.
 */
function rollOff(s: DmlState): number {
  let seats = Array.from({ length: s.numPlayers }, (_, p) => p);
  for (;;) {
    let best = -1;
    let tied: number[] = [];
    for (const p of seats) {
      let d1 = rollD6(s.rng, 'rolloff');
      let d2 = rollD6(s.rng, 'rolloff');
      while (d1 === d2 && d1 >= 2 && d1 <= 5 && d1 + d2 < 7) {
        d1 = rollD6(s.rng, 'rolloff');
        d2 = rollD6(s.rng, 'rolloff');
      }
      if (d1 === 6 && d2 === 6) return p;
      if (d1 + d2 > best) {
        best = d1 + d2;
        tied = [p];
      } else if (d1 + d2 === best) tied.push(p);
    }
    if (tied.length === 1) return tied[0];
    seats = tied;
  }
}
