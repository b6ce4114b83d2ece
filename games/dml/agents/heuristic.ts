/**
 * `heuristic` for Dragon's Money Laundering: an agent that plays the odds. It knows the chance of a 2d6 roll
 * reaching a target under the dice rules (Woot! always succeeds, Wyvern Eyes always fails, a failing Dabo! is
 * re-rolled) and what each card is worth to it at the end (its Merchant King's Desired Commodity doubled,
 * Guild bonuses, Eggs), and scores each legal action by the expected change in that worth: a Declaration by
 * P(roll >= Value) times the cards' worth less the Buying cards committed, a Seize by how much it lowers the
 * Active Player's chance times what it would take, a Dabo! re-roll when the roll fails, and so on. It plays the
 * best (ties: the lowest id). It reads only its own hand and King and public information (Stocks, Fronts, the
 * Stack, sizes, the `pub` knowledge of state.ts), never another seat's hand, the Deck or a die not yet rolled.
 * Deterministic.
 *
 * `single:NAME` (SINGLE_STRATEGIES) are single-minded lines for the designer's probe.
 */
import type { Agent, AgentContext } from '../../../env/core/agent.ts';
import { ArgumentError } from '../../../lib/errors.ts';
import {
  C_CHARACTER,
  C_COMMODITY,
  C_EGG,
  C_GUILD,
  EV_CRACKDOWN,
  EV_FCCC,
  NUM_CARDS,
  P_DISCARD_MARKET,
  P_EXILE_STACK,
  P_RETURN_EMBLEM,
  P_SEARCH_BM,
  P_SIEGE,
  P_TAKE_EGG,
  P_TAKE_STOCK,
  P_THIEF,
  P_TITHE,
  V_SHIELD,
  type Ruleset,
} from '../rules/index.ts';
import {
  ARG_OF,
  buyingBonus,
  countZone,
  declarationValue,
  Kind,
  KIND_OF,
  marketValue,
  MAX_SEATS,
  Phase,
  Step,
  vantageCount,
  Z,
  type DmlState,
} from '../engine/index.ts';

/** P(a 2d6 roll succeeds against `target`) with Woot!, Wyvern Eyes and re-rolling a failing Dabo!, for target -20..40. */
const SUCCESS = (() => {
  const t = new Float64Array(61);
  for (let v = -20; v <= 40; v++) {
    let plain = 0;
    let daboFail = 0;
    for (let a = 1; a <= 6; a++)
      for (let b = 1; b <= 6; b++) {
        const ok = (a === 6 && b === 6) || (!(a === 1 && b === 1) && a + b >= v);
        if (a === b && a >= 2 && a <= 5 && !ok) daboFail++;
        else if (ok) plain++;
      }
    t[v + 20] = plain / 36 / (1 - daboFail / 36);
  }
  return t;
})();
/** The chance of succeeding against `target` (the heuristic re-rolls every failing Dabo!). */
export function successChance(target: number): number {
  return SUCCESS[Math.max(-20, Math.min(40, Math.round(target))) + 20];
}

export interface Style {
  /** Added to every Seize commit's score. */
  seize: number;
  /** Added to every Power or Emblem play's score (-Infinity: never). */
  powers: number;
  /** Added to Black Market visits and substitutions for them. */
  smuggle: number;
  /** Added to Declarations. */
  buy: number;
}
const BASE: Style = { seize: 0, powers: 0, smuggle: 0, buy: 0 };

/** Single-minded lines for the probe: the heuristic with one idea pushed. */
export const SINGLE_STRATEGIES: Record<string, { summary: string; style: Partial<Style> }> = {
  buyer: { summary: 'buys only: never seizes, never plays a Power or an Emblem', style: { seize: -1000, powers: -1000 } },
  seizer: { summary: 'seizes whenever it holds a Buying card, whatever it costs', style: { seize: 20 } },
  smuggler: {
    summary: 'lives off the Black Markets: visits every one it can and trades Actions for visits',
    style: { smuggle: 20, buy: -2 },
  },
};

