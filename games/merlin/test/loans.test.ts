/**
 * Scenario tests for loans from a Chauffeur vault (0.1.27b "Chauffeurs: Lending Magic"; 0.1.14a
 * "Bankruptcy"). docs/RULES.md D74-D76.
 */
import { describe, expect, it } from 'vitest';
import { actionId, Kind } from '../engine/actions.ts';
import { Phase } from '../engine/state.ts';
import { whyIllegal } from '../engine/engine.ts';
import { collectLoans } from '../engine/loans.ts';
import { payDebts } from '../engine/bankruptcy.ts';
import { netWorth } from '../engine/victory.ts';
import { act, assertConserved, club, game, putChauffeur, type Game } from './helpers.ts';

/** SelectTerm index of (rate %, term months) in the full ruleset (loanRatesPercent [10, 25, 50], loanTermMonths [3, 6, 12]). */
const TERM = (rate: number, months: number) => [10, 25, 50].indexOf(rate) * 3 + [3, 6, 12].indexOf(months);
/** finance.loanAmounts [2, 5, 10] index. */
const AMOUNT = (gold: number) => [2, 5, 10].indexOf(gold);

function why(g: Game, kind: Kind, arg = 0): string | null {
  return whyIllegal(g.s, g.rs, actionId(g.rs, kind, arg));
}

/** Seat 0 (vault 10) lends `gold` at `rate`% for `months` to seat 1, who accepts. */
function lend(g: Game, gold: number, rate: number, months: number): void {
  putChauffeur(g.s, g.rs, 0, 0, club(3), club(4), 10);
  act(g, Kind.OfferLoan, AMOUNT(gold));
  expect(g.s.phase).toBe(Phase.SelectTerm);
  act(g, Kind.SelectTerm, TERM(rate, months));
  act(g, Kind.SelectPlayer, 1);
  expect(g.s.decider).toBe(1);
  act(g, Kind.AcceptOffer);
}

describe('D74, D75: loans from a Chauffeur vault (0.1.27b "Chauffeurs": "Lending Magic")', () => {
  it('a loan needs gold in a Chauffeur vault', () => {
    const g = game();
    expect(why(g, Kind.OfferLoan, AMOUNT(2))).toMatch(/Chauffeur vaults/);
    putChauffeur(g.s, g.rs, 0, 0, club(3), club(4), 4);
    expect(why(g, Kind.OfferLoan, AMOUNT(2))).toBeNull();
    expect(why(g, Kind.OfferLoan, AMOUNT(5))).toMatch(/not enough/);
  });

  it('accepted, the principal moves from the vault to the borrower, who owes principal plus interest at the term', () => {
    const g = game();
    const gold1 = g.s.gold[1];
    const w0 = netWorth(g.s, g.rs, 0) + 10 + 4 + 3; // the Chauffeur's vault and its two property values
    lend(g, 5, 25, 6);
    expect(g.s.slotVault[0]).toBe(5);
    expect(g.s.gold[1]).toBe(gold1 + 5);
    expect(g.s.loanOwed[0]).toBe(7); // 5 + ceil(1.25)
    expect(g.s.loanDue[0]).toBe(g.s.months + 6);
    expect(netWorth(g.s, g.rs, 0)).toBe(w0 - 5 + 7);
    assertConserved(g);
  });

  it('a refused loan moves nothing', () => {
    const g = game();
    putChauffeur(g.s, g.rs, 0, 0, club(3), club(4), 10);
    act(g, Kind.OfferLoan, AMOUNT(10));
    act(g, Kind.SelectTerm, TERM(10, 3));
    act(g, Kind.SelectPlayer, 2);
    act(g, Kind.RefuseOffer);
    expect(g.s.slotVault[0]).toBe(10);
    expect(g.s.loanLender[0]).toBe(-1);
  });

  it('the borrower may repay early from the pocket', () => {
    const g = game();
    lend(g, 2, 50, 12);
    g.s.turnIdx = 1;
    g.s.phase = Phase.Main;
    g.s.decider = 1;
    const gold0 = g.s.gold[0];
    act(g, Kind.RepayLoan, 0);
    expect(g.s.gold[0]).toBe(gold0 + 3);
    expect(g.s.loanLender[0]).toBe(-1);
    assertConserved(g);
  });

  it('at the due month the engine collects; what cannot be paid is a default: bankrupt until repaid', () => {
    const g = game();
    lend(g, 10, 10, 3);
    const gold0 = g.s.gold[0];
    g.s.centralBank += g.s.gold[1] - 4;
    g.s.gold[1] = 4;
    g.s.months += 2;
    collectLoans(g.s, g.rs, 1);
    expect(g.s.loanOwed[0]).toBe(11); // not due yet
    g.s.months += 1;
    collectLoans(g.s, g.rs, 1);
    expect(g.s.gold[0]).toBe(gold0 + 4);
    expect(g.s.loanOwed[0]).toBe(7);
    expect(g.s.bankruptSince[1]).toBe(g.s.months);
    // Paying other debts does not end bankruptcy while the loan is overdue.
    payDebts(g.s, g.rs, 1);
    expect(g.s.bankruptSince[1]).toBe(g.s.months);
    g.s.centralBank -= 7;
    g.s.gold[1] += 7;
    collectLoans(g.s, g.rs, 1);
    expect(g.s.loanLender[0]).toBe(-1);
    expect(g.s.bankruptSince[1]).toBe(-1);
    assertConserved(g);
  });
});
