/**
 * The bridge server over real WebSockets on 127.0.0.1 (ephemeral ports): the protocol, every documented
 * error, limits, a killed client, 100 concurrent clients. Bounded in count and time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, type RunningServer } from '../server.ts';
import { computeLayout, FrameType, PROTOCOL_VERSION, type Layout } from '../protocol.ts';
import { decode, firstLegal, stepFrame, TestClient } from './ws-client.ts';
import { VectorEnv } from '../../env/core/vector.ts';
import { merlinGame } from '../../games/merlin/env/game.ts';
import { opponentFactory } from '../../agents/registry.ts';

/** Sizes of the `full` game (they grow as engine parts add actions and observation features). */
const FULL = merlinGame('full');
const OBS = FULL.observationSpec.size;
const A = FULL.numActions;

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ host: '127.0.0.1', port: 0, maxFrameBytes: 64 * 1024, maxEnvs: 64, idleTimeoutS: 60 });
});
afterAll(async () => {
  await server.close();
});

describe('control plane', () => {
  it('welcomes a client with the protocol version, capabilities, limits and the spec', async () => {
    const c = new TestClient(server.url);
    const w = await c.hello();
    expect(w.type).toBe('welcome');
    expect(w.protocol).toBe(PROTOCOL_VERSION);
    expect(w.capabilities.agents).toContain('random');
    expect(w.capabilities.variants).toEqual(['full', 'market', 'skirmish', 'classic', 'literal', 'council', 'prosperity']);
    expect(w.limits).toEqual({ max_frame_bytes: 65536, max_envs: 64, max_total_envs: 4096, idle_timeout_s: 60 });
    expect(w.spec.observation.shape).toEqual([OBS]);
    expect(w.spec.num_actions).toBe(A);
    expect(w.spec.hash).toMatch(/^[0-9a-f]{64}$/);
    const market = await c.request({ type: 'spec', id: 7, variant: 'market' });
    expect(market.id).toBe(7);
    expect(market.spec.hash).not.toBe(w.spec.hash);
    c.ws.close();
  });

  it('refuses another major protocol version with a clear close reason', async () => {
    const c = new TestClient(server.url);
    await c.open();
    const e = await c.request({ type: 'hello', protocol: '2.0.0' });
    expect(e).toMatchObject({ type: 'error', code: 'PROTOCOL_VERSION', fatal: true });
    const closed = await c.closed;
    expect(closed.code).toBe(4001);
    expect(closed.reason).toMatch(`PROTOCOL_VERSION: protocol 2.0.0 is not supported: this server speaks ${PROTOCOL_VERSION}`);
  });

  it('answers malformed JSON, unknown types, bad fields and requests before hello, and keeps serving', async () => {
    const c = new TestClient(server.url);
    await c.open();
    expect(await c.request({ type: 'ping', id: 1 })).toMatchObject({ code: 'NOT_READY', fatal: false, id: 1 });
    await c.hello();
    c.send('{"type": "ping",');
    expect(await c.json()).toMatchObject({ type: 'error', code: 'BAD_JSON', fatal: false });
    expect(await c.request({ type: 'teleport', id: 2 })).toMatchObject({ code: 'UNKNOWN_TYPE', id: 2, fatal: false });
    expect(await c.request({ type: 'create', id: 3, num_envs: 'many' })).toMatchObject({ code: 'BAD_MESSAGE', id: 3 });
    expect(await c.request({ type: 'create', id: 4, variant: '../../etc/passwd' })).toMatchObject({ code: 'BAD_MESSAGE', id: 4 });
    expect(await c.request({ type: 'create', id: 5, variant: 'nosuch' })).toMatchObject({ code: 'INVALID_RULESET', id: 5 });
    expect(await c.request({ type: 'create', id: 6, opponents: ['grandmaster'] })).toMatchObject({ code: 'INVALID_ARGUMENT', id: 6 });
    expect(await c.request({ type: 'create', id: 7, players: 9 })).toMatchObject({ code: 'INVALID_ARGUMENT', id: 7 });
    expect(await c.request({ type: 'reset', id: 8, batch: 99 })).toMatchObject({ code: 'UNKNOWN_BATCH', id: 8 });
    expect(await c.request({ type: 'create', id: 9, observation_encoding: 'zip' })).toMatchObject({ code: 'BAD_MESSAGE', id: 9 });
    expect(await c.request({ type: 'create', id: 10, rewards: { truncation: 'lose' } })).toMatchObject({ code: 'BAD_MESSAGE', id: 10 });
    expect(await c.request({ type: 'create', id: 11, rewards: { truncation: 'loss' } })).toMatchObject({ type: 'created', id: 11 });
    expect(await c.request({ type: 'ping', id: 9 })).toEqual({ type: 'pong', id: 9 });
    c.ws.close();
  });

  it('enforces the per-connection env limit', async () => {
    const c = new TestClient(server.url);
    await c.hello();
    expect((await c.request({ type: 'create', num_envs: 60 })).type).toBe('created');
    expect(await c.request({ type: 'create', num_envs: 5 })).toMatchObject({ code: 'LIMIT_EXCEEDED', fatal: false });
    const created = await c.request({ type: 'create', num_envs: 4 });
    expect(created.type).toBe('created');
    expect((await c.request({ type: 'close', batch: created.batch })).type).toBe('closed');
    expect((await c.request({ type: 'create', num_envs: 4 })).type).toBe('created');
    c.ws.close();
  });

  it("holds at most max_total_envs over all connections (the memory budget), and frees a closed connection's share", async () => {
    const small = await startServer({ host: '127.0.0.1', port: 0, maxEnvs: 8, maxTotalEnvs: 12 });
    try {
      const a = new TestClient(small.url);
      const b = new TestClient(small.url);
      expect((await a.hello()).limits).toMatchObject({ max_envs: 8, max_total_envs: 12 });
      await b.hello();
      expect((await a.request({ type: 'create', num_envs: 8, players: 6 })).type).toBe('created');
      const refused = await b.request({ type: 'create', id: 3, num_envs: 5 });
      expect(refused).toMatchObject({
        type: 'error',
        id: 3,
        code: 'LIMIT_EXCEEDED',
        fatal: false,
        details: { limit: 'max_total_envs', max: 12 },
      });
      expect(refused.message).toMatch(/^max_total_envs: the server holds 8 of its 12 envs/);
      expect(small.envs()).toBe(8);
      expect((await b.request({ type: 'create', num_envs: 4 })).type).toBe('created');
      expect(small.envs()).toBe(12);
      expect(await b.request({ type: 'create', num_envs: 1 })).toMatchObject({
        code: 'LIMIT_EXCEEDED',
        details: { limit: 'max_total_envs' },
      });
      a.ws.close();
      await a.closed;
      for (let i = 0; i < 100 && small.envs() > 4; i++) await new Promise((r) => setTimeout(r, 10));
      expect(small.envs()).toBe(4);
      expect(await b.request({ type: 'create', num_envs: 5 })).toMatchObject({
        code: 'LIMIT_EXCEEDED',
        details: { limit: 'max_envs', max: 8 },
      });
      const again = await b.request({ type: 'create', num_envs: 4 });
      expect(again.type).toBe('created');
      expect((await b.request({ type: 'close', batch: again.batch })).type).toBe('closed');
      expect(small.envs()).toBe(4);
      b.ws.close();
      await b.closed;
    } finally {
      await small.close();
    }
  });

  it('runs a full garbage collection once a large share of envs has been freed, not on every close', async () => {
    const small = await startServer({ host: '127.0.0.1', port: 0, maxEnvs: 16, reclaimAfterEnvs: 12, reclaimDelayMs: 20 });
    try {
      const c = new TestClient(small.url);
      await c.hello();
      const a = await c.request({ type: 'create', num_envs: 8 });
      expect((await c.request({ type: 'close', batch: a.batch })).type).toBe('closed');
      await new Promise((r) => setTimeout(r, 100));
      expect(small.reclaims()).toBe(0); // 8 freed: below the threshold
      await c.request({ type: 'create', num_envs: 8 });
      c.ws.close();
      await c.closed;
      for (let i = 0; i < 100 && small.reclaims() === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(small.reclaims()).toBe(1);
      expect(small.envs()).toBe(0);
    } finally {
      await small.close();
    }
  });

  it('refuses agent specs that read files (heuristic:PATH) unless the server allows them', async () => {
    const c = new TestClient(server.url);
    await c.hello();
    const r = await c.request({ type: 'create', num_envs: 1, mode: 'single', opponents: ['heuristic:/etc/passwd'] });
    expect(r).toMatchObject({ code: 'INVALID_ARGUMENT', fatal: false });
    expect(String(r.message)).toMatch(/reads a file/);
    expect(await c.request({ type: 'create', num_envs: 1, mode: 'single', opponents: ['ppo:/tmp/any'] })).toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
    // The shipped checkpoints read no file of the client's choosing.
    expect((await c.request({ type: 'create', num_envs: 1, mode: 'single', opponents: ['ppo:checkpoints/default'] })).type).toBe('created');
    expect((await c.request({ type: 'create', num_envs: 1, mode: 'single', opponents: ['heuristic'] })).type).toBe('created');
    c.ws.close();
  });

  it('serves opponents and action descriptions for frontends (state or history)', async () => {
    const c = new TestClient(server.url);
    await c.hello();
    const byHistory = await c.request({ type: 'act', id: 1, agent: 'random', seed: 5, history: { players: 3, seed: 'g', actions: [] } });
    expect(byHistory).toMatchObject({ type: 'action', id: 1, seat: expect.any(Number), agent: 'random' });
    const game = merlinGame('full');
    const s = game.newState(3, 'g');
    const legal = new Int32Array(game.numActions);
    const n = game.legalActions(s, legal);
    expect(Array.from(legal.subarray(0, n))).toContain(byHistory.action);
    expect(byHistory.description).toBe(game.describeAction(s, byHistory.action));
    const byState = await c.request({ type: 'act', agent: 'random', seed: 5, state: game.serialize(s) });
    expect(byState.action).toBe(byHistory.action);
    expect(await c.request({ type: 'act', agent: 'random', history: { players: 3, seed: 'g', actions: [A - 1, 0] } })).toMatchObject({
      code: expect.stringMatching(/ILLEGAL_ACTION|UNKNOWN_ACTION/),
    });
    expect(await c.request({ type: 'act', agent: 'random', state: '{"not":"a state"}' })).toMatchObject({ code: 'INVALID_STATE' });
    expect(await c.request({ type: 'act', agent: 'random' })).toMatchObject({ code: 'BAD_MESSAGE' });
    expect(await c.request({ type: 'act', agent: 'nosuch', history: { players: 3, seed: 'g', actions: [] } })).toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
    expect(await c.request({ type: 'describe_action', action: 3 })).toEqual({
      type: 'description',
      action: 3,
      description: game.describeAction(null, 3),
    });
    expect(await c.request({ type: 'describe_action', action: A })).toMatchObject({ code: 'UNKNOWN_ACTION' });
    c.ws.close();
  });
});

describe('data plane', () => {
  it.each(['dense', 'sparse'] as const)(
    'steps a single-mode batch exactly like the in-process VectorEnv (same seeds, next-step autoreset; %s observations)',
    async (encoding) => {
      const c = new TestClient(server.url);
      await c.hello();
      const N = 3;
      const created = await c.request({
        type: 'create',
        id: 1,
        num_envs: N,
        players: 2,
        opponents: ['random'],
        observation_encoding: encoding,
      });
      const L: Layout = created.layout;
      expect(L).toEqual(computeLayout(N, 1, OBS, A, encoding));
      c.send({ type: 'reset', id: 42, batch: created.batch, seed: 'eq' });
      let f = decode(await c.frame(), L);
      expect(f.type).toBe(FrameType.RESET_RESULT);
      expect(f.seq).toBe(42);
      const game = merlinGame('full');
      const ref = new VectorEnv(game, N, { players: 2, opponents: opponentFactory(['random']) });
      ref.reset('eq');
      const same = (a: ArrayBufferView, b: ArrayBufferView) =>
        Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));
      let ended = 0;
      let t = 0;
      // until an episode has ended and the next step autoreset it (bounded)
      for (; t < 3000 && ended < 2; t++) {
        expect(same(f.observations, ref.observations)).toBe(true);
        expect(same(f.masks, ref.actionMasks)).toBe(true);
        expect(same(f.rewards, ref.rewards)).toBe(true);
        expect(same(f.terminated, ref.terminated)).toBe(true);
        expect(same(f.truncated, ref.truncated)).toBe(true);
        if (ended) ended++;
        const actions = [...Array(N).keys()].map((i) => firstLegal(f.masks, i, A));
        ref.step(actions);
        c.ws.send(stepFrame(created.batch, actions, created.spec.hash, t + 1));
        f = decode(await c.frame(), L);
        expect(f.type).toBe(FrameType.STEP_RESULT);
        expect(f.seq).toBe(t + 1);
        if (!ended && (f.terminated.some((x) => x) || f.truncated.some((x) => x))) ended = 1;
      }
      expect(ended).toBe(2);
      c.ws.close();
    },
  );

  it('answers truncated, malformed, wrong-hash and illegal step frames with errors and steps nothing', async () => {
    const c = new TestClient(server.url);
    await c.hello();
    const created = await c.request({ type: 'create', num_envs: 2, players: 4 });
    const L: Layout = created.layout;
    const hash = created.spec.hash;
    c.ws.send(stepFrame(created.batch, [0, 0], hash));
    expect(await c.json()).toMatchObject({ code: 'NOT_RESET' });
    for (const m of [{ type: 'state' }, { type: 'render' }, { type: 'describe_action', action: 0 }])
      expect(await c.request({ ...m, batch: created.batch })).toMatchObject({ code: 'NOT_RESET' });
    c.send({ type: 'reset', batch: created.batch, seed: 1 });
    const f0 = decode(await c.frame(), L);
    c.ws.send(Buffer.alloc(10));
    expect(await c.json()).toMatchObject({ code: 'BAD_FRAME', fatal: false, message: expect.stringMatching(/truncated/) });
    const good = stepFrame(created.batch, [0, 0], hash, 5);
    c.ws.send(good.subarray(0, good.length - 2));
    expect(await c.json()).toMatchObject({ code: 'BAD_FRAME', message: expect.stringMatching(/truncated STEP frame/) });
    const badMagic = Buffer.from(good);
    badMagic.writeUInt32LE(0xdeadbeef, 0);
    c.ws.send(badMagic);
    expect(await c.json()).toMatchObject({ code: 'BAD_FRAME', message: expect.stringMatching(/magic/) });
    c.ws.send(stepFrame(created.batch, [0, 0, 0], hash));
    expect(await c.json()).toMatchObject({ code: 'BAD_FRAME', message: expect.stringMatching(/count 3/) });
    c.ws.send(stepFrame(created.batch, [0, 0], '00'.repeat(32), 6));
    expect(await c.json()).toMatchObject({ code: 'SPEC_MISMATCH', id: 6, fatal: false });
    c.ws.send(stepFrame(created.batch + 100, [0, 0], hash));
    expect(await c.json()).toMatchObject({ code: 'UNKNOWN_BATCH' });
    let illegal = 0;
    while (f0.masks[illegal] === 1) illegal++;
    const legal1 = firstLegal(f0.masks, 1, A);
    c.ws.send(stepFrame(created.batch, [firstLegal(f0.masks, 0, A), 9999], hash, 7));
    expect(await c.json()).toMatchObject({ code: 'UNKNOWN_ACTION', id: 7, details: { env: 1, action: 9999 } });
    c.ws.send(stepFrame(created.batch, [illegal, legal1], hash, 8));
    const e = await c.json();
    expect(e).toMatchObject({ code: 'ILLEGAL_ACTION', id: 8, fatal: false, details: { env: 0, action: illegal } });
    expect(e.message).toMatch(new RegExp(`illegal action ${illegal} \\(`));
    // nothing was stepped: the same legal actions now give what a fresh reference gives
    const ref = new VectorEnv(merlinGame('full'), 2, { players: 4, opponents: opponentFactory(['random']) });
    ref.reset('1');
    const acts = [firstLegal(f0.masks, 0, A), legal1];
    ref.step(acts);
    c.ws.send(stepFrame(created.batch, acts, hash, 9));
    const f1 = decode(await c.frame(), L);
    expect(f1.observations).toEqual(ref.observations);
    c.ws.close();
  });

  it('answers pipelined requests one by one, in order', async () => {
    const c = new TestClient(server.url);
    await c.hello();
    const created = await c.request({ type: 'create', num_envs: 4, players: 2, learner_seat: 'all' });
    c.send({ type: 'reset', id: 1, batch: created.batch, seed: 's' });
    const f = decode(await c.frame(), created.layout);
    const acts = [0, 1, 2, 3].map((i) => firstLegal(f.masks, i, A));
    c.send({ type: 'ping', id: 10 });
    c.ws.send(stepFrame(created.batch, acts, created.spec.hash, 11));
    c.send({ type: 'ping', id: 12 });
    c.ws.send(stepFrame(created.batch, [-5, 0, 0, 0], created.spec.hash, 13));
    c.send({ type: 'ping', id: 14 });
    expect((await c.json()).id).toBe(10);
    expect(decode(await c.frame(), created.layout).seq).toBe(11);
    expect((await c.json()).id).toBe(12);
    expect(await c.json()).toMatchObject({ id: 13, code: 'UNKNOWN_ACTION' });
    expect((await c.json()).id).toBe(14);
    c.ws.close();
  });

  it('steps aec batches (every seat a row, -1 skips an env) until the game is over', async () => {
    const c = new TestClient(server.url);
    await c.hello();
    const P = 2;
    const created = await c.request({ type: 'create', mode: 'aec', num_envs: 2, players: P, variant: 'market' });
    expect(created.rows_per_env).toBe(P);
    expect(created.agents).toEqual(['player_0', 'player_1']);
    const L: Layout = created.layout;
    c.send({ type: 'reset', batch: created.batch, seed: 3 });
    let f = decode(await c.frame(), L);
    const obs1 = f.observations.slice(L.d * P, 2 * L.d * P);
    let seq = 0;
    let sums = [0, 0];
    for (let t = 0; t < 20000 && f.agent[0] >= 0; t++) {
      const seat = f.agent[0];
      for (let p = 0; p < P; p++) if (p !== seat) expect(f.masks.subarray(p * L.a, (p + 1) * L.a).every((x) => x === 0)).toBe(true);
      c.ws.send(stepFrame(created.batch, [firstLegal(f.masks, seat, L.a), -1], created.spec.hash, ++seq));
      f = decode(await c.frame(), L);
      sums = sums.map((s, p) => s + f.rewards[p]);
    }
    expect(f.agent[0]).toBe(-1);
    expect(f.terminated[0] + f.truncated[0]).toBe(1);
    expect(sums.sort()).toEqual([-1, 1]);
    expect(f.observations.slice(L.d * P, 2 * L.d * P)).toEqual(obs1); // env 1 was never stepped
    c.ws.send(stepFrame(created.batch, [0, -1], created.spec.hash, ++seq));
    expect(await c.json()).toMatchObject({ code: 'GAME_OVER' });
    const state = await c.request({ type: 'state', batch: created.batch, env: 0 });
    expect(state.current_player).toBe(-1);
    expect((await c.request({ type: 'render', batch: created.batch, env: 1 })).text.length).toBeGreaterThan(10);
    c.ws.close();
  });
});

