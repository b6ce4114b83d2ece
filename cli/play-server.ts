/**
 * The HTTP side of `merlin play` (docs/PLAY.md), on node:http: one table (cli/play.ts) per server.
 *
 *   GET  /           the page (cli/play-page.ts)
 *   GET  /api/view   the seat's view (PlayView JSON)
 *   POST /api/move   body {"action": id, "step": the view's step}: the seat's move, then the agents' moves;
 *                    answers with the next view
 *
 * Bad input changes nothing and answers `{ "error": { "code", "name", "message" } }`: 409 for a stale step or
 * a finished game, 400 for anything else wrong with the request (a malformed body, an unknown or illegal action).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { ArgumentError, GameOverError, MerlinError } from '../lib/errors.ts';
import { listen } from '../lib/listen.ts';
import { PlayTable, StaleRequestError, type PlayOptions } from './play.ts';
import { playPageHtml } from './play-page.ts';

/** The body of `POST /api/move`. */
const MoveRequest = z.object({ action: z.number().int(), step: z.number().int().min(0) }).strict();

/** Largest request body read, in bytes. */
const MAX_BODY = 4096;

export interface PlayServer {
  /** The page's address, e.g. http://127.0.0.1:8080/ */
  readonly url: string;
  readonly table: PlayTable;
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: unknown, type = 'application/json'): void {
  const text = type === 'application/json' ? JSON.stringify(body) : String(body);
  res.writeHead(status, { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-store' });
  res.end(text);
}

function sendError(res: ServerResponse, err: unknown): void {
  if (!(err instanceof MerlinError)) {
    send(res, 500, { error: { code: 'INTERNAL', name: 'Error', message: String(err instanceof Error ? err.message : err) } });
    return;
  }
  const status = err instanceof StaleRequestError || err instanceof GameOverError ? 409 : 400;
  send(res, status, { error: { code: err.code, name: err.name, message: err.message } });
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) throw new ArgumentError(`request body over ${MAX_BODY} bytes`);
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new ArgumentError('request body is not JSON');
  }
}

/**
 * Start a table and serve it on `host:port` (port 0: a free one).
 * @throws ArgumentError for bad play options (cli/play.ts PlayTable); PortInUseError for a port in use (lib/listen.ts)
 */
export async function servePlay(options: PlayOptions & { port?: number; host?: string } = {}): Promise<PlayServer> {
  const table = new PlayTable(options);
  const page = playPageHtml();
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    void (async () => {
      try {
        if (req.method === 'GET' && (path === '/' || path === '/index.html')) return send(res, 200, page, 'text/html');
        if (req.method === 'GET' && path === '/api/view') return send(res, 200, table.view());
        if (req.method === 'POST' && path === '/api/move') {
          const parsed = MoveRequest.safeParse(await readJson(req));
          if (!parsed.success)
            throw new ArgumentError(
              `a move is {"action": integer, "step": integer}: ${parsed.error.issues.map((i) => i.message).join('; ')}`,
            );
          return send(res, 200, table.move(parsed.data.action, parsed.data.step));
        }
        send(res, 404, { error: { code: 'NOT_FOUND', name: 'NotFound', message: `no ${req.method} ${path}` } });
      } catch (err) {
        sendError(res, err);
      }
    })();
  });
  const host = options.host ?? '127.0.0.1';
  await listen(server, options.port ?? 0, host);
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}/`,
    table,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}