export class DmlHeuristic implements Agent {
  readonly spec: string;
  readonly needsObservation = false;
  private readonly style: Style;

  /** @throws ArgumentError for a spec other than `heuristic` or `single:NAME` */
  constructor(
    private readonly rs: Ruleset,
    spec = 'heuristic',
  ) {
    this.spec = spec;
    if (spec.startsWith('single:')) {
      const st = SINGLE_STRATEGIES[spec.slice('single:'.length)];
      if (!st) throw new ArgumentError(`no DML strategy "${spec}" (single:${Object.keys(SINGLE_STRATEGIES).join(', single:')})`);
      this.style = { ...BASE, ...st.style };
    } else if (spec === 'heuristic') this.style = BASE;
    else throw new ArgumentError(`the DML heuristic's spec is heuristic or single:NAME, not "${spec}"`);
  }

  act(_obs: Float32Array | null, _mask: Uint8Array | null, ctx: AgentContext): number {
    const s = ctx.state as DmlState | undefined;
    if (!s) throw new ArgumentError('the DML heuristic needs context.state');
    if (ctx.numLegal === 1) return ctx.legal[0];
    let best = ctx.legal[0];
    let bestScore = -Infinity;
    for (let i = 0; i < ctx.numLegal; i++) {
      const v = this.score(s, ctx.seat, ctx.legal[i]);
      if (v > bestScore) {
        bestScore = v;
        best = ctx.legal[i];
      }
    }
    return best;
  }

