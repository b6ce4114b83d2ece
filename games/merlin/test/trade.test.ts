/**
 * Scenario tests for trading between players and property sales (0.1.27b "Trading between Players";
 * 0.1.14a "Trading Between Players", "Auctioning", "Property Value"). docs/RULES.md D62-D66.
 */
import { describe, expect, it } from 'vitest';
import { actionId, Kind } from '../engine/actions.ts';
import { Phase, SlotKind, TopKind } from '../engine/state.ts';
import { legalActionList, whyIllegal } from '../engine/engine.ts';
import { tradeItemName } from '../engine/trade.ts';
import {
  act,
  assertConserved,
  club,
  diamond,
  game,
  giveCommodity,
  isLegal,
  key,
  nextRoll,
  putLand,
  putProperty,
  snap,
  type Game,
} from './helpers.ts';

/** Trade items of the full ruleset (tradeLots [1, 3], tradeGold [1, 2, 5, 10]): 0/1 Souls 1/3, 2/3 Oil, 4/5 Grain, 6-9 gold, 10 a Crown. */
const ITEM = { souls1: 0, souls3: 1, oil1: 2, grain1: 4, gold1: 6, gold2: 7, gold5: 8, gold10: 9, crown: 10 };

function why(g: Game, kind: Kind, arg = 0, arg2 = 0): string | null {
  return whyIllegal(g.s, g.rs, actionId(g.rs, kind, arg, arg2));
}

/** Seat 0 offers `give` for `get` to the player `offset` seats on; returns with the counterparty to decide. */
function propose(g: Game, give: number, get: number, offset: number): void {
  act(g, Kind.ProposeTrade, give);
  expect(g.s.phase).toBe(Phase.SelectTerm);
  act(g, Kind.SelectTerm, get);
  expect(g.s.phase).toBe(Phase.SelectPlayer);
  act(g, Kind.SelectPlayer, offset);
  expect(g.s.phase).toBe(Phase.OfferRespond);
}

describe('goods trades between players', () => {
  it('names the items of the menu', () => {
    const g = game();
    expect(tradeItemName(g.rs, ITEM.souls3)).toBe('3 Souls');
    expect(tradeItemName(g.rs, ITEM.gold5)).toBe('5 gold');
    expect(tradeItemName(g.rs, ITEM.crown)).toBe('a Crown');
  });

  it('the counterparty accepts; with both road rolls above 3 both sides arrive', () => {
    const g = game();
    giveCommodity(g.s, 0, 1, 1);
    const gold0 = g.s.gold[0];
    const gold2 = g.s.gold[2];
    propose(g, ITEM.oil1, ITEM.gold5, 2);
    expect(g.s.decider).toBe(2);
    expect(legalActionList(g.s, g.rs)).toEqual([actionId(g.rs, Kind.AcceptOffer), actionId(g.rs, Kind.RefuseOffer)]);
    nextRoll(g.s, 4, 6);
    act(g, Kind.AcceptOffer);
    expect(g.s.held[2 * 3 + 1]).toBe(1);
    expect(g.s.held[1]).toBe(0);
    expect(g.s.gold[0]).toBe(gold0 + 5);
    expect(g.s.gold[2]).toBe(gold2 - 5);
    expect(g.s.phase).toBe(Phase.Main);
    expect(g.s.decider).toBe(0);
    assertConserved(g);
  });

  it("a road roll of 3 or less loses the roller's goods (commodities to the supply, gold to the Central Bank); the other side still arrives", () => {
    const g = game();
    giveCommodity(g.s, 0, 0, 3);
    const supply = g.s.supply[0];
    const bank = g.s.centralBank;
    const gold0 = g.s.gold[0];
    propose(g, ITEM.souls3, ITEM.gold2, 1);
    nextRoll(g.s, 3, 1); // the offerer rolls 3: its Souls are stolen; the counterparty rolls 1: its gold too
    act(g, Kind.AcceptOffer);
    expect(g.s.supply[0]).toBe(supply + 3);
    expect(g.s.held[1 * 3]).toBe(0);
    expect(g.s.centralBank).toBe(bank + 2);
    expect(g.s.gold[0]).toBe(gold0);
    assertConserved(g);
  });

  it('when the partners have ever targeted each other with spells, a 4 is also robbery (D62)', () => {
    const g = game();
    giveCommodity(g.s, 0, 2, 1);
    g.s.spellTargeted[1 * g.s.numPlayers + 0] = 1;
    const gold0 = g.s.gold[0];
    propose(g, ITEM.grain1, ITEM.gold1, 1);
    nextRoll(g.s, 5, 4);
    act(g, Kind.AcceptOffer);
    expect(g.s.held[1 * 3 + 2]).toBe(1); // the offerer's 5 is safe
    expect(g.s.gold[0]).toBe(gold0); // the counterparty's 4 is robbed
    assertConserved(g);
    // Without the spell history a 4 is safe.
    const h = game();
    giveCommodity(h.s, 0, 2, 1);
    const h0 = h.s.gold[0];
    propose(h, ITEM.grain1, ITEM.gold1, 1);
    nextRoll(h.s, 5, 4);
    act(h, Kind.AcceptOffer);
    expect(h.s.gold[0]).toBe(h0 + 1);
  });

  it('D63: Crowns trade too (0.1.14a "Kings")', () => {
    const g = game();
    g.s.crowns[0] = 1;
    const gold0 = g.s.gold[0];
    propose(g, ITEM.crown, ITEM.gold10, 3);
    nextRoll(g.s, 6, 6);
    act(g, Kind.AcceptOffer);
    expect(g.s.crowns).toEqual([0, 0, 0, 1]);
    expect(g.s.gold[0]).toBe(gold0 + 10);
    assertConserved(g);
  });

  it('refusing changes nothing but closes the offer', () => {
    const g = game();
    giveCommodity(g.s, 0, 1, 1);
    const before = JSON.parse(snap(g));
    propose(g, ITEM.oil1, ITEM.gold2, 1);
    act(g, Kind.RefuseOffer);
    const after = JSON.parse(snap(g));
    expect(after.gold).toEqual(before.gold);
    expect(after.held).toEqual(before.held);
    expect(after.rng).toEqual(before.rng); // no road roll
    expect(g.s.phase).toBe(Phase.Main);
    expect(g.s.offerKind).toBe(0);
  });

  it('refuses offers of goods one does not hold, of the same kind of goods, or that nobody can take', () => {
    const g = game();
    expect(why(g, Kind.ProposeTrade, ITEM.oil1)).toMatch(/do not hold/);
    expect(why(g, Kind.ProposeTrade, ITEM.crown)).toMatch(/do not hold/);
    // At the start nobody holds anything but gold, and gold for gold is no trade.
    expect(why(g, Kind.ProposeTrade, ITEM.gold1)).toMatch(/different goods|no other player holds/);
    g.s.crowns[3] = 1;
    act(g, Kind.ProposeTrade, ITEM.gold1);
    expect(why(g, Kind.SelectTerm, ITEM.gold2)).toMatch(/different goods/);
    expect(why(g, Kind.SelectTerm, ITEM.souls1)).toMatch(/no other player holds/);
    expect(isLegal(g, Kind.SelectTerm, ITEM.souls1)).toBe(false);
    giveCommodity(g.s, 2, 0, 1);
    expect(isLegal(g, Kind.SelectTerm, ITEM.souls1)).toBe(true);
    act(g, Kind.SelectTerm, ITEM.souls1);
    // Only seat 2 holds a Soul: it is the only counterparty.
    expect(legalActionList(g.s, g.rs)).toEqual([actionId(g.rs, Kind.SelectPlayer, 2)]);
    expect(why(g, Kind.SelectPlayer, 1)).toMatch(/cannot take/);
  });
});

