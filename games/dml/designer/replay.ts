/**
 * Dragon's Money Laundering's parts of a replay log (the game registry's `replay` for DML; the log itself is
 * designer/replay.ts, the page designer/replay-view.ts): the ruleset and its card file embedded, so a log
 * replays on a machine without the designer's files; the Turn of each action; the dice of the last roll
 * as a Turn begins; and the viewer's counters and tables, from the whole state (hands, Kings and face-down
 * Seize cards included: a replay is for the designer, not for a player), with victory points for the chart.
 *
 * To show more, add a counter to COUNTERS or a table to SECTIONS (an id, a title, its columns and a
 * function from the state to rows); the page needs no other change.
 */
import { StateError } from '../../../lib/errors.ts';
import type { Game } from '../../../env/core/game.ts';
import { compileRuleset, EVENTS, NUM_CARDS, POWERS, SUITS, VANTAGES, type Ruleset } from '../rules/index.ts';
import { countZone, OUTCOME_NAMES, Outcome, Phase, victoryPoints, Z, MAX_SEATS, type DmlState } from '../engine/index.ts';
import { dmlGame, type DmlGame } from '../env/game.ts';

type Cell = string | number;

const PHASE_NAMES = ['Market', 'Declare', 'Seize', 'Resolve', 'Roll', 'Stack', 'Choice', 'Tithe', 'Over'];
const PURPOSES = ['Buying', 'Callback', 'Black Market visit', 'Thief'];

const rulesetOf = (game: Game<DmlState>): Ruleset => (game as DmlGame).ruleset;

/** A card as the viewer names it: its id, and its Value when it has one. */
function card(rs: Ruleset, c: number): string {
  const id = rs.cardFile.cards[c].id;
  return rs.value[c] > 0 ? `${id} (${rs.value[c]})` : id;
}

/** The cards in zone `z`, in card order, named. */
function inZone(s: DmlState, rs: Ruleset, z: number): string {
  const out: string[] = [];
  for (let c = 0; c < NUM_CARDS; c++) if (s.zone[c] === z) out.push(card(rs, c));
  return out.join(', ');
}

/**
 * The Turn's number, counting from 1 in Round 1: the Rounds before this one at one Turn a seat, plus the Turns
 * begun in this one (the state counts Rounds and the Turns done in the current one). Never decreases.
 */
function turnOf(s: DmlState): number {
  let done = 0;
  for (let p = 0; p < MAX_SEATS; p++) done += s.turnDone[p];
  return Math.max(0, s.round - 1) * s.numPlayers + done;
}

/** Counters shown at the top: id (the page's data-counter attribute), label, value. */
export const COUNTERS: { id: string; label: string; value: (s: DmlState, rs: Ruleset) => Cell }[] = [
  { id: 'round', label: 'Round', value: (s) => s.round },
  { id: 'dealer', label: 'Dealer', value: (s) => `player ${s.dealer}` },
  { id: 'active', label: 'Active Player', value: (s) => `player ${s.active}` },
  {
    id: 'event',
    label: 'Event',
    value: (s, rs) =>
      s.eventType < 0
        ? '–'
        : `${EVENTS[s.eventType]}, Value ${s.eventValue}${s.eventCard >= 0 ? ` (${rs.cardFile.cards[s.eventCard].id})` : ''}`,
  },
  { id: 'deck', label: 'Deck', value: (s) => s.deckLen },
  { id: 'actions', label: 'Actions / Minor Actions left', value: (s) => `${s.actionsLeft} / ${s.minorLeft}` },
  {
    id: 'dice',
    label: 'Last roll',
    value: (s) =>
      s.die1 ? `${s.die1} + ${s.die2} = ${s.die1 + s.die2} (${PURPOSES[s.rollPurpose] ?? s.rollPurpose}, target ${s.rollTarget})` : '–',
  },
  { id: 'phase', label: 'Phase', value: (s) => PHASE_NAMES[s.phase] ?? String(s.phase) },
  {
    id: 'decider',
    label: 'To act',
    value: (s) =>
      s.outcome === Outcome.Running
        ? `player ${s.decider}`
        : `over (${OUTCOME_NAMES[s.outcome]}): ${s.winner >= 0 ? `player ${s.winner} wins` : 'nobody wins'}`,
  },
];

