/**
 * The Private Mint and sales to players. 0.1.27b "Chauffeurs" ("Private Mint: Dare to issue your own bonds,
 * stocks, or even a unique currency"), "Spell Shops" ("sell spell cards to the Central Bank or to other
 * players"), "Breweries" (Mead "sold to the Central Bank or other players for the current Cost of the
 * Living"); 0.1.14a "Bid/Ask Table" (stock), "Spades", "Hearts". docs/RULES.md D121-D132.
 *
 *   IssueBond(face)    -> SelectTerm(coupon × maturity)            a bond on the table (needs a Chauffeur)
 *   BuyBond(k)                                                     pay the face to the issuer, become the holder
 *   ResellBond(k)      -> SelectTerm(price) -> SelectPlayer -> the buyer: AcceptOffer / RefuseOffer
 *   IssueShare(pct)    -> SelectTerm(price)                        a share on the table (needs a Chauffeur)
 *   BuyShare(k)                                                    pay the price to the issuer, become the holder
 *   ResellShare(k)     -> SelectTerm(price) -> SelectPlayer -> the buyer: AcceptOffer / RefuseOffer
 *   OfferSpell -> SelectTerm(which spell) -> SelectTerm(price) -> SelectPlayer -> the buyer: AcceptOffer / RefuseOffer
 *   OfferMead                              -> SelectPlayer -> the buyer: AcceptOffer / RefuseOffer
 *
 * - A bond: the buyer pays the face (`finance.mint.bondFaces`) to the issuer's pocket. At the start of each of
 *   the issuer's later turns the holder receives the coupon, ceil(face × percent / 100); from the maturity month
 *   (the term counted from the purchase) the issuer repays the face and the bond closes. A payment the issuer
 *   cannot make from pocket and vaults is a default: the Central Bank pays the holder the rest (as far as it
 *   holds gold) and the issuer owes the Central Bank that much, so they are bankrupt until it is paid (the
 *   futures' failure-to-deliver path, engine/futures.ts).
 * - A share: the buyer pays its price to the issuer. Whenever a property of the issuer pays the issuer gold
 *   on a roll, the holder receives floor(payout × percent / 100) of it from the issuer's pocket (the payout has
 *   just arrived there). A player's shares claim at most `finance.mint.maxSharePercent` percent together.
 * - A bond or share nobody bought is taken off the table at the start of the issuer's next turn. Holders may
 *   resell. An eliminated issuer's or holder's instruments are cancelled.
 * - A spell offered to a player is chosen as the t-th spell in the hand (t below the SelectTerm menu size, so
 *   the catalogue needs no id per hand index); it leaves the hand face up (the table sees it) into `offerCard`; bought, it enters
 *   the buyer's hand; refused, it returns to the seller's hand (and was seen). It needs a Spell Shop as a sale
 *   to the Central Bank does (its own, or another player's when `spellShopBrokerage` is on).
 * - Mead sells for the Cost of the Living × `mead.priceInCostOfLiving`, as to the Central Bank.
 */
import type { Ruleset } from '../rules/index.ts';
import { catalogue, Kind } from './actions.ts';
import { HAND_POTION, HAND_SPELL, MintPending, Phase, type MerlinState } from './state.ts';
import { bankPays, freePlace, takeGold } from './ledger.ts';
import { hasChauffeur } from './futures.ts';
import { checkSellSpell } from './magic.ts';
import { handFull, takeFromHand } from './kernel/hands.ts';
import { incurDebt } from './kernel/purse.ts';
import { mainKind, type KindRule, type KindRules } from './registry.ts';

/** Offer kinds of this module stored in `offerKind` (after engine/offers.ts `Offer`). */
export const MintOffer = { Bond: 10, BondSale: 11, Share: 12, ShareSale: 13, Spell: 14, Mead: 15 } as const;

/** True when the open SelectTerm / SelectPlayer step belongs to this module. */
export function isMintPending(s: MerlinState): boolean {
  return s.pending >= MintPending.BondTerms && s.pending <= MintPending.SpellChoice;
}

