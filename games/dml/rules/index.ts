/**
 * Loading, validating and compiling a Dragon's Money Laundering ruleset (the rules plus the card file).
 *
 * `loadRuleset('full')` loads a shipped ruleset by name (`full`, `three`, `mayhem`, `fire`);
 * `loadRuleset('path/to/file.json')` a designer's file, which may say `"extends": "full"` and list only what
 * differs. `hash` is a SHA-256 over the canonical JSON of the resolved rules and the card file, stable across
 * processes. The compiled tables index cards by their position in the card file (0..53).
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RulesetError } from '../../../lib/errors.ts';
import { contentHash } from '../../../lib/hash.ts';
import { rulesetLoader, zodIssues } from '../../../lib/rulesets.ts';
import { CardFile, CLASSES, EVENTS, POWERS, RulesetSchema, SUITS, VANTAGES, type RulesetData } from './schema.ts';
export { SUITS, CLASSES, EVENTS, POWERS, VANTAGES };

const here = dirname(fileURLToPath(import.meta.url));
export const RULESETS_DIR = join(here, 'rulesets');
export const DECKS_DIR = join(here, 'decks');

/** Cards in the game's card file. */
export const NUM_CARDS = 54;
/** Class bits of `Ruleset.classes[c]` (1 << index in CLASSES). */
export const C_COMMODITY = 1 << CLASSES.indexOf('commodity');
export const C_EGG = 1 << CLASSES.indexOf('dragonEgg');
export const C_EMBLEM = 1 << CLASSES.indexOf('emblem');
export const C_FOREIGN = 1 << CLASSES.indexOf('foreignMerchant');
export const C_GUILD = 1 << CLASSES.indexOf('guild');
export const C_KING = 1 << CLASSES.indexOf('merchantKing');
export const C_CHARACTER = 1 << CLASSES.indexOf('character');
/** Event type indices (EVENTS). */
export const EV_FCCC = 0;
export const EV_HATED = 1;
export const EV_CRACKDOWN = 2;
export const EV_UNION = 3;
export const EV_CARNIVAL = 4;
export const EV_GRAND = 5;
/** Vantage indices (VANTAGES). */
export const V_SHIELD = 0;
export const V_TRIBUTE = 1;
export const V_PERMISSION = 2;
export const V_FORTUNE = 3;
/** Power indices (POWERS). */
export const P_DISCARD_MARKET = 0;
export const P_RETURN_EMBLEM = 1;
export const P_SEARCH_BM = 2;
export const P_TITHE = 3;
export const P_SIEGE = 4;
export const P_EXILE_STACK = 5;
export const P_TAKE_EGG = 6;
export const P_TAKE_STOCK = 7;
export const P_THIEF = 8;

/** A validated, compiled ruleset: the data, the card file, and per-card lookup tables (index = card id 0..53). */
export interface Ruleset {
  readonly data: RulesetData;
  readonly cardFile: CardFile;
  readonly hash: string;
  /** Suit index 0..3, or -1 (Jokers). */
  readonly suit: Int8Array;
  readonly rank: Uint8Array;
  /** Class bits (C_*), after the ruleset's `guildEmblems` and `jokers`. */
  readonly classes: Uint8Array;
  readonly value: Uint8Array;
  readonly points: Uint8Array;
  /** Event type index, or -1. */
  readonly event: Int8Array;
  readonly buyingBonus: Uint8Array;
  /** Vantage index, or -1. */
  readonly vantage: Int8Array;
  /** Power index, or -1. */
  readonly power: Int8Array;
  /** 1 when the card is in the game (not excluded by `excludeClasses`). */
  readonly inGame: Uint8Array;
  /** Per suit: its Primary and Secondary Buying suits. */
  readonly primary: Int8Array;
  readonly secondary: Int8Array;
  /** Eggs in the game. */
  readonly eggs: number;
  /**
   * Per suit index: the ids of the cards of that suit, ascending; the last entry (index SUITS.length) the
   * cards of no suit (Jokers). Sums over one suit read these, not all 54 cards (zones.ts `cardsOfSuit`).
   */
  readonly suitCards: readonly Uint8Array[];
  /** The same per suit index, of the Commodities only (the cards a Buying sum can count). */
  readonly suitCommodities: readonly Uint8Array[];
  /** The same per suit index, of the cards with a Buying Bonus above 0. */
  readonly suitBonuses: readonly Uint8Array[];
  /** The ids of the Eggs in the game, ascending. */
  readonly eggCards: Uint8Array;
}

