/**
 * Optional dependencies (package.json `optionalDependencies`), loaded where a feature first needs them: tfjs for
 * training (`merlin-gym/training`, `merlin train`), vega and vega-lite for the charts of the designer's pages and
 * the training curve, openskill for `merlin eval`'s ratings. The library's play path (env, games, agents, policy,
 * the move API) and `merlin simulate`, `serve` and `play` need none of them, so a frontend installs merlin-gym with
 * `npm install --omit=optional` (docs/BENCHMARKS.md "Install size"). A missing one is a MissingDependencyError
 * whose message is the npm command that installs what the feature lacks, at the ranges this package was built with.
 *
 *   const tf = requireOptional<typeof TF>('@tensorflow/tfjs', 'merlin-gym/training', 'training');
 *   checkOptional('merlin train', 'training', 'charts', 'ratings');   // before any work, in a command
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MissingDependencyError } from './errors.ts';

const require = createRequire(import.meta.url);

/** The optional dependencies each feature needs (tfjs-node, faster than the wasm backend, is optional even for training). */
export const OPTIONAL = {
  training: ['@tensorflow/tfjs', '@tensorflow/tfjs-backend-wasm'],
  charts: ['vega', 'vega-lite'],
  ratings: ['openskill'],
} as const;
export type OptionalFeature = keyof typeof OPTIONAL;

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

/** True when package `name` resolves from here (without loading it). */
function installed(name: string): boolean {
  try {
    require.resolve(name);
    return true;
  } catch (e) {
    return !isMissing(e, name);
  }
}

/** The error for `subject`, whose `features` lack `name` (and maybe more): naming every missing package of them. */
function missingError(subject: string, features: readonly OptionalFeature[], name?: string): MissingDependencyError {
  const missing = [
    ...new Set([...(name === undefined ? [] : [name]), ...features.flatMap((f) => OPTIONAL[f].filter((n) => !installed(n)))]),
  ];
  return new MissingDependencyError(subject, missing, installCommand(missing));
}

/**
 * Refuse `subject` (a command, say `merlin train`) before it starts work when an optional dependency that one of
 * `features` needs is not installed.
 * @throws MissingDependencyError naming every missing package and the command that installs them
 */
export function checkOptional(subject: string, ...features: OptionalFeature[]): void {
  if (features.some((f) => OPTIONAL[f].some((n) => !installed(n)))) throw missingError(subject, features);
}

/**
 * The optional dependency `name` of `feature`, loaded synchronously (a CommonJS package, or an ES module without
 * top-level await). `subject` is what needs it, for the error (`merlin-gym/training`).
 * @throws MissingDependencyError when it is not installed; anything else its loading throws
 */
export function requireOptional<T>(name: string, subject: string, feature: OptionalFeature): T {
  try {
    return require(name) as T;
  } catch (e) {
    if (isMissing(e, name)) throw missingError(subject, [feature], name);
    throw e;
  }
}

/** The optional dependency `name` of `feature`, imported (an ES module). Parameters and errors as `requireOptional`. */
export async function importOptional<T>(name: string, subject: string, feature: OptionalFeature): Promise<T> {
  try {
    return (await import(name)) as T;
  } catch (e) {
    if (isMissing(e, name)) throw missingError(subject, [feature], name);
    throw e;
  }
}

/** vega and vega-lite, which draw the SVG charts of the designer's pages and the training curve. @throws MissingDependencyError */
export async function chartLibraries(): Promise<{ vega: typeof import('vega'); vl: typeof import('vega-lite') }> {
  const subject = 'a chart (the probe report, the replay page, the training curve)';
  return { vega: await importOptional('vega', subject, 'charts'), vl: await importOptional('vega-lite', subject, 'charts') };
}
