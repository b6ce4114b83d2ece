/**
 * Custom decks as data: the small typed effect language the five Merlin decks (Tea Leaves, Crystal Ball,
 * Spells, Potions, Royal Decrees) are written in, validated by zod.
 *
 * A card has a trigger (when it resolves), optional waiving rolls and expiry, a target (whom or what the
 * player picks when playing it), an optional commodity cost (potion recipes) and a list of effects. Every
 * effect moves units through the engine's conserved places (players, Central Bank, R.O.W., supply) or
 * changes a counter or a production modifier. 0.1.27b "The Visions of Tomorrow", "Using Spells",
 * "Using Potions", "Royal Decrees". Later chapters extend this language; new ops are additive.
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
  z
    .object({ op: z.literal('commodity'), commodity: z.enum(COMMODITIES), from: CommodityPlace, to: CommodityPlace, amount: int().min(1) })
    .strict(),
  /**
   * Production modifier for `turns` turns on the target: the targeted slot (`slot`), or all the target
   * player's lands / properties (the owner's when the card has no target). `multiplier` 0 blocks
   * production, 2 doubles it.
   */
  z
    .object({
      op: z.literal('production'),
      scope: z.enum(['slot', 'lands', 'properties']),
      multiplier: int().min(0).max(4),
      turns: int().min(1),
    })
    .strict(),
  /** The owner takes back every investment on their properties (0.1.14a "Kings"). */
  z.object({ op: z.literal('returnInvestments') }).strict(),
  // ---- transport and the realm's prices (docs/RULES.md D127-D129; engine/market-cards.ts)
  /** For `turns` turns the owner's transport risk falls by `delta` d6 points: cart breakdowns on a 7 and robbery in trades (6: none). */
  z.object({ op: z.literal('cartWard'), delta: int().min(1).max(6), turns: int().min(1) }).strict(),
  /** For `turns` turns the realm's price for `commodity` moves by `delta` gold (at least 1): R.O.W. stimulus bids and futures cash settlement. */
  z
    .object({
      op: z.literal('marketPrice'),
      commodity: z.enum(COMMODITIES),
      delta: int()
        .min(-5)
        .max(5)
        .refine((d) => d !== 0, 'a shift of 0 does nothing'),
      turns: int().min(1),
    })
    .strict(),
  // ---- later effects (docs/RULES.md D110-D118)
  /**
   * Redistribute R.O.W. revenue: `percent` of the R.O.W.'s gold (rounded down) is split evenly among the
   * recipients, each getting the same whole amount; disregarded when that is 0 (0.1.27b "The Visions of Tomorrow").
   */
  z.object({ op: z.literal('rowShare'), percent: int().min(1).max(100), to: z.enum(['owner', 'eachPlayer']) }).strict(),
  /** The owner draws up to `count` cards: spells and recipes into the hand (as room allows), readings face up. */
  z.object({ op: z.literal('draw'), deck: z.enum(['teaLeaves', 'crystalBall', 'spells', 'potions']), count: int().min(1).max(3) }).strict(),
  /** Waive (discard unresolved) the Future Readings on the table drawn by `whose`. */
  z.object({ op: z.literal('waive'), whose: z.enum(['owner', 'others', 'all']) }).strict(),
  /** Reveal and discard up to `count` of the target player's face-down potions, oldest first. */
  z.object({ op: z.literal('dispel'), count: int().min(1) }).strict(),
  /**
   * Damage: the target's invested gold on the chosen slot (`slot`) or on each of their properties
   * (`properties`) loses up to `amount`, paid to `to`. Never disregarded: it takes what is there.
   */
  z
    .object({ op: z.literal('damage'), scope: z.enum(['slot', 'properties']), amount: int().min(1), to: z.enum(['centralBank', 'row']) })
    .strict(),
  /**
   * Heal: the Central Bank adds `amount` to the investment on the chosen slot (`slot`) or on each of the
   * target's (without a target, the owner's) invested properties (`properties`). Only properties that can
   * be invested in (no Land, no Brewery) are healed; the card is disregarded unless the bank covers it all.
   */
  z.object({ op: z.literal('heal'), scope: z.enum(['slot', 'properties']), amount: int().min(1) }).strict(),
  /**
   * Royal Decrees only (0.1.14a "Kings"; docs/RULES.md D155): the enactor puts one regulation of the ruleset's
   * catalogue (`decrees.regulations`) to a vote of every player still in the game (engine/regulations.ts).
   */
  z.object({ op: z.literal('regulation') }).strict(),
  /**
   * A royal summons (docs/RULES.md D161): the owner chooses a Royal Decree as if they had drawn a King (0.1.27b
   * "Royal Decrees": enact it for its Crown, or refuse it into the auction), at the start of their next free
   * actions (their own turn's, when it resolves before them).
   */
  z.object({ op: z.literal('decree') }).strict(),
  // ---- units (docs/RULES.md D138)
  /**
   * The card's unit (the chosen `opponentUnit` / `ownUnit`, or the golem that attacked, trigger `attacked`)
   * cannot act and stops defending for `turns` turns.
   */
  z.object({ op: z.literal('deactivateUnit'), turns: int().min(1) }).strict(),
  /** The card's unit's Attack Power / Strength (`attack`) or Hit Points / Health (`health`) change by `delta` (never below 0; at 0 Health it is defeated). */
  z.object({ op: z.literal('unitStat'), stat: z.enum(['attack', 'health']), delta: int() }).strict(),
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
  /** Resolves when an enemy golem attacks the card it lies under (potions under an `ownSpecialised` card; D138). */
  z.object({ on: z.literal('attacked') }).strict(),
]);
export type Trigger = z.infer<typeof Trigger>;

