import { describe, expect, it } from 'vitest';
import { catalogue, Kind } from '../engine/actions.ts';
import { applyEffects } from '../engine/effects.ts';
import { legalActionList } from '../engine/engine.ts';
import { Phase } from '../engine/state.ts';
import { IllegalActionError } from '../../../lib/errors.ts';
import { act, assertConserved, club, drawKing, game, isLegal, key, putProperty, snap, type Game } from './helpers.ts';
import { DECK_INDEX } from '../engine/kernel/card-defs.ts';
import { loadRuleset, type Ruleset } from '../rules/index.ts';

const D = DECK_INDEX.royalDecrees;

describe('Choosing a Royal Decree (0.1.27b "Royal Decrees": the drawer chooses a decree)', () => {
  it('reveals three decrees to the drawer; the two not chosen go back into the deck', () => {
    const g = game();
    const [a, b, c] = drawKing(g, ['bountiful-coffers', 'charter-of-scholars', 'cheap-bread']);
    expect(g.s.phase).toBe(Phase.DecreeChoose);
    expect(g.s.decreeOptions).toEqual([a, b, c]);
    expect(isLegal(g, Kind.SelectOption, 3)).toBe(false);
    act(g, Kind.SelectOption, 1);
    expect(g.s.phase).toBe(Phase.DecreeDecide);
    expect(g.s.decreeCard).toBe(b);
    expect(g.s.decreeOptions).toEqual([]);
    expect(g.s.cdeck[D]).toContain(a);
    expect(g.s.cdeck[D]).toContain(c);
    expect(isLegal(g, Kind.EnactDecree)).toBe(true);
    expect(isLegal(g, Kind.RefuseDecree)).toBe(true);
    expect(isLegal(g, Kind.EndTurn)).toBe(false);
    assertConserved(g);
  });
});

describe('Enacting a decree: a Crown and its consequences (0.1.27b "Royal Decrees")', () => {
  it('Decree of Bountiful Coffers: a Crown, 4 gold from the Central Bank, tax rate +1', () => {
    const g = game();
    const [a] = drawKing(g, ['bountiful-coffers', 'charter-of-scholars', 'cheap-bread']);
    act(g, Kind.SelectOption, 0);
    const bank = g.s.centralBank;
    act(g, Kind.EnactDecree);
    expect(g.s.crowns).toEqual([1, 0, 0, 0]);
    expect(g.s.gold[0]).toBe(10 - 2 + 4);
    expect(g.s.centralBank).toBe(bank - 4);
    expect(g.s.taxRate).toBe(2);
    expect(g.s.cdiscard[D]).toEqual([a]);
    expect(g.s.phase).toBe(Phase.Main);
    expect(g.s.decider).toBe(0);
    assertConserved(g);
  });

  it('Edict of Cheap Bread: Cost of the Living -1 and 2 gold from the enactor to the R.O.W.', () => {
    const g = game();
    g.s.costOfLiving = 3;
    drawKing(g, ['cheap-bread', 'charter-of-scholars', 'royal-amnesty']);
    act(g, Kind.SelectOption, 0);
    act(g, Kind.EnactDecree);
    expect(g.s.costOfLiving).toBe(2);
    expect(g.s.gold[0]).toBe(10 - 3 - 2);
    expect(g.s.row).toBe(3 + 2); // the King's price (D15: card prices go to the R.O.W.) and the decree's 2
    expect(g.s.crowns[0]).toBe(1);
    assertConserved(g);
  });

  it('D51: Royal Amnesty: the enactor takes back every investment (0.1.14a "Kings"), Cost of the Living +1', () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 0, club(5));
    putProperty(g.s, g.rs, 0, 1, club(9));
    act(g, Kind.Invest, 0, 2);
    act(g, Kind.Invest, 1, 1);
    expect(g.s.gold[0]).toBe(3);
    drawKing(g, ['royal-amnesty', 'charter-of-scholars', 'cheap-bread']);
    act(g, Kind.SelectOption, 0);
    act(g, Kind.EnactDecree);
    expect(g.s.gold[0]).toBe(1 + 7);
    expect(g.s.slotInvest[key(g, 0, 0)]).toBe(0);
    expect(g.s.slotInvest[key(g, 0, 1)]).toBe(0);
    expect(g.s.costOfLiving).toBe(3);
    assertConserved(g);
  });

  it('Charter of Scholars: Research Cost -1 (not below 1), Volatility +1', () => {
    const g = game();
    g.s.researchCost = 1;
    drawKing(g, ['charter-of-scholars', 'cheap-bread', 'royal-amnesty']);
    act(g, Kind.SelectOption, 0);
    act(g, Kind.EnactDecree);
    expect(g.s.researchCost).toBe(1);
    expect(g.s.volatility).toBe(2);
    assertConserved(g);
  });
});

