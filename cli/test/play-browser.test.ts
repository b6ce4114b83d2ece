/**
 * The play page in headless Chromium (playwright-core and Debian's chromium, as designer/test/browser.test.ts):
 * a person's seat plays whole games of every registered game to their end by clicking the drawn board (a
 * move's board target, then its menu entry; a move the board does not offer, such as ending a turn or a bid
 * amount, by its button) against random agents. At every turn of the person:
 *
 * - every slot or target choice the game offers (the kinds each game lists below, as the engine has them legal
 *   in the true state) is reachable by a click on the board: a highlighted element, in view, not covered, whose
 *   click offers that move;
 * - the page shows none of the agents' hidden information the test can name (Merlin's spells and potions in an
 *   agent's hand and an agent's open bid, Economicon's mandates in an agent's hand, DML's Merchant King, an
 *   agent's private poker card).
 *
 * At the end the final scores shown are the engine's, and the game's log saved from the page (Save game log)
 * replays to the same final state; New game starts another. No console error, no request but to the table's
 * own server.
 *
 * Without chromium the tests are skipped with a visible reason, except under CI (`CI` set), where `.ci/run`
 * installs it and a missing browser fails.
 */
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { findChromium, openUrl, type OpenedPage } from '../../designer/browser.ts';
import { servePlay, type PlayServer } from '../play-server.ts';
import type { PlayOptions, PlayView } from '../play.ts';
import { clickableMoves, playMove, settle, TARGET_KINDS, targetChoices } from './play-drive.ts';
import { ReplayLog, replayLog } from '../../designer/replay.ts';
import { GAMES } from '../../games/registry.ts';
import { createOpponent } from '../../games/opponent.ts';
import { renderSeat as merlinSeat } from '../../games/merlin/env/render.ts';
import { renderSeat as economiconSeat } from '../../games/economicon/env/render.ts';
import { Phase, type MerlinState } from '../../games/merlin/engine/index.ts';
import type { MerlinGame } from '../../games/merlin/env/game.ts';
import type { EconomiconGame } from '../../games/economicon/env/game.ts';
import type { EconomiconState } from '../../games/economicon/engine/index.ts';
import { Z, type DmlState } from '../../games/dml/engine/index.ts';
import type { DmlGame } from '../../games/dml/env/game.ts';
import { rankName, type PokerState } from '../../games/poker/engine/engine.ts';

const chromium = findChromium();
if (!chromium && !process.env.CI)
  console.warn('cli/test/play-browser.test.ts: SKIPPED, no chromium installed (apt-get install chromium; .ci/run installs it)');

/**
 * What one hidden-information check found at one of the person's turns: the hidden items it looked for. `text`:
 * the page's text; `words`: the words of each of its text nodes (a word the page shows on its own, such as a
 * card's one-letter name, which `text` runs into its neighbours' words).
 */
type HiddenCheck = (text: string, server: PlayServer, words: ReadonlySet<string>) => string[];

/** The text the page shows (the board, the phase line, the moves and the log; hidden elements and tooltips included). */
const pageText = (opened: OpenedPage) =>
  opened.page.evaluate(() =>
    ['#phase', '#board', '#moves', '#log', '#table', '#private'].map((q) => document.querySelector(q)?.textContent ?? '').join('\n'),
  );

/** The words (runs of letters and digits) of every text node `pageText` reads. */
const pageWords = async (opened: OpenedPage): Promise<Set<string>> =>
  new Set(
    await opened.page.evaluate(() => {
      const out: string[] = [];
      for (const q of ['#phase', '#board', '#moves', '#log', '#table', '#private']) {
        const root = document.querySelector(q);
        if (!root) continue;
        const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let n = walk.nextNode(); n; n = walk.nextNode()) out.push(...(n.textContent ?? '').split(/[^A-Za-z0-9]+/).filter(Boolean));
      }
      return out;
    }),
  );

/**
 * Play the page to its end: at each of the person's turns check that every target choice is clickable on the
 * board and run `check`, then play a legal move through the board (or its button): the game's heuristic's
 * choice on two turns of three (it builds, places and attacks, so the board's choices come up), a
 * pseudo-random one (a fixed sequence, not the game's RNG) on the third. Returns the turns played, the hidden
 * items checked, the action kinds played by a click on the board and how many target choices were offered.
 */
