/**
 * Loading, validating and compiling an Economicon ruleset (the rules plus the mandate deck file).
 *
 * `loadRuleset('standard')` loads a shipped ruleset by name; `loadRuleset('path/to/file.json')` a designer's
 * file, which may say `"extends": "standard"` (or a path relative to it) and list only what differs. The rules
 * and the deck are validated by zod (a typo'd key is a RulesetError naming it). `hash` is a SHA-256 over the
 * canonical JSON of the resolved rules and the deck, stable across processes.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ZodError } from 'zod';
import { RulesetError } from '../../../lib/errors.ts';
import { contentHash } from '../../../lib/hash.ts';
import { CONDITION_KINDS, MandateDeckFile, RESOURCES, RulesetSchema, type MandateCard, type RulesetData } from './schema.ts';
export { RESOURCES, CONDITION_KINDS };

const here = dirname(fileURLToPath(import.meta.url));
/** Folder of the shipped rulesets (`standard.json`, ...). */
export const RULESETS_DIR = join(here, 'rulesets');
/** Folder of the shipped mandate decks. */
export const DECKS_DIR = join(here, 'decks');

/** Unit types in the engine's order: oil, electricity, technology, gold, then nation 0..3's currency. */
export const OIL = 0;
export const ELEC = 1;
export const TECH = 2;
export const GOLD = 3;
/** Unit type of nation `n`'s currency is CUR0 + n. */
export const CUR0 = 4;
export const NUM_TYPES = 8;
/** At most four nations: the market has four currency columns ("The Market"). */
export const MAX_NATIONS = 4;
export const TYPE_NAMES = ['oil', 'electricity', 'technology', 'gold', 'currency A', 'currency B', 'currency C', 'currency D'] as const;

/** A validated, compiled ruleset: plain data in `data` and `deck`, lookup tables for the engine. */
export interface Ruleset {
  readonly data: RulesetData;
  readonly deck: MandateDeckFile;
  /** SHA-256 of the canonical JSON of { rules, deck }. */
  readonly hash: string;
  /** X of a gold unit when the gold column holds c units (index 0..columnSize). */
  readonly goldX: Int32Array;
  /** X of a currency unit when its column holds c units. */
  readonly currencyX: Int32Array;
  /** Per unit type: reserves at setup, market at setup (a seated nation's column), draw pile. */
  readonly startReserves: Int32Array;
  readonly startMarket: Int32Array;
  readonly pile: Int32Array;
  /** Victory points of one unit of each resource type (0 for gold and currencies, valued at X). */
  readonly resourcePoints: Int32Array;
  /** Per card instance (deck order before shuffling): the index of its definition in `deck.cards`. */
  readonly cardDef: Uint8Array;
  /** Per definition: condition kind index (CONDITION_KINDS), resource index (-1 none), amount. */
  readonly condKind: Uint8Array;
  readonly condResource: Int8Array;
  readonly condAmount: Int32Array;
}

function zodIssues(err: ZodError, prefix = ''): { path: string; message: string }[] {
  return err.issues.map((i) => {
    const keys = (i as { keys?: string[] }).keys;
    return { path: prefix + i.path.map(String).join('.'), message: keys && keys.length ? `${i.message} (${keys.join(', ')})` : i.message };
  });
}

function readJson(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new RulesetError(path, [{ path: '', message: `cannot read ${path}: ${(e as Error).message}` }]);
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new RulesetError(path, [{ path: '', message: `not valid JSON: ${(e as Error).message}` }]);
  }
}

/**
 * Validate and compile ruleset data (parsed JSON, `extends` already resolved) with its deck.
 * @param deckLoader returns the parsed JSON of the deck file named in `json.mandates.deck`
 * @throws RulesetError naming every bad field (deck fields prefixed `mandates.deck (file)`)
 */
export function compileRuleset(json: unknown, deckLoader: (file: string) => unknown, source = 'ruleset'): Ruleset {
  const r = RulesetSchema.safeParse(json);
  if (!r.success) throw new RulesetError(source, zodIssues(r.error));
  const data = r.data;
  const d = MandateDeckFile.safeParse(deckLoader(data.mandates.deck));
  if (!d.success) throw new RulesetError(source, zodIssues(d.error, `mandates.deck (${data.mandates.deck}) `));
  return compile(data, d.data);
}