describe('D20: refusing a decree: blind auction among the other players (0.1.27b "Refusal of Decree"; 0.1.14a "Blind Auction")', () => {
  it('the highest bidder takes the Crown and the consequences; the bid is split between the drawer and the Central Bank', () => {
    const g = game();
    drawKing(g, ['bountiful-coffers', 'charter-of-scholars', 'cheap-bread']);
    act(g, Kind.SelectOption, 0);
    act(g, Kind.RefuseDecree);
    expect(g.s.phase).toBe(Phase.DecreeBid);
    expect(g.s.decider).toBe(1);
    const bank = g.s.centralBank;
    act(g, Kind.Bid, 3); // seat 1
    expect(g.s.decider).toBe(2);
    // sealed: seat 2 may bid below seat 1
    expect(isLegal(g, Kind.Bid, 0)).toBe(true);
    act(g, Kind.Bid, 5); // seat 2
    act(g, Kind.Bid, 4); // seat 3
    expect(g.s.phase).toBe(Phase.Main);
    expect(g.s.decider).toBe(0);
    expect(g.s.crowns).toEqual([0, 0, 1, 0]);
    // 5 gold: 2 to the drawer (seat 0), 3 (the odd gold) to the Central Bank; the decree pays seat 2 4 gold
    expect(g.s.gold).toEqual([8 + 2, 10, 10 - 5 + 4, 10]);
    expect(g.s.centralBank).toBe(bank + 3 - 4);
    expect(g.s.taxRate).toBe(2);
    expect(g.s.auctionPot).toBe(0);
    assertConserved(g);
  });

  it('the drawer does not bid; a tie goes to the earliest bidder after the drawer', () => {
    const g = game();
    g.s.turnIdx = 2;
    g.s.decider = 2;
    drawKing(g, ['charter-of-scholars', 'cheap-bread', 'royal-amnesty']);
    act(g, Kind.SelectOption, 0);
    act(g, Kind.RefuseDecree);
    const bidders: number[] = [];
    for (const b of [4, 4, 2]) {
      bidders.push(g.s.decider);
      act(g, Kind.Bid, b);
    }
    expect(bidders).toEqual([3, 0, 1]);
    expect(g.s.crowns).toEqual([0, 0, 0, 1]);
    expect(g.s.gold[3]).toBe(6);
    expect(g.s.gold[0]).toBe(10);
    expect(g.s.gold[1]).toBe(10);
    expect(g.s.gold[2]).toBe(10 - 2 + 2);
    expect(g.s.volatility).toBe(2);
    assertConserved(g);
  });

  it('the highest bidder receives the Crown even when the decree asks for gold they no longer have (Edict of Cheap Bread)', () => {
    const g = game();
    drawKing(g, ['cheap-bread', 'charter-of-scholars', 'royal-amnesty']);
    act(g, Kind.SelectOption, 0);
    act(g, Kind.RefuseDecree);
    act(g, Kind.Bid, 10); // seat 1 bids everything it has
    act(g, Kind.Bid, 0);
    act(g, Kind.Bid, 0);
    expect(g.s.gold[1]).toBe(0);
    expect(g.s.gold[0]).toBe(8 + 5);
    // 0.1.27b: "the highest bidder receiving the Crown and the consequences"
    expect(g.s.crowns).toEqual([0, 1, 0, 0]);
    assertConserved(g);
  });

  it('a bid above the gold held is refused', () => {
    const g = game();
    drawKing(g, ['charter-of-scholars', 'cheap-bread', 'royal-amnesty']);
    act(g, Kind.SelectOption, 0);
    act(g, Kind.RefuseDecree);
    g.s.centralBank += 7;
    g.s.gold[1] = 3;
    expect(isLegal(g, Kind.Bid, 4)).toBe(false);
    const before = snap(g);
    expect(() => act(g, Kind.Bid, 4)).toThrow(IllegalActionError);
    expect(snap(g)).toBe(before);
    assertConserved(g);
  });

  it('with no bid above 0 nobody takes the Crown and the decree is discarded', () => {
    const g = game();
    const [a] = drawKing(g, ['bountiful-coffers', 'cheap-bread', 'royal-amnesty']);
    act(g, Kind.SelectOption, 0);
    act(g, Kind.RefuseDecree);
    act(g, Kind.Bid, 0);
    act(g, Kind.Bid, 0);
    act(g, Kind.Bid, 0);
    expect(g.s.crowns).toEqual([0, 0, 0, 0]);
    expect(g.s.taxRate).toBe(1);
    expect(g.s.cdiscard[D]).toEqual([a]);
    expect(g.s.phase).toBe(Phase.Main);
    assertConserved(g);
  });
});

