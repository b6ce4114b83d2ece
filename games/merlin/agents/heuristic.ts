/**
 * `heuristic` (and `heuristic:PATH` for a designer's weights file): a hand-written economist for Merlin.
 *
 * It scores every legal action in gold-equivalents and plays the best one, ending its turn when nothing
 * beats doing nothing. It places every property (expected payout per 36 rolls), Lands on its weakest
 * properties, labs it can fund; buys cards while a card pays (`cardValue` plus the Crown a King brings, 4 in 52,
 * against the Cost of the Living) and it keeps a reserve for the coming tax; chases Royal Favor: the next Crown is
 * worth more for each it holds (`crownChase`), it keeps its Crowns rather than spend them on tax when within
 * `keepCrownsWithin` of Royal Favor, and one Crown short it buys cards and bids for refused decrees with its whole
 * pocket; in tax season it votes the tax rate `taxVote`, the largest Cost of the Living cut that leaves it at
 * `lowerCostOfLivingAbove`, and Volatility down to `lowerVolatilityAbove` (D48); keeps at most `maxOpenBids` Grand
 * Market bids (gold in a bid is gold not buying cards); turns successful
 * labs into Spell Shops / Breweries on its best-paying property; brews and sells Mead; plants Souls and
 * Grain; casts spells on the net-worth leader; takes decrees when the Crown is worth it and bids for
 * refused ones; pays taxes (spending a Crown only when it cannot pay) and plays its Crowns the moment
 * Royal Favor is legal. In combat it animates golems and motivates a Royal Guard when it can spare the Soul or
 * gold, marches aggressive units toward the nearest enemy card, attacks when the expected exchange of blows
 * favours it, and lets defensive units defend. On the Grand Market (the market and finance chapters) it values a unit at the Cost
 * of the Living (what net worth counts): it sells into bids and buys from asks that beat that value by
 * `marketMargin`, keeps a bid below it and an ask above it, puts units beyond `keepUnits` up for sale, accepts
 * trade and property offers whose expected value (after the robbery roll) is positive, buys futures priced below
 * a bushel's value, and buys insurance on roll events priced below their odds; the first heuristic never starts
 * trades, writes contracts, lends or sells insurance itself (the weights against the waiting line do, below). Investing is scored by its expected value: a property's number comes before a 7
 * with probability p/(p+6/36) < 1/2, so with the default `investOptimism` of 1 it never invests; raise it
 * to make the agent gamble. Deterministic (no randomness); it reads only public information and its own
 * hand from the state. Weights: games/merlin/agents/heuristic.json (zod-validated).
 *
 * Against the waiting line (each switched by a weight whose absence keeps the behaviour above; heuristic-v1.json is the first
 * heuristic): it keeps the coming tax, the Sevens' holding charge on its units and, near a tax season on the Season
 * Wheel, `taxAlertReserve` in reserve, and sells a property when short of the tax; bids for turn order by the worth
 * of the positions (`seatValues`); draws the Future Reading deck whose cards are worth more (`readingByValue`); votes
 * by its standing against the richest rival (`voteByStanding`); and, with a Chauffeur, writes futures on surplus units,
 * sells insurance, lends and issues bonds when their expected value beats `contractMargin` (`writeContracts`).
 * docs/AGENTS.md "Playing against the waiting line".
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { Agent, AgentContext } from '../../../env/core/agent.ts';
import { ArgumentError } from '../../../lib/errors.ts';
import type { Ruleset } from '../rules/index.ts';
import { catalogue, Kind, type ActionCatalogue } from '../engine/actions.ts';
import { HAND_POTION, HAND_SPELL, MintPending, Pending, Phase, SlotKind, TopKind, type MerlinState } from '../engine/state.ts';
import { MintOffer } from '../engine/mint.ts';
import { ownsTop } from '../engine/research.ts';
import { isGolemCard } from '../engine/kernel/units.ts';
import { rankOf, Suit, suitOf } from '../engine/cards.ts';
import { cardDef, DECK_INDEX } from '../engine/effects.ts';
import { handCardDef } from '../engine/magic.ts';
import { netWorth } from '../engine/victory.ts';
import { taxOwed, VOTE_CUT } from '../engine/taxes.ts';
import { taxableProperties } from '../engine/properties.ts';
import { amountDue, vaultGold } from '../engine/loans.ts';
import { hasChauffeur } from '../engine/futures.ts';
import { motionRepeals } from '../engine/regulations.ts';
import type { CardDef, DeckName } from '../cards/schema.ts';
import {
  attackPropertyOk,
  attackUnitOk,
  cardHp,
  destroyed,
  isAggressive,
  isGuardCard,
  motivationCost,
  moveOk,
  power,
  squareKey,
  unitAt,
  Verb,
  verbOpen,
  ward,
} from '../engine/combat.ts';
import { geometry, standable } from '../engine/board.ts';
import { bestAsk, bestBid, bidPrice } from '../engine/market.ts';
import { itemAmount, itemCategory, nextAuctionBid, robberyThreshold, tradeItemCount } from '../engine/trade.ts';

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

/** Ways to roll each total with two dice (index = total). */
const WAYS = [0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1];

export class HeuristicAgent implements Agent {
  readonly spec: string;
  readonly needsObservation = false;
  private readonly cat: ActionCatalogue;

  constructor(
    private readonly rs: Ruleset,
    private readonly w: HeuristicWeights = loadWeights(),
    spec = 'heuristic',
  ) {
    this.spec = spec;
    this.cat = catalogue(rs);
  }

  act(_obs: Float32Array | null, _mask: Uint8Array | null, ctx: AgentContext): number {
    const s = ctx.state as MerlinState;
    if (!s) throw new ArgumentError('the heuristic agent needs context.state');
    if (ctx.numLegal === 1) return ctx.legal[0];
    let best = ctx.legal[0];
    let bestScore = -Infinity;
    for (let i = 0; i < ctx.numLegal; i++) {
      const a = ctx.legal[i];
      const v = this.score(s, ctx.seat, a);
      if (v > bestScore) {
        bestScore = v;
        best = a;
      }
    }
    return best;
  }

  /**
   * Its vote in tax season (0 keep, 1 raise, 2 lower, VOTE_CUT + i a cut): on the tax rate, `taxVote`; on the Cost
   * of the Living, the largest cut that leaves it at or above `lowerCostOfLivingAbove` (cheaper cards for a buyer);
   * on the Volatility, lower while it stands above `lowerVolatilityAbove` (each 7 then inflates less).
   */
  private scoreVote(s: MerlinState, vote: number, seat = s.decider): number {
    const w = this.w;
    if (w.voteByStanding) return vote === this.standingVote(s, seat) ? 1 : 0;
    let want = 0;
    if (s.phase === Phase.TaxVote) want = w.taxVote === 'raise' ? 1 : w.taxVote === 'lower' ? 2 : 0;
    else if (s.phase === Phase.CostOfLivingVote) {
      const cuts = this.rs.data.taxes.costOfLivingCuts;
      for (let i = 0; i < cuts.length; i++) if (s.costOfLiving - cuts[i] >= w.lowerCostOfLivingAbove) want = VOTE_CUT + i;
    } else if (s.phase === Phase.VolatilityVote) want = s.volatility > w.lowerVolatilityAbove ? 2 : 0;
    return vote === want ? 1 : 0;
  }

  /**
   * Worth of face-up card `c` of the Council's offices (D15) before its price: a blind card's `cardValue`, plus
   * what playing this card is worth (the PlayCard bonuses) over the average permit's, plus a King's Crown.
   */
  private displayedCardValue(s: MerlinState, seat: number, c: number): number {
    const w = this.w;
    const n = rankOf(c);
    if (n === 13) return w.cardValue + this.crownWorth(s, seat);
    const averagePermit = (w.propertyBonus + w.landBonus + 2 * w.labBonus) / 4;
    if (n === 11 || n === 12) return w.cardValue - averagePermit; // a golem: no PlayCard bonus
    const suit = suitOf(c);
    const play =
      suit === Suit.Clubs
        ? w.propertyBonus + this.propertyYield(n) / 6
        : suit === Suit.Diamonds
          ? w.landBonus + (WAYS[n] / 6) * w.commodityValue
          : w.labBonus;
    return w.cardValue + play - averagePermit;
  }

  /** Worth of a blind card bought now, net of its price: `cardValue`, plus the Crown a King's decree brings (0.1.27b "Royal Decrees"; 4 cards in 52). */
  private buyWorth(s: MerlinState, seat: number): number {
    return this.w.cardValue + (4 / 52) * this.crownWorth(s, seat) - s.costOfLiving;
  }

  /** Expected gold per 36 rolls of a property numbered n. */
  private propertyYield(n: number): number {
    return this.rs.payout[n] * WAYS[n];
  }

