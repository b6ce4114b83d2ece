/**
 * The Node floor package.json promises is true: every package npm installed admits the lowest
 * Node version of `engines.node`, so `npm ci` on that Node prints no EBADENGINE warning (vega-lite 6.5
 * wanted Node >= 22 while we promised 20.19). Packages listed in the lock file but not installed (optional
 * platform binaries npm skipped) are not counted: they are never run.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));

describe('install floors', () => {
  it('every installed dependency runs on the lowest Node that package.json promises', () => {
    const floor = semver.minVersion(pkg.engines.node);
    expect(floor, 'package.json engines.node').not.toBeNull();
    expect(lock.packages[''].engines?.node, 'package-lock.json is stale (npm install)').toBe(pkg.engines.node);
    const refusing: string[] = [];
    let checked = 0;
    for (const [path, entry] of Object.entries(
      lock.packages as Record<string, { version?: string; engines?: { node?: string } | string[] }>,
    )) {
      if (!path || !existsSync(join(root, path, 'package.json'))) continue;
      const node = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      if (!node) continue;
      checked++;
      if (!semver.satisfies(floor!, node)) refusing.push(`${path.replace(/^.*node_modules\//, '')}@${entry.version} wants node ${node}`);
    }
    expect(checked).toBeGreaterThan(20);
    expect(refusing, `these refuse node ${floor}: raise engines.node (and say so in README) or pick versions that run there`).toEqual([]);
  });

  it('the running Node meets the floor', () => {
    expect(semver.satisfies(process.versions.node, pkg.engines.node)).toBe(true);
  });
});
