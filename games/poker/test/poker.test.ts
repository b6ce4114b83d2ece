/**
 * Poker, the template game: its rules (Kuhn and Leduc hands with the cards forced), its explicit chance nodes
 * (outcomes and probabilities, drawn from the state's RNG the same way by every loop), the Game contract
 * (basicTests at 2-4 players), hidden information, and its agents.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { basicTests } from '../../../env/core/basic-tests.ts';
import { CHANCE, TERMINAL, legalBuffer } from '../../../env/core/game.ts';
import { CHANCE_KIND, resolveChance, sampleChance } from '../../../env/core/chance.ts';
import { playGame } from '../../../env/core/play.ts';
import { AECEnv } from '../../../env/core/aec.ts';
import { SingleAgentEnv } from '../../../env/core/single.ts';
import { VectorEnv } from '../../../env/core/vector.ts';
import { IllegalActionError, StateError } from '../../../lib/errors.ts';
import { gameEntry, opponentFactory } from '../../registry.ts';
import { root } from '../../../cli/test/run.ts';
import { pokerGame } from '../env/game.ts';
import { CALL, FOLD, RAISE, type PokerState } from '../engine/engine.ts';
import { PokerHeuristic } from '../agents/heuristic.ts';

const leduc = pokerGame('leduc');
const kuhn = pokerGame('kuhn');
const J = 0;
const Q = 1;
const K = 2;

/** A hand of `game` with the private cards `cards` (ranks) forced, then `actions` (deals included as ranks). */
function hand(game: typeof leduc, cards: number[], actions: number[] = []): PokerState {
  const s = game.newState(cards.length, 'hand');
  for (const c of cards) game.applyAction(s, c);
  for (const a of actions) game.applyAction(s, a);
  return s;
}
const returns = (game: typeof leduc, s: PokerState) => {
  const out = new Float64Array(s.numPlayers);
  game.returns(s, out);
  return Array.from(out);
};

describe('poker rules', () => {
  it('Kuhn: check-check goes to the higher card; bet-fold to the bettor; bet-call to the higher card for 2', () => {
    expect(returns(kuhn, hand(kuhn, [J, K], [CALL, CALL]))).toEqual([-1, 1]);
    expect(returns(kuhn, hand(kuhn, [J, K], [RAISE, FOLD]))).toEqual([1, -1]);
    expect(returns(kuhn, hand(kuhn, [K, Q], [CALL, RAISE, CALL]))).toEqual([2, -2]);
    // Facing no bet there is nothing to fold; one bet is all Kuhn allows.
    const s = hand(kuhn, [J, K]);
    expect(() => kuhn.applyAction(s, FOLD)).toThrow(IllegalActionError);
    kuhn.applyAction(s, RAISE);
    expect(kuhn.whyIllegal!(s, RAISE)).toMatch(/raises are used up/);
  });

  it('Leduc: a pair with the board beats a higher card; bets are 2 then 4, two raises a round; a tie splits the pot', () => {
    // Seat 0 holds J, seat 1 K; both check, the board is J; seat 0 bets 4, seat 1 calls: the pair wins 5.
    const s = hand(leduc, [J, K], [CALL, CALL, J, RAISE, CALL]);
    expect(leduc.isTerminal(s)).toBe(true);
    expect(returns(leduc, s)).toEqual([5, -5]);
    // Bet, raise, then no third raise in round 1.
    const t = hand(leduc, [Q, K], [RAISE, RAISE]);
    expect(t.stake).toEqual([3, 5]);
    expect(leduc.whyIllegal!(t, RAISE)).toMatch(/used up/);
    leduc.applyAction(t, CALL);
    expect(leduc.currentPlayer(t)).toBe(CHANCE); // the public card is due
    // Three seats (ranks T J Q K: rank 2 is the Q), two holding a Q: the pot is shared.
    const u = hand(leduc, [K, K, Q], [CALL, CALL, CALL, J, CALL, CALL, CALL]);
    expect(returns(leduc, u)).toEqual([0.5, 0.5, -1]);
    expect(leduc.render(u)).toMatch(/seat 0: stake 1, shows Q, \+0\.5/);
  });

  it('refuses a deal of a rank the deck has run out of, leaving the state as it was', () => {
    const s = kuhn.newState(2, 'x');
    kuhn.applyAction(s, K);
    const before = kuhn.serialize(s);
    expect(() => kuhn.applyAction(s, K)).toThrow(/no card of that rank is left/);
    expect(kuhn.serialize(s)).toBe(before);
  });
});

