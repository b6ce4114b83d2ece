/** `probe --learn` end to end on a tiny budget, the winner's line on a case with a known answer, and truncation kept apart from wins. */
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Agent } from '../../env/core/agent.ts';
import { gameEntry } from '../../games/registry.ts';
import { DEFAULT_LEAGUE } from '../../training/league.ts';
import { DEFAULT_PPO } from '../../training/ppo.ts';
import { learnedFields, runLearned } from '../learn.ts';
import { lineOf } from '../line.ts';
import { probeGame, recordGame, runProbe, summarise } from '../probe.ts';
import { reportHtml } from '../report.ts';

/** A few small updates: the mode's plumbing, not a strong policy. */
const TINY = {
  numEnvs: 4,
  horizon: 16,
  hidden: [16],
  imitationUpdates: 1,
  ppo: { ...DEFAULT_PPO, minibatch: 32, epochs: 1 },
  league: { ...DEFAULT_LEAGUE, snapshotEvery: 1, maxSnapshots: 2 },
  saveEvery: 0,
};

describe('probe --learn', () => {
  it('trains a self-play policy on the probed ruleset, saves it, and probes it in self-play, against the heuristic and against random', async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'merlin-learn-'));
    const fields = await runLearned({
      ruleset: 'market',
      players: 2,
      seed: 'l',
      minutes: 0,
      maxUpdates: 3,
      outDir,
      games: 4,
      workers: 1,
      train: TINY,
    });
    const spec = `ppo:${outDir}`;
    expect(fields.map((s) => s.field)).toEqual(['self-play', 'against the heuristic', 'against random']);
    expect(fields.map((s) => s.agents)).toEqual([
      [spec, spec],
      [spec, 'heuristic'],
      [spec, 'random'],
    ]);
    const manifest = JSON.parse(readFileSync(join(outDir, 'manifest.json'), 'utf8'));
    expect(manifest.variants).toEqual(['market']);
    expect(manifest.config.exploiter).toBeDefined(); // the trainer's main exploiter beside the league
    expect(manifest.config.opponents).toBeUndefined(); // self-play, not a fixed field
    for (const s of fields) {
      expect(s.learned).toMatchObject({ spec, updates: 3, imitation_updates: 1, from: null, exploiter: true, teacher: null });
      expect(s.games).toBe(4);
      expect(s.categories).toEqual(['economy', 'market', 'combat']);
      for (const shares of Object.values(s.category_shares_by_agent ?? {})) expect(shares.reduce((a, b) => a + b, 0)).toBeCloseTo(1);
      expect(s.truncation.rate).toBe(s.truncation.games / 4);
    }
    // --learn-from: a second run starts from that checkpoint, without the imitation warm start.
    const { imitationUpdates, ...noImitation } = TINY;
    expect(imitationUpdates).toBe(1);
    const again = mkdtempSync(join(tmpdir(), 'merlin-learn-from-'));
    const [from] = await runLearned({
      ruleset: 'market',
      players: 2,
      seed: 'l',
      minutes: 0,
      maxUpdates: 1,
      from: outDir,
      outDir: again,
      games: 2,
      workers: 1,
      train: noImitation,
    });
    expect(from.learned).toMatchObject({ from: outDir, updates: 1, imitation_updates: 0 });
    expect(JSON.parse(readFileSync(join(again, 'manifest.json'), 'utf8')).config).toMatchObject({ initFrom: outDir, imitationUpdates: 0 });
    const html = await reportHtml(fields, { command: 'merlin probe --learn', date: '2026-01-01' });
    expect(html).toContain('Balance probe with a learned agent: market');
    expect(html).toContain('id="line"');
    expect(html).toContain('against the heuristic');
  }, 120_000);

  it('is game-agnostic: Economicon', async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'econ-learn-'));
    const fields = await runLearned({
      game: 'economicon',
      ruleset: gameEntry('economicon').variants[0],
      players: 2,
      seed: 'e',
      minutes: 0,
      maxUpdates: 2,
      outDir,
      exploiter: false,
      games: 2,
      workers: 1,
      train: TINY,
    });
    expect(existsSync(join(outDir, 'manifest.json'))).toBe(true);
    expect(fields[0].game).toBe('economicon');
    expect(fields.at(-1)!.field).toBe('against random');
    expect(fields[0].learned?.exploiter).toBe(false);
  }, 120_000);

  it('names its fields around the policy, without a heuristic field for a game that has none', () => {
    expect(learnedFields('ppo:x', 3, undefined)).toEqual([
      { field: 'self-play', agents: ['ppo:x', 'ppo:x', 'ppo:x'] },
      { field: 'against random', agents: ['ppo:x', 'random', 'random'] },
    ]);
  });

  it('merlin probe --learn writes the report, its JSON and the checkpoint beside them (a teacher term asked for, in both); bad flag sets exit with code 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'merlin-probe-learn-'));
    const run = (...argv: string[]) =>
      new Promise<{ code: number | null; stdout: string }>((resolve) => {
        const c = spawn(process.execPath, [join(import.meta.dirname, '..', '..', 'bin', 'merlin.js'), 'probe', ...argv], {
          stdio: ['ignore', 'pipe', 'ignore'],
        });
        let stdout = '';
        c.stdout.on('data', (d) => (stdout += d));
        c.on('close', (code) => resolve({ code, stdout }));
      });
    const out = join(dir, 'p');
    const [good, refused, kindsAlone, teacherAlone] = await Promise.all([
      run(
        '--learn',
        '1',
        '--learn-updates',
        '1',
        '--no-learn-exploiter',
        '--learn-teacher-coef',
        '0.5',
        '--learn-teacher-kinds',
        'BuyCard,AttackProperty',
        '--players',
        '2',
        '--variant',
        'market',
        '--games',
        '2',
        '--workers',
        '1',
        '--out',
        out,
        '--json',
      ),
      run('--learn', '1', '--compare', 'full', '--out', join(dir, 'bad')),
      run('--learn', '1', '--learn-teacher-kinds', 'BuyCard', '--out', join(dir, 'bad2')),
      run('--learn-teacher-coef', '1', '--agents', 'random,random', '--out', join(dir, 'bad3')),
    ]);
    expect(good.code).toBe(0);
    const r = JSON.parse(good.stdout);
    expect(r.probes.map((p: { field: string }) => p.field)).toEqual(['self-play', 'against the heuristic', 'against random']);
    const teacher = { coef: 0.5, kinds: ['BuyCard', 'AttackProperty'] };
    expect(r.probes[0].learned).toMatchObject({ spec: `ppo:${out}-learned`, updates: 1, exploiter: false, teacher });
    expect(JSON.parse(readFileSync(join(`${out}-learned`, 'manifest.json'), 'utf8')).config.teacher).toEqual(teacher);
    expect(r.probes[0].truncation.turn_limit).toBe(400);
    expect(existsSync(join(`${out}-learned`, 'manifest.json'))).toBe(true);
    expect(readFileSync(`${out}.html`, 'utf8')).toContain('Learned agent');
    expect(readFileSync(`${out}.html`, 'utf8')).toContain(
      "a teacher term of weight 0.5 toward the heuristic's choices (BuyCard, AttackProperty)",
    );
    expect(refused.code).toBe(2);
    expect(kindsAlone.code).toBe(2);
    expect(teacherAlone.code).toBe(2);
    expect(readdirSync(dir).sort()).toEqual(['p-learned', 'p.html', 'p.json']);
  }, 120_000);

  it('refuses a budget of nothing and players out of range', async () => {
    const o = { ruleset: 'market', players: 2, seed: 'x', minutes: 0, outDir: tmpdir(), games: 1, workers: 1 };
    await expect(runLearned(o)).rejects.toThrow(/positive number of minutes/);
    await expect(runLearned({ ...o, minutes: 1, players: 9 })).rejects.toThrow(/--players must be/);
  });
});

