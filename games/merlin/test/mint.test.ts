/**
 * Scenario tests for the Private Mint (bonds and shares) and sales of spells and Mead to players
 * (0.1.27b "Chauffeurs: Private Mint", "Spell Shops", "Breweries"; 0.1.14a "Bid/Ask Table", "Spades",
 * "Hearts"). docs/RULES.md D121-D132.
 */
import { describe, expect, it } from 'vitest';
import { loadRuleset } from '../rules/index.ts';
import { actionId, Kind } from '../engine/actions.ts';
import { HAND_SPELL, Phase } from '../engine/state.ts';
import { legalActionList, whyIllegal } from '../engine/engine.ts';
import { produceFor } from '../engine/dice.ts';
import { leaveMint, mintTurnStart } from '../engine/mint.ts';
import { netWorth } from '../engine/victory.ts';
import { checkConservation, checkDeep } from '../engine/invariants.ts';
import { createObservationEncoder } from '../env/observation.ts';
import { nextInt, seedRng } from '../../../lib/rng.ts';
import { catalogue, KIND_NAMES } from '../engine/actions.ts';
import { applyAction } from '../engine/engine.ts';
import {
  act,
  assertConserved,
  club,
  game,
  giveGold,
  giveSpell,
  putChauffeur,
  putProperty,
  putSpecialised,
  spade,
  type Game,
} from './helpers.ts';

/** SelectTerm index of (coupon %, maturity months) in the full ruleset (bondCouponPercent [10, 20, 30], bondTermMonths [3, 6, 12]). */
const BOND_TERM = (coupon: number, months: number) => [10, 20, 30].indexOf(coupon) * 3 + [3, 6, 12].indexOf(months);
const FACE = (gold: number) => [5, 10, 20].indexOf(gold);
const BOND_PRICE = (gold: number) => [2, 5, 10, 15, 20, 25].indexOf(gold);
const SHARE_PRICE = (gold: number) => [2, 4, 6, 10, 15, 20].indexOf(gold);
const FRACTION = (pct: number) => [10, 25].indexOf(pct);

function why(g: Game, kind: Kind, arg = 0): string | null {
  return whyIllegal(g.s, g.rs, actionId(g.rs, kind, arg));
}

/** Make `seat` the active player in its Main phase. */
function turnOf(g: Game, seat: number): void {
  g.s.turnIdx = seat;
  g.s.phase = Phase.Main;
  g.s.decider = seat;
}

/** Seat 0 (with a Chauffeur) issues a bond of `face` at `coupon`% for `months`; seat 1 buys it. */
function issueAndBuy(g: Game, face: number, coupon: number, months: number): void {
  putChauffeur(g.s, g.rs, 0, 0, club(3), club(4), 0);
  act(g, Kind.IssueBond, FACE(face));
  expect(g.s.phase).toBe(Phase.SelectTerm);
  act(g, Kind.SelectTerm, BOND_TERM(coupon, months));
  expect(g.s.phase).toBe(Phase.Main);
  turnOf(g, 1);
  act(g, Kind.BuyBond, 0);
}

