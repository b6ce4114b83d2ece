/**
 * Resampling hidden information (for information-set MCTS and other determinising searches).
 *
 * `resampleHidden(rs, s, seed, player)` returns a clone of `s` in which everything `player` cannot see is
 * redrawn from `seed`, consistently with what they can see, so `player`'s observation
 * (observation.ts) is identical and every card, gold unit and commodity is conserved:
 *
 * - **Playing cards.** The other players' hand and bought-this-turn cards are pooled with the playing draw
 *   pile, shuffled, and dealt back in the same counts to the same places. Only cards that can be held
 *   hidden are pooled: Aces, 7s and Jokers are never held (they resolve when bought), and a King in hand is a
 *   Royal Guard whose draw everyone saw, so Kings in hands stay where they are and Aces, 7s, Jokers and
 *   Kings in the draw pile stay in it. The draw pile is then shuffled (its order is hidden from everyone).
 * - **Spells and potion recipes.** The other players' hand spells are pooled with the spell draw pile, their
 *   hand recipes and face-down potions with the potion draw pile. A hand card keeps its place and its origin
 *   (which lab produced it is public), so the lab-credit rule stays consistent. A face-down potion keeps its
 *   owner, place, brewing turn and origin and gets an identity that could lie there: the same target kind
 *   (in front of the player, on a Land, under a property), not a "resolves at once" recipe, and not an
 *   "in N turns" recipe that would already have resolved or one past its expiry. (Roll-triggered recipes
 *   are not checked against the roll history, which the state does not keep.)
 * - **Decks.** The Tea Leaves, Crystal Ball and Royal Decree draw piles are shuffled. Decree options are
 *   hidden from everyone but the King's drawer: for another player they are pooled with the decree draw pile
 *   and redealt. Discard piles and the cards under labs are public and stay as they are.
 * - **Hidden decree costs** (docs/RULES.md D151). A decree whose face `player` sees (the chosen decree, and the
 *   options when `player` is the drawer) keeps its face, and its design (hence its hidden cost) is redrawn
 *   uniformly among itself and the decree draw pile's instances with the same face, which swap places.
 * - **Bids and votes.** Another seat's hidden bid in the open auction round is redrawn uniformly in
 *   0..min(pocket + bid, grids.maxBid), moving gold between its pocket and the pot; another seat's cast
 *   tax-rate vote is redrawn uniformly.
 * - **The game RNG** is reseeded from `seed`, so dice and future draws differ too.
 *
 * A card being played in an open sub-decision of another player (the spell being cast, the potion being
 * brewed, the Land being placed, the golem being animated or the King being motivated) stays as it is: its
 * kind is public and the engine reads it. Units on the board and damage to cards are public and stay.
 */
import { nextInt, seedRng, shuffleInPlace } from '../../../lib/rng.ts';
import { ArgumentError } from '../../../lib/errors.ts';
import type { Ruleset } from '../rules/index.ts';
import type { CardDef } from '../cards/schema.ts';
import { cloneState, HAND_POTION, HAND_SPELL, Phase, SlotKind, TopKind, type MerlinState } from '../engine/state.ts';
import { rankOf, suitOf, Suit } from '../engine/cards.ts';
import { decreeFaces } from '../engine/decrees.ts';
import { VOTE_CUT } from '../engine/taxes.ts';
import { isSpecialised } from '../engine/unit-cards.ts';

const SPELLS = 2;
const POTIONS = 3;
const DECREES = 4;

/** A playing card that can lie hidden in a hand: not an Ace, 7, King or Joker. */
function hideable(card: number): boolean {
  if (suitOf(card) === Suit.Joker) return false;
  const r = rankOf(card);
  return r !== 1 && r !== 7 && r !== 13;
}

/** Places in hands (arrays and indices) that take a redrawn card. */
interface Holes {
  arr: number[][];
  idx: number[];
}

/**
 * A copy of `s` with everything `player` cannot see redrawn from `seed` (see the module docs).
 * @throws ArgumentError when `player` is not a seat of the game
 */
