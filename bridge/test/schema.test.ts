/** The committed JSON Schema (bridge/protocol.schema.json) is exactly what the zod schemas generate. */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { PROTOCOL_DOC_PATH, protocolDocText, SCHEMA_PATH, schemaText } from '../gen-schema.ts';
import { computeLayout, HEADER_BYTES } from '../protocol.ts';

describe('protocol schema', () => {
  it('bridge/protocol.schema.json is up to date (regenerate: npx tsx bridge/gen-schema.ts)', () => {
    expect(readFileSync(SCHEMA_PATH, 'utf8')).toBe(schemaText());
  });

  it('docs/PROTOCOL.md quotes the layouts of the current game (regenerate: npx tsx bridge/gen-schema.ts)', () => {
    const doc = readFileSync(PROTOCOL_DOC_PATH, 'utf8');
    expect(doc).toBe(protocolDocText(doc));
  });

  it('lays out sections on 8-byte boundaries after the 32-byte header (docs/PROTOCOL.md example)', () => {
    const L = computeLayout(256, 1, 2274, 316);
    expect(L).toMatchObject({
      rewards: HEADER_BYTES,
      terminated: 1056,
      truncated: 1312,
      illegal: 1568,
      agent: 1824,
      observations: 2848,
      masks: 2331424,
      finalIndex: 2412320,
      finalObservations: 2413344,
      stepBytes: 1056,
    });
    for (const k of [
      'rewards',
      'terminated',
      'truncated',
      'illegal',
      'agent',
      'observations',
      'masks',
      'finalIndex',
      'finalObservations',
    ] as const)
      expect(L[k] % 8).toBe(0);
  });

  it('sparse layouts: a u32 count per row and per final row, then the tail (u16 indices while D fits)', () => {
    const L = computeLayout(256, 1, 2274, 316, 'sparse');
    expect(L).toMatchObject({ observations: 2848, masks: 2848 + 1024, encoding: 'sparse', indexBytes: 2 });
    expect(L.finalIndex).toBe(L.masks + 256 * 316);
    expect(L.finalObservations).toBe(L.finalIndex + 1024);
    expect(L.resultBytes).toBe(L.finalObservations + 1024);
    expect(computeLayout(2, 1, 70000, 10, 'sparse').indexBytes).toBe(4);
    expect(computeLayout(2, 1, 70000, 10).indexBytes).toBe(0);
  });
});
