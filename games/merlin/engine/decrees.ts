/**
 * Royal Decrees (Kings). 0.1.27b "Royal Decrees": a King is played at once; its drawer chooses a Royal
 * Decree; enacting it gives a Crown and its consequences; refusing it starts an auction among the other
 * players, the highest bidder taking the Crown and the consequences, the bid split between the Central
 * Bank and the drawer.
 *
 * Project decisions (docs/RULES.md "Royal Decrees"): the drawer chooses among the top `decrees.choices`
 * cards (the others are shuffled back); the refusal auction is a blind auction (hidden bids 0..maxBid from
 * each other player, highest wins, ties to the earliest in turn order after the drawer); with no bid above
 * 0 the decree is discarded and nobody gets the Crown. The drawer can enact only a decree whose
 * consequences they can cover; otherwise they must refuse it.
 *
 * Hidden costs (docs/RULES.md D151): a decree design is a face (`effects`, shown to whoever sees the
 * decree) and a hidden cost (`hiddenCost`); designs with the same name share a face. The drawer chooses, enacts
 * or refuses on the face; the cost is revealed and applied when the decree is enacted, after the face, by the
 * same all-or-nothing rule (a cost its enactor cannot cover in full is disregarded). A refused decree nobody buys
 * is discarded face up: its cost is revealed then. A face with `{ op: "regulation" }` opens the regulation vote
 * (engine/regulations.ts) after the decree is settled.
 */
import type { CardDef } from '../cards/schema.ts';
import { weakMemo } from '../../../lib/memo.ts';
import type { Ruleset } from '../rules/index.ts';
import { Phase, type MerlinState } from './state.ts';
import { drawFrom, shuffleBack } from './cards.ts';
import { applyEffects, effectsFeasible, tallyPlay } from './effects.ts';
import { cardDef, DECK_INDEX } from './kernel/card-defs.ts';
import { Kind } from './actions.ts';
import type { KindRules } from './registry.ts';
import { afterDecree } from './regulations.ts';
import { backToMain } from './kernel/phase.ts';

const D = DECK_INDEX.royalDecrees;

/** The faces of a ruleset's decree designs: `faceOf[def]` indexes `faces` (one per distinct name, in deck order). */
export interface DecreeFaces {
  readonly faceOf: Int32Array;
  readonly faces: readonly string[];
  /** The hidden cost of each design as a card of its own (resolved with the effect engine). */
  readonly costDef: readonly CardDef[];
}

/** The decree faces of `rs` (built once per ruleset). Observations show a decree by its face (D151). */
export const decreeFaces: (rs: Ruleset) => DecreeFaces = weakMemo(buildFaces);

function buildFaces(rs: Ruleset): DecreeFaces {
  const defs = rs.cards.royalDecrees.defs;
  const faces: string[] = [];
  const faceOf = new Int32Array(defs.length);
  defs.forEach((d, i) => {
    let f = faces.indexOf(d.name);
    if (f < 0) f = faces.push(d.name) - 1;
    faceOf[i] = f;
  });
  const costDef = defs.map((d) => ({ ...d, effects: d.hiddenCost ?? [] }));
  return { faceOf, faces, costDef };
}

/** A King was drawn by `seat`: reveal the decree choices (no-op when the decree deck is exhausted). */
export function beginDecree(s: MerlinState, rs: Ruleset, seat: number): void {
  s.decreeOptions.length = 0;
  for (let i = 0; i < rs.data.decrees.choices; i++) {
    const c = drawFrom(s, s.cdeck[D], s.cdiscard[D]);
    if (c < 0) break;
    s.decreeOptions.push(c);
  }
  if (s.decreeOptions.length === 0) return;
  s.decreeDrawer = seat;
  s.phase = Phase.DecreeChoose;
  s.decider = seat;
}

/**
 * At the start of the active player's free actions: a royal summons waiting for them (a card's `decree` effect,
 * docs/RULES.md D161) opens a decree choice as a drawn King does; one a turn, the rest wait for their next turns.
 */
export function deliverSummons(s: MerlinState, rs: Ruleset): void {
  if (s.phase !== Phase.Main) return;
  const seat = s.order[s.turnIdx];
  if (s.decreesDue[seat] === 0) return;
  s.decreesDue[seat]--;
  beginDecree(s, rs, seat);
}

/** The drawer picks option `i`; the rest are shuffled back. */
export function chooseDecree(s: MerlinState, i: number): void {
  s.decreeCard = s.decreeOptions[i];
  for (let j = 0; j < s.decreeOptions.length; j++) if (j !== i) shuffleBack(s, s.cdeck[D], s.decreeOptions[j]);
  s.decreeOptions.length = 0;
  s.phase = Phase.DecreeDecide;
}