describe('explicit chance', () => {
  it('offers each rank left with its share of the cards left, and draws the same outcome from the same state', () => {
    const s = leduc.newState(2, 'chance');
    expect(leduc.currentPlayer(s)).toBe(CHANCE);
    const outcomes = new Int32Array(leduc.maxChanceOutcomes!);
    const probs = new Float64Array(leduc.maxChanceOutcomes!);
    expect(leduc.chanceOutcomes!(s, outcomes, probs)).toBe(3);
    expect(Array.from(probs.subarray(0, 3))).toEqual([2 / 6, 2 / 6, 2 / 6]);
    leduc.applyAction(s, K);
    leduc.chanceOutcomes!(s, outcomes, probs);
    expect(Array.from(probs.subarray(0, 3))).toEqual([2 / 5, 2 / 5, 1 / 5]);
    expect(sampleChance(leduc, leduc.clone(s))).toBe(sampleChance(leduc, leduc.clone(s)));
    // Every outcome appears, roughly at its probability, over many seeds.
    const counts = [0, 0, 0];
    for (let i = 0; i < 3000; i++) counts[sampleChance(leduc, leduc.newState(2, i))]++;
    for (const c of counts) expect(c / 3000).toBeCloseTo(1 / 3, 1);
  });

  it('is resolved by playGame (history entries of seat CHANCE), which can force an outcome', () => {
    const agents = [new PokerHeuristic(), new PokerHeuristic()];
    const a = playGame(leduc, agents, 'force', { history: true });
    const deals = a.history.filter((h) => h.seat === CHANCE);
    expect(deals.length).toBeGreaterThanOrEqual(2);
    const b = playGame(leduc, agents, 'force', { history: true, forceChance: new Map([[CHANCE_KIND, [K, K]]]) });
    expect(b.state.cards).toEqual([K, K]);
    expect(() => playGame(kuhn, agents, 'force', { forceChance: new Map([[CHANCE_KIND, [K, K]]]) })).toThrow(/not one of this node/);
  });

  it('never selects a seat at a chance node in the AEC, single-agent and vector envs, and a seed fixes the deal', () => {
    const aec = new AECEnv(leduc, { players: 3 });
    aec.reset({ seed: 4 });
    const legal = legalBuffer(leduc);
    for (let k = 0; k < 40 && aec.agents.length; k++) {
      const { termination, truncation, actionMask } = aec.last();
      expect(aec.currentPlayer()).not.toBe(CHANCE);
      aec.step(termination || truncation ? null : actionMask.indexOf(1));
    }
    expect(aec.agents).toEqual([]);
    const single = () =>
      new SingleAgentEnv(leduc, { players: 2, learnerSeat: 0, opponents: opponentFactory(['heuristic'], 'leduc', 'poker') });
    const e1 = single();
    const e2 = single();
    e1.reset(9);
    e2.reset(9);
    expect(e1.state.cards).toEqual(e2.state.cards);
    expect(leduc.currentPlayer(e1.state)).toBe(0);
    const vec = new VectorEnv(kuhn, 4, { players: 2, learnerSeat: 'all' });
    vec.reset('v');
    for (let k = 0; k < 20; k++) {
      for (const env of vec.envs) expect(leduc.currentPlayer(env.state)).not.toBe(CHANCE);
      const actions = vec.envs.map((_, i) => vec.actionMasks.subarray(i * 3, i * 3 + 3).indexOf(1));
      vec.step(actions.map((a) => Math.max(a, 0)));
    }
    expect(legal.length).toBeGreaterThanOrEqual(leduc.numActions);
  });
});