/**
 * A condition checked when the card resolves; when it does not hold the card is disregarded (D111).
 * "Owner" is who played or drew the card, "target" the chosen player.
 */
export const Condition = z.discriminatedUnion('if', [
  z.object({ if: z.literal('ownerGoldAtMost'), amount: int().min(0) }).strict(),
  z.object({ if: z.literal('ownerGoldAtLeast'), amount: int().min(0) }).strict(),
  z.object({ if: z.literal('targetGoldAtLeast'), amount: int().min(0) }).strict(),
  z.object({ if: z.literal('rowAtLeast'), amount: int().min(0) }).strict(),
  z.object({ if: z.literal('costOfLivingAtLeast'), amount: int().min(0) }).strict(),
  z.object({ if: z.literal('season'), season: z.enum(SEASONS) }).strict(),
]);
export type Condition = z.infer<typeof Condition>;

/** Whom or what a card is played on. */
export const Target = z.enum(['none', 'opponent', 'opponentLand', 'ownLand', 'ownProperty', 'opponentUnit', 'ownUnit', 'ownSpecialised']);
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
    cost: z
      .object({ souls: int().min(0), elixirOil: int().min(0), essenceGrain: int().min(0) })
      .strict()
      .optional(),
    /** Checked when the card resolves; the card is disregarded when it does not hold. */
    condition: Condition.optional(),
    effects: z.array(Effect).min(1),
    /**
     * Royal Decrees only: the cost, hidden until the decree is enacted (0.1.27b "Royal Decrees": "often
     * detrimental, hidden"; docs/RULES.md D151). `effects` is the face everybody who sees the decree reads;
     * designs with the same `name` share one face and differ in their hidden cost.
     */
    hiddenCost: z.array(Effect).min(1).optional(),
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
      if (d.deck === 'potions' && !c.cost)
        ctx.addIssue({ code: 'custom', path: ['cards', i, 'cost'], message: 'a potion recipe needs a cost' });
      if (d.deck !== 'potions' && c.cost) ctx.addIssue({ code: 'custom', path: ['cards', i, 'cost'], message: 'only potions have a cost' });
      const all = c.hiddenCost ? [...c.effects, ...c.hiddenCost] : c.effects;
      if (d.deck === 'royalDecrees' && !c.hiddenCost)
        ctx.addIssue({
          code: 'custom',
          path: ['cards', i, 'hiddenCost'],
          message: 'a decree needs a hidden cost (0.1.27b "Royal Decrees")',
        });
      if (d.deck !== 'royalDecrees' && c.hiddenCost)
        ctx.addIssue({ code: 'custom', path: ['cards', i, 'hiddenCost'], message: 'only Royal Decrees have a hidden cost' });
      if (c.hiddenCost?.some((e) => e.op === 'regulation'))
        ctx.addIssue({
          code: 'custom',
          path: ['cards', i, 'hiddenCost'],
          message: "a regulation vote is part of a decree's face, not its hidden cost",
        });
      if (d.deck !== 'royalDecrees' && c.effects.some((e) => e.op === 'regulation'))
        ctx.addIssue({
          code: 'custom',
          path: ['cards', i, 'effects'],
          message: 'only a Royal Decree opens a regulation vote (0.1.14a "Kings")',
        });
      const face = d.cards.find((o) => o.name === c.name);
      if (d.deck === 'royalDecrees' && face && face !== c && JSON.stringify(face.effects) !== JSON.stringify(c.effects))
        ctx.addIssue({
          code: 'custom',
          path: ['cards', i, 'effects'],
          message: `decrees named "${c.name}" share one face: their effects must be the same`,
        });
      const needsTarget =
        all.some((e) => (e.op === 'gold' || e.op === 'commodity') && (e.from === 'target' || e.to === 'target')) ||
        all.some((e) => ((e.op === 'production' || e.op === 'heal') && e.scope === 'slot') || e.op === 'damage' || e.op === 'dispel') ||
        c.condition?.if === 'targetGoldAtLeast';
      if (needsTarget && c.target === 'none')
        ctx.addIssue({ code: 'custom', path: ['cards', i, 'target'], message: 'effects name a target but the card has none' });
      const slotTarget = c.target === 'opponentLand' || c.target === 'ownLand' || c.target === 'ownProperty';
      const lists: ['effects' | 'hiddenCost', Effect[]][] = c.hiddenCost
        ? [
            ['effects', c.effects],
            ['hiddenCost', c.hiddenCost],
          ]
        : [['effects', c.effects]];
      for (const [field, list] of lists)
        list.forEach((e, j) => {
          if ((e.op === 'production' || e.op === 'damage' || e.op === 'heal') && e.scope === 'slot' && c.target !== 'none' && !slotTarget)
            ctx.addIssue({
              code: 'custom',
              path: ['cards', i, field, j, 'scope'],
              message: `scope "slot" needs a slot target (opponentLand, ownLand or ownProperty), not ${c.target}`,
            });
          if (e.op === 'dispel' && c.target !== 'opponent' && c.target !== 'opponentLand')
            ctx.addIssue({ code: 'custom', path: ['cards', i, field, j], message: 'dispel needs an opponent target' });
          if (d.deck === 'royalDecrees' && e.op === 'counter' && e.counter !== 'volatility' && Math.abs(e.delta) !== 1)
            ctx.addIssue({
              code: 'custom',
              path: ['cards', i, field, j, 'delta'],
              message: 'a decree changes the Cost of the Living, Research Cost or tax rate by one (0.1.14a "Kings")',
            });
        });
      const allowed: Record<string, string[]> = {
        teaLeaves: ['none'],
        crystalBall: ['none'],
        royalDecrees: ['none'],
        spells: ['none', 'opponent', 'opponentLand', 'opponentUnit'],
        potions: ['none', 'ownLand', 'ownProperty', 'ownUnit', 'ownSpecialised'],
      };
      const unitOp = c.effects.some((e) => e.op === 'deactivateUnit' || e.op === 'unitStat');
      const unitSource = c.target === 'opponentUnit' || c.target === 'ownUnit' || c.trigger.on === 'attacked';
      if (unitOp !== unitSource)
        ctx.addIssue({
          code: 'custom',
          path: ['cards', i, 'target'],
          message: unitOp
            ? 'a unit effect needs an opponentUnit or ownUnit target, or the attacked trigger'
            : 'a unit target or the attacked trigger needs a unit effect',
        });
      if (c.target === 'ownUnit' && c.trigger.on !== 'now')
        ctx.addIssue({
          code: 'custom',
          path: ['cards', i, 'trigger'],
          message: 'a potion on a unit resolves when brewed: trigger must be "now"',
        });
      if (c.trigger.on === 'attacked' && c.target !== 'ownSpecialised')
        ctx.addIssue({ code: 'custom', path: ['cards', i, 'trigger'], message: 'attacked needs an ownSpecialised target' });
      if (!allowed[d.deck].includes(c.target))
        ctx.addIssue({
          code: 'custom',
          path: ['cards', i, 'target'],
          message: `a ${d.deck} card can target ${allowed[d.deck].join(' or ')}`,
        });
      if (d.deck === 'royalDecrees' && c.condition)
        ctx.addIssue({
          code: 'custom',
          path: ['cards', i, 'condition'],
          message: 'a decree has no condition: its drawer sees what enacting it does',
        });
      if ((d.deck === 'spells' || d.deck === 'royalDecrees') && c.trigger.on !== 'now')
        ctx.addIssue({ code: 'custom', path: ['cards', i, 'trigger'], message: `${d.deck} resolve when played: trigger must be "now"` });
      if ((d.deck === 'teaLeaves' || d.deck === 'crystalBall') && c.trigger.on === 'slotRolled')
        ctx.addIssue({ code: 'custom', path: ['cards', i, 'trigger'], message: 'a Future Reading lies under no slot' });
      if (c.trigger.on === 'slotRolled' && c.target !== 'ownLand' && c.target !== 'ownProperty')
        ctx.addIssue({ code: 'custom', path: ['cards', i, 'trigger'], message: 'slotRolled needs an ownLand or ownProperty target' });
    });
  });
