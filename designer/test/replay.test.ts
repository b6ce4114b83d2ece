/** Replay logs: a recorded game replays exactly through the engine (final-state hash and dice), tampering is refused, and the CLI round trip. */
import { describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StateError } from '../../lib/errors.ts';
import { readReplay, recordGame, replayLog, replayStates } from '../replay.ts';
import { frameOf, replayHtml, viewOf } from '../replay-view.ts';
import { COUNTERS, SECTIONS } from '../../games/merlin/designer/replay-view.ts';
import type { MerlinState } from '../../games/merlin/engine/state.ts';

const root = join(import.meta.dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'merlin-replay-'));

describe('replay', () => {
  const log = recordGame('full', ['heuristic', 'random', 'single:invest'], 'replay-test');

  it('records every action with its description and dice, and replays to the same final state', () => {
    expect(log.actions.length).toBe(log.result.steps);
    expect(log.actions.every((a, i) => a.step === i && a.description.length > 0)).toBe(true);
    expect(log.actions.filter((a) => a.dice).length).toBeGreaterThan(10);
    const file = join(dir, 'g.json');
    writeFileSync(file, JSON.stringify(log));
    const back = readReplay(file);
    const { final } = replayLog(back); // throws unless the final state's SHA-256 matches
    expect((final as MerlinState).winner).toBe(log.result.winner);
    expect(recordGame('full', ['heuristic', 'random', 'single:invest'], 'replay-test')).toEqual(log);
  });

  it('refuses a log whose actions, dice, ruleset or result were changed', () => {
    const bad = structuredClone(log);
    bad.result.final_state_sha256 = '0'.repeat(64);
    expect(() => replayLog(bad)).toThrow(StateError);
    const dice = structuredClone(log);
    const rolled = dice.actions.find((a) => a.dice)!;
    rolled.dice = [rolled.dice![0] === 6 ? 1 : rolled.dice![0] + 1, rolled.dice![1]];
    expect(() => replayLog(dice)).toThrow(/dice/);
    const swapped = structuredClone(log);
    const end = swapped.actions.findIndex((a) => a.kind === 'EndTurn');
    swapped.actions.splice(end, 1);
    expect(() => replayLog(swapped)).toThrow(StateError);
    const rules = structuredClone(log);
    (rules.ruleset.rules as { turnLimit: number }).turnLimit += 1;
    expect(() => replayLog(rules)).toThrow(/hashes to/);
    writeFileSync(join(dir, 'not.json'), '{"format":"something-else"}');
    expect(() => readReplay(join(dir, 'not.json'))).toThrow(/not a merlin replay log/);
  });

  it('makes one frame per state with every counter and section', async () => {
    const { game, states } = replayStates(log);
    expect(states.length).toBe(log.actions.length + 1);
    const f = frameOf(viewOf(log, game), states.at(-1)!, log.agents);
    expect(f.c).toHaveLength(COUNTERS.length);
    expect(f.t).toHaveLength(SECTIONS.length);
    expect(f.t[SECTIONS.findIndex((x) => x.id === 'other')]).toEqual([]); // every state field is laid out
    const html = await replayHtml(log);
    expect(html).not.toMatch(/<script[^>]*src=|<link[^>]*href=/);
    expect(html).toContain('id="replay-data"');
  });

  it('merlin replay and merlin replay view round trip; bad input exits with code 2', () => {
    const g = join(dir, 'cli.json');
    const h = join(dir, 'cli.html');
    execFileSync(process.execPath, [join(root, 'bin', 'merlin.js'), 'replay', '--seed', '5', '--agents', 'heuristic,random', '--out', g]);
    expect(readReplay(g).seed).toBe('5');
    const out = JSON.parse(
      execFileSync(process.execPath, [join(root, 'bin', 'merlin.js'), 'replay', 'view', g, '--out', h, '--json'], { encoding: 'utf8' }),
    );
    expect(out.written).toBe(h);
    expect(readFileSync(h, 'utf8')).toContain('<svg');
    const x = spawnSync(process.execPath, [join(root, 'bin', 'merlin.js'), 'replay', 'view', join(dir, 'missing.json')], {
      encoding: 'utf8',
    });
    expect(x.status).toBe(2);
    expect(x.stderr).toMatch(/INVALID_ARGUMENT/);
  });
});
