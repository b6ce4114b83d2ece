/** The balance probe: determinism across worker counts, conserved flows, statistics, the report page, the exploit hook and the CLI. */
import { describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadRuleset } from '../../games/merlin/rules/index.ts';
import { createGame } from '../../games/merlin/engine/index.ts';
import { lineupOf, overuse, probeGame, runProbe, summarise } from '../probe.ts';
import { reportHtml } from '../report.ts';
import { measureExploitability, runExploit } from '../exploit.ts';
import { merlinAsync } from '../../cli/test/run.ts';
import { commoditiesBy, goldBy } from '../../games/merlin/designer/holders.ts';
import type { MerlinProbeExtra } from '../../games/merlin/designer/probe.ts';
import { merlinGame } from '../../games/merlin/env/game.ts';

const root = join(import.meta.dirname, '..', '..');
const rs = loadRuleset('full');
const args = { ruleset: 'full', agents: ['heuristic', 'random', 'single:decrees', 'random'], seed: 'probe-test' };

describe('probe', () => {
  it('gives the same summary on one or two worker threads', async () => {
    const one = await runProbe({ ...args, games: 16, workers: 1 });
    const two = await runProbe({ ...args, games: 16, workers: 2 });
    expect({ ...two, seconds: 0 }).toEqual({ ...one, seconds: 0 });
    expect(one.by_agent.map((a) => a.games)).toEqual([16, 32, 16]);
    expect(one.by_seat.reduce((t, r) => t + r.wins, 0)).toBe(16 - (one.victory_types.none ?? 0) - one.truncation.games);
  });

  it('records flows that conserve the gold and commodity supply, and the cards each seat played', () => {
    const s = createGame(rs, 4, 'x');
    expect(goldBy(s, rs).reduce((a, b) => a + b, 0)).toBe(rs.data.supply.gold);
    expect(goldBy(s, rs).at(-1)).toBe(0); // nothing "elsewhere"
    const rec = probeGame(args, 3);
    const r = { ...rec, ...(rec.extra as MerlinProbeExtra) }; // Merlin's own record (games/merlin/designer/probe.ts)
    for (const row of r.gold) {
      expect(row.reduce((a, b) => a + b, 0)).toBe(rs.data.supply.gold);
      expect(row.at(-1)).toBe(0);
    }
    const c = rs.data.supply.commodities;
    for (const row of r.commodities) expect(row.reduce((a, b) => a + b, 0)).toBe(c.souls + c.elixirOil + c.essenceGrain);
    expect(commoditiesBy(s, rs).at(-1)).toBe(0);
    const rounds = Math.floor(Math.min(r.turns, rs.data.turnLimit) / 4);
    expect(r.gold.length === rounds || r.gold.length === rounds + 1).toBe(true); // the last round is missing when the game ended as it began
    const plays = r.played.flatMap((p) => Object.values(p)).reduce((a, b) => a + b, 0);
    expect(plays).toBeGreaterThan(0);
    expect(r.lineup).toEqual(['random', 'heuristic', 'random', 'single:decrees']); // game 3: seat i plays agents[(i + 3) mod 4]
  });

  it('flags a card exactly when its expected rate lies outside its 95% interval, and ranks findings', () => {
    const records = [...Array(40).keys()].map((g) => probeGame(args, g));
    const s = summarise(records, args, merlinGame(rs), 1);
    expect(s.cards?.length).toBeGreaterThan(0);
    for (const c of s.cards ?? []) {
      expect(c.wins).toBeLessThanOrEqual(c.games);
      expect(c.flag !== null).toBe(c.expected < c.ci[0] || c.expected > c.ci[1]);
    }
    const zs = s.findings.filter((f) => !Number.isNaN(f.z)).map((f) => f.z);
    expect(zs).toEqual([...zs].sort((a, b) => b - a));
    expect(s.kinds).toContain('PlayCard');
    expect(Object.keys(s.kind_counts_by_agent)).toEqual(['heuristic', 'random', 'single:decrees']);
  });

  it('seats a rotating window of a field larger than the table', async () => {
    const field = {
      ruleset: 'full',
      agents: ['heuristic', 'random', 'single:invest', 'single:golems', 'single:decrees', 'single:never-trade'],
      seed: 'w',
      players: 4,
    };
    expect(lineupOf(field, 0)).toEqual(field.agents.slice(0, 4));
    expect(lineupOf(field, 5)).toEqual(['single:never-trade', 'heuristic', 'random', 'single:invest']);
    const s = await runProbe({ ...field, games: 12, workers: 1 });
    expect(s.players).toBe(4);
    expect(s.by_agent.map((a) => a.games)).toEqual([8, 8, 8, 8, 8, 8]); // 12 games x 4 seats / 6 agents
    expect(s.by_agent.find((a) => a.agent === 'single:golems')!.fallback).toBeNull();
    await expect(runProbe({ ...field, players: 9, games: 1, workers: 1 })).rejects.toThrow(/--players must be/);
  });

  it('finds the kinds an agent over-uses relative to the field', () => {
    const o = overuse([10, 80, 10, 0], [40, 40, 20, 0], ['A', 'B', 'C', 'D']);
    expect(o.map((x) => x.kind)).toEqual(['B']);
    expect(o[0].ratio).toBeCloseTo(2);
    expect(overuse([1, 1], [2, 0], ['A', 'B'])[0]).toMatchObject({ kind: 'B', ratio: null });
  });

  it('writes a self-contained page: inline SVG charts, no scripts or links to load, escaped text', async () => {
    const s = await runProbe({ ...args, games: 8, workers: 1 });
    const html = await reportHtml([s], { command: 'merlin probe <x>', date: '2026-01-01' });
    expect(html).toContain('<svg');
    expect(html).not.toMatch(/<script[^>]*src=|<link[^>]*href=|<img[^>]*src="http/);
    expect(html).toContain('merlin probe &lt;x&gt;');
    expect(html.match(/<section id="/g)!.length).toBeGreaterThanOrEqual(7);
  });

  it('--exploit trains a PPO exploiter against the field, then probes it in seat rotation', async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'merlin-exploit-'));
    const r = await runExploit({
      ruleset: 'market',
      field: ['single:invest'],
      players: 2,
      seed: 'x',
      minutes: 0.01,
      outDir,
      games: 4,
      workers: 1,
    });
    expect(r.exploiter).toBe(`ppo:${outDir}`);
    expect(existsSync(join(outDir, 'manifest.json'))).toBe(true);
    expect(JSON.parse(readFileSync(join(outDir, 'manifest.json'), 'utf8')).config.opponents).toEqual(['single:invest']);
    expect(r.games).toBe(4);
    expect(Object.keys(r.overuse_by_agent)).toContain(r.exploiter);
    await expect(
      runExploit({ ruleset: 'market', field: ['grandmaster'], players: 2, seed: 'x', minutes: 0.01, outDir, games: 4, workers: 1 }),
    ).rejects.toThrow(/unknown agent/);
  }, 120_000);

  it('measures exploitability: a best response against copies of one agent, its win rate by the rules with an interval', async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'merlin-exploitability-'));
    const r = await measureExploitability({
      ruleset: 'market',
      agent: 'single:invest',
      players: 2,
      seed: 'x',
      minutes: 0.01,
      outDir,
      games: 6,
      workers: 1,
    });
    expect(r).toMatchObject({
      agent: 'single:invest',
      game: 'merlin',
      ruleset: 'market',
      players: 2,
      games: 6,
      fair_share: 0.5,
      exploiter: `ppo:${outDir}`,
    });
    expect(r.wins).toBeLessThanOrEqual(6 - r.truncated);
    expect(r.win_rate).toBeCloseTo(r.wins / 6, 12);
    expect(r.ci[0]).toBeLessThanOrEqual(r.win_rate);
    expect(r.ci[1]).toBeGreaterThanOrEqual(r.win_rate);
    expect(JSON.parse(readFileSync(join(outDir, 'manifest.json'), 'utf8')).config.opponents).toEqual(['single:invest']);
    const c = await merlinAsync(['exploitability', 'grandmaster', '--minutes', '0.01']);
    expect(c.status).toBe(2);
    expect(c.stderr).toMatch(/INVALID_ARGUMENT.*grandmaster.*unknown agent/);
  }, 120_000);

  it('starts a best response from a checkpoint when asked (--init-from): no imitation, its hidden sizes, the step size given', async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'merlin-exploitability-init-'));
    const from = join(root, 'checkpoints', 'dml');
    const request = {
      ruleset: 'full',
      agent: 'random',
      players: 4,
      seed: 'x',
      minutes: 0.01,
      outDir,
      initFrom: from,
      games: 4,
      workers: 1,
    };
    const r = await measureExploitability({ ...request, game: 'dml', learningRate: 5e-5 });
    expect(r).toMatchObject({ game: 'dml', init_from: from, games: 4 });
    const config = JSON.parse(readFileSync(join(outDir, 'manifest.json'), 'utf8')).config;
    expect(config).toMatchObject({ initFrom: from, imitationUpdates: 0, hidden: [256, 128], opponents: ['random'] });
    expect(config.ppo.learningRate).toBe(5e-5);
    // A checkpoint of another game is refused before any training.
    await expect(measureExploitability({ ...request, game: 'merlin' })).rejects.toThrow(/trained for the game dml/);
    // The probe's exploiter takes the same start (--exploit-init-from), and only with --exploit.
    const out = join(outDir, 'p');
    const [probe, refused] = await Promise.all([
      merlinAsync([
        ...'probe --game dml --exploit --exploit-minutes 0.01 --agents random --games 2 --workers 1 --json'.split(' '),
        ...['--exploit-init-from', from, '--out', out],
      ]),
      merlinAsync(['probe', '--game', 'dml', '--exploit-init-from', from, '--out', join(outDir, 'bad')]),
    ]);
    expect(probe.status).toBe(0);
    expect(JSON.parse(readFileSync(join(`${out}-exploiter`, 'manifest.json'), 'utf8')).config).toMatchObject({
      initFrom: from,
      imitationUpdates: 0,
    });
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/--exploit-init-from needs --exploit/);
  }, 120_000);

  it('merlin probe writes the HTML and JSON; bad input exits with code 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'merlin-probe-'));
    const ownRuleset = JSON.stringify({ extends: 'full', name: 'own' }) + '\n';
    writeFileSync(join(dir, 'own.json'), ownRuleset);
    const run = (...argv: string[]) =>
      new Promise<{ code: number | null; stdout: string }>((resolve) => {
        const c = spawn(process.execPath, [join(root, 'bin', 'merlin.js'), 'probe', ...argv], { stdio: ['ignore', 'pipe', 'ignore'] });
        let stdout = '';
        c.stdout.on('data', (d) => (stdout += d));
        c.on('close', (code) => resolve({ code, stdout }));
      });
    const [good, ...refused] = await Promise.all([
      run('--agents', 'heuristic,random', '--games', '6', '--compare', 'market', '--out', join(dir, 'p'), '--json', '--workers', '1'),
      run('--out', join(dir, 'bad'), '--agents', 'heuristic,nosuch'),
      run('--out', join(dir, 'bad'), '--compare', 'nosuch-ruleset', '--players', '9'),
      // The report would overwrite the ruleset file it probes (BASE.json): refused, the file left as it was.
      run('--out', join(dir, 'own'), '--ruleset', join(dir, 'own.json'), '--agents', 'heuristic,random', '--games', '2'),
    ]);
    expect(good.code).toBe(0);
    const r = JSON.parse(good.stdout);
    expect(r.probes.map((p: { ruleset: { name: string } }) => p.ruleset.name)).toEqual(['full', 'market']);
    const json = JSON.parse(readFileSync(join(dir, 'p.json'), 'utf8'));
    expect(json.probes[1].games).toBe(6);
    expect(readFileSync(join(dir, 'p.html'), 'utf8')).toContain('Balance probe: full vs market');
    expect(refused.map((x) => x.code)).toEqual([2, 2, 2]);
    expect(readFileSync(join(dir, 'own.json'), 'utf8')).toBe(ownRuleset);
  });
});
