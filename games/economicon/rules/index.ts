/**
 * Loading, validating and compiling an Economicon ruleset (the rules plus the mandate deck file).
 *
 * `loadRuleset('standard')` loads a shipped ruleset by name; `loadRuleset('path/to/file.json')` a designer's
 * file, which may say `"extends": "standard"` (or a path relative to it) and list only what differs. The rules
 * and the deck are validated by zod (a typo'd key is a RulesetError naming it). `hash` is a SHA-256 over the
 * canonical JSON of the resolved rules and the deck, stable across processes.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RulesetError } from '../../../lib/errors.ts';
import { contentHash } from '../../../lib/hash.ts';
import { rulesetLoader, zodIssues } from '../../../lib/rulesets.ts';
export { mergeRuleset } from '../../../lib/rulesets.ts';
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

/**
 * Validate and compile ruleset data (parsed JSON, `extends` already resolved) with its deck.
 * @param deckLoader returns the parsed JSON of the deck file named in `json.mandates.deck`
 * @throws RulesetError naming every bad field (deck fields prefixed `mandates.deck (file)`)
 */
export function compileRuleset(json: unknown, deckLoader: (file: string) => unknown, source = 'ruleset'): Ruleset {
  const r = RulesetSchema.safeParse(json);
  if (!r.success) throw new RulesetError(source, zodIssues(r.error, '', json));
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

const load = rulesetLoader({ rulesetsDir: RULESETS_DIR, decksDir: DECKS_DIR, compile: compileRuleset });

/**
 * Load a ruleset by shipped name (`standard`, `open-offers`, `spending`) or path (lib/rulesets.ts: `extends`
 * resolved, the deck file looked up beside the ruleset file first, then in DECKS_DIR; cached).
 * @throws RulesetError when the file is missing, not JSON, or fails validation
 */
export function loadRuleset(nameOrPath = 'standard'): Ruleset {
  return load(nameOrPath);
}

/** The shipped variant names. */
export const VARIANTS = ['standard', 'open-offers', 'spending'] as const;
