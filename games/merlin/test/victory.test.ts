import { describe, expect, it } from 'vitest';
import { Kind } from '../engine/actions.ts';
import { Phase, Victory } from '../engine/state.ts';
import { netWorth, hasHighestNetWorth, ranking } from '../engine/victory.ts';
import { isTerminal, isTruncated, legalActionList, currentPlayer } from '../engine/engine.ts';
import { GameOverError, IllegalActionError } from '../../../lib/errors.ts';
import {
  act,
  assertConserved,
  classic,
  club,
  diamond,
  game,
  giveCommodity,
  giveGold,
  isLegal,
  key,
  nextRoll,
  putChauffeur,
  putLab,
  putLand,
  putProperty,
  putSpecialised,
  snap,
  spade,
  variant,
} from './helpers.ts';
import { payOrOwe } from '../engine/kernel/purse.ts';

describe('Net worth (victory.ts docstring; 0.1.14a "Property Value")', () => {
  it('adds pocket, vaults, stakes, lab funds, goods at the Cost of the Living, property values and permits, less debts', () => {
    const g = game();
    g.s.costOfLiving = 2;
    putProperty(g.s, g.rs, 0, 0, club(5)); // 2
    putProperty(g.s, g.rs, 0, 1, club(8)); // 1 + Land permit 2
    putLand(g.s, g.rs, 0, 1, diamond(9));
    putProperty(g.s, g.rs, 0, 2, club(3)); // 4 x 2 + Spell Shop permit 2
    putSpecialised(g.s, g.rs, 0, 2, spade(4));
    putChauffeur(g.s, g.rs, 0, 3, club(2), club(4), 5); // 5 + 3 + vault 5
    putLab(g.s, g.rs, 0, 4, spade(6)); // permit 2 + funds 1
    g.s.gold[0] -= 1;
    g.s.slotFunds[key(g, 0, 4)] = 1;
    g.s.gold[0] -= 2;
    g.s.slotInvest[key(g, 0, 0)] = 2; // stake 2
    giveCommodity(g.s, 0, 2, 3); // 3 Grain: 6
    g.s.held[2] -= 1;
    g.s.slotPlanted[key(g, 0, 1)] = 1;
    g.s.mead[0] = 1; // 2
    g.s.debtRow[0] = 3;
    const pocket = 7;
    expect(g.s.gold[0]).toBe(pocket);
    expect(netWorth(g.s, g.rs, 0)).toBe(pocket + 2 + 2 + 3 + 10 + 13 + 3 + 6 + 2 - 3);
    expect(netWorth(g.s, g.rs, 1)).toBe(10);
    assertConserved(g);
  });
});

