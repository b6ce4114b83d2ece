/**
 * The Merlin Economics ruleset as data: every number and switch of the rules, validated by zod.
 *
 * Objects are `.strict()`: a ruleset file with a misspelt field is refused with an error naming the field.
 * Sources are the rulebooks in ../shared/rules (0.1.27b wins over 0.1.22b over 0.1.14a); every field's
 * docstring names the section it rests on, and docs/RULES.md records every interpretation.
 */
import { z } from 'zod';

const int = () => z.number().int();
const nat = () => z.number().int().min(0);

/** The three commodities, in the engine's fixed order (index 0, 1, 2). 0.1.27b "Commodities". */
export const COMMODITIES = ['souls', 'elixirOil', 'essenceGrain'] as const;
export type Commodity = (typeof COMMODITIES)[number];
export const SEASONS = ['summer', 'autumn', 'winter', 'spring'] as const;
export type Season = (typeof SEASONS)[number];

const commodityCounts = z.object({ souls: nat(), elixirOil: nat(), essenceGrain: nat() }).strict();

/** One portion (a month) of a season wheel. 0.1.27b "The Two Season Wheels". */
const WheelPortion = z
  .object({
    label: z.string().min(1),
    season: z.enum(SEASONS),
    /** Multiplier on Souls and Essence Grain production (0 = none, 2 = double). */
    soulsGrainMultiplier: nat(),
    /** Multiplier on Elixir Oil production. */
    oilMultiplier: nat(),
    /** Taxes are collected when the wheel enters this portion (0.1.14a "Taxes": every spring). */
    taxSeason: z.boolean(),
  })
  .strict();
export type WheelPortion = z.infer<typeof WheelPortion>;

/**
 * The actions a regulation can govern (0.1.14a "Kings": regulations target actions, never a named player;
 * docs/RULES.md D152). Index = place in `MerlinState.regulation`.
 */
export const REGULATED_ACTIONS = ['buyCard', 'fundLab', 'castSpell', 'sellSpell', 'writeFuture', 'brewMead'] as const;

/**
 * One regulation of the catalogue the players vote on (0.1.14a "Kings" "a sheet lists the regulations"):
 * `ban` makes the action illegal; `fee` makes it cost `gold` more, paid to the Central Bank or the R.O.W.
 * At most one regulation per action is in force (docs/RULES.md D152, D153).
 */
export const Regulation = z.discriminatedUnion('rule', [
  z
    .object({ id: z.string().regex(/^[a-z0-9-]+$/), name: z.string().min(1), rule: z.literal('ban'), action: z.enum(REGULATED_ACTIONS) })
    .strict(),
  z
    .object({
      id: z.string().regex(/^[a-z0-9-]+$/),
      name: z.string().min(1),
      rule: z.literal('fee'),
      action: z.enum(REGULATED_ACTIONS),
      gold: int().min(1),
      to: z.enum(['centralBank', 'row']),
    })
    .strict(),
]);
export type Regulation = z.infer<typeof Regulation>;

const Wheel = z
  .object({
    portions: z.array(WheelPortion).min(1),
    /** Portions the wheel advances on doubles (0.1.27b "The Dice of Destiny": one portion). */
    advanceOnDoubles: nat(),
    /** Roll totals that advance the wheel one extra portion (the Erratic wheel's unpredictability). */
    extraAdvanceOnTotals: z.array(int().min(2).max(12)),
  })
  .strict();

