/** `merlin eval --records FILE`: a tournament that stops and resumes gives the result of one run (cli/eval-records.ts). */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ArgumentError } from '../../lib/errors.ts';
import { runEval } from '../eval.ts';
import { RECORDS_FORMAT, RECORDS_VERSION } from '../eval-records.ts';
import { merlinAsync } from './run.ts';

const base = { variant: 'full', agents: ['heuristic', 'random', 'random', 'random'], seed: 'records', workers: 1 };
const dir = () => mkdtempSync(join(tmpdir(), 'eval-records-'));
/** The result without its wall time, which differs from run to run. */
const strip = (r: { seconds: number }) => ({ ...r, seconds: 0 });

describe('eval --records', () => {
  it('6 games in parts (2, then 4 more, then again with nothing left) give the result of one 6-game run', async () => {
    const file = join(dir(), 'r.jsonl');
    const whole = await runEval({ ...base, games: 6 });
    const first = await runEval({ ...base, games: 2, records: file });
    expect(first.games).toBe(2);
    let played = 0;
    const second = await runEval({ ...base, games: 6, records: file, workers: 2, onGame: () => played++ });
    expect(strip(second)).toEqual(strip(whole));
    // The first call reports the 2 games read back, then one call per game played.
    expect(played).toBe(1 + 4);
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(JSON.parse(lines[0]).format).toBe(RECORDS_FORMAT);
    expect(lines).toHaveLength(1 + 6);
    let again = 0;
    const third = await runEval({ ...base, games: 6, records: file, onGame: () => again++ });
    expect(strip(third)).toEqual(strip(whole));
    expect(again).toBe(1); // nothing played
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(7);
  });

  it('an unfinished last line (a run stopped mid-write) is cut off and its game played again', async () => {
    const file = join(dir(), 'r.jsonl');
    const whole = await runEval({ ...base, games: 3 });
    await runEval({ ...base, games: 3, records: file });
    const text = readFileSync(file, 'utf8');
    const lines = text.trim().split('\n');
    writeFileSync(file, lines.slice(0, 3).join('\n') + '\n' + lines[3].slice(0, 20));
    const r = await runEval({ ...base, games: 3, records: file });
    expect(strip(r)).toEqual(strip(whole));
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it("refuses another tournament's file and a line that is not a record, with typed errors, leaving the file as it was", async () => {
    const file = join(dir(), 'r.jsonl');
    await runEval({ ...base, games: 2, records: file });
    const text = readFileSync(file, 'utf8');
    await expect(runEval({ ...base, seed: 'other', games: 2, records: file })).rejects.toThrow(
      /holds the games of another tournament \(seed: "records" in the file, "other" asked\)/,
    );
    await expect(runEval({ ...base, agents: ['random', 'random', 'random', 'random'], games: 2, records: file })).rejects.toThrow(
      ArgumentError,
    );
    expect(readFileSync(file, 'utf8')).toBe(text);
    const bad = join(dir(), 'bad.jsonl');
    const lines = text.trim().split('\n');
    writeFileSync(bad, [lines[0], JSON.stringify({ ...JSON.parse(lines[1]), turns: -1 }), ''].join('\n'));
    await expect(runEval({ ...base, games: 2, records: bad })).rejects.toThrow(/line 2: not a game record \(turns: /);
    const notOurs = join(dir(), 'x.jsonl');
    writeFileSync(notOurs, '{"hello":1}\n');
    await expect(runEval({ ...base, games: 2, records: notOurs })).rejects.toThrow(/not a merlin-gym-eval-records file of version 1 or 2/);
    // A refused file keeps even a last line without a newline (which a file of this tournament would lose).
    writeFileSync(notOurs, '{"hello":1}\nnotes without a newline');
    await expect(runEval({ ...base, games: 2, records: notOurs })).rejects.toThrow(/not a merlin-gym-eval-records file of version 1 or 2/);
    expect(readFileSync(notOurs, 'utf8')).toBe('{"hello":1}\nnotes without a newline');
    writeFileSync(bad, text + lines[1].slice(0, 10));
    await expect(runEval({ ...base, seed: 'other', games: 2, records: bad })).rejects.toThrow(/another tournament/);
    expect(readFileSync(bad, 'utf8')).toBe(text + lines[1].slice(0, 10));
  });

  it('merlin eval --records reads the games a run left and plays the rest', async () => {
    const file = join(dir(), 'r.jsonl');
    const cli = { variant: 'full', agents: ['random', 'random'], seed: 'cli', workers: 1 };
    const whole = await runEval({ ...cli, games: 3 });
    await runEval({ ...cli, games: 2, records: file });
    const r = await merlinAsync(['eval', '--agents', 'random,random', '--games', '3', '--seed', 'cli', '--json', '--records', file]);
    expect(r.status).toBe(0);
    expect(strip(JSON.parse(r.stdout))).toEqual(strip(whole));
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(1 + 3);
  });

  it('gives the coverage of its games (--coverage), the same from the file as when played, and reads a version 1 file', async () => {
    const file = join(dir(), 'r.jsonl');
    const whole = await runEval({ ...base, games: 4, coverage: true });
    const c = whole.coverage!;
    expect(c).toMatchObject({ games: 4, games_without: 0, agents: ['heuristic', 'random'] });
    expect(c.decisions).toBeGreaterThan(0);
    // Every action is counted once: the kinds' taken sum to the tournament's steps (one a decision).
    const taken = c.kinds.reduce((t, r) => t + r.by_agent.heuristic.taken + r.by_agent.random.taken, 0);
    expect(taken).toBe(whole.mean_steps * 4);
    expect(c.decisions).toBe(taken);
    await runEval({ ...base, games: 2, records: file });
    const resumed = await runEval({ ...base, games: 4, records: file, coverage: true });
    expect(strip(resumed)).toEqual(strip(whole));
    const read = await runEval({ ...base, games: 4, records: file, coverage: true, onGame: () => undefined });
    expect(read.coverage).toEqual(c);
    // A version 1 file (records without coverage): still read and grown; coverage counts the games that carry it.
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    const header = JSON.parse(lines[0]);
    expect(header.version).toBe(RECORDS_VERSION);
    const old = join(dir(), 'v1.jsonl');
    const bare = (line: string) => {
      const r = JSON.parse(line);
      delete r.coverage;
      return JSON.stringify(r);
    };
    writeFileSync(old, [JSON.stringify({ ...header, version: 1 }), bare(lines[1]), bare(lines[2]), ''].join('\n'));
    const mixed = await runEval({ ...base, games: 4, records: old, coverage: true });
    const { coverage: _m, ...mixedRest } = mixed;
    const { coverage: _w, ...wholeRest } = whole;
    expect(strip(mixedRest)).toEqual(strip(wholeRest));
    expect(mixed.coverage).toMatchObject({ games: 2, games_without: 2 });
    // A record whose coverage is malformed is refused with a typed error naming the line and the field.
    const bad = join(dir(), 'bad.jsonl');
    const r2 = JSON.parse(lines[2]);
    r2.coverage.decisions = [-1, 0, 0, 0];
    writeFileSync(bad, [lines[0], lines[1], JSON.stringify(r2), ''].join('\n'));
    await expect(runEval({ ...base, games: 2, records: bad })).rejects.toThrow(/line 3: not a game record \(coverage\.decisions\.0: /);
  });

  it('merlin eval --coverage prints dead content from a records file', async () => {
    const file = join(dir(), 'r.jsonl');
    const args = { variant: 'full', agents: ['random', 'random'], seed: 'cov', workers: 1 };
    const whole = await runEval({ ...args, games: 2, coverage: true });
    await runEval({ ...args, games: 2, records: file });
    const argv = ['eval', '--agents', 'random,random', '--games', '2', '--seed', 'cov', '--records', file, '--coverage'];
    const [json, text] = await Promise.all([merlinAsync([...argv, '--json']), merlinAsync(argv)]);
    expect(json.status).toBe(0);
    expect(JSON.parse(json.stdout).coverage).toEqual(whole.coverage);
    expect(text.stdout).toContain(`coverage: 2 games, ${whole.coverage!.decisions} decisions, ${whole.coverage!.forced} forced`);
    expect(text.stdout).toMatch(/action kinds were never legal in 2 games: .*PlayCrowns/);
  });
});
