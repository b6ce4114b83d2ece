import { describe, expect, it } from 'vitest';
import { Kind, actionId, catalogue } from '../engine/actions.ts';
import { Phase } from '../engine/state.ts';
import { applyAction, legalActionList, whyIllegal } from '../engine/engine.ts';
import { checkConservation, checkDeep } from '../engine/invariants.ts';
import { createGame } from '../engine/setup.ts';
import { nextInt, seedRng } from '../../../lib/rng.ts';
import { IllegalActionError, UnknownActionError } from '../../../lib/errors.ts';
import {
  act,
  assertConserved,
  club,
  game,
  giveCard,
  giveGold,
  isLegal,
  nextRoll,
  putChauffeur,
  putProperty,
  snap,
  stackDeck,
} from './helpers.ts';
import { payOrOwe } from '../engine/kernel/purse.ts';

describe('The turn (0.1.27b "The First Turn" 2: roll, reading, actions; 0.1.14a "Core Loop")', () => {
  it('D45: ending a turn passes to the next seat in turn order: new turn, roll, then the Future Reading, then free actions', () => {
    const g = game();
    g.s.order = [2, 0, 3, 1];
    g.s.turnIdx = 1; // seat 0
    putProperty(g.s, g.rs, 3, 0, club(9));
    nextRoll(g.s, 4, 5);
    act(g, Kind.EndTurn);
    expect(g.s.turn).toBe(2);
    expect(g.s.turnIdx).toBe(2);
    expect(g.s.decider).toBe(3);
    expect(g.s.gold[3]).toBe(12); // production resolved before the reading
    expect(g.s.phase).toBe(Phase.FutureReading);
    expect(g.s.actionsThisTurn).toBe(0);
    act(g, Kind.DrawCrystalBall);
    expect(g.s.phase).toBe(Phase.Main);
    expect(isLegal(g, Kind.EndTurn)).toBe(true);
    assertConserved(g);
  });

  it('wraps from the last seat in turn order to the first', () => {
    const g = game();
    g.s.turnIdx = 3;
    g.s.decider = 3;
    nextRoll(g.s, 1, 3);
    act(g, Kind.EndTurn);
    expect(g.s.turnIdx).toBe(0);
    expect(g.s.decider).toBe(0);
    assertConserved(g);
  });

  it("a debtor's debts are paid before the roll at the start of their turn; gold produced by that roll waits until the turn's end", () => {
    const g = game();
    putProperty(g.s, g.rs, 1, 0, club(5));
    g.s.centralBank += g.s.gold[1];
    g.s.gold[1] = 0;
    payOrOwe(g.s, g.rs, 1, 2, false);
    nextRoll(g.s, 2, 3);
    act(g, Kind.EndTurn);
    expect(g.s.gold[1]).toBe(2);
    expect(g.s.debtBank[1]).toBe(2);
    act(g, Kind.DrawTeaLeaves);
    nextRoll(g.s, 1, 3);
    act(g, Kind.EndTurn);
    expect(g.s.gold[1]).toBe(0);
    expect(g.s.debtBank[1]).toBe(0);
    expect(g.s.bankruptSince[1]).toBe(-1);
    assertConserved(g);
  });
});

describe('D37: the per-turn action cap (ruleset maxActionsPerTurn: 40)', () => {
  it('after 40 free actions only END_TURN is legal', () => {
    const g = game();
    expect(g.rs.data.maxActionsPerTurn).toBe(40);
    putChauffeur(g.s, g.rs, 0, 0, club(3), club(5));
    for (let i = 0; i < 20; i++) {
      act(g, Kind.Deposit, 0, 0);
      act(g, Kind.Withdraw, 0, 0);
    }
    expect(g.s.actionsThisTurn).toBe(40);
    expect(legalActionList(g.s, g.rs)).toEqual([actionId(g.rs, Kind.EndTurn)]);
    const before = snap(g);
    expect(() => act(g, Kind.Deposit, 0, 0)).toThrow(IllegalActionError);
    expect(snap(g)).toBe(before);
    nextRoll(g.s, 1, 3);
    act(g, Kind.EndTurn);
    expect(g.s.actionsThisTurn).toBe(0);
    assertConserved(g);
  });

  it('the 40th action is still allowed; sub-decisions (choosing a slot) do not count', () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 0, club(3));
    putProperty(g.s, g.rs, 0, 1, club(5));
    g.s.actionsThisTurn = 39;
    expect(isLegal(g, Kind.CreateChauffeur, 0)).toBe(true);
    act(g, Kind.CreateChauffeur, 0);
    expect(g.s.actionsThisTurn).toBe(40);
    expect(isLegal(g, Kind.SelectSlot, 1)).toBe(true);
    act(g, Kind.SelectSlot, 1);
    expect(g.s.actionsThisTurn).toBe(40);
    expect(legalActionList(g.s, g.rs)).toEqual([actionId(g.rs, Kind.EndTurn)]);
    assertConserved(g);
  });
});

