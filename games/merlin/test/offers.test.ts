/**
 * Scenario tests of the offers' shared steps (engine/offers.ts): how many offers to players a turn may see refused.
 * docs/RULES.md D160.
 */
import { describe, expect, it } from 'vitest';
import { actionId, Kind } from '../engine/actions.ts';
import { Phase } from '../engine/state.ts';
import { legalActionList, whyIllegal } from '../engine/engine.ts';
import { PLAYER_OFFER_KINDS } from '../engine/offers.ts';
import { catalogue } from '../engine/actions.ts';
import { act, activeTurn, classic, club, game, giveCommodity, isLegal, putProperty, type Game } from './helpers.ts';

/** Trade items of the full ruleset: 2 = one Elixir Oil, 7 = 2 gold. */
const OIL1 = 2;
const GOLD2 = 7;

function proposeAndRefuse(g: Game): void {
  act(g, Kind.ProposeTrade, OIL1);
  act(g, Kind.SelectTerm, GOLD2);
  act(g, Kind.SelectPlayer, 1);
  expect(g.s.phase).toBe(Phase.OfferRespond);
  act(g, Kind.RefuseOffer);
}

/** The kinds of the legal actions now. */
function legalKinds(g: Game): Set<number> {
  const kind = catalogue(g.rs).kind;
  return new Set(legalActionList(g.s, g.rs).map((id) => kind[id]));
}

describe("D160: an offer refused ends a player's offers for the turn (market.refusalsPerTurn)", () => {
  it('after one refusal no offer to players is legal until the next turn; whyIllegal says why', () => {
    const g = game();
    giveCommodity(g.s, 0, 1, 2);
    putProperty(g.s, g.rs, 0, 0, club(4));
    expect(g.rs.data.market.refusalsPerTurn).toBe(1);
    expect(isLegal(g, Kind.ProposeTrade, OIL1)).toBe(true);
    expect(isLegal(g, Kind.AuctionProperty, 0)).toBe(true);
    proposeAndRefuse(g);
    expect(g.s.offersRefused).toBe(1);
    const kinds = legalKinds(g);
    for (const k of PLAYER_OFFER_KINDS) expect(kinds.has(k)).toBe(false);
    expect(kinds.has(Kind.PostAsk)).toBe(true); // the Grand Market is not an offer to a player
    expect(whyIllegal(g.s, g.rs, actionId(g.rs, Kind.ProposeTrade, OIL1))).toMatch(/refused this turn/);
    expect(whyIllegal(g.s, g.rs, actionId(g.rs, Kind.AuctionProperty, 0))).toMatch(/refused this turn/);
    act(g, Kind.EndTurn); // the engine's turn start resets the count (next test)
    activeTurn(g, 0);
    expect(isLegal(g, Kind.ProposeTrade, OIL1)).toBe(true);
  });

  it('the count is reset when a turn starts, and accepted offers do not count', () => {
    const g = game();
    giveCommodity(g.s, 0, 1, 2);
    proposeAndRefuse(g);
    act(g, Kind.EndTurn); // the engine starts seat 1's turn
    expect(g.s.offersRefused).toBe(0);
    const h = game();
    giveCommodity(h.s, 0, 1, 3);
    for (let i = 0; i < 2; i++) {
      act(h, Kind.ProposeTrade, OIL1);
      act(h, Kind.SelectTerm, GOLD2);
      act(h, Kind.SelectPlayer, 1);
      act(h, Kind.AcceptOffer);
    }
    expect(h.s.offersRefused).toBe(0);
    expect(isLegal(h, Kind.ProposeTrade, OIL1)).toBe(true);
  });

  it('a property auction nobody bids in counts as a refused offer', () => {
    const g = game();
    putProperty(g.s, g.rs, 0, 0, club(2));
    putProperty(g.s, g.rs, 0, 1, club(3));
    act(g, Kind.AuctionProperty, 0);
    act(g, Kind.SelectTerm, 0);
    for (let i = 0; i < 3; i++) act(g, Kind.PassAuction);
    expect(g.s.phase).toBe(Phase.Main);
    expect(g.s.offersRefused).toBe(1);
    expect(isLegal(g, Kind.AuctionProperty, 1)).toBe(false);
  });

  it('classic keeps no practical limit (40 refusals, the per-turn action cap)', () => {
    const g = game({ ruleset: classic() });
    giveCommodity(g.s, 0, 1, 2);
    for (let i = 0; i < 3; i++) proposeAndRefuse(g);
    expect(g.s.offersRefused).toBe(3);
    expect(isLegal(g, Kind.ProposeTrade, OIL1)).toBe(true);
  });
});
