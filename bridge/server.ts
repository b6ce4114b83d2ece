/**
 * The merlin-gym WebSocket bridge (`npx merlin serve`; protocol in docs/PROTOCOL.md).
 *
 *   const server = await startServer({ host: '127.0.0.1', port: 8765 });
 *   ...
 *   await server.close();
 *
 * Binds 127.0.0.1 by default and refuses any other address without a token; the token is checked at the
 * HTTP upgrade (`Authorization: Bearer T` or `?token=T`). Per connection: a maximum frame size (larger
 * frames close the connection with 1009), a maximum number of envs over all its batches, an idle
 * timeout, and a bound on pipelined requests. A connection's batches are freed when it closes, however it
 * closes. Requests of one connection are answered one by one, in order (JSON text or binary frames).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createServer, type IncomingMessage, type Server as HttpServer } from 'node:http';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Duplex } from 'node:stream';
import { WebSocketServer, WebSocket } from 'ws';
import { ArgumentError } from '../lib/errors.ts';
import { AecBatch, SingleBatch, type Batch } from './batch.ts';
import { SERVER_DEFAULTS } from './limits.ts';
import {
  BridgeError,
  CLIENT_TYPES,
  ClientMessage,
  CloseCode,
  FrameType,
  Header,
  HEADER_BYTES,
  MAGIC,
  PROTOCOL_MAJOR,
  PROTOCOL_VERSION,
  SECTION_ALIGN,
  type ServerMessage,
  OBSERVATION_ENCODINGS,
} from './protocol.ts';
import { agentAction, asBridgeError, describe, entryFor, gameInfos, gameOf, specFor, stateFrom } from './service.ts';
import type { GameEntry } from '../games/registry.ts';
import type { Game } from '../env/core/game.ts';
import { listen } from '../lib/listen.ts';

export interface ServerOptions {
  host?: string;
  /** 0 picks a free port (see `port` on the result). */
  port?: number;
  token?: string;
  /** Largest frame a client may send, in bytes. */
  maxFrameBytes?: number;
  /** Most envs one connection may hold over all its batches. */
  maxEnvs?: number;
  /**
   * Most envs all connections together may hold: the server's memory budget. An env costs memory by its
   * players, mode and frame encoding (a single-mode 6-player env with sparse frames held about 0.1 MiB;
   * docs/BENCHMARKS.md "Bridge memory"); without this,
   * memory is bounded only by maxEnvs x maxClients.
   */
  maxTotalEnvs?: number;
  /** Seconds without a message before the server closes a connection (0: never). */
  idleTimeoutS?: number;
  /** Most simultaneous connections. */
  maxClients?: number;
  /** Envs freed (closed batches, closed connections) that trigger a full garbage collection (default 256). */
  reclaimAfterEnvs?: number;
  /** Milliseconds after the last such release before the collection runs (default 2,000). */
  reclaimDelayMs?: number;
  /** Most requests a connection may have waiting for their answer (pipelining). */
  maxPending?: number;
  /** Accept agent specs that read files (`heuristic:PATH`, `ppo:PATH`) from clients (default false). */
  allowAgentPaths?: boolean;
  /** Called with one line per notable event (connections, fatal errors). */
  log?: (line: string) => void;
}

export interface RunningServer {
  host: string;
  port: number;
  url: string;
  /** Open connections now. */
  connections(): number;
  /** Batches held now, over all connections. */
  batches(): number;
  /** Envs held now, over all connections (counted against `maxTotalEnvs`). */
  envs(): number;
  /** Full garbage collections run after large releases of envs (see `reclaimAfterEnvs`). */
  reclaims(): number;
  close(): Promise<void>;
}

/** Envs held now over all connections, against the server's `maxTotalEnvs`, and what was freed since the last reclaim. */
interface EnvBudget {
  held: number;
  freedSinceReclaim: number;
  reclaimTimer?: NodeJS.Timeout;
  reclaims: number;
}

let fullGc: (() => void) | null | undefined;

/**
 * A full garbage collection, or null if this process cannot ask for one. Node exposes `gc` only with
 * --expose-gc; the server sets that flag at run time the first time it needs it (the flag only adds the
 * global function).
 */
