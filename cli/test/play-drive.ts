/**
 * Driving the play page (cli/play-page.ts) in a browser page, for play-browser.test.ts and
 * tools/play-screenshots.ts: wait for the person's turn, play a move by clicking the drawn board (its target,
 * then its entry in the menu when one opens) or, for a move the board does not offer, its button; read which
 * moves the board offers to a click; which of a game's moves are slot or target choices.
 */
import type { Page } from 'playwright-core';
import type { PlayMove, PlayTable } from '../play.ts';
import { Phase as DmlPhase, Step, type DmlState } from '../../games/dml/engine/index.ts';

/** Wait until the page shows the person's turn or the end; returns `body[data-state]` then. */
export async function settle(page: Page): Promise<string> {
  await page.waitForSelector('body[data-state="your-turn"], body[data-state="over"]');
  return (await page.getAttribute('body', 'data-state'))!;
}

/**
 * Where a click on a board target lands: 8 px in from its top left corner (inside the card's or panel's
 * rounded outline, above any unit or card drawn inside it, which are targets of their own).
 */
const CLICK_AT = { x: 8, y: 8 };

/**
 * Play `move` through the page: a click on its board target, then on its entry in the menu if the click opened
 * one (a click that plays a choice of place opens none); a move without a target by its button. Waits for the
 * view after it (and the agents' moves).
 * @returns the new `body[data-state]`
 * @throws Error when the board offers no highlighted element for the target, or neither the click nor its menu
 *   plays the move
 */
export async function playMove(page: Page, move: PlayMove): Promise<string> {
  const step = await page.getAttribute('body', 'data-step');
  if (move.target) {
    const el = page.locator(`#board [data-target="${move.target}"].legal`).first();
    await el.click({ position: CLICK_AT });
    // One read of both (the agents' answer may land between two reads): the click played the move, or opened a menu.
    const played = await page.evaluate((s) => document.body.dataset.step !== s || document.body.dataset.state === 'waiting', step);
    if (!played) {
      const entry = page.locator(`#menu:not([hidden]) button[data-action="${move.id}"]`);
      if ((await entry.count()) === 0)
        throw new Error(`a click on ${move.target} offers no menu entry for move ${move.id} (${move.description})`);
      await entry.click();
    }
  } else {
    await page.click(`#moves button[data-action="${move.id}"]`);
  }
  await page.waitForFunction((s) => document.body.dataset.step !== s, step);
  return settle(page);
}

/**
 * The move ids a click on the board offers now, from every highlighted element a click at `CLICK_AT` reaches
 * (scrolled into view, not covered by another element): `data-actions` of each.
 */
export async function clickableMoves(page: Page): Promise<number[]> {
  return page.evaluate((at) => {
    const out: number[] = [];
    for (const e of document.querySelectorAll<HTMLElement | SVGElement>('#board [data-target].legal')) {
      e.scrollIntoView({ block: 'center', inline: 'center' });
      const r = e.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const hit = document.elementFromPoint(r.left + at.x, r.top + at.y);
      if (hit?.closest('[data-target].legal') !== e) continue;
      for (const id of (e.dataset.actions ?? '').split(' ')) if (id) out.push(Number(id));
    }
    window.scrollTo(0, 0);
    return out;
  }, CLICK_AT);
}

/**
 * Per game, the slot and target choices: the action kinds (the reporting's names) a click on the board must
 * offer whenever they are legal, and, for a kind that is one only in some steps, when.
 */
export const TARGET_KINDS: Record<string, (kind: string, s: unknown) => boolean> = {
  merlin: (k) =>
    [
      'SelectSlot',
      'SelectSquare',
      'SelectUnit',
      'SelectPlayer',
      'CommandUnit',
      'PlayCard',
      'Animate',
      'Motivate',
      'MotivateNow',
      'SellSpell',
      'Invest',
      'FundLab',
      'CreateSpecialised',
      'CreateChauffeur',
      'Deposit',
      'Withdraw',
      'Plant',
      'Unplant',
      'LastCall',
      'OfferProperty',
      'LiquidateProperty',
      'AuctionProperty',
      'DrawTeaLeaves',
      'DrawCrystalBall',
      'BuyCard',
      'PostBid',
      'WithdrawBid',
      'PostAsk',
      'PullAsk',
      'SellToBid',
      'BuyFromAsk',
    ].includes(k),
  economicon: (k) => k !== 'Pass',
  dml: (k, s) => {
    const d = s as DmlState;
    if (k === 'PickOption') return d.phase === DmlPhase.Choice && (d.pendStep === Step.SearchPickMarket || d.pendStep === Step.TakeStock);
    return ['Declare', 'Commit', 'PlayPower', 'PlayEmblem', 'Callback', 'Visit', 'PickCard', 'PickSeat'].includes(k);
  },
  // Fold on the seat's own card, check or call and bet or raise on their chip stacks.
  poker: () => true,
};

/** The target choices legal now in the table's true state, by the game's list above. */
export function targetChoices(t: PlayTable): number[] {
  const g = t.game;
  const reporting = t.entry.reporting(g);
  const ids = new Int32Array(g.numActions);
  const n = g.legalActions(t.state, ids);
  const isTarget = TARGET_KINDS[t.entry.name];
  return Array.from(ids.subarray(0, n)).filter((a) => isTarget(reporting.kindNames[reporting.kindOf(a)], t.state));
}