describe('Illegal actions are refused with IllegalActionError and the state unchanged (engine.ts)', () => {
  it('refuses actions of another phase and impossible free actions, naming the reason', () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 0, club(5));
    giveCard(g.s, 0, club(9));
    const tries: [Kind, number, number][] = [
      [Kind.Bid, 3, 0],
      [Kind.VoteKeep, 0, 0],
      [Kind.PayTax, 0, 0],
      [Kind.SelectSlot, 0, 0],
      [Kind.SelectPlayer, 1, 0],
      [Kind.DrawTeaLeaves, 0, 0],
      [Kind.EnactDecree, 0, 0],
      [Kind.SelectOption, 0, 0],
      [Kind.PlayCard, 5, 0],
      [Kind.Invest, 3, 0],
      [Kind.FundLab, 0, 0],
      [Kind.Withdraw, 0, 0],
      [Kind.Plant, 0, 0],
      [Kind.SellMead, 0, 0],
      [Kind.PlayCrowns, 0, 0],
      [Kind.SellSpell, 0, 0],
      [Kind.CreateSpecialised, 0, 0],
    ];
    const before = snap(g);
    for (const [k, a, b] of tries) {
      const id = actionId(g.rs, k, a, b);
      expect(whyIllegal(g.s, g.rs, id)).not.toBeNull();
      let err: unknown;
      try {
        applyAction(g.s, g.rs, id);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(IllegalActionError);
      expect((err as IllegalActionError).code).toBe('ILLEGAL_ACTION');
      expect((err as IllegalActionError).action).toBe(id);
      expect((err as IllegalActionError).reason.length).toBeGreaterThan(0);
      expect(snap(g)).toBe(before);
    }
    assertConserved(g);
  });

  it('refuses free actions while a sub-decision is open', () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 0, club(3));
    putProperty(g.s, g.rs, 0, 1, club(5));
    act(g, Kind.CreateChauffeur, 0);
    const before = snap(g);
    expect(() => act(g, Kind.EndTurn)).toThrow(IllegalActionError);
    expect(() => act(g, Kind.BuyCard)).toThrow(IllegalActionError);
    expect(snap(g)).toBe(before);
    assertConserved(g);
  });

  it('refuses an id outside the catalogue with UnknownActionError', () => {
    const g = game();
    const before = snap(g);
    expect(() => applyAction(g.s, g.rs, catalogue(g.rs).size)).toThrow(UnknownActionError);
    expect(() => applyAction(g.s, g.rs, -1)).toThrow(UnknownActionError);
    expect(snap(g)).toBe(before);
    assertConserved(g);
  });

  it('legal actions and the reference check agree, and every illegal id is refused without change (invariants.checkDeep)', () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 0, club(5));
    putProperty(g.s, g.rs, 0, 1, club(9));
    putChauffeur(g.s, g.rs, 0, 2, club(3), club(4), 5);
    stackDeck(g.s, club(13));
    giveGold(g.s, 0, 5);
    expect(checkDeep(g.s, g.rs, 60)).toEqual([]);
    act(g, Kind.BuyCard); // a King: decree choice
    expect(checkDeep(g.s, g.rs, 60)).toEqual([]);
    assertConserved(g);
  });
});

describe('A random playthrough keeps every invariant (0.1.27b "Resources": gold and commodities are conserved)', () => {
  it('600 random legal actions from the auction on, with 4 players', () => {
    const rs = game().rs;
    const g = { s: createGame(rs, 4, 'random-walk'), rs };
    const r = seedRng('walk');
    const end = actionId(rs, Kind.EndTurn);
    for (let i = 0; i < 600 && g.s.phase !== Phase.GameOver; i++) {
      const legal = legalActionList(g.s, rs);
      expect(legal.length).toBeGreaterThan(0);
      // favour ending the turn so that the game moves on
      const id = legal.includes(end) && nextInt(r, 3) === 0 ? end : legal[nextInt(r, legal.length)];
      applyAction(g.s, rs, id);
      expect(checkConservation(g.s, rs)).toEqual([]);
    }
    expect(g.s.turn).toBeGreaterThan(5);
    assertConserved(g);
  });
});