async function playToEnd(
  server: PlayServer,
  check: HiddenCheck,
  opened: OpenedPage,
): Promise<{ turns: number; checked: string[]; byBoard: string[]; targets: number }> {
  const checked: string[] = [];
  const byBoard: string[] = [];
  const t0 = server.table;
  const person = createOpponent('heuristic', { game: t0.entry.name, variant: t0.variant, seed: 'person' });
  let turns = 0;
  let targets = 0;
  for (let state = await settle(opened.page); state !== 'over'; turns++) {
    const choices = targetChoices(server.table);
    const clickable = new Set(await clickableMoves(opened.page));
    const missing = choices.filter((a) => !clickable.has(a)).map((a) => server.table.game.describeAction(server.table.state, a));
    expect(missing, `target choices the board does not offer to a click at turn ${turns}`).toEqual([]);
    targets += choices.length;
    checked.push(...check(await pageText(opened), server, await pageWords(opened)));
    const v: PlayView = server.table.view();
    const all = v.legal.flatMap((g) => g.actions.map((a) => ({ ...a, kind: g.kind })));
    const pick = turns % 3 === 2 ? all[(turns * 7919 + 17) % all.length].id : person.act(server.table.state).action;
    const move = all.find((a) => a.id === pick)!;
    if (move.target) byBoard.push(move.kind);
    state = await playMove(opened.page, move);
  }
  return { turns, checked, byBoard, targets };
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
  expect(await page.textContent('#winner')).toMatch(
    v.result!.winner >= 0 ? new RegExp(`^${v.names[v.result!.winner].replace(/[()]/g, '\\$&')} wins?`) : /^Nobody wins/,
  );
  expect(await page.$$eval('#moves button', (b) => b.length)).toBe(0);
  expect(await page.textContent('#log li:last-child')).toMatch(/^game over/);
}

/** Save game log from the page: the file is a replay log that replays to the table's final state. */
async function expectSavedLog(server: PlayServer, opened: OpenedPage): Promise<void> {
  const [download] = await Promise.all([opened.page.waitForEvent('download'), opened.page.click('#save')]);
  const log = ReplayLog.parse(JSON.parse(readFileSync((await download.path())!, 'utf8')));
  expect(log.game ?? 'merlin').toBe(server.table.entry.name);
  expect(log.agents).toEqual(server.table.players);
  const { final } = replayLog(log);
  expect(server.table.game.serialize(final)).toBe(server.table.game.serialize(server.table.state));
}

