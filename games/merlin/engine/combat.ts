/**
 * Golems, the Royal Guard and combat. 0.1.27b "The Animated Guardians", "The Royal Guard",
 * "The Art of War"; 0.1.22b "Golem Stacking", "Suit Synergy", "Terrain Effects", each King; 0.1.14a
 * "Jacks and Queens" (healing on 11/12); 0.1.27b "Breweries" (Last Call). Interpretations: docs/RULES.md
 * D80..D109.
 *
 * Units (golems from Jacks and Queens, Royal Guards from Kings) stand on cards of the board (board.ts) and
 * live in the state's `unit*` arrays, in order of arrival. A unit is commanded in three steps that are
 * separate actions: pick the unit (CommandUnit), then the verb (Move, AttackProperty, AttackUnit, Defend,
 * UseAbility, UseAbilityAlt), then the target square or unit. The named golems' and Kings' abilities are
 * UseAbility verbs; Coordinated Strike and Transmute Golem open further unit choices (engine.ts). Every
 * check here is the reference for `whyIllegal` and is reused by the fast enumerator, so the two agree.
 *
 * Units: Attack Power / Strength in `unitAtk`, Hit Points / Health in `unitHp`; a unit at 0 is defeated and
 * its card goes to the discard pile. Cards take hits in `slotHits`: a card is destroyed (face down) at its
 * hit points (`combat.propertyHp`, or `combat.permittedPropertyHp` with a Land, Spell Shop or Brewery on
 * top); a permitted property that has been hit pays no gold and takes no investment.
 *
 * Chapters: combat-units.ts (units and squares, animating golems, motivating Royal Guards), combat-attacks.ts
 * (moves, attacks, defence and how blows resolve), combat-abilities.ts (the named golems' and Kings' abilities).
 * This module holds the verb checks, the hooks called by the turn, the dice and setup, and the action kinds, and
 * re-exports the chapters' public functions.
 */
import { rollD6 } from '../../../lib/rng.ts';
import type { Ruleset } from '../rules/index.ts';
import { type MerlinState, Pending, Phase, SlotKind, TopKind, UnitFlag } from './state.ts';
import { rankOf, Suit, suitOf } from './cards.ts';
import { comboOpen } from './combinations.ts';
import { paySurcharge } from './artificer.ts';
import { removeAt } from './ledger.ts';
import { isArtificer, isGolemCard, isGuardCard, unitsOn } from './kernel/units.ts';
import { Kind } from './actions.ts';
import type { KindRules } from './registry.ts';
import { handName, slotName, squareName } from './kernel/names.ts';
import { backToMain, openSub } from './kernel/phase.ts';
import { checkAnimate, checkMotivate, destroyed, enemyOn, KEPT, squareKey, unitAt, Verb } from './combat-units.ts';
import { anyAttackProperty, anyAttackUnit, anyMove, defend, defendOk } from './combat-attacks.ts';
import { abilityOk, coordVerbOk, isHarmonious, useAbility } from './combat-abilities.ts';
/** Re-exported for agents that read the board here. */
export { isGuardCard } from './kernel/units.ts';
export {
  animate,
  cardHp,
  checkAnimate,
  checkMotivate,
  destroyed,
  enemyOn,
  fresh,
  isAggressive,
  motivate,
  motivationCost,
  near,
  placeOk,
  squareKey,
  squareOf,
  unitAt,
  Verb,
} from './combat-units.ts';
export {
  attackProperty,
  attackPropertyOk,
  attackUnit,
  attackUnitOk,
  colossusAgainst,
  coordinatedStrike,
  defend,
  defendOk,
  moveOk,
  moveUnit,
  power,
  strike,
  sweep,
  ward,
} from './combat-attacks.ts';
export {
  abilityOk,
  bombard,
  combatTurnEnd,
  coordVerbOk,
  isHarmonious,
  partnerOk,
  recipientOk,
  sacrificeOk,
  transmute,
  useAbility,
} from './combat-abilities.ts';

// ---------------------------------------------------------------------------------------------------------
// Commands: which verbs a unit may take now
// ---------------------------------------------------------------------------------------------------------

