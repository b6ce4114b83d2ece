/**
 * Merlin's observation blocks of the Grand Market (the book, every seat's bids, escrow, asks and cart), the
 * offer being composed, the market cards' wards and price shifts and the Council's offices (env/observation.ts).
 */
import { Phase, type MerlinState } from '../../engine/state.ts';
import { rankOf, suitOf } from '../../engine/cards.ts';
import { bestAsk, bestBid, bidPrice } from '../../engine/market.ts';
import { tradeItemCount } from '../../engine/trade.ts';
import { MintOffer } from '../../engine/mint.ts';
import { Offer } from '../../engine/offers.ts';
import { offerStep, record, type Block, type Put } from './block.ts';

/** The market, carts and offers: their segments and their writers. */
export function marketBlock(ctx: Block, put: Put) {
  const { rs, d, L, M, F, csz, seatWord, relWord, priceWord, rel, relOf } = ctx;

  // ======== the Grand Market, carts and offers (engine/market.ts, engine/trade.ts); all public
  const mk = d.market;
  const stimM = mk.stimulusMonths;
  const stimB = mk.stimulusBids;
  const T = tradeItemCount(rs);
  const PPN = mk.propertyPrices.length;
  const BOOK = record({ bestBid: 1, bestAsk: 1, spot: 1, lastPrice: 1, stimulusBids: 1, sinceBid: 1 });
  const oMkBook = L.add(
    'market.book',
    3 * BOOK.width,
    `[3] commodities (Souls, Elixir Oil, Essence Grain) × [${BOOK.width}]: best bid, best ask, spot price, last traded price (gold per unit, each ${priceWord}; 0 when none), R.O.W. stimulus bids / ${stimB}, months since a bid was seen / ${stimM} clipped to 1.`,
  );
  const oMkBid = L.add(
    'seat.marketBid',
    M * 3,
    `${seatWord} × [3]: the seat's open bid (one unit) per commodity, price ${priceWord}; 0 when none.`,
  );
  const oMkFresh = L.add(
    'seat.marketBidFresh',
    M * 3,
    `${seatWord} × [3]: 1 when the bid was placed or lowered this turn (it cannot be withdrawn yet).`,
  );
  const oMkEsc = L.add(
    'seat.marketEscrow',
    M * 3,
    `${seatWord} × [3]: gold in escrow per commodity (a withdrawn bid, still executable, plus lowered differences), ${priceWord}.`,
  );
  const oMkAskP = L.add('seat.marketAskPrice', M * 3, `${seatWord} × [3]: the seat's ask price per commodity, ${priceWord}; 0 when none.`);
  const oMkAskQ = L.add('seat.marketAskUnits', M * 3, `${seatWord} × [3]: units in the ask / the commodity's total.`);
  const oMkCart = L.add(
    'seat.cart',
    M * 3,
    `${seatWord} × [3]: units on the seat's horse cart by commodity / the commodity's total (on the road until the seat's next turn).`,
  );
  const oMkCartTo = L.add(
    'seat.cartSold',
    M,
    `${seatWord}: 1 when the seat's cart carries a unit sold into another player's bid (0: bound for its own ask or a R.O.W. purchase).`,
  );
  const oMkMoved = L.add('seat.transportedThisTurn', M, `${seatWord}: 1 when the seat has used its one transport this turn.`);
  const oOfStage = L.add(
    'offer.stage',
    3,
    'One-hot step of the market action or offer being composed: the active player chooses a term (SelectTerm: a price or the item asked), the counterparty (SelectPlayer), or the counterparty accepts or refuses (OfferRespond).',
  );
  const oOfKind = L.add(
    'offer.kind',
    9,
    'One-hot kind of the action being composed: goods trade, property sale, bid, ask, new futures contract, futures resale, loan, insurance policy, property auction.',
  );
  const oAuc = L.add('offer.auctionBid', 1, `The property auction's highest bid (the opening bid before any) ${priceWord}.`);
  const oAucLeader = L.add('offer.auctionLeader', M, `One-hot ${relWord} of the highest bidder of the property auction.`);
  const oAucIn = L.add('offer.auctionBidders', M, `${seatWord}: 1 while the seat is still bidding in the property auction.`);
  const oOfEvent = L.add(
    'offer.insuranceEvent',
    d.finance.insurance.events.length,
    'One-hot catalogue event of the insurance policy being posted.',
  );
  const oOfLoan = L.add(
    'offer.loanAmount',
    d.finance.loanAmounts.length,
    `One-hot index into finance.loanAmounts (${d.finance.loanAmounts.join(', ')}) of the loan offered.`,
  );
  const oOfCom = L.add('offer.commodity', 3, 'One-hot commodity of the bid or ask being priced.');
  const oOfGive = L.add(
    'offer.give',
    T,
    `[${T}] trade items (engine/trade.ts tradeItem: commodity lots, gold amounts, a Crown): one-hot item the active player gives.`,
  );
  const oOfGet = L.add('offer.get', T, `[${T}] trade items: one-hot item the active player asks for.`);
  const oOfSlot = L.add('offer.propertySlot', F, `[${F}] the active player's field slots: one-hot property offered for sale.`);
  const oOfPrice = L.add(
    'offer.propertyPrice',
    PPN,
    `[${PPN}] one-hot index into market.propertyPrices (${mk.propertyPrices.join(', ')}) of the property offer.`,
  );
  const oOfTo = L.add('offer.counterparty', M, `One-hot ${relWord} of the counterparty of the open offer.`);
  const fin = d.finance;
  const KC = fin.maxContracts;
  // offer.contract is written here; the contracts themselves by the futures block (observation/finance.ts).
  const oOfContract = L.add('offer.contract', KC, `[${KC}] contract places: one-hot futures contract offered for resale.`);

  /**
   * The market book (public). A function of its own, as are `seatWorths` and the other write* helpers: V8
   * inlines callees into an optimised function within a budget of bytecode, and a writer's inlined `put`s
   * spend most of it, so the engine helpers it calls would stay calls; called from a small function they
   * are inlined (measured when `encode` was one function: the observation about 10 % faster).
   */
  function writeMarketBook(s: MerlinState): void {
    for (let c = 0; c < 3; c++) {
      const o = oMkBook + c * BOOK.width;
      const bb = bestBid(s, c, -1);
      const bp = bb >= 0 ? bidPrice(s, c, bb) : 0;
      if (bb >= 0) put(o + BOOK.bestBid, bp / (bp + 10));
      const ba = bestAsk(s, c, -1);
      const ap = ba >= 0 ? s.mktAsk[ba * 3 + c] : 0;
      if (ba >= 0) put(o + BOOK.bestAsk, ap / (ap + 10));
      // The spot price (engine/market.ts spotPrice) from the same two quotes.
      const sp = bb < 0 ? 0 : ba < 0 ? bp : (bp + ap) / 2;
      if (sp !== 0) put(o + BOOK.spot, sp / (sp + 10));
      const lp = s.lastPrice[c];
      if (lp !== 0) put(o + BOOK.lastPrice, lp / (lp + 10));
      const rb = s.rowBids[c];
      if (rb !== 0) put(o + BOOK.stimulusBids, rb >= stimB ? 1 : rb / stimB);
      const since = s.months - s.bidSeenMonth[c];
      if (since > 0) put(o + BOOK.sinceBid, since >= stimM ? 1 : since / stimM);
    }
  }

  /** Every seat's bids, escrow, asks and cart. */
  function writeMarketSeats(s: MerlinState): void {
    const turn = s.turn;
    for (let i = 0, P = s.numPlayers; i < P; i++) {
      const p = rel[i];
      for (let c = 0; c < 3; c++) {
        const k = p * 3 + c;
        const j = i * 3 + c;
        const bp = s.mktBid[k];
        if (bp > 0) {
          put(oMkBid + j, bp / (bp + 10));
          if (s.mktBidTurn[k] >= turn) put(oMkFresh + j, 1);
        }
        const eg = s.mktEscBid[k] + s.mktEscGold[k];
        if (eg > 0) put(oMkEsc + j, eg / (eg + 10));
        const ap = s.mktAsk[k];
        if (ap > 0) put(oMkAskP + j, ap / (ap + 10));
        const aq = s.mktAskQty[k];
        if (aq !== 0) put(oMkAskQ + j, aq / csz[c]);
      }
      const q = s.cartQty[p];
      if (q > 0) {
        put(oMkCart + i * 3 + s.cartCom[p], q / csz[s.cartCom[p]]);
        if (s.cartDest[p] >= 0) put(oMkCartTo + i, 1);
      }
      if (s.cartTurn[p] === turn) put(oMkMoved + i, 1);
    }
  }

  /** The market action or offer being composed (engine/offers.ts Offer; the Private Mint's kinds are the mint block's). */
  function writeOffer(s: MerlinState): void {
    const ok = s.offerKind;
    if (!(ok > Offer.None && ok < MintOffer.Bond)) return;
    const phase = s.phase;
    if (phase !== Phase.PropertyAuction) put(oOfStage + offerStep(phase), 1);
    put(oOfKind + ok - Offer.Trade, 1);
    const b = s.offerB;
    if (ok === Offer.Trade) {
      put(oOfGive + s.offerA, 1);
      if (b >= 0) put(oOfGet + b, 1);
    } else if (ok === Offer.Property) {
      put(oOfSlot + s.offerA, 1);
      if (b >= 0) put(oOfPrice + b, 1);
    } else if (ok === Offer.Contract) put(oOfContract + s.offerA, 1);
    else if (ok === Offer.Loan) put(oOfLoan + s.offerA, 1);
    else if (ok === Offer.Policy) put(oOfEvent + s.offerA, 1);
    else if (ok === Offer.Auction) {
      put(oOfSlot + s.offerA, 1);
      if (phase === Phase.PropertyAuction) {
        const bid = s.propAucLeader >= 0 ? s.propAucPrice : s.propAucPrice + d.market.auctionStep;
        put(oAuc, bid / (bid + 10));
        if (s.propAucLeader >= 0) put(oAucLeader + relOf[s.propAucLeader], 1);
        for (let x = 0; x < s.queue.length; x++) put(oAucIn + relOf[s.queue[x]], 1);
      }
    } else put(oOfCom + s.offerA, 1); // Bid, Ask, Future: the commodity
    if (s.offerTo >= 0 && s.offerTo < s.numPlayers) put(oOfTo + relOf[s.offerTo], 1);
  }

  return { writeMarketBook, writeMarketSeats, writeOffer };
}