export function resampleHidden(rs: Ruleset, s: MerlinState, seed: string | number, player: number): MerlinState {
  const P = s.numPlayers;
  if (!Number.isInteger(player) || player < 0 || player >= P)
    throw new ArgumentError(`player ${player} is not a seat of this ${P}-player game`);
  const t = cloneState(s);
  const rng = seedRng(`resample/${String(seed)}`);

  // The card being played in another player's open sub-decision stays.
  const sub =
    (t.phase === Phase.SelectSlot || t.phase === Phase.SelectPlayer || t.phase === Phase.SelectSquare || t.phase === Phase.SelectUnit) &&
    t.decider !== player &&
    t.pendingHand >= 0;
  const fixedSeat = sub ? t.decider : -1;
  const fixedIdx = sub ? t.pendingHand : -1;

  // ---- playing cards
  {
    const pool: number[] = [];
    const holes: Holes = { arr: [], idx: [] };
    for (let p = 0; p < P; p++) {
      if (p === player) continue;
      for (const arr of [t.hands[p], t.newCards[p]]) {
        for (let x = 0; x < arr.length; x++) {
          const c = arr[x];
          if (c >= HAND_SPELL || !hideable(c) || (arr === t.hands[p] && p === fixedSeat && x === fixedIdx)) continue;
          pool.push(c);
          holes.arr.push(arr);
          holes.idx.push(x);
        }
      }
    }
    const keep: number[] = [];
    for (const c of t.deck) (hideable(c) ? pool : keep).push(c);
    shuffleInPlace(rng, pool);
    const n = holes.idx.length;
    for (let h = 0; h < n; h++) holes.arr[h][holes.idx[h]] = pool[h];
    const deck = keep;
    for (let h = n; h < pool.length; h++) deck.push(pool[h]);
    shuffleInPlace(rng, deck);
    t.deck = deck;
  }

  // ---- spells
  {
    const pool: number[] = [];
    const holes: Holes = { arr: [], idx: [] };
    collectCustom(t, player, fixedSeat, fixedIdx, HAND_SPELL, HAND_POTION, pool, holes);
    for (const c of t.cdeck[SPELLS]) pool.push(c);
    shuffleInPlace(rng, pool);
    const n = holes.idx.length;
    for (let h = 0; h < n; h++) holes.arr[h][holes.idx[h]] = HAND_SPELL + pool[h];
    t.cdeck[SPELLS] = pool.slice(n);
  }

  // ---- potion recipes and face-down potions
  {
    const pool: number[] = [];
    const holes: Holes = { arr: [], idx: [] };
    collectCustom(t, player, fixedSeat, fixedIdx, HAND_POTION, Infinity, pool, holes);
    const faceDown: number[] = [];
    for (let i = 0; i < t.potionCard.length; i++) {
      if (t.potionOwner[i] === player) continue;
      faceDown.push(i);
      pool.push(t.potionCard[i]);
    }
    for (const c of t.cdeck[POTIONS]) pool.push(c);
    shuffleInPlace(rng, pool);
    // Give each face-down potion the first card in the shuffled pool that could lie there; if the greedy
    // matching ever runs out, every face-down potion keeps its identity instead.
    const taken = new Uint8Array(pool.length);
    const chosen: number[] = [];
    let ok = true;
    for (const i of faceDown) {
      let pick = -1;
      for (let j = 0; j < pool.length; j++) {
        if (!taken[j] && couldLieThere(rs, t, i, pool[j])) {
          pick = j;
          break;
        }
      }
      if (pick < 0) {
        ok = false;
        break;
      }
      taken[pick] = 1;
      chosen.push(pool[pick]);
    }
    if (ok) {
      faceDown.forEach((i, n) => (t.potionCard[i] = chosen[n]));
    } else {
      taken.fill(0);
      for (const i of faceDown) {
        const j = pool.findIndex((c, j2) => !taken[j2] && c === t.potionCard[i]);
        taken[j] = 1;
      }
    }
    const rest: number[] = [];
    for (let j = 0; j < pool.length; j++) if (!taken[j]) rest.push(pool[j]);
    const n = holes.idx.length;
    for (let h = 0; h < n; h++) holes.arr[h][holes.idx[h]] = HAND_POTION + rest[h];
    t.cdeck[POTIONS] = rest.slice(n);
  }

  // ---- decks whose order is hidden; decree options hidden from all but the drawer
  shuffleInPlace(rng, t.cdeck[0]);
  shuffleInPlace(rng, t.cdeck[1]);
  if (t.decreeOptions.length > 0 && t.decreeDrawer !== player) {
    const pool = [...t.decreeOptions, ...t.cdeck[DECREES]];
    shuffleInPlace(rng, pool);
    const n = t.decreeOptions.length;
    t.decreeOptions = pool.slice(0, n);
    t.cdeck[DECREES] = pool.slice(n);
  } else shuffleInPlace(rng, t.cdeck[DECREES]);
  if (t.decreeCard >= 0) t.decreeCard = redrawDecreeCost(rs, t, t.decreeCard, rng);
  if (t.decreeDrawer === player)
    for (let i = 0; i < t.decreeOptions.length; i++) t.decreeOptions[i] = redrawDecreeCost(rs, t, t.decreeOptions[i], rng);

  // ---- hidden bids and votes of the others
  if (t.phase === Phase.AuctionBid || t.phase === Phase.DecreeBid) {
    for (let p = 0; p < P; p++) {
      if (p === player || t.bids[p] < 0) continue;
      const total = t.gold[p] + t.bids[p];
      const bid = nextInt(rng, Math.min(total, rs.data.grids.maxBid) + 1);
      t.auctionPot += bid - t.bids[p];
      t.gold[p] = total - bid;
      t.bids[p] = bid;
    }
  }
  if (t.phase === Phase.TaxVote || t.phase === Phase.VolatilityVote) {
    for (let p = 0; p < P; p++) if (p !== player && t.votes[p] >= 0) t.votes[p] = nextInt(rng, 3);
  } else if (t.phase === Phase.CostOfLivingVote) {
    for (let p = 0; p < P; p++)
      if (p !== player && t.votes[p] >= 0)
        t.votes[p] =
          nextInt(rng, rs.data.taxes.costOfLivingCuts.length + 1) === 0
            ? 0
            : VOTE_CUT + nextInt(rng, rs.data.taxes.costOfLivingCuts.length);
  }

  t.rng = seedRng(`game/${String(seed)}`);
  return t;
}

