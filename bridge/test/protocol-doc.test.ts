/**
 * docs/PROTOCOL.md stays current: the variants and agent specs it lists are exactly those a
 * running server announces in `welcome.capabilities`, and its limits table names every server limit flag.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'ws';
import { startServer } from '../server.ts';
import { PROTOCOL_VERSION } from '../protocol.ts';
import { SERVER_DEFAULTS } from '../limits.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const doc = readFileSync(join(root, 'docs', 'PROTOCOL.md'), 'utf8');

/** The backticked items between `<!-- name -->` and `<!-- /name -->` in the doc. */
function listed(name: string): string[] {
  const m = doc.match(new RegExp(`<!-- ${name} -->([\\s\\S]*?)<!-- /${name} -->`));
  if (!m) throw new Error(`docs/PROTOCOL.md has no <!-- ${name} --> list`);
  return [...m[1].matchAll(/`([^`]+)`/g)].map((x) => x[1]);
}

async function welcome(url: string): Promise<Record<string, any>> {
  const ws = new WebSocket(url);
  try {
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const reply = new Promise<string>((resolve) => ws.once('message', (d) => resolve(String(d))));
    ws.send(JSON.stringify({ type: 'hello', protocol: PROTOCOL_VERSION }));
    return JSON.parse(await reply);
  } finally {
    ws.close();
  }
}

describe('docs/PROTOCOL.md', () => {
  it("lists exactly the server's variants and agent specs, and states its version", async () => {
    const server = await startServer({ host: '127.0.0.1', port: 0 });
    try {
      const w = await welcome(server.url);
      expect(w.type).toBe('welcome');
      expect(listed('variants')).toEqual(w.capabilities.variants);
      expect(listed('agents')).toEqual(w.capabilities.agents);
      expect(doc).toContain(`# The bridge protocol (version ${w.protocol})`);
      for (const limit of Object.keys(w.limits)) expect(doc, limit).toContain(limit);
    } finally {
      await server.close();
    }
  });

  it('documents every limit flag of merlin serve with its default', () => {
    const d = SERVER_DEFAULTS;
    const shownDefaults = {
      'max-envs': d.maxEnvs.toLocaleString('en'),
      'max-total-envs': d.maxTotalEnvs.toLocaleString('en'),
      'max-frame': `${d.maxFrameBytes / (1 << 20)} MiB`,
      'max-clients': String(d.maxClients),
      'idle-timeout': `${d.idleTimeoutS} s`,
    };
    for (const [flag, shown] of Object.entries(shownDefaults)) {
      const row = doc.split('\n').find((l) => l.startsWith('|') && l.includes(`\`--${flag}\``));
      expect(row, `--${flag} in the limits table`).toBeDefined();
      expect(row, `--${flag} default`).toContain(`| ${shown} |`);
    }
  });
});