export type DeckFile = z.infer<typeof DeckFile>;

/**
 * Planned vocabulary (docs/RULES.md D119): ops, triggers and targets designed for cards that act on parts of
 * the market chapter the engine does not model (card effects on horse carts, a market-wide target). They are
 * NOT part of `Effect`, `Trigger` or `Target`: a deck file using one is refused by `plannedIssues` with
 * "needs ... which the engine does not implement", and the cards written in them (docs/RULES.md 4.3) are kept
 * out of the shipped decks until the engine does.
 */
export const PLANNED_OPS = {
  /** The owner's horse carts cost `delta` gold less to hire ("Horse Carts") for `turns` turns. */
  cartDiscount: {
    needs: 'card effects on horse carts, which the engine does not implement',
    schema: z.object({ op: z.literal('cartDiscount'), delta: int().min(1), turns: int().min(1) }).strict(),
  },
} as const;
export const PLANNED_TRIGGERS: Record<string, string> = {
  /** When the owner's horse cart sets out. */
  cartDispatched: 'card effects on horse carts, which the engine does not implement',
};
export const PLANNED_TARGETS: Record<string, string> = {
  market: 'a market-wide card target, which the engine does not implement',
};

/**
 * Issues for every use of the planned vocabulary in a raw deck file (before zod): path and a "needs ..."
 * message, so that a designer sees why such a card is refused.
 */