  /** What card c is worth to `me` at the end (victory_condition/index.md), Eggs discounted when unshielded. */
  worth(s: DmlState, me: number, c: number): number {
    const rs = this.rs;
    if (rs.classes[c] & C_EGG) {
      let eggs = 0;
      for (let k = 0; k < NUM_CARDS; k++) if (s.zone[k] === Z.HAND + me && rs.classes[k] & C_EGG) eggs++;
      return rs.data.scoring.eggPoints * (vantageCount(s, rs, me, V_SHIELD) > eggs ? 1 : rs.data.iSeeFire.elimination ? 0.4 : 0.75);
    }
    if (rs.classes[c] & C_COMMODITY) {
      const u = rs.suit[c];
      const mult = u === this.desired(s, me) ? rs.data.scoring.desiredMultiplier : 1;
      let guilds = 0;
      let plain = 0;
      for (let k = 0; k < NUM_CARDS; k++) {
        if ((s.zone[k] !== Z.HAND + me && s.zone[k] !== Z.FRONT + me) || rs.suit[k] !== u || !(rs.classes[k] & C_COMMODITY)) continue;
        if (rs.classes[k] & C_GUILD) guilds++;
        else if (s.zone[k] === Z.HAND + me) plain++;
      }
      const bonus = rs.data.scoring.guildBonus * (rs.classes[c] & C_GUILD ? plain : guilds);
      return rs.points[c] * mult + bonus;
    }
    return rs.classes[c] & C_CHARACTER ? 3 : 0.5;
  }
  private desired(s: DmlState, me: number): number {
    for (let k = 0; k < NUM_CARDS; k++) if (s.zone[k] === Z.KING + me) return this.rs.suit[k];
    return -1;
  }
  private buyingOk(s: DmlState, c: number, suit: number): boolean {
    const rs = this.rs;
    if (!(rs.classes[c] & C_COMMODITY) || rs.suit[c] !== suit) return false;
    if (s.eventType === EV_FCCC && rs.value[c] > s.eventValue) return false;
    return !(s.eventType === EV_CRACKDOWN && rs.value[c] < s.eventValue);
  }
  /** Expected gain of declaring `cards` (zone-valued `value`), lowering to the cap with the cheapest Primary cards. */
  private planEV(s: DmlState, me: number, value: number, gain: number, suit: number): number {
    const rs = this.rs;
    const need = value - rs.data.declaration.cap;
    let cost = 0;
    let lowered = 0;
    if (need > 0) {
      const mine: number[] = [];
      for (let c = 0; c < NUM_CARDS; c++) if (s.zone[c] === Z.HAND + me && this.buyingOk(s, c, rs.primary[suit])) mine.push(c);
      mine.sort((a, b) => this.worth(s, me, a) / rs.value[a] - this.worth(s, me, b) / rs.value[b]);
      for (const c of mine) {
        if (lowered >= need) break;
        lowered += rs.value[c];
        cost += this.worth(s, me, c);
      }
      if (lowered < need) return -100;
    }
    return successChance(value - lowered) * gain * 0.9 - cost;
  }
  private bmValue(s: DmlState, me: number, b: number): number {
    let sum = 0;
    let n = 0;
    for (let c = 0; c < NUM_CARDS; c++)
      if (s.pub[c] === Z.BM + b) {
        sum += this.worth(s, me, c);
        n++;
      }
    return n > 0 ? sum / n : 3;
  }
  private powerValue(s: DmlState, me: number, c: number, free: boolean): number {
    const rs = this.rs;
    const emblems = () => {
      let n = 0;
      for (let k = 0; k < NUM_CARDS; k++) if (s.zone[k] >= Z.FRONT && s.zone[k] < Z.FRONT + MAX_SEATS && s.zone[k] !== Z.FRONT + me) n++;
      return n;
    };
    switch (rs.power[c]) {
      case P_TAKE_EGG:
        return countZone(s, Z.NEST) > 0 ? this.worth(s, me, c) * 0 + rs.data.scoring.eggPoints * 0.6 : -5;
      case P_TAKE_STOCK: {
        let best = 0;
        for (let u = 0; u < 4; u++) {
          let w = 0;
          for (let k = 0; k < NUM_CARDS; k++) if (s.zone[k] === Z.STOCK && rs.suit[k] === u) w += this.worth(s, me, k);
          best = Math.max(best, w);
        }
        return best - 3;
      }
      case P_TITHE:
        return 3 * (s.numPlayers - 1);
      case P_THIEF:
        return 4;
      case P_SEARCH_BM:
        return s.bmCount > 0 ? 8 : -5;
      case P_RETURN_EMBLEM:
        return emblems() > 0 ? 4 : -5;
      case P_SIEGE: {
        let eggs = 0;
        for (let k = 0; k < NUM_CARDS; k++) if (s.zone[k] === Z.HAND + me && rs.classes[k] & C_EGG) eggs++;
        return eggs > vantageCount(s, rs, me, V_SHIELD) ? -20 : 2;
      }
      case P_EXILE_STACK:
        return s.stackLen > 0 && s.stackOwner[s.stackLen - 1] !== me ? 5 : -5;
      case P_DISCARD_MARKET:
        return free ? 0.5 : -1;
    }
    return -5;
  }
  private emblemValue(s: DmlState, me: number, c: number): number {
    const rs = this.rs;
    if (rs.classes[c] & C_GUILD) return -2; // as a Commodity it scores anyway, and in Front it can be bought
    return rs.buyingBonus[c] * 1.5 + (rs.vantage[c] === V_SHIELD ? 2 : 0.5);
  }

