/**
 * A kind declared by a chapter with `defineKind` (actions.ts) is a full kind: in the catalogue after every
 * shipped id, gathered by the registry, enumerated by its reference check in its phases (here the counter
 * votes, which the fast paths of engine.ts `legalActions` know nothing of), applied and described.
 *
 * The kind is declared here, before the engine module loads, as a chapter would at its own load (vitest
 * gives each test file its own modules, so no other test sees it): an `Abstain` vote, counted as keeping
 * the counter. It is not a rule of the game; the shipped game has no declared kinds.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Phase } from '../engine/state.ts';
import { loadRuleset } from '../rules/index.ts';

const ABSTAIN = 200;
let engine: typeof import('../engine/index.ts');
let checkConservation: typeof import('../engine/invariants.ts').checkConservation;

beforeAll(async () => {
  const actions = await import('../engine/actions.ts');
  const taxes = await import('../engine/taxes.ts');
  actions.defineKind('Abstain', ABSTAIN, actions.economy(), {
    decidedIn: 'counter votes',
    meaning: 'Abstain: counted as keeping the counter.',
  });
  const keep = taxes.TAX_RULES[actions.Kind.VoteKeep];
  (taxes.TAX_RULES as Record<number, unknown>)[ABSTAIN] = { ...keep, describe: () => 'abstain (counted as keeping the counter)' };
  engine = await import('../engine/index.ts');
  checkConservation = (await import('../engine/invariants.ts')).checkConservation;
});

describe('a kind declared with defineKind (a vote in the tax, Cost of the Living and Volatility votes)', () => {
  it('takes the ids after every shipped one, and is offered in exactly its phases, ascending, as its check says', () => {
    const rs = loadRuleset('full');
    const cat = engine.catalogue(rs);
    const id = engine.actionId(rs, ABSTAIN);
    expect(id).toBe(cat.size - 1);
    expect(engine.describeAction(rs, id)).toMatch(/abstain/);
    const VOTES: number[] = [Phase.TaxVote, Phase.CostOfLivingVote, Phase.VolatilityVote];
    const buf = new Int32Array(cat.size);
    let offered = 0;
    let taken = 0;
    for (let g = 0; g < 8; g++) {
      const s = engine.createGame(rs, 2 + (g % 5), `declared/${g}`);
      for (let step = 0; step < 6000 && !engine.isTerminal(s); step++) {
        const n = engine.legalActions(s, rs, buf);
        const legal = Array.from(buf.subarray(0, n));
        for (let i = 1; i < n; i++) expect(legal[i]).toBeGreaterThan(legal[i - 1]);
        expect(legal.includes(id)).toBe(VOTES.includes(s.phase));
        if (VOTES.includes(s.phase)) {
          offered++;
          const set = new Set(legal);
          for (let x = 0; x < cat.size; x++) expect(set.has(x)).toBe(engine.whyIllegal(s, rs, x) === null);
        }
        const pick = legal.includes(id) && step % 2 === 0 ? id : legal[(step * 7919 + g) % n];
        if (pick === id) taken++;
        engine.applyAction(s, rs, pick);
        expect(checkConservation(s, rs)).toEqual([]);
      }
    }
    expect(offered).toBeGreaterThan(0);
    expect(taken).toBeGreaterThan(0);
  });
});