  /**
   * Gold `seat` keeps in pocket: `reserveGold`, `reserveTaxYears` times the tax it owes at the next tax season
   * (engine/taxes.ts taxOwed), the Sevens' holding charge on the commodity units it holds or planted times
   * `holdingChargeCover`, and `taxAlertReserve` more while the Season Wheel is `taxAlertSteps` portions or fewer
   * from a tax season (a tax-season snapshot then finds it solvent).
   */
  reserve(s: MerlinState, seat: number): number {
    const w = this.w;
    let r = w.reserveGold + w.reserveTaxYears * taxOwed(s, this.rs, seat);
    if (w.holdingChargeCover > 0) r += w.holdingChargeCover * this.unitsAtRisk(s, seat) * this.rs.data.sevens.holdingChargePerUnit;
    if (w.taxAlertReserve > 0 && this.stepsToTax(s) <= w.taxAlertSteps) r += w.taxAlertReserve;
    return r;
  }

  /** Portions the Season Wheel must advance before the next tax season opens (1: the next advance opens it). */
  stepsToTax(s: MerlinState): number {
    const wheel = this.rs.wheels[s.wheelKind];
    for (let d = 1; d <= wheel.length; d++) if (wheel[(s.wheelPos + d) % wheel.length].taxSeason) return d;
    return Infinity;
  }

  /** Commodity units `seat` holds or has planted: each costs the holding charge on a rolled 7 (engine/sevens.ts). */
  private unitsAtRisk(s: MerlinState, seat: number): number {
    const F = this.rs.data.table.fieldSlots;
    let n = s.held[seat * 3] + s.held[seat * 3 + 1] + s.held[seat * 3 + 2];
    for (let k = seat * F, e = k + F; k < e; k++) n += s.slotPlanted[k];
    return n;
  }

  /** Gold `seat` can pay a mandatory payment with: pocket and Chauffeur vaults (engine/ledger.ts takeGold). */
  private cash(s: MerlinState, seat: number): number {
    return s.gold[seat] + vaultGold(s, this.rs, seat);
  }

  /** True when `seat` cannot pay the coming tax and the tax season is `taxAlertSteps` portions away or nearer. */
  private shortForTax(s: MerlinState, seat: number): boolean {
    return this.stepsToTax(s) <= Math.max(1, this.w.taxAlertSteps) && this.cash(s, seat) < taxOwed(s, this.rs, seat);
  }

  /** Rolls per month (a portion of the Season Wheel): it advances on doubles (1 roll in 6) by `advanceOnDoubles`. */
  private rollsPerMonth(s: MerlinState): number {
    return 6 / Math.max(1, this.rs.data.wheels[s.wheelKind === 0 ? 'standard' : 'erratic'].advanceOnDoubles);
  }

  /**
   * The turn-order bid (0.1.27b "The First Turn"): with `seatValues`, the worth of the first position over the
   * last one (which also receives `auction.lastSeatSharePercent` of the pot), at most the gold beyond its reserve;
   * without, `auctionBid`.
   */
  private turnOrderBid(s: MerlinState, seat: number): number {
    const sv = this.w.seatValues;
    if (!sv) return this.w.auctionBid;
    const n = s.numPlayers;
    const at = (i: number) => {
      const x = n > 1 ? (i * (sv.length - 1)) / (n - 1) : 0;
      const lo = Math.floor(x);
      const hi = Math.min(sv.length - 1, lo + 1);
      return sv[lo] + (sv[hi] - sv[lo]) * (x - lo);
    };
    const gain = at(0) - at(n - 1);
    return Math.max(0, Math.min(Math.round(gain), s.gold[seat] - this.reserve(s, seat)));
  }

  /**
   * Expected worth to `seat` of one draw from the Future Reading deck `deck` (0.1.27b "The Visions of Tomorrow"):
   * the mean over the deck list (by copies) of each card's chance to resolve (its trigger before a waiving roll and
   * before it expires, `readingHorizon` turns when it has no expiry) times the worth of its effects.
   */
  deckValue(s: MerlinState, seat: number, deck: DeckName): number {
    const defs = this.rs.cards[deck].defs;
    const chances = (this.rollChances[deck] ??= Float64Array.from(defs, (d) => this.rollChance(d)));
    // Within one call the state is fixed: the shared gold's worth once, and each counter change's standing once.
    const shared = this.sharedWorth(s, seat);
    this.standings.length = 0;
    let sum = 0;
    let n = 0;
    for (let i = 0; i < defs.length; i++) {
      const d = defs[i];
      sum += d.count * this.readingChance(s, seat, d, chances[i]) * this.effectsValue(s, seat, d.effects, shared);
      n += d.count;
    }
    return n > 0 ? sum / n : 0;
  }

  /** Per Future Reading deck, `rollChance` of each of its definitions (in the deck's order), made at first use. */
  private readonly rollChances: Partial<Record<DeckName, Float64Array>> = {};
  /** `standing` results within one `deckValue` call, as (dCol, dVol, dTax, value) quadruples. */
  private readonly standings: number[] = [];

  /** The part of `readingChance` that depends on the card alone: its chance to resolve by the dice (1 when not rolled for). */
  private rollChance(d: CardDef): number {
    const tr = d.trigger;
    if (tr.on !== 'roll') return 1;
    let a = 0;
    let q = 0;
    for (const x of tr.totals) a += WAYS[x] / 36;
    for (const x of d.waiveOn) q += WAYS[x] / 36;
    const turns = d.expiresAfterTurns ?? this.w.readingHorizon;
    return (a / (a + q)) * (1 - Math.pow(1 - a - q, turns));
  }

  /** Chance that reading `d` resolves for `seat` (see deckValue), given its `rollChance` `roll`. */
  private readingChance(s: MerlinState, seat: number, d: CardDef, roll: number): number {
    let p = roll;
    const c = d.condition;
    if (c && c.if === 'ownerGoldAtLeast' && s.gold[seat] < c.amount) p *= 0.5;
    if (c && c.if === 'ownerGoldAtMost' && s.gold[seat] > c.amount) p *= 0.5;
    return p;
  }

  /** `standing`, remembered for the rest of the `deckValue` call (see `standings`). */
  private standingInCall(s: MerlinState, seat: number, dCol: number, dVol: number, dTax: number): number {
    const t = this.standings;
    for (let k = 0; k < t.length; k += 4) if (t[k] === dCol && t[k + 1] === dVol && t[k + 2] === dTax) return t[k + 3];
    const v = this.standing(s, seat, dCol, dVol, dTax);
    t.push(dCol, dVol, dTax, v);
    return v;
  }

  /**
   * Worth of card effects to `seat` as their owner, in gold (readings; the standing of counter changes, `sharedGold`),
   * given `shared`, `sharedWorth(s, seat)`.
   */
  private effectsValue(s: MerlinState, seat: number, effects: CardDef['effects'], shared: number): number {
    const w = this.w;
    const n = Math.max(1, s.numPlayers);
    let v = 0;
    for (const e of effects) {
      switch (e.op) {
        case 'gold':
          if (e.to === 'owner') v += e.amount;
          else if (e.to === 'eachPlayer') v += e.amount * shared;
          if (e.from === 'owner') v -= e.amount;
          else if (e.from === 'eachPlayer') v -= e.amount * shared;
          break;
        case 'counter':
          v +=
            e.counter === 'costOfLiving'
              ? this.standingInCall(s, seat, e.delta, 0, 0)
              : e.counter === 'volatility'
                ? this.standingInCall(s, seat, 0, e.delta, 0)
                : e.counter === 'taxRate'
                  ? this.standingInCall(s, seat, 0, 0, e.delta)
                  : -e.delta * 0.5;
          break;
        case 'commodity':
          v += ((e.to === 'owner' ? 1 : 0) - (e.from === 'owner' ? 1 : 0)) * e.amount * w.commodityValue;
          break;
        case 'rowShare':
          v += ((e.percent / 100) * s.row * (e.to === 'owner' ? 1 : shared)) / (e.to === 'owner' ? 1 : n);
          break;
        case 'draw':
          v += e.count * (e.deck === 'spells' ? w.spellBonus : e.deck === 'potions' ? w.potionBonus : 0.5);
          break;
        case 'waive':
          v += e.whose === 'others' ? 0.5 : 0;
          break;
        case 'decree':
          v += w.summonsCrownShare * this.crownWorth(s, seat);
          break;
      }
    }
    return v;
  }