describe.skipIf(!chromium && !process.env.CI)('the play page in headless chromium', () => {
  const servers: PlayServer[] = [];
  const pages: OpenedPage[] = [];
  afterAll(async () => {
    for (const p of pages) await p.close();
    for (const s of servers) await s.close();
  });

  /**
   * Serve a table, play it to its end by clicking the board with `check` at each turn, and check the end.
   * `minTurns`: the person's turns the game must have had at the least (a poker hand is short).
   */
  async function playGame(
    options: PlayOptions,
    check: HiddenCheck,
    minTurns = 4,
  ): Promise<{ checked: string[]; byBoard: string[]; server: PlayServer; opened: OpenedPage }> {
    const server = await servePlay(options);
    servers.push(server);
    const opened = await openUrl(server.url, 1360, 1000, new URL(server.url).origin);
    pages.push(opened);
    const { turns, checked, byBoard, targets } = await playToEnd(server, check, opened);
    expect(turns).toBeGreaterThanOrEqual(minTurns);
    expect(checked.length).toBeGreaterThan(0);
    // Most of the person's moves went by the board, and target choices came up.
    expect(byBoard.length).toBeGreaterThan(turns / 3);
    expect(targets).toBeGreaterThan(turns);
    await expectFinalScores(server, opened);
    await expectSavedLog(server, opened);
    expect(opened.errors).toEqual([]);
    return { checked, byBoard, server, opened };
  }

  it('covers every registered game', () => {
    expect(Object.keys(TARGET_KINDS).sort()).toEqual(Object.keys(GAMES).sort());
  });

  it("plays Merlin to its end by the board against a random agent, never showing the agent's hand spells and potions or its open bid; then a new game", async () => {
    // The person sits at seat 1, so the agent (seat 0) bids first in the opening turn-order auction.
    // Skirmish (a combat-focused start): golems are placed, moved and sent to attack, so square and unit choices come up.
    const { checked, byBoard, server, opened } = await playGame(
      { game: 'merlin', variant: 'skirmish', agents: ['random'], seat: 1, seed: 'page-5' },
      (text, server) => {
        const game = server.table.game as MerlinGame;
        const s = server.table.state as MerlinState;
        const found: string[] = [];
        // Spells and potions the agent holds, unless the person may know them (its own hand, what the log and its
        // moves named: its own plays, a spell offered to it).
        const v = server.table.view();
        const known = [
          merlinSeat(game.ruleset, s, 1),
          ...v.log.map((e) => e.text),
          ...v.legal.flatMap((g) => g.actions.map((a) => a.description)),
        ].join('\n');
        for (const m of merlinSeat(game.ruleset, s, 0).matchAll(/(spell|potion) "([^"]+)"/g)) {
          if (known.includes(m[2])) continue;
          expect(text, `the agent's ${m[0]}`).not.toContain(m[2]);
          found.push(m[0]);
        }
        if ((s.phase === Phase.AuctionBid || s.phase === Phase.DecreeBid) && s.bids[0] >= 0) {
          const last = server.table
            .view()
            .log.filter((e) => e.seat === 0)
            .at(-1)!;
          expect(last.text).toMatch(/\(hidden\)$/);
          expect(last.why).toBeUndefined();
          // The agent's gold on the board folds its open bid back in.
          expect(text).toContain(`gold ${s.gold[0] + s.bids[0]} ·`);
          found.push(`bid ${s.bids[0]}`);
        }
        return found;
      },
    );
    // Both kinds of hidden item came up (seed page-5: the agent holds spells and potions at many of the person's turns).
    expect(checked.some((c) => /^(spell|potion) /.test(c))).toBe(true);
    // A card placed on a chosen slot, a golem placed on a chosen square and a unit commanded, each by a click on the board.
    for (const kind of ['SelectSlot', 'SelectSquare', 'CommandUnit']) expect(byBoard).toContain(kind);
    expect(checked.some((c) => c.startsWith('bid '))).toBe(true);
    // New game: no confirmation at the end; the table starts again at step 0 with a new seed.
    await opened.page.click('#new');
    await opened.page.waitForFunction(() => document.body.dataset.step === '0' || document.body.dataset.state === 'your-turn');
    await settle(opened.page);
    expect(server.table.seed).toBe('page-5-2');
    expect(await opened.page.textContent('#title')).toContain('seed page-5-2');
  }, 240_000);

  it("plays Economicon to its end by the board against a random agent, never showing the agent's mandates", async () => {
    await playGame({ game: 'economicon', agents: ['random'], seed: 'page-1' }, (text, server) => {
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
  }, 240_000);

  it("plays DML to its end by the board against three random agents, never showing an agent's Merchant King", async () => {
    await playGame({ game: 'dml', agents: ['random', 'random', 'random'], seed: 'page-1' }, (text, server) => {
      const rs = (server.table.game as DmlGame).ruleset;
      const s = server.table.state as DmlState;
      const found: string[] = [];
      for (let c = 0; c < s.zone.length; c++)
        if (s.zone[c] > Z.KING && s.zone[c] < Z.KING + s.numPlayers) {
          const card = rs.cardFile.cards[c];
          expect(text, `seat ${s.zone[c] - Z.KING}'s King`).not.toContain(card.name);
          expect(text).not.toMatch(new RegExp(`\\b${card.id}\\b`));
          found.push(card.id);
        }
      return found;
    });
  }, 240_000);

  it("plays poker to its end by the board against two random agents, never showing an agent's private card", async () => {
    // Leduc hold'em with three seats (ranks T J Q K): seed page-3 gives the person four turns over both
    // betting rounds and ends at a showdown.
    const { checked, byBoard } = await playGame(
      { game: 'poker', agents: ['random', 'random'], seed: 'page-3' },
      (_text, server, words) => {
        const s = server.table.state as PokerState;
        const name = (c: number) => rankName(c, s.numPlayers);
        // What the person may see: its own card and the public card; a rank among them says nothing.
        const seen = [s.cards[0], ...s.board].map(name);
        const found: string[] = [];
        for (let p = 1; p < s.numPlayers; p++) {
          const card = name(s.cards[p]);
          if (seen.includes(card)) continue;
          // A card's name is one capital letter, a word of its own wherever the page names a card.
          expect(words.has(card), `seat ${p}'s card ${card} is on the page`).toBe(false);
          found.push(`seat ${p}: ${card}`);
        }
        return found;
      },
      2,
    );
    expect(checked.length).toBeGreaterThan(2);
    // The person's checks and calls went by the board (its chip stack), as did its bets.
    expect(byBoard).toContain('call');
    expect(byBoard).toContain('raise');
  }, 240_000);
});
