/**
 * What the rules say about a position without changing it: Vantage counts, Buying Bonuses, this Round's bans
 * and Market Effects (event/index.md), a card's Value in a Declaration, which cards are Buying cards
 * (buying/index.md), and whether a seat can play, seize or commit. Read by every chapter and by the legality
 * checks.
 */
import {
  C_CHARACTER,
  C_COMMODITY,
  C_EMBLEM,
  EV_CRACKDOWN,
  EV_FCCC,
  EV_HATED,
  EV_UNION,
  V_FORTUNE,
  V_PERMISSION,
  type Ruleset,
} from '../rules/index.ts';
import { DmlState, lowCard, MAX_SEATS, Z } from './state.ts';
import { cardsOfSuit } from './zones.ts';

/** Emblems in seat p's Front with Vantage `v`. */
export function vantageCount(s: DmlState, rs: Ruleset, p: number, v: number): number {
  let n = 0;
  const bits = s.zoneBits;
  const z = Z.FRONT + p;
  for (let w = 0; w < 2; w++) for (let m = bits[2 * z + w]; m !== 0; m &= m - 1) if (rs.vantage[lowCard(w, m)] === v) n++;
  return n;
}
/** Sum of the Buying Bonuses of seat p's Emblems of suit `suit` (card/class/index.md "Buying Bonus"). */
export function buyingBonus(s: DmlState, rs: Ruleset, p: number, suit: number): number {
  const cards = cardsOfSuit(rs.suitBonuses, suit);
  let n = 0;
  for (let i = 0; i < cards.length; i++) if (s.zone[cards[i]] === Z.FRONT + p) n += rs.buyingBonus[cards[i]];
  return n;
}
/** Whether a ban of this Round's Player Effect applies to p (affected, and no Permission under `vantage.permission`). */
export function banned(s: DmlState, rs: Ruleset, p: number, type: number): boolean {
  if (!rs.data.playerEffects || s.eventType !== type || !s.affected[p]) return false;
  return !(rs.data.vantage.permission === 'ignoreBans' && vantageCount(s, rs, p, V_PERMISSION) > 0);
}
/** Lowering of p's Callback and Black Market targets (D13 fortune 'luck'). */
export function luck(s: DmlState, rs: Ruleset, p: number): number {
  return rs.data.vantage.fortune === 'luck' ? vantageCount(s, rs, p, V_FORTUNE) : 0;
}
/** A Stock card's Value under this Round's Market Effect (event/index.md: The Hated People +2, Merchant Union -2). */
export function marketValue(s: DmlState, rs: Ruleset, c: number): number {
  const v = rs.value[c];
  if (s.eventType === EV_HATED && v <= s.eventValue) return v + rs.data.eventModifier;
  if (s.eventType === EV_UNION && v >= s.eventValue) return v - rs.data.eventModifier;
  return v;
}
/** The Value card c adds to a Declaration from where it lies. */
export function targetValue(s: DmlState, rs: Ruleset, c: number): number {
  const z = s.zone[c];
  if (z >= Z.FRONT && z < Z.FRONT + MAX_SEATS) return rs.data.emblemValue;
  if (z === Z.EVENT) return rs.value[c];
  return marketValue(s, rs, c);
}
/** Whether card c may be committed as a Buying card of suit `suit` (Market Effects of FCCC Regulations and Customs Crackdown). */
/** Whether card c may be committed as a Buying card of `suit` under the current Event (buying/index.md; FCCC, Crackdown). */
export function buyingCard(s: DmlState, rs: Ruleset, c: number, suit: number): boolean {
  if (!(rs.classes[c] & C_COMMODITY) || rs.suit[c] !== suit) return false;
  if (s.eventType === EV_FCCC && rs.value[c] > s.eventValue) return false;
  if (s.eventType === EV_CRACKDOWN && rs.value[c] < s.eventValue) return false;
  return true;
}
/** Sum of the Values of p's cards that may be committed as Buying cards of `suit`. */
export function committable(s: DmlState, rs: Ruleset, p: number, suit: number): number {
  const cards = cardsOfSuit(rs.suitCommodities, suit);
  let n = 0;
  for (let i = 0; i < cards.length; i++) if (s.zone[cards[i]] === Z.HAND + p && buyingCard(s, rs, cards[i], suit)) n += rs.value[cards[i]];
  return n;
}
/** The Declaration's current Value (buying/index.md): declared Values, the buyer's Emblem bonus once, commits. */
export function declarationValue(s: DmlState, rs: Ruleset): number {
  return s.declValue - buyingBonus(s, rs, s.active, s.buySuit) - s.activeCommit + Math.max(0, s.seizerCommit - s.secondaryCommit);
}
/** Whether card c is a Power or an Emblem seat p may play now from its hand, in `mode` (0 Power, 1 Emblem). */
export function playable(s: DmlState, rs: Ruleset, p: number, c: number, mode: number): boolean {
  return s.zone[c] === Z.HAND + p && (mode === 0 ? hasPower(rs, c) : isEmblem(rs, c));
}
/** Card c can be played for its Power (a Character with one). */
export function hasPower(rs: Ruleset, c: number): boolean {
  return (rs.classes[c] & C_CHARACTER) !== 0 && rs.power[c] >= 0;
}
/** Card c can be played as an Emblem. */
export function isEmblem(rs: Ruleset, c: number): boolean {
  return (rs.classes[c] & C_EMBLEM) !== 0;
}
/** Whether seat p could put anything on the Stack now. */
export function canPlayAny(s: DmlState, rs: Ruleset, p: number): boolean {
  if (!s.alive[p] || banned(s, rs, p, EV_CRACKDOWN)) return false;
  const bits = s.zoneBits;
  const hand = Z.HAND + p;
  for (let w = 0; w < 2; w++)
    for (let m = bits[2 * hand + w]; m !== 0; m &= m - 1) {
      const c = lowCard(w, m);
      if (hasPower(rs, c) || isEmblem(rs, c)) return true;
    }
  return false;
}
/** Whether seat p may lay Seize cards (not banned by FCCC Regulations, and holding a Primary Buying card). */
export function canSeize(s: DmlState, rs: Ruleset, p: number): boolean {
  return s.alive[p] === 1 && p !== s.active && !banned(s, rs, p, EV_FCCC) && committable(s, rs, p, rs.primary[s.buySuit]) > 0;
}
