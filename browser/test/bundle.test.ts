/**
 * The browser bundle (tools/build-browser.ts) in headless Chromium (Debian's, through playwright-core): built from
 * the sources, imported by a page with no server, it plays a whole game of each registered game, the shipped
 * checkpoint against the heuristic, random and MCTS, to the same final state as the same line-up in Node, with no
 * page error. Without chromium the test is skipped with a visible reason, except under CI, where a missing browser
 * fails (as designer/test/browser.test.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromium } from '../../designer/browser.ts';
import { createOpponent } from '../../games/opponent.ts';
import { resolveChance } from '../../env/core/chance.ts';
import { GAMES } from '../../games/registry.ts';
import { buildBrowser } from '../../tools/build-browser.ts';
import { LINE_UPS, openBundlePage, playInPage, type LineUp } from '../../tools/browser-games.ts';

const chromium = findChromium();
if (!chromium && !process.env.CI)
  console.warn('browser/test/bundle.test.ts: SKIPPED, no chromium installed (apt-get install chromium; .ci/run installs it)');
const dir = mkdtempSync(join(tmpdir(), 'merlin-bundle-'));

/** The line-up played in Node through the move API: the final serialised state and the number of moves. */
function playInNode(l: LineUp): { final: string; moves: number } {
  const seats = l.agents.map((spec, p) => createOpponent(spec, { game: l.game, variant: l.variant, seed: p }));
  const game = seats[0].game;
  const state = game.newState(l.agents.length, l.seed);
  let moves = 0;
  resolveChance(game, state);
  while (!game.isTerminal(state)) {
    game.applyAction(state, seats[game.currentPlayer(state)].act(state).action);
    resolveChance(game, state);
    moves++;
  }
  return { final: game.serialize(state), moves };
}

describe.skipIf(!chromium && !process.env.CI)('the browser bundle in headless chromium', () => {
  let opened: Awaited<ReturnType<typeof openBundlePage>>;
  beforeAll(async () => {
    const { file, bytes } = await buildBrowser(join(dir, 'merlin-gym.browser.js'));
    expect(bytes).toBeGreaterThan(1e6);
    opened = await openBundlePage(file);
  }, 120_000);
  afterAll(async () => {
    await opened?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('covers every registered game', () => {
    expect(LINE_UPS.map((l) => l.game).sort()).toEqual(Object.keys(GAMES).sort());
  });

  for (const l of LINE_UPS)
    it(`plays ${l.game} to its end with ${l.agents.join(', ')}, to the same final state as Node`, async () => {
      const page = await playInPage(opened.page, l);
      expect(page.terminal).toBe(true);
      expect(opened.errors).toEqual([]);
      const node = playInNode(l);
      expect(page.moves).toBe(node.moves);
      expect(page.final).toBe(node.final);
      expect(page.times.every((t) => t.length > 0)).toBe(true);
    }, 180_000);
});