  /**
   * Worth to `seat` of one gold that every player gains alike (see `sharedGold`, `sharedPressure`): gold shared with
   * rivals short of the coming tax keeps them out of bankruptcy (Economic Dominance is theirs to lose).
   */
  private sharedWorth(s: MerlinState, seat: number): number {
    const w = this.w;
    if (w.sharedPressure === 0) return w.sharedGold;
    let short = 0;
    let m = 0;
    for (let p = 0; p < s.numPlayers; p++) {
      if (p === seat || s.eliminated[p]) continue;
      m++;
      if (this.cash(s, p) <= taxOwed(s, this.rs, p)) short++;
    }
    const mine = this.cash(s, seat) <= taxOwed(s, this.rs, seat) ? 1 : 0;
    return w.sharedGold + w.sharedPressure * (mine - short / Math.max(1, m));
  }

  /**
   * Worth to `seat`, in gold, of changing the Cost of the Living by `dCol`, the Volatility by `dVol` and the tax rate by
   * `dTax` (its standing against the richest rival): the change in its net worth minus the rival's (each counts its
   * commodities and permits at the Cost of the Living), the Volatility's effect over `voteHorizonYears` of 7s, the
   * cards it expects to buy (`cardsPerYear`) at the new price, the tax each pays over the horizon, and
   * `pressureValue` times the change in the share of cash the next tax takes (rivals' mean minus its own).
   */
  standing(s: MerlinState, seat: number, dCol: number, dVol: number, dTax: number): number {
    const rs = this.rs;
    const w = this.w;
    const H = w.voteHorizonYears;
    const sevensPerYear = (this.rs.wheels[s.wheelKind].length * this.rollsPerMonth(s)) / 6;
    const dColEff = dCol + dVol * sevensPerYear * H;
    const col0 = s.costOfLiving;
    let rival = -1;
    let rivalWorth = -Infinity;
    for (let p = 0; p < s.numPlayers; p++) {
      if (p === seat || s.eliminated[p]) continue;
      const v = netWorth(s, rs, p);
      if (v > rivalWorth) {
        rivalWorth = v;
        rival = p;
      }
    }
    if (rival < 0) return 0;
    const mine0 = netWorth(s, rs, seat);
    s.costOfLiving = col0 + 1;
    const sens = netWorth(s, rs, seat) - mine0 - (netWorth(s, rs, rival) - rivalWorth);
    s.costOfLiving = col0;
    let v = sens * dColEff - w.cardsPerYear * H * dColEff;
    if (dTax !== 0) {
      const base = (p: number) => 1 + rs.data.taxes.perPropertyInRates * taxableProperties(s, rs, p);
      v -= H * dTax * (base(seat) - base(rival));
      const share = (p: number, d: number) => (Math.max(0, s.taxRate + d) * base(p)) / Math.max(1, this.cash(s, p));
      let sum = 0;
      let m = 0;
      for (let p = 0; p < s.numPlayers; p++) {
        if (p === seat || s.eliminated[p]) continue;
        sum += share(p, dTax) - share(p, 0);
        m++;
      }
      v += w.pressureValue * (sum / Math.max(1, m) - (share(seat, dTax) - share(seat, 0)));
    }
    return v;
  }

  /**
   * Its vote by standing (0 keep, 1 raise, 2 lower, VOTE_CUT + i a cut): the tax rate's raise (Cost of the Living and
   * Research Cost down by one) or lowering, the Volatility's, or on the Cost of the Living the largest cut such that
   * it gains from every cut up to it (the smallest vote is made, D48).
   */
  private standingVote(s: MerlinState, seat: number): number {
    const rs = this.rs;
    const eps = 1e-9;
    if (s.phase === Phase.TaxVote) {
      const raise = this.standing(s, seat, -Math.min(1, s.costOfLiving - rs.data.floors.costOfLiving), 0, 1);
      const lower = s.taxRate > rs.data.floors.taxRate ? this.standing(s, seat, 1, 0, -1) : -Infinity;
      return raise > eps && raise >= lower ? 1 : lower > eps ? 2 : 0;
    }
    if (s.phase === Phase.VolatilityVote) {
      const raise = this.standing(s, seat, 0, 1, 0);
      const lower = s.volatility > rs.data.floors.volatility ? this.standing(s, seat, 0, -1, 0) : -Infinity;
      return raise > eps && raise >= lower ? 1 : lower > eps ? 2 : 0;
    }
    const cuts = rs.data.taxes.costOfLivingCuts;
    let want = 0;
    for (let i = 0; i < cuts.length; i++) {
      const cut = Math.min(cuts[i], s.costOfLiving - rs.data.floors.costOfLiving);
      if (cut <= 0 || this.standing(s, seat, -cut, 0, 0) <= eps) break;
      want = VOTE_CUT + i;
    }
    return want;
  }

  private leader(s: MerlinState, seat: number): number {
    let best = -1;
    let bw = -Infinity;
    for (let p = 0; p < s.numPlayers; p++) {
      if (p === seat || s.eliminated[p]) continue;
      const v = netWorth(s, this.rs, p);
      if (v > bw) {
        bw = v;
        best = p;
      }
    }
    return best;
  }

  /**
   * A decree as its face shows it: the face's value plus the expected value of the hidden cost over the designs
   * sharing the face, weighted by their copies (the agent knows the deck list, not the card; D151).
   */
  private faceValue(def: CardDef): number {
    let sum = 0;
    let n = 0;
    for (const d of this.rs.cards.royalDecrees.defs) {
      if (d.name !== def.name) continue;
      sum += d.count * this.decreeValue(d.hiddenCost ?? []);
      n += d.count;
    }
    return this.decreeValue(def.effects) + (n > 0 ? sum / n : 0);
  }

  private decreeValue(effects: CardDef['effects']): number {
    let v = 0;
    for (const e of effects) {
      if (e.op === 'gold') v += (e.to === 'owner' ? e.amount : 0) - (e.from === 'owner' ? e.amount : 0);
      else if (e.op === 'counter') v += -e.delta * (e.counter === 'volatility' ? 3 : e.counter === 'researchCost' ? 1 : 2);
      else if (e.op === 'returnInvestments') v += 1;
      else if (e.op === 'commodity') v += ((e.to === 'owner' ? 1 : 0) - (e.from === 'owner' ? 1 : 0)) * e.amount * this.w.commodityValue;
    }
    return v;
  }

