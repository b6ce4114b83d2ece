/**
 * Helpers for scenario tests: build a position by hand, then check the rulebook's outcome.
 *
 *   const { s, rs } = game({ players: 4 });          // auction done: seat order 0,1,2,3, turn 1, Main phase of seat 0
 *   putProperty(s, rs, 0, 0, club(5));                // seat 0, slot 0: the 5 of Clubs
 *   resolveRoll(s, rs, 2, 3);                         // a rolled 5 (dice.ts)
 *
 * `game` plays the turn-order auction with all-zero bids under `ties: 'lots'`-free defaults, then forces a
 * fixed seat order and a clean Main phase for seat 0 so scenarios start from a known position.
 */
import { loadRuleset, type Ruleset } from '../rules/index.ts';
import { createGame } from '../engine/setup.ts';
import { Phase, SlotKind, TopKind, type MerlinState } from '../engine/state.ts';
import { applyAction, legalActionList } from '../engine/engine.ts';
import { actionId, Kind } from '../engine/actions.ts';
import { checkConservation } from '../engine/invariants.ts';

/** Card ids of the first 54-card block: club(5) is the 5 of Clubs, etc. Rank 1 = Ace, 11 J, 12 Q, 13 K. */
export const club = (rank: number) => rank - 1;
export const spade = (rank: number) => 13 + rank - 1;
export const heart = (rank: number) => 26 + rank - 1;
export const diamond = (rank: number) => 39 + rank - 1;
export const JOKER = 52;

export interface Game {
  s: MerlinState;
  rs: Ruleset;
}

/**
 * The `classic` ruleset: the readings that were the default before the playable-game revision (12-month year,
 * dominance by elimination, card prices to the Central Bank, no counter votes, 5 Crowns, 'faces' resonance,
 * strict alignment, the first reading decks). Tests of those readings run on it, so each stays an option.
 */
export const classic = (): Ruleset => loadRuleset('classic');

let fourCols: Ruleset | null = null;
/**
 * `full` with fields four columns wide (4 × 4, as in `classic`; the default is 2 × 8, D80): the geometry the combat
 * scenarios were laid out in (`frontLine`: seat 0's slots 0-3 one row, its slot 3 beside seat 1's slot 0).
 */
export const fourColumns = (): Ruleset => (fourCols ??= variant((d) => (d.board.cols = 4)));

let noLoss: Ruleset | null = null;
/** `full` without D157's pocket loss on a rolled 7, for tests where a 7 is incidental to what they check. */
export const noPocketLoss = (): Ruleset => (noLoss ??= variant((d) => (d.sevens.pocketLossPercent = 0)));

/** A game in seat 0's Main phase on turn 1, seat order 0..P-1, all gold and decks as after setup (auction bids 0). */
export function game(opts: { players?: number; seed?: string; ruleset?: Ruleset } = {}): Game {
  const rs = opts.ruleset ?? loadRuleset('full');
  const s = createGame(rs, opts.players ?? 4, opts.seed ?? 'scenario');
  while (s.phase === Phase.AuctionBid) applyAction(s, rs, actionId(rs, Kind.Bid, 0));
  // Force a known table: seat order 0..P-1, seat 0 to act, no roll effects.
  s.order = [...Array(s.numPlayers).keys()];
  s.turnIdx = 0;
  s.phase = Phase.Main;
  s.decider = 0;
  s.actionsThisTurn = 0;
  // The first turn's roll may have moved the wheel (doubles): scenarios start at the ruleset's first portion.
  s.wheelPos = rs.data.start.wheelPortion;
  s.months = 0;
  s.year = 1;
  return { s, rs };
}

/** Remove a specific playing card from wherever it is in the draw/discard piles (to place it by hand). */
export function takeCard(s: MerlinState, card: number): number {
  for (const pile of [s.deck, s.discard]) {
    const i = pile.indexOf(card);
    if (i >= 0) {
      pile.splice(i, 1);
      return card;
    }
  }
  throw new Error(`card ${card} is not in the deck or discard pile`);
}

