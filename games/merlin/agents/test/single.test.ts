/** Single-minded strategies: legal, deterministic, and each does what its name says (or says why it cannot). */
import { describe, expect, it } from 'vitest';
import { loadRuleset } from '../../rules/index.ts';
import { applyAction, catalogue, createGame, currentPlayer, isTerminal, Kind, KIND_NAMES, legalActions } from '../../engine/index.ts';
import { Phase } from '../../engine/state.ts';
import { resolveAgent as resolveFor } from '../../../../agents/registry.ts';
import { merlinGame } from '../../env/game.ts';
import type { Ruleset } from '../../rules/index.ts';
import { merlinAgents } from '../specs.ts';
import { SingleMindedAgent, STRATEGIES } from '../single.ts';

const rs = loadRuleset('full');
/** Merlin's agents as the game registry combines them (the shared specs and games/merlin/agents/specs.ts). */
const resolveAgent = (spec: string, seed: string | number, r: Ruleset) => resolveFor(spec, seed, merlinGame(r), merlinAgents);
const cat = catalogue(rs);

/** Play seat 0 with `spec` against heuristic/random; call `check` before each of seat 0's decisions. */
function play(spec: string, seed: string, check: (legal: number[], chosen: number, phase: number) => void) {
  const s = createGame(rs, 3, seed);
  const agents = [spec, 'heuristic', 'random'].map((sp, p) => resolveAgent(sp, `${seed}/${p}`, rs));
  const buf = new Int32Array(cat.size);
  const ids: number[] = [];
  while (!isTerminal(s)) {
    const n = legalActions(s, rs, buf);
    const seat = currentPlayer(s);
    const a = agents[seat].act(null, null, { seat, legal: buf, numLegal: n, state: s });
    const legal = Array.from(buf.subarray(0, n));
    expect(legal).toContain(a);
    if (seat === 0) check(legal, a, s.phase);
    applyAction(s, rs, a);
    ids.push(a);
  }
  return ids;
}
const has = (legal: number[], k: number) => legal.some((id) => cat.kind[id] === k);

