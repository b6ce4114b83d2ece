/**
 * The end (rules/gameplay/end/index.md, victory_condition/index.md): victory points, the Victory Point
 * Sequence, the instant wins (Monopoly, Father of Dragons), the last seat standing, and the final ranking.
 */
import { C_COMMODITY, C_EGG, C_GUILD, SUITS, type Ruleset } from '../rules/index.ts';
import { DmlState, lowCard, MAX_SEATS, Outcome, Phase, Z } from './state.ts';
import { aliveCount } from './zones.ts';

/**
 * A seat's victory points tallied card by card (victory_condition/index.md): Commodities by suit (the Desired
 * suit doubled), Guild bonuses, Eggs. `victoryPoints` visits the 54 cards with one; the observation, which visits
 * every card anyway, feeds its own as it goes. `reset`, then `hand` / `front` for each card in the seat's hand or
 * Front and `king` for its Merchant King, then `total`.
 */
export class PointsTally {
  /** Per suit: Commodity points, plain (non-Guild) Commodities in hand, Guilds. */
  private readonly bySuit = new Int32Array(SUITS.length);
  private readonly plain = new Int32Array(SUITS.length);
  private readonly guilds = new Int32Array(SUITS.length);
  private desired = -1;
  private eggs = 0;
  reset(): void {
    for (let u = 0; u < SUITS.length; u++) this.bySuit[u] = this.plain[u] = this.guilds[u] = 0;
    this.desired = -1;
    this.eggs = 0;
  }
  /** Card c is in the seat's hand. */
  hand(rs: Ruleset, c: number): void {
    const cl = rs.classes[c];
    if (cl & C_EGG) this.eggs++;
    if (!(cl & C_COMMODITY)) return;
    const u = rs.suit[c];
    this.bySuit[u] += rs.points[c];
    if (cl & C_GUILD) this.guilds[u]++;
    else this.plain[u]++;
  }
  /** Card c is in the seat's Front. */
  front(rs: Ruleset, c: number): void {
    const cl = rs.classes[c];
    if (!(cl & C_COMMODITY)) return;
    const u = rs.suit[c];
    this.bySuit[u] += rs.points[c];
    if (cl & C_GUILD) this.guilds[u]++;
  }
  /** Card c is the seat's Merchant King (its suit is the Desired Commodity). */
  king(rs: Ruleset, c: number): void {
    this.desired = rs.suit[c];
  }
  /** Seat p's hand, Front and Merchant King. */
  add(s: DmlState, rs: Ruleset, p: number): void {
    const bits = s.zoneBits;
    for (let w = 0; w < 2; w++) {
      for (let m = bits[2 * (Z.HAND + p) + w]; m !== 0; m &= m - 1) this.hand(rs, lowCard(w, m));
      for (let m = bits[2 * (Z.FRONT + p) + w]; m !== 0; m &= m - 1) this.front(rs, lowCard(w, m));
      for (let m = bits[2 * (Z.KING + p) + w]; m !== 0; m &= m - 1) this.king(rs, lowCard(w, m));
    }
  }
  total(rs: Ruleset): number {
    const sc = rs.data.scoring;
    let total = this.eggs * sc.eggPoints;
    for (let u = 0; u < SUITS.length; u++)
      total += this.bySuit[u] * (u === this.desired ? sc.desiredMultiplier : 1) + this.guilds[u] * sc.guildBonus * this.plain[u];
    return total;
  }
}
const vpTally = new PointsTally();
/** Victory points of seat p (victory_condition/index.md): Commodities by suit (the Desired suit doubled), Guild bonuses, Eggs. */
export function victoryPoints(s: DmlState, rs: Ruleset, p: number): number {
  const t = vpTally;
  t.reset();
  t.add(s, rs, p);
  return t.total(rs);
}
/** Eggs in seat p's hand. */
export function eggsHeld(s: DmlState, rs: Ruleset, p: number): number {
  let n = 0;
  for (let w = 0; w < 2; w++)
    for (let m = s.zoneBits[2 * (Z.HAND + p) + w]; m !== 0; m &= m - 1) if (rs.classes[lowCard(w, m)] & C_EGG) n++;
  return n;
}
export function finish(s: DmlState, outcome: number, winner: number): void {
  s.outcome = outcome;
  s.winner = winner;
  s.phase = Phase.Over;
  s.decider = -1;
}
/** The Victory Point Sequence (end/index.md): the highest score wins; a tie goes to more Eggs, else nobody wins. */
export function endByPoints(s: DmlState, rs: Ruleset): void {
  let best = -1;
  let bestEggs = -1;
  let winner = -1;
  for (let p = 0; p < s.numPlayers; p++) {
    if (!s.alive[p]) continue;
    const v = victoryPoints(s, rs, p);
    const e = eggsHeld(s, rs, p);
    if (v > best || (v === best && e > bestEggs)) {
      best = v;
      bestEggs = e;
      winner = p;
    } else if (v === best && e === bestEggs) winner = -1;
  }
  finish(s, winner < 0 ? Outcome.Nobody : Outcome.Points, winner);
}
/**
 * Monopoly and Father of Dragons (victory_condition/index.md), declared at once (D14): the first seat in seat
 * order holding every Egg of the game, or 8 Commodities of Value 9 or less of one suit. Checked after every
 * action, so it reads the Eggs' zones, and counts suits only in hands of 8 cards or more.
 */