/** Hand index of the `t`-th spell in `seat`'s hand, or -1. */
function spellAt(s: MerlinState, seat: number, t: number): number {
  const hand = s.hands[seat];
  for (let h = 0; h < hand.length; h++) if (hand[h] >= HAND_SPELL && hand[h] < HAND_POTION && t-- === 0) return h;
  return -1;
}

/** Spells `seat` may choose in a SpellChoice step: those in hand, at most the SelectTerm menu size. */
function spellChoices(s: MerlinState, rs: Ruleset, seat: number): number {
  const cap = catalogue(rs).count[Kind.SelectTerm];
  let n = 0;
  for (const c of s.hands[seat]) if (c >= HAND_SPELL && c < HAND_POTION) n++;
  return n < cap ? n : cap;
}

/** Percent of `seat`'s payouts claimed by its shares on the table (bought or not). */
export function sharePercent(s: MerlinState, seat: number): number {
  let p = 0;
  for (let k = 0; k < s.shareIssuer.length; k++) if (s.shareIssuer[k] === seat) p += s.sharePct[k];
  return p;
}

/** Price of one Mead sold to a player: as to the Central Bank. */
export function meadPrice(s: MerlinState, rs: Ruleset): number {
  return s.costOfLiving * rs.data.mead.priceInCostOfLiving;
}

/** The price of the open MintPrice or MintBuyer step's term `t` (by `offerKind`). */
function priceOf(s: MerlinState, rs: Ruleset, t: number): number {
  const m = rs.data.finance.mint;
  if (s.offerKind === MintOffer.BondSale) return m.bondPrices[t];
  if (s.offerKind === MintOffer.Spell) return rs.data.market.spellPrices[t];
  if (s.offerKind === MintOffer.Mead) return meadPrice(s, rs);
  return m.sharePrices[t];
}

/** True when `to` may buy what `from` offers at term `t` (offerKind and offerA of the open offer). */
function buyerOk(s: MerlinState, rs: Ruleset, from: number, to: number, t: number): boolean {
  if (to === from || to < 0 || s.eliminated[to] || s.gold[to] < priceOf(s, rs, t)) return false;
  if (s.offerKind === MintOffer.BondSale) return to !== s.bondIssuer[s.offerA];
  if (s.offerKind === MintOffer.ShareSale) return to !== s.shareIssuer[s.offerA];
  if (s.offerKind === MintOffer.Spell) return !handFull(s, rs, to);
  return true;
}

/** True when some player other than `seat` could buy at term `t`. */
function someBuyer(s: MerlinState, rs: Ruleset, seat: number, t: number): boolean {
  for (let p = 0; p < s.numPlayers; p++) if (buyerOk(s, rs, seat, p, t)) return true;
  return false;
}

/** Why `seat` may not issue a bond (IssueBond; every face value alike), or null. */
function checkIssueBond(s: MerlinState, rs: Ruleset, seat: number): string | null {
  if (!rs.data.finance.mint.bonds) return 'bonds are off in this ruleset';
  if (!hasChauffeur(s, rs, seat)) return 'issuing a bond needs a Chauffeur (the Private Mint)';
  return freePlace(s.bondIssuer) >= 0 ? null : 'every bond place on the table is taken';
}

/** Why `seat` may not buy the bond in place `a` at its face value, or null. */
function checkBuyBond(s: MerlinState, rs: Ruleset, seat: number, a: number): string | null {
  if (!rs.data.finance.mint.bonds) return 'bonds are off in this ruleset';
  if (s.bondIssuer[a] < 0 || s.bondHolder[a] >= 0) return 'no bond for sale in that place';
  if (s.bondIssuer[a] === seat) return 'you issued this bond';
  return s.gold[seat] >= s.bondFace[a] ? null : 'not enough gold in pocket for the face value';
}

