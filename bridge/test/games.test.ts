/**
 * One bridge serves every registered game (protocol 1.3): the `game` field of hello / create / spec /
 * describe_action / act, its default, the welcome's list of games, UNKNOWN_GAME, and batches of different
 * games (or variants) stepped side by side on one connection exactly like their in-process VectorEnvs.
 * The Economicon cases run once games/registry.ts registers `economicon` and are skipped until then.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../server.ts';
import { computeLayout, FrameType, type Layout } from '../protocol.ts';
import { VectorEnv } from '../../env/core/vector.ts';
import { DEFAULT_GAME, GAMES, gameEntry } from '../../games/registry.ts';
import { createOpponent } from '../../games/opponent.ts';
import { resolveChance } from '../../env/core/chance.ts';
import { decode, firstLegal, stepFrame, TestClient } from './ws-client.ts';

const ECONOMICON = Object.hasOwn(GAMES, 'economicon');
const WHEN_ECONOMICON = ECONOMICON ? '' : ' (skipped: games/registry.ts does not register economicon yet)';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ host: '127.0.0.1', port: 0, maxEnvs: 64, idleTimeoutS: 60 });
});
afterAll(async () => {
  await server.close();
});

/** A batch on the server and the in-process VectorEnv it must match, frame for frame. */
interface Pair {
  batch: number;
  hash: string;
  layout: Layout;
  ref: VectorEnv<unknown>;
}

/** Create a single-mode batch of `game`/`variant` (random opponents) on `c` and its in-process twin. */
async function pair(c: TestClient, game: string, variant: string | undefined, n: number, players: number): Promise<Pair> {
  const created = await c.request({ type: 'create', game, variant, num_envs: n, players, opponents: ['random'] });
  expect(created.type).toBe('created');
  const entry = gameEntry(game);
  const g = entry.game(variant ?? entry.defaultVariant);
  expect(created.spec).toMatchObject({ game, variant: variant ?? entry.defaultVariant, num_actions: g.numActions });
  expect(created.layout).toEqual(computeLayout(n, 1, g.observationSpec.size, g.numActions, 'dense'));
  const ref = new VectorEnv(g, n, { players, opponents: (_seat, seed) => entry.agent('random', seed, g) });
  return { batch: created.batch, hash: created.spec.hash, layout: created.layout, ref };
}

const same = (a: ArrayBufferView, b: ArrayBufferView) =>
  Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));

/** Reset every pair with `seed`, then step them in turns for `steps` steps, checking each frame against its twin. */
async function stepSideBySide(c: TestClient, pairs: Pair[], seed: string, steps: number): Promise<void> {
  const frames = [];
  for (const p of pairs) {
    c.send({ type: 'reset', id: p.batch, batch: p.batch, seed });
    p.ref.reset(seed);
    frames.push(decode(await c.frame(), p.layout));
  }
  for (let t = 1; t <= steps; t++)
    for (const [k, p] of pairs.entries()) {
      const f = frames[k];
      expect(same(f.observations, p.ref.observations)).toBe(true);
      expect(same(f.masks, p.ref.actionMasks)).toBe(true);
      expect(same(f.rewards, p.ref.rewards)).toBe(true);
      const actions = [...Array(p.layout.n).keys()].map((i) => firstLegal(f.masks, i, p.layout.a));
      p.ref.step(actions);
      c.ws.send(stepFrame(p.batch, actions, p.hash, t));
      frames[k] = decode(await c.frame(), p.layout);
      expect(frames[k]).toMatchObject({ type: FrameType.STEP_RESULT, seq: t });
    }
}

