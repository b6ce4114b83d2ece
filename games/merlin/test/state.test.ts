/**
 * The state's field table (engine/state.ts STATE_FIELDS) is the one source of the record: every field a game
 * has is in the table, in the table's order (the serialisation's key order), copied deeply by cloneState and
 * checked by deserializeState with a StateError naming the field.
 */
import { describe, expect, it } from 'vitest';
import { nextInt, seedRng } from '../../../lib/rng.ts';
import { StateError } from '../../../lib/errors.ts';
import { loadRuleset } from '../rules/index.ts';
import {
  applyAction,
  catalogue,
  cloneState,
  createGame,
  deserializeState,
  isTerminal,
  legalActions,
  serializeState,
} from '../engine/index.ts';
import { newState, STATE_FIELDS, type MerlinState } from '../engine/state.ts';

const rs = loadRuleset('full');
const names = Object.keys(STATE_FIELDS) as (keyof MerlinState)[];

function midGame(seed: string): MerlinState {
  const s = createGame(rs, 4, seed);
  const buf = new Int32Array(catalogue(rs).size);
  const r = seedRng(`${seed}/agent`);
  for (let i = 0; i < 400 && !isTerminal(s); i++) applyAction(s, rs, buf[nextInt(r, legalActions(s, rs, buf))]);
  return s;
}

describe('state fields', () => {
  it('a new game, its clone and its deserialised copy have exactly the table fields, in table order', () => {
    const s = createGame(rs, 3, 'fields');
    expect(names.length).toBe(160);
    expect(Object.keys(s)).toEqual(names);
    expect(Object.keys(cloneState(s))).toEqual(names);
    expect(Object.keys(JSON.parse(serializeState(s)))).toEqual(names);
    expect(Object.keys(deserializeState(serializeState(s)))).toEqual(names);
  });

  it('each field holds what its kind says', () => {
    const s = midGame('kinds');
    for (const k of names) {
      const v: unknown = s[k];
      const kind = STATE_FIELDS[k].kind;
      if (kind === 'num') expect(typeof v, k).toBe('number');
      else if (kind === 'str') expect(typeof v, k).toBe('string');
      else if (kind === 'rng') expect(typeof (v as { s0: unknown }).s0, k).toBe('number');
      else if (kind === 'nums')
        expect(
          (v as unknown[]).every((x) => typeof x === 'number'),
          k,
        ).toBe(true);
      else
        expect(
          (v as unknown[][]).every((a) => Array.isArray(a) && a.every((x) => typeof x === 'number')),
          k,
        ).toBe(true);
    }
  });

  it('cloneState copies every array (nested ones too) and the RNG, sharing nothing with the original', () => {
    const s = midGame('clone');
    const c = cloneState(s);
    expect(serializeState(c)).toBe(serializeState(s));
    for (const k of names) {
      const kind = STATE_FIELDS[k].kind;
      if (kind === 'num' || kind === 'str') continue;
      expect(c[k], k).not.toBe(s[k]);
      if (kind === 'nested') (s[k] as number[][]).forEach((a, i) => expect((c[k] as number[][])[i], k).not.toBe(a));
    }
  });

  it('deserializeState names a missing or mistyped field of each kind in a StateError', () => {
    const o = JSON.parse(serializeState(createGame(rs, 4, 'bad-fields'))) as Record<string, unknown>;
    const without = (k: string, v?: unknown) => JSON.stringify({ ...o, [k]: v });
    for (const [k, v] of [
      ['turn', undefined],
      ['costOfLiving', '3'],
      ['gold', 5],
      ['unitFlags', undefined],
      ['cdeck', [1, 2]],
      ['rng', undefined],
    ] as const) {
      expect(() => deserializeState(without(k, v)), k).toThrow(StateError);
      expect(() => deserializeState(without(k, v)), k).toThrow(new RegExp(`state field ${k} `));
    }
  });

  it('newState starts every field from the table and refuses a missing given field', () => {
    const s = createGame(rs, 5, 'starts');
    expect(s.slotCard.length).toBe(5 * rs.data.table.fieldSlots);
    expect(s.slotCard.every((c) => c === -1)).toBe(true);
    expect(s.held).toEqual(new Array(15).fill(0));
    expect(s.hands).toEqual([[], [], [], [], []]);
    expect(s.futShort).toEqual(new Array(rs.data.finance.maxContracts).fill(-1));
    expect([s.v, s.year, s.winner, s.cmdUnit]).toEqual([5, 1, -1, -1]);
    const dims = { seats: 2, fieldSlots: 3, contracts: 1, loans: 1, policies: 1, bonds: 1, shares: 1, regulated: 1 };
    const given = {
      rulesetHash: 'x',
      numPlayers: 2,
      rng: s.rng,
      wheelPos: 0,
      costOfLiving: 1,
      researchCost: 1,
      taxRate: 1,
      volatility: 1,
      centralBank: 0,
      supply: [0, 0, 0],
      gold: [0, 0],
      deck: [],
      cdeck: [],
      cdiscard: [],
      aucGroup: [0, 1],
    };
    expect(Object.keys(newState(dims, given))).toEqual(names);
    const { deck: _deck, ...noDeck } = given;
    expect(() => newState(dims, noDeck as typeof given)).toThrow(/field deck must be given/);
  });
});
