/**
 * The heuristic's cards and board decisions: the worth of a card bought from the Council's offices or blind, where
 * it places properties, Lands and units, and in combat which verb and target each unit takes (the expected
 * exchange of blows, the march toward the nearest enemy card).
 */
import { Pending, SlotKind, TopKind, type MerlinState } from '../engine/state.ts';
import { rankOf, Suit, suitOf } from '../engine/cards.ts';
import {
  attackPropertyOk,
  attackUnitOk,
  cardHp,
  destroyed,
  isAggressive,
  isGuardCard,
  moveOk,
  power,
  Verb,
  ward,
} from '../engine/combat.ts';
import { geometry, standable } from '../engine/board.ts';
import { HeuristicMarket } from './heuristic-market.ts';
import { WAYS } from './heuristic-valuation.ts';

/** Cards and board scores of the heuristic (see HeuristicAgent). */
export abstract class HeuristicBoard extends HeuristicMarket {
  /**
   * Worth of face-up card `c` of the Council's offices (D15) before its price: a blind card's `cardValue`, plus
   * what playing this card is worth (the PlayCard bonuses) over the average permit's, plus a King's Crown.
   */
  protected displayedCardValue(s: MerlinState, seat: number, c: number): number {
    const w = this.w;
    const n = rankOf(c);
    if (n === 13) return w.cardValue + this.crownWorth(s, seat);
    const averagePermit = (w.propertyBonus + w.landBonus + 2 * w.labBonus) / 4;
    if (n === 11 || n === 12) return w.cardValue - averagePermit; // a golem: no PlayCard bonus
    const suit = suitOf(c);
    const play =
      suit === Suit.Clubs
        ? w.propertyBonus + this.propertyYield(n) / 6
        : suit === Suit.Diamonds
          ? w.landBonus + (WAYS[n] / 6) * w.commodityValue
          : w.labBonus;
    return w.cardValue + play - averagePermit;
  }

  /** Worth of a blind card bought now, net of its price: `cardValue`, plus the Crown a King's decree brings (0.1.27b "Royal Decrees"; 4 cards in 52). */
  protected buyWorth(s: MerlinState, seat: number): number {
    return this.w.cardValue + (4 / 52) * this.crownWorth(s, seat) - s.costOfLiving;
  }

  /** True when an enemy unit stands on square `k` or next to it (combat: it can attack the card there). */
  protected threatened(s: MerlinState, k: number): boolean {
    const rs = this.rs;
    const owner = (k / rs.data.table.fieldSlots) | 0;
    const adj = geometry(rs, s.numPlayers).adj;
    for (let u = 0; u < s.unitCard.length; u++) {
      if (s.unitOwner[u] < 0 || s.unitOwner[u] === owner) continue;
      const q = s.unitPos[u];
      if (q === k) return true;
      for (let j = k * 8, e = j + 8; j < e; j++) if (adj[j] === q) return true;
    }
    return false;
  }

  /**
   * The second option of unit `u`'s ability pays: the Adaptive Sentinel's Hit Point while it is hurt (3 or fewer), the
   * Explosive Artillerist's enhanced bomb with the Essence Grain to spare, the Tactical Artificer's raid while she
   * has no golem worth transmuting into.
   */
  private altPays(s: MerlinState, u: number): boolean {
    const c = s.unitCard[u];
    const rank = rankOf(c);
    const suit = suitOf(c);
    const cb = this.rs.data.combat;
    if (rank === 11 && suit === Suit.Diamonds) return s.unitHp[u] <= 3;
    if (rank === 12 && suit === Suit.Diamonds)
      return s.held[s.unitOwner[u] * 3 + 2] >= cb.bombardment.grain + cb.bombardment.enhanceGrain + this.w.keepUnits;
    if (rank === 12 && suit === Suit.Spades) return true;
    return false;
  }

  // ---- combat (the combat chapter)

