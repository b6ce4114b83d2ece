/**
 * The play page in headless Chromium (playwright-core and Debian's chromium, as designer/test/browser.test.ts):
 * a person's seat plays whole games of Merlin, Economicon and DML to their end by clicking the page's move
 * buttons against random agents; the final scores shown are the engine's; and at every turn of the person the
 * page shows none of the agents' hidden information that the test can name: Merlin's spells and potions in an
 * agent's hand and an agent's open bid, Economicon's mandates in an agent's hand, DML's Merchant King of an
 * agent. No console error, no request but to the table's own server.
 *
 * Without chromium the tests are skipped with a visible reason, except under CI (`CI` set), where `.ci/run`
 * installs it and a missing browser fails.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { findChromium, openUrl, type OpenedPage } from '../../designer/browser.ts';
import { servePlay, type PlayServer } from '../play-server.ts';
import type { PlayOptions } from '../play.ts';
import { clickMove, settle } from './play-drive.ts';
import { renderSeat as merlinSeat } from '../../games/merlin/env/render.ts';
import { renderSeat as economiconSeat } from '../../games/economicon/env/render.ts';
import { Phase, type MerlinState } from '../../games/merlin/engine/index.ts';
import type { MerlinGame } from '../../games/merlin/env/game.ts';
import type { EconomiconGame } from '../../games/economicon/env/game.ts';
import type { EconomiconState } from '../../games/economicon/engine/index.ts';
import { Z, type DmlState } from '../../games/dml/engine/index.ts';
import type { DmlGame } from '../../games/dml/env/game.ts';

const chromium = findChromium();
if (!chromium && !process.env.CI)
  console.warn('cli/test/play-browser.test.ts: SKIPPED, no chromium installed (apt-get install chromium; .ci/run installs it)');

/** What one hidden-information check found at one of the person's turns: the hidden items it looked for. */
type HiddenCheck = (text: string, server: PlayServer) => Promise<string[]>;

/**
 * Play the page to its end, clicking a pseudo-random move button each turn (a fixed sequence, not the game's
 * RNG), running `check` at each turn. Returns how many turns were played and the hidden items checked.
 */
async function playToEnd(server: PlayServer, check: HiddenCheck): Promise<{ turns: number; checked: string[]; opened: OpenedPage }> {
  const opened = await openUrl(server.url, 1360, 1000, new URL(server.url).origin);
  const checked: string[] = [];
  let turns = 0;
  for (let state = await settle(opened.page); state !== 'over'; turns++) {
    checked.push(...(await check(await opened.page.innerText('body'), server)));
    state = await clickMove(opened.page, (n) => (turns * 7919 + 17) % n);
  }
  return { turns, checked, opened };
}

/** The final scores and winner shown are the engine's. */
async function expectFinalScores(server: PlayServer, opened: OpenedPage): Promise<void> {
  const { page } = opened;
  expect(await page.isVisible('#result')).toBe(true);
  const t = server.table;
  const shown = await page.$$eval('#result td[data-score]', (tds) => tds.map((td) => [Number(td.dataset.score), Number(td.textContent)]));
  expect(shown.length).toBe(t.players.length);
  for (const [seat, score] of shown) expect(score).toBe(t.game.score(t.state, seat));
  const v = t.view();
  expect(await page.textContent('#winner')).toContain(v.result!.winner >= 0 ? 'wins' : 'nobody wins');
  expect(await page.$$eval('#moves button', (b) => b.length)).toBe(0);
  expect(await page.textContent('#log li:last-child')).toMatch(/^game over/);
  expect(opened.errors).toEqual([]);
}

describe.skipIf(!chromium && !process.env.CI)('the play page in headless chromium', () => {
  const servers: PlayServer[] = [];
  const pages: OpenedPage[] = [];
  afterAll(async () => {
    for (const p of pages) await p.close();
    for (const s of servers) await s.close();
  });

  /** Serve a table, play it to its end through the page with `check` at each turn, and check the end. */
  async function playGame(options: PlayOptions, check: HiddenCheck): Promise<string[]> {
    const server = await servePlay(options);
    servers.push(server);
    const { turns, checked, opened } = await playToEnd(server, check);
    pages.push(opened);
    expect(turns).toBeGreaterThan(3);
    expect(checked.length).toBeGreaterThan(0);
    await expectFinalScores(server, opened);
    return checked;
  }

  it("plays Merlin to its end against a random agent, never showing the agent's hand spells and potions or its open bid", async () => {
    // The person sits at seat 1, so the agent (seat 0) bids first in the opening turn-order auction.
    const checked = await playGame({ game: 'merlin', agents: ['random'], seat: 1, seed: 'page-4' }, async (text, server) => {
      const game = server.table.game as MerlinGame;
      const s = server.table.state as MerlinState;
      const found: string[] = [];
      // Spells and potions the agent holds, unless the person may know them (its own hand, its own earlier plays).
      const mine =
        merlinSeat(game.ruleset, s, 1) +
        server.table
          .view()
          .log.filter((e) => e.seat === 1)
          .map((e) => e.text)
          .join('\n');
      for (const m of merlinSeat(game.ruleset, s, 0).matchAll(/(spell|potion) "[^"]+"/g)) {
        if (mine.includes(m[0])) continue;
        expect(text, `the agent's ${m[0]}`).not.toContain(m[0]);
        found.push(m[0]);
      }
      if ((s.phase === Phase.AuctionBid || s.phase === Phase.DecreeBid) && s.bids[0] >= 0) {
        const last = server.table
          .view()
          .log.filter((e) => e.seat === 0)
          .at(-1)!;
        expect(last.text).toMatch(/\(hidden\)$/);
        expect(text).toContain(`player_0: gold ${s.gold[0] + s.bids[0]},`);
        found.push(`bid ${s.bids[0]}`);
      }
      return found;
    });
    // Both kinds of hidden item came up (seed page-4: the agent holds spells and potions at 21 of the person's turns).
    expect(checked.some((c) => /^(spell|potion) /.test(c))).toBe(true);
    expect(checked.some((c) => c.startsWith('bid '))).toBe(true);
  }, 120_000);

  it("plays Economicon to its end against a random agent, never showing the agent's mandates", async () => {
    await playGame({ game: 'economicon', agents: ['random'], seed: 'page-1' }, async (text, server) => {
      const game = server.table.game as EconomiconGame;
      const s = server.table.state as EconomiconState;
      const mine = economiconSeat(game.ruleset, s, 0);
      const found: string[] = [];
      for (const c of game.ruleset.deck.cards) {
        if (!economiconSeat(game.ruleset, s, 1).includes(`${c.name} (`) || mine.includes(`${c.name} (`)) continue;
        expect(text, `the agent's mandate ${c.name}`).not.toContain(c.name);
        found.push(c.name);
      }
      return found;
    });
  }, 120_000);

  it("plays DML to its end against three random agents, never showing an agent's Merchant King", async () => {
    await playGame({ game: 'dml', agents: ['random', 'random', 'random'], seed: 'page-1' }, async (text, server) => {
      const rs = (server.table.game as DmlGame).ruleset;
      const s = server.table.state as DmlState;
      const found: string[] = [];
      for (let c = 0; c < s.zone.length; c++)
        if (s.zone[c] > Z.KING && s.zone[c] < Z.KING + s.numPlayers) {
          const id = rs.cardFile.cards[c].id;
          expect(text, `seat ${s.zone[c] - Z.KING}'s King`).not.toMatch(new RegExp(`\\b${id}\\b`));
          found.push(id);
        }
      return found;
    });
  }, 120_000);
});