/** Why the holder `seat` may not offer bond (`bond`) or share `a` for resale (no buyer at any price), or null. */
function checkResell(s: MerlinState, rs: Ruleset, seat: number, a: number, bond: boolean): string | null {
  const m = rs.data.finance.mint;
  if (!(bond ? m.bonds : m.shares)) return `${bond ? 'bonds' : 'shares'} are off in this ruleset`;
  if ((bond ? s.bondHolder : s.shareHolder)[a] !== seat || (bond ? s.bondIssuer : s.shareIssuer)[a] < 0)
    return `you do not hold that ${bond ? 'bond' : 'share'}`;
  return buyerFor(s, rs, seat, bond ? MintOffer.BondSale : MintOffer.ShareSale, a, (bond ? m.bondPrices : m.sharePrices).length);
}

/** Why `seat` may not issue a share in shareFractionsPercent[`a`] of its payouts, or null. */
function checkIssueShare(s: MerlinState, rs: Ruleset, seat: number, a: number): string | null {
  const m = rs.data.finance.mint;
  if (!m.shares) return 'shares are off in this ruleset';
  if (!hasChauffeur(s, rs, seat)) return 'issuing a share needs a Chauffeur (the Private Mint)';
  if (freePlace(s.shareIssuer) < 0) return 'every share place on the table is taken';
  return sharePercent(s, seat) + m.shareFractionsPercent[a] <= m.maxSharePercent
    ? null
    : `your shares would claim more than ${m.maxSharePercent}% of your payouts`;
}

/** Why `seat` may not buy the share in place `a` at its price, or null. */
function checkBuyShare(s: MerlinState, rs: Ruleset, seat: number, a: number): string | null {
  if (!rs.data.finance.mint.shares) return 'shares are off in this ruleset';
  if (s.shareIssuer[a] < 0 || s.shareHolder[a] >= 0) return 'no share for sale in that place';
  if (s.shareIssuer[a] === seat) return 'you issued this share';
  return s.gold[seat] >= s.sharePrice[a] ? null : 'not enough gold in pocket for its price';
}

/** Why `seat` may not offer a spell to another player (OfferSpell), or null. */
function checkOfferSpell(s: MerlinState, rs: Ruleset, seat: number, a: number): string | null {
  if (!rs.data.market.playerSales) return 'sales to players are off in this ruleset';
  const h = spellAt(s, seat, 0);
  if (h < 0) return 'no spell in hand';
  const why = checkSellSpell(s, rs, seat, h);
  if (why) return why;
  return buyerFor(s, rs, seat, MintOffer.Spell, a, rs.data.market.spellPrices.length);
}

/** Why `seat` may not offer one Mead to another player (OfferMead), or null. */
function checkOfferMead(s: MerlinState, rs: Ruleset, seat: number): string | null {
  if (!rs.data.market.playerSales) return 'sales to players are off in this ruleset';
  if (s.mead[seat] === 0) return 'no Mead to sell';
  return buyerFor(s, rs, seat, MintOffer.Mead, -1, 1);
}

/**
 * Null when another player could buy offer (kind, a) at one of its first `prices` grid prices (Mead: at its
 * one price), else why not. The buyer checks read offerKind and offerA, so the offer is set for the check and
 * restored after it (no closure: legal-action enumeration calls this every Main-phase step).
 */
function buyerFor(s: MerlinState, rs: Ruleset, seat: number, kind: number, a: number, prices: number): string | null {
  const k = s.offerKind;
  const oa = s.offerA;
  s.offerKind = kind;
  s.offerA = a;
  let found = false;
  for (let t = 0; t < prices && !found; t++) found = someBuyer(s, rs, seat, t);
  s.offerKind = k;
  s.offerA = oa;
  if (found) return null;
  return kind === MintOffer.Mead ? 'no other player can pay the Cost of the Living' : 'no other player can pay any price';
}

