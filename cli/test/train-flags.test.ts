import { describe, expect, it } from 'vitest';
import { parseActionCosts } from '../train.ts';
import { ArgumentError } from '../../lib/errors.ts';

describe('merlin train --action-cost (KIND=COST,...)', () => {
  it('reads costs by kind name, trimming spaces and skipping empty entries', () => {
    expect(parseActionCosts('ProposeTrade=0.01')).toEqual({ ProposeTrade: 0.01 });
    expect(parseActionCosts(' A=1, B = 2 ,,')).toEqual({ A: 1, B: 2 });
  });

  it('refuses an entry without a kind, without =, or without a finite number, naming it', () => {
    for (const bad of ['=3', 'A', 'A=', 'A= ', 'A=x', 'A=Infinity']) {
      expect(() => parseActionCosts(bad)).toThrow(ArgumentError);
      expect(() => parseActionCosts(bad)).toThrow(`--action-cost: ${bad.trim()} is not KIND=COST (e.g. ProposeTrade=0.01)`);
    }
  });
});
