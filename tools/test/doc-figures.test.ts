/**
 * Figures in README.md and docs/ agree with the JSON that measured them (tools/doc-figures.ts): every marker's text
 * is what its source gives, the reference pages quote their measured figures through markers, and the tool finds a
 * figure edited by hand.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { at, describe as describeDrift, fill, fillPage, root, run } from '../doc-figures.ts';

/** The pages whose measured figures must all come through markers. */
const REFERENCE = ['README.md', 'docs/USING.md', 'docs/BENCHMARKS.md', 'docs/BALANCE.md', 'docs/AGENTS.md', 'docs/TRAINING.md'];

/**
 * What a measured figure looks like in prose: a rate with a decimal (98.2%), a ratio with two decimals (1.66x), a
 * time in ms or µs with a decimal, or a count of four or more digits per second. Targets and rule numbers (90%,
 * 1.25x, 400 turns) do not look like this.
 */
const MEASURED =
  /\b\d+\.\d%|\b\d+\.\d\dx\b|\b\d+\.\d+ ?(?:ms|µs)\b|\b\d{1,3}(?:,\d{3})+ (?:steps|decisions|learner|env steps)[^.]*?(?:\/s|a second|per second)/g;

/** `text` without its markers' contents, fenced blocks and code spans: the prose a reader takes at its word. */
function prose(text: string): string {
  return text
    .replace(/<!-- (fig|table) [\s\S]*?<!-- \/(fig|table) -->/g, ' ')
    .replace(/<!-- output: [\s\S]*?```[\s\S]*?```/g, ' ')
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/`[^`\n]*`/g, ' ');
}

describe('figures in the docs', () => {
  it('agree with the JSON they come from', async () => {
    const { drift, markers } = await run(false);
    expect(drift.map(describeDrift)).toEqual([]);
    expect(markers).toBeGreaterThan(60);
  });

  it('are quoted through markers on the reference pages', () => {
    const unmarked = REFERENCE.flatMap((p) =>
      [...prose(readFileSync(join(root, p), 'utf8')).matchAll(MEASURED)].map((m) => `${p}: ${m[0]}`),
    );
    expect(unmarked).toEqual([]);
    for (const p of REFERENCE) expect(readFileSync(join(root, p), 'utf8'), p).toMatch(/<!-- (fig|table) /);
  });

  it('fill templates from paths, selectors and formats', () => {
    const data = {
      rows: [
        { id: 'a', v: 0.9825 },
        { id: 'b x', v: 9172, ci: [0.9717, 0.9886] },
      ],
    };
    expect(at(data, 'rows[id=b x].ci.1')).toBe(0.9886);
    expect(fill('{rows.0.v:pct1} [{rows[id=b x].ci.0:p1}, {rows[id=b x].ci.1:p1}]', data)).toBe('98.3% [97.2, 98.9]');
    expect(fill('{rows[id=b x].v:int} floats, {rows[id=b x].v}', data)).toBe('9,172 floats, 9,172');
    expect(fill('{rows[id=c].v}', data)).toBeUndefined();
    expect(() => fill('{rows.0.v:nope}', data)).toThrow(/unknown format/);
    expect(() => fill('no place', data)).toThrow(/no \{PATH\} place/);
  });

  it('find a figure changed by hand', async () => {
    const page = 'The observation has <!-- fig code:games {merlin.variants.full.observation:int} -->9,166<!-- /fig --> floats.';
    const r = await fillPage('x.md', page);
    expect(r.drift).toHaveLength(1);
    expect(r.drift[0].found).toBe('9,166');
    expect(r.text).not.toContain('9,166');
    expect((await fillPage('x.md', r.text)).drift).toEqual([]);
  });
});