describe('the Game contract', () => {
  it.each([['leduc'], ['kuhn']])('%s: basicTests at 2-4 players, chance nodes included', (v) => {
    const r = basicTests(pokerGame(v), { games: 30, referenceEvery: 1, observeEvery: 1 });
    expect(r.finished).toBe(90);
  });

  it("hides the other seats' cards: resampling them leaves the observer's observation as it was", () => {
    const s = hand(leduc, [Q, K, J], [RAISE]);
    const obs = new Float32Array(leduc.observationSpec.size);
    const again = new Float32Array(leduc.observationSpec.size);
    leduc.observe(s, 0, obs);
    let redrawn = 0;
    for (let i = 0; i < 20; i++) {
      const r = leduc.resampleHidden(s, i, 0);
      leduc.observe(r, 0, again);
      expect(again).toEqual(obs);
      expect(r.cards[0]).toBe(Q);
      if (r.cards[1] !== K || r.cards[2] !== J) redrawn++;
    }
    expect(redrawn).toBeGreaterThan(0);
    // Only the state tensor knows every card.
    const st = new Float32Array(leduc.stateSpec.size);
    leduc.stateTensor(s, st);
    expect(st.reduce((a, x) => a + x, 0)).toBeGreaterThan(obs.reduce((a, x) => a + x, 0));
  });

  it('refuses a corrupted or foreign state with a StateError', () => {
    const text = leduc.serialize(hand(leduc, [J, Q]));
    expect(leduc.deserialize(text)).toEqual(JSON.parse(text));
    expect(() => kuhn.deserialize(text)).toThrow(StateError);
    expect(() => leduc.deserialize(text.replace('"raises":0', '"raises":"x"'))).toThrow(StateError);
    expect(() => leduc.deserialize(text.replace('"cards":[0,1]', '"cards":[2,2,2]'))).toThrow(StateError);
  });
});

describe('agents', () => {
  it('the heuristic raises a king, checks a jack and folds it to a bet', () => {
    const h = new PokerHeuristic();
    const act = (s: PokerState) => {
      const legal = legalBuffer(leduc);
      const n = leduc.legalActions(s, legal);
      return h.act(null, null, { seat: leduc.currentPlayer(s), legal, numLegal: n, state: s });
    };
    expect(act(hand(leduc, [K, J]))).toBe(RAISE);
    expect(act(hand(leduc, [J, K]))).toBe(CALL);
    expect(act(hand(leduc, [Q, J], [RAISE]))).toBe(FOLD);
  });

  it('MCTS guided by the heuristic beats random play over many hands', () => {
    let chips = 0;
    const mcts = opponentFactory(['mcts:50', 'random'], 'leduc', 'poker');
    for (let g = 0; g < 60; g++) {
      const seat = g % 2;
      const agents = [0, 1].map((p) => mcts(p === seat ? 0 : 1, `m/${g}`));
      const r = playGame(leduc, agents, `mcts/${g}`);
      expect(leduc.currentPlayer(r.state)).toBe(TERMINAL);
      chips += returns(leduc, r.state)[seat];
    }
    expect(chips).toBeGreaterThan(0);
  });
});

it('resolveChance deals what is due and nothing more', () => {
  const s = leduc.newState(2, 'r');
  expect(resolveChance(leduc, s)).toBe(2);
  expect(resolveChance(leduc, s)).toBe(0);
});

it('has its generated documents up to date (npx merlin docs --game poker)', () => {
  for (const d of gameEntry('poker').docs()) expect(readFileSync(join(root, 'docs', d.file), 'utf8'), d.file).toBe(d.text);
});
