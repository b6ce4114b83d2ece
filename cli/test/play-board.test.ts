/**
 * The games' boards for the play page (the registry's `board`, games/NAME/env/play-view.ts), without a browser:
 * over random games of every registered game, at every decision, every slot or target choice the engine has
 * legal (play-drive.ts `TARGET_KINDS`) has a board target, and the board drawn for the deciding seat holds an
 * element with that target; every seat appears on it by its one name; the phase line names its rules, and each
 * rules link's file and section exist in docs/. Merlin's fields are drawn so that every pair of squares the
 * engine calls adjacent (engine/board.ts `geometry`) touches on the page, and each square's outline-on-hover
 * neighbours are the engine's. The page itself is driven in Chromium by play-browser.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { TERMINAL, type Game } from '../../env/core/game.ts';
import { resolveChance } from '../../env/core/chance.ts';
import { GAMES, type GameEntry, type PlayBoard, type RulesLink } from '../../games/registry.ts';
import { headingAnchor, seatNames } from '../play.ts';
import { rulesPage } from '../play-docs.ts';
import { TARGET_KINDS } from './play-drive.ts';
import { geometry } from '../../games/merlin/engine/board.ts';
import type { MerlinGame } from '../../games/merlin/env/game.ts';
import type { MerlinState } from '../../games/merlin/engine/state.ts';

/** The games and settings played: each registered game at its smallest and a larger table, and Merlin's combat variant. */
const SETTINGS: { game: string; variant?: string; players: number; kinds: string[]; seeds?: number }[] = [
  { game: 'merlin', players: 2, kinds: ['SelectSlot', 'PlayCard', 'BuyCard', 'PostBid', 'SellToBid', 'DrawTeaLeaves'] },
  { game: 'merlin', players: 4, kinds: ['SelectSlot', 'PlayCard', 'SelectPlayer'] },
  { game: 'merlin', variant: 'skirmish', players: 2, kinds: ['SelectSlot', 'SelectSquare', 'CommandUnit', 'Animate', 'Motivate'] },
  { game: 'economicon', players: 2, kinds: ['MarketSell', 'MarketBuy', 'Offer', 'BuyOffer', 'Drill', 'DrawMandate'] },
  { game: 'economicon', players: 4, kinds: ['BuyOffer'] },
  {
    game: 'dml',
    players: 4,
    kinds: ['Declare', 'Commit', 'Visit', 'PlayPower', 'PlayEmblem', 'Callback', 'PickCard', 'PickOption'],
    seeds: 6,
  },
  { game: 'poker', players: 3, kinds: ['fold', 'call', 'raise'], seeds: 6 },
  { game: 'poker', variant: 'kuhn', players: 2, kinds: ['fold', 'call', 'raise'], seeds: 6 },
];

/** Every rules link seen, to check once. */
const links = new Map<string, RulesLink>();

/**
 * Play one random game of `entry` (random agents, at most `maxSteps` steps), checking the board at every
 * decision. Adds the kinds of the target choices seen to `kinds`.
 */
function playRandom(
  entry: GameEntry,
  g: Game<unknown>,
  board: PlayBoard<unknown>,
  players: number,
  seed: string,
  maxSteps: number,
  kinds: Set<string>,
): void {
  const agents = Array.from({ length: players }, (_, p) => entry.agent('random', `${seed}/${p}`, g));
  const names = seatNames(['you', ...Array<string>(players - 1).fill('random')], 0);
  const s = g.newState(players, seed);
  resolveChance(g, s); // a game with explicit chance (poker's deals): no seat decides at a chance node
  const legal = new Int32Array(g.numActions);
  const isTarget = TARGET_KINDS[entry.name];
  const reporting = entry.reporting(g);
  for (let step = 0; step < maxSteps; step++) {
    const seat = g.currentPlayer(s);
    const phase = board.phase(g, s);
    expect(phase.title.length).toBeGreaterThan(0);
    for (const r of phase.rules) links.set(`${r.file}#${r.heading ?? ''}`, r);
    if (seat === TERMINAL) break;
    const markup = board.draw(g, s, seat, names);
    for (const n of names) expect(markup).toContain(n.replace(/&/g, '&amp;'));
    const n = g.legalActions(s, legal);
    for (let i = 0; i < n; i++) {
      const a = legal[i];
      const key = board.target(g, s, a);
      const kind = reporting.kindNames[reporting.kindOf(a)];
      if (isTarget(kind, s)) {
        kinds.add(kind);
        expect(key, `${entry.name}: ${g.describeAction(s, a)} has no board target`).not.toBeNull();
      }
      if (key !== null)
        expect(markup, `${entry.name}: no board element ${key} for ${g.describeAction(s, a)}`).toContain(`data-target="${key}"`);
    }
    g.applyAction(s, agents[seat].act(null, null, { state: s, legal, numLegal: n, seat }));
    resolveChance(g, s);
  }
}