describe("the winner's line", () => {
  it('reports a scripted player that never buys a card as such', () => {
    const entry = gameEntry('merlin');
    const game = entry.game('full');
    const reporting = entry.reporting(game);
    const buy = reporting.kindNames.indexOf('BuyCard');
    const args = { ruleset: 'full', agents: ['never-buys', 'heuristic'], seed: 'line' };
    // The heuristic with every BuyCard id taken out of its legal actions.
    const neverBuys = (seed: string): Agent => {
      const h = entry.agent('heuristic', seed, game);
      const legal = new Int32Array(game.numActions);
      return {
        spec: 'never-buys',
        act: (o, m, ctx) => {
          let n = 0;
          for (let i = 0; i < ctx.numLegal; i++) if (reporting.kindOf(ctx.legal[i]) !== buy) legal[n++] = ctx.legal[i];
          return n === 0 ? ctx.legal[0] : h.act(o, m, { ...ctx, legal, numLegal: n });
        },
      };
    };
    const records = [...Array(24).keys()].map((g) => {
      const lineup = g % 2 ? ['heuristic', 'never-buys'] : ['never-buys', 'heuristic'];
      const agents = lineup.map((sp, p) => (sp === 'never-buys' ? neverBuys(`${g}/${p}`) : entry.agent('heuristic', `${g}/${p}`, game)));
      return recordGame(args, g, game, lineup, agents);
    });
    const s = summarise(records, args, game, 1);
    const line = s.line_by_agent['never-buys'];
    const perGame = line.find((i) => i.feature === 'BuyCard' && i.measure === 'per_game');
    expect(perGame).toBeDefined();
    expect(perGame!.value).toBe(0);
    expect(perGame!.other).toBeGreaterThan(1);
    expect(perGame!.ci[1]).toBeLessThan(0);
    expect(perGame!.text).toMatch(/^never buys a card \(0\.0 per game vs \d+\.\d\)$/);
    const choice = line.find((i) => i.feature === 'BuyCard' && i.measure === 'choice');
    expect(choice?.text).toMatch(/^never buys a card when it can \(0% vs \d+% of the decisions that offer it\)$/);
    // The mirror image: the heuristic buys where the other never does.
    expect(s.line_by_agent.heuristic.find((i) => i.feature === 'BuyCard' && i.measure === 'per_game')?.text).toMatch(
      /^buys a card where the others never do/,
    );
  });

  it('ranks by |z| and keeps small or unclear differences out', () => {
    const unit = (buys: number, votes: number, ballots: number) => ({ perGame: [buys, 5], chosen: [votes], offered: [ballots] });
    const group = [...Array(50)].map((_, i) => unit(0, 10, 10 + (i % 2)));
    const others = [...Array(50)].map((_, i) => unit(10 + (i % 5), 4, 10));
    const items = lineOf(group, others, { perGame: ['BuyCard', 'EndTurn'], choice: ['VoteKeep'] });
    expect(items.map((i) => i.feature)).toEqual(['BuyCard', 'VoteKeep']); // EndTurn: the same 5 a game on both sides
    expect(Math.abs(items[0].z)).toBeGreaterThanOrEqual(Math.abs(items[1].z));
    expect(items[1].value).toBeCloseTo(500 / 525);
    expect(items[1].other).toBeCloseTo(0.4);
    expect(items[1].text).toContain('chooses VoteKeep more often (95% vs 40% of the decisions that offer it)');
    expect(lineOf(group.slice(0, 2), others.slice(0, 2), { perGame: ['BuyCard', 'EndTurn'], choice: ['VoteKeep'] }, { minZ: 100 })).toEqual(
      [],
    );
  });
});