/** Why unit `u` cannot take `verb` now, or null. Each verb needs at least one legal target. */
export function checkVerb(s: MerlinState, rs: Ruleset, u: number, verb: number): string | null {
  switch (verb) {
    case Verb.Move:
      return anyMove(s, rs, u) ? null : 'no square to move to (or the unit has acted)';
    case Verb.AttackProperty:
      return anyAttackProperty(s, rs, u) ? null : 'no enemy card in reach that this unit may attack';
    case Verb.AttackUnit:
      return anyAttackUnit(s, rs, u) ? null : 'no enemy unit in reach that this unit may attack';
    case Verb.Defend:
      return defendOk(s, rs, u) ? null : 'the unit cannot defend here';
    case Verb.UseAbility:
      return abilityOk(s, rs, u) ? null : 'no ability to use';
    case Verb.UseAbilityAlt:
      return abilityOk(s, rs, u, true) ? null : 'no second ability option to use';
    case Verb.Combine:
      return comboOpen(s, rs, u)
        ? null
        : "no combination attack: needs the Queen's ability, its partner Jack stacked or adjacent, and the cost";
    case Verb.UseAbilityThird:
      return isGuardCard(s.unitCard[u]) && suitOf(s.unitCard[u]) === Suit.Diamonds && abilityOk(s, rs, u, true)
        ? null
        : 'no third ability option to use';
  }
  return 'no such verb';
}

/** Why `seat` cannot command unit `u` now (its own, active, with something to do), or null. */
export function checkCommand(s: MerlinState, rs: Ruleset, seat: number, u: number): string | null {
  if (u < 0) return 'no unit there';
  if (s.unitOwner[u] !== seat) return 'not your unit';
  if (abilityOk(s, rs, u) || abilityOk(s, rs, u, true)) return null;
  if (s.unitActiveFrom[u] > s.turn) return 'the unit becomes active on your next turn';
  for (let v = Verb.Move; v <= Verb.Defend; v++) if (checkVerb(s, rs, u, v) === null) return null;
  return 'the unit has nothing left to do this turn';
}

/** Why unit `u` cannot take `verb` now, or null: the abilities are the only verbs open before a unit becomes active. */
export function verbOpen(s: MerlinState, rs: Ruleset, u: number, verb: number): string | null {
  if (verb < Verb.UseAbility && s.unitActiveFrom[u] > s.turn) return 'the unit becomes active on your next turn';
  return checkVerb(s, rs, u, verb);
}

// ---------------------------------------------------------------------------------------------------------
// Hooks called by the turn, the dice and bankruptcy
// ---------------------------------------------------------------------------------------------------------

/**
 * At the start of `seat`'s turn its units' one-turn effects end (shield, Immovable, Center of Attention,
 * extra attacks, abilities used, Tactical Flexibility, doubling); a Royal Boon lasts.
 */
export function combatTurnStart(s: MerlinState, seat: number): void {
  for (let u = 0; u < s.unitCard.length; u++) {
    if (s.unitOwner[u] !== seat) continue;
    s.unitShield[u] = 0;
    s.unitExtraAttacks[u] = 0;
    s.unitFlags[u] &= s.unitActiveFrom[u] > s.turn ? KEPT | UnitFlag.Dormant : KEPT;
  }
}

/**
 * Who receives what the card on `k` (owned by `seat`) produces (0.1.27b "Attacking Properties" 5-6): an
 * enemy golem on the card seizes it; with one of the owner's golems defending there as well the card is
 * entrenched and a d6 decides (up to `entrenchedProducesUpTo`: the owner, else nobody: -1).
 */
export function productionRecipient(s: MerlinState, rs: Ruleset, seat: number, k: number): number {
  let attacker = -1;
  let defended = false;
  for (let u = 0; u < s.unitCard.length; u++) {
    if (s.unitPos[u] !== k || !isGolemCard(s.unitCard[u])) continue;
    if (s.unitOwner[u] !== seat) {
      if (attacker < 0) attacker = s.unitOwner[u];
    } else if (s.unitStance[u] === 1) defended = true;
  }
  if (attacker < 0) return seat;
  if (!defended) return attacker;
  return rollD6(s.rng) <= rs.data.combat.entrenchedProducesUpTo ? seat : -1;
}

/** On a roll in `healOnTotals`, a defending golem heals the damaged (not destroyed) card it defends one hit, unless an enemy stands there. */
export function healOnRoll(s: MerlinState, rs: Ruleset, total: number): void {
  if (s.unitCard.length === 0 || !rs.data.combat.healOnTotals.includes(total)) return;
  const F = rs.data.table.fieldSlots;
  const healed: number[] = [];
  for (let u = 0; u < s.unitCard.length; u++) {
    const k = s.unitPos[u];
    if (s.unitStance[u] !== 1 || !isGolemCard(s.unitCard[u]) || ((k / F) | 0) !== s.unitOwner[u]) continue;
    if (s.slotHits[k] === 0 || destroyed(s, rs, k) || enemyOn(s, k, s.unitOwner[u]) || healed.includes(k)) continue;
    s.slotHits[k]--;
    healed.push(k);
  }
}

/**
 * Why `seat` cannot recall its Royal Guard to the Brewery on field slot `slot` ("Last Call"), or null: a
 * Mead, a guard on the field elsewhere, and an unoccupied Brewery (no unit on it, not destroyed). 0.1.27b
 * "Breweries" (D109).
 */
