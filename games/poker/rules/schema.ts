/**
 * The poker ruleset as data, validated by zod: the deck, the ante and each betting round's bet and raise cap.
 * Objects are `.strict()`: a misspelt key is a RulesetError naming it. The shipped rulesets are Leduc hold'em
 * (`leduc.json`) and Kuhn poker (`kuhn.json`, which `extends` it and lists what differs).
 */
import { z } from 'zod';
import { nat, playerRange, pos, slug } from '../../../lib/schema.ts';

/** One betting round: the size of a bet or raise (chips) and how many bets and raises it allows in all. */
const Round = z.object({ bet: pos().max(1000), maxRaises: nat().max(8) }).strict();

export const RulesetSchema = z
  .object({
    name: slug(),
    description: z.string().optional(),
    players: playerRange(2, 10),
    /** Cards of each rank; the deck has players + 1 ranks (OpenSpiel's deck for both games). */
    suits: pos().max(4),
    /** Chips each seat puts in the pot before the deal. */
    ante: nat().max(1000),
    /** The betting rounds, in order; before each round after the first, one public card is dealt. */
    rounds: z.array(Round).min(1).max(4),
  })
  .strict()
  .superRefine((r, ctx) => {
    const cards = (r.players.max + 1) * r.suits;
    const needed = r.players.max + r.rounds.length - 1;
    if (cards < needed)
      ctx.addIssue({
        code: 'custom',
        path: ['suits'],
        message: `suits x (players.max + 1) = ${cards} cards: too few for ${r.players.max} private cards and ${r.rounds.length - 1} public card(s), one before each of the rounds after the first`,
      });
  });
export type RulesetData = z.infer<typeof RulesetSchema>;
