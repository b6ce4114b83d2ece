/**
 * A `merlin tune` study killed mid-trial resumes and finishes with no finished trial lost or repeated: the process
 * (and its optimiser driver) is killed while it measures a trial; a second run of the same command marks that trial
 * interrupted, asks its parameters again once, keeps every trial the first run finished, and measures exactly the
 * budget. And the CLI refuses bad input with exit status 2, an error naming the field, and nothing written.
 */
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { merlinAsync, root } from '../../cli/test/run.ts';
import type { TuneReport } from '../tune-report.ts';
import { optunaPython } from './tune-python.ts';

const optuna = optunaPython();

const SPACE = {
  game: 'economicon',
  base: 'standard',
  parameters: [
    { path: 'points.mandate', low: 2, high: 8, class: 'free' },
    { path: 'mandates.toEnd', low: 3, high: 7, class: 'free' },
  ],
  objectives: [
    { name: 'short', measure: 'length.median', direction: 'minimize' },
    { name: 'market', measure: 'restricted:market:heuristic', direction: 'minimize' },
  ],
  stage: { players: 2, agents: ['heuristic'], games: 24, remeasure: 0, bootstrap: 0 },
  confirm: { points: 0 },
};

/**
 * Run `merlin tune ARGS` in a process group of its own and kill the group (the command and its Python driver) once
 * `told` trials are told and another is being measured.
 * @returns the trials told before the kill (number -> its log line) and the trial it was measuring
 */
function killMidTrial(args: string[], told: number): Promise<{ told: Map<number, string>; killed: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(root, 'bin', 'merlin.js'), ...args], {
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const done = new Map<number, string>();
    let killed = -1;
    let said = '';
    createInterface({ input: child.stderr }).on('line', (line) => {
      said += line + '\n';
      const m = /^ {2}trial (\d+)(:| \()(.*)$/.exec(line);
      if (!m || killed >= 0) return;
      const n = Number(m[1]);
      if (m[3].startsWith(' measuring')) {
        if (done.size >= told) {
          killed = n;
          process.kill(-child.pid!, 'SIGKILL');
        }
      } else if (!m[3].startsWith(' the parameters of')) done.set(n, line);
    });
    child.on('exit', () =>
      killed >= 0 ? resolve({ told: done, killed }) : reject(new Error(`the run ended before it could be killed:\n${said}`)),
    );
  });
}

describe.skipIf(!optuna.ok)('merlin tune, killed mid-trial', () => {
  it('resumes and finishes with every finished trial kept, the interrupted one asked again once, none measured twice', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'merlin-tune-kill-'));
    const file = join(dir, 'space.json');
    writeFileSync(file, JSON.stringify(SPACE));
    const args = ['tune', file, '--trials', '4', '--out', join(dir, 'study'), '--workers', '1'];
    const { told, killed } = await killMidTrial(args, 2);
    expect(told.size).toBeGreaterThanOrEqual(2);
    const r = await merlinAsync([...args, '--json']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const report = JSON.parse(readFileSync(join(dir, 'study.json'), 'utf8')) as TuneReport;
    const byNumber = new Map(report.trials.map((t) => [t.number, t]));
    // The trial the kill interrupted: marked so, not counted as finished, its parameters measured once after.
    expect(byNumber.get(killed)).toMatchObject({ state: 'FAIL', interrupted: true });
    expect(report.study.counts.interrupted).toBe(1);
    const retries = report.trials.filter((t) => t.retry_of === killed);
    expect(retries).toHaveLength(1);
    expect(retries[0]).toMatchObject({ state: 'COMPLETE', duplicate_of: null });
    expect(retries[0].number).toBeGreaterThan(killed);
    // Every trial the first run finished is still there, with the figures it logged.
    for (const [n, line] of told) {
      const t = byNumber.get(n)!;
      expect(t.state).toBe('COMPLETE');
      expect(line).toContain(`short ${t.figures![0].value}`);
    }
    // Exactly the budget measured, each ruleset once (a repeat of measured parameters is told without a measurement).
    const measured = report.trials.filter(
      (t) => (t.state === 'COMPLETE' || (t.state === 'FAIL' && !t.interrupted)) && t.duplicate_of === null,
    );
    expect(measured).toHaveLength(4);
    expect(new Set(measured.map((t) => t.ruleset)).size).toBe(4);
    expect(retries[0].values).toEqual(byNumber.get(killed)!.values);
    expect(retries[0].ruleset).toBe(byNumber.get(killed)!.ruleset);
  });

  it('refuses bad input at the command line with status 2, naming the field, and writes nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'merlin-tune-bad-'));
    const file = join(dir, 'space.json');
    writeFileSync(file, JSON.stringify({ ...SPACE, parameters: [{ path: 'points.nope', low: 2, high: 8, class: 'free' }] }));
    const before = readdirSync(dir);
    const r = await merlinAsync(['tune', file, '--trials', '2', '--out', join(dir, 'study')]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(
      /^merlin: INVALID_ARGUMENT: invalid search space .*space.json:\n {2}- parameters.0.path: no field "points.nope"/,
    );
    expect(readdirSync(dir)).toEqual(before);
  });
});
