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
 *
 * Modules: heuristic-weights.ts (the weights' schema, `loadWeights`), heuristic-valuation.ts (reserve, net worth and
 * standing, the worth of Crowns, units, decrees and readings, the votes), heuristic-market.ts (trades, the Grand
 * Market, auctions, offers, futures, insurance, loans, bonds, the Private Mint), heuristic-board.ts (cards bought,
 * squares and slots chosen, unit verbs and targets in combat); this module is the agent, whose `score` dispatches by
 * action kind.
 */
import type { Agent, AgentContext } from '../../../env/core/agent.ts';
import { ArgumentError } from '../../../lib/errors.ts';
import type { Ruleset } from '../rules/index.ts';
import { catalogue, Kind, type ActionCatalogue } from '../engine/actions.ts';
import { HAND_POTION, HAND_SPELL, MintPending, Pending, Phase, SlotKind, type MerlinState } from '../engine/state.ts';
import { rankOf, Suit, suitOf } from '../engine/cards.ts';
import { cardDef, DECK_INDEX } from '../engine/effects.ts';
import { handCardDef } from '../engine/magic.ts';
import { taxOwed, VOTE_CUT } from '../engine/taxes.ts';
import { hasChauffeur } from '../engine/futures.ts';
import { motionRepeals } from '../engine/regulations.ts';
import { motivationCost, power, squareKey, unitAt, Verb, verbOpen } from '../engine/combat.ts';
import { loadWeights, type HeuristicWeights } from './heuristic-weights.ts';
import { WAYS } from './heuristic-valuation.ts';
import { HeuristicBoard } from './heuristic-board.ts';

export { HeuristicWeights, loadWeights } from './heuristic-weights.ts';

export class HeuristicAgent extends HeuristicBoard implements Agent {
  readonly spec: string;
  readonly needsObservation = false;
  private readonly cat: ActionCatalogue;

  constructor(rs: Ruleset, w: HeuristicWeights = loadWeights(), spec = 'heuristic') {
    super(rs, w);
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
}
