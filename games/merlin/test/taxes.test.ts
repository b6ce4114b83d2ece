import { describe, expect, it } from 'vitest';
import { actionId, catalogue, Kind } from '../engine/actions.ts';
import { applyAction, legalActionList } from '../engine/engine.ts';
import { Phase } from '../engine/state.ts';
import { beginTaxSeason, taxOwed } from '../engine/taxes.ts';
import { bumpCounter } from '../engine/effects.ts';
import { loadRuleset } from '../rules/index.ts';
import { taxableProperties } from '../engine/properties.ts';
import { IllegalActionError } from '../../../lib/errors.ts';
import {
  act,
  assertConserved,
  classic,
  club,
  diamond,
  game,
  heart,
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
  type Game,
} from './helpers.ts';
import { currentPortion } from '../engine/kernel/phase.ts';

/** Everyone votes `kind` (in the order the engine asks). */
function allVote(g: Game, kinds: number[]): void {
  for (const k of kinds) act(g, k as Kind);
}

describe('Tax owed: the rate plus the rate per property, specialised double, a Chauffeur two (0.1.14a "Taxes")', () => {
  it('counts plain properties and Lands once, Spell Shops and Breweries twice, a Chauffeur as its two properties, labs not at all', () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 0, club(5));
    putProperty(g.s, g.rs, 0, 1, club(9));
    putLand(g.s, g.rs, 0, 1, diamond(3));
    putProperty(g.s, g.rs, 0, 2, club(3));
    putSpecialised(g.s, g.rs, 0, 2, spade(8));
    putProperty(g.s, g.rs, 0, 3, club(10));
    putSpecialised(g.s, g.rs, 0, 3, heart(8));
    putChauffeur(g.s, g.rs, 0, 4, club(4), club(6));
    putLab(g.s, g.rs, 0, 5, spade(2));
    putLab(g.s, g.rs, 0, 6, heart(2));
    expect(taxableProperties(g.s, g.rs, 0)).toBe(1 + 1 + 2 + 2 + 2);
    g.s.taxRate = 1;
    expect(taxOwed(g.s, g.rs, 0)).toBe(1 + 8);
    g.s.taxRate = 2;
    expect(taxOwed(g.s, g.rs, 0)).toBe(2 + 16);
    expect(taxOwed(g.s, g.rs, 1)).toBe(2);
    g.s.taxRate = 0;
    expect(taxOwed(g.s, g.rs, 0)).toBe(0);
    assertConserved(g);
  });
});

describe('Tax season every spring (0.1.14a "Taxes"; taxes.ts: before the Future Reading)', () => {
  it("entering Start of Spring on a roll makes every player pay the R.O.W., then the vote, then the roller's reading", () => {
    const g = game();
    g.s.wheelPos = 2; // Winter (D4: a portion is a season)
    putProperty(g.s, g.rs, 0, 0, club(5));
    putProperty(g.s, g.rs, 0, 1, club(9));
    putSpecialised(g.s, g.rs, 0, 1, spade(8));
    putChauffeur(g.s, g.rs, 2, 0, club(3), club(6));
    const bank = g.s.centralBank;
    nextRoll(g.s, 2, 2);
    act(g, Kind.EndTurn); // seat 1 rolls doubles
    expect(currentPortion(g.s, g.rs).label).toBe('Spring');
    // seat 0: 1 + 1 x 3 = 4; seat 1: 1; seat 2: 1 + 2 = 3; seat 3: 1
    expect(g.s.gold).toEqual([6, 9, 7, 9]);
    expect(g.s.row).toBe(9);
    expect(g.s.centralBank).toBe(bank);
    expect(g.s.phase).toBe(Phase.TaxVote);
    // votes in turn order from the active player
    const voters: number[] = [];
    for (let i = 0; i < 4; i++) {
      voters.push(g.s.decider);
      act(g, Kind.VoteKeep);
    }
    expect(voters).toEqual([1, 2, 3, 0]);
    expect(g.s.taxRate).toBe(1);
    // D48: then the Cost of the Living vote and the Volatility vote, each in the same order
    for (const phase of [Phase.CostOfLivingVote, Phase.VolatilityVote]) {
      expect(g.s.phase).toBe(phase);
      for (let i = 0; i < 4; i++) act(g, Kind.VoteKeep);
    }
    expect(g.s.phase).toBe(Phase.FutureReading);
    expect(g.s.decider).toBe(1);
    assertConserved(g);
  });

  it('a player who cannot pay owes the rest to the R.O.W. and is bankrupt; vault gold is used first', () => {
    const g = game();
    g.s.taxRate = 2;
    putProperty(g.s, g.rs, 1, 0, club(5));
    putChauffeur(g.s, g.rs, 3, 0, club(2), club(8), 3);
    g.s.centralBank += 9;
    g.s.gold[1] = 1; // owes 2 + 2 = 4
    g.s.centralBank += 9;
    g.s.gold[3] = 1; // owes 2 + 4 = 6: 1 from pocket, 3 from the vault, 2 owed
    beginTaxSeason(g.s, g.rs);
    expect(g.s.gold[1]).toBe(0);
    expect(g.s.debtRow[1]).toBe(3);
    expect(g.s.bankruptSince[1]).toBe(g.s.months);
    expect(g.s.gold[3]).toBe(0);
    expect(g.s.slotVault[key(g, 3, 0)]).toBe(0);
    expect(g.s.debtRow[3]).toBe(2);
    expect(g.s.row).toBe(2 + 1 + 2 + 4);
    assertConserved(g);
  });
});