describe('single-minded strategies', () => {
  it('resolve as single:NAME, and refuse unknown names', () => {
    for (const name of Object.keys(STRATEGIES)) expect(resolveAgent(`single:${name}`, 0, rs)).toBeInstanceOf(SingleMindedAgent);
    expect(() => resolveAgent('single:turtle', 0, rs)).toThrow(/unknown strategy.*single:invest/);
    expect(() => resolveAgent('single', 0, rs)).toThrow(/name a strategy/);
  });

  it('single:invest invests whenever it can', () => {
    let invested = 0;
    for (const seed of ['s1', 's2', 's3', 's4'])
      play('single:invest', seed, (legal, a) => {
        if (has(legal, Kind.Invest)) {
          expect(cat.kind[a]).toBe(Kind.Invest);
          invested++;
        }
      });
    expect(invested).toBeGreaterThan(0);
  });

  it('single:hoard sits still: no card bought, bids 0, votes keep, draws Crystal Ball, ends its turn at once', () => {
    let decisions = 0;
    for (const seed of ['h1', 'h2'])
      play('single:hoard', seed, (legal, a, phase) => {
        const k = cat.kind[a];
        decisions++;
        expect(k).not.toBe(Kind.BuyCard);
        if (k === Kind.Bid) expect(cat.arg[a]).toBe(0);
        if (phase === Phase.TaxVote || phase === Phase.CostOfLivingVote || phase === Phase.VolatilityVote) expect(k).toBe(Kind.VoteKeep);
        if (has(legal, Kind.DrawCrystalBall)) expect(k).toBe(Kind.DrawCrystalBall);
        if (has(legal, Kind.EndTurn)) expect(k).toBe(Kind.EndTurn);
      });
    expect(decisions).toBeGreaterThan(0);
  });

  it('single:never-trade never sells', () => {
    const agent = resolveAgent('single:never-trade', 0, rs) as SingleMindedAgent;
    expect(agent.forbiddenKinds()).toEqual([
      'SellSpell',
      'SellMead',
      'PostBid',
      'PostAsk',
      'SellToBid',
      'BuyFromAsk',
      'ProposeTrade',
      'AcceptOffer',
      'OfferProperty',
      'LiquidateProperty',
      'WriteFuture',
      'BuyFuture',
      'ResellFuture',
      'OfferLoan',
      'SellInsurance',
      'BuyInsurance',
      'AuctionProperty',
      'RaiseAuction',
    ]);
    play('single:never-trade', 's2', (_legal, a) => expect(agent.forbiddenKinds()).not.toContain(KIND_NAMES[cat.kind[a]]));
  });

  it('single:golems animates whenever it can, attacks whenever it can, and otherwise buys cards (skirmish)', () => {
    const sk = loadRuleset('skirmish');
    const skCat = catalogue(sk);
    const agent = resolveAgent('single:golems', 0, sk) as SingleMindedAgent;
    expect(agent.fallback).toBeNull();
    let animated = 0;
    let attacked = 0;
    for (let g = 0; g < 3; g++) {
      const s = createGame(sk, 4, `golems-${g}`);
      const agents = [0, 1, 2, 3].map((p) => resolveAgent(p === 0 ? 'single:golems' : 'random', `${g}/${p}`, sk));
      const buf = new Int32Array(skCat.size);
      for (let step = 0; step < 4000 && !isTerminal(s); step++) {
        const n = legalActions(s, sk, buf);
        const seat = currentPlayer(s);
        const a = agents[seat].act(null, null, { seat, legal: buf, numLegal: n, state: s });
        if (seat === 0) {
          const legal = Array.from(buf.subarray(0, n));
          const kinds = new Set(legal.map((id) => skCat.kind[id]));
          if (kinds.has(Kind.Animate)) expect(skCat.kind[a]).toBe(Kind.Animate);
          else if (kinds.has(Kind.AttackUnit) || kinds.has(Kind.AttackProperty))
            expect([Kind.AttackUnit, Kind.AttackProperty]).toContain(skCat.kind[a]);
          if (skCat.kind[a] === Kind.Animate) animated++;
          if (skCat.kind[a] === Kind.AttackUnit || skCat.kind[a] === Kind.AttackProperty) attacked++;
        }
        applyAction(s, sk, a);
      }
    }
    expect(animated).toBeGreaterThan(0);
    expect(attacked).toBeGreaterThan(0);
  });

  it('single:decrees always enacts, bids its all for refused decrees and keeps its Crowns at tax time', () => {
    // Decrees are rare in play (Kings come from bought cards), so find each situation in heuristic and random games.
    const situations: [string, (legal: number[], phase: number) => boolean, (legal: number[], a: number) => void][] = [
      ['enact', (legal) => has(legal, Kind.EnactDecree), (_l, a) => expect(cat.kind[a]).toBe(Kind.EnactDecree)],
      [
        'decree bid',
        (_l, phase) => phase === Phase.DecreeBid,
        (legal, a) => expect(cat.arg[a]).toBe(Math.max(...legal.map((id) => cat.arg[id]))),
      ],
      ['tax', (legal) => has(legal, Kind.PayTax) && has(legal, Kind.SpendCrownOnTax), (_l, a) => expect(cat.kind[a]).toBe(Kind.PayTax)],
    ];
    for (const [name, when, expectChoice] of situations) {
      let found = false;
      for (let g = 0; g < 60 && !found; g++) {
        const s = createGame(rs, 4, `decree-${g}`);
        const agents = [0, 1, 2, 3].map((p) => resolveAgent(p % 2 ? 'random' : 'heuristic', `${g}/${p}`, rs));
        const buf = new Int32Array(cat.size);
        while (!isTerminal(s) && !found) {
          const n = legalActions(s, rs, buf);
          const seat = currentPlayer(s);
          const legal = Array.from(buf.subarray(0, n));
          if (when(legal, s.phase)) {
            expectChoice(legal, resolveAgent('single:decrees', 0, rs).act(null, null, { seat, legal: buf, numLegal: n, state: s }));
            found = true;
          }
          applyAction(s, rs, agents[seat].act(null, null, { seat, legal: buf, numLegal: n, state: s }));
        }
      }
      expect(found, `a "${name}" situation in 60 games`).toBe(true);
    }
  });

  it('are deterministic', () => {
    expect(play('single:decrees', 's5', () => {})).toEqual(play('single:decrees', 's5', () => {}));
  });
});
