/** Test helpers: arrange an Economicon state by hand while keeping every unit and card conserved. */
import { loadRuleset, NUM_TYPES, type Ruleset } from '../rules/index.ts';
import { AT_DECK, AT_HAND, AT_SATISFIED, catalogue, Kind, MAX_HAND, PILE, type EconomiconState } from '../engine/index.ts';

export const rs = loadRuleset('standard');

/** Put `v` units of type `t` at holder `h`, taking the difference from (or returning it to) the draw pile. */
export function setUnits(s: EconomiconState, h: number, t: number, v: number): void {
  const i = h * NUM_TYPES + t;
  s.units[PILE * NUM_TYPES + t] += s.units[i] - v;
  s.units[i] = v;
}

/**
 * Deal the mandates again: seat p holds the cards of the definitions `hands[p]` (ids from the deck file) and has
 * `satisfied[p]` satisfied ones (any cards not named); the rest form the deck.
 */
export function arrangeMandates(s: EconomiconState, r: Ruleset, hands: string[][], satisfied: number[] = []): void {
  const free = Array.from(r.cardDef, (_, c) => c);
  const take = (pred: (c: number) => boolean) => {
    const k = free.findIndex(pred);
    if (k < 0) throw new Error('no such card left');
    return free.splice(k, 1)[0];
  };
  const handCards = hands.map((ids) => ids.map((id) => take((c) => r.deck.cards[r.cardDef[c]].id === id)));
  const unnamed = new Set(hands.flat());
  s.satisfied.fill(0);
  s.handLen.fill(0);
  s.hand.fill(0);
  for (let p = 0; p < s.numPlayers; p++) {
    for (let k = 0; k < (satisfied[p] ?? 0); k++) {
      const c = take((c) => !unnamed.has(r.deck.cards[r.cardDef[c]].id));
      s.cardAt[c] = AT_SATISFIED + p;
      s.satisfied[p]++;
    }
    (handCards[p] ?? []).forEach((c, i) => {
      s.hand[p * MAX_HAND + i] = c;
      s.cardAt[c] = AT_HAND + p;
    });
    s.handLen[p] = handCards[p]?.length ?? 0;
  }
  s.deck.fill(0);
  s.deck.set(free);
  s.deckLen = free.length;
  for (const c of free) s.cardAt[c] = AT_DECK;
}

/** The id of the first catalogue entry of `kind` with arguments (a, b, c). */
export function actionId(kind: number, a = 0, b = 0, c = 0, r: Ruleset = rs): number {
  const cat = catalogue(r);
  for (let id = 0; id < cat.size; id++)
    if (cat.kind[id] === kind && (kind <= Kind.DrawMandate || (cat.a[id] === a && cat.b[id] === b && cat.c[id] === c))) return id;
  throw new Error(`no action of kind ${kind} (${a}, ${b}, ${c})`);
}

/** Move every unit of type `t` from holder `from` to holder `to`. */
export function moveAll(s: EconomiconState, t: number, from: number, to: number): void {
  s.units[to * NUM_TYPES + t] += s.units[from * NUM_TYPES + t];
  s.units[from * NUM_TYPES + t] = 0;
}
