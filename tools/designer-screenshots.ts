/**
 * Regenerates the screenshots in README: docs/img/probe.png (the top of docs/balance/default.html) and
 * docs/img/replay.png (a recorded game in the replay viewer, 70 actions in), with headless chromium.
 *
 *   node --import tsx tools/designer-screenshots.ts
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openFile } from '../designer/browser.ts';
import { recordGame } from '../designer/replay.ts';
import { replayHtml } from '../designer/replay-view.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const img = join(root, 'docs', 'img');

const report = await openFile(join(root, 'docs', 'balance', 'default.html'), 1360, 1100);
await report.page.screenshot({ path: join(img, 'probe.png') });
await report.page.locator('#flows').scrollIntoViewIfNeeded();
await report.page.screenshot({ path: join(img, 'probe-flows.png') });
await report.close();
if (report.errors.length) throw new Error(`report: ${report.errors.join('; ')}`);

const file = join(mkdtempSync(join(tmpdir(), 'merlin-shots-')), 'game.html');
writeFileSync(file, await replayHtml(recordGame('full', ['heuristic', 'random', 'single:golems', 'single:decrees'], 'readme')));
const replay = await openFile(file, 1360, 1000);
for (let i = 0; i < 70; i++) await replay.page.keyboard.press('ArrowRight');
await replay.page.screenshot({ path: join(img, 'replay.png') });
await replay.close();
if (replay.errors.length) throw new Error(`replay: ${replay.errors.join('; ')}`);
console.log(`wrote ${join(img, 'probe.png')}, ${join(img, 'probe-flows.png')} and ${join(img, 'replay.png')}`);
