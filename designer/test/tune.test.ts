/**
 * `merlin tune` (designer/tune.ts) on a tiny budget in every registered game: a space of two parameters, a few
 * trials, and a report whose front points give the same figures when their rulesets are probed again; learned
 * confirmation; `--emit-ruleset`; and bad input refused with errors naming the field, nothing written.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gameEntry } from '../../games/registry.ts';
import { TINY as TINY_TRAIN } from '../../training/test/tiny.ts';
import { runProbe } from '../probe.ts';
import { emitRuleset, runTune, type TuneRequest } from '../tune.ts';
import type { TunePoint } from '../tune-report.ts';
import { loadSpace, rulesetOf, TuneError, writeRuleset } from '../tune-space.ts';
import { measureRuleset } from '../tune-measure.ts';
import { optunaPython } from './tune-python.ts';

const optuna = optunaPython();
const withOptuna = optuna.ok ? describe : describe.skip;

/** A folder with the space file `space.json` holding `json`. */
function spaceIn(json: unknown): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'merlin-tune-'));
  const file = join(dir, 'space.json');
  writeFileSync(file, JSON.stringify(json, null, 1));
  return { dir, file };
}

const run = (file: string, dir: string, o: Partial<TuneRequest> = {}) =>
  runTune({ space: file, trials: 3, out: join(dir, 'study'), workers: 1, pollSeconds: 1, confirm: 0, ...o });

/** The main field's probe of a front point, as its report's reproduce command runs it. */
async function probeAgain(game: string, p: TunePoint, agents: string[], players: number) {
  return runProbe({ game, ruleset: p.ruleset_file, agents, players, seed: 'tune', games: p.games!, workers: 1 });
}

const kindCount = (s: { kinds: string[]; kind_counts_by_agent: Record<string, number[]> }, kind: string) =>
  Object.values(s.kind_counts_by_agent).reduce((t, c) => t + c[s.kinds.indexOf(kind)], 0);

/** A few small updates (the training tests' tiny network): the confirmation's plumbing, not a strong policy. */
const TINY = (({ numEnvs, horizon, hidden, ppo, league, saveEvery }) => ({
  numEnvs,
  horizon,
  hidden,
  ppo,
  league,
  saveEvery,
  imitationUpdates: 1,
}))(TINY_TRAIN);

const ECONOMICON = {
  game: 'economicon',
  base: 'standard',
  parameters: [
    { path: 'points.mandate', low: 3, high: 7, class: 'free' },
    { path: 'mandates.toEnd', low: 3, high: 6, class: 'deviation', quote: 'the quote a deviation carries' },
  ],
  objectives: [
    { name: 'short', measure: 'length.median', target: { max: 45 } },
    { name: 'market', measure: 'restricted:market:heuristic', direction: 'minimize' },
    { name: 'drills', measure: 'per_game:Drill', direction: 'maximize' },
  ],
  stage: { players: 2, agents: ['heuristic'], games: 4, remeasure: 8, bootstrap: 20 },
  confirm: { points: 1, updates: 2, games: 4, exploiter: false, train: { ...TINY, teacher: { coef: 0.5, kinds: ['Drill'] } } },
};

