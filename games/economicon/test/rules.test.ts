/**
 * The rules of Economicon v0.4 one by one (docs/ECONOMICON.md maps each rule and D-number to its test here):
 * setup, the turn, each growth and trade action, saturation, scarcity, X, overpaying, no split purchases,
 * mandates satisfied out of turn, the end, the tie-breaks and a draw.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { GameOverError, IllegalActionError, UnknownActionError } from '../../../lib/errors.ts';
import { chance } from '../../../lib/rng.ts';
import { compileRuleset, CUR0, DECKS_DIR, ELEC, GOLD, loadRuleset, mergeRuleset, OIL, RULESETS_DIR, TECH } from '../rules/index.ts';
import {
  applyAction,
  checkDeep,
  compareSeats,
  createGame,
  isTerminal,
  Kind,
  legalActions,
  MARKET,
  OFFER,
  Outcome,
  PILE,
  RESERVES,
  serializeState,
  unitX,
  victoryPoints,
  whyIllegal,
  type EconomiconState,
} from '../engine/index.ts';
import { actionId, arrangeMandates, moveAll, rs, setUnits } from './helpers.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const T = 8;
const u = (s: EconomiconState, h: number, t: number) => s.units[h * T + t];
/** A 2-4 player game at seat `seat`'s second action, with empty hands (no mandate interferes). */
function atTrade(players = 2, seed = 'rules'): EconomiconState {
  const s = createGame(rs, players, seed);
  arrangeMandates(s, rs, []);
  s.step = 1;
  return s;
}
const SELL = (r: number, w: number, m: number) => actionId(Kind.MarketSell, r, w, m);
const BUY = (r: number, j: number, k: number) => actionId(Kind.MarketBuy, r, j, k);
const OFFER_ID = (r: number, k: number) => actionId(Kind.Offer, r, 0, k);
const TAKE = (off: number, w: number) => actionId(Kind.BuyOffer, off, w, 0);

afterEach(() => {
  chance.forced = null;
});

describe('setup ("Setting up the game")', () => {
  for (const n of [2, 3, 4]) {
    it(`${n} players: reserves, market, draw piles, two mandates each`, () => {
      const s = createGame(rs, n, `setup${n}`);
      for (let p = 0; p < n; p++) {
        expect([OIL, ELEC, TECH, GOLD].map((t) => u(s, RESERVES + p, t))).toEqual([5, 3, 1, 2]);
        expect(u(s, RESERVES + p, CUR0 + p)).toBe(3);
        expect(s.handLen[p]).toBe(2);
      }
      expect([OIL, ELEC, TECH, GOLD].map((t) => u(s, MARKET, t))).toEqual([9, 5, 1, 4]);
      for (let c = 0; c < 4; c++) expect(u(s, MARKET, CUR0 + c)).toBe(6); // D2: every nation's column
      expect(u(s, PILE, OIL)).toBe(60);
      expect(s.deckLen).toBe(30 - 2 * n);
      expect(s.current).toBe(s.firstPlayer);
      expect(checkDeep(s, rs)).toEqual([]);
    });
  }

  it('the die roll: highest first, the tied highest roll again (D9)', () => {
    chance.forced = new Map([['first', [4, 6, 6, 2, 5]]]);
    const s = createGame(rs, 3, 'dice');
    expect(s.firstPlayer).toBe(2); // seats 1 and 2 tie on 6, then roll 2 and 5
  });

  it('with absentNationsInMarket false the columns of unseated nations start empty', () => {
    const file = join(RULESETS_DIR, 'standard.json');
    const data = mergeRuleset(JSON.parse(readFileSync(file, 'utf8')), { absentNationsInMarket: false });
    const r2 = compileRuleset(data, (f) => JSON.parse(readFileSync(join(DECKS_DIR, f), 'utf8')));
    const s = createGame(r2, 2, 'absent');
    expect([0, 1, 2, 3].map((c) => u(s, MARKET, CUR0 + c))).toEqual([6, 6, 0, 0]);
    expect(checkDeep(s, r2)).toEqual([]);
  });
});

