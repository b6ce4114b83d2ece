/**
 * Optional dependencies (lib/optional.ts): a missing one is a MissingDependencyError whose message is the npm command
 * that installs it at the range package.json gives; package.json keeps what only training, the charts and eval's
 * ratings need out of `dependencies`, so that `npm install --omit=optional` leaves them out (the size of such an
 * install is tools/test/pack.test.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MissingDependencyError } from '../errors.ts';
import { checkOptional, importOptional, installCommand, OPTIONAL, requireOptional } from '../optional.ts';
import { root } from '../../cli/test/run.ts';

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  optionalDependencies: Record<string, string>;
};

/** What only training (tfjs), the charts (vega) and eval's ratings (openskill) load. */
const OPTIONAL_PACKAGES = ['@tensorflow/tfjs', '@tensorflow/tfjs-backend-wasm', '@tensorflow/tfjs-node', 'openskill', 'vega', 'vega-lite'];

describe('optional dependencies', () => {
  it('package.json lists tfjs, vega and openskill as optional, none of them as a dependency a frontend installs', () => {
    expect(Object.keys(pkg.optionalDependencies).sort()).toEqual(OPTIONAL_PACKAGES);
    for (const name of OPTIONAL_PACKAGES) expect(pkg.dependencies[name], name).toBeUndefined();
  });

  it('the install command names each package at the range package.json gives it', () => {
    expect(installCommand(['@tensorflow/tfjs', 'vega'])).toBe(
      `npm install @tensorflow/tfjs@${pkg.optionalDependencies['@tensorflow/tfjs']} vega@${pkg.optionalDependencies.vega}`,
    );
    expect(installCommand(['no-such-package-here'])).toBe('npm install no-such-package-here');
  });

  it('loads an installed one, and names the install command for a missing one (require and import)', async () => {
    expect(typeof requireOptional<{ rate: unknown }>('openskill', 'merlin eval', 'ratings').rate).toBe('function');
    expect(typeof (await importOptional<{ parse: unknown }>('vega', 'a chart', 'charts')).parse).toBe('function');
    const missing = () => requireOptional('@tensorflow/tfjs-no-such', 'merlin-gym/training', 'training');
    expect(missing).toThrow(MissingDependencyError);
    expect(missing).toThrow(
      'merlin-gym/training needs @tensorflow/tfjs-no-such: an optional dependency of merlin-gym, not installed here ' +
        '(npm install --omit=optional leaves it out); install it with `npm install @tensorflow/tfjs-no-such`',
    );
    await expect(importOptional('vega-no-such', 'a chart', 'charts')).rejects.toMatchObject({
      code: 'MISSING_DEPENDENCY',
      dependencies: ['vega-no-such'],
      command: 'npm install vega-no-such',
    });
  });

  it('a command is refused before it starts when a feature it needs lacks a package, naming all that are missing', () => {
    expect(() => checkOptional('merlin train', 'training', 'charts', 'ratings')).not.toThrow();
    const all = Object.values(OPTIONAL).flat();
    expect(all.sort()).toEqual(OPTIONAL_PACKAGES.filter((n) => n !== '@tensorflow/tfjs-node'));
    const e = new MissingDependencyError('merlin train', ['vega', 'openskill'], 'npm install vega openskill');
    expect(e.message).toBe(
      'merlin train needs vega and openskill: optional dependencies of merlin-gym, not installed here ' +
        '(npm install --omit=optional leaves them out); install them with `npm install vega openskill`',
    );
  });
});
