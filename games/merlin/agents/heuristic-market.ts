/**
 * The heuristic's market and finance decisions: the turn-order auction, trades it proposes and accepts, the Grand
 * Market's bids and asks, property auctions and sales, futures, insurance, loans, bonds and the Private Mint, each
 * valued by its expected gold (heuristic-valuation.ts) against `marketMargin` or `contractMargin`.
 */
import { Kind } from '../engine/actions.ts';
import { HAND_POTION, HAND_SPELL, MintPending, Pending, TopKind, type MerlinState } from '../engine/state.ts';
import { MintOffer } from '../engine/mint.ts';
import { rankOf } from '../engine/cards.ts';
import { netWorth } from '../engine/victory.ts';
import { taxOwed } from '../engine/taxes.ts';
import { amountDue } from '../engine/loans.ts';
import { bestAsk, bestBid, bidPrice } from '../engine/market.ts';
import { itemAmount, itemCategory, nextAuctionBid, robberyThreshold, tradeItemCount } from '../engine/trade.ts';
import { HeuristicValuation, WAYS } from './heuristic-valuation.ts';

/** Market and finance scores of the heuristic (see HeuristicAgent). */
export abstract class HeuristicMarket extends HeuristicValuation {
  /**
   * The turn-order bid (0.1.27b "The First Turn"): with `seatValues`, the worth of the first position over the
   * last one (which also receives `auction.lastSeatSharePercent` of the pot), at most the gold beyond its reserve;
   * without, `auctionBid`.
   */
  protected turnOrderBid(s: MerlinState, seat: number): number {
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

  /** Scores of the market and offer kinds (the market and finance chapters). */
  protected scoreMarket(s: MerlinState, seat: number, kind: number, arg: number, arg2: number): number {
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
  protected loanValue(s: MerlinState, borrower: number, ai: number, t: number): number {
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
}