  /**
   * How good `action` looks to `seat` in `s` (higher is better; Done is 0). MCTS's root shortlist ranks with this.
   */
  score(s: DmlState, seat: number, action: number): number {
    const rs = this.rs;
    const k = KIND_OF[action];
    const x = ARG_OF[action];
    const st = this.style;
    switch (k) {
      case Kind.Done:
        return 0;
      case Kind.Reroll: {
        const ok = (s.die1 === 6 && s.die2 === 6) || s.die1 + s.die2 >= s.rollTarget;
        return successChance(s.rollTarget) - (ok ? 1 : 0);
      }
      case Kind.Substitute:
        return s.bmCount > 0 && s.minorLeft === 0
          ? successChance(rs.data.targets.blackMarket) * this.bmValue(s, seat, 0) - 2 + st.smuggle
          : -1;
      case Kind.Visit:
        return successChance(rs.data.targets.blackMarket) * this.bmValue(s, seat, x) - (rs.data.iSeeFire.hustled ? 2 : 0) + st.smuggle;
      case Kind.Callback:
        return -3;
      case Kind.PlayPower:
        return this.powerValue(s, seat, x, s.phase === Phase.Stack) + st.powers - (s.phase === Phase.Market ? 1 : 0);
      case Kind.PlayEmblem:
        return this.emblemValue(s, seat, x) + st.powers - (s.phase === Phase.Market ? 1 : 0);
      case Kind.Declare: {
        const suit = rs.suit[x];
        const z = s.zone[x];
        const add = z === Z.STOCK ? marketValue(s, rs, x) : z === Z.EVENT ? rs.value[x] : rs.data.emblemValue;
        const gain = this.worth(s, seat, x) + (z >= Z.FRONT && z < Z.FRONT + MAX_SEATS ? rs.buyingBonus[x] : 0);
        if (s.phase === Phase.Market) return this.planEV(s, seat, add - buyingBonus(s, rs, seat, suit), gain, suit) + st.buy;
        const v = declarationValue(s, rs);
        const held = this.declaredWorth(s, seat);
        return this.planEV(s, seat, v + add, held + gain, suit) - this.planEV(s, seat, v, held, suit);
      }
      case Kind.Commit: {
        const v = declarationValue(s, rs);
        const w = this.worth(s, seat, x);
        const held = this.declaredWorth(s, seat);
        const primary = this.buyingOk(s, x, rs.primary[s.buySuit]);
        if (s.phase === Phase.Declare)
          return v > rs.data.declaration.cap ? 100 - w : (successChance(v - rs.value[x]) - successChance(v)) * held - w;
        if (s.phase === Phase.Seize) {
          const after = v + s.seizeTotal[seat] + rs.value[x];
          return (successChance(v + s.seizeTotal[seat]) - successChance(after)) * held * 0.6 - w + st.seize;
        }
        if (seat === s.active) {
          const drop = primary ? rs.value[x] : Math.min(rs.value[x], Math.max(0, s.seizerCommit - s.secondaryCommit));
          return (successChance(v - drop) - successChance(v)) * held - w;
        }
        return (successChance(v) - successChance(v + rs.value[x])) * held - w;
      }
      case Kind.PickCard:
        if (s.phase === Phase.Tithe || (s.phase === Phase.Choice && s.pendStep === Step.ThiefCard)) return -this.worth(s, seat, x);
        if (s.phase === Phase.Choice && s.pendStep === Step.ReturnEmblem) return s.zone[x] === Z.FRONT + seat ? -5 : rs.buyingBonus[x];
        if (s.phase === Phase.Choice && s.pendStep === Step.ExileFromStack) return s.stackOwner[s.stack.indexOf(x)] === seat ? -5 : 1;
        return this.worth(s, seat, x);
      case Kind.PickOption:
        if (s.pendStep === Step.ThiefMode) return x;
        if (s.pendStep === Step.TakeStock) {
          let w = 0;
          for (let c = 0; c < NUM_CARDS; c++) if (s.zone[c] === Z.STOCK && rs.suit[c] === x) w += this.worth(s, seat, c);
          return w;
        }
        return countZone(s, Z.BM + x);
      case Kind.PickSeat:
        return countZone(s, Z.HAND + x);
    }
    return 0;
  }
  private declaredWorth(s: DmlState, me: number): number {
    let w = 0;
    for (let c = 0; c < NUM_CARDS; c++) if (s.zone[c] === Z.DECLARED) w += this.worth(s, me, c);
    return w;
  }
}
