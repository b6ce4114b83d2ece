/**
 * The five custom decks as designer-editable data (cards/schema.ts, rules/index.ts): the rulebook's counts,
 * every card named and flavoured, a bad deck reported card by card, the planned ops (effects on horse carts)
 * refused, a designer's own ruleset and deck files loaded by path and covered by the ruleset hash.
 * docs/RULES.md section 4, D110-D119; 0.1.22b "Required Decks".
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CARDS_DIR, RULESETS_DIR, loadRuleset, parseDeck } from '../rules/index.ts';
import { DECK_NAMES } from '../cards/schema.ts';
import { RulesetError } from '../../../lib/errors.ts';
import { runSimulation } from '../../../cli/simulate.ts';
import { deactivateUnit } from '../engine/kernel/units.ts';

const SIZES = { teaLeaves: 30, crystalBall: 20, spells: 48, potions: 28, royalDecrees: 30 };
const FILES = {
  teaLeaves: 'tea-leaves.json',
  crystalBall: 'crystal-ball.json',
  spells: 'spells.json',
  potions: 'potions.json',
  royalDecrees: 'royal-decrees.json',
};

function deckJson(name: keyof typeof FILES): { cards: Record<string, unknown>[] } & Record<string, unknown> {
  return JSON.parse(readFileSync(join(CARDS_DIR, FILES[name]), 'utf8'));
}

function issuesOf(f: () => unknown): { path: string; message: string }[] {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(RulesetError);
    return (e as RulesetError).issues;
  }
  throw new Error('expected a RulesetError');
}

describe('The shipped decks (0.1.22b "Required Decks")', () => {
  const rs = loadRuleset('full');
  for (const name of DECK_NAMES) {
    it(`${name} has ${SIZES[name]} cards, each with a name, a flavour line and at least one effect`, () => {
      const deck = rs.decks[name];
      expect(deck.size).toBe(SIZES[name]);
      expect(rs.cards[name].instanceDef.length).toBe(SIZES[name]);
      expect(deck.cards.reduce((n, c) => n + c.count, 0)).toBe(SIZES[name]);
      for (const c of deck.cards) {
        expect(c.name.length, c.id).toBeGreaterThan(2);
        expect(c.flavour.length, c.id).toBeGreaterThan(20);
        expect(c.effects.length, c.id).toBeGreaterThan(0);
      }
      // decree designs with the same name share a face and differ in their hidden cost (D151)
      if (name !== 'royalDecrees') expect(new Set(deck.cards.map((c) => c.name)).size).toBe(deck.cards.length);
      else expect(new Set(deck.cards.map((c) => c.name)).size).toBeLessThan(deck.cards.length);
    });
  }

  it('has real variety: at least 10 designs per deck and 15 spells', () => {
    for (const name of DECK_NAMES) expect(rs.decks[name].cards.length, name).toBeGreaterThanOrEqual(10);
    expect(rs.decks.spells.cards.length).toBeGreaterThanOrEqual(15);
  });

  it('D110: the project-written mirror cards lower the counter that their mirror raises, on the same trigger; the inflationary decks lack them', () => {
    const card = (file: string, id: string) => {
      const c = (
        JSON.parse(readFileSync(join(CARDS_DIR, file), 'utf8')) as { cards: { id: string; trigger?: unknown; effects: unknown[] }[] }
      ).cards.find((x) => x.id === id);
      if (!c) throw new Error(`${file} has no ${id}`);
      return c;
    };
    const negate = (effects: unknown[]) => effects.map((e) => ({ ...(e as object), delta: -(e as { delta: number }).delta }));
    for (const [file, up, down] of [
      ['crystal-ball.json', 'omen-of-inflation', 'omen-of-cheap-bread'],
      ['crystal-ball.json', 'storm-over-the-exchange', 'calm-over-the-exchange'],
      ['tea-leaves.json', 'bitter-brew', 'honeyed-tea'],
      ['tea-leaves.json', 'steeped-too-long', 'settled-leaves'],
    ] as const) {
      const a = card(file, up);
      const b = card(file, down);
      expect(b.effects).toEqual(negate(a.effects));
      if (up !== 'storm-over-the-exchange') expect(b.trigger).toEqual(a.trigger);
      const inflationary = JSON.parse(readFileSync(join(CARDS_DIR, file.replace('.json', '-inflationary.json')), 'utf8')) as {
        cards: { id: string }[];
      };
      expect(inflationary.cards.map((c) => c.id)).toContain(up);
      expect(inflationary.cards.map((c) => c.id)).not.toContain(down);
    }
  });

  it('D110: Tea Leaves foretell the unlikely totals 2, 3, 11, 12, Crystal Balls the likely 5, 6, 8, 9 (0.1.27b "The Visions of Tomorrow")', () => {
    const totals = (deck: 'teaLeaves' | 'crystalBall') =>
      new Set(rs.decks[deck].cards.flatMap((c) => (c.trigger.on === 'roll' ? c.trigger.totals : [])));
    const ways = (t: number) => 6 - Math.abs(7 - t); // of the 36 rolls of two dice
    const tea = totals('teaLeaves');
    const crystal = totals('crystalBall');
    expect([...tea].sort((x, y) => x - y)).toEqual([2, 3, 11, 12]);
    expect([...crystal].sort((x, y) => x - y)).toEqual([5, 6, 8, 9]);
    expect(Math.max(...[...tea].map(ways))).toBeLessThan(Math.min(...[...crystal].map(ways)));
  });

  it('keeps the cards the drafts name: Cumulonimbus (a spell blocking a Land) and Raining Gold (a potion under a Land)', () => {
    const cumulonimbus = rs.decks.spells.cards.find((c) => c.name === 'Cumulonimbus')!;
    expect(cumulonimbus.target).toBe('opponentLand');
    expect(cumulonimbus.effects[0]).toMatchObject({ op: 'production', scope: 'slot', multiplier: 0 });
    const raining = rs.decks.potions.cards.find((c) => c.name === 'Raining Gold')!;
    expect(raining.trigger).toEqual({ on: 'slotRolled' });
  });
});

describe('A bad deck is reported card by card, with its file, index, id and field', () => {
  it('every bad card of a deck in one error', () => {
    const json = deckJson('spells');
    (json.cards[2] as { count: number }).count = 0;
    (json.cards[5] as { effects: unknown[] }).effects = [{ op: 'gold', from: 'target', to: 'nowhere', amount: 1 }];
    json.cards[7] = { ...json.cards[7], colour: 'red' };
    const issues = issuesOf(() => parseDeck(json, 'my-spells.json'));
    const paths = issues.map((i) => i.path);
    expect(paths).toContain('cards.2 (id "blight").count');
    expect(paths).toContain('cards.5 (id "frost-snap").effects.0.to');
    expect(paths.some((p) => p.startsWith('cards.7 (id "crumbling-mortar")'))).toBe(true);
    expect(() => parseDeck(json, 'my-spells.json')).toThrow(/my-spells\.json/);
  });

  it('a decree changing a counter by more than one is refused (0.1.14a "Kings": "by one")', () => {
    const json = deckJson('royalDecrees');
    (json.cards[0] as { hiddenCost: unknown[] }).hiddenCost = [{ op: 'counter', counter: 'taxRate', delta: 2 }];
    expect(issuesOf(() => parseDeck(json, 'd.json')).map((i) => i.path)).toEqual(['cards.0 (id "bountiful-coffers").hiddenCost.0.delta']);
  });

  it('a decree needs a hidden cost; designs sharing a name share their face; a regulation vote is no cost and no spell (D151, D155)', () => {
    const json = deckJson('royalDecrees');
    const cards = json.cards as Record<string, unknown>[];
    delete cards[0].hiddenCost;
    cards[1].effects = [{ op: 'gold', from: 'centralBank', to: 'owner', amount: 3 }];
    cards[2].hiddenCost = [{ op: 'regulation' }];
    expect(issuesOf(() => parseDeck(json, 'd.json')).map((i) => i.path)).toEqual([
      'cards.0 (id "bountiful-coffers").hiddenCost',
      'cards.1 (id "bountiful-coffers-bread").effects',
      'cards.2 (id "cheap-bread").hiddenCost',
    ]);
    const spells = deckJson('spells');
    (spells.cards[0] as Record<string, unknown>).effects = [{ op: 'regulation' }];
    (spells.cards[1] as Record<string, unknown>).hiddenCost = [{ op: 'counter', counter: 'taxRate', delta: 1 }];
    expect(issuesOf(() => parseDeck(spells, 's.json')).map((i) => i.path.split(' ')[0])).toEqual(['cards.0', 'cards.1']);
  });

  it('a slot effect without a slot target, dispel without an opponent, and a condition on a decree are refused', () => {
    const spells = deckJson('spells');
    spells.cards[1] = { ...spells.cards[1], effects: [{ op: 'production', scope: 'slot', multiplier: 0, turns: 2 }] };
    spells.cards[14] = { ...spells.cards[14], effects: [{ op: 'dispel', count: 1 }] };
    const sp = issuesOf(() => parseDeck(spells, 's.json')).map((i) => i.path);
    expect(sp).toContain('cards.1 (id "pickpocket-hex").effects.0.scope');
    expect(sp.some((p) => p.startsWith('cards.14 (id "fog-of-forgetting")'))).toBe(true);
    const decrees = deckJson('royalDecrees');
    decrees.cards[2] = { ...decrees.cards[2], condition: { if: 'rowAtLeast', amount: 3 } };
    expect(issuesOf(() => parseDeck(decrees, 'd.json')).map((i) => i.path)).toEqual(['cards.2 (id "cheap-bread").condition']);
  });
});

describe('Planned vocabulary is refused with what it needs (D119)', () => {
  it('unit effects need a unit target or the attacked trigger; a potion on a unit resolves at once; attacked needs a Spell Shop or Brewery (D138)', () => {
    const potions = deckJson('potions');
    potions.cards[0] = { ...potions.cards[0], effects: [{ op: 'deactivateUnit', turns: 2 }] }; // raining-gold: ownLand, slotRolled
    potions.cards[1] = {
      ...potions.cards[1],
      target: 'ownUnit',
      trigger: { on: 'roll', totals: [6] },
      effects: [{ op: 'unitStat', stat: 'health', delta: 1 }],
    };
    potions.cards[2] = {
      ...potions.cards[2],
      target: 'ownProperty',
      trigger: { on: 'attacked' },
      effects: [{ op: 'deactivateUnit', turns: 2 }],
    };
    const msg = issuesOf(() => parseDeck(potions, 'p.json'))
      .map((i) => `${i.path}: ${i.message}`)
      .join('\n');
    expect(msg).toMatch(/cards\.0 \(id "raining-gold"\)\.target: a unit effect needs an opponentUnit or ownUnit target/);
    expect(msg).toMatch(/cards\.1 \(id "fertile-draught"\)\.trigger: a potion on a unit resolves when brewed/);
    expect(msg).toMatch(/cards\.2 \(id "philosophers-tonic"\)\.trigger: attacked needs an ownSpecialised target/);
  });

  it('a cheaper-cart spell is refused, the fields still checked', () => {
    const spells = deckJson('spells');
    spells.cards[0] = { ...spells.cards[0], target: 'none', effects: [{ op: 'cartDiscount', delta: 1 }] };
    const s = issuesOf(() => parseDeck(spells, 's.json'));
    expect(s.map((i) => i.message).join('\n')).toMatch(
      /op "cartDiscount" needs card effects on horse carts, which the engine does not implement \(and its fields are wrong: turns/,
    );
  });
});

describe("A designer's own ruleset and decks (`--ruleset PATH`)", () => {
  it('loads deck files beside the ruleset file, reports bad cards from every deck at once, and the hash covers the decks', () => {
    const dir = mkdtempSync(join(tmpdir(), 'merlin-decks-'));
    const rules = JSON.parse(readFileSync(join(RULESETS_DIR, 'full.json'), 'utf8'));
    rules.decks.spells = 'my-spells.json';
    const spells = deckJson('spells');
    (spells.cards[1] as { effects: { amount: number }[] }).effects[0].amount = 5; // Pickpocket Hex takes 5
    writeFileSync(join(dir, 'my-spells.json'), JSON.stringify(spells));
    writeFileSync(join(dir, 'rules.json'), JSON.stringify(rules));
    const mine = loadRuleset(join(dir, 'rules.json'));
    expect(mine.decks.spells.cards[1].effects[0]).toMatchObject({ amount: 5 });
    expect(mine.hash).not.toBe(loadRuleset('full').hash);

    const r = runSimulation({ ruleset: mine, games: 2, players: 3, agents: ['random'], seed: 'designer' });
    expect(Object.keys(r.card_plays).length).toBe(DECK_NAMES.reduce((n, d) => n + mine.decks[d].cards.length, 0));
    expect(Object.values(r.card_plays).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);

    rules.decks.potions = 'my-potions.json';
    const potions = deckJson('potions');
    (potions.cards[3] as { cost?: unknown }).cost = undefined;
    writeFileSync(join(dir, 'my-potions.json'), JSON.stringify(potions));
    (spells.cards[0] as { count: number }).count = 5;
    writeFileSync(join(dir, 'my-spells.json'), JSON.stringify(spells));
    writeFileSync(join(dir, 'rules2.json'), JSON.stringify(rules));
    const issues = issuesOf(() => loadRuleset(join(dir, 'rules2.json')));
    const paths = issues.map((i) => i.path);
    expect(paths).toContain('decks.spells (my-spells.json) cards');
    expect(paths).toContain('decks.potions (my-potions.json) cards.3 (id "merchants-elixir").cost');
  });
});