/** Append the legal Main-phase ids of this module for `seat` to `out` from `n` (ascending); `end` is `fieldEnd(s, rs, seat)`. */
export function legalMintMain(s: MerlinState, rs: Ruleset, seat: number, end: number, out: Int32Array, n: number): number {
  const m = rs.data.finance.mint;
  const base = catalogue(rs).base;
  const mint = (m.bonds || m.shares) && hasChauffeur(s, rs, seat, end);
  if (m.bonds) {
    if (mint && checkIssueBond(s, rs, seat) === null) for (let i = 0; i < m.bondFaces.length; i++) out[n++] = base[Kind.IssueBond] + i;
    for (let k = 0; k < s.bondIssuer.length; k++)
      if (s.bondIssuer[k] >= 0 && s.bondHolder[k] < 0 && checkBuyBond(s, rs, seat, k) === null) out[n++] = base[Kind.BuyBond] + k;
    for (let k = 0; k < s.bondIssuer.length; k++)
      if (s.bondHolder[k] === seat && checkResell(s, rs, seat, k, true) === null) out[n++] = base[Kind.ResellBond] + k;
  }
  if (m.shares) {
    if (mint)
      for (let i = 0; i < m.shareFractionsPercent.length; i++)
        if (checkIssueShare(s, rs, seat, i) === null) out[n++] = base[Kind.IssueShare] + i;
    for (let k = 0; k < s.shareIssuer.length; k++)
      if (s.shareIssuer[k] >= 0 && s.shareHolder[k] < 0 && checkBuyShare(s, rs, seat, k) === null) out[n++] = base[Kind.BuyShare] + k;
    for (let k = 0; k < s.shareIssuer.length; k++)
      if (s.shareHolder[k] === seat && checkResell(s, rs, seat, k, false) === null) out[n++] = base[Kind.ResellShare] + k;
  }
  if (rs.data.market.playerSales) {
    if (checkOfferSpell(s, rs, seat, 0) === null) out[n++] = base[Kind.OfferSpell];
    if (s.mead[seat] > 0 && checkOfferMead(s, rs, seat) === null) out[n++] = base[Kind.OfferMead];
  }
  return n;
}

/** Number of terms of the open SelectTerm step of this module. */
export function mintTermCount(s: MerlinState, rs: Ruleset): number {
  const m = rs.data.finance.mint;
  if (s.pending === MintPending.BondTerms) return m.bondCouponPercent.length * m.bondTermMonths.length;
  if (s.pending === MintPending.SpellChoice) return spellChoices(s, rs, s.decider);
  if (s.offerKind === MintOffer.BondSale) return m.bondPrices.length;
  if (s.offerKind === MintOffer.Spell) return rs.data.market.spellPrices.length;
  return m.sharePrices.length;
}

/** Why term `t` cannot complete the open SelectTerm step of this module, or null. */
export function checkMintTerm(s: MerlinState, rs: Ruleset, seat: number, t: number): string | null {
  if (t < 0 || t >= mintTermCount(s, rs)) return 'no such term';
  if (s.pending === MintPending.BondTerms || s.pending === MintPending.SpellChoice || s.offerKind === MintOffer.Share) return null;
  return someBuyer(s, rs, seat, t) ? null : 'no other player can pay that price';
}

/** True when `to` may be the buyer in the open MintBuyer step of `seat`'s offer. */
export function mintBuyerOk(s: MerlinState, rs: Ruleset, seat: number, to: number): boolean {
  return buyerOk(s, rs, seat, to, s.offerB);
}

function compose(s: MerlinState, offer: number, pending: number, a: number): void {
  s.phase = pending === MintPending.MintBuyer ? Phase.SelectPlayer : Phase.SelectTerm;
  s.pending = pending;
  s.offerKind = offer;
  s.offerA = a;
  s.offerB = -1;
}

/** `seat` buys the bond in place `a`: pays the face to the issuer and becomes the holder (the maturity month is fixed now). */
function applyBuyBond(s: MerlinState, seat: number, a: number): void {
  s.gold[seat] -= s.bondFace[a];
  s.gold[s.bondIssuer[a]] += s.bondFace[a];
  s.bondHolder[a] = seat;
  s.bondDue[a] += s.months;
}

/** `seat` buys the share in place `a`: pays its price to the issuer and becomes the holder. */
function applyBuyShare(s: MerlinState, seat: number, a: number): void {
  s.gold[seat] -= s.sharePrice[a];
  s.gold[s.shareIssuer[a]] += s.sharePrice[a];
  s.shareHolder[a] = seat;
}