  /** Board distance (king moves: rows and ring columns) from square `k` to the nearest standing enemy card of unit `u`'s owner. */
  private enemyDistance(s: MerlinState, u: number, k: number): number {
    const rs = this.rs;
    const F = rs.data.table.fieldSlots;
    const cols = rs.data.board.cols;
    const ring = s.numPlayers * cols;
    const col = ((k / F) | 0) * cols + ((k % F) % cols);
    const row = ((k % F) / cols) | 0;
    let best = 1e3;
    for (let q = 0; q < s.numPlayers * F; q++) {
      if (((q / F) | 0) === s.unitOwner[u] || !standable(s, q) || destroyed(s, rs, q)) continue;
      const dc = Math.abs(((q / F) | 0) * cols + ((q % F) % cols) - col);
      const dr = Math.abs((((q % F) / cols) | 0) - row);
      best = Math.min(best, Math.max(dr, Math.min(dc, ring - dc)));
    }
    return best;
  }

  protected verbValue(s: MerlinState, u: number, verb: number): number {
    const rs = this.rs;
    const w = this.w;
    switch (verb) {
      case Verb.Move: {
        if (!this.aggressiveUnit(u, s)) return -0.2;
        let best = -Infinity;
        const g = geometry(rs, s.numPlayers);
        for (let j = s.unitPos[u] * 8, e = j + 8; j < e; j++) {
          for (const q of [g.adj[j], g.beyond[j]])
            if (q >= 0 && moveOk(s, rs, u, q)) best = Math.max(best, this.scoreSquare(s, s.unitOwner[u], q, u));
        }
        return best;
      }
      case Verb.AttackProperty: {
        let best = -Infinity;
        const g = geometry(rs, s.numPlayers);
        const k0 = s.unitPos[u];
        if (attackPropertyOk(s, rs, u, k0)) best = this.attackPropertyValue(s, u, k0);
        for (let j = k0 * 8, e = j + 8; j < e; j++) {
          const q = g.adj[j];
          if (q >= 0 && attackPropertyOk(s, rs, u, q)) best = Math.max(best, this.attackPropertyValue(s, u, q));
        }
        return best;
      }
      case Verb.AttackUnit: {
        let best = -Infinity;
        for (let t = 0; t < s.unitCard.length; t++) if (attackUnitOk(s, rs, u, t)) best = Math.max(best, this.attackUnitValue(s, u, t));
        return best;
      }
      case Verb.Defend:
        return w.defendBonus;
      case Verb.UseAbility:
        return 2;
      case Verb.UseAbilityAlt:
        return 2 + (this.altPays(s, u) ? w.abilityAltBonus : -0.5);
      case Verb.UseAbilityThird:
        return 1.8; // the Grand Artificer's Sharpen Blades (+2 Strength) after Reinforce Armor (+2 Health)
      case Verb.Combine:
        return 2.5; // the Queen's ability and more (D136)
    }
    return -1;
  }

  private aggressiveUnit(u: number, s: MerlinState): boolean {
    const c = s.unitCard[u];
    return isGuardCard(c) || isAggressive(c) || this.rs.data.combat.alignment === 'none';
  }

  /** Expected worth of unit `u` attacking unit `t`: what it destroys minus what it loses. */
  protected attackUnitValue(s: MerlinState, u: number, t: number): number {
    const rs = this.rs;
    const w = this.w;
    const bonus = rs.data.combat.guardFirstStrikeBonus;
    const uGuard = isGuardCard(s.unitCard[u]);
    const tGuard = isGuardCard(s.unitCard[t]);
    const dealt = uGuard && !tGuard ? s.unitAtk[u] + bonus : power(s, rs, u, true);
    const kill = dealt >= s.unitHp[t] + s.unitShield[t] + ward(s, rs, t);
    let taken = power(s, rs, t, false);
    if (!uGuard && tGuard) taken = s.unitAtk[t] + bonus;
    else if (uGuard && !tGuard && kill) taken = 0;
    const die = taken >= s.unitHp[u] + s.unitShield[u] + ward(s, rs, u);
    const gain = kill ? w.attackBonus + s.unitAtk[t] + s.unitHp[t] : dealt * 0.5;
    const loss = die ? w.attackBonus + s.unitAtk[u] + s.unitHp[u] : taken * 0.5;
    return gain - loss;
  }