export function plannedIssues(json: unknown): { path: (string | number)[]; message: string }[] {
  const out: { path: (string | number)[]; message: string }[] = [];
  const cards = (json as { cards?: unknown })?.cards;
  if (!Array.isArray(cards)) return out;
  cards.forEach((c: Record<string, unknown>, i) => {
    if (!c || typeof c !== 'object') return;
    const trig = (c.trigger as { on?: string } | undefined)?.on;
    if (trig && trig in PLANNED_TRIGGERS)
      out.push({ path: ['cards', i, 'trigger', 'on'], message: `trigger "${trig}" needs ${PLANNED_TRIGGERS[trig]}` });
    if (typeof c.target === 'string' && c.target in PLANNED_TARGETS)
      out.push({ path: ['cards', i, 'target'], message: `target "${c.target}" needs ${PLANNED_TARGETS[c.target]}` });
    if (!Array.isArray(c.effects)) return;
    c.effects.forEach((e: { op?: string }, j) => {
      const op = e?.op;
      if (!op || !(op in PLANNED_OPS)) return;
      const planned = PLANNED_OPS[op as keyof typeof PLANNED_OPS];
      const r = planned.schema.safeParse(e);
      const fields = r.success
        ? ''
        : ` (and its fields are wrong: ${r.error.issues.map((x) => `${x.path.join('.') || op}: ${x.message}`).join('; ')})`;
      out.push({ path: ['cards', i, 'effects', j, 'op'], message: `op "${op}" needs ${planned.needs}${fields}` });
    });
  });
  return out;
}
