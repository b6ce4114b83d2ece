/**
 * Ruleset files, the same for every game (games/NAME/rules/index.ts): a ruleset is named by a shipped name
 * (`RULESETS_DIR/NAME.json`) or a path; a file may say `"extends": "NAME"` or `"extends": "./base.json"` and
 * list only what differs (the base, resolved the same way, with the file laid over it: `mergeRuleset`); deck
 * files are looked up beside the ruleset file first, then in the game's deck folder; every failure is a
 * RulesetError naming the file and the field. Each game supplies its folders and its own `compile`.
 *
 *   const load = rulesetLoader({ rulesetsDir: RULESETS_DIR, decksDir: CARDS_DIR, compile: compileRuleset });
 *   export const loadRuleset = (nameOrPath = 'full') => load(nameOrPath);
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import type { ZodError } from 'zod';
import { RulesetError } from './errors.ts';
import { parseJson } from './json.ts';

/** The value at `path` in `input` (undefined where the path leads nowhere). */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v = input;
  for (const k of path) {
    if (typeof v !== 'object' || v === null) return undefined;
    v = (v as Record<PropertyKey, unknown>)[k];
  }
  return v;
}

/**
 * Zod's issues as RulesetError issues: dotted paths (after `prefix`), unknown keys named in the message, and,
 * given the `input` that failed, the value a bound or type check compared (`Too big: expected number to be
 * <=6 (got 9)`), so a designer sees both numbers.
 */
export function zodIssues(err: ZodError, prefix = '', input?: unknown): { path: string; message: string }[] {
  return err.issues.map((i) => {
    const keys = (i as { keys?: string[] }).keys;
    const path = prefix + i.path.map(String).join('.');
    let message = keys && keys.length ? `${i.message} (${keys.join(', ')})` : i.message;
    if (
      input !== undefined &&
      (i.code === 'too_small' || i.code === 'too_big' || i.code === 'invalid_type' || i.code === 'not_multiple_of')
    ) {
      const v = valueAt(input, i.path);
      const got = Array.isArray(v) ? `${v.length} items` : v === undefined ? 'nothing' : JSON.stringify(v);
      if (got.length <= 60) message += ` (got ${got})`;
    }
    return { path, message };
  });
}

/** The parsed JSON of the file at `path`. @throws RulesetError (named by the path) when it cannot be read or parsed */
export function readJson(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new RulesetError(path, [{ path: '', message: `cannot read ${path}: ${(e as Error).message}` }]);
  }
  try {
    return parseJson(text);
  } catch (e) {
    throw new RulesetError(path, [{ path: '', message: `not valid JSON: ${(e as Error).message}` }]);
  }
}

/** A plain JSON object (not an array, not null). */
function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/**
 * `over` laid over `base`: objects merge key by key, anything else (numbers, strings, arrays) in `over`
 * replaces what `base` has. Neither input is changed.
 */
export function mergeRuleset(base: unknown, over: unknown): unknown {
  if (!isObject(base) || !isObject(over)) return over;
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(over)) out[k] = k in base ? mergeRuleset(base[k], v) : v;
  return out;
}

/** The shipped ruleset names in `dir` (its `NAME.json` files), sorted. */
export function shippedNames(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length))
    .sort();
}

/** What a game's ruleset files need: its folders and how it validates and compiles resolved ruleset JSON. */
export interface RulesetFiles<R> {
  /** Folder of the shipped rulesets (`NAME.json`). */
  readonly rulesetsDir: string;
  /** Folder of the shipped deck files, searched after the ruleset file's own folder. */
  readonly decksDir: string;
  /**
   * Validate and compile `json` (its `extends` resolved) read from `source`; `readDeck(file)` is the parsed JSON
   * of a deck file it names. @throws RulesetError
   */
  compile(json: unknown, readDeck: (file: string) => unknown, source: string): R;
}

/**
 * `loadRuleset` for a game: by shipped name or by path (anything ending in `.json` or holding a slash, resolved
 * against the working directory), cached per name or path.
 * @throws RulesetError when the file is missing, not JSON, extends what does not exist or itself, or fails `compile`
 */
export function rulesetLoader<R>(files: RulesetFiles<R>): (nameOrPath: string) => R {
  const cache = new Map<string, R>();
  const fileOf = (nameOrPath: string, dir: string): { file: string; isPath: boolean } => {
    const isPath = nameOrPath.endsWith('.json') || nameOrPath.includes('/') || nameOrPath.includes('\\');
    return { file: isPath ? resolve(dir, nameOrPath) : join(files.rulesetsDir, `${nameOrPath}.json`), isPath };
  };
  const resolveExtends = (json: unknown, file: string, chain: string[]): unknown => {
    if (!isObject(json) || !('extends' in json)) return json;
    const { extends: base, ...rest } = json;
    if (typeof base !== 'string' || base.length === 0)
      throw new RulesetError(file, [{ path: 'extends', message: 'must name a shipped ruleset or a ruleset file' }]);
    const baseFile = fileOf(base, dirname(file)).file;
    if (!existsSync(baseFile)) throw new RulesetError(file, [{ path: 'extends', message: `no ruleset "${base}" (${baseFile})` }]);
    if (chain.includes(baseFile))
      throw new RulesetError(file, [{ path: 'extends', message: `extends itself: ${[...chain, baseFile].join(' -> ')}` }]);
    return mergeRuleset(resolveExtends(readJson(baseFile), baseFile, [...chain, baseFile]), rest);
  };
  return (nameOrPath) => {
    const hit = cache.get(nameOrPath);
    if (hit) return hit;
    const { file, isPath } = fileOf(nameOrPath, process.cwd());
    if (!isPath && !existsSync(file))
      throw new RulesetError(nameOrPath, [
        {
          path: '',
          message: `no shipped ruleset named "${nameOrPath}"; shipped: ${shippedNames(files.rulesetsDir).join(', ')} (or a path to a .json file)`,
        },
      ]);
    const readDeck = (deckFile: string) => {
      const local = isAbsolute(deckFile) ? deckFile : join(dirname(file), deckFile);
      return readJson(existsSync(local) ? local : join(files.decksDir, deckFile));
    };
    const ruleset = files.compile(resolveExtends(readJson(file), file, [file]), readDeck, file);
    cache.set(nameOrPath, ruleset);
    return ruleset;
  };
}
