/**
 * `merlin play`'s table and HTTP API (cli/play.ts, cli/play-server.ts): bad input (an illegal or unknown action,
 * a stale step or game, a malformed body, a move after the end) is refused with a typed error and changes
 * nothing; a legal move advances the game through the agents' moves; the agents' hidden moves are shown as the
 * seat may see them, without a why line; every seat has one name everywhere and no text shows an action id; the
 * view says what the open decision is and links its rules, which the server serves; a new game starts from the
 * page and the game so far is saved as a replay log the replay viewer opens. The boards are checked by
 * play-board.test.ts, the page in Chromium by play-browser.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servePlay, type PlayServer } from '../play-server.ts';
import { defaultOpponent, nameSeats, PlayTable, seatNames, type PlayView } from '../play.ts';
import { gameEntry } from '../../games/registry.ts';
import { Phase, type MerlinState } from '../../games/merlin/engine/index.ts';
import { ReplayLog, replayLog } from '../../designer/replay.ts';
import { replayHtml } from '../../designer/replay-view.ts';

async function post(
  url: string,
  body: unknown,
  path = 'api/move',
): Promise<{ status: number; json: { error?: { code: string; name: string; message: string } } & PlayView }> {
  const r = await fetch(new URL(path, url), {
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
    expect(v.board).toMatch(/your mandates \(only you see them\)/);
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

describe('the default opponents', () => {
  it('are the shipped checkpoint trained for the variant, else the heuristic', () => {
    const merlin = gameEntry('merlin');
    expect(defaultOpponent(merlin, 'full')).toBe('ppo:checkpoints/default');
    expect(defaultOpponent(merlin, 'prosperity')).toBe('ppo:checkpoints/prosperity');
    expect(defaultOpponent(merlin, 'skirmish')).toBe('ppo:checkpoints/skirmish');
    expect(defaultOpponent(merlin, 'classic')).toBe('heuristic');
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
    // Nor through the board: gold and net worth fold the open bids back in (as the observation does).
    expect(JSON.stringify(v.log) + v.board + JSON.stringify(v.phase)).not.toMatch(/bid \d+ gold/);
    for (const p of [0, 1]) expect(v.board).toContain(`gold ${s.gold[p] + s.bids[p]} · worth`);
    // The person's own bid buttons name their amounts.
    expect(v.legal.find((g) => g.kind === 'Bid')!.actions[0].description).toMatch(/^bid \d+ gold$/);
    // A hidden move has no why line: its alternatives would all read "Bid (hidden)".
    const ppo = new PlayTable({
      game: 'merlin',
      agents: ['ppo:checkpoints/default', 'ppo:checkpoints/default'],
      seat: 2,
      seed: 'bids',
    }).view();
    const hidden = ppo.log.filter((e) => e.seat >= 0);
    expect(hidden.map((e) => e.text)).toEqual(['Bid (hidden)', 'Bid (hidden)']);
    for (const e of hidden) expect(e.why).toBeUndefined();
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

/** Every text of a view a person reads: the phase line, the board, the moves, the log, the render fallback. */
const texts = (v: PlayView): string[] => [
  v.phase ? `${v.phase.title} ${v.phase.text}` : '',
  (v.board ?? '').replace(/<[^>]*>/g, ' '),
  ...v.legal.flatMap((g) => [g.label, ...g.actions.map((a) => a.description)]),
  ...v.log.flatMap((e) => [e.text, ...(e.why ?? []).map((w) => w.description)]),
  v.table,
  v.private,
];

/** Play `t` to its end (or `max` moves) with a fixed pseudo-random choice, calling `each` on every view. */
function playOut(t: PlayTable, each: (v: PlayView) => void, max = 400): PlayView {
  let v = t.view();
  for (let i = 0; !v.result && i < max; i++) {
    each(v);
    const all = v.legal.flatMap((g) => g.actions);
    v = t.move(all[(i * 7919 + 17) % all.length].id, v.step);
  }
  each(v);
  return v;
}

