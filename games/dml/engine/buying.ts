/**
 * Buying (rules/gameplay/buying/index.md): the Declaration, the Passive Players' Seize, its reveal, and the
 * Resolution's commits, up to the roll (stack.ts, whose outcome settles the buy).
 */
import type { Ruleset } from '../rules/index.ts';
import { DmlState, lowCard, MAX_SEATS, Phase, Purpose, Z } from './state.ts';
import { move, nextAlive } from './zones.ts';
import { canSeize, committable, declarationValue, targetValue } from './queries.ts';
import { startRoll } from './stack.ts';

/** Start a Declaration with card c (buying/index.md "Declaration"). */
export function startDeclaration(s: DmlState, rs: Ruleset, c: number): void {
  s.actionsLeft--;
  const z = s.zone[c];
  s.buySuit = rs.suit[c];
  s.buyKind = z === Z.STOCK ? 0 : z === Z.EVENT ? 2 : 1;
  s.buyOwner = s.buyKind === 1 ? z - Z.FRONT : -1;
  s.declValue = targetValue(s, rs, c);
  s.activeCommit = s.secondaryCommit = s.seizerCommit = 0;
  s.seizer = -1;
  s.seizeTotal.fill(0);
  move(s, c, Z.DECLARED, true);
  s.phase = Phase.Declare;
  s.decider = s.active;
}
/** After the Declaration: each Passive Player in turn may lay Seize cards face down (buying/index.md "Seize"). */
export function startSeize(s: DmlState, rs: Ruleset): void {
  s.seizeSeat = s.active;
  nextSeizer(s, rs);
}
export function nextSeizer(s: DmlState, rs: Ruleset): void {
  for (let p = nextAlive(s, s.seizeSeat); p !== s.active; p = nextAlive(s, p)) {
    if (canSeize(s, rs, p)) {
      s.seizeSeat = p;
      s.phase = Phase.Seize;
      s.decider = p;
      return;
    }
  }
  s.seizeSeat = -1;
  revealSeize(s, rs);
}
/** All Seize cards are revealed at once; the highest total wins the Seize (D3 for ties), the others take theirs back. */
function revealSeize(s: DmlState, rs: Ruleset): void {
  let best = 0;
  let winner = -1;
  let tie = false;
  for (let k = 1; k < s.numPlayers; k++) {
    const p = (s.active + k) % s.numPlayers;
    if (s.seizeTotal[p] > best) {
      best = s.seizeTotal[p];
      winner = p;
      tie = false;
    } else if (s.seizeTotal[p] === best && best > 0) tie = true;
  }
  if (tie && rs.data.seizeTie === 'nobody') winner = -1;
  const bits = s.zoneBits;
  for (let w = 0; w < 2; w++) {
    let m = 0;
    for (let q = 0; q < MAX_SEATS; q++) m |= bits[2 * (Z.SEIZE + q) + w];
    for (; m !== 0; m &= m - 1) {
      const c = lowCard(w, m);
      const p = s.zone[c] - Z.SEIZE;
      move(s, c, p === winner ? Z.COMMITTED : Z.HAND + p, true);
    }
  }
  s.seizeTotal.fill(0);
  s.seizer = winner;
  if (winner < 0) {
    startRoll(s, rs, Purpose.Buy, declarationValue(s, rs), s.active);
    return;
  }
  s.seizerCommit = best;
  s.resolveSide = rs.data.resolutionFirst === 'active' ? 0 : 1;
  s.committedThisGo = 0;
  askResolve(s, rs);
}
/** The side to commit, or the roll when it has nothing to commit (a pass). */
export function askResolve(s: DmlState, rs: Ruleset): void {
  const p = s.resolveSide === 0 ? s.active : s.seizer;
  const can =
    committable(s, rs, p, rs.primary[s.buySuit]) > 0 || (s.resolveSide === 0 && committable(s, rs, p, rs.secondary[s.buySuit]) > 0);
  if (!can) {
    startRoll(s, rs, Purpose.Buy, declarationValue(s, rs), s.active);
    return;
  }
  s.phase = Phase.Resolve;
  s.decider = p;
}
