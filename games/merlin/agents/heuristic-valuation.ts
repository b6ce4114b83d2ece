/**
 * The heuristic's valuations, in gold-equivalents: the reserve it keeps (tax, holding charge, the Season Wheel's
 * tax alert), the worth of a Crown, a unit, a trade item, a decree and a Future Reading draw, its standing against
 * the richest rival for each change of the counters, and its votes in tax season. The decisions built on them are
 * heuristic-market.ts, heuristic-board.ts and heuristic.ts (the agent).
 */
import type { Ruleset } from '../rules/index.ts';
import { HAND_POTION, HAND_SPELL, Phase, SlotKind, TopKind, type MerlinState } from '../engine/state.ts';
import { ownsTop } from '../engine/research.ts';
import { isGolemCard } from '../engine/kernel/units.ts';
import { rankOf } from '../engine/cards.ts';
import { handCardDef } from '../engine/magic.ts';
import { netWorth } from '../engine/victory.ts';
import { taxOwed, VOTE_CUT } from '../engine/taxes.ts';
import { taxableProperties } from '../engine/properties.ts';
import { vaultGold } from '../engine/loans.ts';
import type { CardDef, DeckName } from '../cards/schema.ts';
import { itemAmount, itemCategory } from '../engine/trade.ts';
import type { HeuristicWeights } from './heuristic-weights.ts';

/** Ways to roll each total with two dice (index = total). */
export const WAYS = [0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1];

/** Valuation helpers shared by the heuristic's decisions (see HeuristicAgent). */
export abstract class HeuristicValuation {
  constructor(
    protected readonly rs: Ruleset,
    protected readonly w: HeuristicWeights,
  ) {}

  /**
   * Its vote in tax season (0 keep, 1 raise, 2 lower, VOTE_CUT + i a cut): on the tax rate, `taxVote`; on the Cost
   * of the Living, the largest cut that leaves it at or above `lowerCostOfLivingAbove` (cheaper cards for a buyer);
   * on the Volatility, lower while it stands above `lowerVolatilityAbove` (each 7 then inflates less).
   */
  protected scoreVote(s: MerlinState, vote: number, seat = s.decider): number {
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

  /** Expected gold per 36 rolls of a property numbered n. */
  protected propertyYield(n: number): number {
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
  protected unitsAtRisk(s: MerlinState, seat: number): number {
    const F = this.rs.data.table.fieldSlots;
    let n = s.held[seat * 3] + s.held[seat * 3 + 1] + s.held[seat * 3 + 2];
    for (let k = seat * F, e = k + F; k < e; k++) n += s.slotPlanted[k];
    return n;
  }

  /** Gold `seat` can pay a mandatory payment with: pocket and Chauffeur vaults (engine/ledger.ts takeGold). */
  protected cash(s: MerlinState, seat: number): number {
    return s.gold[seat] + vaultGold(s, this.rs, seat);
  }

  /** True when `seat` cannot pay the coming tax and the tax season is `taxAlertSteps` portions away or nearer. */
  protected shortForTax(s: MerlinState, seat: number): boolean {
    return this.stepsToTax(s) <= Math.max(1, this.w.taxAlertSteps) && this.cash(s, seat) < taxOwed(s, this.rs, seat);
  }

  /** Rolls per month (a portion of the Season Wheel): it advances on doubles (1 roll in 6) by `advanceOnDoubles`. */
  protected rollsPerMonth(s: MerlinState): number {
    return 6 / Math.max(1, this.rs.data.wheels[s.wheelKind === 0 ? 'standard' : 'erratic'].advanceOnDoubles);
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

  protected leader(s: MerlinState, seat: number): number {
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
  protected faceValue(def: CardDef): number {
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

  /** Value of trade item `item` to `seat` (default the decider), in gold: units by `unitWorth`, gold at face, a Crown by `crownWorth`. */
  protected itemValue(s: MerlinState, item: number, seat = s.decider): number {
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
  protected heldOf(s: MerlinState, seat: number, item: number): number {
    const cat = item >= 0 ? itemCategory(this.rs, item) : -1;
    return cat >= 0 && cat < 3 ? s.held[seat * 3 + cat] : 0;
  }

  /** Chance that a roll of the next round (one roll a player) is a 7: a pocket's exposure to the 7's loss (D157). */
  protected sevenSoon(s: MerlinState): number {
    return 1 - Math.pow(5 / 6, Math.max(1, s.numPlayers));
  }

  /** Gold `seat` can pay beyond its reserve. */
  protected spare(s: MerlinState, seat: number): number {
    return s.gold[seat] - this.reserve(s, seat);
  }

  /** Expected gold a share of `pct` percent of `issuer`'s property payouts pays its holder over `turns` rolls. */
  protected shareIncome(s: MerlinState, issuer: number, pct: number, turns: number): number {
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
  protected crownWorth(s: MerlinState, seat: number): number {
    return this.w.crownValue + this.w.crownChase * s.crowns[seat];
  }

  /** True when `seat` is one Crown short of Royal Favor (or holds enough): it races for the next Crown. */
  protected oneCrownShort(s: MerlinState, seat: number): boolean {
    return s.crowns[seat] >= this.rs.data.victory.crownsToWin - 1;
  }
}