export const RulesetSchema = z
  .object({
    /** Human name of the ruleset (e.g. "full"). */
    name: z.string().min(1),
    description: z.string(),
    /** Player counts: the drafts say 4-6; the engine allows 2-6. 0.1.27b "Overview". */
    players: z.object({ min: int().min(2).max(6), max: int().min(2).max(6), default: int().min(2).max(6) }).strict(),
    /** Finite supplies: 100 gold, 30 of each commodity. 0.1.27b "Resources". */
    supply: z.object({ gold: nat(), commodities: commodityCounts }).strict(),
    /** Starting values. 0.1.27b "Game Setup" 2. */
    start: z
      .object({
        gold: nat(),
        costOfLiving: nat(),
        researchCost: nat(),
        volatility: nat(),
        /** Project decision (drafts give none): see docs/RULES.md "Tax rate". */
        taxRate: nat(),
        /** Index of the first wheel portion ("Start of Summer"). */
        wheelPortion: nat(),
      })
      .strict(),
    /** Floors of the counters when votes or cards lower them (project decision). */
    /** Lowest values of the counters (D40); Volatility's floor keeps a rolled 7 inflationary (D48). */
    floors: z.object({ costOfLiving: nat(), researchCost: nat(), taxRate: nat(), volatility: nat().default(0) }).strict(),
    /** Gold paid when a property's number is rolled, by number. 0.1.27b "Clubs" table. */
    payout: z.record(z.string().regex(/^(2|3|4|5|6|8|9|10)$/), nat()),
    /** Specialised properties (Spell Shop, Brewery) pay this multiple. 0.1.14a "Clubs", "Property Value". */
    specialisedPayoutMultiplier: nat(),
    /** Land numbers per commodity. 0.1.27b "Land Cards". */
    landNumbers: z.object({ souls: z.array(int()), elixirOil: z.array(int()), essenceGrain: z.array(int()) }).strict(),
    /** Commodities that planting doubles. 0.1.27b "Planting Commodities". */
    plantable: z.array(z.enum(COMMODITIES)),
    /** Units a Land produces per roll before planting and seasons. */
    landYield: int().min(1),
    /** Spell Shop / Brewery maintenance, gold to the Central Bank. 0.1.27b "Maintenance Costs". */
    maintenance: nat(),
    research: z
      .object({
        /** Spent cards under a lab that make it successful. 0.1.27b "Research Success". */
        spentForSuccess: int().min(1),
        /** Research Cost rise on a rolled 7. 0.1.27b "The Dice of Destiny". */
        riseOnSeven: nat(),
      })
      .strict(),
    /** Mead: Essence Grain per Mead and its price to the Central Bank in multiples of the Cost of the Living. */
    mead: z.object({ grainPerMead: int().min(1), priceInCostOfLiving: nat() }).strict(),
    /**
     * Who receives the price of a bought card (D15): `row`, the Revenue Office of Wizards, the realm's office that
     * spends its revenue on the players through Future Readings (0.1.27b "All permits cost the current Cost of the
     * Living to acquire from the Council's offices"; 0.1.14a "Central Bank": the bank collects research money and lost
     * investments); `centralBank`, the previous reading.
     */
    cardPricePaidTo: z.enum(['row', 'centralBank']).default('centralBank'),
    /**
     * Tea Leaves cards one Tea Leaves draw lays, one after the other (0.1.27b "The Visions of Tomorrow": Tea Leaves
     * "are drawn more frequently"; docs/RULES.md D159). Absent: 1, the same as a Crystal Ball draw.
     */
    teaLeavesPerDraw: int().min(1).max(4).optional(),
    /**
     * Cards face up in the Council's offices (0.1.27b 'The First Turn' 2 A: "Lay Claim to Properties: Purchase
     * available property cards"; docs/RULES.md D15): a Buy action then takes one of them by choice, at the same
     * price, and the empty place is refilled from the deck by the buyer's draw (Aces, 7s and Jokers drawn on the
     * way act at once, as any drawn card does). Absent: no display, a Buy action draws the top card unseen.
     */
    councilDisplay: int().min(1).max(8).optional(),
    /** Price of a spell sold to the Central Bank through a Spell Shop, in Costs of the Living (drafts silent). */
    spellPriceInCostOfLiving: nat(),
    /** Other players may sell spells through your Spell Shop (0.1.27b "Brokerage Services"). */
    spellShopBrokerage: z.boolean(),
    chauffeur: z
      .object({
        /** Gold in the vault per one gold of resonance. 0.1.27b "Passive Resonance". */
        resonancePer: int().min(1),
        /** Which roll makes a Chauffeur resonate; see docs/RULES.md "Chauffeur resonance". */
        resonance: z.enum(['faces', 'sum']),
      })
      .strict(),
    sevens: z
      .object({
        /** Gold per commodity unit to keep it on a 7. 0.1.27b "The Sevens of Upheaval" 2. */
        holdingChargePerUnit: nat(),
        /** Also play every 7 card left in the draw pile on a rolled 7 (literal reading; default off). */
        playSevenCardsInDeckOnRoll: z.boolean(),
        /**
         * Percent of each player's pocket change (rounded down) lost to the Central Bank on a rolled 7, after the
         * holding charge; vaults and investments are not pocket change. 0.1.27b "The Glitter of Gold": pocket change
         * "can be vulnerable to loss or theft during certain events, like the roll of a 7" (docs/RULES.md D157).
         */
        pocketLossPercent: int().min(0).max(100).default(0),
        /**
         * Every change of the Cost of the Living moves it by Volatility per step: a card's, a vote's or a
         * King's change of k moves it k x Volatility (rolled 7s and 7 cards move it by Volatility either way).
         * 0.1.14a 'Cost of the Living': "When increasing or decreasing the Cost of Living … Volatility"
         * (docs/RULES.md D158). Absent or false: only the 7s use Volatility (the newest drafts' reading).
         */
        everyChangeByVolatility: z.boolean().optional(),
      })
      .strict(),
    taxes: z
      .object({
        /** Extra tax per property, in tax rates. 0.1.14a "Taxes". */
        perPropertyInRates: nat(),
        /** Factor for specialised properties. 0.1.14a "Taxes". */
        specialisedFactor: nat(),
        /** A Crown may be spent to skip a year's tax. 0.1.14a "Kings". */
        crownSkipsTax: z.boolean(),
        /** The unanimous tax-rate vote after taxes. 0.1.14a "Taxes". */
        vote: z.boolean(),
        /**
         * Then a unanimous vote to cut the Cost of the Living (D48). 0.1.27b "The Sevens of Upheaval" 1: "can be
         * reduced on unanimous vote during tax season". Each player votes keep or the largest cut it accepts (one of
         * `costOfLivingCuts`, in gold); the cut every player accepted, the smallest vote, is made. false: no such vote
         * (the reduction only through the tax-rate vote, the previous reading).
         */
        costOfLivingVote: z.boolean().default(false),
        /** The cuts on the Cost of the Living vote's ballot, in gold, ascending (D48). */
        costOfLivingCuts: z.array(int().min(1)).min(1).max(8).default([1]),
        /**
         * Then a vote to raise, keep or lower the Volatility by one (D48). 0.1.14a "7s": Volatility "can be voted
         * on by all players"; `majority` (more votes for one change than for each other choice), `unanimous`, or
         * `off` (the previous reading: Volatility only moved by cards).
         */
        volatilityVote: z.enum(['majority', 'unanimous', 'off']).default('off'),
      })
      .strict(),
    bankruptcy: z.object({ /** Months (wheel portions) to recover. 0.1.14a "Bankruptcy". */ graceMonths: int().min(1) }).strict(),
    victory: z
      .object({
        /** Crowns to play for Royal Favor. 0.1.27b "Victory Conditions". */
        crownsToWin: int().min(1),
        /** Royal Favor needs strictly the highest net worth (true) or a share of it (false). */
        strictlyHighestNetWorth: z.boolean(),
        /**
         * Economic Dominance when every rival is eliminated, bankrupt at any moment (`bankrupt`, the snapshot),
         * or bankrupt through a turn of its own whose automatic repayment failed (`unrepaid`). D33.
         */
        dominance: z.enum(['eliminated', 'bankrupt', 'unrepaid']),
      })
      .strict(),
    /**
     * Combat switches (the `market` variant turns them off). Without golems, Jacks and Queens are left
     * out of the playing deck; without Royal Guards, a King is discarded after its decree instead of
     * staying in hand. The combat chapter (engine/combat.ts) builds golems and Royal Guards on these switches.
     */
    combat: z
      .object({
        golems: z.boolean(),
        royalGuards: z.boolean(),
        /** Souls returned to the supply to animate a golem. 0.1.27b "Animating a Golem" 1. */
        soulsToAnimate: nat(),
        /** Units (golems and Royal Guards) that may stand on one card. 0.1.22b "Golem Stacking" (D82). */
        stackMax: int().min(1).max(2),
        /**
         * Golem alignment (D83): 'strict' lets only black (aggressive) golems attack properties and only red
         * (defensive) golems defend; 'none' lets every golem do both. 0.1.27b "Golem Alignments".
         */
        alignment: z.enum(['strict', 'none']),
        /** Hit points of a standard card and of a property with a permit on top. 0.1.27b "Attacking Properties" 3. */
        propertyHp: int().min(1),
        permittedPropertyHp: int().min(1),
        /** Entrenched property: a d6 at most this produces. 0.1.27b "Attacking Properties" 6. */
        entrenchedProducesUpTo: int().min(0).max(6),
        /** Roll totals on which a defending golem heals its damaged property one hit. 0.1.14a "Jacks and Queens". */
        healOnTotals: z.array(int().min(2).max(12)),
        /** Terrain: Spell Shop attack bonus, Land attack change, Brewery defence bonus. 0.1.22b "Terrain Effects". */
        terrain: z.object({ spellShopAttack: int(), landAttack: int(), breweryHp: nat() }).strict(),
        /** Suit synergy of two same-suit golems together: Clubs attack, Hearts hit points. 0.1.22b "Suit Synergy". */
        synergy: z.object({ clubsAttack: nat(), heartsHp: nat() }).strict(),
        /** Royal Guard: motivation cost above the Cost of the Living, and the extra gold to act at once. 0.1.27b "Motivating the Royal Guard". */
        guardBaseCost: nat(),
        guardHasteCost: nat(),
        /** Royal Guards one player may have on the field. 0.1.27b "Motivating the Royal Guard" 4. */
        guardsOnField: int().min(1),
        /** A Royal Guard's extra damage when it strikes a golem first. 0.1.27b "Royal Guard vs. Golem Combat" 1. */
        guardFirstStrikeBonus: nat(),
        /** The Kings' one-time abilities. 0.1.22b each King. */
        kings: z
          .object({
            /** Stalwart Defender (Hearts): Cost of the Living change, extra Health for one turn. */
            stalwartDefender: z.object({ costOfLivingDelta: int(), health: nat() }).strict(),
            /** Swift Executioner (Spades): Cost of the Living change, attacks on the turn played. */
            swiftExecutioner: z.object({ costOfLivingDelta: int(), attacks: int().min(1) }).strict(),
            /**
             * Grand Artificer (Diamonds): Cost of the Living change, Strength or Health added to another guard;
             * Fortify Will: a spell aimed at the guard is resisted on d6 + `willBonus` >= `resistSpellsAt` (D139).
             */
            grandArtificer: z
              .object({ costOfLivingDelta: int(), bonus: nat(), strengthBonus: nat(), willBonus: nat(), resistSpellsAt: int().min(2) })
              .strict(),
            /** Imposing Colossus (Clubs): Cost of the Living change. */
            imposingColossus: z.object({ costOfLivingDelta: int() }).strict(),
          })
          .strict(),
        /**
         * The Overly Eager Sentinel's (Jack of Clubs) Impetuous Assault: Souls it costs, and the roll total of
         * the turn on which its attacks are doubled. 0.1.22b "The Overly Eager Sentinel".
         */
        impetuousAssault: z.object({ souls: nat(), doubleOnTotal: int().min(2).max(12) }).strict(),
        /**
         * The Adaptive Sentinel's (Jack of Diamonds) Tactical Flexibility: Essence Grain it costs, and the roll
         * totals of the turn on which it is free. 0.1.22b "The Adaptive Sentinel".
         */
        tacticalFlexibility: z.object({ grain: nat(), freeOnTotals: z.array(int().min(2).max(12)) }).strict(),
        /**
         * The Inspirational Liege's (Queen of Hearts) Royal Boon: its cost, the bonus to friendly golems in her
         * aura, and the bonus when the turn's roll is `bigOnTotal`. 0.1.22b "The Inspirational Liege".
         */
        /**
         * The Harmonious Sentinel's (Jack of Spades) Coordinated Strike: Souls and Essence Grain, the Spades
         * synergy's extra damage, and the roll total on which the strike is doubled. 0.1.22b.
         */
        coordinatedStrike: z.object({ souls: nat(), grain: nat(), spadesBonus: nat(), doubleOnTotal: int().min(2).max(12) }).strict(),
        /**
         * The Tactical Artificer's (Queen of Spades) Transmute Golem: Souls, the roll total on which a Queen may be
         * sacrificed, and what the golem that took the power pays more of its primary resource per ability use (D140).
         */
        transmute: z.object({ souls: nat(), queensOnTotal: int().min(2).max(12), surcharge: nat() }).strict(),
        royalBoon: z.object({ souls: nat(), grain: nat(), bonus: nat(), bigBonus: nat(), bigOnTotal: int().min(2).max(12) }).strict(),
        /**
         * The Explosive Artillerist's (Queen of Diamonds) Strategic Bombardment: Essence Grain it costs (less on
         * `cheapOnTotal`), the damage to each target in her area, and the extra Grain of the enhanced bomb.
         */
        bombardment: z
          .object({ grain: nat(), cheapGrain: nat(), cheapOnTotal: int().min(2).max(12), damage: nat(), enhanceGrain: nat() })
          .strict(),
        /** The Stalwart Sentinel's (Jack of Hearts) Bulwark Stance: Souls and Elixir Oil; Hit Points doubled on `doubleOnTotal`. */
        bulwark: z.object({ souls: nat(), elixirOil: nat(), doubleOnTotal: int().min(2).max(12) }).strict(),
        /** The Shielding Sovereign's (Queen of Clubs) Aegis of the Realm: Elixir Oil, and interceptions (more on `bigOnTotal`). */
        aegis: z
          .object({ elixirOil: nat(), charges: int().min(1).max(2), bigCharges: int().min(1).max(2), bigOnTotal: int().min(2).max(12) })
          .strict(),
        /**
         * The combination attacks (0.1.22b "Combination Attacks"; D136): each costs this on top of the Queen's own
         * ability. Impetuous Bombardment adds `extraDamage` to the bomb; Inspiring Bulwark adds `hp` Hit Points
         * to every friendly golem while the Royal Boon lasts and heals the Stalwart Sentinel's card `heal` hits.
         */
        combinations: z
          .object({
            impetuousBombardment: z.object({ souls: nat(), grain: nat(), extraDamage: nat() }).strict(),
            coordinatedDefense: z.object({ souls: nat(), elixirOil: nat() }).strict(),
            inspiringBulwark: z.object({ souls: nat(), grain: nat(), elixirOil: nat(), hp: nat(), heal: nat() }).strict(),
          })
          .strict(),
        /**
         * A combat-ready start (the `skirmish` variant): cards dealt from the deck into every hand at setup
         * (Club properties, Jacks and Queens, Kings) and commodities from the supply (the golems' abilities
         * cost Elixir Oil and Essence Grain too). All zero in `full`.
         */
        start: z.object({ properties: nat(), golems: nat(), kings: nat(), souls: nat(), elixirOil: nat(), essenceGrain: nat() }).strict(),
      })
      .strict(),
    /**
     * The table as a board (D80): every field is a grid of `cols` columns and fieldSlots / cols rows; the
     * fields sit side by side around the table, each seat's right edge touching the next seat's left edge.
     */
    board: z
      .object({
        cols: int().min(2).max(8),
        /**
         * Where a played property or lab goes (D81): 'choose' opens a slot choice (any empty slot of the
         * player's field); 'first' takes the first empty slot in reading order (where position cannot matter).
         */
        placement: z.enum(['choose', 'first']),
        /**
         * Units may also step onto empty grid squares (true), or only onto cards (false: 0.1.27b "move up to
         * one space (one property) to an adjacent property"). D80.
         */
        walkEmpty: z.boolean(),
      })
      .strict(),
    /** The playing-card deck. 0.1.27b "Required Decks" (one per player) vs 0.1.22b (one). */
    deck: z.object({ mode: z.enum(['perPlayer', 'single']), jokers: z.boolean() }).strict(),
    auction: z
      .object({
        /** Tie rule for the turn-order auction (D22): lots at once (the default), or re-auction among the tied, then lots. */
        ties: z.enum(['reauction', 'lots']),
        /** Share of the pot to the last seat, in percent; the rest to the Central Bank. */
        lastSeatSharePercent: int().min(0).max(100),
        /**
         * Gold from the Central Bank to each player once the order is fixed: `positionGold` × its position (0 for
         * the first, 1 for the second...), as far as the bank holds it, the last position paid first. Absent: none
         * (the drafts give no such payment; D163).
         */
        positionGold: int().min(1).max(5).optional(),
      })
      .strict(),
    decrees: z
      .object({
        /** Decrees revealed to the King's drawer to choose from. */
        choices: int().min(1).max(4),
        /** Share of a refused decree's winning bid to the drawer, in percent; the rest to the Central Bank. */
        drawerSharePercent: int().min(0).max(100),
        /** The regulations catalogue a decree's `regulation` vote draws its motion from (1 to 8; docs/RULES.md D152). */
        regulations: z
          .array(Regulation)
          .min(1)
          .max(8)
          .refine((a) => new Set(a.map((r) => r.id)).size === a.length, 'regulation ids must be unique'),
      })
      .strict(),
    climate: z
      .object({
        /** Climate Change counter value that switches to the Erratic wheel (project decision). */
        threshold: int().min(1),
        /** Counter rise per Elixir Oil produced. 0.1.14a "Climate Change". */
        perOil: nat(),
      })
      .strict(),
    wheels: z.object({ standard: Wheel, erratic: Wheel }).strict(),
    /** Action grids: finite menus for amounts (gold). 0 in a grid means "all". */
    grids: z
      .object({
        invest: z.array(nat()).min(1).max(6),
        vault: z.array(nat()).min(1).max(6),
        /** Highest bid in any auction (bids are 0..maxBid). */
        maxBid: int().min(1).max(64),
      })
      .strict(),
    /**
     * The market and finance chapters: the Grand Market, horse-cart transport and trading between players (0.1.27b "The Grand
     * Market", "Commodity Transport"; 0.1.14a "The Grand Market", "Trading Between Players", "Auctioning").
     * Every menu here is a grid, so the action catalogue stays a fixed, flat Discrete space
     * (docs/RULES.md D54..D79).
     */
    market: z
      .object({
        /** Switch for the whole chapter (bids, asks, carts, trades, property sales). */
        enabled: z.boolean(),
        /** Price grid of bids and asks, gold per unit, ascending (D54). */
        prices: z.array(int().min(1)).min(1).max(12),
        /** Units one ask (one cart) carries; 0 = all held units of the commodity (D57). */
        askLots: z.array(nat()).min(1).max(4),
        /** Months without any bid on a commodity before the R.O.W. stimulus. 0.1.27b "Market Stimulus". */
        stimulusMonths: int().min(1),
        /** Bids the R.O.W. creates at the Cost of the Living. 0.1.27b "Market Stimulus". */
        stimulusBids: int().min(1),
        /** A cart on the road when a 7 is rolled breaks down on a d6 at or below this. 0.1.27b "Commodity Transport". */
        cartBreakdownAtOrBelow: int().min(0).max(6),
        /** Robbery roll between trading players: a d6 at or below this loses the roller's goods. 0.1.27b "Trading between Players" (D62). */
        robberyAtOrBelow: int().min(0).max(6),
        /** The same when the two have ever targeted each other with spells (D62). */
        robberyAtOrBelowIfTargeted: int().min(0).max(6),
        /** Commodity units per trade offer item. */
        tradeLots: z.array(int().min(1)).min(1).max(4),
        /** Gold amounts per trade offer item. */
        tradeGold: z.array(int().min(1)).min(1).max(6),
        /** Asking prices of a property offered to another player, in gold. */
        propertyPrices: z.array(int().min(1)).min(1).max(6),
        /** Opening bids of a property auction, in gold; only openings at or below the property value are offered (0.1.14a "Clubs"). */
        auctionOpenings: z.array(nat()).min(1).max(6),
        /** Each raise in a property auction adds this much gold (0.1.14a "Bid Auctioning"). */
        auctionStep: int().min(1),
        /** Spell and Mead sales to other players (0.1.27b "Spell Shops", "Breweries"; D130-D132). */
        playerSales: z.boolean(),
        /** Asking prices of a spell offered to another player, in gold. */
        spellPrices: z.array(int().min(1)).min(1).max(8),
        /**
         * Offers to other players (a trade, a property sale or auction, a contract, bond or share resale, a loan, a
         * spell or a Mead) a player may have refused in one turn (an auction nobody bids in counts) before making no
         * more that turn (D160); absent: no limit.
         */
        refusalsPerTurn: int().min(1).max(40).optional(),
      })
      .strict(),
    /**
     * The market and finance chapters: futures contracts written from a Chauffeur (0.1.27b "Commodity Derivatives"; 0.1.14a
     * "Futures", "Forward Price"). docs/RULES.md D67-D71.
     */
    finance: z
      .object({
        /** Switch for futures. */
        futures: z.boolean(),
        /** Contracts open at once on the table (fixes the catalogue and observation sizes). */
        maxContracts: int().min(1).max(16),
        /** Units of the commodity in one bushel (one contract). 0.1.27b: 3. */
        bushel: int().min(1),
        /** Forward prices in gold per contract (per bushel). */
        forwardPrices: z.array(int().min(1)).min(1).max(8),
        /** Expiries in months (wheel portions) after the contract is written. */
        expiryMonths: z.array(int().min(1)).min(1).max(4),
        /** Switch for loans from a Chauffeur vault (0.1.27b "Chauffeurs": "Lending Magic"; D74-D76). */
        loans: z.boolean(),
        /** Loans open at once on the table. */
        maxLoans: int().min(1).max(16),
        /** Principal grid, gold lent. */
        loanAmounts: z.array(int().min(1)).min(1).max(6),
        /** Interest grid: percent of the principal due on top of it at the term (rounded up). */
        loanRatesPercent: z.array(nat()).min(1).max(6),
        /** Terms in months until repayment is due. */
        loanTermMonths: z.array(int().min(1)).min(1).max(4),
        /** Insurance sold from a Chauffeur (0.1.27b "Insurance"; D77-D79). */
        insurance: z
          .object({
            enabled: z.boolean(),
            /** Policies on the table at once. */
            maxPolicies: int().min(1).max(16),
            /** Periods a policy covers, in turns (each turn is one roll). */
            periodTurns: z.array(int().min(1)).min(1).max(4),
            /** The catalogue of insurable events. */
            events: z
              .array(
                z
                  .object({
                    name: z.string().min(1),
                    /** 'roll': the roll's total is one of `totals`; 'blockedLand': the number of one of the buyer's Lands is rolled while a production modifier of 0 (a blocking spell or potion) lies on it. */
                    kind: z.enum(['roll', 'blockedLand']),
                    totals: z.array(int().min(2).max(12)),
                    /** The payout is premium × payoutMultiple ("pays 3:1"), locked from the seller's vaults at the sale. */
                    payoutMultiple: int().min(1),
                    /** Premium in gold, by season: it changes only when the season changes. */
                    premiums: z.object({ summer: int().min(1), autumn: int().min(1), winter: int().min(1), spring: int().min(1) }).strict(),
                  })
                  .strict(),
              )
              .min(1)
              .max(8),
          })
          .strict(),
        /**
         * The Private Mint (0.1.27b "Chauffeurs": "Private Mint"; 0.1.14a "Bid/Ask Table" stock): bonds and shares
         * issued by a player with a Chauffeur. docs/RULES.md D121-D126. No player-issued currency (D73).
         */
        mint: z
          .object({
            /** Switch for bonds (a fixed coupon, the face repaid at maturity). */
            bonds: z.boolean(),
            /** Bonds on the table at once (fixes the catalogue and observation sizes). */
            maxBonds: int().min(1).max(16),
            /** Face values in gold: what the buyer pays the issuer and the issuer repays at maturity. */
            bondFaces: z.array(int().min(1)).min(1).max(6),
            /** Coupon grid: percent of the face paid at the start of each of the issuer's turns (rounded up). */
            bondCouponPercent: z.array(nat()).min(1).max(4),
            /** Maturities in months after the bond is bought. */
            bondTermMonths: z.array(int().min(1)).min(1).max(4),
            /** Resale prices of a bond, in gold. */
            bondPrices: z.array(int().min(1)).min(1).max(8),
            /** Switch for shares (a claim on a fraction of the issuer's property gold payouts). */
            shares: z.boolean(),
            /** Shares on the table at once. */
            maxShares: int().min(1).max(16),
            /** The fraction one share claims, in percent of each property payout (rounded down per payout). */
            shareFractionsPercent: z.array(int().min(1).max(100)).min(1).max(4),
            /** Most percent of a player's payouts its shares may claim together. */
            maxSharePercent: int().min(1).max(100),
            /** Issue and resale prices of a share, in gold. */
            sharePrices: z.array(int().min(1)).min(1).max(8),
          })
          .strict(),
      })
      .strict(),
    /** Table limits that fix the action catalogue's size. */
    table: z.object({ fieldSlots: int().min(4).max(32), handSize: int().min(4).max(32) }).strict(),
    /** Truncation: the game stops after this many turns (RL truncation, net-worth ranking). */
    turnLimit: int().min(1),
    /** Actions a player may take in one turn before only "end turn" is legal. */
    maxActionsPerTurn: int().min(1),
    /** Card data files (relative to games/merlin/cards/data) for the five custom decks. */
    decks: z
      .object({
        teaLeaves: z.string(),
        crystalBall: z.string(),
        spells: z.string(),
        potions: z.string(),
        royalDecrees: z.string(),
      })
      .strict(),
  })
  .strict()
  .superRefine((r, ctx) => {
    if (r.players.min > r.players.max || r.players.default < r.players.min || r.players.default > r.players.max)
      ctx.addIssue({
        code: 'custom',
        path: ['players'],
        message: `need min <= default <= max, got min ${r.players.min}, default ${r.players.default}, max ${r.players.max}`,
      });
    if (r.supply.gold < r.players.max * r.start.gold)
      ctx.addIssue({
        code: 'custom',
        path: ['supply', 'gold'],
        message: `must cover starting gold for max players: ${r.players.max} players x start.gold ${r.start.gold} = ${r.players.max * r.start.gold} > supply.gold ${r.supply.gold}`,
      });
    const st = r.combat.start;
    if (st.properties + st.golems + st.kings > r.table.handSize)
      ctx.addIssue({
        code: 'custom',
        path: ['combat', 'start'],
        message: `deals properties ${st.properties} + golems ${st.golems} + kings ${st.kings} = ${st.properties + st.golems + st.kings} cards into a hand of table.handSize ${r.table.handSize}`,
      });
    for (const n of ['2', '3', '4', '5', '6', '8', '9', '10'])
      if (!(n in r.payout)) ctx.addIssue({ code: 'custom', path: ['payout', n], message: 'missing payout' });
    for (const w of ['standard', 'erratic'] as const) {
      const p = r.wheels[w].portions;
      if (r.start.wheelPortion >= p.length)
        ctx.addIssue({
          code: 'custom',
          path: ['start', 'wheelPortion'],
          message: `portion ${r.start.wheelPortion} is outside the ${w} wheel (portions 0..${p.length - 1})`,
        });
    }
    if (r.table.fieldSlots % r.board.cols !== 0)
      ctx.addIssue({
        code: 'custom',
        path: ['board', 'cols'],
        message: `board.cols ${r.board.cols} must divide table.fieldSlots ${r.table.fieldSlots}`,
      });
    if (r.wheels.standard.portions.length !== r.wheels.erratic.portions.length)
      ctx.addIssue({
        code: 'custom',
        path: ['wheels'],
        message: `both wheels need the same number of portions, got standard ${r.wheels.standard.portions.length} and erratic ${r.wheels.erratic.portions.length}`,
      });
  });

export type RulesetData = z.infer<typeof RulesetSchema>;
