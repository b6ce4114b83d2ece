/** The DML engine: random games keep every invariant, games replay, and the rules of Buying, the Stack, dice and the end. */
import { describe, expect, it } from 'vitest';
import { IllegalActionError } from '../../../lib/errors.ts';
import { loadRuleset, VARIANTS } from '../rules/index.ts';
import {
  A,
  applyAction,
  ARRAYS,
  cloneState,
  checkDeep,
  checkState,
  createGame,
  declarationValue,
  legalActions,
  legalActionsByCheck,
  NUM_ACTIONS,
  Outcome,
  Phase,
  SCALARS,
  serializeState,
  Step,
  victoryPoints,
  Z,
} from '../engine/index.ts';
import { card, clearTable, marketFor, place, play, playRandom, rs, withDice } from './helpers.ts';

describe('random games', () => {
  for (const v of VARIANTS) {
    it(`${v}: every card in one zone after every step, legality agrees, each game ends by its rules`, () => {
      const r = loadRuleset(v);
      const legal = new Int32Array(NUM_ACTIONS);
      for (let g = 0; g < 12; g++) {
        const n = r.data.players.min + (g % (r.data.players.max - r.data.players.min + 1));
        const s = createGame(r, n, `${v}/${g}`);
        let step = 0;
        expect(checkDeep(s, r)).toEqual([]);
        playRandom(s, r, `${v}/a${g}`, (x) => {
          step++;
          const bad = step % 7 === 0 ? checkDeep(x, r) : checkState(x, r);
          if (bad.length) throw new Error(`${v} game ${g} step ${step}: ${bad.join('; ')}`);
          return false;
        });
        expect(s.outcome).not.toBe(Outcome.Running);
        expect(s.outcome).not.toBe(Outcome.Truncated);
        expect(legalActions(s, r, legal)).toBe(0);
      }
    });
  }

  it('the per-phase legal list equals the per-id check against whyIllegal on many random states', () => {
    const fast = new Int32Array(NUM_ACTIONS);
    const slow = new Int32Array(NUM_ACTIONS);
    const phases = new Set<number>();
    const steps = new Set<number>();
    let states = 0;
    for (const v of VARIANTS) {
      const r = loadRuleset(v);
      for (let g = 0; g < 30; g++) {
        const s = createGame(r, r.data.players.min + (g % (r.data.players.max - r.data.players.min + 1)), `legal/${v}/${g}`);
        playRandom(s, r, `legal/${v}/${g}/moves`, (x) => {
          const n = legalActions(x, r, fast);
          const m = legalActionsByCheck(x, r, slow);
          if (n !== m || fast.subarray(0, n).some((a, i) => a !== slow[i]))
            throw new Error(`${v} game ${g}: [${fast.subarray(0, n).join()}] != [${slow.subarray(0, m).join()}]`);
          phases.add(x.phase);
          if (x.phase === Phase.Choice) steps.add(x.pendStep);
          states++;
          return false;
        });
      }
    }
    expect(states).toBeGreaterThan(10_000);
    // Every decision phase and most Power choices were compared (the rare ones are covered by the rules tests' positions).
    expect([...phases].sort()).toEqual([
      Phase.Market,
      Phase.Declare,
      Phase.Seize,
      Phase.Resolve,
      Phase.Roll,
      Phase.Stack,
      Phase.Choice,
      Phase.Tithe,
    ]);
    expect(steps.size).toBeGreaterThanOrEqual(Object.keys(Step).length - 2);
  });

  it('a clone copies every scalar and array of the state, and shares none', () => {
    const s = createGame(rs, 4, 'clone');
    SCALARS.forEach((k, i) => (s[k] = 1000 + i));
    for (const k of ARRAYS) s[k].forEach((_, i, a) => (a[i] = (i * 7 + k.length) % 100));
    const c = cloneState(s);
    for (const k of SCALARS) expect(c[k], k).toBe(s[k]);
    for (const k of ARRAYS) {
      expect(Array.from(c[k]), k).toEqual(Array.from(s[k]));
      expect(c[k]).not.toBe(s[k]);
    }
    expect(c.rng).toEqual(s.rng);
    expect(c.rng).not.toBe(s.rng);
  });

  it('the same seed and actions give the same game', () => {
    const a = createGame(rs, 4, 'same');
    const b = createGame(rs, 4, 'same');
    playRandom(a, rs, 'x');
    playRandom(b, rs, 'x');
    expect(serializeState(a)).toBe(serializeState(b));
    expect(serializeState(createGame(rs, 4, 'other'))).not.toBe(serializeState(createGame(rs, 4, 'same')));
  });

  it('an illegal action is refused with a typed error and changes nothing', () => {
    const s = createGame(rs, 4, 'illegal');
    const before = serializeState(s);
    expect(() => applyAction(s, rs, A.REROLL)).toThrow(IllegalActionError);
    expect(serializeState(s)).toBe(before);
  });
});

