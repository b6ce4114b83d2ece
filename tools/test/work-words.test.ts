/**
 * Source, `--help` and the reference docs say what things are, never how the work on them was organised: no
 * tracker issue numbers ("issue 33"), work loops ("loop-3"), numbered work sessions or measuring windows ("the
 * ninth session", "a tenth window"), stages of construction ("engine part 3"), reviews or the people who did the
 * work. The journal (docs/journal/) keeps such words with its dates: it is history.
 *
 * PENDING lists the files whose owner is rewording them; shrink it as they are done.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { merlinAsync, root } from '../../cli/test/run.ts';

/** The words, each with the name a failure gives it. */
const WORDS: [string, RegExp][] = [
  ['an issue number', /\bissues? #?\d+/gi],
  ['a work loop', /\bloop-?\d+\b/gi],
  [
    'a measuring window',
    /(?<![-\w])(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|quiet|measuring) windows?\b/gi,
  ],
  [
    'a work session',
    /(?<![-\w])(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|this|last|previous|next|other|helper|earlier|later) sessions?\b/gi,
  ],
  ['a stage of construction', /\b(?:engine )?parts? [1-4](?:-[1-4])?\b/gi],
  // (not a bond's or share's issue: "the issue price")
  ['an issue', /\b(?:the|this|that|its|whose) issue(?:'s)?\b(?! price)|\b(?:training|architecture|bridge|rules|performance) issue\b/gi],
  ['a review', /\breview (?:commit|mends?)\b/gi],
  ['who did the work', /\bthe lead's\b|\bthe lead (?:measures|measured)\b|\bhelpers? (?:measured|sessions?)\b/gi],
];

/** Where the words may stand: history. */
const HISTORY = ['docs/journal/'];

/** Files whose owner is rewording them now (none; a file goes here only while its rewording is under way). */
const PENDING: string[] = [];

/** Verbatim sources (the rulebooks are the games' authors' words), and this file, which names the words. */
const VERBATIM = ['docs/rulebooks/', 'tools/test/work-words.test.ts'];

/** Folders that are not the project's own text. */
const SKIP_DIRS = new Set(['node_modules', '.git', 'dist', 'dist-browser', 'runs', 'out', 'tmp', '.venv', '.venv-min', '__pycache__']);

/** The project's text: source, scripts, the CI script and every markdown page. */
const TEXT = /\.(ts|mts|js|mjs|cjs|py|sh|md|patch|wat)$/;

function files(dir = root): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return SKIP_DIRS.has(name) || (name.startsWith('.') && name !== '.ci') ? [] : files(path);
    return TEXT.test(name) || relative(root, path) === '.ci/run' ? [relative(root, path)] : [];
  });
}

/** Each occurrence in `text` as `place: word "match"`. */
function find(place: string, text: string): string[] {
  return WORDS.flatMap(([word, re]) => [...text.matchAll(re)].map((m) => `${place}: ${word} "${m[0]}"`));
}

describe('words about how the work was organised', () => {
  it('stand in no source file or reference page outside the journal and the pending list', () => {
    const excluded = [...HISTORY, ...PENDING, ...VERBATIM];
    const checked = files().filter((f) => !excluded.some((e) => f === e || f.startsWith(e)));
    expect(checked.length).toBeGreaterThan(300);
    expect(checked.filter((f) => f.startsWith('docs/')).length).toBeGreaterThan(10);
    const found = checked.flatMap((f) =>
      readFileSync(join(root, f), 'utf8')
        .split('\n')
        .flatMap((line, i) => find(`${f}:${i + 1}`, line)),
    );
    expect(found).toEqual([]);
  });

  it("stand in no command's --help", async () => {
    const top = await merlinAsync(['--help']);
    const commands = [...top.stdout.matchAll(/^ {2}merlin (\S+)/gm)].map((m) => m[1]);
    expect(commands.length).toBeGreaterThan(8);
    const help = async (args: string[]) => ({ c: args.join(' '), out: (await merlinAsync([...args, '--help'])).stdout });
    // Two at a time: each is a whole process of the command.
    const helps: { c: string; out: string }[] = [];
    for (let i = 0; i < commands.length; i += 2) helps.push(...(await Promise.all(commands.slice(i, i + 2).map((c) => help([c])))));
    const sub = helps.flatMap(({ c, out }) => [...out.matchAll(new RegExp(`^ {2}merlin ${c} (\\S+)`, 'gm'))].map((m) => [c, m[1]]));
    const subHelps = await Promise.all(sub.map(help));
    for (const h of [...helps, ...subHelps]) expect(h.out, `merlin ${h.c} --help`).toMatch(/Options:/);
    const found = [{ c: '', out: top.stdout }, ...helps, ...subHelps].flatMap(({ c, out }) => find(`merlin ${c} --help`, out));
    expect(found).toEqual([]);
  }, 300_000);

  it('are recognised where they stand', () => {
    const hits = (s: string) => find('x', s).length;
    expect(hits('the best response (issue 37 measures at 20)')).toBe(1);
    expect(hits('the ninth session of loop-3')).toBe(2);
    expect(hits('docs/BENCHMARKS.md "a tenth window"')).toBe(1);
    expect(hits("uses engine part 3's kinds")).toBe(1);
    expect(hits('warms up until five one-second windows in a row are steady; a rotating window; scope="session"')).toBe(0);
    expect(hits("the learner's lead over the mean; zod issues; issues a bond; not an issue; the issue price")).toBe(0);
  });
});