describe('A Crown may be spent to skip the year\'s tax (0.1.14a "Kings")', () => {
  it('a Crown holder chooses: spend a Crown and pay nothing, or pay and keep it; the others pay at once', () => {
    const g = game();
    g.s.crowns[2] = 2;
    g.s.crowns[3] = 1;
    beginTaxSeason(g.s, g.rs);
    expect(g.s.phase).toBe(Phase.Tax);
    expect(g.s.gold).toEqual([9, 9, 10, 10]);
    expect(g.s.decider).toBe(2);
    expect(isLegal(g, Kind.SpendCrownOnTax)).toBe(true);
    expect(isLegal(g, Kind.PayTax)).toBe(true);
    act(g, Kind.SpendCrownOnTax);
    expect(g.s.crowns[2]).toBe(1);
    expect(g.s.gold[2]).toBe(10);
    expect(g.s.decider).toBe(3);
    act(g, Kind.PayTax);
    expect(g.s.crowns[3]).toBe(1);
    expect(g.s.gold[3]).toBe(9);
    expect(g.s.row).toBe(3);
    expect(g.s.phase).toBe(Phase.TaxVote);
    assertConserved(g);
  });

  it('without a Crown, spending one is refused', () => {
    const g = game();
    g.s.crowns[0] = 1;
    beginTaxSeason(g.s, g.rs);
    g.s.crowns[0] = 0;
    expect(isLegal(g, Kind.SpendCrownOnTax)).toBe(false);
    const before = snap(g);
    expect(() => act(g, Kind.SpendCrownOnTax)).toThrow(IllegalActionError);
    expect(snap(g)).toBe(before);
    assertConserved(g);
  });
});