describe('setup', () => {
  it('deals each seat a Merchant King, a 2 and a 3; Eggs in the Nest; at least 3 Commodities in the Stocks', () => {
    for (const n of [3, 4]) {
      const s = createGame(loadRuleset(n === 3 ? 'three' : 'full'), n, `setup${n}`);
      let kings = 0;
      for (let c = 0; c < 54; c++) if (s.zone[c] >= Z.KING && s.zone[c] < Z.KING + 4) kings++;
      expect(kings).toBe(n);
      // the Event's Hated People discard or a Turn may already have moved cards: count Exile's King instead
      if (n === 3)
        expect([0, 1, 2, 3].filter((u) => s.zone[card(['iron', 'wood', 'slaves', 'spice'][u] + '-13')] === Z.EXILE).length).toBe(1);
    }
  });
});

describe('Buying', () => {
  it('a Declaration above 12 must be lowered by Primary Buying cards; Woot! wins it and opens a Black Market', () => {
    const s = createGame(rs, 4, 'buy');
    clearTable(s);
    // seat 0 wants iron 9 + iron 8 (17); iron's Primary Buying suit is spice: spice 5 lowers it to 12.
    place(s, card('iron-9'), Z.STOCK);
    place(s, card('iron-8'), Z.STOCK);
    place(s, card('spice-5'), Z.HAND + 0);
    marketFor(s, 0);
    play(s, rs, A.DECLARE + card('iron-9'), A.DECLARE + card('iron-8'));
    expect(declarationValue(s, rs)).toBe(17);
    expect(() => applyAction(s, rs, A.DONE)).toThrow(IllegalActionError);
    play(s, rs, A.COMMIT + card('spice-5'));
    expect(declarationValue(s, rs)).toBe(12);
    const markets = s.bmCount;
    withDice([6, 6], () => play(s, rs, A.DONE));
    expect(s.zone[card('iron-9')]).toBe(Z.HAND + 0);
    expect(s.zone[card('iron-8')]).toBe(Z.HAND + 0);
    expect(s.zone[card('spice-5')]).toBe(Z.STOCK);
    expect(s.bmCount).toBe(markets + 1);
  });

  it('the Seize goes to the highest face-down total; the seizer gets the cards when the roll fails', () => {
    const s = createGame(rs, 4, 'seize');
    clearTable(s);
    place(s, card('wood-7'), Z.STOCK); // wood is bought with iron (Primary) and spice (Secondary)
    place(s, card('iron-4'), Z.HAND + 1);
    place(s, card('iron-6'), Z.HAND + 2);
    place(s, card('iron-5'), Z.HAND + 3);
    marketFor(s, 0);
    play(s, rs, A.DECLARE + card('wood-7'), A.DONE);
    expect(s.phase).toBe(Phase.Seize);
    play(s, rs, A.COMMIT + card('iron-4')); // seat 1 (its last iron: its Seize closes)
    expect(s.decider).toBe(2);
    play(s, rs, A.COMMIT + card('iron-6'));
    // all revealed: seat 2 (6) wins the Seize, seats 1 and 3 take theirs back; seat 0 has nothing to commit,
    // so it rolls against 7 + 6 = 13 and fails
    withDice([3, 4], () => play(s, rs, A.COMMIT + card('iron-5')));
    expect(s.zone[card('wood-7')]).toBe(Z.HAND + 2);
    expect(s.zone[card('iron-6')]).toBe(Z.STOCK);
    expect(s.zone[card('iron-4')]).toBe(Z.HAND + 1);
    expect(s.zone[card('iron-5')]).toBe(Z.HAND + 3);
  });

  it('a failed roll without a Seize returns the cards to their Stock (Wyvern Eyes also starts a Dragon Siege)', () => {
    const s = createGame(rs, 4, 'wyvern');
    clearTable(s);
    place(s, card('slaves-9'), Z.STOCK);
    place(s, card('iron-1'), Z.HAND + 2); // an Egg and no Shield: lost in the Siege
    place(s, card('spice-4'), Z.HAND + 2);
    marketFor(s, 0);
    play(s, rs, A.DECLARE + card('slaves-9'));
    withDice([1, 1], () => play(s, rs, A.DONE));
    expect(s.zone[card('slaves-9')]).toBe(Z.STOCK);
    expect(s.zone[card('iron-1')]).toBe(Z.NEST);
    expect(s.zone[card('spice-4')]).not.toBe(Z.HAND + 2); // half the rest, rounded up, discarded
  });
});