  /** Score of action `a` for `seat` in `s` (0 = as good as ending the turn). */
  score(s: MerlinState, seat: number, a: number): number {
    const kind = this.cat.kind[a];
    const arg = this.cat.arg[a];
    const arg2 = this.cat.arg2[a];
    const rs = this.rs;
    const F = rs.data.table.fieldSlots;
    const w = this.w;
    const gold = s.gold[seat];
    switch (kind) {
      case Kind.EndTurn:
        return 0;
      case Kind.PlayCrowns:
        return 1e6;
      case Kind.Bid:
        if (s.phase === Phase.AuctionBid) return -Math.abs(arg - this.turnOrderBid(s, seat));
        {
          // A refused decree's auction sells its Crown: one Crown short of Royal Favor, it bids all its pocket.
          const keep = this.oneCrownShort(s, seat) ? 0 : this.reserve(s, seat);
          return arg <= Math.min(w.decreeBidMax + this.crownWorth(s, seat) - w.crownValue, gold - keep) ? arg : -arg;
        }
      case Kind.DrawTeaLeaves:
        if (w.readingByValue) return this.deckValue(s, seat, 'teaLeaves');
        return w.preferCrystalBall ? 0 : 1;
      case Kind.DrawCrystalBall:
        if (w.readingByValue) return this.deckValue(s, seat, 'crystalBall');
        return w.preferCrystalBall ? 1 : 0;
      case Kind.SelectOption:
        return this.faceValue(cardDef(rs, DECK_INDEX.royalDecrees, s.decreeOptions[arg]));
      case Kind.EnactDecree:
        return this.crownWorth(s, seat) + this.faceValue(cardDef(rs, DECK_INDEX.royalDecrees, s.decreeCard));
      // the regulation vote (D152-D156): regulations only restrict, so propose a deletion, vote for deletions and against the rest
      case Kind.ProposeRegulation:
        return motionRepeals(s, rs, arg) ? 1 : 0;
      case Kind.VoteRegulationFor:
        return motionRepeals(s, rs, s.regMotion) ? 1 : 0;
      case Kind.VoteRegulationAgainst:
        return motionRepeals(s, rs, s.regMotion) ? 0 : 1;
      case Kind.RefuseDecree:
        return 0;
      case Kind.PayTax:
        return 0;
      case Kind.SpendCrownOnTax: {
        // Only when it cannot pay, and not while the Crowns are its road to Royal Favor.
        const owed = taxOwed(s, rs, seat);
        if (s.crowns[seat] >= rs.data.victory.crownsToWin - w.keepCrownsWithin) return -1;
        return gold >= owed ? -1 : 1;
      }
      case Kind.VoteKeep:
      case Kind.VoteRaise:
      case Kind.VoteLower:
        return this.scoreVote(s, kind === Kind.VoteKeep ? 0 : kind === Kind.VoteRaise ? 1 : 2, seat);
      case Kind.VoteCut:
        return this.scoreVote(s, VOTE_CUT + arg, seat);
      case Kind.SelectPlayer: {
        const target = (seat + arg) % s.numPlayers;
        if (w.writeContracts && s.pending === Pending.LoanBorrower) return this.loanValue(s, target, s.offerA, s.offerB);
        // a trade goes to the player holding most of what it asks for; a sale to the one with most gold
        if (s.pending === Pending.TradeTarget) return this.heldOf(s, target, s.offerB);
        if (s.pending === MintPending.MintBuyer || s.pending === Pending.PropertyBuyer) return s.gold[target] - this.reserve(s, target);
        return target === this.leader(s, seat) ? 1 : 0;
      }
      case Kind.SelectSlot:
        return this.scoreSlot(s, seat, arg);
      case Kind.BuyCard: {
        if (s.turn > w.buyUntilTurn) return -1;
        if (s.hands[seat].length + s.newCards[seat].length >= w.maxHand) return -1;
        // One Crown short of Royal Favor it races for the next King and keeps no reserve (which may wait in its vaults).
        const funds = w.vaultShelter > 0 ? this.cash(s, seat) : gold;
        if (!this.oneCrownShort(s, seat) && funds - s.costOfLiving < this.reserve(s, seat)) return -1;
        if (rs.data.councilDisplay === undefined) return this.buyWorth(s, seat);
        return this.displayedCardValue(s, seat, s.council[arg]) - s.costOfLiving;
      }
      case Kind.PlayCard: {
        const c = s.hands[seat][arg];
        if (c >= HAND_POTION) {
          const def = handCardDef(rs, c);
          const cost = def.cost!;
          return w.potionBonus - (cost.souls + cost.elixirOil + cost.essenceGrain) * w.commodityValue * 0.5;
        }
        if (c >= HAND_SPELL) return w.spellBonus;
        const suit = suitOf(c);
        const n = rankOf(c);
        if (suit === Suit.Clubs) return w.propertyBonus + this.propertyYield(n) / 6;
        if (suit === Suit.Diamonds) return w.landBonus + (WAYS[n] / 6) * w.commodityValue;
        return w.labBonus;
      }
      case Kind.SellSpell: {
        let spells = 0;
        for (const c of s.hands[seat]) if (c >= HAND_SPELL && c < HAND_POTION) spells++;
        return spells > 1 ? s.costOfLiving * rs.data.spellPriceInCostOfLiving - w.spellKeep : -1;
      }
      case Kind.Invest: {
        const k = seat * F + arg;
        const n = rankOf(s.slotCard[k]);
        const q = WAYS[n] / (WAYS[n] + WAYS[7]);
        const amount = rs.data.grids.invest[arg2] || gold;
        if (gold - amount < this.reserve(s, seat)) return -1;
        return amount * (2 * q * w.investOptimism - 1);
      }
      case Kind.FundLab: {
        // a lab's spent cards bring it nearer a Spell Shop or Brewery (`research.spentForSuccess`): for that it spends
        // up to `researchReserveDip` gold of its reserve, each gold of it counted against the lab's worth
        const short = this.reserve(s, seat) - (gold - s.researchCost);
        if (short > w.researchReserveDip) return -1;
        return w.fundLabBonus + w.labProgressBonus * s.slotSpent[seat * F + arg] - s.researchCost * 0.5 - Math.max(0, short);
      }
      case Kind.CreateSpecialised:
        return w.specialiseBonus;
      case Kind.CreateChauffeur: {
        // A first Chauffeur opens finance (futures, insurance, loans, the Private Mint); it costs the pair's payouts.
        let props = 0;
        for (let k = seat * F, e = k + F; k < e; k++) if (s.slotKind[k] === SlotKind.Property) props++;
        if (w.chauffeurFinanceBonus === 0 || props < w.chauffeurMinProperties || hasChauffeur(s, rs, seat)) return w.chauffeurBonus;
        return w.chauffeurFinanceBonus - this.propertyYield(rankOf(s.slotCard[seat * F + arg])) / 6;
      }
      case Kind.Deposit: {
        const amount = rs.data.grids.vault[arg2] || gold;
        if (w.vaultShelter > 0) {
          // the vault keeps gold from a rolled 7's pocket loss (D157) and still pays taxes and debts (D29): the
          // reserve can wait there; the pocket keeps `pocketFloat` and a card's price
          if (gold - amount < w.pocketFloat + s.costOfLiving) return -1;
          return w.depositBonus + w.vaultShelter * amount * (rs.data.sevens.pocketLossPercent / 100) * this.sevenSoon(s);
        }
        return gold - amount >= this.reserve(s, seat) + w.pocketFloat ? w.depositBonus : -1;
      }
      case Kind.Withdraw:
        // with the reserve in the vaults (vaultShelter), it takes out a card's price when its cash beyond the reserve buys one
        if (w.vaultShelter > 0)
          return gold < s.costOfLiving && this.cash(s, seat) - s.costOfLiving >= this.reserve(s, seat) && this.buyWorth(s, seat) > 0
            ? 1
            : -1;
        return gold < this.reserve(s, seat) ? 1 : -1;
      case Kind.Plant:
        return w.plantBonus;
      case Kind.Unplant:
        return -1;
      case Kind.BrewMead:
        return s.costOfLiving * rs.data.mead.priceInCostOfLiving - rs.data.mead.grainPerMead * w.commodityValue + 0.5;
      case Kind.SellMead:
        return s.costOfLiving * rs.data.mead.priceInCostOfLiving;
      case Kind.Animate:
        return w.golemBonus - rs.data.combat.soulsToAnimate * w.commodityValue;
      case Kind.LastCall:
        // a Mead sells for the Cost of the Living; the guard moves only to a Brewery an enemy unit can reach
        return w.breweryGuardValue > 0 && this.threatened(s, seat * F + arg)
          ? w.breweryGuardValue - s.costOfLiving * rs.data.mead.priceInCostOfLiving
          : -1;
      case Kind.Motivate:
      case Kind.MotivateNow: {
        const cost = motivationCost(s, rs, kind === Kind.MotivateNow);
        if (gold - cost < this.reserve(s, seat)) return -1;
        return w.guardBonus - cost - (kind === Kind.MotivateNow ? 0.5 : 0);
      }
      case Kind.CommandUnit: {
        const u = unitAt(s, squareKey(s, rs, seat, arg), arg2);
        let best = -Infinity;
        for (let v = Verb.Move; v <= Verb.Combine; v++) if (verbOpen(s, rs, u, v) === null) best = Math.max(best, this.verbValue(s, u, v));
        return best;
      }
      case Kind.Move:
      case Kind.AttackProperty:
      case Kind.AttackUnit:
      case Kind.Defend:
      case Kind.UseAbility:
        return this.verbValue(s, s.cmdUnit, kind - Kind.Move + Verb.Move);
      case Kind.UseAbilityAlt:
        return this.verbValue(s, s.cmdUnit, Verb.UseAbilityAlt);
      case Kind.UseAbilityThird:
        return this.verbValue(s, s.cmdUnit, Verb.UseAbilityThird);
      case Kind.Combine:
        return this.verbValue(s, s.cmdUnit, Verb.Combine);
      case Kind.SelectSquare:
        return this.scoreSquare(s, seat, squareKey(s, rs, seat, arg));
      case Kind.SelectUnit: {
        const t = unitAt(s, squareKey(s, rs, seat, arg), arg2);
        if (s.pending === Pending.CoordPartner || s.pending === Pending.TransmuteRecipient) return power(s, rs, t, true);
        if (s.pending === Pending.TransmuteSacrifice || s.pending === Pending.DismissGolem) return -power(s, rs, t, true);
        if (s.pending === Pending.SpellTargetUnit) return power(s, rs, t, true) + s.unitHp[t] / 4; // the strongest enemy unit
        if (s.pending === Pending.PotionTargetUnit) return -s.unitHp[t]; // the most hurt of its own
        if (s.pending === Pending.ComboPartner) return 0;
        return this.attackUnitValue(s, s.cmdUnit, t);
      }
      default:
        return this.scoreMarket(s, seat, kind, arg, arg2);
    }
  }

  /** Value of trade item `item` to `seat` (default the decider), in gold: units by `unitWorth`, gold at face, a Crown by `crownWorth`. */
  private itemValue(s: MerlinState, item: number, seat = s.decider): number {
    const cat = itemCategory(this.rs, item);
    const n = itemAmount(this.rs, item);
    return cat < 3 ? n * this.unitWorth(s, seat, cat) : cat === 3 ? n : cat === 4 ? 0 : this.crownWorth(s, seat);
  }