export function checkInstantWins(s: DmlState, rs: Ruleset): void {
  if (s.outcome !== Outcome.Running) return;
  let father = -1; // the seat whose hand holds every Egg of the game
  if (rs.data.instantWins.fatherOfDragons && rs.eggs > 0) {
    const z = s.zone[rs.eggCards[0]];
    father = z >= Z.HAND && z < Z.HAND + MAX_SEATS ? z - Z.HAND : -1;
    for (let i = 1; i < rs.eggCards.length && father >= 0; i++) if (s.zone[rs.eggCards[i]] !== z) father = -1;
  }
  const monopoly = rs.data.instantWins.monopoly;
  for (let p = 0; p < s.numPlayers; p++) {
    if (!s.alive[p]) continue;
    if (p === father) return finish(s, Outcome.FatherOfDragons, p);
    if (monopoly && s.count[Z.HAND + p] >= 8 && monopolyIn(s, rs, p)) return finish(s, Outcome.Monopoly, p);
  }
}
/** Whether seat p's hand holds 8 Commodities (not Eggs) of Value 9 or less of one suit. */
function monopolyIn(s: DmlState, rs: Ruleset, p: number): boolean {
  for (let u = 0; u < SUITS.length; u++) {
    const cards = rs.suitCommodities[u];
    let run = 0;
    for (let i = 0; i < cards.length; i++) {
      const c = cards[i];
      if (s.zone[c] === Z.HAND + p && !(rs.classes[c] & C_EGG) && rs.value[c] <= 9) run++;
    }
    if (run === 8) return true;
  }
  return false;
}
export function checkLastStanding(s: DmlState): void {
  if (s.outcome !== Outcome.Running) return;
  const n = aliveCount(s);
  if (n === 1) for (let p = 0; p < s.numPlayers; p++) if (s.alive[p]) return finish(s, Outcome.LastStanding, p);
  if (n === 0) finish(s, Outcome.Nobody, -1);
}

/** Final ranking: the winner first, then by victory points, then Eggs (seat order breaks what remains). */
export function ranking(s: DmlState, rs: Ruleset): number[] {
  const seats = Array.from({ length: s.numPlayers }, (_, p) => p);
  const key = (p: number) => (p === s.winner ? 1e9 : 0) + (s.alive[p] ? 1e6 : 0) + victoryPoints(s, rs, p) * 10 + eggsHeld(s, rs, p);
  return seats.sort((a, b) => key(b) - key(a) || a - b);
}