/** Tables shown for each step. `rows` may return [] (the table shows "none"). */
export const SECTIONS: {
  id: string;
  title: string;
  columns: string[];
  rows: (s: DmlState, rs: Ruleset, agents: readonly string[]) => Cell[][];
}[] = [
  {
    id: 'players',
    title: 'Players',
    columns: ['seat', 'agent', 'victory points', 'status', 'Merchant King', 'hand', 'Front', 'face-down Seize cards'],
    rows: (s, rs, agents) =>
      agents.map((agent, p) => [
        p,
        agent,
        victoryPoints(s, rs, p),
        s.alive[p] ? (s.affected[p] ? "hit by this Round's Event" : '') : 'out',
        inZone(s, rs, Z.KING + p),
        inZone(s, rs, Z.HAND + p),
        inZone(s, rs, Z.FRONT + p),
        inZone(s, rs, Z.SEIZE + p),
      ]),
  },
  {
    id: 'stocks',
    title: 'Stocks (the Market) by suit',
    columns: ['suit', 'cards'],
    rows: (s, rs) =>
      SUITS.map((suit, i) => {
        const out: string[] = [];
        for (let c = 0; c < NUM_CARDS; c++) if (s.zone[c] === Z.STOCK && rs.suit[c] === i) out.push(card(rs, c));
        return [suit, out.join(', ')];
      }),
  },
  {
    id: 'buying',
    title: 'Buying in progress',
    columns: ['suit', 'declared', 'committed', 'Declaration value', 'Active Player committed', 'seizer', 'seizer committed'],
    rows: (s, rs) =>
      s.phase === Phase.Declare || s.phase === Phase.Seize || s.phase === Phase.Resolve || (s.phase === Phase.Roll && s.rollPurpose === 0)
        ? [
            [
              s.buySuit >= 0 ? SUITS[s.buySuit] : '',
              inZone(s, rs, Z.DECLARED),
              inZone(s, rs, Z.COMMITTED),
              s.declValue,
              s.activeCommit,
              s.seizer >= 0 ? `player ${s.seizer}` : '',
              s.seizerCommit,
            ],
          ]
        : [],
  },
  {
    id: 'stack',
    title: 'The Stack (bottom to top)',
    columns: ['card', 'played by', 'as', 'Power or Vantage'],
    rows: (s, rs) =>
      Array.from({ length: s.stackLen }, (_, i) => {
        const c = s.stack[i];
        const emblem = s.stackMode[i] === 1;
        return [
          card(rs, c),
          `player ${s.stackOwner[i]}`,
          emblem ? 'Emblem' : 'Power',
          emblem ? (rs.vantage[c] >= 0 ? VANTAGES[rs.vantage[c]] : '') : rs.power[c] >= 0 ? POWERS[rs.power[c]] : '',
        ];
      }),
  },
  {
    id: 'zones',
    title: 'Black Markets, Nest, Exile and Discard Pile',
    columns: ['zone', 'cards'],
    rows: (s, rs) => [
      ...Array.from({ length: s.bmCount }, (_, b) => [`Black Market ${b}`, inZone(s, rs, Z.BM + b)]),
      ['Nest', inZone(s, rs, Z.NEST)],
      ['Exile', inZone(s, rs, Z.EXILE)],
      [`Discard Pile (${countZone(s, Z.DISCARD)}; top last seen)`, s.discardTop >= 0 ? card(rs, s.discardTop) : ''],
    ],
  },
];

/**
 * DML's replay view under ruleset `rs`, as the game registry hands it to designer/replay-view.ts: the
 * counters, the tables (`agents`: the spec of each seat) and victory points for the chart.
 */
export function dmlReplayView(rs: Ruleset) {
  return {
    counters: COUNTERS.map((c) => ({ id: c.id, label: c.label, value: (s: DmlState) => c.value(s, rs) })),
    sections: SECTIONS.map((x) => ({
      id: x.id,
      title: x.title,
      columns: x.columns,
      rows: (s: DmlState, agents: readonly string[]) => x.rows(s, rs, agents),
    })),
    worth: { label: 'Victory points', unit: 'points', value: (s: DmlState, seat: number) => victoryPoints(s, rs, seat) },
  };
}

/** Shaped as games/registry.ts's `GameReplay<DmlState>`. */
export const dmlReplay = {
  /** The ruleset's data and its card file (under the file name the data names), as a log embeds them. */
  embedRules: (game: Game<DmlState>) => {
    const rs = rulesetOf(game);
    return { rules: rs.data as unknown, decks: { [rs.data.cards]: rs.cardFile as unknown } };
  },
  /**
   * The game of a log's embedded ruleset, compiled from the rules and card file it carries.
   * @throws RulesetError for invalid rules; StateError when they hash to other than the recorded `hash`
   */
  gameFromRules: (name: string, hash: string, rules: unknown, decks: Record<string, unknown>): Game<DmlState> => {
    const rs = compileRuleset(rules, (file) => decks[file], `replay ruleset ${name}`);
    if (rs.hash !== hash)
      throw new StateError(`the replay's ruleset hashes to ${rs.hash.slice(0, 12)}, not the recorded ${hash.slice(0, 12)}`);
    return dmlGame(rs);
  },
  turn: turnOf,
  chanceName: 'dice',
  /** The dice of the last roll (0 + 0 before the first), as a Turn begins. */
  chance: (s: DmlState) => [s.die1, s.die2],
  view: (game: Game<DmlState>) => dmlReplayView(rulesetOf(game)),
};
