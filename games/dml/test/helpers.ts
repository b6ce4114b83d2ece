/** Test helpers: card ids by name, arranging a DML state by hand (every card still in exactly one zone), random play. */
import { chance, nextInt, seedRng } from '../../../lib/rng.ts';
import { loadRuleset, type Ruleset } from '../rules/index.ts';
import { applyAction, checkState, legalActions, NUM_ACTIONS, Phase, rebuildZoneBits, Z, type DmlState } from '../engine/index.ts';

export const rs = loadRuleset('full');

/** The id of the card named `id` in the card file ('iron-10', 'joker-2'). */
export function card(id: string, r: Ruleset = rs): number {
  const i = r.cardFile.cards.findIndex((c) => c.id === id);
  if (i < 0) throw new Error(`no card ${id}`);
  return i;
}

/** Move card c to zone z, keeping the Deck pile consistent (a card leaving or joining the Deck). */
export function place(s: DmlState, c: number, z: number): void {
  if (s.zone[c] === Z.DECK) {
    const d = Array.from(s.deck.subarray(0, s.deckLen)).filter((x) => x !== c);
    s.deck.set(d);
    s.deckLen = d.length;
  }
  if (z === Z.DECK) s.deck[s.deckLen++] = c;
  if (s.eventCard === c) s.eventCard = -1;
  s.count[s.zone[c]]--;
  s.count[z]++;
  s.zone[c] = z;
  s.pub[c] = z;
  rebuildZoneBits(s);
}

/** Empty every hand, Front and Stock into the Discard Pile, so a test starts from named cards only. */
export function clearTable(s: DmlState): void {
  for (let c = 0; c < 54; c++) {
    const z = s.zone[c];
    if (z === Z.STOCK || (z >= Z.HAND && z < Z.HAND + 4) || (z >= Z.FRONT && z < Z.FRONT + 4))
      place(s, c, rs.classes[c] & 2 ? Z.NEST : Z.DISCARD);
  }
}

/** Put seat p to act in its Market Phase with `actions` Actions and one Minor Action, no Event in effect. */
export function marketFor(s: DmlState, p: number, actions = 1): void {
  s.phase = Phase.Market;
  s.active = s.decider = p;
  s.actionsLeft = actions;
  s.minorLeft = 1;
  s.eventType = -1;
  s.eventValue = 0;
  s.affected.fill(0);
}

/** Apply actions, checking the invariants after each. */
export function play(s: DmlState, r: Ruleset, ...actions: number[]): void {
  for (const a of actions) {
    applyAction(s, r, a);
    const bad = checkState(s, r);
    if (bad.length) throw new Error(bad.join('; '));
  }
}

/** Play uniformly random legal actions from `seed` until `until(s)` or the end; returns the steps taken. */
export function playRandom(
  s: DmlState,
  r: Ruleset,
  seed: string,
  until: (s: DmlState) => boolean = () => false,
  maxSteps = 100_000,
): number {
  const rng = seedRng(seed);
  const legal = new Int32Array(NUM_ACTIONS);
  let k = 0;
  while (s.outcome === 0 && !until(s) && k < maxSteps) {
    const n = legalActions(s, r, legal);
    applyAction(s, r, legal[nextInt(rng, n)]);
    k++;
  }
  return k;
}

/** Run `f` with the dice forced to `faces`, first in first out (lib/rng.ts `chance`). */
export function withDice<T>(faces: number[], f: () => T): T {
  chance.forced = new Map([['die', [...faces]]]);
  try {
    return f();
  } finally {
    chance.forced = null;
  }
}
