/**
 * Optional dependencies (package.json `optionalDependencies`), loaded where a feature first needs them: tfjs for
 * training (`merlin-gym/training`, `merlin train`), vega and vega-lite for the charts of the designer's pages and
 * the training curve, openskill for `merlin eval`'s ratings. The library's play path (env, games, agents, policy,
 * the move API) and `merlin simulate`, `serve` and `play` need none of them, so a frontend installs merlin-gym with
 * `npm install --omit=optional` (docs/BENCHMARKS.md "Install size"). A missing one is a MissingDependencyError
 * whose message is the npm command that installs it, with the version range this package was built against.
 *
 *   const tf = requireOptional<typeof TF>('@tensorflow/tfjs', 'merlin-gym/training (tfjs PPO)');
 *   const vega = await importOptional<typeof Vega>('vega', 'the charts of the probe report');
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MissingDependencyError } from './errors.ts';

const require = createRequire(import.meta.url);

/** merlin-gym's own package.json (in a clone, the repository's; installed, the package's), found above this module. */
function ownPackageJson(): { dependencies?: Record<string, string>; optionalDependencies?: Record<string, string> } {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const json = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; dependencies?: Record<string, string> };
      if (json.name === 'merlin-gym') return json;
    }
    if (dirname(dir) === dir) return {};
  }
}

/** `npm install A@RANGE B@RANGE`: the command that installs `names` at the ranges merlin-gym's package.json gives them. */
export function installCommand(names: readonly string[]): string {
  const pkg = ownPackageJson();
  const range = (n: string) => pkg.optionalDependencies?.[n] ?? pkg.dependencies?.[n];
  return `npm install ${names.map((n) => (range(n) ? `${n}@${range(n)}` : n)).join(' ')}`;
}

/** True when `e` says that the package `name` itself (not something it imports) cannot be found. */
function isMissing(e: unknown, name: string): boolean {
  const code = (e as { code?: unknown }).code;
  return (code === 'MODULE_NOT_FOUND' || code === 'ERR_MODULE_NOT_FOUND') && String((e as Error).message).includes(`'${name}'`);
}

/**
 * The optional dependency `name`, loaded synchronously (a CommonJS package, or an ES module without top-level await).
 * @param feature what needs it, as the error's subject (`merlin-gym/training (tfjs PPO)`)
 * @param install the packages the feature needs, for the error's install command (default: `name` alone)
 * @throws MissingDependencyError when `name` is not installed; anything else its loading throws
 */
export function requireOptional<T>(name: string, feature: string, install: readonly string[] = [name]): T {
  try {
    return require(name) as T;
  } catch (e) {
    if (isMissing(e, name)) throw new MissingDependencyError(feature, name, installCommand(install));
    throw e;
  }
}

/**
 * The optional dependency `name`, imported (an ES module). Parameters and errors as `requireOptional`.
 */
export async function importOptional<T>(name: string, feature: string, install: readonly string[] = [name]): Promise<T> {
  try {
    return (await import(name)) as T;
  } catch (e) {
    if (isMissing(e, name)) throw new MissingDependencyError(feature, name, installCommand(install));
    throw e;
  }
}

/** vega and vega-lite, which draw the SVG charts of the designer's pages and the training curve. @throws MissingDependencyError */
export async function chartLibraries(): Promise<{ vega: typeof import('vega'); vl: typeof import('vega-lite') }> {
  const what = 'charts (the probe report, the replay page, the training curve)';
  const both = ['vega', 'vega-lite'];
  return { vega: await importOptional('vega', what, both), vl: await importOptional('vega-lite', what, both) };
}