describe('D121, D122: bonds issued from a Chauffeur (0.1.27b "Private Mint")', () => {
  it('issuing needs a Chauffeur; the buyer pays the face to the issuer and holds the bond', () => {
    const g = game();
    expect(why(g, Kind.IssueBond, FACE(5))).toMatch(/Chauffeur/);
    const gold0 = g.s.gold[0];
    const gold1 = g.s.gold[1];
    const w0 = netWorth(g.s, g.rs, 0) + 3 + 4; // the Chauffeur's two property values
    const w1 = netWorth(g.s, g.rs, 1);
    issueAndBuy(g, 10, 20, 6);
    expect(g.s.gold[0]).toBe(gold0 + 10);
    expect(g.s.gold[1]).toBe(gold1 - 10);
    expect(g.s.bondHolder[0]).toBe(1);
    expect(g.s.bondCoupon[0]).toBe(2);
    expect(g.s.bondDue[0]).toBe(g.s.months + 6);
    // Net worth: the bond is a claim of its face for the holder and a debt of its face for the issuer.
    expect(netWorth(g.s, g.rs, 0)).toBe(w0);
    expect(netWorth(g.s, g.rs, 1)).toBe(w1);
    assertConserved(g);
  });

  it("the holder receives the coupon at each of the issuer's turns and the face at maturity", () => {
    const g = game();
    issueAndBuy(g, 5, 10, 3);
    expect(g.s.bondCoupon[0]).toBe(1); // ceil(0.5)
    const gold1 = g.s.gold[1];
    mintTurnStart(g.s, g.rs, 1); // not the issuer's turn: nothing
    mintTurnStart(g.s, g.rs, 0);
    expect(g.s.gold[1]).toBe(gold1 + 1);
    g.s.months += 3;
    mintTurnStart(g.s, g.rs, 0);
    expect(g.s.gold[1]).toBe(gold1 + 1 + 5);
    expect(g.s.bondIssuer[0]).toBe(-1);
    assertConserved(g);
  });

  it('a payment the issuer cannot make is a default: the Central Bank pays, the issuer owes it and is bankrupt', () => {
    const g = game();
    giveGold(g.s, 1, 10);
    issueAndBuy(g, 20, 10, 3);
    g.s.centralBank += g.s.gold[0] - 6;
    g.s.gold[0] = 6;
    const gold1 = g.s.gold[1];
    g.s.months += 3;
    mintTurnStart(g.s, g.rs, 0);
    expect(g.s.gold[1]).toBe(gold1 + 20);
    expect(g.s.gold[0]).toBe(0);
    expect(g.s.debtBank[0]).toBe(14);
    expect(g.s.bankruptSince[0]).toBe(g.s.months);
    expect(g.s.bondIssuer[0]).toBe(-1);
    assertConserved(g);
  });

  it("a bond nobody bought leaves the table at the issuer's next turn", () => {
    const g = game();
    putChauffeur(g.s, g.rs, 0, 0, club(3), club(4), 0);
    act(g, Kind.IssueBond, FACE(5));
    act(g, Kind.SelectTerm, BOND_TERM(30, 12));
    expect(g.s.bondIssuer[0]).toBe(0);
    expect(why(g, Kind.BuyBond, 0)).toMatch(/you issued/);
    mintTurnStart(g.s, g.rs, 0);
    expect(g.s.bondIssuer[0]).toBe(-1);
  });

  it('the holder resells it to a player for a grid price; a refusal moves nothing, and the next offer waits a turn (D160)', () => {
    const g = game();
    giveGold(g.s, 2, 10);
    issueAndBuy(g, 10, 10, 12);
    expect(why(g, Kind.ResellBond, 0)).toBeNull();
    act(g, Kind.ResellBond, 0);
    act(g, Kind.SelectTerm, BOND_PRICE(15));
    // The issuer cannot buy its own bond: offset 3 from seat 1 is seat 0.
    expect(legalActionList(g.s, g.rs)).not.toContain(actionId(g.rs, Kind.SelectPlayer, 3));
    act(g, Kind.SelectPlayer, 1);
    expect(g.s.decider).toBe(2);
    act(g, Kind.RefuseOffer);
    expect(g.s.bondHolder[0]).toBe(1);
    const gold1 = g.s.gold[1];
    const gold2 = g.s.gold[2];
    // One refused offer a turn (D160): the next offer waits for the holder's next turn, whose start clears the count.
    expect(why(g, Kind.ResellBond, 0)).toMatch(/refused this turn/);
    g.s.offersRefused = 0;
    act(g, Kind.ResellBond, 0);
    act(g, Kind.SelectTerm, BOND_PRICE(15));
    act(g, Kind.SelectPlayer, 1);
    act(g, Kind.AcceptOffer);
    expect(g.s.bondHolder[0]).toBe(2);
    expect(g.s.gold[1]).toBe(gold1 + 15);
    expect(g.s.gold[2]).toBe(gold2 - 15);
    expect(checkDeep(g.s, g.rs)).toEqual([]);
  });

  it("an eliminated issuer's or holder's bonds are cancelled", () => {
    const g = game();
    issueAndBuy(g, 5, 10, 3);
    leaveMint(g.s, 1);
    expect(g.s.bondIssuer[0]).toBe(-1);
  });
});