withOptuna('merlin tune on Economicon', () => {
  const { dir, file } = spaceIn(ECONOMICON);
  it("searches, and a front point's figures come back when its ruleset is probed again", async () => {
    const { report, written } = await run(file, dir);
    expect(existsSync(written.html) && existsSync(written.json)).toBe(true);
    expect(JSON.parse(readFileSync(written.json, 'utf8')).front.length).toBe(report.front.length);
    expect(readFileSync(written.html, 'utf8')).toMatch(/The Pareto front[\s\S]*<svg/);
    expect(report.study.counts.finished).toBeGreaterThanOrEqual(3);
    // The base ruleset is the first trial, at distance 0: nothing beats it on distance, so it is on the front.
    expect(report.trials[0]).toMatchObject({ number: 0, values: [5, 5], distance: { distance: 0, changed: 0, deviations: 0 } });
    expect(report.front.some((p) => p.number === 0)).toBe(true);
    for (const p of report.front) {
      const s = await probeAgain('economicon', p, ['heuristic'], 2);
      expect(p.figures![0].value).toBe(s.length.median);
      expect(p.figures![2].value).toBeCloseTo(kindCount(s, 'Drill') / s.games, 9);
      const r = await runProbe({
        game: 'economicon',
        ruleset: p.ruleset_file,
        agents: ['restricted:market:heuristic', 'heuristic'],
        players: 2,
        seed: 'tune',
        games: p.games!,
        workers: 1,
      });
      expect(p.figures![1].value).toBeCloseTo(r.by_agent.find((a) => a.agent === 'restricted:market:heuristic')!.rate * 2, 9);
      expect(p.figures![1].interval).toBe('wilson');
      expect(p.figures![0].lo).toBeLessThanOrEqual(p.figures![0].value);
      expect(p.reproduce[0]).toContain(`--ruleset ${p.ruleset_file}`);
      // The diff names exactly the parameters the point changed.
      const changed = ['points.mandate', 'mandates.toEnd'].filter((_, i) => p.values![i] !== [5, 5][i]);
      expect(p.diff.map((c) => c.path).sort()).toEqual(changed.map((x) => `rules.${x}`).sort());
      expect(p.deviations.map((d) => d.parameter)).toEqual(p.values![1] === 5 ? [] : ['mandates.toEnd']);
    }
  });

  it('writes a chosen point as a ruleset that extends the base (--emit-ruleset)', async () => {
    const report = JSON.parse(readFileSync(join(dir, 'study.json'), 'utf8'));
    const p: TunePoint = report.front.at(-1);
    const out = join(dir, 'chosen.json');
    const emitted = await emitRuleset({ space: file, storage: report.study.storage, point: p.number, out });
    const json = JSON.parse(readFileSync(out, 'utf8'));
    expect(json).toMatchObject({ extends: 'standard', name: 'chosen' });
    expect(emitted.diff).toEqual(p.diff);
    expect(gameEntry('economicon').game(out).rulesHash).toHaveLength(64);
    await expect(emitRuleset({ space: file, storage: report.study.storage, point: 999, out: join(dir, 'none.json') })).rejects.toThrow(
      /--emit-ruleset: trial 999 of the study did not complete/,
    );
    expect(existsSync(join(dir, 'none.json'))).toBe(false);
  });

  it('resumes a finished study, confirms its best point under learned play once, and keeps the confirmation', async () => {
    const first = await run(file, dir, { confirm: undefined });
    expect(first.report.study.counts.finished).toBe(JSON.parse(readFileSync(join(dir, 'study.json'), 'utf8')).study.counts.finished);
    const c = first.report.front[0].confirmation!;
    expect(c).toMatchObject({ trial: first.report.front[0].number, updates: 2, games: 4 });
    expect(c.spec).toBe(`ppo:${join(dir, 'study')}-learned/${first.report.front[0].ruleset}`);
    expect(c.figures).toHaveLength(3);
    expect(c.fields.map((f) => f.field)).toEqual(['self-play', 'against the heuristic', 'against random']);
    // The space's trainer settings reach the confirmation's training: here a teacher term on the heuristic's drills.
    expect(c.teacher).toEqual({ coef: 0.5, kinds: ['Drill'] });
    const again = await run(file, dir, { confirm: undefined });
    expect(again.report.confirmations).toEqual(first.report.confirmations);
  });
});

withOptuna('merlin tune on Merlin and DML', () => {
  it('searches Merlin (a free and a deviation parameter), and a front point probes to its figures', async () => {
    const { dir, file } = spaceIn({
      game: 'merlin',
      base: 'full',
      parameters: [
        { path: 'start.gold', low: 8, high: 12, step: 2, class: 'free' },
        {
          path: 'taxes.perPropertyInRates',
          low: 0,
          high: 2,
          class: 'deviation',
          quote: 'Tax per property',
          source: 'merlin-economics-v0.1.14a.md',
        },
      ],
      objectives: [
        { name: 'victories', measure: 'playability.victory_rate', target: { min: 0.9 } },
        { name: 'buys', measure: 'per_game:BuyCard', direction: 'maximize' },
      ],
      stage: { players: 4, agents: ['heuristic'], games: 4, remeasure: 8, bootstrap: 10 },
    });
    const { report } = await run(file, dir);
    expect(report.front.length).toBeGreaterThan(0);
    const p = report.front[0];
    const s = await probeAgain('merlin', p, ['heuristic'], 4);
    expect(p.figures![0].value).toBe(s.playability!.victory_rate);
    expect(p.figures![1].value).toBeCloseTo(kindCount(s, 'BuyCard') / s.games, 9);
    expect(p.figures![1].interval).toBe('bootstrap');
  });

  it('searches DML, and a front point probes to its figures', async () => {
    const { dir, file } = spaceIn({
      game: 'dml',
      base: 'full',
      parameters: [
        { path: 'emblemValue', low: 5, high: 15, step: 5, class: 'free' },
        { path: 'scoring.eggPoints', low: 10, high: 30, step: 10, class: 'free' },
      ],
      objectives: [
        { name: 'length', measure: 'length.median', direction: 'minimize' },
        { name: 'rerolls', measure: 'games_with:Reroll', direction: 'maximize' },
      ],
      stage: { agents: ['heuristic'], games: 4, remeasure: 8, bootstrap: 10 },
    });
    const { report } = await run(file, dir);
    expect(report.space.stage.players).toBe(4);
    const p = report.front[0];
    const s = await probeAgain('dml', p, ['heuristic'], 4);
    expect(p.figures![0].value).toBe(s.length.median);
    expect(p.figures![1].interval).toBe('wilson');
  });
});

