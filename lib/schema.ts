/**
 * Zod pieces every game's rules schema uses (games/NAME/rules/schema.ts), declared once: counts, names and ids,
 * the player range, and the check that the entries of a deck or card file have distinct ids.
 *
 *   const RulesetSchema = z.object({ name: slug(), players: playerRange(2, 4), turnLimit: pos() }).strict();
 *   const Deck = z.object({ cards: z.array(Card) }).strict().superRefine((d, ctx) => uniqueIds(d.cards, ['cards'], ctx));
 */
import { z } from 'zod';

/** A whole number >= 0 (a count of tokens, cards, points). */
export const nat = () => z.number().int().min(0);
/** A whole number >= 1. */
export const pos = () => z.number().int().min(1);
/** A ruleset's name or an entry's id: lower-case letters, digits and dashes. */
export const slug = () => z.string().regex(/^[a-z0-9-]+$/);

/** The player counts a ruleset allows: whole numbers in [lo, hi] with `min <= max` (an issue at the range otherwise). */
export const playerRange = (lo: number, hi: number) =>
  z
    .object({ min: z.number().int().min(lo).max(hi), max: z.number().int().min(lo).max(hi) })
    .strict()
    .superRefine((p, ctx) => {
      if (p.min > p.max) ctx.addIssue({ code: 'custom', path: [], message: `need min <= max, got min ${p.min} > max ${p.max}` });
    });

/** Add an issue for each entry of `items` whose id an earlier one has (at `[...path, i, 'id']`). */
export function uniqueIds(items: readonly { id: string }[], path: (string | number)[], ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  items.forEach((c, i) => {
    if (seen.has(c.id)) ctx.addIssue({ code: 'custom', path: [...path, i, 'id'], message: `duplicate id "${c.id}"` });
    seen.add(c.id);
  });
}
