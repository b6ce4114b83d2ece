/** Economicon's Game adapter: the game-agnostic basic tests at every player count, hidden information, returns, specs. */
import { describe, expect, it } from 'vitest';
import { basicTests } from '../../../env/core/basic-tests.ts';
import { StateError } from '../../../lib/errors.ts';
import { nextInt, seedRng } from '../../../lib/rng.ts';
import { economiconGame } from '../env/game.ts';
import { economiconReporting } from '../env/reporting.ts';
import { createObservationEncoder } from '../env/observation.ts';
import { MAX_HAND, Outcome, unitX, victoryPoints } from '../engine/index.ts';

describe('economiconGame', () => {
  for (const variant of ['standard', 'open-offers', 'spending']) {
    it(`${variant}: random games at 2-4 players keep the Game contract`, () => {
      const game = economiconGame(variant);
      const r = basicTests(game, { seed: variant, games: 3, referenceEvery: 4, observeEvery: 2 });
      expect(r.games).toBe(9);
      expect(r.finished).toBe(9);
      expect(r.referenceSweeps).toBeGreaterThan(50);
      expect(r.illegalRefused).toBeGreaterThan(r.steps);
    });
  }

  it('names, metadata and specs', () => {
    const g = economiconGame();
    expect(g.name).toBe('economicon');
    expect(g.variant).toBe('standard');
    expect([g.minPlayers, g.maxPlayers]).toEqual([2, 4]);
    expect(g.metadata).toMatchObject({ chanceMode: 'sampled', information: 'imperfect', utility: 'zeroSum', maxTurns: 200 });
    expect(g.numActions).toBe(301);
    expect(g.observationSpec.segments.map((s) => s.name)).toContain('myHand');
    expect(g.stateSpec.segments.map((s) => s.name)).toContain('hands');
    expect(g.observationSpec.segments.map((s) => s.name)).not.toContain('hands');
    expect(economiconGame('open-offers').rulesHash).not.toBe(g.rulesHash);
    expect(economiconGame('open-offers').actionsHash).toBe(g.actionsHash);
  });

  it("a seat's observation does not depend on other seats' hands or the deck order, and resampleHidden keeps it", () => {
    const g = economiconGame();
    const rng = seedRng('hidden');
    const legal = new Int32Array(g.numActions);
    const a = new Float32Array(g.observationSpec.size);
    const b = new Float32Array(g.observationSpec.size);
    for (let game = 0; game < 20; game++) {
      const s = g.newState(2 + (game % 3), `h${game}`);
      for (let step = 0; step < 30 && !g.isTerminal(s); step++) g.applyAction(s, legal[nextInt(rng, g.legalActions(s, legal))]);
      for (let seat = 0; seat < s.numPlayers; seat++) {
        g.observe(s, seat, a);
        const r = g.resampleHidden(s, `seed${game}`, seat);
        g.observe(r, seat, b);
        expect(Array.from(b)).toEqual(Array.from(a));
        for (let i = 0; i < s.handLen[seat]; i++) expect(r.hand[seat * MAX_HAND + i]).toBe(s.hand[seat * MAX_HAND + i]);
        expect(economiconReporting(g.ruleset).checkInvariants!(r, false)).toEqual([]);
      }
    }
  });

  it('returns: the winner +1, the others -1/(n-1); a draw pays 0; a truncated game pays 0 unless truncation is rank (the leader wins) or loss (every seat loses)', () => {
    const g = economiconGame();
    const s = g.newState(3, 'r');
    s.outcome = Outcome.Mandates;
    s.winner = 1;
    const out = new Float64Array(3);
    g.returns(s, out);
    expect(Array.from(out)).toEqual([-0.5, 1, -0.5]);
    s.winner = -1;
    g.returns(s, out);
    expect(Array.from(out)).toEqual([0, 0, 0]);
    s.winner = 0;
    s.outcome = Outcome.Truncated;
    g.returns(s, out);
    expect(Array.from(out)).toEqual([0, 0, 0]);
    g.returns(s, out, { truncation: 'zero' });
    expect(Array.from(out)).toEqual([0, 0, 0]);
    g.returns(s, out, { truncation: 'rank' });
    expect(Array.from(out)).toEqual([1, -0.5, -0.5]);
    // `loss`: every seat of a truncated game is paid a loss, whoever leads.
    g.returns(s, out, { truncation: 'loss' });
    expect(Array.from(out)).toEqual([-0.5, -0.5, -0.5]);
    s.outcome = Outcome.Mandates;
    g.returns(s, out, { truncation: 'loss' });
    expect(Array.from(out)).toEqual([1, -0.5, -0.5]);
  });

  it('deserialize refuses malformed states and states that break conservation', () => {
    const g = economiconGame();
    const s = g.newState(2, 'x');
    const json = JSON.parse(g.serialize(s)) as Record<string, unknown>;
    expect(() => g.deserialize('{')).toThrow(StateError);
    expect(() => g.deserialize(JSON.stringify({ ...json, v: 99 }))).toThrow(/version/);
    expect(() => g.deserialize(JSON.stringify({ ...json, rulesetHash: 'abc' }))).toThrow(/ruleset/);
    expect(() => g.deserialize(JSON.stringify({ ...json, turn: 'x' }))).toThrow(/turn/);
    const units = [...(json.units as number[])];
    units[0]++;
    expect(() => g.deserialize(JSON.stringify({ ...json, units }))).toThrow(/oil: \d+ units in play/);
    const deck = [...(json.deck as number[])];
    deck[0] = deck[1];
    expect(() => g.deserialize(JSON.stringify({ ...json, deck }))).toThrow(StateError);
    expect(g.serialize(g.deserialize(g.serialize(s)))).toBe(g.serialize(s));
  });

  it('render and describeAction', () => {
    const g = economiconGame();
    const s = g.newState(2, 'render');
    expect(g.render(s)).toMatch(/market: oil 9\/12/);
    expect(g.describeAction(null, 3)).toBe('drill 3 oil');
    expect(g.describeAction(s, 0)).toBe('pass');
  });
});

