import { describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compileRuleset, loadRuleset, RULESETS_DIR, CARDS_DIR } from '../rules/index.ts';
import { RulesetError } from '../../../lib/errors.ts';
import { catalogue } from '../engine/actions.ts';

const fullJson = () => JSON.parse(readFileSync(join(RULESETS_DIR, 'full.json'), 'utf8'));
const deckLoader = (file: string) => JSON.parse(readFileSync(join(CARDS_DIR, file), 'utf8'));

describe('ruleset as data', () => {
  it('holds the rulebook numbers (0.1.27b "Game Setup", "Resources", "Clubs")', () => {
    const r = loadRuleset('full').data;
    expect(r.supply).toEqual({ gold: 100, commodities: { souls: 30, elixirOil: 30, essenceGrain: 30 } });
    expect(r.start.gold).toBe(10);
    expect(r.start.costOfLiving).toBe(2);
    expect(r.start.researchCost).toBe(1);
    expect(r.start.volatility).toBe(1);
    expect(r.victory.crownsToWin).toBe(5); // D34: every draft's 5
    expect(loadRuleset('classic').data.victory.crownsToWin).toBe(5);
    expect(r.payout).toEqual({ '2': 5, '3': 4, '4': 3, '5': 2, '6': 1, '8': 1, '9': 2, '10': 3 });
    expect(r.landNumbers).toEqual({ souls: [2, 3, 4], elixirOil: [5, 6], essenceGrain: [8, 9, 10] });
    expect(r.players).toEqual({ min: 2, max: 6, default: 4 });
  });

  it('the literal ruleset differs from full exactly where docs/RULES.md "Deviations from the drafts" says (D10, D22) and in what the drafts leave vague (the timing of D33, the pocket loss of D157, the Volatility step of D158)', () => {
    const full = loadRuleset('full').data as unknown as Record<string, unknown>;
    const literal = loadRuleset('literal').data as unknown as Record<string, unknown>;
    const diffs: string[] = [];
    const walk = (a: unknown, b: unknown, path: string) => {
      if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a)) {
        for (const k of new Set([...Object.keys(a), ...Object.keys(b)]))
          walk((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], path ? `${path}.${k}` : k);
      } else if (JSON.stringify(a) !== JSON.stringify(b)) diffs.push(path);
    };
    walk(full, literal, '');
    expect(diffs.sort()).toEqual([
      'auction.ties',
      'description',
      'name',
      'sevens.everyChangeByVolatility',
      'sevens.playSevenCardsInDeckOnRoll',
      'sevens.pocketLossPercent',
      'victory.dominance',
    ]);
    expect(literal.sevens).toMatchObject({ playSevenCardsInDeckOnRoll: true, pocketLossPercent: 0, everyChangeByVolatility: true });
    expect(literal.victory).toMatchObject({ dominance: 'bankrupt', crownsToWin: 5 });
    expect(literal.auction).toMatchObject({ ties: 'reauction' });
  });

  it('ships the five decks with the rulebook counts (0.1.22b "Required Decks")', () => {
    const rs = loadRuleset('full');
    expect(rs.decks.teaLeaves.size).toBe(30);
    expect(rs.decks.crystalBall.size).toBe(20);
    expect(rs.decks.spells.size).toBe(48);
    expect(rs.decks.potions.size).toBe(28);
    expect(rs.decks.royalDecrees.size).toBe(30);
    for (const d of Object.values(rs.cards)) expect(d.instanceDef.length).toBe(rs.decks[d.name].size);
  });

  it('has a stable content hash that changes with any edit', () => {
    const a = compileRuleset(fullJson(), deckLoader);
    const b = compileRuleset(fullJson(), deckLoader);
    expect(a.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(a.hash).toBe(b.hash);
    expect(a.hash).toBe(loadRuleset('full').hash);
    const edited = fullJson();
    edited.start.gold = 11;
    expect(compileRuleset(edited, deckLoader).hash).not.toBe(a.hash);
    // key order does not matter
    const reordered = Object.fromEntries(Object.entries(fullJson()).reverse());
    expect(compileRuleset(reordered, deckLoader).hash).toBe(a.hash);
  });

  it('refuses a misspelt field with an error naming it', () => {
    const bad = fullJson();
    bad.start.startingGold = 10;
    let err: unknown;
    try {
      compileRuleset(bad, deckLoader, 'typo.json');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(RulesetError);
    const re = err as RulesetError;
    expect(re.code).toBe('INVALID_RULESET');
    expect(re.issues.some((i) => i.path === 'start' && i.message.includes('startingGold'))).toBe(true);
    expect(re.message).toContain('startingGold');
  });

  it('refuses wrong types and broken constraints with the field path', () => {
    const bad = fullJson();
    bad.supply.gold = 'lots';
    expect(() => compileRuleset(bad, deckLoader)).toThrow(/supply\.gold/);
    const few = fullJson();
    few.supply.gold = 20;
    expect(() => compileRuleset(few, deckLoader)).toThrow(/supply\.gold.*starting gold/);
    const wheel = fullJson();
    wheel.wheels.standard.portions[0].season = 'monsoon';
    expect(() => compileRuleset(wheel, deckLoader)).toThrow(/wheels\.standard\.portions\.0\.season/);
  });

  it('refuses a deck whose counts do not add up to the rulebook size', () => {
    const loader = (file: string) => {
      const d = deckLoader(file);
      if (d.deck === 'spells') d.cards[0].count += 1;
      return d;
    };
    expect(() => compileRuleset(fullJson(), loader)).toThrow(/counts add up to 49, the deck needs 48/);
  });

  it('loads a designer ruleset file by path, with decks beside it or shipped', () => {
    const dir = mkdtempSync(join(tmpdir(), 'merlin-rs-'));
    const j = fullJson();
    j.name = 'designer';
    j.start.gold = 12;
    writeFileSync(join(dir, 'mine.json'), JSON.stringify(j));
    const rs = loadRuleset(join(dir, 'mine.json'));
    expect(rs.data.start.gold).toBe(12);
    expect(rs.hash).not.toBe(loadRuleset('full').hash);
    expect(() => loadRuleset('no-such-variant')).toThrow(RulesetError);
    writeFileSync(join(dir, 'broken.json'), '{ not json');
    expect(() => loadRuleset(join(dir, 'broken.json'))).toThrow(/not valid JSON/);
  });

  it('resolves "extends": variants list only what differs, and hash like the full copy they replace', () => {
    const dir = mkdtempSync(join(tmpdir(), 'merlin-rs-'));
    const copy = fullJson();
    copy.name = 'rich';
    copy.start.gold = 15;
    copy.grids.invest = [1, 3];
    writeFileSync(join(dir, 'copy.json'), JSON.stringify(copy));
    writeFileSync(
      join(dir, 'over.json'),
      JSON.stringify({ extends: 'full', name: 'rich', start: { gold: 15 }, grids: { invest: [1, 3] } }),
    );
    writeFileSync(join(dir, 'twice.json'), JSON.stringify({ extends: './over.json', start: { gold: 12 } }));
    const over = loadRuleset(join(dir, 'over.json'));
    expect(over.data.start.gold).toBe(15);
    expect(over.data.start.costOfLiving).toBe(loadRuleset('full').data.start.costOfLiving); // merged, not replaced
    expect(over.data.grids.invest).toEqual([1, 3]); // arrays replace
    expect(over.hash).toBe(loadRuleset(join(dir, 'copy.json')).hash);
    expect(loadRuleset(join(dir, 'twice.json')).data.start.gold).toBe(12);
    expect(loadRuleset('market').data.combat.golems).toBe(false);
    expect(loadRuleset('market').data.supply).toEqual(loadRuleset('full').data.supply);
    writeFileSync(join(dir, 'loop.json'), JSON.stringify({ extends: './loop.json' }));
    expect(() => loadRuleset(join(dir, 'loop.json'))).toThrow(/extends itself/);
    writeFileSync(join(dir, 'nobase.json'), JSON.stringify({ extends: 'no-such-base' }));
    expect(() => loadRuleset(join(dir, 'nobase.json'))).toThrow(/no ruleset "no-such-base"/);
  });

  it("loads every measured ruleset file of docs/balance/, each with the shipped full's action catalogue (their checkpoints' actions)", () => {
    const dir = join(import.meta.dirname, '..', '..', '..', 'docs', 'balance');
    const files = readdirSync(dir).filter(
      (f) => f.endsWith('.json') && JSON.parse(readFileSync(join(dir, f), 'utf8')).extends !== undefined,
    );
    expect(files.length).toBeGreaterThanOrEqual(7);
    const size = catalogue(loadRuleset('full')).size;
    for (const f of files) expect(catalogue(loadRuleset(join(dir, f))).size, f).toBe(size);
  });

  it('keeps the action catalogue small enough for one flat masked Discrete head (under 1,100 ids with every kind of action)', () => {
    expect(catalogue(loadRuleset('full')).size).toBeLessThan(1100);
  });
});

describe('deck files name only what the engine can play', () => {
  const withCard = (deck: string, patch: (c: Record<string, unknown>) => void) => (file: string) => {
    const d = deckLoader(file);
    if (d.deck === deck) patch(d.cards[0]);
    return d;
  };
  it('refuses a spell aimed at your own Land, a reading with a target, and a delayed decree', () => {
    expect(() =>
      compileRuleset(
        fullJson(),
        withCard('spells', (c) => (c.target = 'ownLand')),
      ),
    ).toThrow(/spells card can target none or opponent or opponentLand/);
    expect(() =>
      compileRuleset(
        fullJson(),
        withCard('teaLeaves', (c) => (c.target = 'opponent')),
      ),
    ).toThrow(/teaLeaves card can target none/);
    expect(() =>
      compileRuleset(
        fullJson(),
        withCard('royalDecrees', (c) => (c.trigger = { on: 'turns', turns: 2 })),
      ),
    ).toThrow(/trigger must be "now"/);
  });
});