/**
 * Validate and compile ruleset data (`extends` resolved) with its card file.
 * @throws RulesetError naming every bad field
 */
export function compileRuleset(json: unknown, deckLoader: (file: string) => unknown, source = 'ruleset'): Ruleset {
  const r = RulesetSchema.safeParse(json);
  if (!r.success) throw new RulesetError(source, zodIssues(r.error));
  const data = r.data;
  const d = CardFile.safeParse(deckLoader(data.cards));
  if (!d.success) throw new RulesetError(source, zodIssues(d.error, `cards (${data.cards}) `));
  const cards = d.data.cards;
  const bits = (cl: readonly string[]) => cl.reduce((a, c) => a | (1 << CLASSES.indexOf(c as (typeof CLASSES)[number])), 0);
  const classes = Uint8Array.from(cards, (c) => {
    let b = bits(c.classes);
    if (!data.guildEmblems && b & C_GUILD) b &= ~C_EMBLEM;
    return b;
  });
  const power = Int8Array.from(cards, (c) => (c.power ? POWERS.indexOf(c.power) : -1));
  if (data.jokers === 'both')
    cards.forEach((c, i) => {
      if (c.rank === 0) {
        classes[i] |= C_FOREIGN | C_CHARACTER;
        power[i] = P_THIEF;
      }
    });
  const excluded = bits(data.excludeClasses);
  const inGame = Uint8Array.from(classes, (b) => (b & excluded ? 0 : 1));
  const suitIx = (s: string | null) => (s === null ? -1 : SUITS.indexOf(s as (typeof SUITS)[number]));
  const suit = Int8Array.from(cards, (c) => suitIx(c.suit));
  const ids = Uint8Array.from(cards.keys());
  /** Per suit index, then the cards of no suit: the ids of the cards passing `keep`, ascending. */
  const bySuit = (keep: (i: number) => boolean) => [...SUITS.map((_, u) => u), -1].map((u) => ids.filter((i) => suit[i] === u && keep(i)));
  return {
    data,
    cardFile: d.data,
    hash: contentHash({ rules: data, cards: d.data }),
    suit,
    rank: Uint8Array.from(cards, (c) => c.rank),
    classes,
    value: Uint8Array.from(cards, (c) => c.value),
    points: Uint8Array.from(cards, (c) => c.points),
    event: Int8Array.from(cards, (c) => (c.event ? EVENTS.indexOf(c.event) : -1)),
    buyingBonus: Uint8Array.from(cards, (c) => c.buyingBonus),
    vantage: Int8Array.from(cards, (c) => (c.vantage ? VANTAGES.indexOf(c.vantage) : -1)),
    power,
    inGame,
    primary: Int8Array.from(SUITS, (s) => SUITS.indexOf(data.wheel[s].primary)),
    secondary: Int8Array.from(SUITS, (s) => SUITS.indexOf(data.wheel[s].secondary)),
    eggs: cards.filter((_, i) => inGame[i] && classes[i] & C_EGG).length,
    suitCards: bySuit(() => true),
    suitCommodities: bySuit((i) => (classes[i] & C_COMMODITY) !== 0),
    suitBonuses: bySuit((i) => cards[i].buyingBonus > 0),
    eggCards: ids.filter((i) => inGame[i] && classes[i] & C_EGG),
  };
}

const load = rulesetLoader({ rulesetsDir: RULESETS_DIR, decksDir: DECKS_DIR, compile: compileRuleset });

/**
 * A ruleset by shipped name or path (cached).
 * @throws RulesetError when the file is missing, not JSON, or fails validation
 */
export function loadRuleset(nameOrPath = 'full'): Ruleset {
  return load(nameOrPath);
}

/** The shipped variants, default first. */
export const VARIANTS = ['full', 'three', 'mayhem', 'fire'] as const;
