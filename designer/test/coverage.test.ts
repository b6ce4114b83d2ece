/**
 * Coverage (designer/coverage.ts): its figures on a scripted game checked by hand, no-op loop detection on a
 * constructed sequence, a gated kind named dead with its gate, and coverage in every game's probe (JSON and HTML).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GameReporting } from '../../env/core/play.ts';
import { kindGates, mixInt } from '../../env/core/coverage.ts';
import { coverageFindings, CoverageRecorder, summariseCoverage, type CoverageRecord } from '../coverage.ts';
import { runProbe } from '../probe.ts';
import { reportHtml } from '../report.ts';
import { playGame } from '../../env/core/play.ts';
import { gameEntry } from '../../games/registry.ts';
import { STATE_FIELDS } from '../../games/merlin/engine/state.ts';

/**
 * A scripted game's reporting: kinds pass, play (names a card: the action id minus 1), claim (claims the
 * victory `win`) and swap (gated by `rules.swap`, off); cards A and B (red) and C (blue). The state a decision
 * is made in is its fingerprint (-1: not a free choice).
 */
const KINDS = ['pass', 'play', 'claim', 'swap'];
/** Action ids: 0 pass, 1..3 play card A..C, 4 claim, 5 swap. */
const kindOf = (a: number) => (a === 0 ? 0 : a <= 3 ? 1 : a === 4 ? 2 : 3);
const toy: GameReporting<number> = {
  outcomes: ['win', 'points', 'truncated'],
  outcome: () => ({ winner: 0, outcome: 'win', turns: 1 }),
  ranking: () => [0, 1],
  kindNames: KINDS,
  kindOffered: KINDS.map(() => true),
  kindOf,
  kindCategory: (k) => (k === 1 || k === 3 ? 'cards' : 'turn'),
  categories: ['turn', 'cards'],
  coverage: {
    gates: kindGates({ 'rules.swap': ['swap'] }, { rules: { swap: false } }),
    cardNames: ['A', 'B', 'C'],
    cardGroups: ['red', 'red', 'blue'],
    cardKinds: ['play'],
    cardOf: (_s, a) => a - 1,
    victoryKinds: { win: ['claim'] },
    fingerprint: (s) => s,
  },
};

/** Play a scripted game: each decision is [seat, state, legal ids, the id taken]. */
function scripted(decisions: [number, number, number[], number][]): CoverageRecord {
  const rec = new CoverageRecorder(toy, 2);
  const legal = new Int32Array(8);
  for (const [seat, s, ids, taken] of decisions) {
    legal.set(ids);
    rec.decide(s, seat, legal, ids.length, taken);
  }
  return rec.record();
}