describe('the turn ("Playing the game")', () => {
  it('a growth action first, then a growth or trade action; then the next seat clockwise', () => {
    const s = createGame(rs, 3, 'turn');
    arrangeMandates(s, rs, []);
    const first = s.current;
    expect(whyIllegal(s, rs, SELL(OIL, 0, 1))).toMatch(/second action/);
    expect(whyIllegal(s, rs, 0)).toMatch(/growth action/);
    applyAction(s, rs, Kind.Drill);
    expect([s.current, s.step]).toEqual([first, 1]);
    expect(whyIllegal(s, rs, 0)).toBeNull();
    expect(whyIllegal(s, rs, Kind.Drill)).toBeNull(); // a second growth action
    applyAction(s, rs, 0);
    expect([s.current, s.step, s.turn]).toEqual([(first + 1) % 3, 0, 1]);
  });

  it('the first action may be a pass only when no growth action is possible (D12)', () => {
    const s = atTrade();
    s.step = 0;
    const p = s.current;
    const q = RESERVES + 1 - p;
    for (const [t, from] of [
      [OIL, RESERVES + p],
      [ELEC, RESERVES + p],
      [OIL, PILE],
      [GOLD, PILE],
      [CUR0 + p, PILE],
    ])
      moveAll(s, t, from, q);
    const hands: string[][] = [[], []];
    hands[p] = ['oil-reserve', 'gold-standard', 'golden-age'];
    arrangeMandates(s, rs, hands);
    expect(checkDeep(s, rs)).toEqual([]);
    expect(whyIllegal(s, rs, 0)).toBeNull();
    const out = new Int32Array(400);
    expect(Array.from(out.subarray(0, legalActions(s, rs, out)))).toEqual([0]);
  });
});

describe('growth actions', () => {
  it('mint, drill and manufacture move units between the draw piles and reserves', () => {
    const s = atTrade();
    const p = s.current;
    const g = (t: number) => u(s, RESERVES + p, t);
    s.step = 0;
    applyAction(s, rs, Kind.MintGold);
    expect(g(GOLD)).toBe(3);
    applyAction(s, rs, Kind.MintCurrency);
    expect(g(CUR0 + p)).toBe(5);
    s.current = p;
    s.step = 0;
    applyAction(s, rs, Kind.Drill);
    expect(g(OIL)).toBe(8);
    applyAction(s, rs, Kind.ManufactureElectricity);
    expect([g(OIL), g(ELEC), u(s, PILE, OIL)]).toEqual([5, 5, 60 - 3 + 3]);
    s.current = p;
    s.step = 0;
    applyAction(s, rs, Kind.ManufactureTechnology);
    expect([g(ELEC), g(TECH)]).toEqual([3, 2]);
  });

  it('draw mandates: one card, at most 3 unsatisfied (D15)', () => {
    const s = createGame(rs, 2, 'draw');
    const p = s.current;
    arrangeMandates(s, rs, p === 0 ? [['oil-reserve', 'gold-standard'], []] : [[], ['oil-reserve', 'gold-standard']]);
    applyAction(s, rs, Kind.DrawMandate);
    expect(s.handLen[p]).toBeGreaterThanOrEqual(2); // the drawn card may be satisfied at once
    arrangeMandates(
      s,
      rs,
      p === 0 ? [['oil-reserve', 'gold-standard', 'golden-age'], []] : [[], ['oil-reserve', 'gold-standard', 'golden-age']],
    );
    expect(whyIllegal(s, rs, Kind.DrawMandate)).toMatch(/3 unsatisfied mandates/);
  });

  it('an empty draw pile stops that growth action (D3)', () => {
    const s = atTrade();
    setUnits(s, PILE, GOLD, 0);
    expect(whyIllegal(s, rs, Kind.MintGold)).toMatch(/gold draw pile/);
  });
});

