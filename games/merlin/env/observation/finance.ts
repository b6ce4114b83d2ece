/**
 * Merlin's observation blocks of finance (env/observation.ts): futures contracts, loans and insurance
 * policies, and the Private Mint (the action or sale being composed, bonds and shares).
 */
import { HAND_SPELL, type MerlinState } from '../../engine/state.ts';
import { MintOffer } from '../../engine/mint.ts';
import { offerStep, record, type Block, type Put } from './block.ts';

/** Futures contracts, loans and insurance policies: their segments and their writers. */
export function financeBlock(ctx: Block, put: Put) {
  const { d, L, M, relWord, priceWord, relOf } = ctx;

  const fin = d.finance;
  const KC = fin.maxContracts;

  // ======== futures contracts (engine/futures.ts)
  const bushel = fin.bushel;
  const maxExp = Math.max(...fin.expiryMonths);
  const FUT = record({ present: 1, hasLong: 1, commodity: 3, price: 1, toExpiry: 1, owed: 1 });
  const oFut = L.add(
    'futures',
    KC * FUT.width,
    `[${KC}] contract places (engine/futures.ts) × [${FUT.width}]: 1 when a contract lies there; 1 when it has a long; one-hot commodity (3); forward price (gold per bushel) ${priceWord}; months to expiry / ${maxExp} clipped to [0, 1]; units still owed / bushel (${bushel}).`,
  );
  const oFutShort = L.add('futures.short', KC * M, `[${KC}] × [${M}]: one-hot ${relWord} of the short (writer).`);
  const oFutLong = L.add('futures.long', KC * M, `[${KC}] × [${M}]: one-hot ${relWord} of the long (all zero before it is bought).`);

  function writeFutures(s: MerlinState): void {
    for (let k = 0; k < KC; k++) {
      const sh = s.futShort[k];
      if (sh < 0) continue;
      const o = oFut + k * FUT.width;
      put(o + FUT.present, 1);
      const lg = s.futLong[k];
      if (lg >= 0) {
        put(o + FUT.hasLong, 1);
        put(oFutLong + k * M + relOf[lg], 1);
      }
      put(o + FUT.commodity + s.futCom[k], 1);
      const fp = s.futPrice[k];
      put(o + FUT.price, fp / (fp + 10));
      const left = s.futExpiry[k] - s.months;
      put(o + FUT.toExpiry, left <= 0 ? 0 : left >= maxExp ? 1 : left / maxExp);
      const owed = s.futOwed[k];
      put(o + FUT.owed, owed >= bushel ? 1 : owed / bushel);
      put(oFutShort + k * M + relOf[sh], 1);
    }
  }

  // ======== loans (engine/loans.ts)
  const KL = fin.maxLoans;
  const maxTerm = Math.max(...fin.loanTermMonths);
  const LOAN = record({ present: 1, owed: 1, toDue: 1 });
  const oLoan = L.add(
    'loans',
    KL * LOAN.width,
    `[${KL}] loan places (engine/loans.ts) × [${LOAN.width}]: 1 when a loan is open; gold still owed x as x / (x + 10); months to the due month / ${maxTerm} clipped to [0, 1] (0 when due or overdue).`,
  );
  const oLoanLender = L.add('loans.lender', KL * M, `[${KL}] × [${M}]: one-hot ${relWord} of the lender.`);
  const oLoanBorrower = L.add('loans.borrower', KL * M, `[${KL}] × [${M}]: one-hot ${relWord} of the borrower.`);

  function writeLoans(s: MerlinState): void {
    for (let k = 0; k < KL; k++) {
      const lender = s.loanLender[k];
      if (lender < 0) continue;
      const o = oLoan + k * LOAN.width;
      put(o + LOAN.present, 1);
      const owed = s.loanOwed[k];
      put(o + LOAN.owed, owed / (owed + 10));
      const left = s.loanDue[k] - s.months;
      put(o + LOAN.toDue, left <= 0 ? 0 : left >= maxTerm ? 1 : left / maxTerm);
      put(oLoanLender + k * M + relOf[lender], 1);
      put(oLoanBorrower + k * M + relOf[s.loanBorrower[k]], 1);
    }
  }

  // ======== insurance policies (engine/insurance.ts)
  const ins = fin.insurance;
  const KP = ins.maxPolicies;
  const maxPeriod = Math.max(...ins.periodTurns);
  const POL = record({ present: 1, sold: 1, premium: 1, cover: 1, left: 1, event: ins.events.length });
  const oPol = L.add(
    'policies',
    KP * POL.width,
    `[${KP}] policy places (engine/insurance.ts) × [${POL.width}]: 1 when a policy lies there; 1 when sold; premium ${priceWord}; cover (locked payout) ${priceWord}; turns of cover left / ${maxPeriod} (the period while unsold); one-hot event (${ins.events.map((e) => e.name).join('; ')}).`,
  );
  const oPolSeller = L.add('policies.seller', KP * M, `[${KP}] × [${M}]: one-hot ${relWord} of the seller.`);
  const oPolBuyer = L.add('policies.buyer', KP * M, `[${KP}] × [${M}]: one-hot ${relWord} of the buyer (all zero while unsold).`);

  function writePolicies(s: MerlinState): void {
    const turn = s.turn;
    for (let k = 0; k < KP; k++) {
      const seller = s.polSeller[k];
      if (seller < 0) continue;
      const o = oPol + k * POL.width;
      put(o + POL.present, 1);
      const buyer = s.polBuyer[k];
      const pr = s.polPremium[k];
      put(o + POL.premium, pr / (pr + 10));
      const cv = s.polCover[k];
      put(o + POL.cover, cv / (cv + 10));
      const left = buyer >= 0 ? s.polUntil[k] - turn : s.polPeriod[k];
      put(o + POL.left, left <= 0 ? 0 : left >= maxPeriod ? 1 : left / maxPeriod);
      put(o + POL.event + s.polEvent[k], 1);
      put(oPolSeller + k * M + relOf[seller], 1);
      if (buyer >= 0) {
        put(o + POL.sold, 1);
        put(oPolBuyer + k * M + relOf[buyer], 1);
      }
    }
  }

  return { writeFutures, writeLoans, writePolicies };
}