export function checkLastCall(s: MerlinState, rs: Ruleset, seat: number, slot: number): string | null {
  if (!rs.data.combat.royalGuards) return 'Royal Guards are off in this ruleset';
  if (s.mead[seat] < 1) return 'Last Call costs a Mead';
  const k = seat * rs.data.table.fieldSlots + slot;
  if (s.slotKind[k] !== SlotKind.Property || s.slotTopKind[k] !== TopKind.Brewery) return 'not one of your Breweries';
  if (destroyed(s, rs, k) || unitsOn(s, k) > 0) return 'the Brewery is not unoccupied';
  for (let u = 0; u < s.unitCard.length; u++) if (s.unitOwner[u] === seat && isGuardCard(s.unitCard[u])) return null;
  return 'no Royal Guard of yours on the field';
}

/** Last Call: `seat`'s Royal Guard goes to the Brewery on `slot` and defends it; one Mead is used up. */
export function lastCall(s: MerlinState, rs: Ruleset, seat: number, slot: number): void {
  s.mead[seat]--;
  for (let u = 0; u < s.unitCard.length; u++) {
    if (s.unitOwner[u] !== seat || !isGuardCard(s.unitCard[u])) continue;
    s.unitPos[u] = seat * rs.data.table.fieldSlots + slot;
    s.unitStance[u] = 1;
    return;
  }
}

/**
 * The `skirmish` start (`combat.start`): every seat is dealt Club properties, golems (Jacks, Queens) and
 * Kings from the top of the shuffled deck into its hand, playable at once, and commodities from the supply.
 */
