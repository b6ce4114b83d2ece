import { describe, expect, it } from 'vitest';
import { resolveRoll } from '../engine/dice.ts';
import { Kind } from '../engine/actions.ts';
import { Phase, SlotKind, Victory } from '../engine/state.ts';
import {
  act,
  assertConserved,
  club,
  diamond,
  game,
  giveCard,
  giveCommodity,
  giveGold,
  giveSpell,
  instancesOf,
  key,
  nextRoll,
  putChauffeur,
  putLab,
  putLand,
  putProperty,
  putSpecialised,
  spade,
  stackCustom,
  type Game,
} from './helpers.ts';
import { DECK_INDEX } from '../engine/kernel/card-defs.ts';
import { payOrOwe } from '../engine/kernel/purse.ts';

const SOULS = 0;
const GRAIN = 2;

/** Empty `seat`'s pocket into the Central Bank. */
function broke(g: Game, seat: number): void {
  g.s.centralBank += g.s.gold[seat];
  g.s.gold[seat] = 0;
}

describe('A shortfall becomes debt and bankruptcy (0.1.14a "Bankruptcy", "Taxes")', () => {
  it('an unpaid maintenance is owed to the Central Bank, an unpaid tax to the R.O.W.; the player is bankrupt from that month', () => {
    const g = game();
    putProperty(g.s, g.rs, 1, 0, club(5));
    putSpecialised(g.s, g.rs, 1, 0, spade(9));
    broke(g, 1);
    g.s.months = 5;
    resolveRoll(g.s, g.rs, 4, 5);
    expect(g.s.debtBank[1]).toBe(1);
    expect(g.s.bankruptSince[1]).toBe(5);
    payOrOwe(g.s, g.rs, 1, 3, true);
    expect(g.s.debtRow[1]).toBe(3);
    expect(g.s.bankruptSince[1]).toBe(5);
    expect(g.s.bankruptSince[0]).toBe(-1);
    assertConserved(g);
  });

  it('a bankrupt player keeps their properties (not forced to liquidate)', () => {
    const g = game();
    putProperty(g.s, g.rs, 1, 0, club(5));
    broke(g, 1);
    payOrOwe(g.s, g.rs, 1, 4, true);
    expect(g.s.slotKind[key(g, 1, 0)]).toBe(SlotKind.Property);
    resolveRoll(g.s, g.rs, 1, 4);
    // the payout arrives in the pocket; the debt is paid on the debtor's own turn
    expect(g.s.gold[1]).toBe(2);
    assertConserved(g);
  });
});

describe('Debts are repaid automatically at the start and end of the debtor\'s turn (bankruptcy.ts; 0.1.14a "Bankruptcy")', () => {
  it("at the start of the debtor's turn: bank debt first, then the R.O.W.; all paid ends bankruptcy", () => {
    const g = game();
    broke(g, 1);
    payOrOwe(g.s, g.rs, 1, 2, false);
    payOrOwe(g.s, g.rs, 1, 3, true);
    giveGold(g.s, 1, 7);
    const bank = g.s.centralBank;
    nextRoll(g.s, 1, 3);
    act(g, Kind.EndTurn);
    expect(g.s.decider).toBe(1);
    expect(g.s.gold[1]).toBe(2);
    expect([g.s.debtBank[1], g.s.debtRow[1]]).toEqual([0, 0]);
    expect(g.s.centralBank).toBe(bank + 2);
    expect(g.s.row).toBe(3);
    expect(g.s.bankruptSince[1]).toBe(-1);
    assertConserved(g);
  });

  it('a partial repayment leaves the player bankrupt since the same month', () => {
    const g = game();
    broke(g, 1);
    g.s.months = 3;
    payOrOwe(g.s, g.rs, 1, 2, false);
    payOrOwe(g.s, g.rs, 1, 4, true);
    giveGold(g.s, 1, 3);
    nextRoll(g.s, 1, 3);
    act(g, Kind.EndTurn);
    expect(g.s.gold[1]).toBe(0);
    expect([g.s.debtBank[1], g.s.debtRow[1]]).toEqual([0, 3]);
    expect(g.s.bankruptSince[1]).toBe(3);
    assertConserved(g);
  });

  it("at the end of the debtor's turn, from the pocket and then the Chauffeur vaults", () => {
    const g = game();
    putChauffeur(g.s, g.rs, 0, 0, club(3), club(5), 4);
    broke(g, 0);
    payOrOwe(g.s, g.rs, 0, 9, false); // takes the 4 in the vault, owes 5
    expect(g.s.debtBank[0]).toBe(5);
    expect(g.s.slotVault[key(g, 0, 0)]).toBe(0);
    giveGold(g.s, 0, 2);
    act(g, Kind.Deposit, 0, 2); // all of the pocket (2) into the vault
    expect(g.s.slotVault[key(g, 0, 0)]).toBe(2);
    expect(g.s.debtBank[0]).toBe(5);
    nextRoll(g.s, 1, 3);
    act(g, Kind.EndTurn);
    expect(g.s.slotVault[key(g, 0, 0)]).toBe(0);
    expect(g.s.debtBank[0]).toBe(3);
    assertConserved(g);
  });
});

