/**
 * Merlin's observation blocks of combat (env/observation.ts): the unit sub-decision, damage to cards, every
 * unit on the board of units, and the units' combinations, Fortify Will and deactivation.
 */
import { Pending, Phase, UnitFlag, type MerlinState } from '../../engine/state.ts';
import { cardHp } from '../../engine/combat.ts';
import { rankOf } from '../../engine/cards.ts';
import { record, type Block, type Put } from './block.ts';

/** Combat: its segments and its writers. */
export function combatBlock(ctx: Block, put: Put) {
  const { rs, d, full, L, M, F, seatWord, relWord, relOf } = ctx;

  // ======== combat: units on the board, damage to cards, the open unit command (all public)
  const LV = d.combat.stackMax;
  const SQ = M * F;
  const UNIT = record({
    present: 1,
    ownedByObserver: 1,
    ownsSquare: 1,
    queen: 1,
    king: 1,
    suit: 4,
    attack: 1,
    hp: 1,
    defending: 1,
    mayAct: 1,
    abilityReady: 1,
    centerOfAttention: 1,
    immovable: 1,
    shield: 1,
    boon: 1,
    bulwark: 1,
    aegis: 1,
  });
  const oCPhase = L.add(
    'combat.phase',
    3,
    'One-hot over the combat sub-decisions: UnitVerb, SelectSquare, SelectUnit (all zero otherwise).',
  );
  const oCPending = L.add(
    'combat.pending',
    12,
    'One-hot over the Pending values of placement and combat: PlaceGolem, PlaceGuard, PlaceGuardNow, MoveUnit, AttackProperty, AttackUnit, PlaceCard (where a played property or lab goes), CoordPartner, CoordAttackProperty, CoordAttackUnit, TransmuteSacrifice, TransmuteRecipient.',
  );
  const oCCmd = L.add(
    'combat.commandedUnit',
    SQ * LV,
    `[${M}] ${relWord}s × [${F}] slots × [${LV}] stack levels: 1 where the unit being commanded stands, 0.5 its Coordinated Strike partner or the golem it dismantles; all zero when none.`,
  );
  const oCHits = L.add(
    'combat.hits',
    SQ,
    `${seatWord} × [${F}] slots: hits the card has taken / its hit points (1 = destroyed, face down).`,
  );
  const oCUnit = L.add(
    'combat.units',
    SQ * LV * UNIT.width,
    `${seatWord} × [${F}] slots × [${LV}] stack levels (units in order of arrival) × [${UNIT.width}]: present; owned by the observer (always 0 in the state tensor, see combat.unitOwner)` +
      "; owned by the seat whose card it stands on (a defender's side); Queen; King (else a Jack); suit one-hot Clubs, Spades, Hearts, Diamonds; " +
      'Attack Power or Strength (with Tactical Flexibility and Impetuous Assault doubling) / 12 (clipped); Hit Points or Health / 12 (clipped); defending; may act now (active and not yet acted this turn); ' +
      "King's ability ready; Center of Attention; Immovable; shield / 6 (clipped); Royal Boon given (0.5 the bonus, 1 the big bonus); Bulwark Stance; Aegis interceptions left / 2.",
  );
  const oCOwner = full
    ? L.add('combat.unitOwner', SQ * LV * M, `[${M}] seats × [${F}] slots × [${LV}] levels × [${M}]: one-hot owner seat of the unit.`)
    : -1;

  /**
   * Unit u's place in the board-of-units segments (combat.units, combat.units2, combat.commandedUnit):
   * (relative seat × fieldSlots + slot) × stackMax + its level on the square (order of arrival); -1 above the stack.
   */
  function unitPlace(s: MerlinState, u: number): number {
    const k = s.unitPos[u];
    let level = 0;
    for (let t = 0; t < u; t++) if (s.unitPos[t] === k) level++;
    return level < LV ? (relOf[(k / F) | 0] * F + (k % F)) * LV + level : -1;
  }

  /** The combat sub-decision, damage to cards, and every unit on the board. */
  function writeCombat(s: MerlinState, observer: number): void {
    const phase = s.phase;
    if (phase >= Phase.UnitVerb && phase <= Phase.SelectUnit) put(oCPhase + phase - Phase.UnitVerb, 1);
    if (s.pending >= Pending.PlaceGolem && s.pending <= Pending.TransmuteRecipient) put(oCPending + s.pending - Pending.PlaceGolem, 1);
    const hits = s.slotHits;
    const n = hits.length;
    for (let k = 0; k < n; k++) {
      if (hits[k] === 0) continue;
      const v = hits[k] / cardHp(s, rs, k);
      put(oCHits + relOf[(k / F) | 0] * F + (k % F), v > 1 ? 1 : v);
    }
    const units = s.unitCard.length;
    const turn = s.turn;
    for (let u = 0; u < units; u++) {
      const j = unitPlace(s, u);
      if (j < 0) continue;
      const seatOfSquare = (s.unitPos[u] / F) | 0;
      if (u === s.cmdUnit) put(oCCmd + j, 1);
      else if (u === s.cmdPartner) put(oCCmd + j, 0.5);
      const o = oCUnit + j * UNIT.width;
      const owner = s.unitOwner[u];
      const f = s.unitCard[u] % 54;
      const rank = rankOf(f);
      put(o + UNIT.present, 1);
      if (!full && owner === observer) put(o + UNIT.ownedByObserver, 1);
      if (owner === seatOfSquare) put(o + UNIT.ownsSquare, 1);
      if (rank === 12) put(o + UNIT.queen, 1);
      else if (rank === 13) put(o + UNIT.king, 1);
      put(o + UNIT.suit + ((f / 13) | 0), 1);
      const fl = s.unitFlags[u];
      const atk = (s.unitAtk[u] + (fl & UnitFlag.Flex1 ? 1 : 0) + (fl & UnitFlag.Flex2 ? 2 : 0)) * (fl & UnitFlag.Doubled ? 2 : 1);
      const hp = s.unitHp[u];
      put(o + UNIT.attack, atk >= 12 ? 1 : atk / 12);
      put(o + UNIT.hp, hp >= 12 ? 1 : hp / 12);
      if (s.unitStance[u] === 1) put(o + UNIT.defending, 1);
      if (s.unitActiveFrom[u] <= turn && s.unitActed[u] !== turn) put(o + UNIT.mayAct, 1);
      if (fl & UnitFlag.AbilityReady) put(o + UNIT.abilityReady, 1);
      if (fl & UnitFlag.CenterOfAttention) put(o + UNIT.centerOfAttention, 1);
      if (fl & UnitFlag.Immovable) put(o + UNIT.immovable, 1);
      const sh = s.unitShield[u];
      if (sh > 0) put(o + UNIT.shield, sh >= 6 ? 1 : sh / 6);
      if (fl & UnitFlag.BigBoon) put(o + UNIT.boon, 1);
      else if (fl & UnitFlag.Boon) put(o + UNIT.boon, 0.5);
      if (fl & UnitFlag.Bulwark) put(o + UNIT.bulwark, 1);
      if (fl & UnitFlag.Aegis2) put(o + UNIT.aegis, 1);
      else if (fl & UnitFlag.Aegis1) put(o + UNIT.aegis, 0.5);
      if (full) put(oCOwner + j * M + owner, 1);
    }
  }

  // ======== combinations, spells on units, the Artificer (D136, D138-D140)
  const UNIT2 = record({ guarded: 1, inspiring: 1, fortifiedWill: 1, dormant: 1, transmuted: 1 });
  const oCUnit2 = L.add(
    'combat.units2',
    SQ * LV * UNIT2.width,
    `${seatWord} × [${F}] slots × [${LV}] stack levels (as combat.units) × [${UNIT2.width}]: ` +
      "Coordinated Defense (the Aegis takes the next golem attack on it); Inspiring Bulwark given with this Liege's Royal Boon; " +
      'Fortify Will (resists spells, D139); deactivated by a card: turns until it is active again / 8 (clipped; D138); ' +
      'transmuted (its abilities cost more, D140).',
  );

  /** The units' combination flags, Fortify Will, deactivation; the open choices are in `pending`. */
  function writeCombat2(s: MerlinState): void {
    const units = s.unitCard.length;
    for (let u = 0; u < units; u++) {
      const fl = s.unitFlags[u];
      if (!(fl & (UnitFlag.Guarded | UnitFlag.Inspiring | UnitFlag.FortifiedWill | UnitFlag.Dormant | UnitFlag.Transmuted))) continue;
      const j = unitPlace(s, u);
      if (j < 0) continue;
      const o = oCUnit2 + j * UNIT2.width;
      if (fl & UnitFlag.Guarded) put(o + UNIT2.guarded, 1);
      if (fl & UnitFlag.Inspiring) put(o + UNIT2.inspiring, 1);
      if (fl & UnitFlag.FortifiedWill) put(o + UNIT2.fortifiedWill, 1);
      if (fl & UnitFlag.Transmuted) put(o + UNIT2.transmuted, 1);
      if (fl & UnitFlag.Dormant) {
        const left = s.unitActiveFrom[u] - s.turn;
        if (left > 0) put(o + UNIT2.dormant, left >= 8 ? 1 : left / 8);
      }
    }
  }

  return { writeCombat, writeCombat2 };
}
