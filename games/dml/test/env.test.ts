/** DML's Game adapter: the game-agnostic basic tests per variant, hidden information, returns. */
import { describe, expect, it } from 'vitest';
import { basicTests } from '../../../env/core/basic-tests.ts';
import { StateError } from '../../../lib/errors.ts';
import { nextInt, seedRng } from '../../../lib/rng.ts';
import { dmlGame } from '../env/game.ts';
import { dmlReporting } from '../env/reporting.ts';
import { buyingCard, Outcome, Phase, Step, Z } from '../engine/index.ts';

describe('dmlGame', () => {
  for (const variant of ['full', 'three', 'mayhem', 'fire']) {
    it(`${variant}: random games keep the Game contract`, () => {
      const game = dmlGame(variant);
      const r = basicTests(game, { seed: variant, games: 2, referenceEvery: 8, observeEvery: 4 });
      expect(r.finished).toBe(r.games);
      expect(r.referenceSweeps).toBeGreaterThan(10);
      expect(r.illegalRefused).toBeGreaterThan(r.steps);
    });
  }

  it('names, metadata and specs', () => {
    const g = dmlGame();
    expect(g.name).toBe('dml');
    expect(g.variant).toBe('full');
    expect([g.minPlayers, g.maxPlayers]).toEqual([4, 4]);
    expect([dmlGame('mayhem').minPlayers, dmlGame('mayhem').maxPlayers]).toEqual([3, 4]);
    expect(g.metadata).toMatchObject({ chanceMode: 'sampled', information: 'imperfect', utility: 'zeroSum' });
    expect(g.observationSpec.segments.map((s) => s.name)).not.toContain('zones');
    expect(g.stateSpec.segments.map((s) => s.name)).toContain('zones');
    expect(dmlGame('fire').rulesHash).not.toBe(g.rulesHash);
    expect(dmlGame('fire').actionsHash).toBe(g.actionsHash);
  });

  it("a seat's observation does not depend on what it cannot see, and resampleHidden keeps it", () => {
    const g = dmlGame();
    const rng = seedRng('hidden');
    const legal = new Int32Array(g.numActions);
    const a = new Float32Array(g.observationSpec.size);
    const b = new Float32Array(g.observationSpec.size);
    let differs = 0;
    for (let game = 0; game < 12; game++) {
      const s = g.newState(4, `h${game}`);
      for (let step = 0; step < 10 + game * 6 && !g.isTerminal(s); step++) g.applyAction(s, legal[nextInt(rng, g.legalActions(s, legal))]);
      for (let seat = 0; seat < 4; seat++) {
        g.observe(s, seat, a);
        const r = g.resampleHidden(s, `seed${game}`, seat);
        g.observe(r, seat, b);
        expect(Array.from(b)).toEqual(Array.from(a));
        for (let c = 0; c < 54; c++) if (s.zone[c] === Z.HAND + seat) expect(r.zone[c]).toBe(Z.HAND + seat);
        expect(dmlReporting(g.ruleset).checkInvariants!(r, false)).toEqual([]);
        if (g.serialize(r) !== g.serialize(s)) differs++;
      }
    }
    expect(differs).toBeGreaterThan(0);
  });

  it("resampleHidden keeps the acting seat's legal actions (a searched Black Market stays open to its searcher)", () => {
    // Search (MCTS) assumes the root's legal set is the same in every determinisation of the acting seat.
    const g = dmlGame();
    const rng = seedRng('root-legal');
    const legal = new Int32Array(g.numActions);
    const again = new Int32Array(g.numActions);
    let searches = 0;
    let checked = 0;
    for (let game = 0; game < 60; game++) {
      const s = g.newState(4, `rl${game}`);
      for (let step = 0; !g.isTerminal(s); step++) {
        const n = g.legalActions(s, legal);
        const seat = g.currentPlayer(s);
        const searching = s.phase === Phase.Choice && s.pendStep === Step.SearchPickCard;
        if (searching || step % 7 === 0) {
          const r = g.resampleHidden(s, `rl${game}/${step}`, seat);
          const m = g.legalActions(r, again);
          expect(Array.from(again.subarray(0, m))).toEqual(Array.from(legal.subarray(0, n)));
          checked++;
          if (searching) searches++;
        }
        g.applyAction(s, legal[nextInt(rng, n)]);
      }
    }
    expect(searches).toBeGreaterThan(0);
    expect(checked).toBeGreaterThan(1000);
  });

  it("resampleHidden redraws other seats' face-down Seize cards among the Primary Buying cards they could have laid", () => {
    const g = dmlGame();
    const rs = g.ruleset;
    const rng = seedRng('seize');
    const legal = new Int32Array(g.numActions);
    const a = new Float32Array(g.observationSpec.size);
    const b = new Float32Array(g.observationSpec.size);
    let seen = 0;
    let redrawn = 0;
    for (let game = 0; game < 400 && seen < 20; game++) {
      const s = g.newState(4, `seize${game}`);
      while (!g.isTerminal(s)) {
        const laid = (p: number) => [...Array(54).keys()].filter((c) => s.zone[c] === Z.SEIZE + p);
        const layers = [0, 1, 2, 3].filter((p) => laid(p).length > 0);
        if (s.phase === Phase.Seize && layers.some((p) => p !== s.decider)) {
          const player = s.decider;
          const other = layers.find((p) => p !== player)!;
          g.observe(s, player, a);
          const r = g.resampleHidden(s, `seize${game}`, player);
          g.observe(r, player, b);
          expect(Array.from(b)).toEqual(Array.from(a));
          const after = [...Array(54).keys()].filter((c) => r.zone[c] === Z.SEIZE + other);
          expect(after.length).toBe(laid(other).length);
          for (const c of after) expect(buyingCard(r, rs, c, rs.primary[r.buySuit])).toBe(true);
          expect(r.seizeTotal[other]).toBe(after.reduce((t, c) => t + rs.value[c], 0));
          for (const c of laid(player)) expect(r.zone[c]).toBe(Z.SEIZE + player);
          expect(dmlReporting(rs).checkInvariants!(r, true)).toEqual([]);
          if (after.join() !== laid(other).join()) redrawn++;
          seen++;
          break;
        }
        g.applyAction(s, legal[nextInt(rng, g.legalActions(s, legal))]);
      }
    }
    expect(seen).toBeGreaterThanOrEqual(10);
    expect(redrawn).toBeGreaterThan(0);
  });

  it('returns: the winner +1, the others -1/(n-1); nobody winning pays 0', () => {
    const g = dmlGame();
    const s = g.newState(4, 'r');
    s.outcome = Outcome.Points;
    s.winner = 2;
    const out = new Float64Array(4);
    g.returns(s, out);
    expect(Array.from(out)).toEqual([-1 / 3, -1 / 3, 1, -1 / 3]);
    s.outcome = Outcome.Nobody;
    s.winner = -1;
    g.returns(s, out);
    expect(Array.from(out)).toEqual([0, 0, 0, 0]);
  });

  it('deserialize refuses malformed states and states that break the zone rules', () => {
    const g = dmlGame();
    const s = g.newState(4, 'x');
    expect(g.deserialize(g.serialize(s))).toBeTruthy();
    expect(() => g.deserialize('{')).toThrow(StateError);
    const o = JSON.parse(g.serialize(s)) as { zone: number[] };
    o.zone[0] = Z.STOCK; // an Egg in a Stock
    expect(() => g.deserialize(JSON.stringify(o))).toThrow(StateError);
  });
});

