/**
 * The Dragon's Money Laundering engine: setup, the Round, Buying, the Stack, Powers, the special sequences and
 * the end, as docs/DML.md maps them to the source files of Irkka/dml (rules/...), one module per chapter:
 * zones.ts (the kernel: where the cards are), queries.ts, sequences.ts, setup.ts, round.ts, buying.ts,
 * stack.ts (the Stack, Powers and rolls), end.ts and legal.ts. This module applies an action and describes it,
 * and is the engine's public surface. Chance (roll-off, shuffles, dice, random picks) comes from the state's
 * RNG through lib/rng.ts, so `chance` records or forces it.
 *
 * Every decision is one action of catalogue.ts; everything between two decisions (draws, Restock, Supply,
 * Event effects, reveals, Stack resolution without choices, sieges) runs inside `applyAction`. A refused
 * action throws IllegalActionError and leaves the state unchanged (legality is checked before any change).
 */
import { GameOverError, IllegalActionError, UnknownActionError } from '../../../lib/errors.ts';
import { C_GUILD, NUM_CARDS, POWERS, SUITS, type Ruleset } from '../rules/index.ts';
import { ARG_OF, Kind, KIND_OF, NUM_ACTIONS } from './catalogue.ts';
import { DmlState, Outcome, Phase, Purpose, Step, Z } from './state.ts';
import { compactBlackMarkets, discard, move, randomOf } from './zones.ts';
import { buyingCard, canPlayAny, committable, declarationValue, luck, targetValue } from './queries.ts';
import { endTurn, openPowerWindow, toMarket } from './round.ts';
import { askNext, continueStack, endPower, finishRoll, nextOpponent, nextTithe, openResponses, push, roll, startRoll } from './stack.ts';
import { askResolve, nextSeizer, startDeclaration, startSeize } from './buying.ts';
import { checkInstantWins, checkLastStanding } from './end.ts';
import { whyIllegal } from './legal.ts';

export { aliveCount, countZone, handSize, nextAlive } from './zones.ts';
export { buyingBonus, buyingCard, declarationValue, marketValue, vantageCount } from './queries.ts';
export { createGame } from './setup.ts';
export { eggsHeld, PointsTally, ranking, victoryPoints } from './end.ts';
export { legalActions, legalActionsByCheck, whyIllegal } from './legal.ts';

/**
 * Apply `action` for the seat to act, then run everything automatic up to the next decision.
 * @throws GameOverError when the game is over; UnknownActionError outside the catalogue; IllegalActionError
 *   (state unchanged) when not legal now
 */
export function applyAction(s: DmlState, rs: Ruleset, action: number): void {
  if (s.outcome !== Outcome.Running) throw new GameOverError();
  if (!(Number.isInteger(action) && action >= 0 && action < NUM_ACTIONS)) throw new UnknownActionError(action, NUM_ACTIONS);
  const why = whyIllegal(s, rs, action);
  if (why !== null) throw new IllegalActionError(action, describeAction(rs, action), why);
  const k = KIND_OF[action];
  const x = ARG_OF[action];
  const me = s.decider;
  switch (s.phase) {
    case Phase.Market:
      if (k === Kind.Done) endTurn(s, rs);
      else if (k === Kind.Substitute) {
        s.actionsLeft--;
        s.minorLeft++;
        toMarket(s, rs);
      } else if (k === Kind.Declare) startDeclaration(s, rs, x);
      else if (k === Kind.PlayPower || k === Kind.PlayEmblem) {
        s.actionsLeft--;
        s.stackOrigin = 0;
        push(s, me, x, k === Kind.PlayPower ? 0 : 1);
        openResponses(s, rs);
      } else if (k === Kind.Callback) {
        s.actionsLeft--;
        s.rollArg = x;
        startRoll(s, rs, Purpose.Callback, rs.data.targets.callback - luck(s, rs, me), me);
      } else if (k === Kind.Visit) {
        s.minorLeft--;
        s.rollArg = x;
        startRoll(s, rs, Purpose.BlackMarket, rs.data.targets.blackMarket - luck(s, rs, me), me);
      }
      break;
    case Phase.Declare:
      if (k === Kind.Done) startSeize(s, rs);
      else if (k === Kind.Commit) {
        s.activeCommit += rs.value[x];
        move(s, x, Z.COMMITTED, true);
      } else {
        s.declValue += targetValue(s, rs, x);
        move(s, x, Z.DECLARED, true);
      }
      break;
    case Phase.Seize:
      if (k === Kind.Done) nextSeizer(s, rs);
      else {
        s.seizeTotal[me] += rs.value[x];
        move(s, x, Z.SEIZE + me, false);
        if (committable(s, rs, me, rs.primary[s.buySuit]) === 0) nextSeizer(s, rs);
      }
      break;
    case Phase.Resolve:
      if (k === Kind.Done) {
        if (s.committedThisGo === 0) startRoll(s, rs, Purpose.Buy, declarationValue(s, rs), s.active);
        else {
          s.resolveSide ^= 1;
          s.committedThisGo = 0;
          askResolve(s, rs);
        }
      } else {
        if (buyingCard(s, rs, x, rs.primary[s.buySuit])) {
          if (s.resolveSide === 0) s.activeCommit += rs.value[x];
          else s.seizerCommit += rs.value[x];
        } else s.secondaryCommit += rs.value[x];
        s.committedThisGo++;
        move(s, x, Z.COMMITTED, true);
      }
      break;
    case Phase.Roll:
      if (k === Kind.Reroll) {
        s.rerolls++;
        roll(s, rs);
      } else finishRoll(s, rs);
      break;
    case Phase.Stack:
      if (k === Kind.Done) {
        if (s.stackLen === 0) openPowerWindow(s, rs);
        else if (s.asked === s.stackLast) openResponses(s, rs);
        else {
          s.askLeft--;
          s.asked = nextOpponent(s, s.asked);
          askNext(s, rs);
        }
      } else {
        push(s, me, x, k === Kind.PlayPower ? 0 : 1);
        s.asked = me;
        if (!canPlayAny(s, rs, me)) openResponses(s, rs);
      }
      break;
    case Phase.Tithe:
      move(s, x, Z.HAND + s.pendOwner, false);
      if (!nextTithe(s)) {
        endPower(s);
        continueStack(s, rs);
      }
      break;
    case Phase.Choice:
      applyChoice(s, rs, k, x);
      break;
  }
  checkInstantWins(s, rs);
  checkLastStanding(s);
}