describe('Elimination after a year of bankruptcy (0.1.14a "Bankruptcy": "still bankrupt by the same time next year")', () => {
  function bankruptSeat1(g: Game): void {
    putProperty(g.s, g.rs, 1, 0, club(5));
    putLand(g.s, g.rs, 1, 0, diamond(9));
    giveCommodity(g.s, 1, GRAIN, 1);
    g.s.held[1 * 3 + GRAIN] -= 1;
    g.s.slotPlanted[key(g, 1, 0)] = 1;
    putChauffeur(g.s, g.rs, 1, 1, club(3), club(4), 6);
    putProperty(g.s, g.rs, 1, 2, club(8));
    g.s.gold[1] -= 2;
    g.s.slotInvest[key(g, 1, 2)] = 2;
    putLab(g.s, g.rs, 1, 3, spade(6));
    g.s.gold[1] -= 1;
    g.s.slotFunds[key(g, 1, 3)] = 1;
    giveCommodity(g.s, 1, SOULS, 2);
    giveCard(g.s, 1, club(9));
    giveSpell(g, 1, 'blight');
    g.s.crowns[1] = 2;
    g.s.debtRow[1] = 4;
    g.s.months = 20;
    g.s.bankruptSince[1] = 9; // 11 months ago
  }

  it('is not eliminated 11 months on', () => {
    const g = game();
    bankruptSeat1(g);
    resolveRoll(g.s, g.rs, 1, 2);
    expect(g.s.eliminated[1]).toBe(0);
    assertConserved(g);
  });

  it('is eliminated when the 12th month passes; every asset goes back to the bank, the supply and the decks', () => {
    const g = game();
    bankruptSeat1(g);
    const bank = g.s.centralBank;
    const supply = [...g.s.supply];
    const discard = g.s.discard.length;
    resolveRoll(g.s, g.rs, 1, 1); // doubles: month 21
    expect(g.s.months).toBe(21);
    expect(g.s.eliminated[1]).toBe(1);
    // pocket 7 + vault 6 + investment 2 + lab funds 1 to the Central Bank
    expect(g.s.centralBank).toBe(bank + 7 + 6 + 2 + 1);
    expect(g.s.gold[1]).toBe(0);
    expect(g.s.supply).toEqual([supply[0] + 2, supply[1], supply[2] + 1]);
    expect(g.s.held.slice(3, 6)).toEqual([0, 0, 0]);
    for (let i = 0; i < 4; i++) expect(g.s.slotKind[key(g, 1, i)]).toBe(SlotKind.Empty);
    // 6 field cards (property + Land, the two Chauffeur cards, a property, a lab) and the 9 of Clubs in hand
    expect(g.s.discard.length).toBe(discard + 7);
    expect(g.s.hands[1]).toEqual([]);
    expect(g.s.cdiscard[DECK_INDEX.spells].length).toBe(1);
    expect([g.s.crowns[1], g.s.debtRow[1], g.s.debtBank[1], g.s.bankruptSince[1]]).toEqual([0, 0, 0, -1]);
    assertConserved(g);
  });

  it('a player who repaid in time is not eliminated', () => {
    const g = game();
    bankruptSeat1(g);
    g.s.gold[1] -= 4;
    g.s.row += 4;
    g.s.debtRow[1] = 0;
    g.s.bankruptSince[1] = -1;
    resolveRoll(g.s, g.rs, 1, 1);
    expect(g.s.eliminated[1]).toBe(0);
    assertConserved(g);
  });

  it('an eliminated player is skipped in the turn order', () => {
    const g = game();
    bankruptSeat1(g);
    resolveRoll(g.s, g.rs, 1, 1);
    expect(g.s.eliminated[1]).toBe(1);
    nextRoll(g.s, 1, 3);
    act(g, Kind.EndTurn);
    expect(g.s.decider).toBe(2);
    expect(g.s.order[g.s.turnIdx]).toBe(2);
    assertConserved(g);
  });

  it('an eliminated player has left the game: a Future Reading they drew brings them nothing afterwards', () => {
    const g = game();
    bankruptSeat1(g);
    // seat 1 drew Sprouting Leaves (an Essence Grain for its drawer on an 11) before elimination
    const inst = instancesOf(g.rs, 'teaLeaves', 'sprouting-leaves')[0];
    stackCustom(g.s, 'teaLeaves', inst);
    g.s.turnIdx = 1;
    g.s.decider = 1;
    g.s.phase = Phase.FutureReading;
    act(g, Kind.DrawTeaLeaves);
    g.s.turnIdx = 0;
    g.s.decider = 0;
    resolveRoll(g.s, g.rs, 1, 1); // seat 1 eliminated
    expect(g.s.eliminated[1]).toBe(1);
    const supply = g.s.supply[GRAIN];
    resolveRoll(g.s, g.rs, 5, 6); // 11
    expect(g.s.held.slice(3, 6)).toEqual([0, 0, 0]);
    expect(g.s.supply[GRAIN]).toBe(supply);
    assertConserved(g);
  });
});

describe('Economic Dominance on elimination (0.1.27b "Victory Conditions" 1)', () => {
  it('when the last rival is eliminated the remaining player wins', () => {
    const g = game({ players: 2 });
    broke(g, 1);
    payOrOwe(g.s, g.rs, 1, 1, true);
    g.s.months = 30;
    g.s.bankruptSince[1] = 18;
    resolveRoll(g.s, g.rs, 3, 3);
    expect(g.s.eliminated[1]).toBe(1);
    expect(g.s.phase).toBe(Phase.GameOver);
    expect(g.s.winner).toBe(0);
    expect(g.s.victory).toBe(Victory.EconomicDominance);
    assertConserved(g);
  });
});