describe('D64, D65: property sales and liquidation (0.1.14a "Clubs", "Property Value")', () => {
  it('offers a property with its Land and planted unit to a buyer at a grid price; accepted, it moves with everything on it', () => {
    const g = game();
    const F = g.rs.data.table.fieldSlots;
    putProperty(g.s, g.rs, 0, 3, club(5));
    putLand(g.s, g.rs, 0, 3, diamond(9));
    g.s.supply[2]--;
    g.s.slotPlanted[key(g, 0, 3)] = 1;
    putProperty(g.s, g.rs, 1, 0, club(6));
    const gold0 = g.s.gold[0];
    const gold1 = g.s.gold[1];
    act(g, Kind.OfferProperty, 3);
    act(g, Kind.SelectTerm, 2); // propertyPrices [2, 4, 6, 10]: 6 gold
    act(g, Kind.SelectPlayer, 1);
    const rng = JSON.stringify(g.s.rng);
    act(g, Kind.AcceptOffer);
    expect(JSON.stringify(g.s.rng)).toBe(rng); // deeds: no road roll
    expect(g.s.slotKind[key(g, 0, 3)]).toBe(SlotKind.Empty);
    const k = 1 * F + 1; // seat 1's first free slot
    expect(g.s.slotKind[k]).toBe(SlotKind.Property);
    expect(g.s.slotCard[k]).toBe(club(5));
    expect(g.s.slotTopKind[k]).toBe(TopKind.Land);
    expect(g.s.slotPlanted[k]).toBe(1);
    expect(g.s.gold[0]).toBe(gold0 + 6);
    expect(g.s.gold[1]).toBe(gold1 - 6);
    assertConserved(g);
  });

  it('only players with the gold and a free slot are offered it; an invested property cannot be sold', () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 0, club(4));
    g.s.gold[1] = 3;
    g.s.gold[2] = 3;
    g.s.gold[3] = 10;
    g.s.centralBank += 14;
    act(g, Kind.OfferProperty, 0);
    expect(why(g, Kind.SelectTerm, 3)).toBeNull(); // seat 3 can pay 10
    act(g, Kind.SelectTerm, 1); // 4 gold: only seat 3
    expect(legalActionList(g.s, g.rs)).toEqual([actionId(g.rs, Kind.SelectPlayer, 3)]);
    act(g, Kind.SelectPlayer, 3);
    act(g, Kind.RefuseOffer);
    expect(g.s.slotKind[key(g, 0, 0)]).toBe(SlotKind.Property);
    g.s.offersRefused = 0; // seat 0's next turn: one refused offer a turn (D160)
    g.s.slotInvest[key(g, 0, 0)] = 1;
    g.s.gold[0]--;
    expect(why(g, Kind.OfferProperty, 0)).toMatch(/locked/);
    expect(why(g, Kind.LiquidateProperty, 0)).toMatch(/locked/);
  });

  it('liquidates a bare property to the Central Bank at its property value; a property with a permit cannot be liquidated', () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 0, club(3)); // property value 4
    putProperty(g.s, g.rs, 0, 1, club(8));
    putLand(g.s, g.rs, 0, 1, diamond(2));
    const gold0 = g.s.gold[0];
    act(g, Kind.LiquidateProperty, 0);
    expect(g.s.gold[0]).toBe(gold0 + 4);
    expect(g.s.slotKind[key(g, 0, 0)]).toBe(SlotKind.Empty);
    expect(g.s.discard).toContain(club(3));
    expect(why(g, Kind.LiquidateProperty, 1)).toMatch(/permit/);
    assertConserved(g);
  });
});

