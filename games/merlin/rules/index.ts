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
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RulesetError } from '../../../lib/errors.ts';
import { contentHash } from '../../../lib/hash.ts';
import { rulesetLoader, zodIssues } from '../../../lib/rulesets.ts';
export { mergeRuleset } from '../../../lib/rulesets.ts';
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

/** `cards.3.effects.0.amount` -> `cards.3 (id "x").effects.0.amount`, so a designer finds the card by index and id. */
function namedCardPath(json: unknown, path: (string | number)[]): string {
  const flat = path.map(String);
  if (flat[0] !== 'cards' || flat.length < 2) return flat.join('.');
  const card = ((json as { cards?: { id?: unknown }[] })?.cards ?? [])[Number(flat[1])];
  const id = card && typeof card.id === 'string' ? ` (id "${card.id}")` : '';
  return [`cards.${flat[1]}${id}`, ...flat.slice(2)].join('.');
}

/**
 * Every problem in a deck file's JSON: ops, triggers and targets the engine does not resolve yet
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
  if (!r.success) throw new RulesetError(source, zodIssues(r.error, '', json));
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

const load = rulesetLoader({ rulesetsDir: RULESETS_DIR, decksDir: CARDS_DIR, compile: compileRuleset });

/**
 * Load a ruleset by shipped name (`full`) or by path to a JSON file (lib/rulesets.ts: a file may say
 * `"extends": "full"` or `"extends": "./base.json"` and list only what differs; the ruleset's hash covers the
 * resolved rules, so a variant written as overrides hashes like the full copy it replaces). Deck files named in
 * the ruleset are looked up beside the ruleset file first, then in the shipped card data folder. Cached.
 * @throws RulesetError when the file is missing, not JSON, or fails validation (the error names the field)
 */
export function loadRuleset(nameOrPath = 'full'): Ruleset {
  return load(nameOrPath);
}

/** The default ruleset (`full`). */
export function defaultRuleset(): Ruleset {
  return loadRuleset('full');
}
