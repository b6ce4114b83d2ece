/**
 * The Dragon's Money Laundering ruleset and card file as data, validated by zod (docs/DML.md). Every number
 * and every decision the source leaves open (D-numbers in docs/DML.md) is a field here, so a designer changes
 * the game by editing JSON. Objects are `.strict()`: a misspelt key is a RulesetError naming it.
 *
 * Source files are in the public repository Irkka/dml (branch development, rules/...); each field's docstring
 * names the file it rests on or the decision that set it.
 */
import { z } from 'zod';
import { nat, playerRange, pos, slug, uniqueIds } from '../../../lib/schema.ts';

/** The four commodity suits in the engine's order (card/class/index.md "Commodity"): spades, clubs, hearts, diamonds. */
export const SUITS = ['iron', 'wood', 'slaves', 'spice'] as const;
/** Card classes (card/class/index.md "Class definitions"). */
export const CLASSES = ['commodity', 'dragonEgg', 'emblem', 'foreignMerchant', 'guild', 'merchantKing', 'character'] as const;
/** Event types (card/class/event/index.md). */
export const EVENTS = ['fcccRegulations', 'hatedPeople', 'customsCrackdown', 'merchantUnion', 'carnivalOfCoin', 'grandOpening'] as const;
/** Vantage Bonuses by suit (card/class/index.md "Vantage Bonus"). */
export const VANTAGES = ['shield', 'tribute', 'permission', 'fortune'] as const;
/** Character Powers (card/index.md, each Jack, Queen and the Thief). */
export const POWERS = [
  'discardMarketplace',
  'returnEmblem',
  'searchBlackMarket',
  'tithe',
  'dragonSiege',
  'exileFromStack',
  'takeEgg',
  'takeStock',
  'thief',
] as const;

/** One card of the card file. */
export const CardDef = z
  .object({
    id: slug(),
    suit: z.enum(SUITS).nullable(),
    /** 1 ace .. 13 king; 0 a Joker. */
    rank: z.number().int().min(0).max(13),
    name: z.string().min(1),
    classes: z.array(z.enum(CLASSES)).min(1),
    /** Value attribute (Commodities 2-10); 0 where the card has none (an Emblem in Front is worth `emblemValue`). */
    value: nat(),
    points: nat(),
    event: z.enum(EVENTS).nullable(),
    buyingBonus: nat(),
    vantage: z.enum(VANTAGES).nullable(),
    power: z.enum(POWERS).nullable(),
  })
  .strict();
export type CardDef = z.infer<typeof CardDef>;

/** The card file (rules/decks/cards.json): exactly 54 cards, each id once. */
export const CardFile = z
  .object({
    deck: z.literal('dml-cards'),
    description: z.string().optional(),
    cards: z.array(CardDef).length(54),
  })
  .strict()
  .superRefine((d, ctx) => {
    uniqueIds(d.cards, ['cards'], ctx);
    d.cards.forEach((c, i) => {
      if (c.classes.includes('commodity') && (c.suit === null || c.value < 2))
        ctx.addIssue({ code: 'custom', path: ['cards', i], message: 'a Commodity needs a suit and a Value of at least 2' });
      if (c.classes.includes('emblem') && c.vantage === null)
        ctx.addIssue({ code: 'custom', path: ['cards', i], message: 'an Emblem needs a Vantage Bonus' });
      if (c.classes.includes('character') && c.power === null)
        ctx.addIssue({ code: 'custom', path: ['cards', i], message: 'a Character needs a Power' });
    });
  });
export type CardFile = z.infer<typeof CardFile>;

const Suit = z.enum(SUITS);

