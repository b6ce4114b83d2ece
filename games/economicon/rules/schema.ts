/**
 * The Economicon ruleset as data: every number of the rules document (shared/rules/economicon-v0.4.html)
 * and of the decisions docs/ECONOMICON.md records where it is silent (D-numbers), validated by zod.
 *
 * Objects are `.strict()`: a ruleset file with a misspelt field is refused with a RulesetError naming it.
 * Each field's docstring names the document section it rests on ("Setting up the game", "Playing the game",
 * "The Market", "Winning the game") or the D-number that decided it.
 */
import { z } from 'zod';
import { nat, playerRange, pos, slug, uniqueIds } from '../../../lib/schema.ts';

/** The three resources, in the engine's order (unit types 0, 1, 2). "The Market": three resources. */
export const RESOURCES = ['oil', 'electricity', 'technology'] as const;
export type Resource = (typeof RESOURCES)[number];

/** Units per kind for reserves, market and draw piles: the three resources, gold and each nation's currency. */
const UnitCounts = z.object({ oil: nat(), electricity: nat(), technology: nat(), gold: nat(), currency: nat() }).strict();
export type UnitCounts = z.infer<typeof UnitCounts>;

/**
 * A currency or gold column's printed numbers ("The Market": "a number in each available slot"), bottom slot
 * first: with c units in the column the bottom-most visible number is `printed[c]` (D4), and a full column
 * (no number visible) is worth `whenFull` (D5). Numbers fall upwards: more supply, less value.
 */
const Column = z
  .object({
    printed: z.array(pos()).min(1),
    whenFull: pos(),
  })
  .strict();
export type Column = z.infer<typeof Column>;

/** The kinds of mandate condition (D16); see mandates.ts in the engine for what each one checks. */
export const CONDITION_KINDS = [
  'holdResource',
  'holdGold',
  'holdNative',
  'holdForeign',
  'strongCurrency',
  'allResources',
  'reserveValue',
] as const;
export type ConditionKind = (typeof CONDITION_KINDS)[number];

/** One mandate card of the deck file (D16): its condition and how many copies the deck holds. */
export const MandateCard = z
  .object({
    id: slug(),
    name: z.string().min(1),
    /**
     * holdResource: at least `amount` of `resource` in reserves; holdGold / holdNative / holdForeign: at least
     * `amount` units of gold / own currency / other nations' currencies (together); strongCurrency: the X of
     * the holder's own currency at least `amount`; allResources: at least `amount` of each resource;
     * reserveValue: reserves worth at least `amount` victory points.
     */
    condition: z
      .object({
        kind: z.enum(CONDITION_KINDS),
        resource: z.enum(RESOURCES).optional(),
        amount: pos(),
      })
      .strict()
      .superRefine((c, ctx) => {
        if ((c.kind === 'holdResource') !== (c.resource !== undefined))
          ctx.addIssue({ code: 'custom', path: ['resource'], message: 'holdResource needs a resource; no other kind takes one' });
      }),
    count: pos(),
  })
  .strict();
export type MandateCard = z.infer<typeof MandateCard>;

/** A mandate deck file (rules/decks/*.json). */
export const MandateDeckFile = z
  .object({
    deck: z.literal('mandates'),
    description: z.string().optional(),
    cards: z.array(MandateCard).min(1),
  })
  .strict()
  .superRefine((d, ctx) => {
    uniqueIds(d.cards, ['cards'], ctx);
    const size = d.cards.reduce((a, c) => a + c.count, 0);
    if (size > 255) ctx.addIssue({ code: 'custom', path: ['cards'], message: `${size} cards: at most 255` });
  });
export type MandateDeckFile = z.infer<typeof MandateDeckFile>;

export const RulesetSchema = z
  .object({
    name: slug(),
    description: z.string().optional(),
    /** One nation per player, four currencies in the market ("The Market"): 2-4 players (D1). */
    players: playerRange(2, 4),
    /** "Setting up the game" step 2 (reserves) and 3 (market: `currency` per nation's column). */
    start: z.object({ reserves: UnitCounts, market: UnitCounts }).strict(),
    /**
     * Whether the columns of nations nobody plays start with `start.market.currency` units (true: every game
     * has all four currency columns, as the document's market does) or empty (D2).
     */
    absentNationsInMarket: z.boolean(),
    /** Draw piles ("the draw piles for the 8 tradable units"): units per pile, `currency` per nation (D3). */
    drawPiles: UnitCounts,
    /** "there are 12 available spots for each type of unit". */
    columnSize: pos(),
    /** Printed numbers of the gold column and of every currency column (D4, D5). */
    columns: z.object({ gold: Column, currency: Column }).strict(),
    /** "Playing the game": 1 growth action, then a growth or a trade action. */
    actionsPerTurn: z.literal(2),
    /** Growth actions ("Playing the game" 1.): amounts minted, drilled, discarded and drawn. */
    growth: z
      .object({
        mintGold: pos(),
        mintCurrency: pos(),
        drill: pos(),
        electricity: z.object({ oil: pos(), yield: pos() }).strict(),
        technology: z.object({ electricity: pos(), yield: pos() }).strict(),
      })
      .strict(),
    mandates: z
      .object({
        /** "Each player draws two mandate cards". */
        startingHand: nat(),
        /** "a player may have up to 3 unsatisfied mandates at once". */
        handLimit: pos().max(8),
        /** "The game ends once a player has satisfied 5 mandates". */
        toEnd: pos(),
        /** What one Draw action draws: one card (false) or up to the hand limit (true) (D15). */
        drawToLimit: z.boolean(),
        /**
         * Whether satisfying a mandate spends what its condition counts (true: the held units go back to their draw
         * piles) or only checks it (false or absent, the document's "satisfied ... whenever their conditions are met")
         * (D20). Optional so that rulesets written before it keep their hash.
         */
        spend: z.boolean().optional(),
        /** The deck file (rules/decks/, or beside a designer's ruleset file). */
        deck: z.string().min(1),
      })
      .strict(),
    /**
     * Sale offers to players: returned to their owner's reserves at the start of the owner's next turn (true),
     * or left open until bought (false) (D10).
     */
    offersReturnAtOwnersTurn: z.boolean(),
    /** "Winning the game": points per satisfied mandate and per resource unit in reserves. */
    points: z.object({ mandate: nat(), technology: nat(), electricity: nat(), oil: nat() }).strict(),
    /** Turns (one seat's turn each) after which a game is truncated (D18). */
    turnLimit: pos(),
  })
  .strict()
  .superRefine((r, ctx) => {
    for (const c of ['gold', 'currency'] as const) {
      if (r.columns[c].printed.length !== r.columnSize)
        ctx.addIssue({
          code: 'custom',
          path: ['columns', c, 'printed'],
          message: `needs one number per spot: ${r.columns[c].printed.length} numbers for columnSize ${r.columnSize}`,
        });
    }
    for (const k of ['oil', 'electricity', 'technology', 'gold', 'currency'] as const)
      if (r.start.market[k] > r.columnSize)
        ctx.addIssue({
          code: 'custom',
          path: ['start', 'market', k],
          message: `${r.start.market[k]} is more than the ${r.columnSize} spots of a column (columnSize)`,
        });
    if (r.mandates.startingHand > r.mandates.handLimit)
      ctx.addIssue({
        code: 'custom',
        path: ['mandates', 'startingHand'],
        message: `${r.mandates.startingHand} is more than the hand limit mandates.handLimit ${r.mandates.handLimit}`,
      });
  });

export type RulesetData = z.infer<typeof RulesetSchema>;
