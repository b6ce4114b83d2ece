import { describe, expect, it } from 'vitest';
import { catalogue, defineKind, economy, Kind, KIND_LIMIT, KIND_NAMES, kindCategory, KINDS } from '../engine/actions.ts';
import { buildRegistry, PHASE_LIMIT } from '../engine/registry.ts';
import { Phase } from '../engine/state.ts';
import { TURN_RULES } from '../engine/turn.ts';
import { CHAPTER_RULES, describeAction, KIND_REGISTRY } from '../engine/engine.ts';
import { loadRuleset } from '../rules/index.ts';

/** engine.ts's own sub-decision table's kinds, beside the chapters' (CHAPTER_RULES). */
const SUB_DECISIONS = [Kind.SelectSlot, Kind.SelectPlayer, Kind.SelectSquare, Kind.SelectUnit, Kind.Bid];

describe('the action-kind registry', () => {
  it('refuses a kind declared twice and a kind without a rule', () => {
    expect(() => buildRegistry([...CHAPTER_RULES, TURN_RULES])).toThrow(/EndTurn \(0\) is declared twice/);
    expect(() => buildRegistry(CHAPTER_RULES)).toThrow(/has no rule/);
  });

  it('each chapter declares distinct kinds, and with the sub-decisions they cover every kind once', () => {
    const declared = CHAPTER_RULES.flatMap((t) => Object.keys(t).map(Number));
    expect(new Set(declared).size).toBe(declared.length);
    expect([...declared, ...SUB_DECISIONS].sort((a, b) => a - b)).toEqual([...KINDS]);
  });

  it('sizes its kind-indexed tables from the largest kind, so the regulation and Cost of the Living votes fit', () => {
    expect(KIND_LIMIT).toBe(Math.max(...KINDS) + 1);
    expect(KIND_LIMIT).toBeGreaterThan(Kind.VoteCut);
    expect(KIND_REGISTRY.main.length).toBe(KIND_LIMIT);
    expect(KIND_REGISTRY.inPhase.length).toBe(KIND_LIMIT * PHASE_LIMIT);
    expect(KIND_REGISTRY.main[Kind.LastCall]).toBe(1);
    expect(KIND_REGISTRY.main[Kind.OfferMead]).toBe(1);
    expect(KIND_REGISTRY.main[Kind.VoteRegulationFor]).toBe(0);
    expect(KIND_REGISTRY.inPhase[Kind.VoteCut * PHASE_LIMIT + Phase.CostOfLivingVote]).toBe(1);
    expect(KIND_REGISTRY.inPhase[Kind.VoteCut * PHASE_LIMIT + Phase.TaxVote]).toBe(0);
  });

  it('keeps the categories evaluation reports (market block, combat block, Mint, selling spells and Mead)', () => {
    for (const k of KINDS) {
      const expected =
        (k >= 28 && k <= 49) || (k >= 80 && k <= 89) || k === Kind.SellSpell || k === Kind.SellMead
          ? 'market'
          : k >= 50 && k <= 79
            ? 'combat'
            : 'economy';
      expect([KIND_NAMES[k], kindCategory(k)]).toEqual([KIND_NAMES[k], expected]);
    }
  });

  it('describes every id of the catalogue from its kind rule', () => {
    const rs = loadRuleset('full');
    const cat = catalogue(rs);
    for (let id = 0; id < cat.size; id++) expect(describeAction(rs, id)).not.toMatch(/^unknown action|undefined/);
  });

  it('defineKind refuses a used number or name, a number out of 0..255, and any declaration once a catalogue exists', () => {
    const doc = { decidedIn: 'free actions', meaning: 'a test kind' };
    expect(() => defineKind('Twin', Kind.EndTurn, economy(), doc)).toThrow(/number 0 is already EndTurn/);
    expect(() => defineKind('Huge', 256, economy(), doc)).toThrow(/not in 0\.\.255/);
    expect(() => defineKind('EndTurn', 200, economy(), doc)).toThrow(/declared twice/);
    catalogue(loadRuleset('full'));
    expect(() => defineKind('Late', 200, economy(), doc)).toThrow(/after the action catalogue was built/);
    expect(KIND_NAMES[200]).toBeUndefined();
  });
});
