/**
 * Loading, validating and compiling a Merlin ruleset (rules + the five custom decks).
 *
 * `loadRuleset('full')` loads a shipped ruleset by name; `loadRuleset('path/to/file.json')` a designer's
 * file. Either way the rules and every deck file are validated by zod; a typo is refused with a
 * `RulesetError` naming the field. The ruleset's `hash` is a SHA-256 over the canonical JSON of the
 * validated rules and decks: stable across processes and machines, and changed by any edit that matters.
 * A bad deck is reported with every bad card: the deck file, the card's index and id, and the field
 * (`decks.spells (my-spells.json) cards.3 (id "hex").effects.0.amount: ...`), all decks at once.
 */
import { readFileSync, existsSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ZodError } from 'zod';
import { RulesetError } from '../../../lib/errors.ts';
import { contentHash } from '../../../lib/hash.ts';
import { DeckFile, DECK_NAMES, plannedIssues, type CardDef, type DeckName } from '../cards/schema.ts';
import { COMMODITIES, RulesetSchema, type RulesetData, type WheelPortion } from './schema.ts';

const here = dirname(fileURLToPath(import.meta.url));
/** Folder of the shipped rulesets (`full.json`, ...). */
export const RULESETS_DIR = join(here, 'rulesets');
/** Folder of the shipped card data files. */
export const CARDS_DIR = join(here, '..', 'cards', 'data');

/** A compiled custom deck: its card definitions and, per card instance, the definition index. */
export interface CompiledDeck {
  name: DeckName;
  defs: CardDef[];
  /** instanceDef[i] = index into defs of card instance i; length = the deck's size. */
  instanceDef: Int16Array;
}

/** A validated, compiled ruleset. Plain data in `data` and `decks`; lookup tables for the engine's hot path. */
export interface Ruleset {
  readonly data: RulesetData;
  readonly decks: Record<DeckName, DeckFile>;
  /** SHA-256 of the canonical JSON of { rules, decks }. */
  readonly hash: string;
  /** Gold paid by a property numbered n (index 0..12; 0 for 7 and out of range). */
  readonly payout: Int32Array;
  /** Commodity index (0 Souls, 1 Elixir Oil, 2 Essence Grain) a Land numbered n produces, or -1. */
  readonly landCommodity: Int8Array;
  /** 1 where planting doubles that commodity. */
  readonly plantable: Uint8Array;
  /** Season wheels: [standard, erratic]. */
  readonly wheels: readonly [WheelPortion[], WheelPortion[]];
  readonly wheelAdvanceOnDoubles: readonly [number, number];
  /** extraAdvance[w][total] = 1 when that roll total advances wheel w an extra portion. */
  readonly extraAdvance: readonly [Uint8Array, Uint8Array];
  readonly cards: Record<DeckName, CompiledDeck>;
}

function zodIssues(err: ZodError): { path: string; message: string }[] {
  return err.issues.map((i) => {
    const keys = (i as { keys?: string[] }).keys;
    const path = i.path.map(String).join('.');
    const message = keys && keys.length ? `${i.message} (${keys.join(', ')})` : i.message;
    return { path, message };
  });
}

function readJson(path: string, what: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new RulesetError(what, [{ path: '', message: `cannot read ${path}: ${(e as Error).message}` }]);
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new RulesetError(what, [{ path: '', message: `not valid JSON: ${(e as Error).message}` }]);
  }
}

/** `cards.3.effects.0.amount` -> `cards.3 (id "x").effects.0.amount`, so a designer finds the card by index and id. */
function namedCardPath(json: unknown, path: (string | number)[]): string {
  const flat = path.map(String);
  if (flat[0] !== 'cards' || flat.length < 2) return flat.join('.');
  const card = ((json as { cards?: { id?: unknown }[] })?.cards ?? [])[Number(flat[1])];
  const id = card && typeof card.id === 'string' ? ` (id "${card.id}")` : '';
  return [`cards.${flat[1]}${id}`, ...flat.slice(2)].join('.');
}

/**
 * Every problem in a deck file's JSON: ops, triggers and targets that need a later engine part
 * (cards/schema.ts `plannedIssues`) and every zod issue, each with its card index, id and field.
 */
export function deckIssues(json: unknown): { path: string; message: string }[] {
  const planned = plannedIssues(json);
  const issues = planned.map((p) => ({ path: namedCardPath(json, p.path), message: p.message }));
  const r = DeckFile.safeParse(json);
  if (r.success) return issues;
  const covered = planned.map((p) => p.path.slice(0, -1).join('.'));
  for (const i of r.error.issues) {
    const raw = i.path.map(String).join('.');
    if (covered.some((c) => raw === c || raw.startsWith(c + '.'))) continue;
    const keys = (i as { keys?: string[] }).keys;
    issues.push({
      path: namedCardPath(json, i.path as (string | number)[]),
      message: keys && keys.length ? `${i.message} (${keys.join(', ')})` : i.message,
    });
  }
  return issues;
}

/** Validate a deck file's JSON; throws RulesetError naming the file, and each bad card's index, id and field. */
export function parseDeck(json: unknown, source: string): DeckFile {
  const issues = deckIssues(json);
  if (issues.length) throw new RulesetError(source, issues);
  return DeckFile.parse(json);
}

/**
 * Validate and compile ruleset data (already parsed JSON) with its decks.
 * @param json the ruleset object
 * @param deckLoader returns the parsed JSON of a deck file named in `json.decks`
 * @throws RulesetError naming every bad field
 */