function gcFunction(): (() => void) | null {
  if (fullGc !== undefined) return fullGc;
  try {
    const g = (globalThis as { gc?: () => void }).gc;
    if (g) return (fullGc = g);
    setFlagsFromString('--expose-gc');
    return (fullGc = runInNewContext('gc') as () => void);
  } catch {
    return (fullGc = null);
  }
}

/**
 * Take `n` envs off the budget; once `reclaimAfterEnvs` have been freed since the last reclaim, run a full
 * garbage collection `reclaimDelayMs` after the last release (a burst of closing clients costs one).
 * Why: an idle server allocates nothing, so V8 never collects, and the frames and envs of clients that
 * left stay in its resident memory (4 x 1,024 six-player envs: 664 MiB held, still 632 MiB a minute after
 * they closed; with the reclaim, 409 MiB after 10 s; docs/BENCHMARKS.md "Bridge memory"). A collection
 * pauses every connection for 0.1-0.3 s, so it waits for a large release and a quiet moment.
 */
function release(budget: EnvBudget, n: number, o: { reclaimAfterEnvs: number; reclaimDelayMs: number }): void {
  budget.held -= n;
  budget.freedSinceReclaim += n;
  if (budget.freedSinceReclaim < o.reclaimAfterEnvs) return;
  if (budget.reclaimTimer) clearTimeout(budget.reclaimTimer);
  budget.reclaimTimer = setTimeout(() => {
    budget.reclaimTimer = undefined;
    budget.freedSinceReclaim = 0;
    const gc = gcFunction();
    if (gc) {
      // Twice: the first collection runs the finalizers of the closed sockets and batches, the second frees
      // the frames they held (after one, 374 MiB of ArrayBuffers were still external; after two, 3 MiB).
      gc();
      gc();
      budget.reclaims++;
    }
  }, o.reclaimDelayMs);
  budget.reclaimTimer.unref();
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

/** Start the bridge. @throws ArgumentError for a non-loopback host without a token, or bad limits; PortInUseError (lib/listen.ts) */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const o = { ...SERVER_DEFAULTS, ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) } as Required<
    Omit<ServerOptions, 'token' | 'log'>
  > &
    ServerOptions;
  if (!LOOPBACK.has(o.host) && !o.token)
    throw new ArgumentError(`refusing to listen on ${o.host} without --token: only 127.0.0.1 (or ::1) may be served without one`);
  for (const [k, v] of [
    ['maxFrameBytes', o.maxFrameBytes],
    ['maxEnvs', o.maxEnvs],
    ['maxTotalEnvs', o.maxTotalEnvs],
    ['maxClients', o.maxClients],
    ['maxPending', o.maxPending],
    ['reclaimAfterEnvs', o.reclaimAfterEnvs],
  ] as const)
    if (!Number.isInteger(v) || v < 1) throw new ArgumentError(`${k} must be a positive integer, got ${v}`);
  if (!(o.idleTimeoutS >= 0)) throw new ArgumentError(`idle timeout must be >= 0 seconds, got ${o.idleTimeoutS}`);
  if (!(o.reclaimDelayMs >= 0)) throw new ArgumentError(`reclaimDelayMs must be >= 0, got ${o.reclaimDelayMs}`);
  const log = o.log ?? (() => {});
  const tokenDigest = o.token ? createHash('sha256').update(o.token).digest() : null;

  const http: HttpServer = createServer((_req, res) => {
    res.writeHead(426, { 'content-type': 'text/plain' });
    res.end(`merlin-gym bridge: connect with a WebSocket (protocol ${PROTOCOL_VERSION})\n`);
  });
  const wss = new WebSocketServer({ noServer: true, maxPayload: o.maxFrameBytes, perMessageDeflate: false });
  const sessions = new Set<Session>();
  const budget: EnvBudget = { held: 0, freedSinceReclaim: 0, reclaims: 0 };

  http.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const refuse = (status: string, why: string) => {
      socket.end(
        `HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(why)}\r\n\r\n${why}`,
      );
    };
    if (tokenDigest) {
      const given = tokenOf(req);
      if (given === null || !timingSafeEqual(createHash('sha256').update(given).digest(), tokenDigest))
        return refuse('401 Unauthorized', 'missing or wrong token');
    }
    if (sessions.size >= o.maxClients) return refuse('503 Service Unavailable', `too many connections (max ${o.maxClients})`);
    wss.handleUpgrade(req, socket, head, (ws) => {
      const s = new Session(ws, o, budget, log, () => sessions.delete(s));
      sessions.add(s);
    });
  });

  await listen(http, o.port, o.host);
  const addr = http.address();
  const port = typeof addr === 'object' && addr ? addr.port : o.port;
  const hostForUrl = o.host.includes(':') ? `[${o.host}]` : o.host;
  return {
    host: o.host,
    port,
    url: `ws://${hostForUrl}:${port}`,
    connections: () => sessions.size,
    batches: () => [...sessions].reduce((n, s) => n + s.batches.size, 0),
    envs: () => budget.held,
    reclaims: () => budget.reclaims,
    close: async () => {
      for (const s of sessions) s.ws.close(CloseCode.GOING_AWAY, 'server shutting down');
      await new Promise<void>((resolve) => setTimeout(resolve, 50).unref());
      for (const s of sessions) s.ws.terminate();
      wss.close();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

function tokenOf(req: IncomingMessage): string | null {
  const auth = req.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7);
  const q = new URL(req.url ?? '/', 'http://x').searchParams.get('token');
  return q;
}

type Item = { data: Buffer; binary: boolean };

/** One client connection: its batches, its request queue, its limits. */
class Session {
  readonly batches = new Map<number, Batch>();
  private envs = 0;
  private nextBatch = 1;
  private ready = false;
  private readonly queue: Item[] = [];
  private pumping = false;
  private closed = false;
  private idle: NodeJS.Timeout | null = null;

  constructor(
    readonly ws: WebSocket,
    private readonly o: Required<Omit<ServerOptions, 'token' | 'log'>>,
    private readonly budget: EnvBudget,
    private readonly log: (l: string) => void,
    private readonly onGone: () => void,
  ) {
    ws.on('message', (data: Buffer, binary: boolean) => this.receive(data, binary));
    ws.on('close', (code, reason) => this.free(code, reason.toString()));
    ws.on('error', (err) => log(`connection error: ${err.message}`));
    this.touch();
  }

  /** Refuse `entry`'s agent specs that read files unless the server allows them (see ServerOptions.allowAgentPaths). */
  private checkSpec(entry: GameEntry, spec: string): void {
    if (entry.specReadsFiles(spec) && !this.o.allowAgentPaths)
      throw new BridgeError(
        'INVALID_ARGUMENT',
        `agent spec "${spec}" reads a file; this server refuses such specs (start it with --allow-agent-paths)`,
      );
  }

  private touch(): void {
    if (this.o.idleTimeoutS <= 0) return;
    if (this.idle) this.idle.refresh();
    else {
      this.idle = setTimeout(() => {
        this.fatal(new BridgeError('IDLE_TIMEOUT', `no message for ${this.o.idleTimeoutS} s`, true), CloseCode.IDLE_TIMEOUT);
      }, this.o.idleTimeoutS * 1000);
      this.idle.unref();
    }
  }

  /** Everything this connection held is dropped (the envs are plain objects: the GC reclaims them). */
  private free(code: number, reason: string): void {
    if (this.closed) return;
    this.closed = true;
    if (this.idle) clearTimeout(this.idle);
    const n = this.batches.size;
    this.batches.clear();
    release(this.budget, this.envs, this.o);
    this.envs = 0;
    this.queue.length = 0;
    this.onGone();
    this.log(`connection closed (${code}${reason ? ' ' + reason : ''}); freed ${n} batch(es)`);
  }

  private receive(data: Buffer, binary: boolean): void {
    if (this.closed) return;
    this.touch();
    if (this.queue.length >= this.o.maxPending) {
      this.fatal(
        new BridgeError('LIMIT_EXCEEDED', `more than ${this.o.maxPending} requests waiting: read the responses before sending more`, true),
        CloseCode.LIMIT_EXCEEDED,
      );
      return;
    }
    this.queue.push({ data, binary });
    if (!this.pumping) void this.pump();
  }

  private async pump(): Promise<void> {
    this.pumping = true;
    try {
      while (this.queue.length && !this.closed) {
        const item = this.queue.shift()!;
        if (item.binary) await this.binary(item.data);
        else await this.text(item.data);
      }
    } finally {
      this.pumping = false;
    }
  }

  private send(msg: ServerMessage): void {
    if (!this.closed && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(msg));
  }

  private error(e: unknown, id?: number): void {
    const b = asBridgeError(e);
    this.send({ type: 'error', id, code: b.code, message: b.message, fatal: b.fatal, ...(b.details ? { details: b.details } : {}) });
  }

  private fatal(e: BridgeError, closeCode: number, id?: number): void {
    this.error(e, id);
    this.log(`fatal: ${e.code}: ${e.message}`);
    this.ws.close(closeCode, `${e.code}: ${e.message}`.slice(0, 120));
    this.free(closeCode, e.code);
  }

  private async text(data: Buffer): Promise<void> {
    let raw: unknown;
    try {
      raw = JSON.parse(data.toString('utf8'));
    } catch (e) {
      return this.error(new BridgeError('BAD_JSON', `not JSON: ${(e as Error).message}`));
    }
    const rid =
      typeof raw === 'object' && raw !== null && Number.isInteger((raw as { id?: unknown }).id) ? (raw as { id: number }).id : undefined;
    const type = typeof raw === 'object' && raw !== null ? (raw as { type?: unknown }).type : undefined;
    if (typeof type !== 'string' || !(CLIENT_TYPES as string[]).includes(type))
      return this.error(
        new BridgeError('UNKNOWN_TYPE', `unknown message type ${JSON.stringify(type)}; known: ${CLIENT_TYPES.join(', ')}`),
        rid,
      );
    const parsed = ClientMessage.safeParse(raw);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
      return this.error(new BridgeError('BAD_MESSAGE', `bad ${type} message: ${issues.join('; ')}`, false, { issues }), rid);
    }
    const m = parsed.data;
    if (m.type !== 'hello' && !this.ready) return this.error(new BridgeError('NOT_READY', 'send hello first'), m.id);
    try {
      await this.handle(m);
    } catch (e) {
      this.error(e, m.id);
    }
  }

  private batchOf(id: number): Batch {
    const b = this.batches.get(id);
    if (!b) throw new BridgeError('UNKNOWN_BATCH', `no batch ${id} on this connection`);
    return b;
  }

  private envOf(b: Batch, env: number): unknown {
    if (!b.isReset) throw new BridgeError('NOT_RESET', `batch ${b.id} has not been reset: send reset first`);
    if (env >= b.numEnvs) throw new BridgeError('INVALID_ARGUMENT', `env ${env} is not in batch ${b.id} (0..${b.numEnvs - 1})`);
    return b.stateOf(env);
  }

  private handle(m: ClientMessage): void | Promise<void> {
    switch (m.type) {
      case 'hello': {
        const major = Number(m.protocol.split('.')[0]);
        if (major !== PROTOCOL_MAJOR)
          return this.fatal(
            new BridgeError(
              'PROTOCOL_VERSION',
              `protocol ${m.protocol} is not supported: this server speaks ${PROTOCOL_VERSION} (major ${PROTOCOL_MAJOR})`,
              true,
            ),
            CloseCode.PROTOCOL_VERSION,
            m.id,
          );
        const entry = entryFor(m.game);
        const spec = specFor(entry.name, m.variant);
        this.ready = true;
        return this.send({
          type: 'welcome',
          id: m.id,
          protocol: PROTOCOL_VERSION,
          server: 'merlin-gym',
          capabilities: {
            modes: ['single', 'aec'],
            autoreset: ['next_step', 'same_step'],
            observation_encodings: [...OBSERVATION_ENCODINGS],
            agents: [...entry.agentSpecs],
            variants: [...entry.variants],
            games: gameInfos(),
            messages: CLIENT_TYPES,
            binary: { magic: MAGIC, header_bytes: HEADER_BYTES, section_align: SECTION_ALIGN, little_endian: true },
          },
          limits: {
            max_frame_bytes: this.o.maxFrameBytes,
            max_envs: this.o.maxEnvs,
            max_total_envs: this.o.maxTotalEnvs,
            idle_timeout_s: this.o.idleTimeoutS,
          },
          spec,
        });
      }
      case 'create': {
        const entry = entryFor(m.game);
        const game = gameOf(entry.name, m.variant);
        const spec = specFor(entry.name, m.variant);
        if (m.players < game.minPlayers || m.players > game.maxPlayers)
          throw new BridgeError('INVALID_ARGUMENT', `players must be in ${game.minPlayers}..${game.maxPlayers}, got ${m.players}`);
        if (this.envs + m.num_envs > this.o.maxEnvs)
          throw new BridgeError(
            'LIMIT_EXCEEDED',
            `max_envs: this connection may hold at most ${this.o.maxEnvs} envs (holds ${this.envs}, asked for ${m.num_envs} more)`,
            false,
            { limit: 'max_envs', max: this.o.maxEnvs },
          );
        if (this.budget.held + m.num_envs > this.o.maxTotalEnvs)
          throw new BridgeError(
            'LIMIT_EXCEEDED',
            `max_total_envs: the server holds ${this.budget.held} of its ${this.o.maxTotalEnvs} envs over all connections, asked for ${m.num_envs} more (close batches, or start the server with a larger --max-total-envs)`,
            false,
            { limit: 'max_total_envs', max: this.o.maxTotalEnvs },
          );
        if (m.mode === 'single') {
          if (typeof m.learner_seat === 'number' && m.learner_seat >= m.players)
            throw new BridgeError('INVALID_ARGUMENT', `learner_seat must be 'random', 'all' or a seat in 0..${m.players - 1}`);
          for (const spec of m.opponents) {
            this.checkSpec(entry, spec);
            entry.agent(spec, 0, game);
          }
        }
        const id = this.nextBatch++;
        const bo = {
          mode: m.mode,
          numEnvs: m.num_envs,
          players: m.players,
          opponents: m.opponents,
          learnerSeat: m.learner_seat,
          illegal: m.illegal,
          illegalPenalty: m.illegal_penalty,
          autoreset: m.autoreset,
          observationEncoding: m.observation_encoding,
          rewards: m.rewards && {
            terminal: m.rewards.terminal,
            truncation: m.rewards.truncation,
            shaped: m.rewards.shaped,
            shapedScale: m.rewards.shaped_scale,
            shapedRelative: m.rewards.shaped_relative,
            shapedPotential: m.rewards.shaped_potential,
          },
        };
        const b: Batch = m.mode === 'single' ? new SingleBatch(id, game, spec, bo) : new AecBatch(id, game, spec, bo);
        this.batches.set(id, b);
        this.envs += m.num_envs;
        this.budget.held += m.num_envs;
        return this.send({
          type: 'created',
          id: m.id,
          batch: id,
          mode: m.mode,
          num_envs: m.num_envs,
          players: m.players,
          agents: [...Array(m.players).keys()].map((p) => `player_${p}`),
          rows_per_env: b.rows,
          autoreset: m.mode === 'single' ? m.autoreset : 'next_step',
          spec,
          layout: b.layout,
        });
      }
      case 'reset': {
        const b = this.batchOf(m.batch);
        const seed = m.seed === undefined ? `${Date.now()}-${Math.random()}` : String(m.seed);
        return this.sendFrame(b, () => b.reset(seed, m.id ?? 0));
      }
      case 'close': {
        const b = this.batchOf(m.batch);
        this.batches.delete(m.batch);
        this.envs -= b.numEnvs;
        release(this.budget, b.numEnvs, this.o);
        return this.send({ type: 'closed', id: m.id, batch: m.batch });
      }
      case 'spec':
        return this.send({ type: 'spec', id: m.id, spec: specFor(m.game, m.variant) });
      case 'describe_action': {
        let game: Game<unknown>;
        let state: unknown = null;
        if (m.batch !== undefined) {
          const b = this.batchOf(m.batch);
          game = b.game;
          state = this.envOf(b, m.env);
        } else {
          game = gameOf(m.game, m.variant);
          if (m.state !== undefined) state = game.deserialize(m.state);
        }
        return this.send({ type: 'description', id: m.id, action: m.action, description: describe(game, state, m.action) });
      }
      case 'act': {
        const entry = entryFor(m.game);
        const game = gameOf(entry.name, m.variant);
        const state = stateFrom(game, m.state, m.history);
        this.checkSpec(entry, m.agent);
        const r = agentAction(game, state, m.agent, m.seed);
        return this.send({ type: 'action', id: m.id, agent: m.agent, ...r });
      }
      case 'state': {
        const b = this.batchOf(m.batch);
        const s = this.envOf(b, m.env);
        return this.send({ type: 'state', id: m.id, state: b.game.serialize(s), current_player: b.game.currentPlayer(s) });
      }
      case 'render': {
        const b = this.batchOf(m.batch);
        return this.send({ type: 'rendered', id: m.id, text: b.game.render(this.envOf(b, m.env)) });
      }
      case 'ping':
        return this.send({ type: 'pong', id: m.id });
    }
  }

  /**
   * Fill the batch's frame and send it. The frame buffer is sent without a copy, so a batch first waits
   * until its previous frame has left (which only happens when a client pipelines steps without reading).
   */
  private async sendFrame(b: Batch, fill: () => number): Promise<void> {
    if (b.inFlight) await b.inFlight;
    const len = fill();
    if (this.closed || this.ws.readyState !== WebSocket.OPEN) return;
    b.inFlight = new Promise<void>((resolve) =>
      this.ws.send(b.frame.subarray(0, len), { binary: true }, () => {
        b.inFlight = null;
        resolve();
      }),
    );
  }

  private async binary(data: Buffer): Promise<void> {
    if (!this.ready) return this.error(new BridgeError('NOT_READY', 'send hello first'));
    if (data.length < HEADER_BYTES)
      return this.error(new BridgeError('BAD_FRAME', `truncated frame: ${data.length} bytes, the header alone is ${HEADER_BYTES}`));
    const magic = data.readUInt32LE(Header.magic);
    const seq = data.readUInt32LE(Header.seq);
    if (magic !== MAGIC)
      return this.error(
        new BridgeError('BAD_FRAME', `bad magic 0x${magic.toString(16)} (expected 0x${MAGIC.toString(16)}, "MRLN")`, false, { seq }),
      );
    const version = data.readUInt16LE(Header.version);
    if (version !== PROTOCOL_MAJOR)
      return this.error(new BridgeError('BAD_FRAME', `frame version ${version}, this server speaks ${PROTOCOL_MAJOR}`, false, { seq }));
    const type = data.readUInt16LE(Header.type);
    if (type !== FrameType.STEP)
      return this.error(
        new BridgeError('BAD_FRAME', `frame type ${type} is not a client frame (STEP = ${FrameType.STEP})`, false, { seq }),
      );
    try {
      const b = this.batchOf(data.readUInt32LE(Header.batch));
      const count = data.readUInt32LE(Header.count);
      if (count !== b.numEnvs) throw new BridgeError('BAD_FRAME', `count ${count} but batch ${b.id} has ${b.numEnvs} envs`, false, { seq });
      if (data.length !== b.layout.stepBytes)
        throw new BridgeError(
          'BAD_FRAME',
          `${data.length < b.layout.stepBytes ? 'truncated' : 'overlong'} STEP frame: ${data.length} bytes, expected ${b.layout.stepBytes} (header + ${count} int32 actions)`,
          false,
          { seq },
        );
      const hash = data.subarray(Header.specHash, Header.specHash + 8).toString('hex');
      if (hash !== b.spec.hash.slice(0, 16))
        throw new BridgeError(
          'SPEC_MISMATCH',
          `frame spec hash ${hash} is not batch ${b.id}'s (${b.spec.hash.slice(0, 16)}): the client was built for another observation/action layout or ruleset`,
          false,
          { seq },
        );
      // Copy the actions out (the ws Buffer may not be 4-byte aligned).
      const actions = new Int32Array(count);
      for (let i = 0; i < count; i++) actions[i] = data.readInt32LE(HEADER_BYTES + 4 * i);
      await this.sendFrame(b, () => b.step(actions, seq));
    } catch (e) {
      this.error(e, seq);
    }
  }
}
