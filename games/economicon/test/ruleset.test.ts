/** The ruleset as data: strict validation naming the bad field, extends, the deck file, the hash. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RulesetError } from '../../../lib/errors.ts';
import { loadRuleset, VARIANTS } from '../rules/index.ts';

function write(files: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'econ-rules-'));
  for (const [name, json] of Object.entries(files)) writeFileSync(join(dir, name), JSON.stringify(json));
  return dir;
}

describe('loadRuleset', () => {
  it('loads every shipped variant; the hash is stable and differs between variants', () => {
    const hashes = VARIANTS.map((v) => loadRuleset(v).hash);
    expect(new Set(hashes).size).toBe(VARIANTS.length);
    expect(loadRuleset('standard').cardDef.length).toBe(30);
    expect(loadRuleset('standard').data.mandates).toMatchObject({ handLimit: 3, toEnd: 5, startingHand: 2 });
  });

  it('a typo’d key is refused with an error naming it', () => {
    const dir = write({ 'typo.json': { extends: 'standard', name: 'typo', columSize: 12 } });
    expect(() => loadRuleset(join(dir, 'typo.json'))).toThrow(RulesetError);
    expect(() => loadRuleset(join(dir, 'typo.json'))).toThrow(/columSize/);
  });

  it('a bad number is refused with its path', () => {
    const dir = write({ 'bad.json': { extends: 'standard', name: 'bad', columns: { gold: { printed: [5, 4] } } } });
    expect(() => loadRuleset(join(dir, 'bad.json'))).toThrow(
      /columns\.gold\.printed: needs one number per spot: 2 numbers for columnSize 12/,
    );
  });

  it('a bad deck file is refused with the deck field', () => {
    const dir = write({
      'deck.json': { deck: 'mandates', cards: [{ id: 'x', name: 'X', condition: { kind: 'holdResource', amount: 3 }, count: 1 }] },
      'r.json': { extends: 'standard', name: 'r', mandates: { deck: 'deck.json' } },
    });
    expect(() => loadRuleset(join(dir, 'r.json'))).toThrow(/mandates\.deck \(deck\.json\) cards\.0\.condition\.resource/);
  });

  it('extends: a loop and a missing base are refused', () => {
    const dir = write({
      'a.json': { extends: './b.json', name: 'a' },
      'b.json': { extends: './a.json', name: 'b' },
      'c.json': { extends: 'nope' },
    });
    expect(() => loadRuleset(join(dir, 'a.json'))).toThrow(/extends itself/);
    expect(() => loadRuleset(join(dir, 'c.json'))).toThrow(/no ruleset "nope"/);
    expect(() => loadRuleset('nope')).toThrow(/no shipped ruleset/);
  });

  it('a variant written as overrides hashes like the full copy', () => {
    const base = loadRuleset('standard');
    const dir = write({ 'copy.json': { ...base.data }, 'mandates.json': base.deck });
    expect(loadRuleset(join(dir, 'copy.json')).hash).toBe(base.hash);
  });
});
