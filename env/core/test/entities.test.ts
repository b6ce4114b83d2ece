/**
 * env/core/entities.ts: the entity-list view regroups a flat observation without losing a value (Merlin games
 * played by heuristic players, decoded back bit for bit), lists only present entities with their positional
 * one-hots, honours caps, and refuses layouts and caps it cannot use.
 */
import { describe, expect, it } from 'vitest';
import { decodeEntities, encodeEntities, entityLayout, newEntityObservation } from '../entities.ts';
import type { TensorSpec } from '../game.ts';
import { ArgumentError } from '../../../lib/errors.ts';
import { gameEntry } from '../../../games/registry.ts';

/** a (2 global) | g.x (3 entities x 2) | g.y (3 x 1) | b (1 global); group g: axes u 3 (positional). */
function tiny(): TensorSpec {
  const seg = (name: string, offset: number, length: number) => ({ name, offset, length, meaning: name, low: 0, high: 9 });
  return {
    size: 12,
    segments: [seg('a', 0, 2), seg('g.x', 2, 6), seg('g.y', 8, 3), seg('b', 11, 1)],
    hash: 'tiny',
    entities: [{ name: 'g', axes: [{ name: 'u', size: 3 }], positional: ['u'], segments: ['g.x', 'g.y'], meaning: 'a thing' }],
  };
}

describe('entity lists', () => {
  it('lists the present entities in index order with their features and positional one-hot, and decodes back', () => {
    const spec = tiny();
    const lay = entityLayout(spec);
    expect(lay.global).toEqual({
      size: 3,
      segments: [
        { name: 'a', offset: 0, length: 2 },
        { name: 'b', offset: 11, length: 1 },
      ],
    });
    expect(lay.groups[0]).toMatchObject({ count: 3, cap: 3, featureWidth: 3, positionalWidth: 3, width: 6 });
    // entity 0: x = (1, 2), y = 3; entity 1 all zero (absent); entity 2: x = (0, 0), y = 5.
    const flat = Float32Array.from([7, 8, 1, 2, 0, 0, 0, 0, 3, 0, 5, 9]);
    const eo = newEntityObservation(lay);
    encodeEntities(lay, flat, eo);
    expect(Array.from(eo.global)).toEqual([7, 8, 9]);
    const g = eo.groups.g;
    expect([g.count, g.dropped, Array.from(g.index), Array.from(g.mask)]).toEqual([2, 0, [0, 2, -1], [1, 1, 0]]);
    expect(Array.from(g.features)).toEqual([1, 2, 3, 1, 0, 0, 0, 0, 5, 0, 0, 1, 0, 0, 0, 0, 0, 0]);
    const back = new Float32Array(12).fill(-1);
    decodeEntities(lay, eo, back);
    expect(back).toEqual(flat);
    // A cap of one row: the second present entity is dropped and counted.
    const capped = entityLayout(spec, { g: 1 });
    const ec = newEntityObservation(capped);
    encodeEntities(capped, flat, ec);
    expect([ec.groups.g.count, ec.groups.g.dropped, ec.groups.g.features.length]).toEqual([1, 1, 6]);
    expect(capped.hash).not.toBe(lay.hash);
  });

  it('refuses a layout without groups, a missing or misshapen or shared segment, an unknown axis, and bad caps', () => {
    const spec = tiny();
    const group = spec.entities![0];
    const withGroups = (entities: NonNullable<TensorSpec['entities']>) => ({ ...spec, entities });
    expect(() => entityLayout({ ...spec, entities: undefined })).toThrow(ArgumentError);
    expect(() => entityLayout(withGroups([{ ...group, segments: ['g.z'] }]))).toThrow(/does not have/);
    expect(() => entityLayout(withGroups([{ ...group, segments: ['a'] }]))).toThrow(/not 3 entries/);
    expect(() => entityLayout(withGroups([group, { ...group, name: 'h' }]))).toThrow(/two entity groups/);
    expect(() => entityLayout(withGroups([{ ...group, positional: ['v'] }]))).toThrow(/no axis v/);
    expect(() => entityLayout(spec, { h: 2 })).toThrow(/no entity group named h/);
    expect(() => entityLayout(spec, { g: 0 })).toThrow(/positive integer/);
  });

  it("Merlin's observation regroups without loss over heuristic games (every group within its cap, nothing dropped)", () => {
    const entry = gameEntry('merlin');
    const game = entry.game('full');
    const lay = entityLayout(game.observationSpec);
    expect(lay.groups.map((g) => g.name)).toEqual([
      'seat',
      'slot',
      'unit',
      'hand',
      'reading',
      'futures',
      'loan',
      'policy',
      'bond',
      'share',
    ]);
    const grouped = lay.groups.reduce((a, g) => a + g.count * g.featureWidth, 0);
    expect(lay.global.size + grouped).toBe(game.observationSpec.size); // every value in exactly one place
    const obs = new Float32Array(game.observationSpec.size);
    const back = new Float32Array(game.observationSpec.size);
    const eo = newEntityObservation(lay);
    const legal = new Int32Array(game.numActions);
    const seen = new Set<string>();
    for (let g = 0; g < 2; g++) {
      const s = game.newState(4, `entities/${g}`);
      const agents = [0, 1, 2, 3].map((p) => entry.agent('heuristic', `entities/${g}/${p}`, game));
      for (let t = 0; t < 800 && !game.isTerminal(s); t++) {
        const p = game.currentPlayer(s);
        game.observe(s, p, obs);
        encodeEntities(lay, obs, eo);
        decodeEntities(lay, eo, back);
        let diff = -1;
        for (let i = 0; i < obs.length && diff < 0; i++) if (back[i] !== obs[i]) diff = i;
        expect(diff).toBe(-1); // (toEqual over 9,166 values at every step is slow)
        for (const [name, list] of Object.entries(eo.groups)) {
          if (list.dropped !== 0) expect.fail(`group ${name} dropped ${list.dropped}`);
          if (list.count > 0) seen.add(name);
        }
        const n = game.legalActions(s, legal);
        game.applyAction(s, agents[p].act(obs, null, { seat: p, legal, numLegal: n, state: s }));
      }
    }
    expect([...seen]).toEqual(expect.arrayContaining(['seat', 'slot', 'hand', 'reading']));
  });
});
