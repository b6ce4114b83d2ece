/**
 * A port another program holds (lib/listen.ts): `merlin serve --port N` and `merlin play --port N` exit 2 with one
 * line naming the port and suggesting --port 0, no stack trace; startServer and servePlay throw PortInUseError.
 */
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PortInUseError } from '../../lib/errors.ts';
import { listen } from '../../lib/listen.ts';
import { merlinAsync } from './run.ts';

let holder: Server;
let port = 0;

beforeAll(async () => {
  holder = createServer();
  await listen(holder, 0, '127.0.0.1');
  port = (holder.address() as { port: number }).port;
});

afterAll(() => new Promise<void>((resolve) => holder.close(() => resolve())));

describe('a port in use', () => {
  it('is a PortInUseError naming the port and host', async () => {
    const second = createServer();
    await expect(listen(second, port, '127.0.0.1')).rejects.toThrow(PortInUseError);
    await expect(listen(second, port, '127.0.0.1')).rejects.toMatchObject({ code: 'PORT_IN_USE', port, host: '127.0.0.1' });
  });

  it.each([['serve'], ['play']])('merlin %s --port N: one line with the port and --port 0, exit 2, no stack trace', async (command) => {
    const r = await merlinAsync([command, '--port', String(port)], 120_000);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(
      `merlin: PORT_IN_USE: port ${port} on 127.0.0.1 is in use by another program: choose another with --port N, or --port 0 for any free port\n`,
    );
    expect(r.stdout).toBe('');
  });
});