function compile(data: RulesetData, deck: MandateDeckFile): Ruleset {
  const counts = (c: RulesetData['drawPiles']) => {
    const a = new Int32Array(8);
    a[OIL] = c.oil;
    a[ELEC] = c.electricity;
    a[TECH] = c.technology;
    a[GOLD] = c.gold;
    for (let n = 0; n < MAX_NATIONS; n++) a[CUR0 + n] = c.currency;
    return a;
  };
  const x = (c: RulesetData['columns']['gold']) => Int32Array.from([...c.printed, c.whenFull]);
  const cardDef = new Uint8Array(deck.cards.reduce((a, c) => a + c.count, 0));
  let i = 0;
  deck.cards.forEach((c, di) => {
    for (let k = 0; k < c.count; k++) cardDef[i++] = di;
  });
  const cond = (f: (c: MandateCard) => number) => deck.cards.map(f);
  return {
    data,
    deck,
    hash: contentHash({ rules: data, deck }),
    goldX: x(data.columns.gold),
    currencyX: x(data.columns.currency),
    startReserves: counts(data.start.reserves),
    startMarket: counts(data.start.market),
    pile: counts(data.drawPiles),
    resourcePoints: Int32Array.from([data.points.oil, data.points.electricity, data.points.technology, 0, 0, 0, 0, 0]),
    cardDef,
    condKind: Uint8Array.from(cond((c) => CONDITION_KINDS.indexOf(c.condition.kind))),
    condResource: Int8Array.from(cond((c) => (c.condition.resource ? RESOURCES.indexOf(c.condition.resource) : -1))),
    condAmount: Int32Array.from(cond((c) => c.condition.amount)),
  };
}

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** `over` laid over `base`: objects merge key by key; numbers, strings and arrays in `over` replace `base`'s. */
export function mergeRuleset(base: unknown, over: unknown): unknown {
  if (!isObject(base) || !isObject(over)) return over;
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(over)) out[k] = k in base ? mergeRuleset(base[k], v) : v;
  return out;
}

/** A shipped name (`standard`) is RULESETS_DIR/standard.json; a path (`.json` or a slash) is resolved against `dir`. */
function rulesetFile(nameOrPath: string, dir: string): { file: string; isPath: boolean } {
  const isPath = nameOrPath.endsWith('.json') || nameOrPath.includes('/') || nameOrPath.includes('\\');
  return { file: isPath ? resolve(dir, nameOrPath) : join(RULESETS_DIR, `${nameOrPath}.json`), isPath };
}

/**
 * The ruleset `json` (read from `file`) with its `extends` chain resolved: the base laid under the file's fields.
 * @throws RulesetError for an `extends` that is not a string, names no ruleset, or loops
 */
function resolveExtends(json: unknown, file: string, chain: string[]): unknown {
  if (!isObject(json) || !('extends' in json)) return json;
  const { extends: base, ...rest } = json;
  if (typeof base !== 'string' || base.length === 0)
    throw new RulesetError(file, [{ path: 'extends', message: 'must name a shipped ruleset or a ruleset file' }]);
  const baseFile = rulesetFile(base, dirname(file)).file;
  if (!existsSync(baseFile)) throw new RulesetError(file, [{ path: 'extends', message: `no ruleset "${base}" (${baseFile})` }]);
  if (chain.includes(baseFile))
    throw new RulesetError(file, [{ path: 'extends', message: `extends itself: ${[...chain, baseFile].join(' -> ')}` }]);
  return mergeRuleset(resolveExtends(readJson(baseFile), baseFile, [...chain, baseFile]), rest);
}

const cache = new Map<string, Ruleset>();

/**
 * Load a ruleset by shipped name (`standard`, `open-offers`, `spending`) or path. The deck file is looked up beside the
 * ruleset file first, then in DECKS_DIR.
 * @throws RulesetError when the file is missing, not JSON, or fails validation
 */
export function loadRuleset(nameOrPath = 'standard'): Ruleset {
  const hit = cache.get(nameOrPath);
  if (hit) return hit;
  const { file, isPath } = rulesetFile(nameOrPath, process.cwd());
  if (!isPath && !existsSync(file)) throw new RulesetError(nameOrPath, [{ path: '', message: `no shipped ruleset named "${nameOrPath}"` }]);
  const json = resolveExtends(readJson(file), file, [file]);
  const rs = compileRuleset(
    json,
    (deckFile) => {
      const local = isAbsolute(deckFile) ? deckFile : join(dirname(file), deckFile);
      return readJson(existsSync(local) ? local : join(DECKS_DIR, deckFile));
    },
    file,
  );
  cache.set(nameOrPath, rs);
  return rs;
}

/** The shipped variant names. */
export const VARIANTS = ['standard', 'open-offers', 'spending'] as const;