describe('D124, D125: shares in a fraction of the issuer\'s property payouts (0.1.27b "Private Mint")', () => {
  it("the holder receives floor(percent × payout) of each of the issuer's property payouts, from the issuer", () => {
    const g = game();
    putChauffeur(g.s, g.rs, 0, 0, club(3), club(4), 0);
    putProperty(g.s, g.rs, 0, 1, club(8));
    act(g, Kind.IssueShare, FRACTION(25));
    act(g, Kind.SelectTerm, SHARE_PRICE(6));
    expect(g.s.sharePct[0]).toBe(25);
    turnOf(g, 1);
    const gold0 = g.s.gold[0];
    const gold1 = g.s.gold[1];
    act(g, Kind.BuyShare, 0);
    expect(g.s.gold[0]).toBe(gold0 + 6);
    expect(g.s.gold[1]).toBe(gold1 - 6);
    const pay = g.rs.payout[8];
    produceFor(g.s, g.rs, 0, 8);
    const d = Math.floor((pay * 25) / 100);
    expect(g.s.gold[1]).toBe(gold1 - 6 + d);
    expect(g.s.gold[0]).toBe(gold0 + 6 + pay - d);
    assertConserved(g);
  });

  it("shares claim at most finance.mint.maxSharePercent of a player's payouts together", () => {
    const g = game();
    putChauffeur(g.s, g.rs, 0, 0, club(3), club(4), 0);
    act(g, Kind.IssueShare, FRACTION(25));
    act(g, Kind.SelectTerm, SHARE_PRICE(2));
    act(g, Kind.IssueShare, FRACTION(25));
    act(g, Kind.SelectTerm, SHARE_PRICE(2));
    expect(why(g, Kind.IssueShare, FRACTION(10))).toMatch(/more than 50%/);
  });

  it('a resold share is valued at the last price paid', () => {
    const g = game();
    putChauffeur(g.s, g.rs, 0, 0, club(3), club(4), 0);
    act(g, Kind.IssueShare, FRACTION(10));
    act(g, Kind.SelectTerm, SHARE_PRICE(4));
    turnOf(g, 1);
    act(g, Kind.BuyShare, 0);
    giveGold(g.s, 3, 10);
    act(g, Kind.ResellShare, 0);
    act(g, Kind.SelectTerm, SHARE_PRICE(10));
    act(g, Kind.SelectPlayer, 2);
    expect(g.s.decider).toBe(3);
    act(g, Kind.AcceptOffer);
    expect(g.s.shareHolder[0]).toBe(3);
    expect(g.s.sharePrice[0]).toBe(10);
    assertConserved(g);
  });
});

describe('D130, D131: spell and Mead sales to players', () => {
  it("a spell offered to a player lies face up; bought, it enters the buyer's hand", () => {
    const g = game();
    const inst = giveSpell(g, 0, g.rs.cards.spells.defs[0].id);
    expect(why(g, Kind.OfferSpell)).toMatch(/Spell Shop/);
    putProperty(g.s, g.rs, 0, 0, club(5));
    putSpecialised(g.s, g.rs, 0, 0, spade(6));
    act(g, Kind.OfferSpell);
    expect(g.s.hands[0]).toContain(HAND_SPELL + inst); // chosen next
    // Before the spell is chosen the offer holds no card, and that is consistent (found by 10,000-game random play).
    expect(g.s.offerCard).toBe(-1);
    expect(checkConservation(g.s, g.rs)).toEqual([]);
    expect(checkDeep(g.s, g.rs)).toEqual([]);
    act(g, Kind.SelectTerm, 0); // the first spell in hand
    expect(g.s.hands[0]).not.toContain(HAND_SPELL + inst);
    expect(g.s.offerCard).toBe(HAND_SPELL + inst);
    expect(checkDeep(g.s, g.rs)).toEqual([]);
    act(g, Kind.SelectTerm, 1); // 4 gold
    const gold0 = g.s.gold[0];
    const gold2 = g.s.gold[2];
    act(g, Kind.SelectPlayer, 2);
    act(g, Kind.AcceptOffer);
    expect(g.s.hands[2]).toContain(HAND_SPELL + inst);
    expect(g.s.gold[0]).toBe(gold0 + 4);
    expect(g.s.gold[2]).toBe(gold2 - 4);
    expect(g.s.offerCard).toBe(-1);
    expect(checkDeep(g.s, g.rs)).toEqual([]);
  });

  it("a refused spell returns to the seller's hand with its lab of origin", () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 0, club(5));
    putSpecialised(g.s, g.rs, 0, 0, spade(6));
    const inst = giveSpell(g, 0, g.rs.cards.spells.defs[0].id);
    g.s.handOrigin[0][0] = 7;
    act(g, Kind.OfferSpell);
    act(g, Kind.SelectTerm, 0);
    act(g, Kind.SelectTerm, 0);
    act(g, Kind.SelectPlayer, 1);
    act(g, Kind.RefuseOffer);
    expect(g.s.hands[0]).toEqual([HAND_SPELL + inst]);
    expect(g.s.handOrigin[0]).toEqual([7]);
    expect(g.s.phase).toBe(Phase.Main);
  });

  it('D132: Mead sells to a player for the Cost of the Living', () => {
    const g = game();
    expect(why(g, Kind.OfferMead)).toMatch(/no Mead/);
    g.s.mead[0] = 1;
    const gold0 = g.s.gold[0];
    const gold1 = g.s.gold[1];
    act(g, Kind.OfferMead);
    expect(g.s.phase).toBe(Phase.SelectPlayer);
    act(g, Kind.SelectPlayer, 1);
    act(g, Kind.AcceptOffer);
    expect(g.s.mead).toEqual([0, 1, 0, 0]);
    expect(g.s.gold[0]).toBe(gold0 + g.s.costOfLiving);
    expect(g.s.gold[1]).toBe(gold1 - g.s.costOfLiving);
    assertConserved(g);
  });
});