describe('coverage', () => {
  it('counts legal, offered, chosen and taken per seat on a scripted game, as worked out by hand', () => {
    // Game 1 (seats: alice, bob). Fingerprints all differ: no loop.
    const g1 = scripted([
      [0, 10, [0, 1, 2], 1], // alice: pass, play A, play B legal; plays A
      [1, 11, [0, 1], 0], // bob: pass, play A; passes
      [0, 12, [0], 0], // alice: forced pass
      [1, 13, [0, 3, 4], 4], // bob: pass, play C, claim; claims
    ]);
    expect(g1.decisions).toEqual([2, 2]);
    expect(g1.forced).toEqual([1, 0]);
    // [legal, offered, chosen, taken] of alice (seat 0), then of bob (seat 1)
    expect(g1.items.kind).toEqual({ pass: [2, 1, 0, 1, 2, 2, 1, 1], play: [1, 1, 1, 1, 2, 2, 0, 0], claim: [0, 0, 0, 0, 1, 1, 1, 1] });
    expect(g1.items.card).toEqual({ A: [1, 1, 1, 1, 1, 1, 0, 0], B: [1, 1, 0, 0, 0, 0, 0, 0], C: [0, 0, 0, 0, 1, 1, 0, 0] });
    // Card groups count a decision once however many of its cards were legal.
    expect(g1.items.card_group).toEqual({ red: [1, 1, 1, 1, 1, 1, 0, 0], blue: [0, 0, 0, 0, 1, 1, 0, 0] });
    expect(g1.items.category).toEqual({ turn: [2, 1, 0, 1, 2, 2, 2, 2], cards: [1, 1, 1, 1, 2, 2, 0, 0] });
    expect(g1.items.victory).toEqual({ win: [0, 0, 0, 0, 1, 1, 1, 1] });
    expect(g1.loops).toEqual([
      { loops: 0, actions: 0, own: 0, longest: 0, kinds: {} },
      { loops: 0, actions: 0, own: 0, longest: 0, kinds: {} },
    ]);
    // Game 2 (seats: bob, alice): only passes.
    const g2 = scripted([
      [0, 20, [0], 0],
      [1, 21, [0], 0],
    ]);
    const c = summariseCoverage(
      [
        { lineup: ['alice', 'bob'], victory: 'win', coverage: g1 },
        { lineup: ['bob', 'alice'], victory: 'points', coverage: g2 },
      ],
      toy as GameReporting<unknown>,
    );
    expect(c).toMatchObject({ games: 2, games_without: 0, decisions: 6, forced: 3, agents: ['alice', 'bob'] });
    const row = (xs: typeof c.kinds, name: string) => xs.find((r) => r.name === name)!;
    expect(row(c.kinds, 'play')).toMatchObject({
      category: 'cards',
      legal_games: 1,
      legal_game_share: 0.5,
      taken_games: 1,
      taken_game_share: 0.5,
      legal_decisions: 3,
      legal_decision_share: 0.5,
    });
    expect(row(c.kinds, 'play').by_agent.alice).toEqual({
      seat_games: 2,
      legal_games: 1,
      taken_games: 1,
      legal: 1,
      offered: 1,
      chosen: 1,
      taken: 1,
      rate: 1,
    });
    expect(row(c.kinds, 'play').by_agent.bob).toMatchObject({ legal: 2, offered: 2, chosen: 0, taken: 0, rate: 0 });
    expect(row(c.kinds, 'pass')).toMatchObject({ legal_games: 2, legal_decisions: 6, legal_decision_share: 1 });
    expect(row(c.kinds, 'pass').by_agent.alice).toMatchObject({ legal: 3, offered: 1, chosen: 0, taken: 2, rate: 0 });
    expect(row(c.kinds, 'swap')).toMatchObject({ legal_games: 0, gates: [{ option: 'rules.swap', on: false }] });
    expect(row(c.victories, 'win')).toMatchObject({ claimed_by: ['claim'], ended: 1, legal_games: 1 });
    expect(row(c.victories, 'points')).toMatchObject({ claimed_by: [], ended: 1, legal_games: 0 });
    expect(row(c.cards, 'C')).toMatchObject({ group: 'blue', legal_games: 1, legal_decisions: 1 });
    expect(c.dead.never_legal).toEqual([{ axis: 'kind', name: 'swap', gates: [{ option: 'rules.swap', on: false }] }]);
    // Legal for an agent, never taken by it: bob's play (2 of his 3 decisions), and cards A and C; alice's card B.
    expect(c.dead.never_taken.map((d) => [d.axis, d.name, d.agent, d.legal])).toEqual([
      ['kind', 'play', 'bob', 2],
      ['category', 'cards', 'bob', 2],
      ['card', 'B', 'alice', 1],
      ['card', 'A', 'bob', 1],
      ['card', 'C', 'bob', 1],
      ['card_group', 'red', 'bob', 1],
      ['card_group', 'blue', 'bob', 1],
    ]);
    expect(c.dead.never_taken[0].legal_share).toBeCloseTo(2 / 3, 12);
    const texts = coverageFindings(c).map((f) => f.text);
    expect(texts[0]).toBe('1 of 4 action kinds was never legal in 2 games: swap (gate rules.swap: off).');
    expect(texts).toContain('bob never took 1 of the 3 action kinds it could: play (legal at 66.7% of its decisions).');
    const noLoops = {
      loops: 0,
      loops_per_seat_game: 0,
      own_actions: 0,
      share_of_actions: 0,
      longest: 0,
      most_in_a_seat_game: 0,
      kinds: [],
    };
    expect(c.loops).toEqual([
      { agent: 'alice', seat_games: 2, ...noLoops },
      { agent: 'bob', seat_games: 2, ...noLoops },
    ]);
  });

  it('finds no-op loops: a seat back at a fingerprint and legal actions it had after two or more of its own actions', () => {
    // Seat 0 plays (fingerprint 5), claims (not a free choice: -1), seat 1 passes: back at 5 with the same legal
    // actions. Twice. Then seat 0 passes once from 6 back to 6 (one own action: not a loop), once more to 6 with
    // other legal actions (another state: not a loop), and seat 1 reaches 6 (another seat).
    const r = scripted([
      [0, 5, [0, 1], 1],
      [0, -1, [0, 4], 4],
      [1, -1, [0, 5], 0],
      [0, 5, [0, 1], 1],
      [0, -1, [0, 4], 4],
      [1, -1, [0, 5], 0],
      [0, 5, [0, 1], 0],
      [0, 6, [0], 0],
      [0, 6, [0], 0],
      [0, 6, [0, 1], 0],
      [1, 6, [0], 0],
    ]);
    expect(r.loops![0]).toEqual({ loops: 2, actions: 6, own: 4, longest: 3, kinds: { pass: 2, play: 2, claim: 2 } });
    expect(r.loops![1]).toEqual({ loops: 0, actions: 0, own: 0, longest: 0, kinds: {} });
    const c = summariseCoverage([{ lineup: ['looper', 'other'], victory: 'win', coverage: r }], toy as GameReporting<unknown>);
    expect(c.loops![0]).toMatchObject({
      agent: 'looper',
      loops: 2,
      loops_per_seat_game: 2,
      own_actions: 4,
      longest: 3,
      most_in_a_seat_game: 2,
    });
    expect(c.loops![0].share_of_actions).toBeCloseTo(4 / 8, 12);
    expect(coverageFindings(c).find((f) => f.about === 'no-op loop')!.text).toBe(
      'looper goes round 2.00 no-op loops a seat-game (2 in 1 seat-games; 50.0% of its actions), sequences after which the state is as it was: claim 33.3%, pass 33.3%, play 33.3%; the longest 3 actions, at most 2 loops in one seat-game.',
    );
    // Without a fingerprint, loops are not looked for.
    const blind = { ...toy, coverage: { ...toy.coverage!, fingerprint: undefined } };
    const rec = new CoverageRecorder(blind, 2);
    rec.decide(5, 0, Int32Array.of(0, 1), 2, 1);
    expect(rec.record().loops).toBeNull();
    expect(
      summariseCoverage([{ lineup: ['a', 'b'], victory: 'win', coverage: rec.record() }], blind as GameReporting<unknown>).loops,
    ).toBeNull();
  });

  it('names a kind its ruleset gates off as dead, with the gate (Merlin without loans: OfferLoan, gate finance.loans)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'coverage-gate-'));
    const file = join(dir, 'no-loans.json');
    writeFileSync(file, JSON.stringify({ extends: 'full', name: 'no-loans', finance: { loans: false } }));
    const field = { agents: ['random', 'random', 'random', 'random'], seed: 'gate', games: 3, workers: 1 };
    const [off, on] = await Promise.all([runProbe({ ...field, ruleset: file }), runProbe({ ...field, ruleset: 'full' })]);
    const dead = off.coverage!.dead.never_legal;
    expect(dead).toContainEqual({ axis: 'kind', name: 'OfferLoan', gates: [{ option: 'finance.loans', on: false }] });
    expect(dead).toContainEqual({ axis: 'kind', name: 'RepayLoan', gates: [{ option: 'finance.loans', on: false }] });
    expect(off.coverage!.kinds.find((r) => r.name === 'OfferLoan')).toMatchObject({ legal_games: 0, legal_decisions: 0 });
    expect(off.findings[0].about).toBe('dead content');
    expect(off.findings[0].text).toMatch(/^\d+ of 77 action kinds were never legal in 3 games: .*OfferLoan \(gate finance\.loans: off\)/);
    // Under `full` the same kind carries its gate on.
    expect(on.coverage!.kinds.find((r) => r.name === 'OfferLoan')!.gates).toEqual([{ option: 'finance.loans', on: true }]);
    const html = await reportHtml([off], { command: 'test', date: 'today' });
    expect(html).toContain('OfferLoan (gate finance.loans: off)');
    expect(html).toMatch(/<td>OfferLoan<\/td><td>market<\/td><td>gate finance.loans: off<\/td><td>0\.0%<\/td><td>0\.0%<\/td>/);
  }, 120_000);

  it.each([
    ['merlin', 'full', ['heuristic', 'random', 'heuristic', 'random']],
    ['economicon', 'standard', ['heuristic', 'random', 'heuristic', 'random']],
    ['dml', 'full', ['heuristic', 'random', 'heuristic', 'random']],
  ])(
    'is in every %s probe, JSON and HTML, and counts every decision once',
    async (game, ruleset, agents) => {
      const s = await runProbe({ game, ruleset, agents, seed: 'cov', games: 4, workers: 1 });
      const c = s.coverage!;
      const json = JSON.parse(JSON.stringify(s));
      expect(Object.keys(json.coverage)).toEqual(
        expect.arrayContaining([
          'games',
          'decisions',
          'forced',
          'kinds',
          'categories',
          'victories',
          'cards',
          'card_groups',
          'dead',
          'loops',
        ]),
      );
      expect(c.games).toBe(4);
      // Each decision leads to one action: decisions, and actions taken summed over kinds, equal the kinds' counts.
      const taken = c.kinds.reduce((t, r) => t + Object.values(r.by_agent).reduce((u, b) => u + b.taken, 0), 0);
      const counted = Object.values(s.kind_counts_by_agent).reduce((t, xs) => t + xs.reduce((u, x) => u + x, 0), 0);
      expect(taken).toBe(counted);
      expect(c.decisions).toBe(counted);
      // The kinds are those of the catalogue, in its order; categories partition them.
      expect(c.kinds.map((r) => r.name)).toEqual(s.kinds);
      for (const r of c.categories) expect(r.legal_decisions).toBeLessThanOrEqual(c.decisions);
      const byCategory = c.categories.map((r) => Object.values(r.by_agent).reduce((t, b) => t + b.taken, 0));
      expect(byCategory.reduce((a, b) => a + b, 0)).toBe(taken);
      // Something is always legal: the kind legal at the most decisions is legal in every game.
      expect(Math.max(...c.kinds.map((r) => r.legal_games))).toBe(4);
      expect(c.loops).not.toBeNull();
      const html = await reportHtml([s], { command: 'test', date: 'today' });
      expect(html).toContain('<section id="coverage"><h2>Coverage: what comes into play</h2>');
      expect(html).toContain('<table class="coverage kinds">');
      if (game !== 'economicon') expect(c.cards.length).toBeGreaterThan(0);
    },
    120_000,
  );

  it("Merlin's fingerprint finds exactly the loops a hash of every field but the per-turn counters and the RNG finds", () => {
    // The reference: every state field in the Main phase (engine/state.ts), as the fingerprint's docs promise to match.
    const fields = Object.keys(STATE_FIELDS).filter((k) => !['v', 'rulesetHash', 'actionsThisTurn', 'offersRefused', 'rng'].includes(k));
    const mixAll = (h: number, v: unknown): number =>
      Array.isArray(v) ? v.reduce((g: number, x) => mixAll(g, x), mixInt(h, v.length)) : mixInt(h, v as number);
    const full = (s: Record<string, unknown>) => (s.phase === 2 ? fields.reduce((h, k) => mixAll(h, s[k]), 0) >>> 0 : -1);
    const entry = gameEntry('merlin');
    let loops = 0;
    // Game seeds: random players (who go round loops), and heuristic game 22 of `probe --seed 5`, where a seat issues
    // a bond twice in a turn (two table places -1 -> 1, which a plain FNV step on words hashed like no change).
    for (const [variant, spec, seeds] of [
      ['full', 'random', ['fp/0', 'fp/1', 'fp/2', 'fp/3', 'fp/4', 'fp/5']],
      ['skirmish', 'random', ['fp/0', 'fp/1', 'fp/2']],
      ['full', 'heuristic', ['5/22']],
    ] as const) {
      const game = entry.game(variant);
      const reporting = entry.reporting(game);
      const reference = { ...reporting, coverage: { ...reporting.coverage!, fingerprint: full } } as GameReporting<unknown>;
      for (const seed of seeds) {
        const [mine, theirs] = [new CoverageRecorder(reporting, 4), new CoverageRecorder(reference, 4)];
        const agents = [0, 1, 2, 3].map((p) => entry.agent(spec, `${seed}/agent/${p}`, game));
        const watched = agents.map((a) => ({
          spec: a.spec,
          act: (o: Float32Array | null, m: Uint8Array | null, c: Parameters<typeof a.act>[2]) => {
            const id = a.act(o, m, c);
            mine.decide(c.state, c.seat, c.legal, c.numLegal, id);
            theirs.decide(c.state, c.seat, c.legal, c.numLegal, id);
            return id;
          },
        }));
        playGame(game, watched, seed);
        expect(mine.record().loops).toEqual(theirs.record().loops);
        loops += mine.record().loops!.reduce((t, l) => t + l.loops, 0);
      }
    }
    expect(loops).toBeGreaterThan(0);
  }, 300_000);
});