export const RulesetSchema = z
  .object({
    name: slug(),
    description: z.string().optional(),
    /** components/index.md says 3-4 players; modes/index.md's Full Game is 4 and 3-Player Smackdown 3 (D12). */
    players: playerRange(2, 4),
    /** The card file (rules/decks/, or beside a designer's ruleset file). */
    cards: z.string().min(1),
    /**
     * Cards left in the box (modes/index.md Market Mayhem: its deck is Kings and Commodities only): every card
     * with one of these classes is out of the game.
     */
    excludeClasses: z.array(z.enum(CLASSES)),
    /** Whether Tens are Emblems (false in Market Mayhem: "Emblem functionality from Guilds" removed). */
    guildEmblems: z.boolean(),
    /** D1: 'oneEach' the first Joker is the Foreign Merchant, the second the Thief; 'both' each Joker is both. */
    jokers: z.enum(['oneEach', 'both']),
    /** Wheel of Profit (card/class/index.md): per commodity suit, its Primary and Secondary Buying suits. */
    wheel: z.record(Suit, z.object({ primary: Suit, secondary: Suit }).strict()),
    /** Whether there is a Discard Pile (Market Mayhem: none; discarded cards go to Exile, D16). */
    discardPile: z.boolean(),
    /** Whether Foreign Merchants establish Black Markets (Market Mayhem: none). */
    blackMarkets: z.boolean(),
    /** D7: at most this many Black Markets at once; a further one is merged into the newest. */
    maxBlackMarkets: pos().max(8),
    /** Whether Events' Player Effects apply (Market Mayhem: none), event/index.md. */
    playerEffects: z.boolean(),
    /** Whether the Grand Opening's Guild may be declared (event/index.md; off where Player Effects are off, D17). */
    grandOpeningBuyable: z.boolean(),
    /** event/index.md: the Player Effect hits hands of at least the Event's Value; D9: Carnival and Grand Opening hit everyone. */
    carnivalForEveryone: z.boolean(),
    /** The Event's +/- modifiers (event/index.md: The Hated People +2, Merchant Union -2). */
    eventModifier: nat(),
    /** Market Phase: Actions, Minor Actions, and extra Actions from Carnival of Coin (game/index.md). */
    actions: z.object({ perTurn: nat(), minor: nat(), carnival: nat() }).strict(),
    /** Buying (buying/index.md): the Declaration cap, and D2 which cards one Declaration may hold. */
    declaration: z
      .object({
        cap: z.number().int(),
        /** 'oneSuit': any cards of one Stock; 'oneCard': a single card. */
        cards: z.enum(['oneSuit', 'oneCard']),
      })
      .strict(),
    /** An Emblem in Front has this Value (card/class/index.md "Emblem"). */
    emblemValue: pos(),
    /** D3: a Seize tie goes to the first tied seat counter-clockwise from the Active Player ('first') or to nobody. */
    seizeTie: z.enum(['first', 'nobody']),
    /** D4: in the alternating commits, 'active' commits first or 'seizer' does. */
    resolutionFirst: z.enum(['active', 'seizer']),
    /** Target Values of the fixed rolls (game/index.md: Callback 7, Black Market 7; card/index.md Thief 7). */
    targets: z.object({ callback: z.number().int(), blackMarket: z.number().int(), thief: z.number().int() }).strict(),
    /** dice_roll/index.md: Dabo re-rolls; D5 how many per roll (null: any number, the quick reference). */
    dice: z
      .object({
        maxRerolls: nat().nullable(),
        /** Woot! (6-6) triggers a Foreign Merchant; Wyvern Eyes (1-1) a Dragon Siege (Market Mayhem: neither). */
        wootForeignMerchant: z.boolean(),
        wyvernSiege: z.boolean(),
      })
      .strict(),
    /** D6: the first Turn of a Round is the seat after the Dealer ('afterDealer') or the Dealer's. */
    firstTurn: z.enum(['afterDealer', 'dealer']),
    /** D8: a Thief the Dealer discards (from the Deck or the Event Zone) goes to the Discard Pile or, literally, back into the Deck. */
    thiefFromDealer: z.enum(['discardPile', 'deck']),
    /** D10: the Jack of spades clears the Stocks only, or the Black Markets too. */
    discardMarketplace: z.enum(['stocks', 'stocksAndBlackMarkets']),
    /** Shields needed per Egg in a Dragon Siege (game/index.md "Dragon Siege", D11). */
    shieldsPerEgg: nat(),
    /**
     * D13: the Vantage Bonuses the source names but never defines. 'none' (default): no effect. tribute
     * 'ignoreHatedPeople': a seat with a Tribute is spared The Hated People's discard; permission 'ignoreBans':
     * with a Permission the Player Effects that forbid (FCCC, Customs Crackdown, Merchant Union) do not apply;
     * fortune 'luck': each Fortune lowers the owner's Callback and Black Market targets by 1.
     */
    vantage: z
      .object({
        tribute: z.enum(['none', 'ignoreHatedPeople']),
        permission: z.enum(['none', 'ignoreBans']),
        fortune: z.enum(['none', 'luck']),
      })
      .strict(),
    /** modes/index.md I See Fire: Hustled! (a failed Black Market visit loses a card into it) and elimination by Siege. */
    iSeeFire: z.object({ hustled: z.boolean(), elimination: z.boolean() }).strict(),
    /** victory_condition/index.md: Monopoly and Father of Dragons end the game at once (D14: declared automatically). */
    instantWins: z.object({ monopoly: z.boolean(), fatherOfDragons: z.boolean() }).strict(),
    /** victory_condition/index.md: Desired Commodity multiplier, Guild bonus per card, Egg points. */
    scoring: z.object({ desiredMultiplier: nat(), guildBonus: nat(), eggPoints: nat() }).strict(),
    /** D15: Rounds after which a game is truncated (a guard; no measured game reaches it). */
    roundLimit: pos(),
  })
  .strict()
  .superRefine((r, ctx) => {
    for (const s of SUITS)
      if (!r.wheel[s]) ctx.addIssue({ code: 'custom', path: ['wheel', s], message: 'every suit needs its Buying suits' });
  });
export type RulesetData = z.infer<typeof RulesetSchema>;