describe('rulesets', () => {
  it('skirmish switches the Private Mint and sales to players off', () => {
    const g = game({ ruleset: loadRuleset('skirmish') });
    putChauffeur(g.s, g.rs, 0, 0, g.s.deck[0], g.s.deck[1], 0);
    g.s.mead[0] = 1;
    expect(why(g, Kind.IssueBond, 0)).toMatch(/off/);
    expect(why(g, Kind.IssueShare, 0)).toMatch(/off/);
    expect(why(g, Kind.OfferMead)).toMatch(/off/);
  });
});

describe('observation', () => {
  it('bonds, shares and an offered spell are public: every seat sees them', () => {
    const g = game();
    const enc = createObservationEncoder(g.rs);
    const seg = (name: string) => enc.spec.segments.find((x) => x.name === name)!;
    const out = new Float32Array(enc.spec.size);
    issueAndBuy(g, 10, 20, 6);
    putProperty(g.s, g.rs, 1, 0, club(5));
    putSpecialised(g.s, g.rs, 1, 0, spade(6));
    const inst = giveSpell(g, 1, g.rs.cards.spells.defs[2].id);
    act(g, Kind.OfferSpell);
    act(g, Kind.SelectTerm, 0);
    for (let seat = 0; seat < 4; seat++) {
      enc.observe(g.s, seat, out);
      expect(out[seg('bonds').offset]).toBe(1); // a bond in place 0
      expect(out[seg('bonds').offset + 1]).toBe(1); // bought
      const spell = seg('mint.offeredSpell');
      expect(out[spell.offset + g.rs.cards.spells.instanceDef[inst]]).toBe(1);
    }
  });
});

describe('random play', () => {
  it('from a table with Chauffeurs, Spell Shops, spells and Mead, uses every new kind and keeps every invariant', () => {
    // Uniformly random players almost never build Spell Shops or Breweries (simulate: CreateSpecialised 0), so
    // the sales to players are exercised from a prepared table.
    const g = game();
    // Seats 0-2 get a Chauffeur and a Spell Shop; seat 3 sells through their shops (brokerage).
    for (let p = 0; p < 4; p++) {
      if (p < 3) {
        putChauffeur(g.s, g.rs, p, 0, club(2 + 3 * p), club(3 + 3 * p), 5);
        putProperty(g.s, g.rs, p, 1, club(4 + 3 * p));
        putSpecialised(g.s, g.rs, p, 1, spade(p + 2));
      }
      giveSpell(g, p, g.rs.cards.spells.defs[p].id);
      giveSpell(g, p, g.rs.cards.spells.defs[p + 4].id);
      giveGold(g.s, p, 20);
      g.s.mead[p] = 3;
    }
    const cat = catalogue(g.rs);
    const rng = seedRng('mint/random');
    const used = new Set<string>();
    for (let i = 0; i < 3000 && g.s.phase !== Phase.GameOver; i++) {
      const legal = legalActionList(g.s, g.rs);
      const id = legal[nextInt(rng, legal.length)];
      used.add(KIND_NAMES[cat.kind[id]]);
      applyAction(g.s, g.rs, id);
      if (i % 25 === 0) expect(checkDeep(g.s, g.rs, 0)).toEqual([]); // every 25th step: the games run longer since D33's 'unrepaid'
    }
    for (const k of ['IssueBond', 'BuyBond', 'ResellBond', 'IssueShare', 'BuyShare', 'ResellShare', 'OfferSpell', 'OfferMead'])
      expect(used).toContain(k);
  });
});