  /** Worth to `seat` of one unit of commodity `c`: the Cost of the Living, `needPremium` of it more while `seat` needs it (`needs`). */
  private unitWorth(s: MerlinState, seat: number, c: number): number {
    return s.costOfLiving * (1 + (this.w.needPremium > 0 && this.needs(s, seat, c) ? this.w.needPremium : 0));
  }

  /**
   * True when `seat` has a use for more of commodity `c` than it holds: Souls for a golem in its hand
   * (`combat.soulsToAnimate`), Essence Grain for a Brewery's Mead (`mead.grainPerMead`), and whatever its potion
   * recipes in hand cost.
   */
  needs(s: MerlinState, seat: number, c: number): boolean {
    const rs = this.rs;
    const held = s.held[seat * 3 + c];
    let want = 0;
    for (const card of s.hands[seat]) {
      if (card >= HAND_POTION) {
        const cost = handCardDef(rs, card).cost;
        if (cost) want += c === 0 ? cost.souls : c === 1 ? cost.elixirOil : cost.essenceGrain;
      } else if (card < HAND_SPELL && c === 0 && isGolemCard(card)) want += rs.data.combat.soulsToAnimate;
    }
    if (c === 2 && ownsTop(s, rs, seat, TopKind.Brewery)) want += rs.data.mead.grainPerMead;
    return held < want;
  }

  /** Units of the commodity of trade item `item` that `seat` holds (0 for gold, nothing or a Crown). */
  private heldOf(s: MerlinState, seat: number, item: number): number {
    const cat = item >= 0 ? itemCategory(this.rs, item) : -1;
    return cat >= 0 && cat < 3 ? s.held[seat * 3 + cat] : 0;
  }

  /** Chance that a roll of the next round (one roll a player) is a 7: a pocket's exposure to the 7's loss (D157). */
  private sevenSoon(s: MerlinState): number {
    return 1 - Math.pow(5 / 6, Math.max(1, s.numPlayers));
  }

  /** True when an enemy unit stands on square `k` or next to it (combat: it can attack the card there). */
  private threatened(s: MerlinState, k: number): boolean {
    const rs = this.rs;
    const owner = (k / rs.data.table.fieldSlots) | 0;
    const adj = geometry(rs, s.numPlayers).adj;
    for (let u = 0; u < s.unitCard.length; u++) {
      if (s.unitOwner[u] < 0 || s.unitOwner[u] === owner) continue;
      const q = s.unitPos[u];
      if (q === k) return true;
      for (let j = k * 8, e = j + 8; j < e; j++) if (adj[j] === q) return true;
    }
    return false;
  }

  /**
   * The second option of unit `u`'s ability pays: the Adaptive Sentinel's Hit Point while it is hurt (3 or fewer), the
   * Explosive Artillerist's enhanced bomb with the Essence Grain to spare, the Tactical Artificer's raid while she
   * has no golem worth transmuting into.
   */
  private altPays(s: MerlinState, u: number): boolean {
    const c = s.unitCard[u];
    const rank = rankOf(c);
    const suit = suitOf(c);
    const cb = this.rs.data.combat;
    if (rank === 11 && suit === Suit.Diamonds) return s.unitHp[u] <= 3;
    if (rank === 12 && suit === Suit.Diamonds)
      return s.held[s.unitOwner[u] * 3 + 2] >= cb.bombardment.grain + cb.bombardment.enhanceGrain + this.w.keepUnits;
    if (rank === 12 && suit === Suit.Spades) return true;
    return false;
  }

  /**
   * Worth to `seat` of proposing to trade item `give`: the best gain over the items it could ask for (`tradeAsk`), when
   * it proposes trades at all (`needPremium` > 0); a unit is offered only beyond `keepUnits` and while not needed.
   */
  private proposeValue(s: MerlinState, seat: number, give: number): number {
    const w = this.w;
    if (w.needPremium <= 0) return -1;
    const cat = itemCategory(this.rs, give);
    if (cat < 3 && (s.held[seat * 3 + cat] - itemAmount(this.rs, give) < w.keepUnits || this.needs(s, seat, cat))) return -1;
    if (cat === 3 && itemAmount(this.rs, give) > s.gold[seat] - this.reserve(s, seat)) return -1;
    if (cat > 3) return -1;
    let best = -1;
    for (let b = 0; b < tradeItemCount(this.rs); b++) best = Math.max(best, this.tradeAsk(s, seat, give, b));
    return best;
  }

  /**
   * Gain to `seat` of giving trade item `give` for `ask`: only a unit it needs is asked for, in a lot no larger than what
   * it gives (a partner valuing units at the Cost of the Living takes that); the robbery roll's risk discounts it.
   */
  private tradeAsk(s: MerlinState, seat: number, give: number, ask: number): number {
    const rs = this.rs;
    const cat = itemCategory(rs, ask);
    if (cat >= 3 || !this.needs(s, seat, cat)) return -1;
    const giveValue = this.itemValue(s, give, seat);
    if (itemAmount(rs, ask) * s.costOfLiving > giveValue) return -1;
    const safe = 1 - rs.data.market.robberyAtOrBelow / 6;
    return safe * this.itemValue(s, ask, seat) - giveValue * (1 - safe) - this.w.marketMargin * 0.5;
  }

  /** Gold `seat` can pay beyond its reserve. */
  private spare(s: MerlinState, seat: number): number {
    return s.gold[seat] - this.reserve(s, seat);
  }

  /** Expected gold a share of `pct` percent of `issuer`'s property payouts pays its holder over `turns` rolls. */
  private shareIncome(s: MerlinState, issuer: number, pct: number, turns: number): number {
    const rs = this.rs;
    const F = rs.data.table.fieldSlots;
    let perRoll = 0;
    for (let k = issuer * F, e = k + F; k < e; k++)
      if (s.slotKind[k] === SlotKind.Property) perRoll += this.propertyYield(rankOf(s.slotCard[k])) / 36;
    return (perRoll * pct * turns) / 100;
  }

  /**
   * Worth of one more Crown to `seat`, in gold: `crownValue`, plus `crownChase` for each Crown it already holds
   * (the nearer Royal Favor, 0.1.27b "Victory Conditions", the more the next one is worth).
   */
  private crownWorth(s: MerlinState, seat: number): number {
    return this.w.crownValue + this.w.crownChase * s.crowns[seat];
  }

  /** True when `seat` is one Crown short of Royal Favor (or holds enough): it races for the next Crown. */
  private oneCrownShort(s: MerlinState, seat: number): boolean {
    return s.crowns[seat] >= this.rs.data.victory.crownsToWin - 1;
  }