describe('games on one server', () => {
  it('lists every registered game in the welcome, and plays the default game when none is named', async () => {
    const c = new TestClient(server.url);
    const w = await c.hello();
    expect(w.capabilities.games.map((g: { name: string }) => g.name)).toEqual(Object.keys(GAMES));
    for (const g of w.capabilities.games) {
      const entry = gameEntry(g.name);
      expect(g).toEqual({
        name: entry.name,
        variants: [...entry.variants],
        default_variant: entry.defaultVariant,
        agents: [...entry.agentSpecs],
      });
    }
    const def = gameEntry(DEFAULT_GAME);
    expect(w.spec).toMatchObject({ game: DEFAULT_GAME, variant: def.defaultVariant });
    expect(w.capabilities.variants).toEqual(def.variants);
    expect(w.capabilities.agents).toEqual(def.agentSpecs);
    // naming the default game changes nothing
    const named = new TestClient(server.url);
    await named.open();
    const w2 = await named.request({ type: 'hello', protocol: w.protocol, game: DEFAULT_GAME });
    expect(w2.spec).toEqual(w.spec);
    c.ws.close();
    named.ws.close();
  });

  it("names the game in every spec, and defaults the variant to the game's own default", async () => {
    const c = new TestClient(server.url);
    await c.hello();
    for (const entry of Object.values(GAMES)) {
      const r = await c.request({ type: 'spec', id: 3, game: entry.name });
      expect(r).toMatchObject({ type: 'spec', id: 3, spec: { game: entry.name, variant: entry.defaultVariant } });
      for (const variant of entry.variants)
        expect((await c.request({ type: 'spec', game: entry.name, variant })).spec).toMatchObject({ game: entry.name, variant });
    }
    c.ws.close();
  });

  it('answers an unknown game with UNKNOWN_GAME naming the registered games, in every request that names one', async () => {
    const c = new TestClient(server.url);
    await c.open();
    const games = Object.keys(GAMES);
    const hello = await c.request({ type: 'hello', id: 1, protocol: '1.3.0', game: 'chess' });
    expect(hello).toMatchObject({ type: 'error', id: 1, code: 'UNKNOWN_GAME', fatal: false, details: { games } });
    expect(hello.message).toBe(`unknown game "chess"; the server plays: ${games.join(', ')}`);
    // the connection stays open and not ready until a hello succeeds
    expect(await c.request({ type: 'ping', id: 2 })).toMatchObject({ code: 'NOT_READY' });
    expect((await c.request({ type: 'hello', protocol: '1.3.0' })).type).toBe('welcome');
    const refused = [
      { type: 'create', id: 3, game: 'chess' },
      { type: 'spec', id: 4, game: 'chess' },
      { type: 'describe_action', id: 5, game: 'chess', action: 0 },
      { type: 'act', id: 6, game: 'chess', agent: 'random', history: { players: 2, seed: 1, actions: [] } },
    ];
    for (const m of refused)
      expect(await c.request(m)).toMatchObject({ type: 'error', id: m.id, code: 'UNKNOWN_GAME', details: { games } });
    expect(await c.request({ type: 'create', id: 7, game: '../x' })).toMatchObject({ code: 'BAD_MESSAGE', id: 7 });
    expect(await c.request({ type: 'spec', id: 8, game: DEFAULT_GAME, variant: 'nosuch' })).toMatchObject({
      code: 'INVALID_RULESET',
      id: 8,
    });
    c.ws.close();
  });

  it('steps batches of two variants side by side on one connection, each like its in-process VectorEnv', async () => {
    const c = new TestClient(server.url);
    await c.hello();
    const entry = gameEntry(DEFAULT_GAME);
    const [first, second] = entry.variants;
    const a = await pair(c, entry.name, first, 2, 3);
    const b = await pair(c, entry.name, second, 3, 2);
    expect(a.hash).not.toBe(b.hash);
    await stepSideBySide(c, [a, b], 'two', 40);
    c.ws.close();
  });

  it('serves every registered game at once: a batch of each on one connection, and the opponent service', async () => {
    const c = new TestClient(server.url);
    await c.hello();
    const pairs = [];
    for (const entry of Object.values(GAMES)) {
      const g = entry.game(entry.defaultVariant);
      pairs.push(await pair(c, entry.name, undefined, 2, g.minPlayers));
      const ask = (agent: string) =>
        c.request({ type: 'act', game: entry.name, agent, seed: 2, history: { players: g.minPlayers, seed: 's', actions: [] } });
      const act = await ask('random');
      const s = g.newState(g.minPlayers, 's');
      resolveChance(g, s); // as the server does for a history (explicit chance nodes are dealt from the state's RNG)
      expect(act).toMatchObject({ type: 'action', description: g.describeAction(s, act.action), seat: g.currentPlayer(s) });
      // A difficulty preset is a spec like any other (and reads only a shipped checkpoint, so a server takes it).
      if (entry.agents.presets) {
        const strongest = await ask('strongest');
        expect(strongest).toMatchObject({ type: 'action', agent: 'strongest', seat: g.currentPlayer(s) });
        expect(strongest.action).toBe(createOpponent(entry.agents.presets.strongest, { game: entry.name, seed: 2 }).act(s).action);
      }
      const d = await c.request({ type: 'describe_action', game: entry.name, action: 0 });
      expect(d.description).toBe(g.describeAction(null, 0));
    }
    await stepSideBySide(c, pairs, 'all', 30);
    c.ws.close();
  });

  it.skipIf(!ECONOMICON)(`plays economicon beside the default game on one connection${WHEN_ECONOMICON}`, async () => {
    const c = new TestClient(server.url);
    const w = await c.hello();
    expect(w.capabilities.games.map((g: { name: string }) => g.name)).toContain('economicon');
    const econ = gameEntry('economicon');
    const eg = econ.game(econ.defaultVariant);
    const e = await pair(c, 'economicon', undefined, 2, eg.minPlayers);
    const m = await pair(c, DEFAULT_GAME, undefined, 2, 2);
    expect(e.layout.d).toBe(eg.observationSpec.size);
    await stepSideBySide(c, [e, m], 'econ', 60);
    // a batch's describe_action and state use its own game, whatever the request says
    const d = await c.request({ type: 'describe_action', batch: e.batch, env: 0, action: 0 });
    expect(typeof d.description).toBe('string');
    const st = await c.request({ type: 'state', batch: e.batch, env: 0 });
    expect(() => eg.deserialize(st.state)).not.toThrow();
    c.ws.close();
  });
});
