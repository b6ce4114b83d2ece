/**
 * What a new user hit on a first run, each pinned: ruleset errors that give the numbers they
 * compare, an unknown variant, game or command answered with the valid ones, `probe --compare` opening with
 * the ruleset diff, and hints that name `npx merlin`. (Progress lines without a terminal: cli/test/progress.test.ts
 * and the train test in cli.test.ts; win rates with counts and intervals: training/test/progress.test.ts;
 * one --players message: cli/test/flags.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RulesetError } from '../../lib/errors.ts';
import { gameEntry, GAMES } from '../../games/registry.ts';
import { loadRuleset } from '../../games/merlin/rules/index.ts';
import { loadRuleset as loadEconomicon } from '../../games/economicon/rules/index.ts';
import { diffLines, rulesetDiff } from '../../designer/ruleset-diff.ts';
import { merlinAsync } from './run.ts';

const dir = mkdtempSync(join(tmpdir(), 'merlin-first-use-'));
const file = (name: string, json: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(json));
  return path;
};
const refusal = (f: () => unknown): RulesetError => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(RulesetError);
    return e as RulesetError;
  }
  throw new Error('not refused');
};

describe('ruleset errors give the numbers they compare', () => {
  it("a designer's first edit, start.gold 25: 6 players x 25 = 150 > 100", () => {
    const e = refusal(() => loadRuleset(file('gold.json', { extends: 'full', start: { gold: 25 } })));
    expect(e.issues).toEqual([
      { path: 'supply.gold', message: 'must cover starting gold for max players: 6 players x start.gold 25 = 150 > supply.gold 100' },
    ]);
  });

  it('a bound zod checks says what it got, and the cross-field checks name both fields and values', () => {
    const e = refusal(() => loadRuleset(file('bounds.json', { extends: 'full', players: { max: 9 }, board: { cols: 7 } })));
    expect(e.message).toMatch(/players\.max: Too big: expected number to be <=6 \(got 9\)/);
    expect(e.message).toMatch(/board\.cols: board\.cols 7 must divide table\.fieldSlots \d+/);
    // Found by the fuzzer (games/test/fuzz.ts): a skirmish start that deals more cards than a hand holds.
    const deal = refusal(() => loadRuleset(file('deal.json', { extends: 'skirmish', combat: { start: { properties: 20 } } })));
    expect(deal.message).toMatch(
      /combat\.start: deals properties 20 \+ golems \d+ \+ kings \d+ = \d+ cards into a hand of table\.handSize \d+/,
    );
    const m = refusal(() => loadEconomicon(file('eco.json', { extends: 'standard', mandates: { startingHand: 7, handLimit: 3 } })));
    expect(m.message).toMatch(/mandates\.startingHand: 7 is more than the hand limit mandates\.handLimit 3/);
  });
});

describe('an unknown variant, game or command is answered with the valid ones', () => {
  it('every registered game lists its shipped rulesets for an unknown variant', () => {
    for (const entry of Object.values(GAMES)) {
      const e = refusal(() => entry.game(`${entry.defaultVariant}l`));
      expect(e.message, entry.name).toMatch(/no shipped ruleset named ".*"; shipped: /);
      for (const v of entry.variants) expect(e.message, entry.name).toContain(v);
    }
    expect(() => gameEntry('merlinn')).toThrow(/unknown game "merlinn"; registered: merlin, economicon/);
  });

  it('end to end: --variant fulll, --game nope, merlin trian, merlin frobnicate', async () => {
    const [variant, game, typo, unknown] = await Promise.all([
      merlinAsync(['simulate', '--variant', 'fulll', '--games', '1']),
      merlinAsync(['simulate', '--game', 'nope']),
      merlinAsync(['trian']),
      merlinAsync(['frobnicate']),
    ]);
    for (const r of [variant, game, typo, unknown]) expect(r.status).toBe(2);
    expect(variant.stderr).toMatch(
      /no shipped ruleset named "fulll"; shipped: classic, council, full, literal, market, prosperity, skirmish/,
    );
    expect(game.stderr).toMatch(/Given: "nope", Choices: "merlin", "economicon"/);
    expect(typo.stderr).toMatch(/^merlin: INVALID_ARGUMENT: unknown command "trian"; did you mean train\?\n\(see npx merlin --help\)/);
    expect(unknown.stderr).toMatch(
      /unknown command "frobnicate"; the commands are simulate, eval, train, probe, exploitability, replay, bench, serve, docs/,
    );
  });
});

describe('probe --compare opens with the ruleset diff', () => {
  it('lists every changed path with the old and the new value (rules and deck cards)', () => {
    const a = {
      rules: { supply: { gold: 100 }, start: { gold: 10, wheel: [1, 2] } },
      decks: { spells: { cards: [{ id: 'x', count: 2 }] } },
    };
    const b = {
      rules: { supply: { gold: 150 }, start: { gold: 25, wheel: [1, 2, 3] } },
      decks: { spells: { cards: [{ id: 'x', count: 3 }] } },
    };
    expect(diffLines(rulesetDiff(a, b))).toEqual([
      'rules.supply.gold: 100 -> 150',
      'rules.start.gold: 10 -> 25',
      'rules.start.wheel.2: (absent) -> 3',
      'decks.spells.cards.0.count: 2 -> 3',
    ]);
    expect(diffLines(rulesetDiff(a, a))).toEqual(['no rule differs']);
    const full = gameEntry('merlin').game('full');
    expect(rulesetDiff(gameEntry('merlin').rules(full), gameEntry('merlin').rules(full))).toEqual([]);
  });

  it("end to end: the text, the JSON file and the page open with a designer's one change", async () => {
    const mine = file('mine.json', { extends: 'full', start: { gold: 15 }, supply: { gold: 120 } });
    const out = join(dir, 'probe');
    const r = await merlinAsync(['probe', '--games', '2', '--workers', '1', '--compare', mine, '--out', out]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.split('\n').slice(0, 3)).toEqual([
      `ruleset differences, full -> ${mine}:`,
      '  rules.supply.gold: 100 -> 120',
      '  rules.start.gold: 10 -> 15',
    ]);
    const json = JSON.parse(readFileSync(`${out}.json`, 'utf8'));
    expect(json.ruleset_diff).toEqual([
      { path: 'rules.supply.gold', old: 100, new: 120 },
      { path: 'rules.start.gold', old: 10, new: 15 },
    ]);
    const html = readFileSync(`${out}.html`, 'utf8');
    expect(html.indexOf('id="ruleset-diff"')).toBeGreaterThan(0);
    expect(html.indexOf('id="ruleset-diff"')).toBeLessThan(html.indexOf('id="findings"'));
    expect(html).toContain('<code>rules.start.gold</code></td><td>10</td><td>15</td>');
  }, 120_000);
});

describe('hints name npx merlin (merlin itself is not on PATH after npm ci)', () => {
  it('replay says how to view the log with npx merlin replay view', async () => {
    const log = join(dir, 'game.json');
    const r = await merlinAsync(['replay', '--game', 'economicon', '--seed', '1', '--out', log]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain(`(view it: npx merlin replay view ${log})`);
  }, 120_000);
});