describe('the table people sit at', () => {
  it('gives every seat one name, used in the board, the moves and the log; no seat N or player_N anywhere else', () => {
    expect(seatNames(['you', 'random', 'ppo:checkpoints/default', 'ppo:/x/y/mine/'], 0)).toEqual([
      'You',
      'random (seat 1)',
      'ppo:default (seat 2)',
      'ppo:mine (seat 3)',
    ]);
    expect(nameSeats('choose slot 3 of player 1; seat 2 wins; player_0; slot 4 of player 0', ['You', 'a (seat 1)', 'b (seat 2)'])).toBe(
      'choose slot 3 of a (seat 1); b (seat 2) wins; You; your slot 4',
    );
    for (const [game, agents] of [
      ['merlin', ['random']],
      ['economicon', ['random', 'random']],
      ['dml', ['random', 'random', 'random']],
    ] as const) {
      const t = new PlayTable({ game, agents: [...agents], seed: 'names' });
      expect(t.names[0]).toBe('You');
      const v = playOut(t, (v) => {
        expect(v.names).toEqual(t.names);
        for (const text of texts(v)) expect(text.replace(/\(seat \d\)/g, ''), game).not.toMatch(/\bplayer[ _]\d|\bseat \d|you are seat/);
      });
      // The log names the seats by their names.
      expect(v.log.some((e) => e.seat === 1)).toBe(true);
      expect(v.log.at(-1)!.text).toMatch(/^game over .*: (You win|.* \(seat \d\) wins|nobody wins)$/);
    }
  }, 120_000);

  it('shows no action id: the moves, the board and the log are words (the render text with its legal-move ids is gone)', () => {
    const t = new PlayTable({ game: 'merlin', agents: ['random'], seed: 'ids' });
    playOut(
      t,
      (v) => {
        expect(v.table).toBe('');
        for (const text of texts(v)) expect(text).not.toMatch(/legal \(\d+\)|\baction \d+\b/);
        // A move's own id appears in no text of the view.
        for (const a of v.legal.flatMap((g) => g.actions)) expect(a.description).not.toMatch(new RegExp(`^${a.id} `));
      },
      60,
    );
  });

  it('says what each decision is and links the rules that explain it; the server serves them with their sections', async () => {
    const s = await servePlay({ game: 'merlin', agents: ['random'], seed: 'phase' });
    try {
      const v = await getView(s.url);
      expect(v.phase!.title).toBe('Turn-order auction');
      expect(v.phase!.text).toMatch(/bids gold in secret.*highest bid takes the first turn/);
      expect(v.phase!.rules[0]).toEqual({
        label: 'Setup and the turn-order auction',
        href: 'rules/RULES.md#22-setup-and-the-turn-order-auction',
      });
      expect(v.rules.map((r) => r.href)).toEqual(['rules/RULES.md', 'rules/rulebooks/merlin-economics-v0.1.27b.md']);
      const page = await fetch(new URL(v.phase!.rules[0].href, s.url));
      expect(page.status).toBe(200);
      expect(page.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
      expect(await page.text()).toContain('id="22-setup-and-the-turn-order-auction"');
      for (const bad of [
        'rules/../package.json',
        'rules/%2e%2e/package.json',
        'rules/nothing.md',
        'rules/img/play-merlin.png',
        'rules/%E0%A4%A',
      ])
        expect((await fetch(new URL(bad, s.url))).status, bad).toBe(404);
      // The Economicon rulebook is HTML whose scripts and stylesheets come from a CDN: the page may load none of them.
      const e = new PlayTable({ game: 'economicon', agents: ['random'] }).view();
      expect(e.phase!.title).toBe('First action: grow');
      expect(e.rules[0].href).toBe('rules/rulebooks/economicon-v0.4.html');
    } finally {
      await s.close();
    }
  });

  it('starts a new game from the page, refusing a move made in the old one', async () => {
    const s = await servePlay({ game: 'economicon', agents: ['random'], seed: 'new' });
    try {
      const old = await getView(s.url);
      const move = old.legal[0].actions[0].id;
      expect((await post(s.url, { action: move, step: old.step, seed: old.seed })).status).toBe(200);
      const fresh = (await post(s.url, {}, 'api/new')).json;
      expect(fresh.seed).toBe('new-2');
      expect(fresh.log.filter((e) => e.seat === 0)).toEqual([]);
      const r = await post(s.url, { action: move, step: fresh.step, seed: 'new' });
      expect(r.status).toBe(409);
      expect(r.json.error!.message).toMatch(/game of seed new, the table now plays seed new-2/);
      expect((await post(s.url, { seed: 'chosen' }, 'api/new')).json.seed).toBe('chosen');
      expect((await post(s.url, { seed: 3 }, 'api/new')).status).toBe(400);
    } finally {
      await s.close();
    }
  });

  it("saves the game so far as a replay log, mid-game and at the end, that replays to the table's state and opens in the replay viewer", async () => {
    for (const game of ['merlin', 'economicon', 'dml']) {
      const s = await servePlay({ game, agents: game === 'dml' ? ['random', 'random', 'random'] : ['random'], seed: 'log' });
      try {
        let v = await getView(s.url);
        for (let i = 0; i < 2; i++) {
          const r = await fetch(new URL('api/log', s.url));
          expect(r.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="${game}-log-step${v.step}\\.json"$`));
          const log = ReplayLog.parse(await r.json());
          expect(log.agents).toEqual(s.table.players);
          expect(log.actions.length).toBe(v.step);
          const { final } = replayLog(log);
          expect(s.table.game.serialize(final)).toBe(s.table.game.serialize(s.table.state));
          expect(await replayHtml(log)).toMatch(/^<!doctype html>/i);
          v = playOut(s.table, () => {});
        }
        expect(v.result).not.toBeNull();
      } finally {
        await s.close();
      }
    }
  }, 120_000);
});
