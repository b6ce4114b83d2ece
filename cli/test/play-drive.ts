/**
 * Driving the play page (cli/play-page.ts) in a browser page, for play-browser.test.ts and
 * tools/play-screenshots.ts: wait for the person's turn, click one of the move buttons, wait for the next view.
 */
import type { Page } from 'playwright-core';

/** Wait until the page shows the person's turn or the end; returns `body[data-state]` then. */
export async function settle(page: Page): Promise<string> {
  await page.waitForSelector('body[data-state="your-turn"], body[data-state="over"]');
  return (await page.getAttribute('body', 'data-state'))!;
}

/**
 * Click move button number `pick(n)` of the `n` shown and wait for the view after it (and the agents' moves).
 * @returns the new `body[data-state]`
 */
export async function clickMove(page: Page, pick: (n: number) => number): Promise<string> {
  const buttons = await page.$$('#moves button[data-action]');
  if (buttons.length === 0) throw new Error('no move buttons on the page at its turn');
  const step = await page.getAttribute('body', 'data-step');
  await buttons[pick(buttons.length)].click();
  await page.waitForFunction((s) => document.body.dataset.step !== s, step);
  return settle(page);
}
