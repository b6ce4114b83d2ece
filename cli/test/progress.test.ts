/** Progress when stderr is not a terminal (cli/progress.ts, issue 36): a plain line every few seconds and one at the end. */
import { describe, expect, it } from 'vitest';
import { PLAIN_LINE_SECONDS, progress } from '../progress.ts';

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