describe('a search space', () => {
  it('writes a deck count and one item of an array as a ruleset the game loads', async () => {
    const { dir, file } = spaceIn({
      game: 'merlin',
      base: 'full',
      parameters: [
        { deck: 'decks.spells', card: 'cumulonimbus', low: 1, high: 5, class: 'free' },
        { path: 'grids.invest.1', low: 1, high: 4, class: 'free' },
        { deck: 'decks.potions', card: 'raining-gold', against: 'restorative-balm', low: 1, high: 3, class: 'free' },
      ],
      objectives: [{ name: 'buys', measure: 'per_game:BuyCard', direction: 'maximize' }],
    });
    const space = await loadSpace(file);
    expect(space.parameters.map((p) => [p.name, p.base])).toEqual([
      ['decks.spells[cumulonimbus].count', 3],
      ['grids.invest.1', 2],
      ['decks.potions[raining-gold against restorative-balm].count', 2],
    ]);
    const { ruleset, decks } = rulesetOf(space, [5, 3, 3], 'x');
    expect(ruleset).toMatchObject({ extends: 'full', name: 'x', grids: { invest: [1, 3, 5] }, decks: { spells: 'x.decks-spells.json' } });
    expect(Object.values(decks)[0]).toMatchObject({ deck: 'spells', size: 50 });
    const written = writeRuleset(space, [5, 3, 3], dir, 'x');
    type Deck = { size: number; cards: { id: string; count: number }[] };
    const rules = gameEntry('merlin').rules(gameEntry('merlin').game(written.file)) as { decks: { spells: Deck; potions: Deck } };
    expect(rules.decks.spells.size).toBe(50);
    expect(rules.decks.spells.cards.find((c) => c.id === 'cumulonimbus')!.count).toBe(5);
    // Balanced against another card, a deck keeps its size.
    const count = (id: string) => rules.decks.potions.cards.find((c) => c.id === id)!.count;
    expect([rules.decks.potions.size, count('raining-gold'), count('restorative-balm')]).toEqual([28, 3, 1]);
    // A range that would take the other card below the schema's 1 is refused at its end.
    const { file: tooFar } = spaceIn({
      game: 'merlin',
      base: 'full',
      parameters: [{ deck: 'decks.potions', card: 'raining-gold', against: 'restorative-balm', low: 1, high: 4, class: 'free' }],
      objectives: [{ name: 'buys', measure: 'per_game:BuyCard', direction: 'maximize' }],
    });
    await expect(loadSpace(tooFar)).rejects.toThrow(/parameters.0.high: 4 is outside what the merlin ruleset schema allows/);
  });

  it('measures again with more games by playing only the games it lacks, to the same figures as at once and on two threads', async () => {
    const { file } = spaceIn(ECONOMICON);
    const space = await loadSpace(file);
    const request = {
      game: 'economicon',
      ruleset: 'standard',
      players: 2,
      agents: ['heuristic'],
      seed: 's',
      workers: 1,
      bootstrap: 10,
      measures: space.objectives.map((o) => o.measure),
    };
    const few = await measureRuleset({ ...request, games: 3 });
    let played = 0;
    const more = await measureRuleset({ ...request, games: 6, played: few.records, onGame: (done) => (played = done) });
    const once = await measureRuleset({ ...request, games: 6 });
    expect(more.figures).toEqual(once.figures);
    // Intervals included, whatever the number of threads.
    expect((await measureRuleset({ ...request, games: 6, workers: 2 })).figures).toEqual(once.figures);
    expect(more.records[''].map((r) => r.game)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(played).toBe(12); // 6 of each probe counted, 3 of them new
  });

  /** The issues of loading `json` as a space. */
  async function issues(json: unknown): Promise<{ path: string; message: string }[]> {
    const { file } = spaceIn(json);
    try {
      await loadSpace(file);
    } catch (e) {
      expect(e).toBeInstanceOf(TuneError);
      expect((e as TuneError).code).toBe('INVALID_ARGUMENT');
      return (e as TuneError).issues;
    }
    throw new Error('the space loaded');
  }
  const good = {
    game: 'economicon',
    base: 'standard',
    objectives: [{ name: 'short', measure: 'length.median', direction: 'minimize' }],
    stage: { players: 2, games: 2 },
  };

  it('refuses an unknown ruleset path, naming the field and what is there', async () => {
    const x = await issues({ ...good, parameters: [{ path: 'points.mandates', low: 3, high: 7, class: 'free' }] });
    expect(x).toEqual([
      {
        path: 'parameters.0.path',
        message: expect.stringMatching(/no field "points.mandates" in the base ruleset standard \(points has: mandate, /),
      },
    ]);
  });

  it("refuses a range outside the ruleset schema's bounds, naming the end", async () => {
    const x = await issues({
      ...good,
      parameters: [
        { path: 'growth.drill', low: 0, high: 4, class: 'free' },
        { path: 'players.max', low: 2, high: 6, class: 'free' },
      ],
    });
    expect(x.map((i) => i.path)).toEqual(['parameters.0.low', 'parameters.1.high']);
    expect(x[0].message).toMatch(/0 is outside what the economicon ruleset schema allows \(growth.drill: Too small/);
  });

  it("refuses a parameter whose change the field's checkpoint cannot play (another observation layout)", async () => {
    const x = await issues({
      game: 'merlin',
      base: 'full',
      parameters: [{ path: 'victory.crownsToWin', low: 4, high: 5, class: 'deviation', quote: 'Collect 5 crowns' }],
      objectives: [{ name: 'buys', measure: 'restricted:BuyCard:ppo:checkpoints/default', target: { max: 0.8 } }],
      stage: { agents: ['heuristic'] },
    });
    expect(x).toEqual([
      {
        path: 'parameters.0.low',
        message: expect.stringMatching(
          /^at 4 restricted:BuyCard:ppo:checkpoints\/default cannot play: checkpoint checkpoints\/default was trained for observation spec/,
        ),
      },
    ]);
  });

  it('refuses an objective the probe does not report, and a deviation without its quote', async () => {
    const parameters = [{ path: 'points.mandate', low: 3, high: 7, class: 'free' }];
    const x = await issues({ ...good, parameters, objectives: [{ name: 'v', measure: 'playability.victory_rate', target: { min: 0.9 } }] });
    expect(x).toEqual([
      { path: 'objectives.0.measure', message: expect.stringMatching(/the economicon probe does not report "playability.victory_rate"/) },
    ]);
    const kinds = await issues({ ...good, parameters, objectives: [{ name: 'v', measure: 'per_game:BuyCard', direction: 'maximize' }] });
    expect(kinds[0]).toMatchObject({
      path: 'objectives.0.measure',
      message: expect.stringMatching(/"BuyCard" is neither an action kind nor a category/),
    });
    const quote = await issues({ ...good, parameters: [{ path: 'points.mandate', low: 3, high: 7, class: 'deviation' }] });
    expect(quote).toEqual([{ path: 'parameters.0.quote', message: expect.stringMatching(/quotes the rulebooks/) }]);
  });

  it.skipIf(!optuna.ok)('refuses a storage URL that cannot be opened, writing nothing', async () => {
    const { dir, file } = spaceIn({ ...good, parameters: [{ path: 'points.mandate', low: 3, high: 7, class: 'free' }] });
    const before = readdirSync(dir);
    const out = join(dir, 'study');
    const bad = `sqlite:///${join(dir, 'missing', 'folder', 'study.db')}`;
    await expect(runTune({ space: file, trials: 2, storage: bad, out, workers: 1 })).rejects.toThrow(TuneError);
    await expect(runTune({ space: file, trials: 2, storage: bad, out, workers: 1 })).rejects.toThrow(
      /--storage: cannot open the storage sqlite:\/\/\//,
    );
    await expect(runTune({ space: file, trials: 2, storage: 'nonsense://x', out, workers: 1 })).rejects.toThrow(/--storage/);
    expect(readdirSync(dir)).toEqual(before);
  });

  it('refuses a Python without optuna, naming --python and the install command', async () => {
    const { dir, file } = spaceIn({ ...good, parameters: [{ path: 'points.mandate', low: 3, high: 7, class: 'free' }] });
    const before = readdirSync(dir);
    await expect(runTune({ space: file, trials: 1, out: join(dir, 'study'), workers: 1, python: '/no/such/python' })).rejects.toThrow(
      /--python: cannot run Python \/no\/such\/python \(from --python\)/,
    );
    expect(readdirSync(dir)).toEqual(before);
  });
});