describe('observation', () => {
  it('points and X segments agree with the engine for every seat', () => {
    const g = economiconGame();
    const seg = (name: string) => g.observationSpec.segments.find((x) => x.name === name)!;
    const obs = new Float32Array(g.observationSpec.size);
    const legal = new Int32Array(g.numActions);
    const rng = seedRng('obs');
    for (let game = 0; game < 10; game++) {
      const s = g.newState(2 + (game % 3), `o${game}`);
      for (let step = 0; !g.isTerminal(s) && step < 200; step++) {
        for (let seat = 0; seat < s.numPlayers; seat++) {
          g.observe(s, seat, obs);
          for (let r = 0; r < s.numPlayers; r++) {
            const v = victoryPoints(s, g.ruleset, (seat + r) % s.numPlayers);
            expect(obs[seg('points').offset + r]).toBeCloseTo(v / (v + 50), 5);
          }
          expect(obs[seg('x').offset + 1] * Math.max(...g.ruleset.goldX, ...g.ruleset.currencyX)).toBeCloseTo(
            unitX(s, g.ruleset, 4 + seat),
            5,
          );
        }
        g.applyAction(s, legal[nextInt(rng, g.legalActions(s, legal))]);
      }
    }
  });
});

describe('observation row writer', () => {
  it('keeps its row equal to a fresh encoder’s observation through seat changes, other rows and new games', () => {
    for (const variant of ['standard', 'spending']) {
      const g = economiconGame(variant);
      const D = g.observationSpec.size;
      const write = g.observationRowWriter!();
      const rowA = new Float32Array(D).fill(7);
      const rowB = new Float32Array(D).fill(-3);
      const expected = new Float32Array(D);
      const legal = new Int32Array(g.numActions);
      const rng = seedRng(`row-writer/${variant}`);
      let calls = 0;
      for (let game = 0; game < 12; game++) {
        const n = 2 + (game % 3);
        const s = g.newState(n, `rw${game}`);
        for (let t = 0; !g.isTerminal(s) && t < 300; t++) {
          // Mostly the seat to act, twice a call per state now and then, another seat or another row now and then.
          const seat = t % 7 === 6 ? (s.current + 1) % n : s.current;
          const row = t % 41 === 40 ? rowB : rowA;
          write(s, seat, row);
          if (t % 5 === 0) write(s, seat, row);
          createObservationEncoder(g.ruleset).write(s, seat, expected);
          expect(Array.from(row)).toEqual(Array.from(expected));
          calls++;
          g.applyAction(s, legal[nextInt(rng, g.legalActions(s, legal))]);
        }
      }
      expect(calls).toBeGreaterThan(300);
    }
  });
});
