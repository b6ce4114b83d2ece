/**
 * `hybrid:KINDS:SPEC` (games/merlin/agents/hybrid.ts): the heuristic decides the listed action kinds and the
 * sub-decisions its moves open, SPEC everything else; bad specs are refused by name; file reads are SPEC's.
 */
import { describe, expect, it } from 'vitest';
import { ArgumentError } from '../../../../lib/errors.ts';
import { resolveAgent, specReadsFiles } from '../../../../agents/registry.ts';
import { loadRuleset } from '../../rules/index.ts';
import { applyAction, catalogue, createGame, currentPlayer, isTerminal, Kind, legalActions } from '../../engine/index.ts';
import { Pending } from '../../engine/state.ts';
import { merlinGame } from '../../env/game.ts';
import { HeuristicAgent, loadWeights } from '../heuristic.ts';
import { RandomAgent } from '../../../../agents/random.ts';
import { merlinAgents } from '../specs.ts';

const rs = loadRuleset('full');
const game = merlinGame(rs);
const cat = catalogue(rs);

describe('hybrid:KINDS:SPEC', () => {
  it("plays the heuristic's move for its kinds and the sub-decisions they open, and SPEC's move everywhere else", () => {
    const heuristic = new HeuristicAgent(rs, loadWeights());
    const legal = new Int32Array(cat.size);
    let byHeuristic = 0;
    let bought = 0;
    let byBase = 0;
    for (let g = 0; g < 4; g++) {
      const s = createGame(rs, 4, `hybrid/${g}`);
      const seats = [0, 1, 2, 3].map((p) =>
        p === 0 ? resolveAgent('hybrid:BuyCard+PlayCard:random', `h/${g}`, game, merlinAgents) : new RandomAgent(`r/${g}/${p}`),
      );
      // The same random stream as the hybrid's base, asked exactly where the hybrid asks its base.
      const shadow = new RandomAgent(`h/${g}`);
      let open = false;
      for (let t = 0; !isTerminal(s) && t < 20_000; t++) {
        const seat = currentPlayer(s);
        const n = legalActions(s, rs, legal);
        const ctx = { seat, legal, numLegal: n, state: s };
        const a = seats[seat].act(null, null, ctx);
        if (seat === 0) {
          const h = heuristic.act(null, null, ctx);
          const kind = cat.kind[h];
          if ((open && s.pending !== Pending.None) || kind === Kind.BuyCard || kind === Kind.PlayCard) {
            expect(a).toBe(h);
            open = true;
            byHeuristic++;
            if (kind === Kind.BuyCard) bought++;
          } else {
            expect(a).toBe(shadow.act(null, null, ctx));
            open = false;
            byBase++;
          }
        }
        applyAction(s, rs, a);
      }
      expect(isTerminal(s)).toBe(true);
    }
    expect(bought).toBeGreaterThan(0);
    expect(byHeuristic).toBeGreaterThan(0);
    expect(byBase).toBeGreaterThan(byHeuristic);
  }, 60_000);

  it('refuses an unknown kind, a missing SPEC and an unknown SPEC by name, and reads files only where SPEC does', () => {
    const resolve = (spec: string) => resolveAgent(spec, 0, game, merlinAgents);
    expect(() => resolve('hybrid:Buy:random')).toThrow(/unknown action kind "Buy"; kinds: EndTurn/);
    expect(() => resolve('hybrid:BuyCard')).toThrow(ArgumentError);
    expect(() => resolve('hybrid:BuyCard:nobody')).toThrow(/unknown agent/);
    expect(() => resolve('single:invest:x')).toThrow(/too many ":" parts/);
    expect(resolve('hybrid:BuyCard+PlayCard:mcts:2:ppo:checkpoints/default').spec).toBe(
      'hybrid:BuyCard+PlayCard:mcts:2:ppo:checkpoints/default',
    );
    expect(specReadsFiles('hybrid:BuyCard:ppo:checkpoints/default', merlinAgents)).toBe(false);
    expect(specReadsFiles('hybrid:BuyCard:ppo:/tmp/elsewhere', merlinAgents)).toBe(true);
    expect(specReadsFiles('hybrid:BuyCard:heuristic:/tmp/weights.json', merlinAgents)).toBe(true);
    expect(specReadsFiles('hybrid:BuyCard:random', merlinAgents)).toBe(false);
  });
});