/**
 * A decree instance with the same face as `card`, drawn uniformly from `card` and the decree draw pile's instances
 * of that face; a pile instance drawn takes `card`'s place in the pile (D151: the hidden cost is all that changes).
 */
function redrawDecreeCost(rs: Ruleset, t: MerlinState, card: number, rng: MerlinState['rng']): number {
  const { faceOf } = decreeFaces(rs);
  const def = rs.cards.royalDecrees.instanceDef;
  const face = faceOf[def[card]];
  const pile = t.cdeck[DECREES];
  const same: number[] = [];
  for (let i = 0; i < pile.length; i++) if (faceOf[def[pile[i]]] === face) same.push(i);
  const pick = nextInt(rng, same.length + 1);
  if (pick === same.length) return card;
  const i = same[pick];
  const other = pile[i];
  pile[i] = card;
  return other;
}

/** Collect the other players' hand cards tagged in [lo, hi) (spells or recipes) into `pool` and `holes`. */
function collectCustom(
  t: MerlinState,
  player: number,
  fixedSeat: number,
  fixedIdx: number,
  lo: number,
  hi: number,
  pool: number[],
  holes: Holes,
): void {
  for (let p = 0; p < t.numPlayers; p++) {
    if (p === player) continue;
    const hand = t.hands[p];
    for (let x = 0; x < hand.length; x++) {
      const c = hand[x];
      if (c < lo || c >= hi || (p === fixedSeat && x === fixedIdx)) continue;
      pool.push(c - lo);
      holes.arr.push(hand);
      holes.idx.push(x);
    }
  }
}

/** Could potion instance `card` be the face-down potion at index `i` of `t` (placement and timing)? */
function couldLieThere(rs: Ruleset, t: MerlinState, i: number, card: number): boolean {
  const potions = rs.cards.potions;
  const def: CardDef = potions.defs[potions.instanceDef[card]];
  const orig: CardDef = potions.defs[potions.instanceDef[t.potionCard[i]]];
  if (def.target !== orig.target || def.trigger.on === 'now') return false;
  const key = t.potionSlot[i];
  if (def.target === 'none' ? key >= 0 : key < 0) return false;
  if (def.target === 'ownLand' && t.slotTopKind[key] !== TopKind.Land) return false;
  if (def.target === 'ownProperty' && t.slotKind[key] !== SlotKind.Property) return false;
  if (def.target === 'ownSpecialised' && !isSpecialised(t, key)) return false;
  const age = t.turn - t.potionTurn[i];
  if (def.trigger.on === 'turns' && age >= def.trigger.turns) return false;
  if (def.expiresAfterTurns !== undefined && age > def.expiresAfterTurns) return false;
  return true;
}