/** The market cards and the Council's offices: their segments and their writers. */
export function marketCardsBlock(ctx: Block, put: Put) {
  const { d, L, M, seatWord, relOf } = ctx;

  // ======== market cards: transport wards and realm price shifts (engine/market-cards.ts); all public
  const WARD = record({ points: 1, left: 1 });
  const SHIFT = record({ rise: 1, fall: 1, left: 1 });
  const oWard = L.add(
    'seat.cartWard',
    M * WARD.width,
    `${seatWord} × [${WARD.width}]: a card's transport ward (engine/market-cards.ts): d6 points of transport risk removed / 6; turns left / 10 clipped to 1 (0 when none).`,
  );
  const oShift = L.add(
    'market.priceShift',
    3 * SHIFT.width,
    `[3] commodities × [${SHIFT.width}]: a card's shift of the realm's price (engine/market-cards.ts): rise in gold / 5, fall in gold / 5 (each clipped to 1), turns left / 10 clipped to 1 (0 when none).`,
  );

  function writeMarketCards(s: MerlinState): void {
    const turn = s.turn;
    for (let p = 0; p < s.numPlayers; p++) {
      if (s.cartWardUntil[p] < turn) continue;
      const left = s.cartWardUntil[p] - turn;
      put(oWard + relOf[p] * WARD.width + WARD.points, s.cartWard[p] / 6);
      put(oWard + relOf[p] * WARD.width + WARD.left, left >= 10 ? 1 : left / 10);
    }
    for (let c = 0; c < 3; c++) {
      if (s.priceShiftUntil[c] < turn || s.priceShift[c] === 0) continue;
      const shift = s.priceShift[c];
      const o = oShift + c * SHIFT.width;
      put(o + (shift > 0 ? SHIFT.rise : SHIFT.fall), Math.min(1, Math.abs(shift) / 5));
      const left = s.priceShiftUntil[c] - turn;
      put(o + SHIFT.left, left >= 10 ? 1 : left / 10);
    }
  }

  // ======== the Council's offices (`councilDisplay`, docs/RULES.md D15; engine/playing-cards.ts); public. Only
  // a ruleset with a display has these segments, so the layouts of the rulesets without one are unchanged.
  const CD = d.councilDisplay ?? 0;
  const oCouncilSuit =
    CD > 0
      ? L.add(
          'council.suit',
          CD * 4,
          `[${CD}] places × [4]: one-hot suit of the face-up card (Clubs, Spades, Hearts, Diamonds); all zero for an empty place.`,
        )
      : -1;
  const oCouncilRank =
    CD > 0
      ? L.add(
          'council.rank',
          CD,
          `[${CD}] places: rank of the face-up card / 13 (2 .. King 13; Aces, 7s and Jokers never show); 0 for an empty place.`,
        )
      : -1;

  function writeCouncil(s: MerlinState): void {
    const council = s.council;
    for (let a = 0; a < council.length; a++) {
      const c = council[a];
      if (c < 0) continue;
      put(oCouncilSuit + a * 4 + suitOf(c), 1);
      put(oCouncilRank + a, rankOf(c) / 13);
    }
  }

  return { writeMarketCards, writeCouncil };
}
