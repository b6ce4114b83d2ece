/**
 * `merlin play`'s table and HTTP API (cli/play.ts, cli/play-server.ts): bad input (an illegal or unknown action,
 * a stale step, a malformed body, a move after the end) is refused with a typed error and changes nothing; a
 * legal move advances the game through the agents' moves; the agents' hidden moves are shown as the seat may
 * see them. The page itself is driven in Chromium by play-browser.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servePlay, type PlayServer } from '../play-server.ts';
import { PlayTable, type PlayView } from '../play.ts';
import { Phase, type MerlinState } from '../../games/merlin/engine/index.ts';

async function post(
  url: string,
  body: unknown,
): Promise<{ status: number; json: { error?: { code: string; name: string; message: string } } & PlayView }> {
  const r = await fetch(new URL('api/move', url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: r.status, json: await r.json() };
}

const getView = async (url: string): Promise<PlayView> => (await fetch(new URL('api/view', url))).json() as Promise<PlayView>;

describe('merlin play HTTP API', () => {
  let s: PlayServer;
  beforeAll(async () => {
    s = await servePlay({ game: 'economicon', agents: ['random'], seed: 'api' });
  });
  afterAll(async () => s?.close());

  it('serves the page and the seat view', async () => {
    const page = await fetch(s.url);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toContain('<script>');
    const v = await getView(s.url);
    expect(v.game).toBe('economicon');
    expect(v.players).toEqual(['you', 'random']);
    expect(v.toAct).toBe(0);
    expect(v.legal.length).toBeGreaterThan(0);
    expect(v.private).toMatch(/your mandates/);
  });

  it('refuses an illegal, an unknown and a malformed move, and a stale step, each with a typed error and nothing changed', async () => {
    const before = await getView(s.url);
    const state = s.table.game.serialize(s.table.state);
    const legal = new Set(before.legal.flatMap((g) => g.actions.map((a) => a.id)));
    const illegal = [...Array(s.table.game.numActions).keys()].find((a) => !legal.has(a))!;
    const cases: [unknown, number, string, RegExp][] = [
      [{ action: illegal, step: before.step }, 400, 'ILLEGAL_ACTION', new RegExp(`illegal action ${illegal}`)],
      [{ action: 1e6, step: before.step }, 400, 'UNKNOWN_ACTION', /not in the catalogue/],
      [{ action: -1, step: before.step }, 400, 'UNKNOWN_ACTION', /not in the catalogue/],
      [{ action: [...legal][0], step: before.step + 1 }, 409, 'INVALID_ARGUMENT', /stale request/],
      [{ action: 'first', step: before.step }, 400, 'INVALID_ARGUMENT', /a move is/],
      [{ action: [...legal][0], step: before.step, extra: 1 }, 400, 'INVALID_ARGUMENT', /a move is/],
    ];
    for (const [body, status, code, message] of cases) {
      const r = await post(s.url, body);
      expect(r.status, JSON.stringify(body)).toBe(status);
      expect(r.json.error?.code).toBe(code);
      expect(r.json.error?.message).toMatch(message);
    }
    expect((await post(s.url, { action: [...legal][0], step: before.step + 1 })).json.error?.name).toBe('StaleRequestError');
    const bad = await fetch(new URL('api/move', s.url), { method: 'POST', body: 'not json' });
    expect(bad.status).toBe(400);
    expect(s.table.game.serialize(s.table.state)).toBe(state);
    expect(await getView(s.url)).toEqual(before);
  });

  it('plays a legal move, then the agent, and answers with the next view', async () => {
    const before = await getView(s.url);
    const action = before.legal[0].actions[0];
    const r = await post(s.url, { action: action.id, step: before.step });
    expect(r.status).toBe(200);
    expect(r.json.step).toBeGreaterThan(before.step);
    expect(r.json.log[before.log.length]).toMatchObject({ step: before.step, seat: 0, text: action.description });
    // The same request again is stale now.
    expect((await post(s.url, { action: action.id, step: before.step })).status).toBe(409);
    // An Economicon turn is two actions: the agent moves inside the request that ends the person's turn.
    let v = r.json;
    while (!v.log.some((e) => e.seat === 1)) v = (await post(s.url, { action: v.legal[0].actions[0].id, step: v.step })).json;
    expect(v.toAct).toBe(0);
  });

  it('refuses any move once the game is over', async () => {
    let v = await getView(s.url);
    for (let i = 0; !v.result; i++) v = (await post(s.url, { action: v.legal[0].actions[0].id, step: v.step })).json;
    expect(v.result!.scores).toHaveLength(2);
    expect(v.log.at(-1)!.text).toMatch(/^game over/);
    const r = await post(s.url, { action: 0, step: v.step });
    expect(r.status).toBe(409);
    expect(r.json.error?.code).toBe('GAME_OVER');
  });
});

describe('PlayTable', () => {
  it('refuses a seat outside the table, a player count the game refuses and an unknown spec', () => {
    expect(() => new PlayTable({ game: 'merlin', agents: ['random'], seat: 2 })).toThrow(/--seat 2: seats are 0..1/);
    expect(() => new PlayTable({ game: 'economicon', agents: Array(4).fill('random') })).toThrow(/5 players .* takes 2-4/);
    expect(() => new PlayTable({ game: 'merlin', agents: ['nobody'] })).toThrow(/unknown agent/);
  });

  it("defaults to the game's shipped checkpoint, three seats, and shows its top choices", () => {
    const t = new PlayTable({ game: 'economicon', seed: 'd', seat: 3 });
    expect(t.players).toEqual(['ppo:checkpoints/economicon', 'ppo:checkpoints/economicon', 'ppo:checkpoints/economicon', 'you']);
    let v = t.view();
    while (!v.log.some((e) => e.seat === 0)) v = t.move(v.legal[0].actions[0].id, v.step);
    const first = v.log.find((e) => e.seat === 0)!;
    expect(first.why!.length).toBeGreaterThan(0);
    expect(first.why!.reduce((a, c) => a + c.probability, 0)).toBeLessThanOrEqual(1 + 1e-9);
    expect(new PlayTable({ game: 'merlin', variant: 'market', agents: ['random'] }).players).toEqual(['you', 'random']);
  });

  it("never names another seat's hidden bid: an agent's bid in the open auction round shows as its kind", () => {
    // Seat 2 is the person; seats 0 and 1 bid before it in the first turn-order auction.
    const t = new PlayTable({ game: 'merlin', agents: ['random', 'random'], seat: 2, seed: 'bids' });
    const s = t.state as MerlinState;
    expect(s.phase).toBe(Phase.AuctionBid);
    const v = t.view();
    const bids = v.log.filter((e) => e.seat >= 0);
    expect(bids.map((e) => e.seat)).toEqual([0, 1]);
    for (const e of bids) expect(e.text).toBe('Bid (hidden)');
    expect(s.bids[0]).toBeGreaterThanOrEqual(0);
    // Nor through the table: gold and net worth fold the open bids back in (as the observation does).
    // (The table's last line lists the person's own legal moves, its bids among them.)
    expect(JSON.stringify(v.log) + v.table.replace(/\nlegal \(.*$/s, '') + v.private).not.toMatch(/bid \d+ gold/);
    for (const p of [0, 1]) expect(v.table).toContain(`player_${p}: gold ${s.gold[p] + s.bids[p]},`);
    expect(v.table).not.toMatch(/net worth (?!10\b)/);
    // The person's own bid buttons name their amounts.
    expect(v.legal.find((g) => g.kind === 'Bid')!.actions[0].description).toMatch(/^bid \d+ gold$/);
  });

  it("names an agent's hand card only by its index, and the same seed and moves give the same game", () => {
    const play = () => {
      const t = new PlayTable({ game: 'merlin', agents: ['heuristic'], seed: 'hands' });
      let v = t.view();
      for (let i = 0; !v.result && i < 400; i++) {
        const all = v.legal.flatMap((g) => g.actions);
        v = t.move(all[(i * 7919 + 17) % all.length].id, v.step);
      }
      return v;
    };
    const v = play();
    const agent = v.log.filter((e) => e.seat === 1);
    expect(agent.some((e) => /^play hand card \d+$/.test(e.text))).toBe(true);
    expect(agent.filter((e) => /\(hand \d+\)|(spell|potion) "/.test(e.text))).toEqual([]);
    expect(play()).toEqual(v);
  });
});