describe('The unanimous tax-rate vote (0.1.14a "Taxes"; 0.1.27b "The Sevens of Upheaval" 1)', () => {
  it('a unanimous raise: tax rate +1, Cost of the Living and Research Cost -1', () => {
    const g = game();
    g.s.costOfLiving = 4;
    g.s.researchCost = 3;
    beginTaxSeason(g.s, g.rs);
    allVote(g, [Kind.VoteRaise, Kind.VoteRaise, Kind.VoteRaise]);
    expect(g.s.phase).toBe(Phase.TaxVote);
    expect(g.s.taxRate).toBe(1); // not decided until every vote is in
    act(g, Kind.VoteRaise);
    expect(g.s.taxRate).toBe(2);
    expect(g.s.costOfLiving).toBe(3);
    expect(g.s.researchCost).toBe(2);
    expect(g.s.phase).toBe(Phase.CostOfLivingVote);
    assertConserved(g);
  });

  it('a unanimous lower: tax rate -1, Cost of the Living and Research Cost +1', () => {
    const g = game();
    g.s.taxRate = 3;
    beginTaxSeason(g.s, g.rs);
    allVote(g, [Kind.VoteLower, Kind.VoteLower, Kind.VoteLower, Kind.VoteLower]);
    expect(g.s.taxRate).toBe(2);
    expect(g.s.costOfLiving).toBe(3);
    expect(g.s.researchCost).toBe(2);
    assertConserved(g);
  });

  it('a split vote changes nothing', () => {
    const g = game();
    g.s.taxRate = 2;
    beginTaxSeason(g.s, g.rs);
    allVote(g, [Kind.VoteRaise, Kind.VoteRaise, Kind.VoteRaise, Kind.VoteKeep]);
    expect([g.s.taxRate, g.s.costOfLiving, g.s.researchCost]).toEqual([2, 2, 1]);
    beginTaxSeason(g.s, g.rs);
    allVote(g, [Kind.VoteLower, Kind.VoteRaise, Kind.VoteLower, Kind.VoteLower]);
    expect([g.s.taxRate, g.s.costOfLiving, g.s.researchCost]).toEqual([2, 2, 1]);
    assertConserved(g);
  });

  it('the counters do not fall below their floors (Cost of the Living 1, Research Cost 1)', () => {
    const g = game();
    g.s.costOfLiving = 1;
    g.s.researchCost = 1;
    beginTaxSeason(g.s, g.rs);
    allVote(g, [Kind.VoteRaise, Kind.VoteRaise, Kind.VoteRaise, Kind.VoteRaise]);
    expect([g.s.taxRate, g.s.costOfLiving, g.s.researchCost]).toEqual([2, 1, 1]);
    assertConserved(g);
  });

  it('a unanimous lower at a tax rate of 0 (its floor) changes nothing', () => {
    const g = game();
    g.s.taxRate = 0;
    beginTaxSeason(g.s, g.rs);
    expect(g.s.row).toBe(0);
    allVote(g, [Kind.VoteLower, Kind.VoteLower, Kind.VoteLower, Kind.VoteLower]);
    expect([g.s.taxRate, g.s.costOfLiving, g.s.researchCost]).toEqual([0, 2, 1]);
    assertConserved(g);
  });

  it('eliminated players neither pay nor vote', () => {
    const g = game();
    g.s.eliminated[3] = 1;
    g.s.centralBank += g.s.gold[3];
    g.s.gold[3] = 0;
    beginTaxSeason(g.s, g.rs);
    expect(g.s.row).toBe(3);
    expect(g.s.debtRow[3]).toBe(0);
    allVote(g, [Kind.VoteRaise, Kind.VoteRaise, Kind.VoteRaise]);
    expect(g.s.taxRate).toBe(2);
    assertConserved(g);
  });
});

describe('D48: the Cost of the Living vote (0.1.27b "The Sevens of Upheaval" 1: "can be reduced on unanimous vote during tax season")', () => {
  /** Tax season with no Crowns and the tax-rate vote kept: the Cost of the Living vote is open. */
  function atCostVote(col: number): Game {
    const g = game();
    g.s.costOfLiving = col;
    beginTaxSeason(g.s, g.rs);
    allVote(g, [Kind.VoteKeep, Kind.VoteKeep, Kind.VoteKeep, Kind.VoteKeep]);
    expect(g.s.phase).toBe(Phase.CostOfLivingVote);
    return g;
  }
  const cut = (g: Game, gold: number) => actionId(g.rs, Kind.VoteCut, g.rs.data.taxes.costOfLivingCuts.indexOf(gold));

  it('D48: every vote is keep or the largest cut accepted; the smallest vote, the cut all accepted, is made', () => {
    const g = atCostVote(12);
    expect(legalActionList(g.s, g.rs).map((id) => catalogue(g.rs).kind[id])).toEqual([
      Kind.VoteKeep,
      ...g.rs.data.taxes.costOfLivingCuts.map(() => Kind.VoteCut),
    ]);
    for (const gold of [8, 5, 13, 8]) applyAction(g.s, g.rs, cut(g, gold));
    expect(g.s.costOfLiving).toBe(12 - 5);
    expect(g.s.phase).toBe(Phase.VolatilityVote);
    assertConserved(g);
  });

  it('D48: one keep keeps the Cost of the Living (unanimity); a cut stops at the floor; raise and lower are refused', () => {
    const g = atCostVote(6);
    const before = snap(g);
    expect(() => act(g, Kind.VoteRaise)).toThrow(IllegalActionError);
    expect(() => act(g, Kind.VoteLower)).toThrow(IllegalActionError);
    expect(snap(g)).toBe(before);
    for (const gold of [3, 3, 3]) applyAction(g.s, g.rs, cut(g, gold));
    act(g, Kind.VoteKeep);
    expect(g.s.costOfLiving).toBe(6);
    const h = atCostVote(3);
    for (let i = 0; i < 4; i++) applyAction(h.s, h.rs, cut(h, 13));
    expect(h.s.costOfLiving).toBe(h.rs.data.floors.costOfLiving);
  });

  it('D48: with `costOfLivingVote: false` (ruleset classic) tax season has only the tax-rate vote', () => {
    const g = game({ ruleset: classic() });
    beginTaxSeason(g.s, g.rs);
    allVote(g, [Kind.VoteKeep, Kind.VoteKeep, Kind.VoteKeep, Kind.VoteKeep]);
    expect(g.s.phase).toBe(Phase.FutureReading);
  });
});

