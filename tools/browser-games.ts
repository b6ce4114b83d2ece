/**
 * Whole games in headless Chromium from the browser bundle (tools/build-browser.ts), for its test
 * (browser/test/bundle.test.ts) and its benchmark (`npx tsx tools/browser-games.ts`: docs/BENCHMARKS.md "Browser
 * bundle"). The page is served from memory (page.route: no network, no server) at a localhost origin, a secure context, so that it can be cross-origin isolated, imports the bundle and
 * plays: seat p is `agents[p]`'s opponent (`createOpponent(spec, { game, variant, seed: p })`), every move timed.
 *
 *   npx tsx tools/browser-games.ts [--games 3]      (one JSON line per line-up: moves and median ms per agent)
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { findChromium } from '../designer/browser.ts';
import { buildBrowser, BUNDLE } from './build-browser.ts';
import { GAMES } from '../games/registry.ts';

const ORIGIN = 'http://localhost:49735';
/** Cross-origin isolation: Chromium's performance.now() then ticks in 5 µs instead of 100 µs (what a move takes). */
const ISOLATED = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };
/** The page: it imports the bundle as a module and keeps its exports on `window.merlinGym`. */
const PAGE = `<!doctype html><title>merlin-gym</title>
<script type="module">import * as m from '/merlin-gym.browser.js'; window.merlinGym = m;</script>`;

/** One game to play: the game, its variant, the seats' agent specs and the seed. */
export interface LineUp {
  game: string;
  variant?: string;
  agents: string[];
  seed: string;
}

/** A game played in the page: the final serialised state, its moves, and each seat's move times (ms). */
export interface PlayedGame {
  final: string;
  moves: number;
  terminal: boolean;
  times: number[][];
}

/**
 * The games the test and the benchmark play: each registered game (default variant), its shipped checkpoint
 * (its `hard` preset) against its heuristic, random play and MCTS, as many seats as it takes up to four.
 */
export const LINE_UPS: LineUp[] = Object.values(GAMES).map((e) => {
  const g = e.game();
  const seats = Math.max(g.minPlayers, Math.min(4, g.maxPlayers));
  const agents = [e.agents.presets?.hard ?? 'mcts:8', e.agents.heuristic ? 'heuristic' : 'random', 'random', 'mcts:4'];
  return { game: e.name, variant: e.defaultVariant, agents: agents.slice(0, seats), seed: 'browser-1' };
});

/** The benchmark's line-ups: the test's, then each shipped checkpoint playing every seat (as tools/bench-move.ts in Node). */
const BENCH_LINE_UPS: LineUp[] = [
  ...LINE_UPS,
  { game: 'merlin', variant: 'full', agents: Array(4).fill('ppo:checkpoints/default'), seed: '' },
  { game: 'merlin', variant: 'skirmish', agents: Array(4).fill('ppo:checkpoints/skirmish'), seed: '' },
  { game: 'economicon', variant: 'standard', agents: Array(4).fill('ppo:checkpoints/economicon'), seed: '' },
];

/** Headless Chromium with a page at ORIGIN that can import `bundle`. @throws Error when no chromium is installed */
export async function openBundlePage(bundle = BUNDLE): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('no chromium found (apt-get install chromium, or set CHROMIUM_PATH)');
  const browser: Browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  const code = readFileSync(bundle);
  await page.route(`${ORIGIN}/**`, (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === '/merlin-gym.browser.js') return route.fulfill({ body: code, contentType: 'text/javascript', headers: ISOLATED });
    if (path === '/') return route.fulfill({ body: PAGE, contentType: 'text/html', headers: ISOLATED });
    return route.fulfill({ status: 404, body: 'not found' });
  });
  await page.goto(`${ORIGIN}/`);
  await page.waitForFunction(() => 'merlinGym' in window, undefined, { timeout: 60_000 });
  return { page, errors, close: () => browser.close() };
}

/** Play `lineUp` to its end in the page, with the bundle's move API. */
export async function playInPage(page: Page, lineUp: LineUp): Promise<PlayedGame> {
  return page.evaluate((l) => {
    const m = (window as unknown as { merlinGym: typeof import('../browser/index.ts') }).merlinGym;
    const seats = l.agents.map((spec: string, p: number) => m.createOpponent(spec, { game: l.game, variant: l.variant, seed: p }));
    const game = seats[0].game;
    const state = game.newState(l.agents.length, l.seed);
    const times: number[][] = l.agents.map(() => []);
    let moves = 0;
    m.resolveChance(game, state);
    while (!game.isTerminal(state)) {
      const p = game.currentPlayer(state);
      const t = performance.now();
      const move = seats[p].act(state);
      times[p].push(performance.now() - t);
      game.applyAction(state, move.action);
      m.resolveChance(game, state);
      moves++;
    }
    return { final: game.serialize(state), moves, terminal: game.isTerminal(state), times };
  }, lineUp);
}

/** The median of `xs` (0 for none). */
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[s.length >> 1] : 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const i = process.argv.indexOf('--games');
  const games = i > 0 ? Number(process.argv[i + 1]) : 3;
  const isolated = async (page: Page) => page.evaluate(() => crossOriginIsolated);
  const { file, bytes, codeBytes } = await buildBrowser();
  const opened = await openBundlePage(file);
  try {
    if (!(await isolated(opened.page))) console.error('warning: the page is not cross-origin isolated: times tick in 100 µs');
    await playInPage(opened.page, { ...LINE_UPS[0], seed: 'warm-up' });
    for (const l of BENCH_LINE_UPS) {
      const times: number[][] = l.agents.map(() => []);
      let moves = 0;
      for (let g = 0; g < games; g++) {
        const r = await playInPage(opened.page, { ...l, seed: `bench-${g}` });
        r.times.forEach((t, p) => times[p].push(...t));
        moves += r.moves;
      }
      const bySpec = new Map<string, number[]>();
      l.agents.forEach((a, p) => bySpec.set(a, [...(bySpec.get(a) ?? []), ...times[p]]));
      const perAgent = Object.fromEntries([...bySpec].map(([a, t]) => [a, { moves: t.length, median_ms: +median(t).toFixed(3) }]));
      console.log(
        JSON.stringify({ game: l.game, variant: l.variant, games, moves, bundle_bytes: bytes, code_bytes: codeBytes, agents: perAgent }),
      );
    }
  } finally {
    await opened.close();
  }
}