describe('A Crown is never free (project decision, docs/RULES.md "Royal Decrees")', () => {
  it('a drawer who cannot cover the face may only refuse the decree (Road Fund Dividend with an empty R.O.W.)', () => {
    const g = game();
    expect(g.s.row).toBe(0);
    drawKing(g, ['road-fund-dividend', 'charter-of-scholars', 'royal-amnesty']);
    act(g, Kind.SelectOption, 0);
    expect(isLegal(g, Kind.EnactDecree)).toBe(false);
    expect(isLegal(g, Kind.RefuseDecree)).toBe(true);
    const before = snap(g);
    expect(() => act(g, Kind.EnactDecree)).toThrow(IllegalActionError);
    expect(snap(g)).toBe(before);
    act(g, Kind.RefuseDecree);
    expect(g.s.phase).toBe(Phase.DecreeBid);
    expect(g.s.crowns[0]).toBe(0);
    assertConserved(g);
  });
});

describe('D161: royal summons: a Future Reading that brings a Royal Decree (the `decree` effect)', () => {
  const summons = (g: Game) => {
    const d = g.rs.cards.crystalBall;
    return d.defs[d.defs.findIndex((x) => x.id === 'royal-summons')];
  };

  it('the effect waits for the owner, who chooses a decree at the start of their next free actions, one a turn', () => {
    const g = game();
    expect(applyEffects(g.s, g.rs, summons(g), 1, -1, -1)).toBe(true);
    expect(applyEffects(g.s, g.rs, summons(g), 1, -1, -1)).toBe(true);
    expect(g.s.decreesDue[1]).toBe(2);
    expect(g.s.phase).toBe(Phase.Main); // seat 0's turn goes on
    act(g, Kind.EndTurn); // seat 1's turn: its roll, its reading draw, then the summons
    while (g.s.phase !== Phase.DecreeChoose) {
      expect(g.s.decider).toBe(1);
      act(g, g.s.phase === Phase.FutureReading ? Kind.DrawCrystalBall : Kind.PayTax);
    }
    expect(g.s.decider).toBe(1);
    expect(g.s.decreeOptions.length).toBe(g.rs.data.decrees.choices);
    expect(g.s.decreesDue[1]).toBe(1);
    const crowns = g.s.crowns[1];
    act(g, Kind.SelectOption, 0);
    if (isLegal(g, Kind.EnactDecree)) {
      act(g, Kind.EnactDecree);
      expect(g.s.crowns[1]).toBe(crowns + 1);
    }
    while ((g.s.phase as Phase) !== Phase.Main) act(g, legalKindOf(g));
    expect(g.s.decider).toBe(1);
    expect(g.s.decreesDue[1]).toBe(1); // the second waits for seat 1's next turn
    assertConserved(g);
  });

  it("The Herald's Seal resolves on an 11 for its owner and is waived by a 7", () => {
    const g = game();
    const seal = g.rs.cards.teaLeaves.defs.find((x) => x.id === 'heralds-seal')!;
    expect(seal.effects).toEqual([{ op: 'decree' }]);
    expect(seal.trigger).toEqual({ on: 'roll', totals: [11] });
    expect(seal.waiveOn).toEqual([7]);
    expect(summons(g).trigger).toEqual({ on: 'turns', turns: 2 });
  });
});

describe('D162: the prosperity ruleset designs its Future Reading decks with five royal summons each', () => {
  const copies = (rs: Ruleset, deck: 'crystalBall' | 'teaLeaves', id: string) => {
    const d = rs.cards[deck];
    return d.instanceDef.filter((i) => d.defs[i].id === id).length;
  };

  it("holds five A Royal Summons and five The Herald's Seal, the same cards as full's decks and the same deck sizes", () => {
    const full = loadRuleset('full');
    const prosperity = loadRuleset('prosperity');
    expect(copies(full, 'crystalBall', 'royal-summons')).toBe(2);
    expect(copies(full, 'teaLeaves', 'heralds-seal')).toBe(2);
    expect(copies(prosperity, 'crystalBall', 'royal-summons')).toBe(5);
    expect(copies(prosperity, 'teaLeaves', 'heralds-seal')).toBe(5);
    for (const deck of ['crystalBall', 'teaLeaves'] as const) {
      expect(prosperity.cards[deck].instanceDef.length).toBe(full.cards[deck].instanceDef.length);
      // Only the counts differ: every card of full's deck is in prosperity's, with the same trigger and effects.
      expect(prosperity.cards[deck].defs.map((d) => ({ ...d, count: 0 }))).toEqual(full.cards[deck].defs.map((d) => ({ ...d, count: 0 })));
    }
  });
});

/** The first legal action's kind, for stepping through sub-decisions in a test (bids 0, votes keep). */
function legalKindOf(g: Game): Kind {
  const cat = catalogue(g.rs);
  return cat.kind[legalActionList(g.s, g.rs)[0]] as Kind;
}