describe('D34: Royal Favor: crownsToWin (5 by default, as every draft says) and strictly the highest net worth (0.1.27b "Victory Conditions" 2; 0.1.14a "Kings")', () => {
  it("D34: is not legal with one Crown fewer than crownsToWin (4 of the drafts' 5 by default and in the classic ruleset)", () => {
    for (const rs of [undefined, classic()]) {
      const g = game({ ruleset: rs });
      g.s.crowns[0] = g.rs.data.victory.crownsToWin - 1;
      giveGold(g.s, 0, 10);
      expect(isLegal(g, Kind.PlayCrowns)).toBe(false);
    }
    const g = game();
    g.s.crowns[0] = 4;
    giveGold(g.s, 0, 10);
    expect(isLegal(g, Kind.PlayCrowns)).toBe(false);
    const before = snap(g);
    expect(() => act(g, Kind.PlayCrowns)).toThrow(IllegalActionError);
    expect(snap(g)).toBe(before);
    assertConserved(g);
  });

  it('D34: is legal with crownsToWin Crowns and the highest net worth, spends them and wins the game at once', () => {
    const g = game();
    expect(g.rs.data.victory.crownsToWin).toBe(5); // every draft's number
    g.s.crowns[0] = 5;
    giveGold(g.s, 0, 1);
    expect(hasHighestNetWorth(g.s, g.rs, 0)).toBe(true);
    expect(isLegal(g, Kind.PlayCrowns)).toBe(true);
    act(g, Kind.PlayCrowns);
    expect(g.s.phase).toBe(Phase.GameOver);
    expect(isTerminal(g.s)).toBe(true);
    expect(g.s.winner).toBe(0);
    expect(g.s.victory).toBe(Victory.RoyalFavor);
    expect(isTruncated(g.s)).toBe(false);
    expect(g.s.crowns[0]).toBe(0);
    expect(currentPlayer(g.s)).toBe(-1);
    expect(legalActionList(g.s, g.rs)).toEqual([]);
    expect(() => act(g, Kind.EndTurn)).toThrow(GameOverError);
    assertConserved(g);
  });

  it('is not legal when another player shares the highest net worth', () => {
    const g = game();
    g.s.crowns[0] = 6;
    expect(isLegal(g, Kind.PlayCrowns)).toBe(false);
    giveGold(g.s, 2, 3);
    expect(isLegal(g, Kind.PlayCrowns)).toBe(false);
    giveGold(g.s, 0, 4);
    expect(isLegal(g, Kind.PlayCrowns)).toBe(true);
    assertConserved(g);
  });

  it('a share of the highest net worth suffices under `strictlyHighestNetWorth: false`', () => {
    const rs = variant((d) => (d.victory.strictlyHighestNetWorth = false));
    const g = game({ ruleset: rs });
    g.s.crowns[0] = 5;
    expect(isLegal(g, Kind.PlayCrowns)).toBe(true);
    assertConserved(g);
  });

  it('eliminated players do not count in the comparison', () => {
    const g = game();
    g.s.crowns[0] = 5;
    giveGold(g.s, 0, 1);
    giveGold(g.s, 3, 30);
    expect(isLegal(g, Kind.PlayCrowns)).toBe(false);
    g.s.eliminated[3] = 1;
    g.s.centralBank += g.s.gold[3];
    g.s.gold[3] = 0;
    expect(isLegal(g, Kind.PlayCrowns)).toBe(true);
    assertConserved(g);
  });
});

describe('Economic Dominance (0.1.27b "Victory Conditions" 1: bankrupt all other players)', () => {
  it('D33: with `dominance: eliminated` (ruleset classic), when the year of grace of the last two rivals runs out together, the one player left wins', () => {
    const g = game({ players: 3, ruleset: classic() });
    g.s.months = 20;
    for (const p of [1, 2]) {
      g.s.centralBank += g.s.gold[p];
      g.s.gold[p] = 0;
      payOrOwe(g.s, g.rs, p, 2, false);
      g.s.bankruptSince[p] = g.s.months - 11;
    }
    nextRoll(g.s, 5, 5); // seat 1's roll: doubles, a month passes
    act(g, Kind.EndTurn);
    expect(g.s.eliminated).toEqual([0, 1, 1]);
    expect(g.s.phase).toBe(Phase.GameOver);
    expect(g.s.winner).toBe(0);
    expect(g.s.victory).toBe(Victory.EconomicDominance);
    assertConserved(g);
  });

  it('D33: under `dominance: bankrupt` (the snapshot reading), the game ends when every rival is bankrupt at the end of a turn', () => {
    const g = game({ ruleset: variant((d) => (d.victory.dominance = 'bankrupt')) });
    for (const p of [1, 2, 3]) {
      g.s.centralBank += g.s.gold[p];
      g.s.gold[p] = 0;
      payOrOwe(g.s, g.rs, p, 1, true);
    }
    act(g, Kind.EndTurn);
    expect(g.s.phase).toBe(Phase.GameOver);
    expect(g.s.winner).toBe(0);
    expect(g.s.victory).toBe(Victory.EconomicDominance);
    assertConserved(g);
  });

  it('D33: under the default `dominance: unrepaid`, a rival bankrupt at the end of a turn first plays its own turn; the game ends once every rival began a turn unable to repay', () => {
    const g = game();
    expect(g.rs.data.victory.dominance).toBe('unrepaid');
    for (const p of [1, 2, 3]) {
      g.s.centralBank += g.s.gold[p];
      g.s.gold[p] = 0;
      payOrOwe(g.s, g.rs, p, 1, true);
    }
    nextRoll(g.s, 1, 3);
    act(g, Kind.EndTurn);
    expect(g.s.phase).not.toBe(Phase.GameOver);
    expect([...g.s.bankruptHeld]).toEqual([0, 1, 0, 0]); // seat 1's turn began and its repayment failed
    for (let turn = 0; turn < 2 && g.s.phase !== Phase.GameOver; turn++) {
      act(g, Kind.DrawCrystalBall);
      nextRoll(g.s, 1, 3);
      act(g, Kind.EndTurn);
    }
    expect([...g.s.bankruptHeld]).toEqual([0, 1, 1, 1]);
    expect(g.s.phase).toBe(Phase.GameOver);
    expect(g.s.winner).toBe(0);
    expect(g.s.victory).toBe(Victory.EconomicDominance);
    assertConserved(g);
  });

  it('D33: under `dominance: unrepaid`, a rival that repays at the start of its turn leaves bankruptcy and is not counted', () => {
    const g = game();
    for (const p of [1, 2, 3]) {
      g.s.centralBank += g.s.gold[p];
      g.s.gold[p] = 0;
      payOrOwe(g.s, g.rs, p, 1, true);
    }
    giveGold(g.s, 1, 3); // seat 1 came by gold before its turn (a payout, a reading)
    nextRoll(g.s, 1, 3);
    act(g, Kind.EndTurn);
    expect(g.s.bankruptSince[1]).toBe(-1);
    expect(g.s.bankruptHeld[1]).toBe(0);
    expect(g.s.debtRow[1]).toBe(0);
    expect(g.s.phase).not.toBe(Phase.GameOver);
    assertConserved(g);
  });

  it('D33: under `dominance: eliminated` (ruleset classic), bankrupt rivals still play on', () => {
    const g = game({ ruleset: classic() });
    for (const p of [1, 2, 3]) {
      g.s.centralBank += g.s.gold[p];
      g.s.gold[p] = 0;
      payOrOwe(g.s, g.rs, p, 1, true);
    }
    nextRoll(g.s, 1, 3);
    act(g, Kind.EndTurn);
    expect(g.s.phase).toBe(Phase.FutureReading);
    expect(g.s.decider).toBe(1);
    assertConserved(g);
  });
});

