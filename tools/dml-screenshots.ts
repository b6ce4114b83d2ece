/**
 * Regenerates the screenshots docs/DML.md shows: docs/img/dml-probe.png (the top of docs/dml/probe.html) and
 * docs/img/dml-replay.png (docs/dml/replay.html, 60 actions in), with headless chromium.
 *
 *   node --import tsx tools/dml-screenshots.ts
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openFile } from '../designer/browser.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const img = join(root, 'docs', 'img');

const report = await openFile(join(root, 'docs', 'dml', 'probe.html'), 1360, 1100);
await report.page.screenshot({ path: join(img, 'dml-probe.png') });
await report.close();
if (report.errors.length) throw new Error(`report: ${report.errors.join('; ')}`);

const replay = await openFile(join(root, 'docs', 'dml', 'replay.html'), 1360, 1000);
for (let i = 0; i < 60; i++) await replay.page.keyboard.press('ArrowRight');
await replay.page.screenshot({ path: join(img, 'dml-replay.png') });
await replay.close();
if (replay.errors.length) throw new Error(`replay: ${replay.errors.join('; ')}`);
console.log(`wrote ${join(img, 'dml-probe.png')} and ${join(img, 'dml-replay.png')}`);