describe('the market ("The Market")', () => {
  it('X is the bottom-most visible printed number: gold 4 units -> 5, currency 6 units -> 2; a full column -> whenFull (D4, D5)', () => {
    const s = atTrade();
    expect(unitX(s, rs, GOLD)).toBe(5);
    expect(unitX(s, rs, CUR0)).toBe(2);
    setUnits(s, MARKET, CUR0, 12);
    expect(unitX(s, rs, CUR0)).toBe(1);
    setUnits(s, MARKET, GOLD, 0);
    expect(unitX(s, rs, GOLD)).toBe(8);
  });

  it('selling to the market: m * X resources for m native currency taken from its column, X rises', () => {
    const s = atTrade();
    const p = s.current;
    applyAction(s, rs, SELL(OIL, 0, 1));
    expect([u(s, RESERVES + p, OIL), u(s, MARKET, OIL), u(s, RESERVES + p, CUR0 + p), u(s, MARKET, CUR0 + p)]).toEqual([3, 11, 4, 5]);
    expect(unitX(s, rs, CUR0 + p)).toBe(3);
  });

  it('a saturated column takes no sale until someone buys from it', () => {
    const s = atTrade();
    setUnits(s, MARKET, OIL, 12);
    expect(whyIllegal(s, rs, SELL(OIL, 0, 1))).toMatch(/saturated/);
    setUnits(s, MARKET, OIL, 11);
    expect(whyIllegal(s, rs, SELL(OIL, 0, 1))).toMatch(/1 free spots, not 2/);
    setUnits(s, MARKET, OIL, 10);
    expect(whyIllegal(s, rs, SELL(OIL, 0, 1))).toBeNull();
  });

  it('a scarce column sells nothing; buying more than it holds is refused', () => {
    const s = atTrade();
    setUnits(s, MARKET, TECH, 0);
    expect(whyIllegal(s, rs, BUY(TECH, 1, 1))).toMatch(/scarce/);
    setUnits(s, MARKET, TECH, 1);
    expect(whyIllegal(s, rs, BUY(TECH, 1, 2))).toMatch(/holds 1 technology, not 2/);
    expect(whyIllegal(s, rs, BUY(TECH, 1, 1))).toBeNull();
  });

  it('buying pays the fewest units covering the amount (overpaying when exact is impossible, D7), X read once (D6)', () => {
    const s = atTrade();
    const p = s.current;
    applyAction(s, rs, BUY(OIL, 1, 6)); // 6 oil at gold X 5: 2 gold, overpaying 4
    expect([u(s, RESERVES + p, GOLD), u(s, MARKET, GOLD), u(s, RESERVES + p, OIL), u(s, MARKET, OIL)]).toEqual([0, 6, 11, 3]);
    expect(unitX(s, rs, GOLD)).toBe(4);
  });

  it('any currency may pay the market, including another nation’s; a full currency column takes no payment', () => {
    const s = atTrade(3);
    const p = s.current;
    const other = (p + 1) % 4;
    setUnits(s, RESERVES + p, CUR0 + other, 2);
    expect(whyIllegal(s, rs, BUY(ELEC, 2, 4))).toBeNull(); // 2 units at X 2
    setUnits(s, MARKET, CUR0 + other, 12);
    expect(whyIllegal(s, rs, BUY(ELEC, 2, 1))).toMatch(/0 free spots/);
  });
});

describe('selling to players', () => {
  it('an offer is bought whole or not at all (no split purchases), paid at X in the buyer’s currency or gold (D8)', () => {
    const s = atTrade();
    const p = s.current;
    const q = 1 - p;
    applyAction(s, rs, OFFER_ID(OIL, 5));
    expect(u(s, OFFER + p, OIL)).toBe(5);
    expect(s.current).toBe(q);
    applyAction(s, rs, Kind.MintGold);
    // the only purchase takes all 5 oil: 3 of q's currency at X 2 (overpaying 1)
    applyAction(s, rs, TAKE(1, 0));
    expect([u(s, OFFER + p, OIL), u(s, RESERVES + q, OIL), u(s, RESERVES + q, CUR0 + q), u(s, RESERVES + p, CUR0 + q)]).toEqual([
      0, 10, 0, 3,
    ]);
  });

  it('an unsold offer returns at its owner’s next turn (D10); under open-offers it stays', () => {
    for (const [variant, left] of [
      ['standard', 0],
      ['open-offers', 2],
    ] as const) {
      const r =
        variant === 'standard'
          ? rs
          : compileRuleset(
              mergeRuleset(JSON.parse(readFileSync(join(RULESETS_DIR, 'standard.json'), 'utf8')), { offersReturnAtOwnersTurn: false }),
              (f) => JSON.parse(readFileSync(join(DECKS_DIR, f), 'utf8')),
            );
      const s = createGame(r, 2, 'offer');
      arrangeMandates(s, r, []);
      const p = s.current;
      applyAction(s, r, Kind.Drill);
      applyAction(s, r, actionId(Kind.Offer, ELEC, 0, 2, r));
      applyAction(s, r, Kind.Drill);
      applyAction(s, r, 0);
      expect(u(s, OFFER + p, ELEC)).toBe(left);
    }
  });
});

