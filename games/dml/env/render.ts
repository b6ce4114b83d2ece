/** The table as plain text, public information only (hands and Kings as counts), for `Game.render` and the replay viewer. */
import { EVENTS, NUM_CARDS, SUITS, type Ruleset } from '../rules/index.ts';
import { countZone, OUTCOME_NAMES, Outcome, Phase, victoryPoints, Z, type DmlState } from '../engine/index.ts';

const PHASES = ['market', 'declare', 'seize', 'resolve', 'roll', 'stack', 'choice', 'tithe', 'over'];

export function renderTable(rs: Ruleset, s: DmlState): string {
  const name = (c: number) => rs.cardFile.cards[c].id;
  const inZone = (z: number) => {
    const a: string[] = [];
    for (let c = 0; c < NUM_CARDS; c++) if (s.zone[c] === z) a.push(name(c));
    return a.join(' ') || '-';
  };
  const lines: string[] = [];
  lines.push(
    s.outcome === Outcome.Running
      ? `round ${s.round}, dealer seat ${s.dealer}, active seat ${s.active}; seat ${s.decider} to act (${PHASES[s.phase]})`
      : `game over after ${s.round} rounds (${OUTCOME_NAMES[s.outcome]}): ${s.winner >= 0 ? `seat ${s.winner} wins` : 'nobody wins'}`,
  );
  lines.push(
    `event: ${s.eventCard >= 0 ? name(s.eventCard) : '-'} (${s.eventType >= 0 ? EVENTS[s.eventType] : 'none'}, value ${s.eventValue})`,
  );
  lines.push(
    `stocks: ${SUITS.map(
      (u, i) =>
        `${u}: ${(() => {
          const a: string[] = [];
          for (let c = 0; c < NUM_CARDS; c++) if (s.zone[c] === Z.STOCK && rs.suit[c] === i) a.push(String(rs.value[c]));
          return a.join(',') || '-';
        })()}`,
    ).join('; ')}`,
  );
  lines.push(
    `deck ${s.deckLen}, discard ${countZone(s, Z.DISCARD)}, nest ${countZone(s, Z.NEST)}, exile ${countZone(s, Z.EXILE)}, black markets [${Array.from({ length: s.bmCount }, (_, b) => countZone(s, Z.BM + b)).join(', ')}]`,
  );
  if (s.stackLen > 0) lines.push(`stack (bottom to top): ${Array.from(s.stack.subarray(0, s.stackLen), name).join(' ')}`);
  if (s.phase === Phase.Declare || s.phase === Phase.Seize || s.phase === Phase.Resolve)
    lines.push(`declared: ${inZone(Z.DECLARED)}; committed: ${inZone(Z.COMMITTED)}`);
  for (let p = 0; p < s.numPlayers; p++)
    lines.push(
      `seat ${p}${s.alive[p] ? '' : ' (out)'}: hand ${countZone(s, Z.HAND + p)} cards, front ${inZone(Z.FRONT + p)}` +
        (s.outcome !== Outcome.Running ? `; ${victoryPoints(s, rs, p)} points, hand ${inZone(Z.HAND + p)}` : ''),
    );
  return lines.join('\n');
}

/** What `seat` alone sees: its hand, its Merchant King and its face-down Seize cards, by name. Never another seat's. */
export function renderSeat(rs: Ruleset, s: DmlState, seat: number): string {
  const inZone = (z: number) => {
    const a: string[] = [];
    for (let c = 0; c < NUM_CARDS; c++) if (s.zone[c] === z) a.push(rs.cardFile.cards[c].id);
    return a.join(' ') || '-';
  };
  return [`your hand: ${inZone(Z.HAND + seat)}`, `your King: ${inZone(Z.KING + seat)}`, `your Seize cards: ${inZone(Z.SEIZE + seat)}`].join(
    '\n',
  );
}