describe('property auctions (0.1.14a "Bid Auctioning")', () => {
  it('only a property on the field can be auctioned, never commodities (0.1.14a "Auctioning", "Diamonds")', () => {
    const g = game();
    giveCommodity(g.s, 0, 0, 3);
    giveCommodity(g.s, 0, 2, 2);
    const slots = g.rs.data.table.fieldSlots;
    const auctionable = () => [...Array(slots).keys()].filter((i) => isLegal(g, Kind.AuctionProperty, i));
    expect(auctionable()).toEqual([]); // commodities in hand, no property: nothing to auction
    putProperty(g.s, g.rs, 0, 3, club(5));
    expect(auctionable()).toEqual([3]);
    act(g, Kind.AuctionProperty, 3);
    act(g, Kind.SelectTerm, 0);
    for (let i = 0; i < 3; i++) act(g, Kind.PassAuction);
    expect(g.s.held.slice(0, 3)).toEqual([3, 0, 2]); // the commodities never entered the auction
    assertConserved(g);
  });

  it('opens at or below the property value; the others raise or pass in turn; the last bidder buys at their bid', () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 2, club(4)); // property value 3
    act(g, Kind.AuctionProperty, 2);
    expect(g.s.phase).toBe(Phase.SelectTerm);
    expect(why(g, Kind.SelectTerm, 4)).toMatch(/at or below the property value/); // opening 4 > 3
    act(g, Kind.SelectTerm, 2); // opening 2
    expect(g.s.phase).toBe(Phase.PropertyAuction);
    expect(g.s.queue).toEqual([1, 2, 3]);
    expect(g.s.decider).toBe(1);
    act(g, Kind.RaiseAuction); // seat 1 bids 2
    act(g, Kind.PassAuction); // seat 2 leaves
    act(g, Kind.RaiseAuction); // seat 3 bids 3
    expect(g.s.decider).toBe(1);
    const gold0 = g.s.gold[0];
    const gold3 = g.s.gold[3];
    act(g, Kind.PassAuction); // seat 1 leaves: seat 3 wins at 3
    expect(g.s.phase).toBe(Phase.Main);
    expect(g.s.decider).toBe(0);
    expect(g.s.gold[0]).toBe(gold0 + 3);
    expect(g.s.gold[3]).toBe(gold3 - 3);
    expect(g.s.slotKind[key(g, 0, 2)]).toBe(SlotKind.Empty);
    expect(g.s.slotCard[key(g, 3, 0)]).toBe(club(4));
    assertConserved(g);
  });

  it('no sale when everyone passes; a bidder cannot raise beyond their pocket', () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 0, club(2)); // property value 5
    g.s.centralBank += g.s.gold[1] - 1;
    g.s.gold[1] = 1;
    act(g, Kind.AuctionProperty, 0);
    act(g, Kind.SelectTerm, 1); // opening 1
    expect(isLegal(g, Kind.RaiseAuction)).toBe(true);
    act(g, Kind.RaiseAuction); // seat 1 bids 1, its whole pocket
    act(g, Kind.RaiseAuction); // seat 2 bids 2
    act(g, Kind.PassAuction); // seat 3
    expect(g.s.decider).toBe(1);
    expect(why(g, Kind.RaiseAuction)).toMatch(/not enough gold/);
    act(g, Kind.PassAuction); // seat 2 wins at 2
    expect(g.s.slotCard[key(g, 2, 0)]).toBe(club(2));
    const h = game();
    putProperty(h.s, h.rs, 0, 0, club(2));
    act(h, Kind.AuctionProperty, 0);
    act(h, Kind.SelectTerm, 0);
    for (let i = 0; i < 3; i++) act(h, Kind.PassAuction);
    expect(h.s.phase).toBe(Phase.Main);
    expect(h.s.slotKind[key(h, 0, 0)]).toBe(SlotKind.Property);
    assertConserved(h);
  });
});