/** Put a property card on slot `slot` of `seat` (taken from the deck). */
export function putProperty(s: MerlinState, rs: Ruleset, seat: number, slot: number, card: number): number {
  const k = seat * rs.data.table.fieldSlots + slot;
  s.slotKind[k] = SlotKind.Property;
  s.slotCard[k] = takeCard(s, card);
  return k;
}

/** Put a Land on the property at slot `slot` of `seat`. */
export function putLand(s: MerlinState, rs: Ruleset, seat: number, slot: number, card: number): number {
  const k = seat * rs.data.table.fieldSlots + slot;
  s.slotTopKind[k] = TopKind.Land;
  s.slotTop[k] = takeCard(s, card);
  return k;
}

/** Put a lab (Spade: Spell Lab, Heart: Potion Lab) on slot `slot` of `seat`. */
export function putLab(s: MerlinState, rs: Ruleset, seat: number, slot: number, card: number): number {
  const k = seat * rs.data.table.fieldSlots + slot;
  s.slotKind[k] = card >= 26 && card < 39 ? SlotKind.PotionLab : SlotKind.SpellLab;
  s.slotCard[k] = takeCard(s, card);
  return k;
}

/** Move `n` gold from the Central Bank to `seat`'s pocket (keeps gold conserved). */
export function giveGold(s: MerlinState, seat: number, n: number): void {
  s.centralBank -= n;
  s.gold[seat] += n;
}

/** Move `n` units of commodity `c` (0 Souls, 1 Elixir Oil, 2 Essence Grain) from the supply to `seat`. */
export function giveCommodity(s: MerlinState, seat: number, c: number, n: number): void {
  s.supply[c] -= n;
  s.held[seat * 3 + c] += n;
}

/** Put a playing card (taken from the deck) into `seat`'s hand, playable now. */
export function giveCard(s: MerlinState, seat: number, card: number): void {
  s.hands[seat].push(takeCard(s, card));
  s.handOrigin[seat].push(-1);
}

/** Stack the deck so the next card drawn is `card`. */
export function stackDeck(s: MerlinState, card: number): void {
  takeCard(s, card);
  s.deck.push(card);
}

/** Apply (kind, arg, arg2) for the current decider; throws if illegal. */
export function act(g: Game, kind: Kind, arg = 0, arg2 = 0): void {
  applyAction(g.s, g.rs, actionId(g.rs, kind, arg, arg2));
}

/** True when (kind, arg, arg2) is among the legal actions. */
export function isLegal(g: Game, kind: Kind, arg = 0, arg2 = 0): boolean {
  return legalActionList(g.s, g.rs).includes(actionId(g.rs, kind, arg, arg2));
}

/** Assert conservation holds (throws with the violations). */
export function assertConserved(g: Game): void {
  const v = checkConservation(g.s, g.rs);
  if (v.length) throw new Error('invariant violations:\n' + v.join('\n'));
}

// ---------------------------------------------------------------------------------------------------------
// Helpers added for the scenario suites (append only).
// ---------------------------------------------------------------------------------------------------------
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileRuleset, CARDS_DIR, RULESETS_DIR } from '../rules/index.ts';
import type { RulesetData } from '../rules/schema.ts';
import { seedRng, cloneRng, rollD6, type RngState } from '../../../lib/rng.ts';
import { HAND_POTION, HAND_SPELL, serializeState } from '../engine/state.ts';
import type { DeckName } from '../cards/schema.ts';
import { DECK_INDEX } from '../engine/kernel/card-defs.ts';

/**
 * A ruleset variant: a deep copy of the shipped `full` ruleset data, changed by `patch`, validated and
 * compiled with compileRuleset (so the hash differs from `full`).
 */
export function variant(patch: (d: RulesetData) => void): Ruleset {
  const json = JSON.parse(readFileSync(join(RULESETS_DIR, 'full.json'), 'utf8')) as RulesetData;
  patch(json);
  return compileRuleset(json, (file) => JSON.parse(readFileSync(join(CARDS_DIR, file), 'utf8')), 'variant');
}

const rigCache = new Map<string, RngState>();
/**
 * Set the state's RNG so that the next two d6 rolls (the next turn's dice, when nothing else draws from
 * the RNG first) are `d1` and `d2`. Searches a fixed family of seeds, so it is deterministic.
 */