describe('the Stack', () => {
  it('resolves last in, first out: a Guild played in response is in Front before the Jack of clubs returns an Emblem', () => {
    const s = createGame(rs, 4, 'stack');
    clearTable(s);
    place(s, card('wood-11'), Z.HAND + 0); // Jack of clubs: return an Emblem to its owner's hand
    place(s, card('iron-10'), Z.HAND + 1); // the iron Guild, an Emblem
    marketFor(s, 0);
    play(s, rs, A.POWER + card('wood-11'));
    expect(s.phase).toBe(Phase.Stack);
    expect(s.decider).toBe(1);
    play(s, rs, A.EMBLEM + card('iron-10'));
    // seat 1 has nothing more to play: the others are asked, nobody can answer, the Stack resolves
    expect(s.zone[card('iron-10')]).toBe(Z.FRONT + 1);
    expect(s.phase).toBe(Phase.Choice);
    play(s, rs, A.PICK_CARD + card('iron-10'));
    expect(s.zone[card('iron-10')]).toBe(Z.HAND + 1);
    expect(s.zone[card('wood-11')]).toBe(Z.EXILE);
  });
});

describe('the end', () => {
  it('scores Commodities by suit with the Desired suit doubled, Guild bonuses and Eggs', () => {
    const s = createGame(rs, 4, 'score');
    clearTable(s);
    let king = -1;
    for (let c = 0; c < 54; c++) if (s.zone[c] === Z.KING + 0) king = c;
    const desired = rs.cardFile.cards[king].suit;
    const other = desired === 'iron' ? 'wood' : 'iron';
    place(s, card(`${desired}-5`), Z.HAND + 0);
    place(s, card(`${desired}-10`), Z.FRONT + 0); // Guild in Front: 10 points, +2 per non-Guild card of its suit in hand
    place(s, card(`${other}-7`), Z.HAND + 0);
    place(s, card('spice-1'), Z.HAND + 0); // an Egg
    expect(victoryPoints(s, rs, 0)).toBe((5 + 10) * 2 + 2 * 1 + 7 + 20);
  });

  it('Monopoly: every 2-9 of one suit in hand wins at once', () => {
    const s = createGame(rs, 4, 'monopoly');
    clearTable(s);
    for (let r = 2; r <= 9; r++) place(s, card(`wood-${r}`), Z.HAND + 3);
    place(s, card('iron-9'), Z.STOCK);
    marketFor(s, 0);
    play(s, rs, A.SUBSTITUTE);
    expect(s.outcome).toBe(Outcome.Monopoly);
    expect(s.winner).toBe(3);
  });
});