  /** Scores of the market and offer kinds (the market and finance chapters). */
  private scoreMarket(s: MerlinState, seat: number, kind: number, arg: number, arg2: number): number {
    const rs = this.rs;
    const w = this.w;
    const m = rs.data.market;
    const fair = s.costOfLiving;
    const spare = s.gold[seat] - this.reserve(s, seat);
    switch (kind) {
      case Kind.SellToBid: {
        const src = bestBid(s, arg, seat);
        return bidPrice(s, arg, src) - fair - w.marketMargin;
      }
      case Kind.BuyFromAsk: {
        const price = s.mktAsk[bestAsk(s, arg, seat) * 3 + arg];
        // a unit beyond `keepUnits` is worth `surplusUnitValue` of the Cost of the Living to it (it would only ask for it again)
        const unit = s.held[seat * 3 + arg] >= w.keepUnits ? fair * w.surplusUnitValue : fair;
        return price > spare ? -1 : unit - price - w.marketMargin;
      }
      case Kind.PostBid: {
        // Gold in a bid is gold not buying cards: at most `maxOpenBids` bids, and a card's price kept in hand.
        if (w.needPremium > 0 && this.needs(s, seat, arg) && s.mktBid[seat * 3 + arg] === 0 && spare >= fair) return 0.75;
        let open = 0;
        for (let c = 0; c < 3; c++) if (s.mktBid[seat * 3 + c] > 0) open++;
        if (open >= w.maxOpenBids) return -1;
        return s.mktBid[seat * 3 + arg] === 0 && spare - s.costOfLiving >= fair - w.marketMargin && fair > w.marketMargin ? 0.5 : -1;
      }
      case Kind.WithdrawBid:
        return s.gold[seat] < this.reserve(s, seat) + s.costOfLiving ? 1 : -1;
      case Kind.PostAsk: {
        const lot = m.askLots[arg2];
        const held = s.held[seat * 3 + arg];
        return held - (lot === 0 ? held : lot) >= w.keepUnits ? 0.5 - (lot === 0 ? 0.25 : 0) : -1;
      }
      case Kind.SelectTerm: {
        if (s.pending === Pending.PolicyPeriod) return arg === this.bestPolicy(s, s.offerA).term ? 1 : 0;
        if (s.pending === Pending.FutureTerms) return arg === this.bestFuture(s, seat, s.offerA).term ? 1 : 0;
        if (s.pending === Pending.LoanTerms) return arg === this.bestLoanTerm(s, seat, s.offerA) ? 1 : 0;
        if (s.pending === MintPending.BondTerms) return arg === this.bestBond(s, seat, s.offerA).term ? 1 : 0;
        if (s.pending === Pending.BidPrice) return -Math.abs(m.prices[arg] - (fair - w.marketMargin));
        if (s.pending === Pending.AskPrice) return -Math.abs(m.prices[arg] - (fair + w.marketMargin));
        if (s.pending === Pending.TradeGet) return w.needPremium > 0 ? this.tradeAsk(s, seat, s.offerA, arg) : this.itemValue(s, arg);
        if (s.pending === Pending.AuctionOpening) return m.auctionOpenings[arg];
        if (s.pending === MintPending.SpellChoice) return -arg; // the first spell in hand
        if (s.pending === MintPending.MintPrice) return this.mintPriceScore(s, seat, arg);
        if (s.pending === Pending.ContractPrice) return rs.data.finance.forwardPrices[arg] <= this.bestBuyerGold(s, seat) ? arg : -1;
        return m.propertyPrices[arg];
      }
      case Kind.BuyInsurance: {
        // Fair value of a roll-event policy: P(the event in the period) × cover − premium, plus the holding charge a 7's cover hedges.
        const ev = rs.data.finance.insurance.events[s.polEvent[arg]];
        if (ev.kind !== 'roll' || s.polPremium[arg] > spare) return -1;
        const p = this.eventChance(ev.totals, s.polPeriod[arg]);
        const cover = s.polPremium[arg] * ev.payoutMultiple;
        const hedge = ev.totals.includes(7)
          ? w.insuranceHedge * p * Math.min(cover, this.unitsAtRisk(s, seat) * rs.data.sevens.holdingChargePerUnit)
          : 0;
        return p * cover + hedge - s.polPremium[arg] - this.contractMargin;
      }
      case Kind.SellInsurance:
        return w.writeContracts ? this.bestPolicy(s, arg).value : -1;
      case Kind.WriteFuture:
        return w.writeContracts ? this.bestFuture(s, seat, arg).value : -1;
      case Kind.OfferLoan: {
        if (!w.writeContracts) return -1;
        let best = -1;
        for (let p = 0; p < s.numPlayers; p++) if (p !== seat && !s.eliminated[p]) best = Math.max(best, this.loanValue(s, p, arg, -1));
        return best;
      }
      case Kind.IssueBond:
        return w.writeContracts ? this.bestBond(s, seat, arg).value : -1;
      case Kind.BuyBond: {
        if (!w.writeContracts || s.bondFace[arg] > spare) return -1;
        return this.bondValue(s, s.bondIssuer[arg], s.bondFace[arg], s.bondCoupon[arg], s.bondDue[arg]) - this.contractMargin;
      }
      case Kind.RaiseAuction: {
        const k = s.order[s.turnIdx] * rs.data.table.fieldSlots + s.offerA;
        const value = rs.payout[rankOf(s.slotCard[k])] + (s.slotTopKind[k] !== TopKind.None ? fair + w.landBonus : 0) + w.propertyBonus;
        const bid = nextAuctionBid(s, rs);
        return bid <= spare && bid < value ? 1 : -1;
      }
      case Kind.PassAuction:
        return 0;
      case Kind.RepayLoan:
        return s.gold[seat] - s.loanOwed[arg] >= this.reserve(s, seat) ? 1 : -1;
      case Kind.BuyFuture: {
        const price = s.futPrice[arg];
        if (price > spare) return -1;
        // with contracts in its line, the units are worth the Cost of the Living expected at expiry (7s raise it)
        const unit = w.writeContracts ? this.expectedCostOfLiving(s, s.futExpiry[arg] - s.months) : fair;
        return s.futOwed[arg] * unit - price - this.contractMargin;
      }
      case Kind.AcceptOffer: {
        const from = s.order[s.turnIdx];
        if (s.offerKind >= MintOffer.Bond) return this.mintOfferValue(s, seat);
        if (s.offerKind === 7) {
          if (!w.writeContracts) return s.gold[seat] < this.reserve(s, seat) ? 1 : -1; // borrow only when short of cash
          return this.borrowValue(s, seat, s.offerA, s.offerB);
        }
        if (s.offerKind === 6) {
          const price = rs.data.finance.forwardPrices[s.offerB];
          return price > spare ? -1 : s.futOwed[s.offerA] * fair - price - w.marketMargin;
        }
        if (s.offerKind === 1) {
          const safe = 1 - robberyThreshold(s, rs, from, seat) / 6;
          return safe * this.itemValue(s, s.offerA) - this.itemValue(s, s.offerB) - w.marketMargin;
        }
        const k = from * rs.data.table.fieldSlots + s.offerA;
        const value =
          rs.payout[rankOf(s.slotCard[k])] + (s.slotTopKind[k] !== TopKind.None ? fair + w.landBonus : 0) + s.slotPlanted[k] * fair;
        const price = m.propertyPrices[s.offerB];
        return price > spare ? -1 : value + w.propertyBonus - price;
      }
      case Kind.RefuseOffer:
        return 0;
      case Kind.ProposeTrade:
        return this.proposeValue(s, seat, arg);
      case Kind.AuctionProperty: {
        // short of the coming tax: auction the weakest property before selling one to the Central Bank (LiquidateProperty)
        if (!w.auctionForTax || !this.shortForTax(s, seat)) return -1;
        return 1.5 - this.propertyYield(rankOf(s.slotCard[seat * rs.data.table.fieldSlots + arg])) / 100;
      }
      case Kind.OfferSpell: {
        // a spell beyond the first sells to a player for more than the Central Bank pays (the Cost of the Living)
        if (!w.mintSales) return -1;
        let spells = 0;
        for (const c of s.hands[seat]) if (c >= HAND_SPELL && c < HAND_POTION) spells++;
        return spells > 1 ? this.spellSalePrice(s, seat) - s.costOfLiving * rs.data.spellPriceInCostOfLiving - 0.5 : -1;
      }
      case Kind.OfferMead:
        return -1; // a player pays the Central Bank's price (D132): it sells Mead there
      case Kind.IssueShare: {
        if (!w.mintSales || !this.shortForTax(s, seat)) return -1;
        const pct = rs.data.finance.mint.shareFractionsPercent[arg];
        return w.bankruptcyCost - this.shareIncome(s, seat, pct, w.shareHorizonTurns);
      }
      case Kind.BuyShare: {
        if (!w.mintSales || s.sharePrice[arg] > spare) return -1;
        return this.shareIncome(s, s.shareIssuer[arg], s.sharePct[arg], w.shareHorizonTurns) - s.sharePrice[arg] - this.contractMargin;
      }
      case Kind.ResellShare:
      case Kind.ResellBond:
      case Kind.ResellFuture:
        // short of the coming tax it sells what it holds to a player who can pay
        return w.mintSales && this.shortForTax(s, seat) ? w.bankruptcyCost * 0.5 : -1;
      case Kind.LiquidateProperty: {
        if (s.bankruptSince[seat] >= 0) return 1;
        // short of the coming tax: sell the weakest property to the Central Bank (one property less to tax, too)
        if (!w.liquidateForTax || !this.shortForTax(s, seat)) return -1;
        return 1 - this.propertyYield(rankOf(s.slotCard[seat * rs.data.table.fieldSlots + arg])) / 100;
      }
    }
    return -1;
  }

  // ---- sales to players and the Private Mint

  /** The price a player pays for a spell: the highest grid price a buyer valuing a spell at `spellBonus` takes. */
  private spellSalePrice(s: MerlinState, seat: number): number {
    let best = 0;
    const gold = this.bestBuyerGold(s, seat);
    for (const p of this.rs.data.market.spellPrices) if (p <= this.w.spellBonus + this.w.marketMargin && p <= gold && p > best) best = p;
    return best;
  }

  /** Most gold beyond its reserve of any other player still in the game. */
  private bestBuyerGold(s: MerlinState, seat: number): number {
    let best = 0;
    for (let p = 0; p < s.numPlayers; p++) if (p !== seat && !s.eliminated[p]) best = Math.max(best, this.spare(s, p));
    return best;
  }

  /** Score of price index `t` of the open Mint price step: a spell at its sale price, a share or resale at the most a buyer pays. */
  private mintPriceScore(s: MerlinState, seat: number, t: number): number {
    const rs = this.rs;
    const m = rs.data.finance.mint;
    if (s.offerKind === MintOffer.Spell) return -Math.abs(rs.data.market.spellPrices[t] - this.spellSalePrice(s, seat));
    const prices = s.offerKind === MintOffer.BondSale ? m.bondPrices : m.sharePrices;
    const gold = this.bestBuyerGold(s, seat);
    return prices[t] <= gold ? prices[t] : -prices[t];
  }