export function nextRoll(s: MerlinState, d1: number, d2: number): void {
  const key = `${d1},${d2}`;
  let hit = rigCache.get(key);
  for (let i = 0; !hit; i++) {
    const r = seedRng(`rig/${key}/${i}`);
    const probe = cloneRng(r);
    if (rollD6(probe) === d1 && rollD6(probe) === d2) {
      hit = r;
      rigCache.set(key, r);
    }
  }
  s.rng = cloneRng(hit);
}

/** Instance ids of custom deck `deck` whose card definition has id `defId`. */
export function instancesOf(rs: Ruleset, deck: DeckName, defId: string): number[] {
  const d = rs.cards[deck];
  const out: number[] = [];
  for (let i = 0; i < d.instanceDef.length; i++) if (d.defs[d.instanceDef[i]].id === defId) out.push(i);
  if (out.length === 0) throw new Error(`no card ${defId} in ${deck}`);
  return out;
}

/** Remove instance `inst` of custom deck `deck` from its draw or discard pile. */
export function takeCustom(s: MerlinState, deck: DeckName, inst: number): number {
  const d = DECK_INDEX[deck];
  for (const pile of [s.cdeck[d], s.cdiscard[d]]) {
    const i = pile.indexOf(inst);
    if (i >= 0) {
      pile.splice(i, 1);
      return inst;
    }
  }
  throw new Error(`${deck} instance ${inst} is not in its deck or discard pile`);
}

/** Put instance `inst` of custom deck `deck` on top of its draw pile (drawn next). */
export function stackCustom(s: MerlinState, deck: DeckName, inst: number): void {
  takeCustom(s, deck, inst);
  s.cdeck[DECK_INDEX[deck]].push(inst);
}

/** Put a spell (first free instance of card `defId`) into `seat`'s hand, produced by the lab now in slot `origin` (-1: none). Returns the instance. */
export function giveSpell(g: Game, seat: number, defId: string, origin = -1): number {
  const inst = instancesOf(g.rs, 'spells', defId).find((i) => g.s.cdeck[DECK_INDEX.spells].includes(i))!;
  takeCustom(g.s, 'spells', inst);
  g.s.hands[seat].push(HAND_SPELL + inst);
  g.s.handOrigin[seat].push(labCardAt(g, seat, origin));
  return inst;
}

/** The card id of the lab in slot `slot` of `seat` (how the engine records which lab made a card), or -1. */
export function labCardAt(g: Game, seat: number, slot: number): number {
  return slot < 0 ? -1 : g.s.slotCard[seat * g.rs.data.table.fieldSlots + slot];
}

/** Put a potion recipe (first free instance of `defId`) into `seat`'s hand, from the lab now in slot `origin` (-1: none). */
export function givePotion(g: Game, seat: number, defId: string, origin = -1): number {
  const inst = instancesOf(g.rs, 'potions', defId).find((i) => g.s.cdeck[DECK_INDEX.potions].includes(i))!;
  takeCustom(g.s, 'potions', inst);
  g.s.hands[seat].push(HAND_POTION + inst);
  g.s.handOrigin[seat].push(labCardAt(g, seat, origin));
  return inst;
}

/** Build a Chauffeur on slot `slot` of `seat` from two Club cards, with `vault` gold moved from the Central Bank. */
export function putChauffeur(s: MerlinState, rs: Ruleset, seat: number, slot: number, cardA: number, cardB: number, vault = 0): number {
  const k = seat * rs.data.table.fieldSlots + slot;
  s.slotKind[k] = SlotKind.Chauffeur;
  s.slotCard[k] = takeCard(s, cardA);
  s.slotTopKind[k] = TopKind.ChauffeurPair;
  s.slotTop[k] = takeCard(s, cardB);
  s.centralBank -= vault;
  s.slotVault[k] = vault;
  return k;
}

/** Put a Spell Shop (Spade lab card) or Brewery (Heart lab card) on the property at slot `slot` of `seat`. */
export function putSpecialised(s: MerlinState, rs: Ruleset, seat: number, slot: number, labCard: number): number {
  const k = seat * rs.data.table.fieldSlots + slot;
  s.slotTopKind[k] = labCard >= 26 && labCard < 39 ? TopKind.Brewery : TopKind.SpellShop;
  s.slotTop[k] = takeCard(s, labCard);
  return k;
}