describe('the play boards', () => {
  it('every registered game has a board', () => {
    for (const entry of Object.values(GAMES)) expect(entry.board, entry.name).toBeDefined();
    expect(Object.keys(TARGET_KINDS).sort()).toEqual(Object.keys(GAMES).sort());
  });

  for (const { game, variant, players, kinds: expected, seeds = 2 } of SETTINGS)
    it(`${game} (${variant ?? 'default'}, ${players} players): every slot or target choice is on the board drawn for the deciding seat`, () => {
      const entry = GAMES[game];
      const g = entry.game(variant ?? entry.defaultVariant);
      const kinds = new Set<string>();
      for (let i = 1; i <= seeds; i++) playRandom(entry, g, entry.board!, players, `b${i}`, 1500, kinds);
      for (const k of expected) expect(kinds, `${k} came up`).toContain(k);
    }, 120_000);

  it("every rules link's file and section exist in docs/", () => {
    for (const entry of Object.values(GAMES)) for (const r of entry.board!.rules) links.set(`${r.file}#${r.heading ?? ''}`, r);
    expect(links.size).toBeGreaterThan(10);
    const pages = new Map<string, string | null>();
    for (const r of links.values()) {
      if (!pages.has(r.file)) pages.set(r.file, rulesPage(r.file));
      const page = pages.get(r.file);
      expect(page, `docs/${r.file}`).not.toBeNull();
      if (r.heading) expect(page, `docs/${r.file} section "${r.heading}"`).toContain(`id="${headingAnchor(r.heading)}"`);
    }
  });

  it("Merlin's fields: squares the engine calls adjacent touch on the page, and hovering a square outlines the engine's neighbours", () => {
    for (const [variant, players] of [
      ['full', 4],
      ['full', 6],
      ['skirmish', 2],
    ] as const) {
      const g = GAMES.merlin.game(variant) as MerlinGame;
      const s = g.newState(players, 'geo') as MerlinState;
      const markup = GAMES.merlin.board!.draw(g, s, 0, seatNames(['you', ...Array<string>(players - 1).fill('random')], 0));
      const at = new Map<number, { x: number; y: number; near: number[] }>();
      for (const m of markup.matchAll(/data-target="sq:(\d+)" data-near="([^"]*)" transform="translate\(([\d.]+),([\d.]+)\)"/g))
        at.set(Number(m[1]), { x: Number(m[3]), y: Number(m[4]), near: m[2].split(' ').map((k) => Number(k.slice(3))) });
      const geo = geometry(g.ruleset, players);
      expect(at.size).toBe(geo.squares);
      // The drawn columns in order, left to right: the ring wraps from the last to the first.
      const xs = [...new Set([...at.values()].map((p) => p.x))].sort((a, b) => a - b);
      const ys = [...new Set([...at.values()].map((p) => p.y))].sort((a, b) => a - b);
      for (let k = 0; k < geo.squares; k++) {
        const engine = [...geo.adj.subarray(k * 8, k * 8 + 8)].filter((q) => q >= 0).sort((a, b) => a - b);
        const p = at.get(k)!;
        expect([...p.near].sort((a, b) => a - b)).toEqual(engine);
        for (const q of engine) {
          const o = at.get(q)!;
          const dc = Math.abs(xs.indexOf(p.x) - xs.indexOf(o.x));
          expect(Math.min(dc, xs.length - dc), `squares ${k} and ${q} (${variant}, ${players} players)`).toBeLessThanOrEqual(1);
          expect(Math.abs(ys.indexOf(p.y) - ys.indexOf(o.y))).toBeLessThanOrEqual(1);
        }
      }
    }
  });
});