describe('limits and robustness', () => {
  it('closes a connection that sends an oversized frame (1009) and keeps serving the others', async () => {
    const other = new TestClient(server.url);
    await other.hello();
    const c = new TestClient(server.url);
    await c.hello();
    c.ws.send(Buffer.alloc(64 * 1024 + 1));
    const closed = await c.closed;
    expect(closed.code).toBe(1009);
    expect(await other.request({ type: 'ping', id: 1 })).toEqual({ type: 'pong', id: 1 });
    other.ws.close();
  });

  it('frees everything a client held when its process is killed mid-episode', async () => {
    await new Promise((r) => setTimeout(r, 100));
    const before = { c: server.connections(), b: server.batches() };
    const script = `
      const { WebSocket } = require(${JSON.stringify(join(root, 'node_modules', 'ws'))});
      const ws = new WebSocket(${JSON.stringify(server.url)});
      ws.on('open', () => { ws.send(JSON.stringify({ type: 'hello', protocol: '1.0.0' })); ws.send(JSON.stringify({ type: 'create', num_envs: 8 })); });
      let n = 0;
      ws.on('message', (d) => { n++; if (n === 2) ws.send(JSON.stringify({ type: 'reset', batch: JSON.parse(d).batch, seed: 1 })); if (n === 3) process.stdout.write('ready\\n'); });
      setTimeout(() => process.exit(3), 20000);`;
    const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve) => child.stdout.on('data', (d) => String(d).includes('ready') && resolve()));
    expect(server.batches()).toBe(before.b + 1);
    expect(server.connections()).toBe(before.c + 1);
    child.kill('SIGKILL');
    for (let i = 0; i < 100 && server.connections() > before.c; i++) await new Promise((r) => setTimeout(r, 20));
    expect(server.connections()).toBe(before.c);
    expect(server.batches()).toBe(before.b);
  });

  it('serves 100 concurrent clients, each stepping its own batch', async () => {
    const clients = [...Array(100)].map(() => new TestClient(server.url));
    const results = await Promise.all(
      clients.map(async (c, k) => {
        await c.hello();
        const created = await c.request({ type: 'create', num_envs: 1, players: 2 + (k % 3), learner_seat: 'all' });
        c.send({ type: 'reset', batch: created.batch, seed: k });
        let f = decode(await c.frame(), created.layout);
        for (let t = 1; t <= 20; t++) {
          c.ws.send(stepFrame(created.batch, [firstLegal(f.masks, 0, A)], created.spec.hash, t));
          f = decode(await c.frame(), created.layout);
          if (f.seq !== t) return false;
        }
        return true;
      }),
    );
    expect(results.every(Boolean)).toBe(true);
    expect(server.connections()).toBeGreaterThanOrEqual(100);
    for (const c of clients) c.ws.close();
    await Promise.all(clients.map((c) => c.closed));
    for (let i = 0; i < 50 && server.connections() > 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(server.batches()).toBe(0);
  });

  it('checks the token at upgrade and refuses other hosts without one', async () => {
    await expect(startServer({ host: '0.0.0.0', port: 0 })).rejects.toThrow(/without --token/);
    const s = await startServer({ host: '127.0.0.1', port: 0, token: 'sesame' });
    try {
      const bad = new TestClient(s.url);
      await expect(bad.open()).rejects.toThrow(/401/);
      const wrong = new TestClient(s.url, { authorization: 'Bearer nope' });
      await expect(wrong.open()).rejects.toThrow(/401/);
      const good = new TestClient(s.url, { authorization: 'Bearer sesame' });
      expect((await good.hello()).type).toBe('welcome');
      const query = new TestClient(`${s.url}/?token=sesame`);
      expect((await query.hello()).type).toBe('welcome');
      good.ws.close();
      query.ws.close();
    } finally {
      await s.close();
    }
  });

  it('closes idle connections (4002) and frees them', async () => {
    const s = await startServer({ host: '127.0.0.1', port: 0, idleTimeoutS: 0.3 });
    try {
      const c = new TestClient(s.url);
      await c.hello();
      await c.request({ type: 'create', num_envs: 2 });
      expect(s.batches()).toBe(1);
      const closed = await c.closed;
      expect(closed.code).toBe(4002);
      expect(s.batches()).toBe(0);
    } finally {
      await s.close();
    }
  });
});