describe('Truncation at the turn limit (victory.ts: an RL truncation ranked by net worth)', () => {
  it('after the last allowed turn the game stops, the net-worth leader named', () => {
    const g = game();
    expect(g.rs.data.turnLimit).toBe(400);
    g.s.turn = 400;
    giveGold(g.s, 2, 5);
    act(g, Kind.EndTurn);
    expect(g.s.phase).toBe(Phase.GameOver);
    expect(g.s.victory).toBe(Victory.Truncated);
    expect(isTruncated(g.s)).toBe(true);
    expect(g.s.winner).toBe(2);
    expect(ranking(g.s, g.rs)[0]).toBe(2);
    assertConserved(g);
  });

  it('a net-worth tie goes to the earliest in turn order', () => {
    const rs = variant((d) => (d.turnLimit = 2));
    const g = game({ ruleset: rs });
    g.s.order = [3, 1, 0, 2];
    g.s.turnIdx = 0;
    g.s.decider = 3;
    giveGold(g.s, 1, 2);
    giveGold(g.s, 0, 2);
    g.s.turn = 2;
    act(g, Kind.EndTurn);
    expect(g.s.victory).toBe(Victory.Truncated);
    expect(g.s.winner).toBe(1);
    assertConserved(g);
  });

  it('with a turn limit of 3, the game stops when the 4th turn would start', () => {
    const rs = variant((d) => (d.turnLimit = 3));
    const g = game({ ruleset: rs });
    nextRoll(g.s, 1, 3);
    act(g, Kind.EndTurn);
    expect(g.s.turn).toBe(2);
    g.s.phase = Phase.Main;
    nextRoll(g.s, 1, 3);
    act(g, Kind.EndTurn);
    expect(g.s.turn).toBe(3);
    g.s.phase = Phase.Main;
    act(g, Kind.EndTurn);
    expect(isTerminal(g.s)).toBe(true);
    expect(g.s.victory).toBe(Victory.Truncated);
    assertConserved(g);
  });
});
