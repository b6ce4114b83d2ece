/**
 * The table as plain text: the market columns with their X, each seat's reserves, open offer, satisfied and
 * held mandates (hands as counts: the render shows public information only), the draw piles.
 */
import { CUR0, GOLD, MAX_NATIONS, NUM_TYPES, RESOURCES, type Ruleset } from '../rules/index.ts';
import {
  MARKET,
  MAX_HAND,
  OFFER,
  OUTCOME_NAMES,
  Outcome,
  PILE,
  RESERVES,
  unitX,
  victoryPoints,
  type EconomiconState,
} from '../engine/index.ts';

const T = NUM_TYPES;
const NATIONS = ['A', 'B', 'C', 'D'];

export function renderTable(rs: Ruleset, s: EconomiconState): string {
  const u = s.units;
  const lines: string[] = [];
  const head =
    s.outcome === Outcome.Running
      ? `turn ${s.turn}, seat ${s.current} to act (${s.step === 0 ? 'first action: growth' : 'second action: growth or trade'})`
      : `game over after ${s.turn} turns (${OUTCOME_NAMES[s.outcome]}): ${s.winner >= 0 ? `seat ${s.winner} wins` : 'a draw'}`;
  lines.push(head);
  const col = (t: number) => `${u[MARKET * T + t]}/${rs.data.columnSize}`;
  lines.push(
    `market: ${RESOURCES.map((r, i) => `${r} ${col(i)}`).join(', ')}, gold ${col(GOLD)} X ${unitX(s, rs, GOLD)}, ` +
      NATIONS.map((n, j) => `currency ${n} ${col(CUR0 + j)} X ${unitX(s, rs, CUR0 + j)}`).join(', '),
  );
  for (let p = 0; p < s.numPlayers; p++) {
    const h = (RESERVES + p) * T;
    const cur = NATIONS.slice(0, MAX_NATIONS)
      .map((n, j) => (u[h + CUR0 + j] > 0 ? `${u[h + CUR0 + j]} ${n}` : ''))
      .filter(Boolean)
      .join(' ');
    const offer = RESOURCES.map((r, i) => (u[(OFFER + p) * T + i] > 0 ? `${u[(OFFER + p) * T + i]} ${r}` : '')).filter(Boolean);
    lines.push(
      `seat ${p} (nation ${NATIONS[p]})${p === s.current && s.outcome === Outcome.Running ? ' *' : ''}: ${victoryPoints(s, rs, p)} points; ` +
        `oil ${u[h]}, electricity ${u[h + 1]}, technology ${u[h + 2]}, gold ${u[h + GOLD]}, currency ${cur || 'none'}; ` +
        `mandates satisfied ${s.satisfied[p]}, held ${s.handLen[p]}${offer.length ? `; offering ${offer.join(', ')}` : ''}`,
    );
  }
  const pile = (t: number) => u[PILE * T + t];
  lines.push(
    `draw piles: oil ${pile(0)}, electricity ${pile(1)}, technology ${pile(2)}, gold ${pile(GOLD)}, currency ${NATIONS.map((n, j) => `${n} ${pile(CUR0 + j)}`).join(' ')}; mandate deck ${s.deckLen}`,
  );
  return lines.join('\n');
}

/** The mandates `seat` holds (unsatisfied): each one's name and its condition in words ("holdResource oil 12"). */
export function heldMandates(rs: Ruleset, s: EconomiconState, seat: number): { name: string; condition: string }[] {
  const held: { name: string; condition: string }[] = [];
  for (let i = 0; i < s.handLen[seat]; i++) {
    const c = rs.deck.cards[rs.cardDef[s.hand[seat * MAX_HAND + i]]];
    const cond = c.condition;
    held.push({ name: c.name, condition: `${cond.kind}${cond.resource ? ` ${cond.resource}` : ''} ${cond.amount}` });
  }
  return held;
}

/** What `seat` alone sees: the mandates it holds (unsatisfied), by name and condition. Never another seat's. */
export function renderSeat(rs: Ruleset, s: EconomiconState, seat: number): string {
  return `your mandates: ${
    heldMandates(rs, s, seat)
      .map((m) => `${m.name} (${m.condition})`)
      .join('; ') || 'none'
  }`;
}