export function compileRuleset(json: unknown, deckLoader: (file: string, deck: DeckName) => unknown, source = 'ruleset'): Ruleset {
  const r = RulesetSchema.safeParse(json);
  if (!r.success) throw new RulesetError(source, zodIssues(r.error));
  const data = r.data;
  const decks = {} as Record<DeckName, DeckFile>;
  const bad: { path: string; message: string }[] = [];
  for (const name of DECK_NAMES) {
    const json = deckLoader(data.decks[name], name);
    const issues = deckIssues(json);
    const where = `decks.${name} (${data.decks[name]})`;
    if (issues.length) {
      for (const i of issues) bad.push({ path: `${where} ${i.path}`, message: i.message });
      continue;
    }
    const deck = DeckFile.parse(json);
    if (deck.deck !== name) bad.push({ path: where, message: `file holds the ${deck.deck} deck` });
    decks[name] = deck;
  }
  if (bad.length) throw new RulesetError(source, bad);
  return compile(data, decks);
}

function compile(data: RulesetData, decks: Record<DeckName, DeckFile>): Ruleset {
  const payout = new Int32Array(13);
  for (const [k, v] of Object.entries(data.payout)) payout[Number(k)] = v;
  const landCommodity = new Int8Array(13).fill(-1);
  COMMODITIES.forEach((c, i) => {
    for (const n of data.landNumbers[c]) if (n >= 0 && n <= 12) landCommodity[n] = i;
  });
  const plantable = new Uint8Array(3);
  for (const c of data.plantable) plantable[COMMODITIES.indexOf(c)] = 1;
  const extra = (xs: number[]) => {
    const a = new Uint8Array(13);
    for (const x of xs) a[x] = 1;
    return a;
  };
  const cards = {} as Record<DeckName, CompiledDeck>;
  for (const name of DECK_NAMES) {
    const defs = decks[name].cards;
    const instanceDef = new Int16Array(decks[name].size);
    let i = 0;
    defs.forEach((d, di) => {
      for (let k = 0; k < d.count; k++) instanceDef[i++] = di;
    });
    cards[name] = { name, defs, instanceDef };
  }
  const hash = contentHash({ rules: data, decks });
  return {
    data,
    decks,
    hash,
    payout,
    landCommodity,
    plantable,
    wheels: [data.wheels.standard.portions, data.wheels.erratic.portions],
    wheelAdvanceOnDoubles: [data.wheels.standard.advanceOnDoubles, data.wheels.erratic.advanceOnDoubles],
    extraAdvance: [extra(data.wheels.standard.extraAdvanceOnTotals), extra(data.wheels.erratic.extraAdvanceOnTotals)],
    cards,
  };
}

const cache = new Map<string, Ruleset>();

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

/**
 * Where ruleset `nameOrPath` lives: a shipped name (`full`) is `RULESETS_DIR/full.json`; anything that looks like a
 * path (ends in `.json` or holds a slash) is resolved against `dir`.
 */
function rulesetFile(nameOrPath: string, dir: string): { file: string; isPath: boolean } {
  const isPath = nameOrPath.endsWith('.json') || nameOrPath.includes('/') || nameOrPath.includes('\\');
  return { file: isPath ? resolve(dir, nameOrPath) : join(RULESETS_DIR, `${nameOrPath}.json`), isPath };
}

/**
 * A ruleset file may say `"extends": "full"` (a shipped name) or `"extends": "./base.json"` (a path relative to
 * the file) and list only what differs; the result is the base, resolved the same way, with the file laid over
 * it (`mergeRuleset`). The ruleset's hash covers the resolved rules, so a variant written as overrides hashes
 * like the full copy it replaces.
 * @throws RulesetError for an `extends` that is not a string, names no ruleset, or loops
 */
export function resolveExtends(json: unknown, file: string, chain: string[]): unknown {
  if (!isObject(json) || !('extends' in json)) return json;
  const { extends: base, ...rest } = json;
  if (typeof base !== 'string' || base.length === 0)
    throw new RulesetError(file, [{ path: 'extends', message: 'must name a shipped ruleset or a ruleset file' }]);
  const baseFile = rulesetFile(base, dirname(file)).file;
  if (!existsSync(baseFile)) throw new RulesetError(file, [{ path: 'extends', message: `no ruleset "${base}" (${baseFile})` }]);
  if (chain.includes(baseFile))
    throw new RulesetError(file, [{ path: 'extends', message: `extends itself: ${[...chain, baseFile].join(' -> ')}` }]);
  const resolvedBase = resolveExtends(readJson(baseFile, baseFile), baseFile, [...chain, baseFile]);
  return mergeRuleset(resolvedBase, rest);
}

/**
 * Load a ruleset by shipped name (`full`) or by path to a JSON file. Deck files named in the ruleset are
 * looked up beside the ruleset file first, then in the shipped card data folder.
 * @throws RulesetError when the file is missing, not JSON, or fails validation (the error names the field)
 */
export function loadRuleset(nameOrPath = 'full'): Ruleset {
  const hit = cache.get(nameOrPath);
  if (hit) return hit;
  const { file, isPath } = rulesetFile(nameOrPath, process.cwd());
  if (!isPath && !existsSync(file)) throw new RulesetError(nameOrPath, [{ path: '', message: `no shipped ruleset named "${nameOrPath}"` }]);
  const json = resolveExtends(readJson(file, file), file, [file]);
  const ruleset = compileRuleset(
    json,
    (deckFile) => {
      const local = isAbsolute(deckFile) ? deckFile : join(dirname(file), deckFile);
      const path = existsSync(local) ? local : join(CARDS_DIR, deckFile);
      return readJson(path, path);
    },
    file,
  );
  cache.set(nameOrPath, ruleset);
  return ruleset;
}

/** The default ruleset (`full`). */
export function defaultRuleset(): Ruleset {
  return loadRuleset('full');
}
