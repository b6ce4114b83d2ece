/**
 * Regenerates the screenshots of docs/PLAY.md with headless chromium. The person's seat plays the game's
 * heuristic's moves through the page, by clicking the drawn board (or a button for a move the board does not
 * offer), against the default opponents unless named:
 *
 *   docs/img/play-merlin.png            Merlin (full, 4 players): a slot choice open, the legal slots highlighted
 *   docs/img/play-merlin-menu.png       the same game later: a hand card clicked, its menu of moves open
 *   docs/img/play-merlin-combat.png     Merlin (skirmish, 2 players): a unit being moved, its reachable squares
 *   docs/img/play-merlin-end.png        the first game's end
 *   docs/img/play-economicon.png        Economicon (2 players), mid-game
 *   docs/img/play-dml.png               DML (4 players), mid-game
 *   docs/img/play-poker.png             poker (Leduc hold'em, 4 players), the person facing a bet
 *
 *   node --import tsx tools/play-screenshots.ts
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { openUrl } from '../designer/browser.ts';
import { servePlay, type PlayServer } from '../cli/play-server.ts';
import type { PlayOptions, PlayView } from '../cli/play.ts';
import { createOpponent } from '../games/opponent.ts';
import { playMove, settle } from '../cli/test/play-drive.ts';

const img = join(dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'img');

/** A table served and open in a page, played by the heuristic through the board. */
class Session {
  private readonly person;
  moves = 0;
  private constructor(
    readonly server: PlayServer,
    readonly page: Page,
    private readonly close: () => Promise<void>,
    private readonly errors: string[],
  ) {
    const t = server.table;
    this.person = createOpponent('heuristic', { game: t.entry.name, variant: t.variant, seed: 'screenshots' });
  }

  static async open(options: PlayOptions, height: number): Promise<Session> {
    const server = await servePlay(options);
    const opened = await openUrl(server.url, 1440, height, new URL(server.url).origin);
    await settle(opened.page);
    return new Session(server, opened.page, opened.close, opened.errors);
  }

  /** Play the heuristic's moves until `until(view)` holds at the person's turn (after at least `min` moves) or the end. */
  async playUntil(min: number, until: (v: PlayView) => boolean = () => true): Promise<PlayView> {
    for (;;) {
      const v = this.server.table.view();
      if (v.result || (this.moves >= min && until(v))) return v;
      const id = this.person.act(this.server.table.state).action;
      await playMove(
        this.page,
        v.legal.flatMap((g) => g.actions).find((a) => a.id === id)!,
      );
      this.moves++;
    }
  }

  /** A screenshot of the page's top (`scroll` false: as it is, a menu open). */
  async shot(file: string, scroll = true): Promise<void> {
    if (scroll) await this.page.evaluate(() => window.scrollTo(0, 0));
    await this.page.mouse.move(0, 0);
    await this.page.screenshot({ path: join(img, file) });
    console.log(`wrote docs/img/${file} (${this.moves} moves)`);
  }

  async done(): Promise<void> {
    await this.close();
    await this.server.close();
    if (this.errors.length) throw new Error(this.errors.join('; '));
  }
}

const phaseIs =
  (...titles: string[]) =>
  (v: PlayView) =>
    titles.includes(v.phase?.title ?? '');

const merlin = await Session.open({ game: 'merlin', seed: 'docs' }, 1180);
await merlin.playUntil(12, phaseIs('Place the card', 'Place the Land'));
await merlin.shot('play-merlin.png');
await merlin.playUntil(merlin.moves + 1, (v) => v.phase?.title === 'Your free actions' && v.legal.some((g) => g.kind === 'PlayCard'));
const card = merlin.server.table.view().legal.find((g) => g.kind === 'PlayCard')!.actions[0].target!;
await merlin.page.evaluate(() => window.scrollTo(0, 0));
await merlin.page.click(`#board [data-target="${card}"]`, { position: { x: 8, y: 8 } });
await merlin.shot('play-merlin-menu.png', false);
await merlin.page.keyboard.press('Escape');
await merlin.playUntil(Infinity);
await merlin.shot('play-merlin-end.png');
await merlin.done();

const combat = await Session.open({ game: 'merlin', variant: 'skirmish', agents: ['ppo:checkpoints/skirmish'], seed: 'docs' }, 1100);
await combat.playUntil(10, phaseIs('Move the unit'));
await combat.shot('play-merlin-combat.png');
await combat.done();

const economicon = await Session.open({ game: 'economicon', agents: ['ppo:checkpoints/economicon'], seed: 'docs' }, 900);
await economicon.playUntil(14, (v) => v.legal.some((g) => g.kind === 'BuyOffer' || g.kind === 'MarketBuy'));
await economicon.shot('play-economicon.png');
await economicon.done();

const dml = await Session.open({ game: 'dml', seed: 'docs' }, 1150);
await dml.playUntil(10, phaseIs('Market Phase'));
await dml.shot('play-dml.png');
await dml.done();

const poker = await Session.open({ game: 'poker', seed: 'docs' }, 760);
await poker.playUntil(0, (v) => v.legal.some((g) => g.kind === 'fold'));
await poker.shot('play-poker.png');
await poker.done();
