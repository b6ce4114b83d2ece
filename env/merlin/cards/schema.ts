/**
 * Custom decks as data: the small typed effect language the five Merlin decks (Tea Leaves, Crystal Ball,
 * Spells, Potions, Royal Decrees) are written in, validated by zod.
 *
 * A card has a trigger (when it resolves), optional waiving rolls and expiry, a target (whom or what the
 * player picks when playing it), an optional commodity cost (potion recipes) and a list of effects. Every
 * effect moves units through the engine's conserved places (players, Central Bank, R.O.W., supply) or
 * changes a counter or a production modifier. 0.1.27b "The Visions of Tomorrow", "Using Spells",
 * "Using Potions", "Royal Decrees". Part 4 of the engine extends this language; new ops are additive.
 */
import { z } from 'zod';
import { COMMODITIES, SEASONS } from '../rules/schema.ts';

const int = () => z.number().int();

/** Where gold or commodities come from or go to. `owner`: who played/drew the card; `target`: the chosen player. */
export const GoldPlace = z.enum(['centralBank', 'row', 'owner', 'target', 'eachPlayer']);
export const CommodityPlace = z.enum(['supply', 'owner', 'target', 'eachPlayer']);

export const Effect = z.discriminatedUnion('op', [
  /** Change a public counter by `delta` (floors from the ruleset apply). */
  z.object({ op: z.literal('counter'), counter: z.enum(['costOfLiving', 'researchCost', 'taxRate', 'volatility']), delta: int() }).strict(),
  /** Move `amount` gold; `eachPlayer` as `to` pays each active player `amount`. */
  z.object({ op: z.literal('gold'), from: GoldPlace, to: GoldPlace, amount: int().min(1) }).strict(),
  /** Move `amount` units of a commodity. */
  z.object({ op: z.literal('commodity'), commodity: z.enum(COMMODITIES), from: CommodityPlace, to: CommodityPlace, amount: int().min(1) }).strict(),
  /**
   * Production modifier for `turns` turns on the target: the targeted slot (`slot`), or all the target
   * player's lands / properties. `multiplier` 0 blocks production, 2 doubles it.
   */
  z.object({ op: z.literal('production'), scope: z.enum(['slot', 'lands', 'properties']), multiplier: int().min(0).max(4), turns: int().min(1) }).strict(),
  /** The owner takes back every investment on their properties (0.1.14a "Kings"). */
  z.object({ op: z.literal('returnInvestments') }).strict(),
]);
export type Effect = z.infer<typeof Effect>;

export const Trigger = z.discriminatedUnion('on', [
  /** Resolves at once when played. */
  z.object({ on: z.literal('now') }).strict(),
  /** Resolves at the first later roll whose total is in `totals`. */
  z.object({ on: z.literal('roll'), totals: z.array(int().min(2).max(12)).min(1) }).strict(),
  /** Resolves at the start of the `turns`-th turn after it was played. */
  z.object({ on: z.literal('turns'), turns: int().min(1) }).strict(),
  /** Resolves when the season wheel enters `season`. */
  z.object({ on: z.literal('season'), season: z.enum(SEASONS) }).strict(),
  /** Resolves when the slot it lies under produces (its number is rolled). Potions under a card. */
  z.object({ on: z.literal('slotRolled') }).strict(),
]);
export type Trigger = z.infer<typeof Trigger>;

/** Whom or what a card is played on. */
export const Target = z.enum(['none', 'opponent', 'opponentLand', 'ownLand', 'ownProperty']);
export type Target = z.infer<typeof Target>;

export const CardDef = z
  .object({
    id: z.string().regex(/^[a-z0-9-]+$/, 'lower-case letters, digits and dashes'),
    name: z.string().min(1),
    flavour: z.string().min(1),
    /** Copies of this card in the deck. */
    count: int().min(1),
    target: Target.default('none'),
    trigger: Trigger.default({ on: 'now' }),
    /** Roll totals that waive (cancel) a pending card before it resolves. */
    waiveOn: z.array(int().min(2).max(12)).default([]),
    /** A pending card that has not resolved after this many turns is discarded. */
    expiresAfterTurns: int().min(1).optional(),
    /** Commodities a potion recipe costs to brew. */
    cost: z.object({ souls: int().min(0), elixirOil: int().min(0), essenceGrain: int().min(0) }).strict().optional(),
    effects: z.array(Effect).min(1),
  })
  .strict();
export type CardDef = z.infer<typeof CardDef>;

export const DECK_NAMES = ['teaLeaves', 'crystalBall', 'spells', 'potions', 'royalDecrees'] as const;
export type DeckName = (typeof DECK_NAMES)[number];

export const DeckFile = z
  .object({
    deck: z.enum(DECK_NAMES),
    /** The rulebook's card count for this deck; the cards' counts must add up to it. */
    size: int().min(1),
    /** Free text on where the cards come from (authored by the project: the drafts' spreadsheets are lost). */
    source: z.string(),
    cards: z.array(CardDef).min(1),
  })
  .strict()
  .superRefine((d, ctx) => {
    const total = d.cards.reduce((s, c) => s + c.count, 0);
    if (total !== d.size) ctx.addIssue({ code: 'custom', path: ['cards'], message: `counts add up to ${total}, the deck needs ${d.size}` });
    const ids = new Set<string>();
    d.cards.forEach((c, i) => {
      if (ids.has(c.id)) ctx.addIssue({ code: 'custom', path: ['cards', i, 'id'], message: `duplicate id ${c.id}` });
      ids.add(c.id);
      if (d.deck === 'potions' && !c.cost) ctx.addIssue({ code: 'custom', path: ['cards', i, 'cost'], message: 'a potion recipe needs a cost' });
      if (d.deck !== 'potions' && c.cost) ctx.addIssue({ code: 'custom', path: ['cards', i, 'cost'], message: 'only potions have a cost' });
      const needsTarget = c.effects.some((e) => (e.op === 'gold' || e.op === 'commodity') && (e.from === 'target' || e.to === 'target')) || c.effects.some((e) => e.op === 'production');
      if (needsTarget && c.target === 'none') ctx.addIssue({ code: 'custom', path: ['cards', i, 'target'], message: 'effects name a target but the card has none' });
      const allowed: Record<string, string[]> = {
        teaLeaves: ['none'], crystalBall: ['none'], royalDecrees: ['none'],
        spells: ['none', 'opponent', 'opponentLand'], potions: ['none', 'ownLand', 'ownProperty'],
      };
      if (!allowed[d.deck].includes(c.target)) ctx.addIssue({ code: 'custom', path: ['cards', i, 'target'], message: `a ${d.deck} card can target ${allowed[d.deck].join(' or ')}` });
      if ((d.deck === 'spells' || d.deck === 'royalDecrees') && c.trigger.on !== 'now')
        ctx.addIssue({ code: 'custom', path: ['cards', i, 'trigger'], message: `${d.deck} resolve when played: trigger must be "now"` });
      if ((d.deck === 'teaLeaves' || d.deck === 'crystalBall') && c.trigger.on === 'slotRolled')
        ctx.addIssue({ code: 'custom', path: ['cards', i, 'trigger'], message: 'a Future Reading lies under no slot' });
      if (c.trigger.on === 'slotRolled' && c.target !== 'ownLand' && c.target !== 'ownProperty')
        ctx.addIssue({ code: 'custom', path: ['cards', i, 'trigger'], message: 'slotRolled needs an ownLand or ownProperty target' });
    });
  });
export type DeckFile = z.infer<typeof DeckFile>;
