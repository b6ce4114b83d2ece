/**
 * The HTTP side of `merlin play` (docs/PLAY.md), on node:http: one table (cli/play.ts) at a time per server.
 *
 *   GET  /             the page (cli/play-page.ts)
 *   GET  /api/view     the seat's view (PlayView JSON)
 *   POST /api/move     body {"action": id, "step": the view's step, "seed"?: the view's seed}: the seat's move,
 *                      then the agents' moves; answers with the next view
 *   POST /api/new      body {} or {"seed": S}: a new game with the same game, variant, agents and seat (seed S,
 *                      else the first seed with `-2`, `-3`, ...); answers with its view
 *   GET  /api/log      the game so far as a replay log (designer/replay.ts), as a file to save
 *   GET  /rules/FILE   a rules document under docs/ as a page (cli/play-docs.ts)
 *
 * Bad input changes nothing and answers `{ "error": { "code", "name", "message" } }`: 409 for a stale step or
 * game or a finished game, 400 for anything else wrong with the request (a malformed body, an unknown or
 * illegal action), 404 for an unknown path.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { ArgumentError, GameOverError, MerlinError } from '../lib/errors.ts';
import { listen } from '../lib/listen.ts';
import { PlayTable, StaleGameError, StaleRequestError, type PlayOptions } from './play.ts';
import { playPageHtml } from './play-page.ts';
import { RULES_CSP, rulesPage } from './play-docs.ts';

/** The body of `POST /api/move`. */
const MoveRequest = z.object({ action: z.number().int(), step: z.number().int().min(0), seed: z.string().optional() }).strict();
/** The body of `POST /api/new`. */
const NewRequest = z.object({ seed: z.string().min(1).max(200).optional() }).strict();

/** Largest request body read, in bytes. */
const MAX_BODY = 4096;

export interface PlayServer {
  /** The page's address, e.g. http://127.0.0.1:8080/ */
  readonly url: string;
  /** The table now (a new game from the page replaces it). */
  readonly table: PlayTable;
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: unknown, type = 'application/json', headers: Record<string, string> = {}): void {
  const text = type === 'application/json' ? JSON.stringify(body) : String(body);
  res.writeHead(status, { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-store', ...headers });
  res.end(text);
}

const notFound = (res: ServerResponse, method: string | undefined, path: string) =>
  send(res, 404, { error: { code: 'NOT_FOUND', name: 'NotFound', message: `no ${method} ${path}` } });

/** The body of a request as `schema` wants it. @throws ArgumentError naming what is wrong */
function parseBody<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ArgumentError(`${what}: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  return parsed.data;
}

function sendError(res: ServerResponse, err: unknown): void {
  if (!(err instanceof MerlinError)) {
    send(res, 500, { error: { code: 'INTERNAL', name: 'Error', message: String(err instanceof Error ? err.message : err) } });
    return;
  }
  const status = err instanceof StaleRequestError || err instanceof StaleGameError || err instanceof GameOverError ? 409 : 400;
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
  let table = new PlayTable(options);
  let games = 1;
  const page = playPageHtml();
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    void (async () => {
      try {
        if (req.method === 'GET' && (path === '/' || path === '/index.html')) return send(res, 200, page, 'text/html');
        if (req.method === 'GET' && path === '/api/view') return send(res, 200, table.view());
        if (req.method === 'POST' && path === '/api/move') {
          const m = parseBody(MoveRequest, await readJson(req), 'a move is {"action": integer, "step": integer, "seed"?: string}');
          if (m.seed !== undefined && m.seed !== table.seed) throw new StaleGameError(m.seed, table.seed);
          return send(res, 200, table.move(m.action, m.step));
        }
        if (req.method === 'POST' && path === '/api/new') {
          const n = parseBody(NewRequest, await readJson(req), 'a new game is {} or {"seed": string}');
          const next = new PlayTable({ ...options, seed: n.seed ?? `${options.seed ?? '0'}-${games + 1}` });
          games++;
          table = next;
          return send(res, 200, table.view());
        }
        if (req.method === 'GET' && path === '/api/log') {
          const log = table.replayLog();
          const file = `${table.entry.name}-${table.seed.replace(/[^\w.-]+/g, '_')}-step${log.result.steps}.json`;
          return send(res, 200, log, 'application/json', { 'content-disposition': `attachment; filename="${file}"` });
        }
        if (req.method === 'GET' && path.startsWith('/rules/')) {
          const html = rulesPage(path.slice('/rules/'.length));
          if (html !== null) return send(res, 200, html, 'text/html', { 'content-security-policy': RULES_CSP });
        }
        notFound(res, req.method, path);
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
    get table() {
      return table;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}
