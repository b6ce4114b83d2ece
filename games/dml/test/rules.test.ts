/** DML rules one by one on arranged tables: Events' effects, Carnival, Black Markets, Callback, Powers, the Thief, the end. */
import { describe, expect, it } from 'vitest';
import { EV_CARNIVAL, EV_FCCC, EV_HATED, EV_UNION } from '../rules/index.ts';
import {
  A,
  applyAction,
  createGame,
  declarationValue,
  legalActions,
  NUM_ACTIONS,
  Outcome,
  Phase,
  Z,
  type DmlState,
} from '../engine/index.ts';
import { card, clearTable, marketFor, place, play, rs, withDice } from './helpers.ts';

function table(seed: string): DmlState {
  const s = createGame(rs, 4, seed);
  clearTable(s);
  return s;
}
const legal = (s: DmlState) => {
  const out = new Int32Array(NUM_ACTIONS);
  return Array.from(out.subarray(0, legalActions(s, rs, out)));
};

describe('Market Effects', () => {
  it('The Hated People adds 2 to Stock cards of Value <= the Event; Merchant Union takes 2 from those >= it', () => {
    const s = table('hated');
    place(s, card('spice-3'), Z.HAND + 0); // iron's Primary Buying suit: 14 can be lowered to the cap
    place(s, card('iron-4'), Z.STOCK);
    place(s, card('iron-8'), Z.STOCK);
    marketFor(s, 0);
    s.eventType = EV_HATED;
    s.eventValue = 5;
    play(s, rs, A.DECLARE + card('iron-4'), A.DECLARE + card('iron-8'));
    expect(declarationValue(s, rs)).toBe(4 + 2 + 8);
    const u = table('union');
    place(u, card('iron-4'), Z.STOCK);
    place(u, card('iron-8'), Z.STOCK);
    marketFor(u, 0);
    u.eventType = EV_UNION;
    u.eventValue = 5;
    play(u, rs, A.DECLARE + card('iron-4'), A.DECLARE + card('iron-8'));
    expect(declarationValue(u, rs)).toBe(4 + 8 - 2);
  });

  it('FCCC Regulations: an affected seat cannot Seize, and only Buying cards of Value <= the Event may be committed', () => {
    const s = table('fccc');
    place(s, card('wood-7'), Z.STOCK);
    place(s, card('iron-4'), Z.HAND + 1);
    place(s, card('iron-6'), Z.HAND + 2);
    place(s, card('iron-3'), Z.HAND + 3);
    marketFor(s, 0);
    s.eventType = EV_FCCC;
    s.eventValue = 5;
    s.affected[1] = 1;
    play(s, rs, A.DECLARE + card('wood-7'), A.DONE);
    // seat 1 is banned, seat 2's only iron is above 5: seat 3 is the only one asked
    expect(s.phase).toBe(Phase.Seize);
    expect(s.decider).toBe(3);
  });

  it('Carnival of Coin gives the affected Active Player an extra Action', () => {
    const s = table('carnival');
    place(s, card('iron-4'), Z.STOCK);
    place(s, card('iron-5'), Z.STOCK);
    marketFor(s, 0, 2);
    s.eventType = EV_CARNIVAL;
    withDice([6, 5], () => play(s, rs, A.DECLARE + card('iron-4'), A.DONE));
    expect(s.zone[card('iron-4')]).toBe(Z.HAND + 0);
    expect(s.phase).toBe(Phase.Market);
    expect(legal(s)).toContain(A.DECLARE + card('iron-5'));
  });
});

describe('Minor Action, Callback, Dabo!', () => {
  it('a Black Market visit at 7 or more takes a random card of it; below takes nothing', () => {
    const s = table('bm');
    place(s, card('spice-9'), Z.BM + 0);
    s.bmCount = 1;
    place(s, card('iron-4'), Z.STOCK);
    marketFor(s, 0);
    withDice([3, 2], () => play(s, rs, A.VISIT + 0));
    expect(s.zone[card('spice-9')]).toBe(Z.BM + 0);
    marketFor(s, 0);
    withDice([4, 3], () => play(s, rs, A.VISIT + 0));
    expect(s.zone[card('spice-9')]).toBe(Z.HAND + 0);
    expect(s.bmCount).toBe(0);
  });

  it('Callback at 7 returns an own Emblem to hand; a Dabo! may be re-rolled', () => {
    const s = table('callback');
    place(s, card('iron-11'), Z.FRONT + 0);
    marketFor(s, 0);
    withDice([3, 3], () => play(s, rs, A.CALLBACK + card('iron-11')));
    expect(s.phase).toBe(Phase.Roll);
    withDice([5, 4], () => play(s, rs, A.REROLL));
    expect(s.zone[card('iron-11')]).toBe(Z.HAND + 0);
  });
});

describe('Powers', () => {
  it('the Queen of diamonds takes a whole Stock into hand; then she is exiled', () => {
    const s = table('queen');
    place(s, card('spice-12'), Z.HAND + 0);
    place(s, card('wood-4'), Z.STOCK);
    place(s, card('wood-9'), Z.STOCK);
    place(s, card('iron-5'), Z.STOCK);
    marketFor(s, 0);
    play(s, rs, A.POWER + card('spice-12'));
    expect(s.phase).toBe(Phase.Choice);
    play(s, rs, A.PICK_OPTION + 1); // wood
    expect([card('wood-4'), card('wood-9')].map((c) => s.zone[c])).toEqual([Z.HAND + 0, Z.HAND + 0]);
    expect(s.zone[card('iron-5')]).toBe(Z.STOCK);
    expect(s.zone[card('spice-12')]).toBe(Z.EXILE);
  });

  it('the Thief takes a random card from a chosen seat, then goes back into the Deck on a roll of 7 or more', () => {
    const s = table('thief');
    const thief = card('joker-2');
    place(s, thief, Z.HAND + 0);
    place(s, card('slaves-8'), Z.HAND + 2);
    place(s, card('iron-4'), Z.STOCK);
    marketFor(s, 0);
    play(s, rs, A.POWER + thief, A.PICK_OPTION + 1, A.PICK_SEAT + 2);
    // the roll follows the take at once
    expect(s.zone[card('slaves-8')]).toBe(Z.HAND + 0);
  });

  it('the Thief goes to Exile on a failed roll and into the Deck on a success', () => {
    for (const [dice, where] of [
      [[1, 2], Z.EXILE],
      [[4, 5], Z.DECK],
    ] as const) {
      const s = table(`thief${where}`);
      const thief = card('joker-2');
      place(s, thief, Z.HAND + 0);
      place(s, card('slaves-8'), Z.HAND + 2);
      place(s, card('iron-4'), Z.STOCK);
      marketFor(s, 0);
      play(s, rs, A.POWER + thief, A.PICK_OPTION + 1);
      withDice([...dice], () => play(s, rs, A.PICK_SEAT + 2));
      expect(s.zone[thief]).toBe(where);
    }
  });
});

describe('the end', () => {
  it('Father of Dragons: all four Eggs in one hand win at once', () => {
    const s = table('eggs');
    for (const u of ['iron', 'wood', 'slaves', 'spice']) place(s, card(`${u}-1`), Z.HAND + 2);
    place(s, card('iron-4'), Z.STOCK);
    marketFor(s, 0);
    applyAction(s, rs, A.SUBSTITUTE);
    expect(s.outcome).toBe(Outcome.FatherOfDragons);
    expect(s.winner).toBe(2);
  });
});