function applyChoice(s: DmlState, rs: Ruleset, _k: number, x: number): void {
  const owner = s.pendOwner;
  switch (s.pendStep) {
    case Step.ReturnEmblem:
      move(s, x, Z.HAND + (s.zone[x] - Z.FRONT), true);
      break;
    case Step.SearchPickMarket:
      s.pendArg = x;
      s.pendStep = Step.SearchPickCard;
      return;
    case Step.SearchPickCard:
      move(s, x, Z.HAND + owner, false);
      compactBlackMarkets(s);
      break;
    case Step.ExileFromStack: {
      let i = 0;
      while (s.stack[i] !== x) i++;
      s.stack.copyWithin(i, i + 1, s.stackLen);
      s.stackOwner.copyWithin(i, i + 1, s.stackLen);
      s.stackMode.copyWithin(i, i + 1, s.stackLen);
      s.stackLen--;
      if (rs.classes[x] & C_GUILD) discard(s, rs, x, false);
      else move(s, x, Z.EXILE, true);
      break;
    }
    case Step.TakeStock:
      for (let c = 0; c < NUM_CARDS; c++) if (s.zone[c] === Z.STOCK && rs.suit[c] === x) move(s, c, Z.HAND + owner, true);
      break;
    case Step.ThiefMode:
      s.pendArg = x;
      s.pendStep = Step.ThiefSeat;
      return;
    case Step.ThiefSeat:
      s.pendSeat = x;
      if (s.pendArg === 0) {
        s.pendStep = Step.ThiefCard;
        return;
      }
      move(s, randomOf(s, Z.HAND + x), Z.HAND + owner, false);
      s.pendStep = 0;
      startRoll(s, rs, Purpose.Thief, rs.data.targets.thief, owner);
      return;
    case Step.ThiefCard:
      move(s, x, Z.HAND + s.pendSeat, false);
      s.pendStep = 0;
      startRoll(s, rs, Purpose.Thief, rs.data.targets.thief, owner);
      return;
  }
  endPower(s);
  continueStack(s, rs);
}

/** A readable description of `action` (card names from the card file). */
export function describeAction(rs: Ruleset, action: number): string {
  if (!(action >= 0 && action < NUM_ACTIONS)) return `unknown action ${action}`;
  const x = ARG_OF[action];
  const card = () => rs.cardFile.cards[x].name;
  switch (KIND_OF[action]) {
    case Kind.Done:
      return 'done (end the Turn / declare / pass / keep the roll)';
    case Kind.Reroll:
      return 're-roll the Dabo!';
    case Kind.Substitute:
      return 'substitute an Action for a Minor Action';
    case Kind.Declare:
      return `declare ${card()}`;
    case Kind.Commit:
      return `commit ${card()}`;
    case Kind.PlayPower:
      return `play the Power of ${card()}`;
    case Kind.PlayEmblem:
      return `play ${card()} as an Emblem`;
    case Kind.Callback:
      return `callback ${card()}`;
    case Kind.Visit:
      return `visit Black Market ${x}`;
    case Kind.PickCard:
      return `pick ${card()}`;
    case Kind.PickOption:
      return `pick option ${x} (Black Market ${x}; Stock ${SUITS[x] ?? '-'}; Thief: 0 give, 1 take)`;
    case Kind.PickSeat:
      return `pick seat ${x}`;
  }
  return `action ${action}`;
}

/** Names of the Powers, for reports. */
export const POWER_NAMES = POWERS;
