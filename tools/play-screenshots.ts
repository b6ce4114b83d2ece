/**
 * Regenerates the screenshots of docs/PLAY.md with headless chromium: docs/img/play-merlin.png (a Merlin game
 * in progress against the shipped checkpoint), docs/img/play-merlin-end.png (the same game's end) and
 * docs/img/play-economicon.png (an Economicon game in progress). The person's moves are a fixed pseudo-random
 * sequence of the page's buttons.
 *
 *   node --import tsx tools/play-screenshots.ts
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openUrl } from '../designer/browser.ts';
import { servePlay } from '../cli/play-server.ts';
import type { PlayOptions } from '../cli/play.ts';
import { clickMove, settle } from '../cli/test/play-drive.ts';

const img = join(dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'img');

/**
 * Play `options`' table through the page: a screenshot `inProgress` after `moves` of the person's moves, then
 * (with `end`) play on to the end and take `end`.
 */
async function shoot(options: PlayOptions, moves: number, inProgress: string, end?: string): Promise<void> {
  const server = await servePlay(options);
  const opened = await openUrl(server.url, 1280, 860, new URL(server.url).origin);
  const pick = (i: number) => (n: number) => (i * 7919 + 17) % n;
  let state = await settle(opened.page);
  let i = 0;
  for (; i < moves && state !== 'over'; i++) state = await clickMove(opened.page, pick(i));
  await opened.page.screenshot({ path: join(img, inProgress) });
  if (end) {
    for (; state !== 'over'; i++) state = await clickMove(opened.page, pick(i));
    await opened.page.screenshot({ path: join(img, end) });
  }
  await opened.close();
  await server.close();
  if (opened.errors.length) throw new Error(`${options.game}: ${opened.errors.join('; ')}`);
  console.log(`wrote ${[inProgress, end].filter(Boolean).join(' and ')} (${i} moves)`);
}

await shoot({ game: 'merlin', seed: 'docs' }, 30, 'play-merlin.png', 'play-merlin-end.png');
await shoot({ game: 'economicon', seed: 'docs' }, 12, 'play-economicon.png');