/** Slot key of slot `slot` of `seat`. */
export function key(g: Game, seat: number, slot: number): number {
  return seat * g.rs.data.table.fieldSlots + slot;
}

/** The serialised state (to check that a refused action changed nothing). */
export function snap(g: Game): string {
  return serializeState(g.s);
}

// ---------------------------------------------------------------------------------------------------------
// Combat helpers (the board, units and attacks).
// ---------------------------------------------------------------------------------------------------------

const diceRigCache = new Map<string, RngState>();
/** Set the state's RNG so that the next d6 rolls are `dice`, in order (a fixed seed search, deterministic). */
export function nextDice(s: MerlinState, ...dice: number[]): void {
  const k = dice.join(',');
  let hit = diceRigCache.get(k);
  for (let i = 0; !hit; i++) {
    const r = seedRng(`rig-dice/${k}/${i}`);
    const probe = cloneRng(r);
    if (dice.every((d) => rollD6(probe) === d)) {
      hit = r;
      diceRigCache.set(k, r);
    }
  }
  s.rng = cloneRng(hit);
}

/**
 * Put `seat`'s unit (a Jack, Queen or King taken from the deck) on slot `slot` of `field`'s field (default:
 * its own) with the given Attack Power / Strength and Hit Points / Health, active at once unless
 * `activeFrom` says otherwise. Returns its unit index.
 */
export function putUnit(
  g: Game,
  seat: number,
  slot: number,
  card: number,
  atk: number,
  hp: number,
  o: { stance?: number; activeFrom?: number; field?: number } = {},
): number {
  const s = g.s;
  s.unitCard.push(takeCard(s, card));
  s.unitOwner.push(seat);
  s.unitPos.push(key(g, o.field ?? seat, slot));
  s.unitAtk.push(atk);
  s.unitHp.push(hp);
  s.unitActiveFrom.push(o.activeFrom ?? 0);
  s.unitActed.push(-1);
  s.unitStance.push(o.stance ?? 0);
  s.unitShield.push(0);
  s.unitExtraAttacks.push(0);
  s.unitFlags.push(0);
  return s.unitCard.length - 1;
}

/** The board square id of `seat`'s slot `slot` as seen by `from` (default: the decider): offset × fieldSlots + slot. */
export function sq(g: Game, seat: number, slot: number, from = g.s.decider): number {
  return ((seat - from + g.s.numPlayers) % g.s.numPlayers) * g.rs.data.table.fieldSlots + slot;
}

/** Make `seat` the active player in a bare Main phase of a new turn (no roll, no turn-start effects). */
export function activeTurn(g: Game, seat: number): void {
  g.s.turn++;
  g.s.turnIdx = g.s.order.indexOf(seat);
  g.s.phase = Phase.Main;
  g.s.decider = seat;
  g.s.actionsThisTurn = 0;
}

/**
 * Stack the decree deck so the next decrees revealed are `ids` (first = option 0), then buy a King as the active
 * seat (the first King of Spades, Hearts, Clubs, Diamonds still in the piles: a bought King stays as a Royal Guard).
 * Returns the decree instances.
 */
export function drawKing(g: Game, ids: string[]): number[] {
  const insts = ids.map((id, i) => instancesOf(g.rs, 'royalDecrees', id)[ids.slice(0, i).filter((x) => x === id).length]);
  for (let i = insts.length - 1; i >= 0; i--) stackCustom(g.s, 'royalDecrees', insts[i]);
  const king = [spade(13), heart(13), club(13), diamond(13)].find((c) => g.s.deck.includes(c) || g.s.discard.includes(c))!;
  stackDeck(g.s, king);
  applyAction(g.s, g.rs, actionId(g.rs, Kind.BuyCard));
  return insts;
}

/** Seat 0's field slot 3 touches seat 1's slot 0 (board.ts) on `fourColumns()`, the default here: the usual front line of the combat scenarios. */
export function frontLine(ruleset: Ruleset = fourColumns()): Game {
  const g = game({ ruleset });
  putProperty(g.s, g.rs, 0, 3, club(2));
  putProperty(g.s, g.rs, 1, 0, club(5));
  return g;
}