/**
 * The chosen term `a` of the open SelectTerm step of a Mint offer (offers.ts hands it here): the spell
 * offered, a bond's coupon and maturity, a share's price (the bond or share goes on the table), or a
 * resale's, spell's price (then the buyer). True when the offer is finished (the caller closes it).
 */
export function applyMintTerm(s: MerlinState, rs: Ruleset, seat: number, a: number): boolean {
  const m = rs.data.finance.mint;
  if (s.pending === MintPending.SpellChoice) {
    // The card leaves the hand face up: the table sees what is for sale.
    const [code, origin] = takeFromHand(s, seat, spellAt(s, seat, a));
    s.offerCard = code;
    s.offerOrigin = origin;
    s.pending = MintPending.MintPrice;
    return false;
  }
  if (s.pending === MintPending.BondTerms) {
    const T = m.bondTermMonths.length;
    const k = freePlace(s.bondIssuer);
    const face = m.bondFaces[s.offerA];
    s.bondIssuer[k] = seat;
    s.bondHolder[k] = -1;
    s.bondFace[k] = face;
    s.bondCoupon[k] = Math.ceil((face * m.bondCouponPercent[(a / T) | 0]) / 100);
    s.bondDue[k] = m.bondTermMonths[a % T]; // the term; the month is fixed at the purchase
    return true;
  }
  if (s.offerKind === MintOffer.Share) {
    const k = freePlace(s.shareIssuer);
    s.shareIssuer[k] = seat;
    s.shareHolder[k] = -1;
    s.sharePct[k] = m.shareFractionsPercent[s.offerA];
    s.sharePrice[k] = m.sharePrices[a];
    return true;
  }
  s.offerB = a;
  s.phase = Phase.SelectPlayer;
  s.pending = MintPending.MintBuyer;
  return false;
}

/** The buyer accepts the open Mint offer (a bond or share resale, a spell, a Mead): they pay the price and take it. */
export function applyMintAccept(s: MerlinState, rs: Ruleset, seat: number): void {
  const from = s.order[s.turnIdx];
  const price = priceOf(s, rs, s.offerB);
  s.gold[seat] -= price;
  s.gold[from] += price;
  if (s.offerKind === MintOffer.BondSale) s.bondHolder[s.offerA] = seat;
  else if (s.offerKind === MintOffer.ShareSale) {
    s.shareHolder[s.offerA] = seat;
    s.sharePrice[s.offerA] = price;
  } else if (s.offerKind === MintOffer.Spell) {
    s.hands[seat].push(s.offerCard);
    s.handOrigin[seat].push(-1);
    s.offerCard = -1;
    s.offerOrigin = -1;
  } else {
    s.mead[from]--;
    s.mead[seat]++;
  }
}

/** The buyer refuses the open Mint offer: an offered spell returns to the seller's hand. */
export function applyMintRefuse(s: MerlinState): void {
  returnOfferedSpell(s);
}

/** A refused (or abandoned) spell offer: the card returns to the seller's hand. */
function returnOfferedSpell(s: MerlinState): void {
  if (s.offerCard < 0) return;
  const from = s.order[s.turnIdx];
  s.hands[from].push(s.offerCard);
  s.handOrigin[from].push(s.offerOrigin);
  s.offerCard = -1;
  s.offerOrigin = -1;
}

/** Pay `amount` from `issuer` to `holder`; what pocket and vaults lack is a default (module docs). */
function payOrDefault(s: MerlinState, rs: Ruleset, issuer: number, holder: number, amount: number): void {
  const paid = takeGold(s, rs, issuer, amount);
  s.gold[holder] += paid;
  if (paid < amount) incurDebt(s, issuer, bankPays(s, holder, amount - paid), 0);
}

function closeBond(s: MerlinState, k: number): void {
  s.bondIssuer[k] = -1;
  s.bondHolder[k] = -1;
  s.bondFace[k] = 0;
  s.bondCoupon[k] = 0;
  s.bondDue[k] = 0;
}