  /** Expected worth of unit `u` attacking the card on `k`. */
  private attackPropertyValue(s: MerlinState, u: number, k: number): number {
    const rs = this.rs;
    const F = rs.data.table.fieldSlots;
    let d = isGuardCard(s.unitCard[u]) ? s.unitAtk[u] : power(s, rs, u, true);
    let back = 0;
    for (let t = 0; t < s.unitCard.length; t++) {
      if (s.unitPos[t] !== k || s.unitOwner[t] !== ((k / F) | 0) || s.unitStance[t] !== 1) continue;
      d -= s.unitHp[t] + ward(s, rs, t);
      back += isGuardCard(s.unitCard[t]) ? s.unitAtk[t] + 1 : power(s, rs, t, false);
    }
    const die = back >= s.unitHp[u];
    const left = cardHp(s, rs, k) - s.slotHits[k];
    const worth = s.slotKind[k] === SlotKind.Property ? this.propertyYield(rankOf(s.slotCard[k])) / 6 : 1;
    const gain = d <= 0 ? 0 : d >= left ? this.w.attackBonus + worth : worth / 2;
    return gain - (die ? this.w.attackBonus + s.unitAtk[u] + s.unitHp[u] : back * 0.5);
  }

  /** Worth of board square `k` for the open placement or move (unit `u`, default the commanded one). */
  protected scoreSquare(s: MerlinState, seat: number, k: number, u = s.cmdUnit): number {
    const rs = this.rs;
    switch (s.pending) {
      case Pending.PlaceGolem:
      case Pending.PlaceGuard:
      case Pending.PlaceGuardNow: {
        const c = s.hands[seat][s.pendingHand];
        const near = this.enemyDistanceFrom(s, seat, k);
        return isGuardCard(c) || !isAggressive(c) ? this.propertyYield(rankOf(s.slotCard[k])) - near * 0.01 : -near;
      }
      case Pending.AttackProperty:
      case Pending.CoordAttackProperty:
        return this.attackPropertyValue(s, u, k);
    }
    // a move: closer to the nearest enemy card is better
    return (this.enemyDistance(s, u, s.unitPos[u]) - this.enemyDistance(s, u, k)) * 0.5 - 0.1;
  }

  private enemyDistanceFrom(s: MerlinState, seat: number, k: number): number {
    const F = this.rs.data.table.fieldSlots;
    const cols = this.rs.data.board.cols;
    const ring = s.numPlayers * cols;
    const col = ((k / F) | 0) * cols + ((k % F) % cols);
    let best = 1e3;
    for (let p = 0; p < s.numPlayers; p++) {
      if (p === seat || s.eliminated[p]) continue;
      for (const c of [p * cols, p * cols + cols - 1]) {
        const d = Math.abs(c - col);
        best = Math.min(best, d, ring - d);
      }
    }
    return best;
  }

  protected scoreSlot(s: MerlinState, seat: number, slot: number): number {
    const F = this.rs.data.table.fieldSlots;
    switch (s.pending) {
      case Pending.PlaceLand:
        return -this.propertyYield(rankOf(s.slotCard[seat * F + slot]));
      case Pending.ChauffeurSecond: {
        // the weakest property, and with finance in its line one whose number sums with the first's to a frequent roll (resonance)
        const n = rankOf(s.slotCard[seat * F + slot]);
        const sum = n + rankOf(s.slotCard[seat * F + s.pendingSlot]);
        return -this.propertyYield(n) + (this.w.writeContracts && sum <= 12 ? WAYS[sum] : 0);
      }
      case Pending.SpellShopProperty:
      case Pending.BreweryProperty:
        return this.propertyYield(rankOf(s.slotCard[seat * F + slot]));
      case Pending.SpellTargetSlot: {
        const k = s.pendingPlayer * F + slot;
        return WAYS[rankOf(s.slotTop[k])];
      }
      case Pending.PlaceCard: {
        // away from the field's left and right edges, where neighbours' golems arrive (board.ts)
        const cols = this.rs.data.board.cols;
        const col = slot % cols;
        return Math.min(col, cols - 1 - col) - slot * 0.001;
      }
      case Pending.PotionTargetSlot: {
        const k = seat * F + slot;
        return s.slotTopKind[k] === TopKind.Land
          ? WAYS[rankOf(s.slotTop[k])]
          : s.slotKind[k] === SlotKind.Property
            ? this.propertyYield(rankOf(s.slotCard[k]))
            : 0;
      }
    }
    return 0;
  }
}