describe('observation row writer', () => {
  it('keeps its row equal to observe through seat changes, other rows and new games, and lists every non-zero entry', () => {
    for (const variant of ['full', 'mayhem', 'fire']) {
      const g = dmlGame(variant);
      const D = g.observationSpec.size;
      const write = g.observationRowWriter!();
      const rowA = new Float32Array(D).fill(7);
      const rowB = new Float32Array(D).fill(-3);
      const expected = new Float32Array(D);
      const written = new Int32Array(2 * D);
      const legal = new Int32Array(g.numActions);
      const rng = seedRng(`row-writer/${variant}`);
      expect(write.written?.(written)).toBe(-1);
      let calls = 0;
      for (let game = 0; game < 6; game++) {
        const n = g.minPlayers + (game % (g.maxPlayers - g.minPlayers + 1));
        const s = g.newState(n, `rw${game}`);
        for (let t = 0; !g.isTerminal(s); t++) {
          // Mostly the seat to act, twice a call per state now and then, another seat or another row now and then.
          const seat = t % 7 === 6 ? (g.currentPlayer(s) + 1) % n : g.currentPlayer(s);
          const row = t % 41 === 40 ? rowB : rowA;
          write(s, seat, row);
          if (t % 5 === 0) write(s, seat, row);
          g.observe(s, seat, expected);
          const m = write.written!(written);
          const listed = new Uint8Array(D);
          for (let k = 0; k < m; k++) listed[written[k]] = 1;
          for (let i = 0; i < D; i++) {
            if (row[i] !== expected[i])
              throw new Error(`${variant} game ${game} step ${t}: entry ${i} is ${row[i]}, observe says ${expected[i]}`);
            if (row[i] !== 0 && !listed[i]) throw new Error(`${variant} game ${game} step ${t}: entry ${i} is not listed`);
          }
          calls++;
          g.applyAction(s, legal[nextInt(rng, g.legalActions(s, legal))]);
        }
      }
      expect(calls).toBeGreaterThan(300);
    }
  });
});
