/**
 * Write bridge/protocol.schema.json from the zod schemas in bridge/protocol.ts:
 *   npx tsx bridge/gen-schema.ts
 * (bridge/test/schema.test.ts fails when the committed file differs from what this generates.)
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { protocolJsonSchema } from './protocol.ts';

export const SCHEMA_PATH = join(dirname(fileURLToPath(import.meta.url)), 'protocol.schema.json');

export function schemaText(): string {
  return JSON.stringify(protocolJsonSchema(), null, 2) + '\n';
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(SCHEMA_PATH, schemaText());
  process.stdout.write(`wrote ${SCHEMA_PATH}\n`);
}
