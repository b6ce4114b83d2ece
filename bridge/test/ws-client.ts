/**
 * A WebSocket test client of the bridge and the binary frame codec the server tests share: `TestClient`
 * (queued messages, every JSON reply checked against the protocol schema), `stepFrame` (a STEP request),
 * `decode` (a result frame into copies of its sections, dense or sparse) and `firstLegal`.
 */
import { WebSocket } from 'ws';
import { FrameType, Header, HEADER_BYTES, MAGIC, PROTOCOL_VERSION, ServerMessage, type Layout } from '../protocol.ts';

type Msg = { text?: Record<string, any>; binary?: Buffer };

/** A test client: messages are queued; `next()` returns the next one (JSON parsed and schema-checked). */
export class TestClient {
  readonly ws: WebSocket;
  private readonly inbox: Msg[] = [];
  private waiters: ((m: Msg) => void)[] = [];
  closed: Promise<{ code: number; reason: string }>;
  constructor(url: string, headers: Record<string, string> = {}) {
    this.ws = new WebSocket(url, { headers, perMessageDeflate: false });
    this.ws.on('message', (data: Buffer, isBinary: boolean) => {
      const m: Msg = isBinary ? { binary: data } : { text: JSON.parse(data.toString()) };
      if (m.text) ServerMessage.parse(m.text); // every server message follows the schema
      const w = this.waiters.shift();
      if (w) w(m);
      else this.inbox.push(m);
    });
    this.closed = new Promise((resolve) => this.ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
    this.ws.on('error', () => {});
  }
  open(): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.ws.readyState === WebSocket.OPEN) return resolve();
      this.ws.once('open', () => resolve());
      this.ws.once('error', reject);
    });
  }
  next(): Promise<Msg> {
    const m = this.inbox.shift();
    if (m) return Promise.resolve(m);
    return new Promise((resolve) => this.waiters.push(resolve));
  }
  async json(): Promise<Record<string, any>> {
    const m = await this.next();
    if (!m.text) throw new Error('expected a JSON message, got a binary frame');
    return m.text;
  }
  async frame(): Promise<Buffer> {
    const m = await this.next();
    if (!m.binary) throw new Error(`expected a binary frame, got ${JSON.stringify(m.text)}`);
    return m.binary;
  }
  send(msg: unknown): void {
    this.ws.send(typeof msg === 'string' ? msg : JSON.stringify(msg));
  }
  async request(msg: Record<string, unknown>): Promise<Record<string, any>> {
    this.send(msg);
    return this.json();
  }
  async hello(): Promise<Record<string, any>> {
    await this.open();
    return this.request({ type: 'hello', protocol: PROTOCOL_VERSION, client: 'vitest' });
  }
}

export function stepFrame(batch: number, actions: number[], specHash: string, seq = 1): Buffer {
  const b = Buffer.alloc(HEADER_BYTES + 4 * actions.length);
  b.writeUInt32LE(MAGIC, Header.magic);
  b.writeUInt16LE(1, Header.version);
  b.writeUInt16LE(FrameType.STEP, Header.type);
  b.writeUInt32LE(seq, Header.seq);
  b.writeUInt32LE(batch, Header.batch);
  b.writeUInt32LE(actions.length, Header.count);
  Buffer.from(specHash.slice(0, 16), 'hex').copy(b, Header.specHash);
  actions.forEach((a, i) => b.writeInt32LE(a, HEADER_BYTES + 4 * i));
  return b;
}

/** Decode a result frame into copies of its sections. */
export function decode(buf: Buffer, L: Layout) {
  const u8 = new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength).slice(); // aligned copy
  const ab = u8.buffer;
  const k = u8[Header.finalCount] | (u8[Header.finalCount + 1] << 8);
  let observations: Float32Array;
  if (L.encoding === 'sparse') {
    // The tail: T indices (indexBytes each), padded to 8 bytes, then T float32 values; rows in order.
    const counts = new Uint32Array(ab, L.observations, L.n * L.rows);
    const total = counts.reduce((x, y) => x + y, 0) + new Uint32Array(ab, L.finalObservations, k * L.rows).reduce((x, y) => x + y, 0);
    const vo = Math.ceil((L.resultBytes + total * L.indexBytes) / 8) * 8;
    if (buf.byteLength !== vo + 4 * total) throw new Error(`sparse frame of ${buf.byteLength} bytes, counts say ${vo + 4 * total}`);
    const idx = L.indexBytes === 2 ? new Uint16Array(ab, L.resultBytes, total) : new Uint32Array(ab, L.resultBytes, total);
    const val = new Float32Array(ab, vo, total);
    observations = new Float32Array(L.n * L.rows * L.d);
    let t = 0;
    for (let r = 0; r < counts.length; r++) for (let c = 0; c < counts[r]; c++, t++) observations[r * L.d + idx[t]] = val[t];
  } else observations = new Float32Array(ab, L.observations, L.n * L.rows * L.d);
  return {
    type: buf.readUInt16LE(Header.type),
    seq: buf.readUInt32LE(Header.seq),
    k,
    rewards: new Float32Array(ab, L.rewards, L.n * L.rows),
    terminated: new Uint8Array(ab, L.terminated, L.n),
    truncated: new Uint8Array(ab, L.truncated, L.n),
    agent: new Int32Array(ab, L.agent, L.n),
    observations,
    masks: new Uint8Array(ab, L.masks, L.n * L.rows * L.a),
  };
}

export const firstLegal = (masks: Uint8Array, row: number, A: number) => {
  for (let a = 0; a < A; a++) if (masks[row * A + a]) return a;
  return 0;
};