/** The Private Mint and sales to players: their segments and their writer. */
export function mintBlock(ctx: Block, put: Put) {
  const { d, L, M, meadPrice, spellDef, nSp, relWord, priceWord, relOf } = ctx;

  const fin = d.finance;

  // ======== the Private Mint and sales to players (engine/mint.ts); all public
  const mint = fin.mint;
  const KB = mint.maxBonds;
  const KS = mint.maxShares;
  const maxBondTerm = Math.max(...mint.bondTermMonths);
  const MI = Math.max(KB, KS, mint.bondFaces.length, mint.shareFractionsPercent.length);
  const MINT = record({ kind: 6, step: 3, price: 1 });
  const BOND = record({ present: 1, bought: 1, face: 1, coupon: 1, toMaturity: 1 });
  const SHARE = record({ present: 1, bought: 1, percent: 1, price: 1 });
  const oMintOf = L.add(
    'mint.offer',
    MINT.width,
    `One-hot kind of the Private Mint action or sale being composed (6: new bond, bond resale, new share, share resale, spell to a player, Mead to a player); one-hot step (3: SelectTerm, SelectPlayer, OfferRespond); the chosen price ${priceWord} (0 until chosen).`,
  );
  const oMintIdx = L.add(
    'mint.offerIndex',
    MI,
    `[${MI}] one-hot: the bond face index (new bond), the share fraction index (new share) or the bond or share place (resale) of the open Private Mint action.`,
  );
  const oMintTo = L.add('mint.counterparty', M, `One-hot ${relWord} of the buyer the open sale is offered to.`);
  const oMintSpell = L.add(
    'mint.offeredSpell',
    nSp,
    `[${nSp}] spell designs: one-hot design of the spell offered to a player (it lies face up while offered).`,
  );
  const oBond = L.add(
    'bonds',
    KB * BOND.width,
    `[${KB}] bond places (engine/mint.ts) × [${BOND.width}]: 1 when a bond lies there; 1 when bought; face ${priceWord}; coupon per issuer turn ${priceWord}; months to maturity / ${maxBondTerm} clipped to [0, 1] (the term while unsold).`,
  );
  const oBondIssuer = L.add('bonds.issuer', KB * M, `[${KB}] × [${M}]: one-hot ${relWord} of the issuer.`);
  const oBondHolder = L.add('bonds.holder', KB * M, `[${KB}] × [${M}]: one-hot ${relWord} of the holder (all zero while unsold).`);
  const oShare = L.add(
    'shares',
    KS * SHARE.width,
    `[${KS}] share places (engine/mint.ts) × [${SHARE.width}]: 1 when a share lies there; 1 when bought; percent of the issuer's property payouts / 100; price (issue or last paid) ${priceWord}.`,
  );
  const oShareIssuer = L.add('shares.issuer', KS * M, `[${KS}] × [${M}]: one-hot ${relWord} of the issuer.`);
  const oShareHolder = L.add('shares.holder', KS * M, `[${KS}] × [${M}]: one-hot ${relWord} of the holder (all zero while unsold).`);

  /** The open Private Mint action or sale, the bonds and the shares. */
  function writeMint(s: MerlinState): void {
    const ok = s.offerKind;
    if (ok >= MintOffer.Bond) {
      const phase = s.phase;
      put(oMintOf + MINT.kind + ok - MintOffer.Bond, 1);
      put(oMintOf + MINT.step + offerStep(phase), 1);
      if (s.offerA >= 0) put(oMintIdx + s.offerA, 1);
      if (s.offerB >= 0 && ok !== MintOffer.Bond) {
        const pr =
          ok === MintOffer.BondSale
            ? mint.bondPrices[s.offerB]
            : ok === MintOffer.Spell
              ? d.market.spellPrices[s.offerB]
              : ok === MintOffer.Mead
                ? s.costOfLiving * meadPrice
                : mint.sharePrices[s.offerB];
        put(oMintOf + MINT.price, pr / (pr + 10));
      }
      if (s.offerTo >= 0) put(oMintTo + relOf[s.offerTo], 1);
      if (s.offerCard >= HAND_SPELL) put(oMintSpell + spellDef[s.offerCard - HAND_SPELL], 1);
    }
    for (let k = 0; k < KB; k++) {
      const issuer = s.bondIssuer[k];
      if (issuer < 0) continue;
      const o = oBond + k * BOND.width;
      put(o + BOND.present, 1);
      const holder = s.bondHolder[k];
      put(o + BOND.face, s.bondFace[k] / (s.bondFace[k] + 10));
      put(o + BOND.coupon, s.bondCoupon[k] / (s.bondCoupon[k] + 10));
      const left = holder >= 0 ? s.bondDue[k] - s.months : s.bondDue[k];
      put(o + BOND.toMaturity, left <= 0 ? 0 : left >= maxBondTerm ? 1 : left / maxBondTerm);
      put(oBondIssuer + k * M + relOf[issuer], 1);
      if (holder >= 0) {
        put(o + BOND.bought, 1);
        put(oBondHolder + k * M + relOf[holder], 1);
      }
    }
    for (let k = 0; k < KS; k++) {
      const issuer = s.shareIssuer[k];
      if (issuer < 0) continue;
      const o = oShare + k * SHARE.width;
      put(o + SHARE.present, 1);
      const holder = s.shareHolder[k];
      put(o + SHARE.percent, s.sharePct[k] / 100);
      put(o + SHARE.price, s.sharePrice[k] / (s.sharePrice[k] + 10));
      put(oShareIssuer + k * M + relOf[issuer], 1);
      if (holder >= 0) {
        put(o + SHARE.bought, 1);
        put(oShareHolder + k * M + relOf[holder], 1);
      }
    }
  }

  return { writeMint };
}
