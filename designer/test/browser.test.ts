/**
 * The designer's pages in a real browser (headless Debian chromium via playwright-core): the replay
 * viewer steps through a game with the buttons, the keyboard and the slider, and shows the counters and
 * tables of the replayed engine state at every step; the probe report renders its charts. Neither page
 * may log a console error or load anything from the network. Screenshots go to a temporary directory.
 *
 * Without chromium the tests are skipped with a visible reason, except under CI (`CI` set), where
 * `.ci/run` installs it and a missing browser fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findChromium, openFile, type OpenedPage } from '../browser.ts';
import { recordGame, replayStates } from '../replay.ts';
import { replayHtml } from '../replay-view.ts';
import { runProbe } from '../probe.ts';
import { reportHtml } from '../report.ts';
import { netWorth, type MerlinState } from '../../games/merlin/engine/index.ts';
import type { MerlinGame } from '../../games/merlin/env/game.ts';

const chromium = findChromium();
if (!chromium && !process.env.CI)
  console.warn('designer/test/browser.test.ts: SKIPPED, no chromium installed (apt-get install chromium; .ci/run installs it)');
const dir = mkdtempSync(join(tmpdir(), 'merlin-browser-'));

describe.skipIf(!chromium && !process.env.CI)('designer pages in headless chromium', () => {
  describe('replay viewer', () => {
    const log = recordGame('full', ['heuristic', 'random', 'single:golems'], 'browser-1');
    const replayed = replayStates(log);
    const states = replayed.states as MerlinState[];
    const rs = (replayed.game as MerlinGame).ruleset;
    let p: OpenedPage;
    beforeAll(async () => {
      const file = join(dir, 'game.html');
      writeFileSync(file, await replayHtml(log));
      p = await openFile(file);
    });
    afterAll(async () => p?.close());

    /** The shown step's counters and players' gold, decrees due and net worth agree with the engine's state at that step. */
    async function expectShows(step: number) {
      const s = states[step];
      expect(await p.page.getAttribute('body', 'data-step')).toBe(String(step));
      expect(await p.page.textContent('[data-counter="turn"]')).toBe(String(s.turn));
      expect(await p.page.textContent('[data-counter="costOfLiving"]')).toBe(String(s.costOfLiving));
      expect(await p.page.textContent('[data-counter="centralBank"]')).toBe(String(s.centralBank));
      expect(await p.page.textContent('[data-counter="dice"]')).toBe(s.die1 ? `${s.die1} + ${s.die2} = ${s.die1 + s.die2}` : '–');
      const rows = await p.page.$$eval('[data-section="players"] tbody tr', (trs) =>
        trs.map((tr) => [...tr.children].map((td) => td.textContent)),
      );
      expect(rows.map((r) => Number(r[2]))).toEqual(s.gold);
      expect(rows.map((r) => Number(r[7]))).toEqual(s.decreesDue); // the column after the Crowns
      expect(rows.map((r) => Number(r[10]))).toEqual(log.agents.map((_, q) => (s.eliminated[q] ? 0 : netWorth(s, rs, q))));
      if (step > 0) expect(await p.page.textContent('#log li.current')).toContain(log.actions[step - 1].description);
    }

    it('steps through the game with buttons, keys and the slider, showing the engine state of each step', async () => {
      await expectShows(0);
      for (let i = 1; i <= 25; i++) {
        await p.page.click('#next');
        await expectShows(i);
      }
      await p.page.keyboard.press('ArrowLeft');
      await expectShows(24);
      await p.page.click('#last');
      await expectShows(states.length - 1);
      expect(await p.page.textContent('[data-counter="decider"]')).toContain(`player ${log.result.winner} wins`);
      const mid = Math.floor(states.length / 2);
      await p.page.$eval(
        '#slider',
        (el, v) => {
          (el as HTMLInputElement).value = String(v);
          el.dispatchEvent(new Event('input'));
        },
        mid,
      );
      await expectShows(mid);
      await p.page.click(`#log li[data-step="${mid + 3}"]`);
      await expectShows(mid + 3);
      expect(await p.page.$$('#chart svg')).toHaveLength(1);
      await p.page.screenshot({ path: join(dir, 'replay.png') });
      expect(p.errors).toEqual([]);
    });
  });

  describe('probe report', () => {
    let p: OpenedPage;
    let summary: Awaited<ReturnType<typeof runProbe>>;
    beforeAll(async () => {
      summary = await runProbe({
        ruleset: 'full',
        agents: ['heuristic', 'random', 'single:invest'],
        seed: 'browser',
        games: 60,
        workers: 1,
      });
      const other = await runProbe({
        ruleset: 'market',
        agents: ['heuristic', 'random', 'single:invest'],
        seed: 'browser',
        games: 60,
        workers: 1,
      });
      const file = join(dir, 'report.html');
      writeFileSync(file, await reportHtml([summary, other], { command: 'test', date: '2026-01-01' }));
      p = await openFile(file);
    });
    afterAll(async () => p?.close());

    it('opens without errors, with every chart drawn and the numbers of the summary', async () => {
      const charts = await p.page.$$eval('svg.marks', (xs) => xs.map((x) => x.getBoundingClientRect().width));
      expect(charts.length).toBeGreaterThanOrEqual(16); // 8 per ruleset (9 when a card has 30+ players), side by side
      for (const w of charts) expect(w).toBeGreaterThan(100);
      const agentRows = await p.page.$$eval('#agents .col:first-child table.agents tbody tr', (trs) =>
        trs.map((tr) => [...tr.children].map((td) => td.textContent)),
      );
      expect(agentRows.map((r) => [r[0], Number(r[2])])).toEqual(summary.by_agent.map((a) => [a.agent, a.wins]));
      expect(await p.page.$$('#findings .col')).toHaveLength(2);
      await p.page.screenshot({ path: join(dir, 'report.png') });
      expect(p.errors).toEqual([]);
    });
  });
});
