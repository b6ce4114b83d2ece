/**
 * The bridge server's memory under a full env budget and after its clients leave (docs/BENCHMARKS.md
 * "Bridge memory"). Spawns `merlin serve` as its own process, reads its resident set size (VmRSS from
 * /proc, Linux only) at start, with C clients each holding one N-env P-player batch that has been reset
 * and stepped STEPS times, and then at intervals after every client has closed. One more client then asks for
 * one env beyond the budget and must be refused with LIMIT_EXCEEDED.
 *
 *   npx tsx bridge/bench-memory.ts [CLIENTS=4] [ENVS=1024] [PLAYERS=6] [STEPS=20] [IDLE_SECONDS=60] [ROUNDS=2]  → one JSON line
 *
 * ROUNDS repeats the hold-and-close cycle on the same server: a later round's peak no higher than the first
 * shows that what stays resident after a round is reused, not leaked.
 *
 * Figures are MiB; `lazy_free_at_end` is the part of the last RSS figure the kernel may take back at will. The server runs with --max-envs ENVS and --max-total-envs CLIENTS x ENVS.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'ws';
import { FrameType, Header, HEADER_BYTES, MAGIC, PROTOCOL_VERSION } from './protocol.ts';

const [clients, envs, players, steps, idleSeconds, roundCount] = [4, 1024, 6, 20, 60, 2].map((d, i) => {
  const v = process.argv[2 + i] === undefined ? d : Number(process.argv[2 + i]);
  if (!Number.isInteger(v) || v < 1) {
    process.stderr.write(`bench-memory: INVALID_ARGUMENT: argument ${i + 1} must be a positive integer, got ${process.argv[2 + i]}\n`);
    process.exit(2);
  }
  return v;
});
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const mib = (kb: number) => Math.round(kb / 1024);

/** Resident set size of a process in kB (VmRSS). */
function rssKb(pid: number): number {
  const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  if (!m) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(m[1]);
}

/**
 * Of the resident set, kB the process has handed back with madvise(MADV_FREE) (smaps_rollup "LazyFree"):
 * still counted in RSS, but the kernel takes those pages whenever it needs memory. 0 where not reported.
 */
function lazyFreeKb(pid: number): number {
  try {
    return Number(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8').match(/LazyFree:\s+(\d+) kB/)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A client that sends a message and awaits the next message (JSON parsed, binary as a Buffer). */
class Client {
  readonly ws: WebSocket;
  private waiting: ((m: Buffer | Record<string, any>) => void)[] = [];
  readonly closed: Promise<void>;
  constructor(url: string) {
    this.ws = new WebSocket(url, { perMessageDeflate: false, maxPayload: 1 << 30 });
    this.ws.on('message', (d: Buffer, binary: boolean) => this.waiting.shift()?.(binary ? d : JSON.parse(String(d))));
    this.closed = new Promise((r) => this.ws.on('close', () => r()));
  }
  async open(): Promise<void> {
    if (this.ws.readyState !== WebSocket.OPEN) await new Promise((resolve, reject) => this.ws.once('open', resolve).once('error', reject));
  }
  send(m: unknown): Promise<any> {
    const reply = new Promise<Buffer | Record<string, any>>((r) => this.waiting.push(r));
    this.ws.send(Buffer.isBuffer(m) ? m : JSON.stringify(m));
    return reply;
  }
}

function stepFrame(
  batch: number,
  n: number,
  specHash: string,
  seq: number,
  masks: Buffer,
  maskOffset: number,
  A: number,
  rows: number,
): Buffer {
  const b = Buffer.alloc(HEADER_BYTES + 4 * n);
  b.writeUInt32LE(MAGIC, Header.magic);
  b.writeUInt16LE(Number(PROTOCOL_VERSION.split('.')[0]), Header.version);
  b.writeUInt16LE(FrameType.STEP, Header.type);
  b.writeUInt32LE(seq, Header.seq);
  b.writeUInt32LE(batch, Header.batch);
  b.writeUInt32LE(n, Header.count);
  Buffer.from(specHash.slice(0, 16), 'hex').copy(b, Header.specHash);
  for (let i = 0; i < n; i++) {
    let a = 0;
    const o = maskOffset + i * rows * A;
    while (a < A - 1 && masks[o + a] === 0) a++;
    b.writeInt32LE(a, HEADER_BYTES + 4 * i);
  }
  return b;
}

const server = spawn(
  process.execPath,
  [
    join(root, 'bin', 'merlin.js'),
    'serve',
    '--port',
    '0',
    '--json',
    '--quiet',
    '--max-envs',
    String(envs),
    '--max-total-envs',
    String(clients * envs),
    '--idle-timeout',
    '0',
  ],
  { stdio: ['pipe', 'pipe', 'inherit'] },
);
try {
  const info = JSON.parse(await new Promise<string>((resolve) => server.stdout.once('data', (d) => resolve(String(d)))));
  await sleep(2000);
  const start = rssKb(server.pid!);
  const rounds: { holding: number; after_close: Record<string, number>; lazy_free_at_end: number }[] = [];
  let refused: Record<string, any> = {};
  for (let round = 0; round < roundCount; round++) {
    const cs = [...Array(clients)].map(() => new Client(info.url));
    for (const c of cs) {
      await c.open();
      await c.send({ type: 'hello', protocol: PROTOCOL_VERSION });
      const created = await c.send({ type: 'create', num_envs: envs, players, observation_encoding: 'sparse' });
      if (created.type !== 'created') throw new Error(JSON.stringify(created));
      let frame = (await c.send({ type: 'reset', batch: created.batch, seed: round, id: 1 })) as Buffer;
      for (let t = 1; t <= steps; t++)
        frame = await c.send(
          stepFrame(created.batch, envs, created.spec.hash, t, frame, created.layout.masks, created.spec.num_actions, created.rows_per_env),
        );
    }
    const held = rssKb(server.pid!);
    const extra = new Client(info.url);
    await extra.open();
    await extra.send({ type: 'hello', protocol: PROTOCOL_VERSION });
    refused = await extra.send({ type: 'create', num_envs: 1 });
    extra.ws.close();
    for (const c of cs) c.ws.close();
    await Promise.all([extra.closed, ...cs.map((c) => c.closed)]);
    const after: Record<string, number> = {};
    const t0 = performance.now();
    for (const s of [1, 10, 30, idleSeconds]) {
      if (s > idleSeconds) continue;
      await sleep(Math.max(0, s * 1000 - (performance.now() - t0)));
      after[`${s}s`] = mib(rssKb(server.pid!));
    }
    rounds.push({ holding: mib(held), after_close: after, lazy_free_at_end: mib(lazyFreeKb(server.pid!)) });
  }
  process.stdout.write(
    JSON.stringify({
      clients,
      envs_per_client: envs,
      players,
      steps,
      rss_mib: { start: mib(start), rounds },
      over_budget: { code: refused.code, message: refused.message },
    }) + '\n',
  );
} finally {
  server.kill('SIGTERM');
}