describe('D48: the Volatility vote (0.1.14a "7s": Volatility "can be voted on by all players")', () => {
  function atVolatilityVote(vol: number): Game {
    const g = game();
    g.s.volatility = vol;
    beginTaxSeason(g.s, g.rs);
    allVote(g, [Kind.VoteKeep, Kind.VoteKeep, Kind.VoteKeep, Kind.VoteKeep, Kind.VoteKeep, Kind.VoteKeep, Kind.VoteKeep, Kind.VoteKeep]);
    expect(g.s.phase).toBe(Phase.VolatilityVote);
    return g;
  }

  it('D48: more than half of the votes for a change make it (majority); the floor holds', () => {
    const g = atVolatilityVote(3);
    allVote(g, [Kind.VoteLower, Kind.VoteLower, Kind.VoteLower, Kind.VoteKeep]);
    expect(g.s.volatility).toBe(2);
    expect(g.s.phase).toBe(Phase.FutureReading);
    const h = atVolatilityVote(1);
    allVote(h, [Kind.VoteLower, Kind.VoteLower, Kind.VoteLower, Kind.VoteLower]);
    expect(h.s.volatility).toBe(h.rs.data.floors.volatility);
    const r = atVolatilityVote(2);
    allVote(r, [Kind.VoteRaise, Kind.VoteRaise, Kind.VoteRaise, Kind.VoteLower]);
    expect(r.s.volatility).toBe(3);
    assertConserved(r);
  });

  it('D48: half the votes are not a majority: the Volatility is kept', () => {
    const g = atVolatilityVote(3);
    allVote(g, [Kind.VoteLower, Kind.VoteLower, Kind.VoteRaise, Kind.VoteKeep]);
    expect(g.s.volatility).toBe(3);
  });
});

describe('D158: every change of the Cost of the Living by Volatility (0.1.14a "Cost of the Living"; `literal`)', () => {
  it('a unanimous raise of the tax rate lowers the Cost of the Living by Volatility under `literal`, by one under `full`', () => {
    for (const [name, expected] of [
      ['literal', 12 - 3],
      ['full', 12 - 1],
    ] as const) {
      const g = game({ ruleset: loadRuleset(name) });
      g.s.costOfLiving = 12;
      g.s.volatility = 3;
      beginTaxSeason(g.s, g.rs);
      allVote(g, [Kind.VoteRaise, Kind.VoteRaise, Kind.VoteRaise, Kind.VoteRaise]);
      expect([name, g.s.costOfLiving, g.s.researchCost, g.s.taxRate]).toEqual([name, expected, 1, 2]);
      assertConserved(g);
    }
  });

  it('every counter change goes through bumpCounter: the Cost of the Living moves by steps of Volatility down to its floor, the others by one', () => {
    const g = game({ ruleset: loadRuleset('literal') });
    g.s.costOfLiving = 10;
    g.s.volatility = 2;
    bumpCounter(g.s, g.rs, 'costOfLiving', 2);
    expect(g.s.costOfLiving).toBe(14);
    bumpCounter(g.s, g.rs, 'costOfLiving', -5);
    expect(g.s.costOfLiving).toBe(4);
    bumpCounter(g.s, g.rs, 'costOfLiving', -13);
    expect(g.s.costOfLiving).toBe(g.rs.data.floors.costOfLiving);
    g.s.researchCost = 3;
    bumpCounter(g.s, g.rs, 'researchCost', 2);
    expect(g.s.researchCost).toBe(5);
  });
});