export function dealSkirmish(s: MerlinState, rs: Ruleset): void {
  const st = rs.data.combat.start;
  for (let p = 0; p < s.numPlayers; p++) {
    const want = [st.properties, st.golems, st.kings];
    const fits = [
      (c: number) => suitOf(c) === Suit.Clubs && rankOf(c) >= 2 && rankOf(c) <= 10 && rankOf(c) !== 7,
      isGolemCard,
      isGuardCard,
    ];
    for (let g = 0; g < 3; g++) {
      for (let i = s.deck.length - 1; i >= 0 && want[g] > 0; i--) {
        const c = s.deck[i];
        if (!fits[g](c)) continue;
        removeAt(s.deck, i);
        s.hands[p].push(c);
        s.handOrigin[p].push(-1);
        want[g]--;
      }
    }
    const want3 = [st.souls, st.elixirOil, st.essenceGrain];
    for (let c = 0; c < 3; c++) {
      const n = Math.min(want3[c], s.supply[c]);
      s.supply[c] -= n;
      s.held[p * 3 + c] += n;
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// The action kinds: placing units, commanding one, and its verbs
// ---------------------------------------------------------------------------------------------------------

/** The verb of each verb kind (Move .. UseAbility, UseAbilityAlt, Combine, UseAbilityThird). */
export function verbOfKind(kind: number): number {
  return kind === Kind.UseAbilityAlt
    ? Verb.UseAbilityAlt
    : kind === Kind.Combine
      ? Verb.Combine
      : kind === Kind.UseAbilityThird
        ? Verb.UseAbilityThird
        : kind - Kind.Move + Verb.Move;
}

/** Why the commanded unit cannot take `verb`, or null; with a Coordinated Strike partner chosen, only a shared attack. */
export function checkUnitVerb(s: MerlinState, rs: Ruleset, verb: number): string | null {
  if (s.cmdPartner < 0) return verbOpen(s, rs, s.cmdUnit, verb);
  return coordVerbOk(s, rs, s.cmdUnit, s.cmdPartner, verb) ? null : 'no target both golems of the Coordinated Strike can attack';
}

/** A verb kind's check: the commanded unit can take the kind's verb. */
function verbCheck(s: MerlinState, rs: Ruleset, _seat: number, _a: number, _b: number, kind: number): string | null {
  return checkUnitVerb(s, rs, verbOfKind(kind));
}

/** UseAbility / UseAbilityAlt: the surcharge of a transmuted golem (D140), then the ability or its first sub-decision. */
function applyAbility(s: MerlinState, rs: Ruleset, _seat: number, _a: number, _b: number, kind: number): void {
  paySurcharge(s, rs, s.cmdUnit);
  if (kind === Kind.UseAbilityAlt && isArtificer(s.unitCard[s.cmdUnit])) {
    s.phase = Phase.SelectUnit;
    s.pending = Pending.DismissGolem;
    return;
  }
  if (isHarmonious(s.unitCard[s.cmdUnit]) || isArtificer(s.unitCard[s.cmdUnit])) {
    // Coordinated Strike: the partner, then the shared attack. Transmute Golem: the golem to dismantle, then the recipient.
    s.phase = Phase.SelectUnit;
    s.pending = isHarmonious(s.unitCard[s.cmdUnit]) ? Pending.CoordPartner : Pending.TransmuteSacrifice;
    return;
  }
  useAbility(s, rs, s.cmdUnit, kind === Kind.UseAbilityAlt);
  backToMain(s);
}

/** Golems, the Royal Guard and their commands (0.1.27b "The Animated Guardians", "The Royal Guard", "The Art of War"). */
export const COMBAT_RULES: KindRules = {
  [Kind.Animate]: {
    phases: [Phase.Main],
    check: checkAnimate,
    apply: (s, _rs, seat, a) => openSub(s, seat, Phase.SelectSquare, Pending.PlaceGolem, a),
    describe: (rs, a, _b, s) => `animate ${handName(rs, s, a)} as a golem`,
  },
  [Kind.Motivate]: {
    phases: [Phase.Main],
    check: (s, rs, seat, a) => checkMotivate(s, rs, seat, a, false),
    apply: (s, _rs, seat, a) => openSub(s, seat, Phase.SelectSquare, Pending.PlaceGuard, a),
    describe: (rs, a, _b, s) => `motivate ${handName(rs, s, a)} as a Royal Guard (active next turn)`,
  },
  [Kind.MotivateNow]: {
    phases: [Phase.Main],
    check: (s, rs, seat, a) => checkMotivate(s, rs, seat, a, true),
    apply: (s, _rs, seat, a) => openSub(s, seat, Phase.SelectSquare, Pending.PlaceGuardNow, a),
    describe: (rs, a, _b, s) => `motivate ${handName(rs, s, a)} as a Royal Guard, active at once`,
  },
  [Kind.CommandUnit]: {
    phases: [Phase.Main],
    check: (s, rs, seat, a, b) => {
      const k = squareKey(s, rs, seat, a);
      return checkCommand(s, rs, seat, k < 0 ? -1 : unitAt(s, k, b));
    },
    apply: (s, rs, seat, a, b) => {
      s.cmdUnit = unitAt(s, squareKey(s, rs, seat, a), b);
      s.phase = Phase.UnitVerb;
    },
    describe: (rs, a, b, s) => `command the unit at ${squareName(rs, s, a)}, level ${b}`,
  },
  [Kind.LastCall]: {
    phases: [Phase.Main],
    check: checkLastCall,
    apply: lastCall,
    describe: (rs, a, _b, s) => `Last Call: recall your Royal Guard to the Brewery in ${slotName(rs, s, a)} for a Mead`,
  },
  [Kind.Move]: {
    phases: [Phase.UnitVerb],
    check: verbCheck,
    apply: (s) => {
      s.phase = Phase.SelectSquare;
      s.pending = Pending.MoveUnit;
    },
    describe: () => 'move the unit',
  },
  [Kind.AttackProperty]: {
    phases: [Phase.UnitVerb],
    check: verbCheck,
    apply: (s) => {
      s.phase = Phase.SelectSquare;
      s.pending = s.cmdPartner >= 0 ? Pending.CoordAttackProperty : Pending.AttackProperty;
    },
    describe: () => 'attack a card with the unit',
  },
  [Kind.AttackUnit]: {
    phases: [Phase.UnitVerb],
    check: verbCheck,
    apply: (s) => {
      s.phase = Phase.SelectUnit;
      s.pending = s.cmdPartner >= 0 ? Pending.CoordAttackUnit : Pending.AttackUnit;
    },
    describe: () => 'attack a unit with the unit',
  },
  [Kind.Defend]: {
    phases: [Phase.UnitVerb],
    check: verbCheck,
    apply: (s) => {
      defend(s, s.cmdUnit);
      backToMain(s);
    },
    describe: () => 'defend the card the unit stands on',
  },
  [Kind.UseAbility]: { phases: [Phase.UnitVerb], check: verbCheck, apply: applyAbility, describe: () => "use the unit's ability" },
  [Kind.UseAbilityAlt]: {
    phases: [Phase.UnitVerb],
    check: verbCheck,
    apply: applyAbility,
    describe: () => "use the ability's second option (+1 Hit Point)",
  },
  [Kind.UseAbilityThird]: {
    phases: [Phase.UnitVerb],
    check: verbCheck,
    apply: (s, rs) => {
      useAbility(s, rs, s.cmdUnit, false, true); // the Grand Artificer's Sharpen Blades (D139); a King is never transmuted
      backToMain(s);
    },
    describe: () => "use the ability's third option (the Grand Artificer's Sharpen Blades: +2 Strength)",
  },
  [Kind.Combine]: {
    phases: [Phase.UnitVerb],
    check: verbCheck,
    apply: (s, rs) => {
      paySurcharge(s, rs, s.cmdUnit);
      s.phase = Phase.SelectUnit;
      s.pending = Pending.ComboPartner;
    },
    describe: () => "the Queen's combination attack (then the Jack that joins her)",
  },
};