function closeShare(s: MerlinState, k: number): void {
  s.shareIssuer[k] = -1;
  s.shareHolder[k] = -1;
  s.sharePct[k] = 0;
  s.sharePrice[k] = 0;
}

/**
 * Start of `seat`'s turn (after loans are collected, before the roll): its unsold bonds and shares leave the
 * table; each bond it issued pays its coupon, or from the maturity month its face, and closes.
 */
export function mintTurnStart(s: MerlinState, rs: Ruleset, seat: number): void {
  for (let k = 0; k < s.bondIssuer.length; k++) {
    if (s.bondIssuer[k] !== seat) continue;
    const holder = s.bondHolder[k];
    if (holder < 0) {
      closeBond(s, k);
      continue;
    }
    if (s.months >= s.bondDue[k]) {
      payOrDefault(s, rs, seat, holder, s.bondFace[k]);
      closeBond(s, k);
    } else if (s.bondCoupon[k] > 0) payOrDefault(s, rs, seat, holder, s.bondCoupon[k]);
  }
  for (let k = 0; k < s.shareIssuer.length; k++) if (s.shareIssuer[k] === seat && s.shareHolder[k] < 0) closeShare(s, k);
}

/** `seat`'s property just paid it `paid` gold: each holder of its shares receives floor(paid × percent / 100). */
export function payDividends(s: MerlinState, seat: number, paid: number): void {
  for (let k = 0; k < s.shareIssuer.length; k++) {
    if (s.shareIssuer[k] !== seat || s.shareHolder[k] < 0) continue;
    const d = Math.floor((paid * s.sharePct[k]) / 100);
    s.gold[seat] -= d;
    s.gold[s.shareHolder[k]] += d;
  }
}

/** Cancel every bond and share of an eliminated seat (as issuer or holder). */
export function leaveMint(s: MerlinState, seat: number): void {
  for (let k = 0; k < s.bondIssuer.length; k++) if (s.bondIssuer[k] === seat || s.bondHolder[k] === seat) closeBond(s, k);
  for (let k = 0; k < s.shareIssuer.length; k++) if (s.shareIssuer[k] === seat || s.shareHolder[k] === seat) closeShare(s, k);
}

/** Structural checks of the bonds, shares and the offered spell (engine/invariants.ts). */
export function checkMint(s: MerlinState, rs: Ruleset): string[] {
  const out: string[] = [];
  for (let k = 0; k < s.bondIssuer.length; k++) {
    const i = s.bondIssuer[k];
    if (i < 0) continue;
    if (i === s.bondHolder[k] || s.bondFace[k] <= 0 || s.bondCoupon[k] < 0) out.push(`bond ${k} is malformed`);
    if (s.eliminated[i] || (s.bondHolder[k] >= 0 && s.eliminated[s.bondHolder[k]])) out.push(`bond ${k} has an eliminated party`);
  }
  for (let k = 0; k < s.shareIssuer.length; k++) {
    const i = s.shareIssuer[k];
    if (i < 0) continue;
    if (i === s.shareHolder[k] || s.sharePct[k] <= 0) out.push(`share ${k} is malformed`);
    if (s.eliminated[i] || (s.shareHolder[k] >= 0 && s.eliminated[s.shareHolder[k]])) out.push(`share ${k} has an eliminated party`);
  }
  for (let p = 0; p < s.numPlayers; p++)
    if (sharePercent(s, p) > rs.data.finance.mint.maxSharePercent) out.push(`shares of ${p} claim too much`);
  // A spell offer holds its card from the seller's choice of spell on (SpellChoice is the step before it).
  const spellHeld = s.offerKind === MintOffer.Spell && s.pending !== MintPending.SpellChoice;
  if (s.offerCard >= 0 !== spellHeld) out.push('an offered spell lies outside a spell offer (or is missing in it)');
  return out;
}

