/** The committed JSON Schema (bridge/protocol.schema.json) is exactly what the zod schemas generate. */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { SCHEMA_PATH, schemaText } from '../gen-schema.ts';
import { computeLayout, HEADER_BYTES } from '../protocol.ts';

describe('protocol schema', () => {
  it('bridge/protocol.schema.json is up to date (regenerate: npx tsx bridge/gen-schema.ts)', () => {
    expect(readFileSync(SCHEMA_PATH, 'utf8')).toBe(schemaText());
  });

  it('lays out sections on 8-byte boundaries after the 32-byte header (docs/PROTOCOL.md example)', () => {
    const L = computeLayout(256, 1, 2274, 316);
    expect(L).toMatchObject({ rewards: HEADER_BYTES, terminated: 1056, truncated: 1312, illegal: 1568, agent: 1824, observations: 2848, masks: 2331424, finalIndex: 2412320, finalObservations: 2413344, stepBytes: 1056 });
    for (const k of ['rewards', 'terminated', 'truncated', 'illegal', 'agent', 'observations', 'masks', 'finalIndex', 'finalObservations'] as const) expect(L[k] % 8).toBe(0);
  });
});
