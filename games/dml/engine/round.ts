/**
 * The Round (rules/gameplay/game/index.md): the Event Phase, each seat's Turn (Restock, Supply, the Market
 * Phase), the Power Phase and the Cleanup, and the game's end by points when the Deck runs out (end.ts).
 */
import { C_COMMODITY, C_FOREIGN, EV_CARNIVAL, EV_GRAND, EV_HATED, EV_UNION, V_TRIBUTE, type Ruleset } from '../rules/index.ts';
import { DmlState, MAX_SEATS, Outcome, Phase, Z } from './state.ts';
import { countZone, discard, draw, handSize, move, nextAlive, randomOf } from './zones.ts';
import { banned, canPlayAny, vantageCount } from './queries.ts';
import { foreignMerchant } from './sequences.ts';
import { endByPoints, finish } from './end.ts';

/** Restock (game/index.md "Restock"): draw until the Stocks hold 3 Commodities or the Deck is empty. */
export function restock(s: DmlState, rs: Ruleset): void {
  while (countZone(s, Z.STOCK) < 3 && s.deckLen > 0) dealerDraw(s, rs);
}
/** The Dealer draws one card to the Marketplace: a Commodity to its Stock, else discarded (a Foreign Merchant then establishes a Black Market). */
function dealerDraw(s: DmlState, rs: Ruleset): void {
  const c = draw(s);
  if (c < 0) return;
  if (rs.classes[c] & C_COMMODITY) return move(s, c, Z.STOCK, true);
  discard(s, rs, c, true);
  if (rs.classes[c] & C_FOREIGN) foreignMerchant(s, rs);
}

/** The Event Phase (game/index.md "Event"; event/index.md): the last Event to the Discard Pile, a new one, its Player Effect. */
export function startRound(s: DmlState, rs: Ruleset): void {
  if (s.eventCard >= 0 && s.zone[s.eventCard] === Z.EVENT) discard(s, rs, s.eventCard, true);
  s.eventCard = -1;
  if (s.deckLen === 0) return endByPoints(s, rs);
  if (s.round >= rs.data.roundLimit) return finish(s, Outcome.Truncated, -1);
  s.round++;
  const c = draw(s);
  move(s, c, Z.EVENT, true);
  s.eventCard = c;
  s.eventType = rs.event[c];
  s.eventValue = rs.value[c];
  const carnival = s.eventType === EV_CARNIVAL || s.eventType === EV_GRAND;
  for (let p = 0; p < MAX_SEATS; p++) {
    s.affected[p] = 0;
    if (p >= s.numPlayers || !s.alive[p] || !rs.data.playerEffects) continue;
    s.affected[p] = (carnival && rs.data.carnivalForEveryone) || handSize(s, p) >= s.eventValue ? 1 : 0;
  }
  if (rs.data.playerEffects && s.eventType === EV_HATED)
    for (let k = 0, p = s.dealer; k < s.numPlayers; k++, p = (p + 1) % s.numPlayers) {
      if (!s.affected[p] || handSize(s, p) === 0) continue;
      if (rs.data.vantage.tribute === 'ignoreHatedPeople' && vantageCount(s, rs, p, V_TRIBUTE) > 0) continue;
      discard(s, rs, randomOf(s, Z.HAND + p), false);
    }
  if (rs.classes[c] & C_FOREIGN) {
    discard(s, rs, c, true);
    s.eventCard = -1;
    foreignMerchant(s, rs);
  }
  s.turnDone.fill(0);
  s.powerDone.fill(0);
  s.active = rs.data.firstTurn === 'dealer' && s.alive[s.dealer] ? s.dealer : nextAlive(s, s.dealer);
  startTurn(s, rs);
}

/** A Turn (game/index.md "Turn"): Restock, Supply, then the Active Player's Market Phase. */
function startTurn(s: DmlState, rs: Ruleset): void {
  s.turnDone[s.active] = 1;
  restock(s, rs);
  dealerDraw(s, rs);
  const carnival = (s.eventType === EV_CARNIVAL || s.eventType === EV_GRAND) && s.affected[s.active];
  s.actionsLeft = rs.data.actions.perTurn + (carnival ? rs.data.actions.carnival : 0);
  s.minorLeft = rs.data.actions.minor;
  toMarket(s, rs);
}

/** Back to the Active Player's Market Phase; the Turn ends by itself when nothing is left to spend. */
export function toMarket(s: DmlState, rs: Ruleset): void {
  if (s.outcome !== Outcome.Running) return;
  if (!s.alive[s.active] || (s.actionsLeft === 0 && (s.minorLeft === 0 || !canVisitAny(s, rs)))) return endTurn(s, rs);
  s.phase = Phase.Market;
  s.decider = s.active;
}
export function canVisitAny(s: DmlState, rs: Ruleset): boolean {
  return rs.data.blackMarkets && s.bmCount > 0 && !banned(s, rs, s.active, EV_UNION);
}

export function endTurn(s: DmlState, rs: Ruleset): void {
  for (let k = 1; k <= s.numPlayers; k++) {
    const q = (s.active + k) % s.numPlayers;
    if (s.alive[q] && !s.turnDone[q]) {
      s.active = q;
      return startTurn(s, rs);
    }
  }
  s.powerSeat = s.dealer;
  openPowerWindow(s, rs);
}

/** The Power Phase (game/index.md "Power"): from the Dealer on, each seat may open a Stack without spending an Action. */
export function openPowerWindow(s: DmlState, rs: Ruleset): void {
  for (let k = 0; k < s.numPlayers; k++) {
    const p = (s.powerSeat + k) % s.numPlayers;
    if (!s.alive[p] || s.powerDone[p]) continue;
    s.powerDone[p] = 1;
    if (!canPlayAny(s, rs, p)) continue;
    s.powerSeat = p;
    s.stackOrigin = 1;
    s.stackLast = -1;
    s.asked = p;
    s.phase = Phase.Stack;
    s.decider = p;
    return;
  }
  // Cleanup: the Dealer Token passes on.
  s.dealer = nextAlive(s, s.dealer);
  startRound(s, rs);
}
