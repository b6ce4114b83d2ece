/**
 * Opening the designer's pages in a real browser: Debian's `chromium` driven by playwright-core (no
 * browser download; `.ci/run` installs the system package). Used by the browser tests and by
 * tools/designer-screenshots.ts.
 */
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** Path of the system chromium, or null when none is installed. */
export function findChromium(): string | null {
  return CANDIDATES.find((p): p is string => !!p && existsSync(p)) ?? null;
}

/** A page opened from a local file, with every console error, uncaught page error and network request collected. */
export interface OpenedPage {
  page: Page;
  errors: string[];
  close: () => Promise<void>;
}

/**
 * Launch headless chromium and open `file` (a local path) in a page of `width` x `height` pixels.
 * @throws Error when no chromium is installed
 */
export async function openFile(file: string, width = 1360, height = 1000): Promise<OpenedPage> {
  return openUrl(pathToFileURL(file).href, width, height);
}

/**
 * Launch headless chromium and open `url` in a page of `width` x `height` pixels. Requests to anything but
 * local files, data and `allowOrigin` (a served page's own server, e.g. `merlin play`'s) count as errors.
 * @throws Error when no chromium is installed
 */
export async function openUrl(url: string, width = 1360, height = 1000, allowOrigin?: string): Promise<OpenedPage> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('no chromium found (apt-get install chromium, or set CHROMIUM_PATH)');
  const browser: Browser = await chromium.launch({
    executablePath,
    headless: true,
    // No sandbox (containers, root); and no background traffic of the browser's own (updates, first-run pages).
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  const page = await browser.newPage({ viewport: { width, height } });
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('requestfailed', (r) => errors.push(`request failed: ${r.url()}`));
  page.on('request', (r) => {
    const own = allowOrigin !== undefined && new URL(r.url()).origin === allowOrigin;
    if (!own && !/^(file|data|about|blob):/.test(r.url())) errors.push(`network request (pages must be self-contained): ${r.url()}`);
  });
  await page.goto(url);
  return { page, errors, close: () => browser.close() };
}