  /** Worth to the buyer `seat` of the open Mint offer (a bond or share resale, a spell, a Mead) at its price. */
  private mintOfferValue(s: MerlinState, seat: number): number {
    const rs = this.rs;
    const m = rs.data.finance.mint;
    const w = this.w;
    const k = s.offerA;
    const spare = this.spare(s, seat);
    switch (s.offerKind) {
      case MintOffer.Spell: {
        const price = rs.data.market.spellPrices[s.offerB];
        return price > spare ? -1 : w.spellBonus + w.marketMargin - price;
      }
      case MintOffer.Mead:
        return -1; // worth what the Central Bank pays for it
      case MintOffer.BondSale: {
        const price = m.bondPrices[s.offerB];
        if (price > spare) return -1;
        return (
          this.bondValue(s, s.bondIssuer[k], s.bondFace[k], s.bondCoupon[k], Math.max(0, s.bondDue[k] - s.months)) +
          s.bondFace[k] -
          price -
          this.contractMargin
        );
      }
      case MintOffer.ShareSale: {
        const price = m.sharePrices[s.offerB];
        if (price > spare) return -1;
        return this.shareIncome(s, s.shareIssuer[k], s.sharePct[k], w.shareHorizonTurns) - price - this.contractMargin;
      }
    }
    return -1;
  }

  // ---- finance (futures, insurance, loans, the Private Mint): each valued by its expected gold

  /** Gold wanted beyond a contract's expected value (`contractMargin`, else `marketMargin`). */
  private get contractMargin(): number {
    return this.w.contractMargin ?? this.w.marketMargin;
  }

  /** Chance that a roll total in `totals` comes up within `turns` rolls. */
  private eventChance(totals: readonly number[], turns: number): number {
    let ways = 0;
    for (const x of totals) ways += WAYS[x];
    return 1 - Math.pow(1 - ways / 36, turns);
  }

  /** The Cost of the Living expected `months` portions of the wheel from now: a 7 in 6 rolls adds the Volatility. */
  private expectedCostOfLiving(s: MerlinState, months: number): number {
    return s.costOfLiving + s.volatility * ((Math.max(0, months) * this.rollsPerMonth(s)) / 6);
  }

  /**
   * The best insurance policy to sell on event `e` at this season's premium: the period (term index) whose
   * premium − P(the event in the period) × cover is highest, and that value minus `contractMargin`.
   */
  private bestPolicy(s: MerlinState, e: number): { term: number; value: number } {
    const ins = this.rs.data.finance.insurance;
    const ev = ins.events[e];
    let best = { term: 0, value: -1 };
    if (!ev || ev.kind !== 'roll') return best;
    const premium = ev.premiums[this.rs.wheels[s.wheelKind][s.wheelPos].season];
    for (let t = 0; t < ins.periodTurns.length; t++) {
      const v = premium - this.eventChance(ev.totals, ins.periodTurns[t]) * premium * ev.payoutMultiple - this.contractMargin;
      if (v > best.value) best = { term: t, value: v };
    }
    return best;
  }

  /**
   * The best futures contract to write on commodity `c`: only on units beyond `keepUnits` it holds (a covered short),
   * at the highest forward price a buyer valuing a bushel at the Cost of the Living expected at expiry still takes,
   * when that beats the units' worth to it (`surplusUnitValue` × the Cost of the Living) by `contractMargin`.
   */
  private bestFuture(s: MerlinState, seat: number, c: number): { term: number; value: number } {
    const f = this.rs.data.finance;
    const w = this.w;
    let best = { term: 0, value: -1 };
    if (s.held[seat * 3 + c] - w.keepUnits < f.bushel) return best;
    const cost = f.bushel * s.costOfLiving * w.surplusUnitValue;
    const E = f.expiryMonths.length;
    for (let i = 0; i < f.forwardPrices.length; i++)
      for (let x = 0; x < E; x++) {
        const price = f.forwardPrices[i];
        if (price >= f.bushel * this.expectedCostOfLiving(s, f.expiryMonths[x]) - this.contractMargin) continue; // the buyer takes it
        const v = price - cost - this.contractMargin;
        if (v > best.value) best = { term: i * E + x, value: v };
      }
    return best;
  }

  /** Chance `debtor` does not pay `owed` gold in full: `defaultRisk` when it owes more than half its net worth, a tenth of it otherwise. */
  private defaultChance(s: MerlinState, debtor: number, owed: number): number {
    if (debtor < 0 || s.eliminated[debtor]) return 1;
    const r = owed > netWorth(s, this.rs, debtor) / 2 || s.bankruptSince[debtor] >= 0 ? this.w.defaultRisk : this.w.defaultRisk / 10;
    return Math.min(1, r);
  }

  /**
   * Worth to the lender of lending principal index `ai` to `borrower` (at rate-and-term `t`, or the best the borrower
   * accepts when -1): the interest minus the chance of default times what is owed; -1 when the borrower would
   * refuse (it borrows only when short of the coming tax, see borrowValue).
   */
  private loanValue(s: MerlinState, borrower: number, ai: number, t: number): number {
    const f = this.rs.data.finance;
    if (t < 0) t = this.bestLoanTerm(s, borrower, ai);
    if (t < 0 || this.borrowValue(s, borrower, ai, t) <= 0) return -1;
    const amount = f.loanAmounts[ai];
    const owed = amountDue(amount, f.loanRatesPercent[(t / f.loanTermMonths.length) | 0]);
    return owed - amount - this.defaultChance(s, borrower, owed) * owed - this.contractMargin;
  }

  /** The lender's rate-and-term index for principal `ai`: the highest rate, then the shortest term, that `borrower` accepts (-1 none). */
  private bestLoanTerm(s: MerlinState, borrower: number, ai: number): number {
    const f = this.rs.data.finance;
    const T = f.loanTermMonths.length;
    let best = -1;
    let bestOwed = -1;
    for (let r = 0; r < f.loanRatesPercent.length; r++)
      for (let x = 0; x < T; x++) {
        const owed = amountDue(f.loanAmounts[ai], f.loanRatesPercent[r]);
        if (owed > bestOwed && (borrower === s.decider || this.borrowValue(s, borrower, ai, r * T + x) > 0)) {
          best = r * T + x;
          bestOwed = owed;
        }
      }
    return best;
  }

  /**
   * Worth to `seat` of borrowing principal index `ai` at rate-and-term `t`: only when short of the coming tax, and
   * the principal covers the shortfall: `bankruptcyCost` minus the interest; else -1.
   */
  private borrowValue(s: MerlinState, seat: number, ai: number, t: number): number {
    const f = this.rs.data.finance;
    const amount = f.loanAmounts[ai];
    if (!this.shortForTax(s, seat) || this.cash(s, seat) + amount < taxOwed(s, this.rs, seat)) return -1;
    const interest = amountDue(amount, f.loanRatesPercent[(t / f.loanTermMonths.length) | 0]) - amount;
    return this.w.bankruptcyCost - interest;
  }

  /**
   * Worth to a buyer of a bond of `face` gold paying `coupon` gold each of the issuer's turns for `months` months:
   * the coupons expected (the issuer's turns in that time) minus the chance of default times the face.
   */
  private bondValue(s: MerlinState, issuer: number, face: number, coupon: number, months: number): number {
    const turns = (months * this.rollsPerMonth(s)) / Math.max(1, s.numPlayers);
    return coupon * turns - this.defaultChance(s, issuer, face + coupon * turns) * face;
  }

  /**
   * The bond of face index `fi` to issue: only when short of the coming tax, the cheapest coupon and maturity a buyer
   * takes (bondValue above `contractMargin`); worth `bankruptcyCost` minus the coupons it would pay.
   */
  private bestBond(s: MerlinState, seat: number, fi: number): { term: number; value: number } {
    const m = this.rs.data.finance.mint;
    const face = m.bondFaces[fi];
    let best = { term: 0, value: -1 };
    if (!this.shortForTax(s, seat) || this.cash(s, seat) + face < taxOwed(s, this.rs, seat)) return best;
    const T = m.bondTermMonths.length;
    for (let c = 0; c < m.bondCouponPercent.length; c++)
      for (let x = 0; x < T; x++) {
        const coupon = Math.ceil((face * m.bondCouponPercent[c]) / 100);
        const months = m.bondTermMonths[x];
        if (this.bondValue(s, seat, face, coupon, months) <= this.contractMargin) continue;
        const v = this.w.bankruptcyCost - (coupon * months * this.rollsPerMonth(s)) / Math.max(1, s.numPlayers);
        if (v > best.value) best = { term: c * T + x, value: v };
      }
    return best;
  }