describe('truncation', () => {
  it('a game that hits the turn limit is nobody’s win: win rates leave it out and count it apart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'merlin-short-'));
    const path = join(dir, 'short.json');
    // 4 turns: no game of these seeds ends sooner by a victory (with 6, since D22's ties by lots, game 0 ends by
    // Economic Dominance first).
    writeFileSync(path, JSON.stringify({ extends: 'full', name: 'short', turnLimit: 4 }));
    const args = { ruleset: path, agents: ['heuristic', 'random'], seed: 't' };
    const rec = probeGame(args, 0);
    const entry = gameEntry('merlin');
    expect(rec.victory).toBe('truncated');
    expect(rec.truncated).toBe(true);
    expect(rec.winner).toBe(-1); // the engine names the net-worth leader; the probe's records do not count it
    const s = await runProbe({ ...args, games: 6, workers: 1 });
    expect(s.truncation).toEqual({ games: 6, rate: 1, turn_limit: 4 });
    expect(s.by_agent.map((a) => [a.wins, a.rate, a.truncated])).toEqual([
      [0, 0, 6],
      [0, 0, 6],
    ]);
    expect(s.by_seat.every((r) => r.wins === 0)).toBe(true);
    expect(s.base_rate).toBe(0);
    expect(s.winners_line).toEqual([]);
    expect(entry.game(path).metadata.maxTurns).toBe(4);
    const html = await reportHtml([s], { command: 'x', date: 'y' });
    expect(html).toContain('<th>truncated</th>');
    expect(html).toMatch(/Stopped at the turn limit \(4 turns\): <b>6<\/b> of 6 games \(100\.0%\)/);
  });
});
