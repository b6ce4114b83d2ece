/**
 * Progress (cli/progress.ts): when stderr is not a terminal, a plain line every few seconds and one at the end; on a
 * terminal, a line that fits its width.
 */
import { describe, expect, it } from 'vitest';
import { fitFields, PLAIN_LINE_SECONDS, progress, withBar } from '../progress.ts';

describe('progress without a terminal', () => {
  it('writes a line at the start, at most one every PLAIN_LINE_SECONDS, and one at the end', () => {
    const lines: string[] = [];
    let now = 0;
    const p = progress('evaluation', 'games', { write: (t) => lines.push(t), isTTY: false, now: () => now });
    p.start(400);
    for (let g = 1; g <= 400; g++) {
      now += 100; // 0.1 s a game: 40 s in all
      p.update(g);
    }
    p.stop();
    expect(lines[0]).toBe('evaluation 0/400 games (0%), 0 s\n');
    expect(lines.at(-1)).toBe('evaluation 400/400 games (100%), 40 s\n');
    // 40 s of work: a line every 5 s, the first and the last (the final update lands on a 5 s mark).
    expect(lines.length).toBe(1 + 40 / PLAIN_LINE_SECONDS);
    expect(lines[1]).toBe('evaluation 50/400 games (12%), 5 s\n');
  });

  it('prints no line twice for the same count, and a final line when the last update was not printed', () => {
    const lines: string[] = [];
    let now = 0;
    const p = progress('simulate', 'games', { write: (t) => lines.push(t), isTTY: false, now: () => now });
    p.start(3);
    now = 1000;
    p.update(3);
    p.stop();
    p.stop();
    expect(lines).toEqual(['simulate 0/3 games (0%), 0 s\n', 'simulate 3/3 games (100%), 1 s\n']);
  });

  it('shows the note an update carries (tune: the best front)', () => {
    const lines: string[] = [];
    let now = 0;
    const p = progress('tune', 'trials', { write: (t) => lines.push(t), isTTY: false, now: () => now });
    p.start(10);
    now = 6000;
    p.update(2, 'front 3, about 24 s left');
    expect(lines.at(-1)).toBe('tune 2/10 trials (20%), 6 s, front 3, about 24 s left\n');
  });
});

describe('a progress line on a terminal fits its width', () => {
  const steps = [
    { field: 0, text: '42%' },
    { field: 1, text: '3,127 steps/s' },
    { field: 2, text: 'update 7' },
    { field: 0, text: 'train 42%' },
    { field: 3, text: 'loss 0.004' },
  ];

  it('keeps the longest prefix of the steps that fits, fields in their own order, and cuts a first step that does not', () => {
    expect(fitFields(steps, Infinity)).toBe('train 42% | 3,127 steps/s | update 7 | loss 0.004');
    expect(fitFields(steps, 40)).toBe('train 42% | 3,127 steps/s | update 7');
    expect(fitFields(steps, 30)).toBe('42% | 3,127 steps/s | update 7');
    expect(fitFields(steps, 10)).toBe('42%');
    expect(fitFields([{ field: 0, text: 'simulate' }], 4)).toBe('simu');
  });

  it('gives the bar the columns left over (10 to 40), after the label', () => {
    expect(withBar('train 50% | update 7', 40, 0.5)).toBe(`train [${'\u2588'.repeat(9)}${'\u2591'.repeat(8)}] 50% | update 7`);
    expect(withBar('train 50% | update 7', 40, 0.5)).toHaveLength(40);
    expect(withBar('train 50% | update 7', 30, 0.5)).toBe('train 50% | update 7');
    expect(withBar('simulate 1/4 games', 200, 1)).toBe(`simulate [${'\u2588'.repeat(40)}] 1/4 games`);
  });
});