  // ---- combat (the combat chapter)

  /** Board distance (king moves: rows and ring columns) from square `k` to the nearest standing enemy card of unit `u`'s owner. */
  private enemyDistance(s: MerlinState, u: number, k: number): number {
    const rs = this.rs;
    const F = rs.data.table.fieldSlots;
    const cols = rs.data.board.cols;
    const ring = s.numPlayers * cols;
    const col = ((k / F) | 0) * cols + ((k % F) % cols);
    const row = ((k % F) / cols) | 0;
    let best = 1e3;
    for (let q = 0; q < s.numPlayers * F; q++) {
      if (((q / F) | 0) === s.unitOwner[u] || !standable(s, q) || destroyed(s, rs, q)) continue;
      const dc = Math.abs(((q / F) | 0) * cols + ((q % F) % cols) - col);
      const dr = Math.abs((((q % F) / cols) | 0) - row);
      best = Math.min(best, Math.max(dr, Math.min(dc, ring - dc)));
    }
    return best;
  }

  private verbValue(s: MerlinState, u: number, verb: number): number {
    const rs = this.rs;
    const w = this.w;
    switch (verb) {
      case Verb.Move: {
        if (!this.aggressiveUnit(u, s)) return -0.2;
        let best = -Infinity;
        const g = geometry(rs, s.numPlayers);
        for (let j = s.unitPos[u] * 8, e = j + 8; j < e; j++) {
          for (const q of [g.adj[j], g.beyond[j]])
            if (q >= 0 && moveOk(s, rs, u, q)) best = Math.max(best, this.scoreSquare(s, s.unitOwner[u], q, u));
        }
        return best;
      }
      case Verb.AttackProperty: {
        let best = -Infinity;
        const g = geometry(rs, s.numPlayers);
        const k0 = s.unitPos[u];
        if (attackPropertyOk(s, rs, u, k0)) best = this.attackPropertyValue(s, u, k0);
        for (let j = k0 * 8, e = j + 8; j < e; j++) {
          const q = g.adj[j];
          if (q >= 0 && attackPropertyOk(s, rs, u, q)) best = Math.max(best, this.attackPropertyValue(s, u, q));
        }
        return best;
      }
      case Verb.AttackUnit: {
        let best = -Infinity;
        for (let t = 0; t < s.unitCard.length; t++) if (attackUnitOk(s, rs, u, t)) best = Math.max(best, this.attackUnitValue(s, u, t));
        return best;
      }
      case Verb.Defend:
        return w.defendBonus;
      case Verb.UseAbility:
        return 2;
      case Verb.UseAbilityAlt:
        return 2 + (this.altPays(s, u) ? w.abilityAltBonus : -0.5);
      case Verb.UseAbilityThird:
        return 1.8; // the Grand Artificer's Sharpen Blades (+2 Strength) after Reinforce Armor (+2 Health)
      case Verb.Combine:
        return 2.5; // the Queen's ability and more (D136)
    }
    return -1;
  }

  private aggressiveUnit(u: number, s: MerlinState): boolean {
    const c = s.unitCard[u];
    return isGuardCard(c) || isAggressive(c) || this.rs.data.combat.alignment === 'none';
  }

  /** Expected worth of unit `u` attacking unit `t`: what it destroys minus what it loses. */
  private attackUnitValue(s: MerlinState, u: number, t: number): number {
    const rs = this.rs;
    const w = this.w;
    const bonus = rs.data.combat.guardFirstStrikeBonus;
    const uGuard = isGuardCard(s.unitCard[u]);
    const tGuard = isGuardCard(s.unitCard[t]);
    const dealt = uGuard && !tGuard ? s.unitAtk[u] + bonus : power(s, rs, u, true);
    const kill = dealt >= s.unitHp[t] + s.unitShield[t] + ward(s, rs, t);
    let taken = power(s, rs, t, false);
    if (!uGuard && tGuard) taken = s.unitAtk[t] + bonus;
    else if (uGuard && !tGuard && kill) taken = 0;
    const die = taken >= s.unitHp[u] + s.unitShield[u] + ward(s, rs, u);
    const gain = kill ? w.attackBonus + s.unitAtk[t] + s.unitHp[t] : dealt * 0.5;
    const loss = die ? w.attackBonus + s.unitAtk[u] + s.unitHp[u] : taken * 0.5;
    return gain - loss;
  }

  /** Expected worth of unit `u` attacking the card on `k`. */
  private attackPropertyValue(s: MerlinState, u: number, k: number): number {
    const rs = this.rs;
    const F = rs.data.table.fieldSlots;
    let d = isGuardCard(s.unitCard[u]) ? s.unitAtk[u] : power(s, rs, u, true);
    let back = 0;
    for (let t = 0; t < s.unitCard.length; t++) {
      if (s.unitPos[t] !== k || s.unitOwner[t] !== ((k / F) | 0) || s.unitStance[t] !== 1) continue;
      d -= s.unitHp[t] + ward(s, rs, t);
      back += isGuardCard(s.unitCard[t]) ? s.unitAtk[t] + 1 : power(s, rs, t, false);
    }
    const die = back >= s.unitHp[u];
    const left = cardHp(s, rs, k) - s.slotHits[k];
    const worth = s.slotKind[k] === SlotKind.Property ? this.propertyYield(rankOf(s.slotCard[k])) / 6 : 1;
    const gain = d <= 0 ? 0 : d >= left ? this.w.attackBonus + worth : worth / 2;
    return gain - (die ? this.w.attackBonus + s.unitAtk[u] + s.unitHp[u] : back * 0.5);
  }

  /** Worth of board square `k` for the open placement or move (unit `u`, default the commanded one). */
  private scoreSquare(s: MerlinState, seat: number, k: number, u = s.cmdUnit): number {
    const rs = this.rs;
    switch (s.pending) {
      case Pending.PlaceGolem:
      case Pending.PlaceGuard:
      case Pending.PlaceGuardNow: {
        const c = s.hands[seat][s.pendingHand];
        const near = this.enemyDistanceFrom(s, seat, k);
        return isGuardCard(c) || !isAggressive(c) ? this.propertyYield(rankOf(s.slotCard[k])) - near * 0.01 : -near;
      }
      case Pending.AttackProperty:
      case Pending.CoordAttackProperty:
        return this.attackPropertyValue(s, u, k);
    }
    // a move: closer to the nearest enemy card is better
    return (this.enemyDistance(s, u, s.unitPos[u]) - this.enemyDistance(s, u, k)) * 0.5 - 0.1;
  }

  private enemyDistanceFrom(s: MerlinState, seat: number, k: number): number {
    const F = this.rs.data.table.fieldSlots;
    const cols = this.rs.data.board.cols;
    const ring = s.numPlayers * cols;
    const col = ((k / F) | 0) * cols + ((k % F) % cols);
    let best = 1e3;
    for (let p = 0; p < s.numPlayers; p++) {
      if (p === seat || s.eliminated[p]) continue;
      for (const c of [p * cols, p * cols + cols - 1]) {
        const d = Math.abs(c - col);
        best = Math.min(best, d, ring - d);
      }
    }
    return best;
  }

  private scoreSlot(s: MerlinState, seat: number, slot: number): number {
    const F = this.rs.data.table.fieldSlots;
    switch (s.pending) {
      case Pending.PlaceLand:
        return -this.propertyYield(rankOf(s.slotCard[seat * F + slot]));
      case Pending.ChauffeurSecond: {
        // the weakest property, and with finance in its line one whose number sums with the first's to a frequent roll (resonance)
        const n = rankOf(s.slotCard[seat * F + slot]);
        const sum = n + rankOf(s.slotCard[seat * F + s.pendingSlot]);
        return -this.propertyYield(n) + (this.w.writeContracts && sum <= 12 ? WAYS[sum] : 0);
      }
      case Pending.SpellShopProperty:
      case Pending.BreweryProperty:
        return this.propertyYield(rankOf(s.slotCard[seat * F + slot]));
      case Pending.SpellTargetSlot: {
        const k = s.pendingPlayer * F + slot;
        return WAYS[rankOf(s.slotTop[k])];
      }
      case Pending.PlaceCard: {
        // away from the field's left and right edges, where neighbours' golems arrive (board.ts)
        const cols = this.rs.data.board.cols;
        const col = slot % cols;
        return Math.min(col, cols - 1 - col) - slot * 0.001;
      }
      case Pending.PotionTargetSlot: {
        const k = seat * F + slot;
        return s.slotTopKind[k] === TopKind.Land
          ? WAYS[rankOf(s.slotTop[k])]
          : s.slotKind[k] === SlotKind.Property
            ? this.propertyYield(rankOf(s.slotCard[k]))
            : 0;
      }
    }
    return 0;
  }
}