/**
 * `seat` takes the chosen decree: a Crown and its consequences (0.1.27b "Royal Decrees"). Consequences
 * `seat` cannot cover are disregarded (atomic card rule); the drawer may only enact a decree they can
 * cover (`canEnact`), and an auction winner has paid for the Crown, so a Crown is never free.
 */
export function enactDecree(s: MerlinState, rs: Ruleset, seat: number): void {
  s.crowns[seat]++;
  tallyPlay(D, s.decreeCard);
  applyEffects(s, rs, cardDef(rs, D, s.decreeCard), seat, -1, -1);
  const cost = decreeFaces(rs).costDef[rs.cards.royalDecrees.instanceDef[s.decreeCard]];
  if (cost.effects.length > 0) applyEffects(s, rs, cost, seat, -1, -1);
  discardDecree(s);
}

/** The chosen decree goes to the discard pile and the decree is over. */
function discardDecree(s: MerlinState): void {
  s.cdiscard[D].push(s.decreeCard);
  s.decreeCard = -1;
  s.decreeDrawer = -1;
}

/** The drawer can cover the chosen decree's face (else only refusing is legal); the hidden cost is not consulted (D151). */
export function canEnact(s: MerlinState, rs: Ruleset): boolean {
  return effectsFeasible(s, rs, cardDef(rs, D, s.decreeCard), s.decreeDrawer, -1);
}

/** The drawer refuses: the other players bid blind, in turn order from the drawer's left. */
export function refuseDecree(s: MerlinState, rs: Ruleset): boolean {
  s.queue.length = 0;
  const start = s.order.indexOf(s.decreeDrawer);
  for (let i = 1; i < s.numPlayers; i++) {
    const p = s.order[(start + i) % s.numPlayers];
    if (!s.eliminated[p]) s.queue.push(p);
  }
  if (s.queue.length === 0) {
    discardDecree(s);
    return false;
  }
  s.bids.fill(-1);
  s.phase = Phase.DecreeBid;
  s.decider = s.queue[0];
  return true;
}

/** Record `seat`'s hidden bid; returns true when every bidder has bid. */
export function decreeBid(s: MerlinState, seat: number, amount: number): boolean {
  s.gold[seat] -= amount;
  s.auctionPot += amount;
  s.bids[seat] = amount;
  s.queue.shift();
  if (s.queue.length > 0) {
    s.decider = s.queue[0];
    return false;
  }
  return true;
}

/** Settle the refusal auction: the winner pays (split drawer / Central Bank), the others get their bids back. */
export function settleDecreeAuction(s: MerlinState, rs: Ruleset): void {
  let best = -1;
  const start = s.order.indexOf(s.decreeDrawer);
  for (let i = 1; i < s.numPlayers; i++) {
    const p = s.order[(start + i) % s.numPlayers];
    if (s.bids[p] > 0 && (best < 0 || s.bids[p] > s.bids[best])) best = p;
  }
  for (let p = 0; p < s.numPlayers; p++) {
    if (s.bids[p] > 0 && p !== best) {
      s.gold[p] += s.bids[p];
      s.auctionPot -= s.bids[p];
    }
  }
  if (best >= 0) {
    const bid = s.bids[best];
    const toDrawer = Math.floor((bid * rs.data.decrees.drawerSharePercent) / 100);
    s.auctionPot -= bid;
    s.gold[s.decreeDrawer] += toDrawer;
    s.centralBank += bid - toDrawer;
    enactDecree(s, rs, best);
  } else {
    discardDecree(s);
  }
  s.bids.fill(-1);
}

/** Choosing, enacting or refusing a Royal Decree (0.1.27b "Royal Decrees"); the refused decree's auction bid is engine.ts's Bid. */
export const DECREE_RULES: KindRules = {
  [Kind.SelectOption]: {
    phases: [Phase.DecreeChoose],
    check: (s, _rs, _seat, a) => (a < s.decreeOptions.length ? null : 'no such decree option'),
    apply: (s, _rs, _seat, a) => chooseDecree(s, a),
    describe: (rs, a, _b, s) =>
      s && s.decreeOptions[a] !== undefined
        ? `choose decree "${cardDef(rs, DECK_INDEX.royalDecrees, s.decreeOptions[a]).name}"`
        : `choose decree option ${a}`,
  },
  [Kind.EnactDecree]: {
    phases: [Phase.DecreeDecide],
    check: (s, rs) => (canEnact(s, rs) ? null : "cannot cover the decree's consequences: refuse it"),
    apply: (s, rs, seat) => {
      enactDecree(s, rs, seat);
      afterDecree(s);
    },
    describe: () => 'enact the Royal Decree (gain a Crown)',
  },
  [Kind.RefuseDecree]: {
    phases: [Phase.DecreeDecide],
    apply: (s, rs) => {
      if (!refuseDecree(s, rs)) backToMain(s);
    },
    describe: () => 'refuse the Royal Decree (it goes to auction)',
  },
};