describe('mandates and the end ("Winning the game")', () => {
  it('a mandate is satisfied the moment its condition holds, on another seat’s turn too', () => {
    const s = atTrade();
    const p = s.current;
    const q = 1 - p;
    const hands: string[][] = [[], []];
    hands[q] = ['trade-surplus'];
    arrangeMandates(s, rs, hands);
    setUnits(s, OFFER + q, OIL, 2);
    setUnits(s, RESERVES + q, OIL, 3);
    applyAction(s, rs, TAKE(1, 0)); // p pays q in p's currency: q now holds foreign currency
    expect(s.satisfied[q]).toBe(1);
    expect(s.handLen[q]).toBe(0);
  });

  it('satisfying a mandate checks its condition (standard) or spends it (spending, D20)', () => {
    const spending = loadRuleset('spending');
    for (const [r, oil, foreign] of [
      [rs, 12, 3],
      [spending, 3, 0],
    ] as const) {
      const s = createGame(r, 3, 'spend');
      const p = s.current;
      const hands: string[][] = [[], [], []];
      hands[p] = ['oil-field', 'foreign-reserves'];
      arrangeMandates(s, r, hands);
      setUnits(s, RESERVES + p, CUR0 + ((p + 1) % 3), 2);
      setUnits(s, RESERVES + p, CUR0 + ((p + 2) % 3), 1);
      setUnits(s, RESERVES + p, OIL, 9);
      applyAction(s, r, Kind.Drill); // 12 oil: Oil Field (9) is satisfied
      expect(s.satisfied[p]).toBe(2); // and Foreign Reserves (3 foreign units) was, at once
      expect(u(s, RESERVES + p, OIL)).toBe(oil);
      expect(u(s, RESERVES + p, CUR0 + ((p + 1) % 3)) + u(s, RESERVES + p, CUR0 + ((p + 2) % 3))).toBe(foreign);
      expect(checkDeep(s, r)).toEqual([]);
    }
  });

  it('the fifth satisfied mandate ends the game at once; the most points win', () => {
    const s = createGame(rs, 2, 'end');
    const p = s.current;
    const hands: string[][] = [[], []];
    hands[p] = ['gold-reserve'];
    arrangeMandates(s, rs, hands, p === 0 ? [4, 0] : [0, 4]);
    setUnits(s, OFFER + 1 - p, OIL, 1);
    setUnits(s, RESERVES + 1 - p, OIL, 4);
    applyAction(s, rs, Kind.MintGold);
    expect(isTerminal(s)).toBe(true);
    expect(s.outcome).toBe(Outcome.Mandates);
    expect(s.winner).toBe(p);
    expect(u(s, RESERVES + 1 - p, OIL)).toBe(5); // the open offer went back (D13)
    expect(() => applyAction(s, rs, 0)).toThrow(GameOverError);
  });

  it('ties go to more gold units, then more currency units; then a draw', () => {
    const s = atTrade();
    setUnits(s, RESERVES + 0, OIL, 7); // +2 points
    setUnits(s, RESERVES + 1, CUR0 + 1, 4); // +1 unit at X 2 = +2 points, more currency units
    expect(victoryPoints(s, rs, 0)).toBe(victoryPoints(s, rs, 1));
    expect(compareSeats(s, rs, 0, 1)).toBeGreaterThan(0); // seat 1 first: more currency
    setUnits(s, RESERVES + 0, GOLD, 3);
    setUnits(s, RESERVES + 0, OIL, 2); // +5 -5: same points, one more gold
    expect(victoryPoints(s, rs, 0)).toBe(victoryPoints(s, rs, 1));
    expect(compareSeats(s, rs, 0, 1)).toBeLessThan(0);
  });

  it('a full tie is a draw (winner -1)', () => {
    const s = createGame(rs, 2, 'draw-end');
    const p = s.current;
    const q = 1 - p;
    const hands: string[][] = [[], []];
    hands[p] = ['gold-reserve'];
    const sat = [0, 0];
    sat[p] = 4;
    sat[q] = 4;
    arrangeMandates(s, rs, hands, sat);
    setUnits(s, RESERVES + q, GOLD, 3); // q already has the gold p is about to mint
    setUnits(s, RESERVES + q, OIL, 10); // and 5 points for p's fifth mandate
    expect(checkDeep(s, rs)).toEqual([]);
    applyAction(s, rs, Kind.MintGold);
    expect(s.outcome).toBe(Outcome.Mandates);
    expect(s.winner).toBe(-1);
  });

  it('the turn limit truncates the game (D18)', () => {
    const s = atTrade();
    s.turn = rs.data.turnLimit - 1;
    applyAction(s, rs, 0);
    expect(s.outcome).toBe(Outcome.Truncated);
  });
});

describe('refusals', () => {
  it('an illegal or unknown id throws a typed error and leaves the state unchanged', () => {
    const s = atTrade();
    const before = serializeState(s);
    expect(() => applyAction(s, rs, BUY(TECH, 0, 12))).toThrow(IllegalActionError);
    expect(() => applyAction(s, rs, 9999)).toThrow(UnknownActionError);
    expect(() => applyAction(s, rs, -1)).toThrow(UnknownActionError);
    expect(serializeState(s)).toBe(before);
  });
});
