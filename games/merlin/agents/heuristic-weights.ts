/**
 * The heuristic's weights (games/merlin/agents/heuristic.json, or a designer's file for `heuristic:PATH`): the zod
 * schema, each field's meaning, and `loadWeights`. The agent is heuristic.ts.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { ArgumentError } from '../../../lib/errors.ts';

export const HeuristicWeights = z
  .object({
    description: z.string().optional(),
    reserveGold: z.number(),
    reserveTaxYears: z.number(),
    cardValue: z.number(),
    buyUntilTurn: z.number(),
    maxHand: z.number(),
    propertyBonus: z.number(),
    labBonus: z.number(),
    landBonus: z.number(),
    commodityValue: z.number(),
    spellBonus: z.number(),
    potionBonus: z.number(),
    fundLabBonus: z.number(),
    specialiseBonus: z.number(),
    investOptimism: z.number(),
    chauffeurBonus: z.number(),
    pocketFloat: z.number(),
    depositBonus: z.number(),
    plantBonus: z.number(),
    spellKeep: z.number(),
    crownValue: z.number(),
    /** Extra worth of the next Crown per Crown already held (it chases Royal Favor), and how near Royal Favor (Crowns short) it stops spending them on taxes. */
    crownChase: z.number().default(0),
    keepCrownsWithin: z.number().default(0),
    decreeBidMax: z.number(),
    auctionBid: z.number(),
    preferCrystalBall: z.boolean(),
    taxVote: z.enum(['keep', 'raise', 'lower']),
    /** It votes to lower the Cost of the Living above this value, and the Volatility above this one (D48's votes). */
    lowerCostOfLivingAbove: z.number().default(2),
    lowerVolatilityAbove: z.number().default(1),
    /** Combat (the combat chapter): worth of a golem on the board (before its Soul), of a Royal Guard (before its cost), */
    golemBonus: z.number(),
    guardBonus: z.number(),
    /** of defeating a unit or destroying a card (besides its own worth), and of taking up a defence. */
    attackBonus: z.number(),
    defendBonus: z.number(),
    /** Grand Market (the market and finance chapters): gold per unit the agent wants beyond a unit's fair value (the Cost of the Living) to trade. */
    marketMargin: z.number().default(1),
    /** Units of each commodity it keeps rather than puts into an ask. */
    keepUnits: z.number().default(2),
    /** Most Grand Market bids it keeps open at once (their gold is locked until they fill or leave escrow). */
    maxOpenBids: z.number().default(3),
    // ---- against the waiting line (solvency, turn order, readings, votes, finance): each defaults to the first heuristic's
    // behaviour (heuristic-v1.json leaves them out)
    /**
     * Solvency: gold kept for the Sevens' holding charge per commodity unit it holds or planted (a multiple of the
     * charge), and extra gold kept while the Season Wheel is `taxAlertSteps` portions or fewer from a tax season.
     */
    holdingChargeCover: z.number().default(0),
    taxAlertSteps: z.number().default(0),
    taxAlertReserve: z.number().default(0),
    /** Sell a property to the Central Bank to pay a tax it cannot otherwise pay, when the tax season is that near. */
    liquidateForTax: z.boolean().default(false),
    /**
     * Turn-order auction by the worth of a position: gold per position from first to last (interpolated for any
     * number of players); absent, it bids `auctionBid`. The last seat also receives `auction.lastSeatSharePercent` of the pot.
     */
    seatValues: z.array(z.number()).min(2).optional(),
    /** Future Reading: draw from the deck whose expected worth (cards' data, triggers and waivers) is higher, rather than `preferCrystalBall`. */
    readingByValue: z.boolean().default(false),
    /** Turns a reading without an expiry is taken to run for, and the worth of one extra reading drawn. */
    readingHorizon: z.number().default(24),
    /**
     * Worth of one gold that every player gains or pays alike (positive: it helps the agent stay solvent), plus
     * `sharedPressure` when the agent is short of the coming tax, minus `sharedPressure` times the share of rivals that are.
     */
    sharedGold: z.number().default(0),
    sharedPressure: z.number().default(0),
    /**
     * Votes by standing (taxes, Cost of the Living, Volatility): the change in its net worth against the richest rival,
     * the cards it expects to buy (`cardsPerYear`) over `voteHorizonYears`, the tax each pays over that horizon, and
     * `pressureValue` per unit of the share of its cash the next tax takes (raised for rivals, lowered for itself).
     */
    voteByStanding: z.boolean().default(false),
    voteHorizonYears: z.number().default(1),
    cardsPerYear: z.number().default(0),
    pressureValue: z.number().default(0),
    /**
     * Finance. A Chauffeur (needed to write derivatives, lend and mint) is worth `chauffeurFinanceBonus` once it
     * holds `chauffeurMinProperties` properties; `resonanceValue` per expected gold of resonance a year.
     */
    chauffeurFinanceBonus: z.number().default(0),
    chauffeurMinProperties: z.number().default(99),
    /** What a commodity unit beyond `keepUnits` is worth to it, as a share of the Cost of the Living (writes futures above it). */
    surplusUnitValue: z.number().default(1),
    /** Writes futures, sells insurance, lends and issues or buys bonds when the expected value beats `contractMargin`. */
    writeContracts: z.boolean().default(false),
    /** Gold it wants beyond a contract's expected value to write or take it (futures, insurance, loans, bonds); absent, `marketMargin`. */
    contractMargin: z.number().optional(),
    /** Worth, as a multiple of the expected cover, of insurance on a 7 to a holder of commodities (the holding charge it hedges). */
    insuranceHedge: z.number().default(0),
    /** Chance it puts on a borrower or bond issuer not paying in full, per gold owed above the debtor's net worth share. */
    defaultRisk: z.number().default(0.5),
    /** Gold it would pay to avoid being bankrupt at a tax season (borrowing, issuing a bond when short). */
    bankruptcyCost: z.number().default(0),
    // ---- every chapter (each defaults to the behaviour before it; heuristic.json sets them)
    /** Worth of a royal summons (a reading's `decree` effect, D161) as a share of the next Crown's worth. */
    summonsCrownShare: z.number().default(0),
    /** Gold per spent card already under a lab added to funding it again (a lab with three becomes a Spell Shop or Brewery). */
    labProgressBonus: z.number().default(0),
    /** Gold of its reserve it may spend on funding a lab. */
    researchReserveDip: z.number().default(0),
    /**
     * Share of the Cost of the Living a commodity unit is worth above its price while the agent needs it (Souls with a golem
     * in hand, Essence Grain with a Brewery, the units its potions in hand cost); with a positive premium it proposes
     * trades of units it has beyond `keepUnits` for units it needs, and asks for needed units in Grand Market bids.
     */
    needPremium: z.number().default(0),
    /**
     * Share of the gold a rolled 7 would take from its pocket (`sevens.pocketLossPercent`) that it counts as saved by keeping
     * gold in a Chauffeur's vault; it withdraws what its reserve, a card's price or an offer needs.
     */
    vaultShelter: z.number().default(0),
    /** Short of the coming tax, it auctions its weakest property to the other players before it sells one to the Central Bank. */
    auctionForTax: z.boolean().default(false),
    /**
     * Sales to players and the Private Mint: it offers spells beyond `spellKeep` and Mead to players who can pay, buys spells
     * and Mead below their worth to it, issues shares and resells bonds, shares and futures contracts when short of the
     * coming tax, and buys shares priced below their expected dividends over `shareHorizonTurns`.
     */
    mintSales: z.boolean().default(false),
    shareHorizonTurns: z.number().default(0),
    /** Last Call: gold it sets on a Brewery defended against an enemy unit in reach of it (absent or 0: it never calls). */
    breweryGuardValue: z.number().default(0),
    /** Extra worth of a golem ability's second option when it pays (the enhanced bomb with Grain to spare, the Hit Point for a hurt Sentinel). */
    abilityAltBonus: z.number().default(-0.5),
  })
  .strict();
export type HeuristicWeights = z.infer<typeof HeuristicWeights>;

const here = dirname(fileURLToPath(import.meta.url));

/** Load and validate a weights file (default: games/merlin/agents/heuristic.json). @throws ArgumentError naming the field */
export function loadWeights(path = join(here, 'heuristic.json')): HeuristicWeights {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new ArgumentError(`heuristic weights ${path}: ${(e as Error).message}`);
  }
  const r = HeuristicWeights.safeParse(json);
  if (!r.success)
    throw new ArgumentError(
      `heuristic weights ${path}: ` + r.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; '),
    );
  return r.data;
}
