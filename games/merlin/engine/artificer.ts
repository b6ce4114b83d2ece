/**
 * The Tactical Artificer's (Queen of Spades) alternative and the transmuted golem's surcharge (0.1.22b "The Tactical Artificer"; docs/RULES.md D140).
 *
 * "Alternatively, she can discard the targeted Golem, drawing a random card from an opponent's hand as a
 * tactical maneuver": UseAbilityAlt on her, for the same `transmute.souls`, then SelectUnit (Pending.DismissGolem)
 * the friendly golem she could dismantle (a Jack; a Queen on `transmute.queensOnTotal`), then SelectPlayer
 * (Pending.RaidHand) the opponent; the card is drawn with the state's RNG into her owner's hand (hidden from
 * everyone else, like any card in a hand).
 *
 * "It will cost one more of its primary resource to reactivate its abilities": the golem that took a dismantled
 * golem's power is flagged Transmuted; each use of its abilities (UseAbility, UseAbilityAlt, Combine) costs
 * `transmute.surcharge` more of its primary resource, the commodity its ability's cost names first.
 */
import { nextInt } from '../../../lib/rng.ts';
import type { Ruleset } from '../rules/index.ts';
import { UnitFlag, type MerlinState } from './state.ts';
import { rankOf, Suit, suitOf } from './cards.ts';
import { removeAt } from './ledger.ts';
import { payToSupply } from './kernel/purse.ts';
import { isArtificer, isGolemCard, removeUnit } from './kernel/units.ts';
import { handFull } from './kernel/hands.ts';

/** Commodity (0 Souls, 1 Elixir Oil, 2 Essence Grain) a golem's ability names first: Oil for the Shielding Sovereign, Grain for the Adaptive Sentinel and the Explosive Artillerist, Souls otherwise. */
export function primaryResource(card: number): number {
  const suit = suitOf(card);
  if (suit === Suit.Diamonds) return 2;
  if (suit === Suit.Clubs && rankOf(card) === 12) return 1;
  return 0;
}

/** The surcharge unit `u` pays on top of its ability: [commodity, amount], amount 0 when not Transmuted. */
export function surcharge(s: MerlinState, rs: Ruleset, u: number): [number, number] {
  if (!(s.unitFlags[u] & UnitFlag.Transmuted)) return [0, 0];
  return [primaryResource(s.unitCard[u]), rs.data.combat.transmute.surcharge];
}

/**
 * `check` (an ability check that reads the owner's holdings) with the surcharge of unit `u` set aside: true
 * when the ability is open and the owner can pay the surcharge as well.
 */
export function withSurcharge(s: MerlinState, rs: Ruleset, u: number, check: () => boolean): boolean {
  const [c, n] = surcharge(s, rs, u);
  if (n === 0) return check();
  const i = s.unitOwner[u] * 3 + c;
  if (s.held[i] < n) return false;
  s.held[i] -= n;
  const ok = check();
  s.held[i] += n;
  return ok;
}

/** Pay unit `u`'s surcharge (if any) to the supply, when its ability is used. */
export function paySurcharge(s: MerlinState, rs: Ruleset, u: number): void {
  const [c, n] = surcharge(s, rs, u);
  if (n > 0) payToSupply(s, s.unitOwner[u], c, n);
}

/** Golem `x` can be discarded by the Artificer `u`: a friendly Jack (a Queen on the roll `queensOnTotal`), not herself. */
export function dismissOk(s: MerlinState, rs: Ruleset, u: number, x: number): boolean {
  if (x === u || s.unitOwner[x] !== s.unitOwner[u] || !isGolemCard(s.unitCard[x])) return false;
  return rankOf(s.unitCard[x]) === 11 || s.die1 + s.die2 === rs.data.combat.transmute.queensOnTotal;
}

/** Opponent `p` has a card in hand for `seat`'s Artificer to draw. */
export function raidTargetOk(s: MerlinState, seat: number, p: number): boolean {
  return p !== seat && p >= 0 && p < s.numPlayers && !s.eliminated[p] && s.hands[p].length > 0;
}

/**
 * The alternative is open to the Artificer `u` (her ability's other conditions are checked by abilityOk):
 * a golem to discard, an opponent with a card in hand, and room in her owner's hand.
 */
export function raidOpen(s: MerlinState, rs: Ruleset, u: number): boolean {
  const seat = s.unitOwner[u];
  if (!isArtificer(s.unitCard[u]) || handFull(s, rs, seat)) return false;
  let x = 0;
  while (x < s.unitCard.length && !dismissOk(s, rs, u, x)) x++;
  if (x === s.unitCard.length) return false;
  for (let p = 0; p < s.numPlayers; p++) if (raidTargetOk(s, seat, p)) return true;
  return false;
}

/** Resolve the alternative: Souls to the supply, golem `x` discarded, a random card of `victim`'s hand into her owner's. */
export function raid(s: MerlinState, rs: Ruleset, u: number, x: number, victim: number): void {
  const seat = s.unitOwner[u];
  payToSupply(s, seat, 0, rs.data.combat.transmute.souls);
  s.unitActed[u] = s.turn;
  removeUnit(s, x);
  const h = nextInt(s.rng, s.hands[victim].length);
  const card = s.hands[victim][h];
  removeAt(s.hands[victim], h);
  removeAt(s.handOrigin[victim], h);
  s.hands[seat].push(card);
  s.handOrigin[seat].push(-1);
}