/** Readable text of the term `a` of the open SelectTerm step of a Mint offer (`s` names the step; without it, the plain index). */
export function describeMintTerm(rs: Ruleset, a: number, s?: MerlinState): string {
  const m = rs.data.finance.mint;
  if (s && s.pending === MintPending.BondTerms) {
    const T = m.bondTermMonths.length;
    return `coupon ${m.bondCouponPercent[(a / T) | 0] ?? '?'}% a turn, maturity ${m.bondTermMonths[a % T]} months after purchase`;
  }
  if (s && s.pending === MintPending.SpellChoice) {
    const h = spellAt(s, s.decider, a);
    return h < 0
      ? `the spell number ${a + 1} in your hand`
      : `offer ${rs.cards.spells.defs[rs.cards.spells.instanceDef[s.hands[s.decider][h] - HAND_SPELL]].name} (hand index ${h})`;
  }
  return s ? `ask ${priceOf(s, rs, a) ?? '?'} gold` : `choose term ${a}`;
}

/** Reselling a held bond (`bond`) or share: a price, then a buyer. */
const resell = (bond: boolean): KindRule =>
  mainKind(
    (s, rs, seat, a) => checkResell(s, rs, seat, a, bond),
    (s, _rs, _seat, a) => compose(s, bond ? MintOffer.BondSale : MintOffer.ShareSale, MintPending.MintPrice, a),
    (_rs, a) => `offer the ${bond ? 'bond' : 'share'} in place ${a} for resale (then choose the price and the buyer)`,
  );

/**
 * The Private Mint and sales to players (0.1.27b "Chauffeurs" ('Private Mint'); docs/RULES.md D120-D132): each
 * Main-phase kind's check, apply (a first step composes the offer; buying is one step) and description. The
 * offer's later steps (SelectTerm, SelectPlayer, AcceptOffer, RefuseOffer) are shared with the market's offers:
 * offers.ts hands them to `applyMintTerm`, `applyMintAccept` and `applyMintRefuse` when a Mint offer is open.
 */
export const MINT_RULES: KindRules = {
  [Kind.IssueBond]: mainKind(
    (s, rs, seat) => checkIssueBond(s, rs, seat),
    (s, _rs, _seat, a) => compose(s, MintOffer.Bond, MintPending.BondTerms, a),
    (rs, a) => `issue a bond of face ${rs.data.finance.mint.bondFaces[a]} gold (then choose the coupon and maturity)`,
  ),
  [Kind.BuyBond]: mainKind(
    (s, rs, seat, a) => checkBuyBond(s, rs, seat, a),
    (s, _rs, seat, a) => applyBuyBond(s, seat, a),
    (_rs, a) => `buy the bond in place ${a} at its face value`,
  ),
  [Kind.ResellBond]: resell(true),
  [Kind.IssueShare]: mainKind(
    (s, rs, seat, a) => checkIssueShare(s, rs, seat, a),
    (s, _rs, _seat, a) => compose(s, MintOffer.Share, MintPending.MintPrice, a),
    (rs, a) => `issue a share in ${rs.data.finance.mint.shareFractionsPercent[a]}% of your property payouts (then choose the price)`,
  ),
  [Kind.BuyShare]: mainKind(
    (s, rs, seat, a) => checkBuyShare(s, rs, seat, a),
    (s, _rs, seat, a) => applyBuyShare(s, seat, a),
    (_rs, a) => `buy the share in place ${a} at its price`,
  ),
  [Kind.ResellShare]: resell(false),
  [Kind.OfferSpell]: mainKind(
    (s, rs, seat, a) => checkOfferSpell(s, rs, seat, a),
    (s) => compose(s, MintOffer.Spell, MintPending.SpellChoice, -1),
    () => 'offer a spell to a player, face up (then choose the spell, the price and the buyer)',
  ),
  [Kind.OfferMead]: mainKind(
    (s, rs, seat) => checkOfferMead(s, rs, seat),
    (s) => {
      compose(s, MintOffer.Mead, MintPending.MintBuyer, -1);
      s.offerB = 0;
    },
    () => 'offer one Mead to a player at the Cost of the Living (then choose the buyer)',
  ),
};
