/**
 * Scenario tests for insurance (0.1.27b "Insurance: Hedging Against the Whims of Fate"; 0.1.14a "Insurance").
 * docs/RULES.md D77-D79.
 */
import { describe, expect, it } from 'vitest';
import { actionId, Kind } from '../engine/actions.ts';
import { Phase, TopKind } from '../engine/state.ts';
import { whyIllegal } from '../engine/engine.ts';
import { premiumOf, resolvePolicies } from '../engine/insurance.ts';
import { netWorth } from '../engine/victory.ts';
import { act, activeTurn, assertConserved, club, diamond, game, putChauffeur, putLand, putProperty, type Game } from './helpers.ts';

/** Catalogue events of the full ruleset. */
const EV = { roll235: 0, seven: 1, twelve: 2, blockedLand: 3 };
/** finance.insurance.periodTurns [1, 4, 12] index. */
const PERIOD = (turns: number) => [1, 4, 12].indexOf(turns);

function why(g: Game, kind: Kind, arg = 0): string | null {
  return whyIllegal(g.s, g.rs, actionId(g.rs, kind, arg));
}

/** Seat 0 (vault `vault`) posts a policy on `event` for `turns`; seat 1 buys it. */
function sell(g: Game, event: number, turns: number, vault = 10): void {
  putChauffeur(g.s, g.rs, 0, 0, club(3), club(4), vault);
  act(g, Kind.SellInsurance, event);
  expect(g.s.phase).toBe(Phase.SelectTerm);
  act(g, Kind.SelectTerm, PERIOD(turns));
  activeTurn(g, 1);
  act(g, Kind.BuyInsurance, 0);
}

describe('D77, D78: insurance sold from a Chauffeur\'s vault (0.1.27b "Insurance")', () => {
  it('selling insurance needs a Chauffeur whose vaults cover the payout', () => {
    const g = game();
    expect(why(g, Kind.SellInsurance, EV.roll235)).toMatch(/Chauffeur/);
    putChauffeur(g.s, g.rs, 0, 0, club(3), club(4), 2);
    expect(why(g, Kind.SellInsurance, EV.roll235)).toMatch(/cover/); // 1 × 3
    expect(why(g, Kind.SellInsurance, EV.twelve)).toMatch(/cover/); // 1 × 20
  });

  it("the buyer pays the season's premium; the payout is locked from the seller's vault", () => {
    const g = game();
    const w0 = netWorth(g.s, g.rs, 0) + 10 + 4 + 3;
    const gold1 = g.s.gold[1];
    sell(g, EV.roll235, 1);
    expect(g.s.polPremium[0]).toBe(premiumOf(g.s, g.rs, EV.roll235));
    expect(g.s.gold[1]).toBe(gold1 - 1);
    expect(g.s.polCover[0]).toBe(3);
    expect(g.s.slotVault[0]).toBe(7);
    expect(netWorth(g.s, g.rs, 0)).toBe(w0 + 1); // the cover is still the seller's gold
    assertConserved(g);
  });

  it('"if the next roll is a 2, 3 or 5, pays 3:1": a 5 pays the buyer the cover', () => {
    const g = game();
    sell(g, EV.roll235, 1);
    const gold1 = g.s.gold[1];
    g.s.turn++;
    resolvePolicies(g.s, g.rs, 5);
    expect(g.s.gold[1]).toBe(gold1 + 3);
    expect(g.s.polSeller[0]).toBe(-1);
    assertConserved(g);
  });

  it("when the period ends without the event the cover returns to the seller's vault", () => {
    const g = game();
    sell(g, EV.seven, 4);
    for (let i = 0; i < 3; i++) {
      g.s.turn++;
      resolvePolicies(g.s, g.rs, 8);
      expect(g.s.polBuyer[0]).toBe(1);
    }
    g.s.turn++;
    resolvePolicies(g.s, g.rs, 6);
    expect(g.s.polSeller[0]).toBe(-1);
    expect(g.s.slotVault[0]).toBe(10);
    assertConserved(g);
  });

  it("a blocked Land: pays when the number of the buyer's Land is rolled while a 0 modifier lies on it", () => {
    const g = game();
    putProperty(g.s, g.rs, 1, 1, club(9));
    const k = putLand(g.s, g.rs, 1, 1, diamond(3));
    expect(g.s.slotTopKind[k]).toBe(TopKind.Land);
    sell(g, EV.blockedLand, 12);
    const gold1 = g.s.gold[1];
    g.s.turn++;
    resolvePolicies(g.s, g.rs, 3); // rolled, but not blocked
    expect(g.s.polBuyer[0]).toBe(1);
    g.s.modSeat.push(1);
    g.s.modSlot.push(k);
    g.s.modScope.push(0);
    g.s.modMult.push(0);
    g.s.modUntil.push(g.s.turn + 5);
    g.s.turn++;
    resolvePolicies(g.s, g.rs, 3);
    expect(g.s.gold[1]).toBe(gold1 + 4 * premiumOf(g.s, g.rs, EV.blockedLand)); // pays 4:1
    expect(g.s.polSeller[0]).toBe(-1);
    assertConserved(g);
  });

  it('premiums change only with the season: an unsold policy lapses when the season changes', () => {
    const g = game();
    putChauffeur(g.s, g.rs, 0, 0, club(3), club(4), 10);
    act(g, Kind.SellInsurance, EV.seven);
    act(g, Kind.SelectTerm, PERIOD(1));
    const summer = g.s.polPremium[0];
    resolvePolicies(g.s, g.rs, 8);
    expect(g.s.polSeller[0]).toBe(0);
    g.s.wheelPos = g.rs.wheels[0].findIndex((p) => p.season === 'autumn');
    expect(premiumOf(g.s, g.rs, EV.seven)).not.toBe(summer);
    resolvePolicies(g.s, g.rs, 8);
    expect(g.s.polSeller[0]).toBe(-1);
  });
});
