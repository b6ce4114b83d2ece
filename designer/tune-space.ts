/**
 * The search space of `merlin tune` (designer/tune.ts): a JSON file, validated by zod and then against the game it
 * names, that says which ruleset parameters may change and how far, what the search aims for, and how a trial is
 * measured (docs/DESIGNER.md "Rule search" shows one whole):
 *
 *   {
 *     "game": "merlin", "base": "full",
 *     "parameters": [
 *       { "path": "board.cols", "low": 3, "high": 6, "class": "free" },
 *       { "path": "taxes.perPropertyInRates", "low": 0, "high": 2, "class": "deviation",
 *         "quote": "...", "source": "merlin-economics-v0.1.14a.md, Taxes" },
 *       { "deck": "decks.spells", "card": "cumulonimbus", "low": 0, "high": 6, "class": "free" },
 *       { "path": "grids.invest", "choices": [[1, 2, 5], [1, 3, 6]], "class": "free" }
 *     ],
 *     "objectives": [
 *       { "name": "victories", "measure": "playability.victory_rate", "target": { "min": 0.9 } },
 *       { "name": "no-buy", "measure": "restricted:BuyCard:heuristic", "target": { "max": 0.8 } }
 *     ],
 *     "stage": { "players": 4, "agents": ["heuristic"], "games": 40, "remeasure": 160 },
 *     "confirm": { "points": 3, "updates": 200, "games": 200 }
 *   }
 *
 * A parameter is a ruleset path (what a ruleset file that `extends` the base would write: `taxes.perPropertyInRates`,
 * `grids.invest.1` for one item of an array) with a range (`low`, `high`, `step`; integers unless `float`) or
 * `choices` (any JSON values), or one card's `count` in a deck file the ruleset names (`deck`: the ruleset field
 * that names the file, `card`: the card's id; the deck's `size` follows the counts, unless `against` names a card
 * of the same deck that gives or takes the difference, so the deck keeps the size the rulebooks give it). Each has a class: `free` (the
 * rulebooks leave it to the project) or `deviation` (the rulebooks' words fix it: `quote` them). Every range must
 * hold the base ruleset's value, and its ends must pass the game's own ruleset schema.
 *
 * An objective is a measure (designer/tune-measure.ts) with a `target` (`min`, `max` or both: the search
 * minimises how far the figure falls outside it) or a `direction`. The distance from the base ruleset is always an
 * objective of its own (`distance`).
 *
 * Every problem is a `TuneError` (code INVALID_ARGUMENT) naming the field (`parameters.1.high`, `objectives.0.measure`),
 * all at once; loading writes nothing but temporary files it removes.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { z } from 'zod';
import type { Game } from '../env/core/game.ts';
import { gameEntry, parseAgents, type GameEntry } from '../games/registry.ts';
import { MerlinError, RulesetError } from '../lib/errors.ts';
import { canonicalJson, contentHash } from '../lib/hash.ts';
import { zodIssues } from '../lib/rulesets.ts';
import { runProbe } from './probe.ts';
import { parseMeasure, unreported, valueAtPath, type Measure } from './tune-measure.ts';

/** A bad search space, storage or optimiser: every problem with the field (or flag) it is about. */
export class TuneError extends MerlinError {
  readonly issues: { path: string; message: string }[];
  constructor(source: string, issues: { path: string; message: string }[]) {
    super('INVALID_ARGUMENT', `${source}:\n` + issues.map((i) => `  - ${i.path || '(root)'}: ${i.message}`).join('\n'));
    this.issues = issues;
  }
}

const Name = z.string().regex(/^[A-Za-z][A-Za-z0-9_.-]*$/, 'letters, digits, _ . - (starting with a letter)');

const ParameterSchema = z
  .object({
    path: z.string().min(1).optional(),
    deck: z.string().min(1).optional(),
    card: z.string().min(1).optional(),
    against: z.string().min(1).optional(),
    low: z.number().optional(),
    high: z.number().optional(),
    step: z.number().positive().optional(),
    float: z.boolean().optional(),
    choices: z.array(z.unknown()).min(2).optional(),
    class: z.enum(['free', 'deviation']),
    quote: z.string().min(1).optional(),
    source: z.string().optional(),
    note: z.string().optional(),
  })
  .strict()
  .superRefine((p, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if ((p.path === undefined) === (p.deck === undefined)) issue('path', 'give either a ruleset path or a deck and a card');
    if ((p.deck === undefined) !== (p.card === undefined)) issue('card', 'a deck parameter names the deck field and the card');
    const range = p.low !== undefined || p.high !== undefined;
    if (range === (p.choices !== undefined)) issue('low', 'give a range (low, high) or choices');
    if (range && (p.low === undefined || p.high === undefined))
      issue(p.low === undefined ? 'low' : 'high', 'a range needs both low and high');
    if (p.low !== undefined && p.high !== undefined && !(p.low < p.high)) issue('high', `must be above low (${p.low})`);
    if (p.deck !== undefined && (p.choices !== undefined || p.float)) issue('deck', 'a card count takes an integer range');
    if (p.against !== undefined && p.deck === undefined) issue('against', 'only a deck parameter balances one card against another');
    if (p.against !== undefined && p.against === p.card) issue('against', 'name another card of the deck');
    if (p.class === 'deviation' && p.quote === undefined) issue('quote', "a deviation quotes the rulebooks' words it departs from");
  });

const ObjectiveSchema = z
  .object({
    name: Name,
    measure: z.string().min(1),
    target: z
      .object({ min: z.number().optional(), max: z.number().optional() })
      .strict()
      .refine((t) => t.min !== undefined || t.max !== undefined, 'give min, max or both')
      .refine((t) => t.min === undefined || t.max === undefined || t.min <= t.max, 'min must not be above max')
      .optional(),
    direction: z.enum(['minimize', 'maximize']).optional(),
    note: z.string().optional(),
  })
  .strict()
  .refine((o) => (o.target === undefined) !== (o.direction === undefined), { message: 'give a target or a direction', path: ['target'] });

const SpaceSchema = z
  .object({
    $schema: z.string().optional(),
    name: Name.optional(),
    description: z.string().optional(),
    game: z.string().default('merlin'),
    base: z.string().min(1),
    parameters: z.array(ParameterSchema).min(1),
    objectives: z.array(ObjectiveSchema).min(1),
    stage: z
      .object({
        players: z.number().int().min(1).optional(),
        agents: z.array(z.string().min(1)).min(1).optional(),
        games: z.number().int().min(1).default(40),
        remeasure: z.number().int().min(0).optional(),
        bootstrap: z.number().int().min(0).default(100),
        seed: z.string().min(1).default('tune'),
      })
      .strict()
      .default({ games: 40, bootstrap: 100, seed: 'tune' }),
    confirm: z
      .object({
        points: z.number().int().min(0).default(3),
        updates: z.number().int().min(1).default(200),
        minutes: z.number().min(0).default(0),
        games: z.number().int().min(1).default(200),
        exploiter: z.boolean().default(true),
        train: z.record(z.string(), z.unknown()).optional(),
      })
      .strict()
      .default({ points: 3, updates: 200, minutes: 0, games: 200, exploiter: true }),
    sampler: z
      .object({
        name: z.enum(['tpe', 'nsga2', 'random']).default('tpe'),
        seed: z.number().int().default(0),
        population: z.number().int().min(2).optional(),
        startup: z.number().int().min(0).optional(),
      })
      .strict()
      .default({ name: 'tpe', seed: 0 }),
  })
  .strict();

export type SpaceFile = z.infer<typeof SpaceSchema>;

/** A parameter's domain: an integer or real range on a grid, or choices (JSON values). */
export type Domain = { type: 'int' | 'float'; low: number; high: number; step?: number } | { type: 'categorical'; choices: unknown[] };

/** One parameter of a loaded space. */
export interface Parameter {
  /** Its name in the study and the report: the ruleset path, or `DECK[CARD].count`. */
  name: string;
  class: 'free' | 'deviation';
  quote?: string;
  source?: string;
  note?: string;
  /**
   * A ruleset path (the field's steps), or a card count in a deck file; with `against`, another card of the deck
   * takes up the difference, so the deck keeps its size.
   */
  target:
    | { kind: 'path'; path: (string | number)[] }
    | { kind: 'deck'; field: (string | number)[]; card: string; against?: { card: string; base: number } };
  domain: Domain;
  /** The base ruleset's value. */
  base: unknown;
}

/** An objective of a loaded space: its measure and goal. */
export interface Objective {
  name: string;
  measure: Measure;
  target?: { min?: number; max?: number };
  direction?: 'minimize' | 'maximize';
  note?: string;
}

/** A loaded, validated search space. */
export interface Space {
  /** The file, as given, and its folder (relative paths in it resolve against it). */
  file: string;
  name: string;
  description?: string;
  game: string;
  entry: GameEntry;
  /** The base ruleset as written (a shipped name or a path relative to the space file) and as loaded (name or absolute path). */
  base: { ref: string; load: string; game: Game<unknown>; rules: Record<string, unknown> };
  parameters: Parameter[];
  objectives: Objective[];
  stage: { players: number; agents: string[]; games: number; remeasure: number; bootstrap: number; seed: string };
  confirm: SpaceFile['confirm'];
  sampler: SpaceFile['sampler'];
  /** SHA-256 over the space as loaded and the base ruleset's hash: a study refuses another space. */
  hash: string;
}

/** A ruleset path as steps (`grids.invest.1` -> ['grids', 'invest', 1]). */
const stepsOf = (path: string): (string | number)[] => path.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s));

/** The fields of an object (for "did you mean" lists). */
const fieldsOf = (v: unknown) => (typeof v === 'object' && v !== null && !Array.isArray(v) ? Object.keys(v).join(', ') : '');

/** A shipped ruleset name stays a name; a path resolves against the space file's folder. */
const isPath = (ref: string) => ref.endsWith('.json') || ref.includes('/') || ref.includes('\\');

/** Where a deck's cards are in the game's resolved rules JSON: at the same path as its file field, else the one deck beside the rules. */
function deckContent(
  rules: Record<string, unknown>,
  field: (string | number)[],
): { cards: { id?: unknown; count?: unknown }[] } | undefined {
  const hasCards = (v: unknown): v is { cards: { id?: unknown; count?: unknown }[] } =>
    typeof v === 'object' && v !== null && Array.isArray((v as { cards?: unknown }).cards);
  const same = valueAtPath(rules, field);
  if (hasCards(same)) return same;
  const others = Object.entries(rules).filter(([k, v]) => k !== 'rules' && hasCards(v));
  return others.length === 1 ? (others[0][1] as { cards: { id?: unknown; count?: unknown }[] }) : undefined;
}

/**
 * Load and validate the search space in `file` against its game (see the module docs): the file's shape (zod), the
 * game, the base ruleset, each parameter's path against the base ruleset and its range against the game's ruleset
 * schema (a ruleset at each end is compiled), the stage's agents and players, and each objective's measure (summary
 * paths against a one-game probe of the base).
 * @throws TuneError listing every problem with its field
 */
export async function loadSpace(file: string): Promise<Space> {
  const where = `invalid search space ${file}`;
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new TuneError(where, [{ path: '', message: `cannot read it as JSON: ${(e as Error).message}` }]);
  }
  const parsed = SpaceSchema.safeParse(json);
  if (!parsed.success) throw new TuneError(where, zodIssues(parsed.error, '', json));
  const s = parsed.data;
  const issues: { path: string; message: string }[] = [];
  const fail = () => new TuneError(where, issues);
  let entry: GameEntry;
  try {
    entry = gameEntry(s.game);
  } catch (e) {
    throw new TuneError(where, [{ path: 'game', message: (e as Error).message }]);
  }
  const load = isPath(s.base) ? resolve(dirname(file), s.base) : s.base;
  let baseGame: Game<unknown>;
  try {
    baseGame = entry.game(load);
  } catch (e) {
    throw new TuneError(where, [{ path: 'base', message: (e as Error).message }]);
  }
  const rules = entry.rules(baseGame) as Record<string, unknown> | null;
  if (!rules || typeof rules.rules !== 'object')
    throw new TuneError(where, [
      { path: 'game', message: `${entry.name} does not expose its resolved rules, so no ruleset path can be searched` },
    ]);

  const parameters: Parameter[] = [];
  s.parameters.forEach((p, i) => {
    const at = (field: string) => `parameters.${i}.${field}`;
    const domain: Domain = p.choices
      ? { type: 'categorical', choices: p.choices }
      : {
          type: p.float ? 'float' : 'int',
          low: p.low!,
          high: p.high!,
          ...(p.step !== undefined ? { step: p.step } : p.float ? {} : { step: 1 }),
        };
    if (domain.type === 'int' && ![domain.low, domain.high, domain.step!].every(Number.isInteger))
      return void issues.push({ path: at('step'), message: 'an integer range needs integer low, high and step (or "float": true)' });
    let base: unknown;
    let target: Parameter['target'];
    let name: string;
    if (p.path !== undefined) {
      const path = stepsOf(p.path);
      base = valueAtPath(rules.rules, path);
      if (base === undefined) {
        const parent = valueAtPath(rules.rules, path.slice(0, -1));
        return void issues.push({
          path: at('path'),
          message:
            `no field "${p.path}" in the base ruleset ${s.base}` +
            (fieldsOf(parent) ? ` (${path.slice(0, -1).join('.') || 'its top level'} has: ${fieldsOf(parent)})` : ''),
        });
      }
      target = { kind: 'path', path };
      name = p.path;
    } else {
      const field = stepsOf(p.deck!);
      const fileName = valueAtPath(rules.rules, field);
      const deck = deckContent(rules, field);
      if (typeof fileName !== 'string' || !deck)
        return void issues.push({
          path: at('deck'),
          message: `"${p.deck}" is not a field of the base ruleset that names a deck file of cards`,
        });
      const card = deck.cards.find((c) => c.id === p.card);
      if (!card)
        return void issues.push({
          path: at('card'),
          message: `no card "${p.card}" in ${fileName} (cards: ${deck.cards.map((c) => c.id).join(', ')})`,
        });
      if (typeof card.count !== 'number') return void issues.push({ path: at('card'), message: `the cards of ${fileName} have no count` });
      base = card.count;
      let against: { card: string; base: number } | undefined;
      if (p.against !== undefined) {
        const other = deck.cards.find((c) => c.id === p.against);
        if (!other) return void issues.push({ path: at('against'), message: `no card "${p.against}" in ${fileName}` });
        against = { card: p.against, base: other.count as number };
      }
      target = { kind: 'deck', field, card: p.card!, ...(against ? { against } : {}) };
      name = `${p.deck}[${p.card}${p.against ? ` against ${p.against}` : ''}].count`;
    }
    if (domain.type === 'categorical') {
      if (!domain.choices.some((c) => canonicalJson(c) === canonicalJson(base)))
        issues.push({ path: at('choices'), message: `must include the base ruleset's value ${JSON.stringify(base)}` });
    } else if (typeof base !== 'number')
      issues.push({ path: at('low'), message: `a range needs a number; the base ruleset has ${JSON.stringify(base)}` });
    else if (base < domain.low || base > domain.high)
      issues.push({ path: at('low'), message: `the range ${domain.low}..${domain.high} must hold the base value ${base}` });
    else if (domain.step !== undefined && !onGrid(base - domain.low, domain.step))
      issues.push({ path: at('step'), message: `the grid ${domain.low}, ${domain.low + domain.step}, ... misses the base value ${base}` });
    if (parameters.some((q) => q.name === name))
      issues.push({ path: at(p.path ? 'path' : 'card'), message: `${name} is already a parameter` });
    parameters.push({ name, class: p.class, quote: p.quote, source: p.source, note: p.note, target, domain, base });
  });
  if (issues.length) throw fail();

  const space: Space = {
    file,
    name: s.name ?? basename(file).replace(/\.json$/, ''),
    description: s.description,
    game: entry.name,
    entry,
    base: { ref: s.base, load, game: baseGame, rules },
    parameters,
    objectives: [],
    stage: { players: 0, agents: [], games: s.stage.games, remeasure: 0, bootstrap: s.stage.bootstrap, seed: s.stage.seed },
    confirm: s.confirm,
    sampler: s.sampler,
    hash: '',
  };

  // The stage: players, agents.
  const players = s.stage.players ?? Math.min(baseGame.maxPlayers, Math.max(baseGame.minPlayers, 4));
  if (players < baseGame.minPlayers || players > baseGame.maxPlayers)
    issues.push({
      path: 'stage.players',
      message: `${entry.name}'s base ruleset allows ${baseGame.minPlayers}..${baseGame.maxPlayers} players, not ${players}`,
    });
  let agents: string[] = [];
  try {
    agents = parseAgents((s.stage.agents ?? [entry.agents.heuristic?.spec ?? 'random']).join(','), entry, load);
  } catch (e) {
    issues.push({ path: 'stage.agents', message: (e as Error).message });
  }
  space.stage = { ...space.stage, players, agents, remeasure: s.stage.remeasure ?? 4 * s.stage.games };

  // The objectives: measures parsed against the game, summary paths against a one-game probe of the base.
  const names = new Set(['distance']);
  s.objectives.forEach((o, i) => {
    if (names.has(o.name)) issues.push({ path: `objectives.${i}.name`, message: `"${o.name}" is taken (distance is the search's own)` });
    names.add(o.name);
    try {
      space.objectives.push({
        name: o.name,
        measure: parseMeasure(o.measure, entry, baseGame),
        target: o.target,
        direction: o.direction,
        note: o.note,
      });
    } catch (e) {
      issues.push({ path: `objectives.${i}.measure`, message: (e as Error).message });
    }
  });
  if (issues.length) throw fail();
  // Each range's ends (and the first step off its low end), each choice, against the game's ruleset schema; and the
  // agents a trial seats must play there (a checkpoint needs the observation and action layout it was trained for).
  const specs = [
    ...space.stage.agents,
    ...space.objectives.flatMap((o) => (o.measure.kind === 'restricted' ? [o.measure.text, o.measure.against] : [])),
  ];
  const tmp = mkdtempSync(join(tmpdir(), 'merlin-tune-check-'));
  try {
    const values = baseValues(space);
    const check = (i: number, value: unknown, field: string) => {
      const v = [...values];
      v[i] = value;
      let game: Game<unknown>;
      try {
        game = entry.game(writeRuleset(space, v, tmp, `check-${i}-${field}`).file);
      } catch (e) {
        const detail = e instanceof RulesetError ? e.issues.map((x) => `${x.path}: ${x.message}`).join('; ') : (e as Error).message;
        return void issues.push({
          path: `parameters.${i}.${field}`,
          message: `${JSON.stringify(value)} is outside what the ${entry.name} ruleset schema allows (${detail})`,
        });
      }
      for (const spec of specs)
        try {
          entry.agent(spec, 0, game);
        } catch (e) {
          return void issues.push({
            path: `parameters.${i}.${field}`,
            message: `at ${JSON.stringify(value)} ${spec} cannot play: ${(e as Error).message}`,
          });
        }
    };
    try {
      entry.game(writeRuleset(space, values, tmp, 'check-base').file);
    } catch (e) {
      issues.push({ path: 'base', message: `a ruleset that extends it does not load: ${(e as Error).message}` });
    }
    parameters.forEach((p, i) => {
      const d = p.domain;
      if (d.type === 'categorical') d.choices.forEach((c, j) => check(i, c, `choices.${j}`));
      else {
        check(i, d.low, 'low');
        check(i, gridTop(d), 'high');
        if (d.step !== undefined && d.low + d.step < d.high) check(i, d.low + d.step, 'step');
      }
    });
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }

  if (issues.length) throw fail();
  const paths = space.objectives.filter((o) => o.measure.kind === 'probe');
  if (paths.length) {
    const summary = await runProbe({
      game: entry.name,
      ruleset: load,
      agents,
      players,
      seed: `${s.stage.seed}/check`,
      games: 1,
      workers: 1,
    });
    for (const text of unreported(
      paths.map((o) => o.measure),
      summary,
    ))
      issues.push({
        path: `objectives.${s.objectives.findIndex((o) => o.measure === text)}.measure`,
        message: `the ${entry.name} probe does not report "${text}" (its summary has: ${fieldsOf(summary)})`,
      });
  }
  if (issues.length) throw fail();
  // What the trials' values depend on: not names, notes, quotes, the sampler or confirmation settings (a resumed study may change those).
  const measured = {
    game: s.game,
    base: s.base,
    parameters: s.parameters.map(({ note: _n, quote: _q, source: _s, ...p }) => p),
    objectives: s.objectives.map(({ note: _n, ...o }) => o),
    stage: s.stage,
  };
  space.hash = contentHash({ space: measured, base: baseGame.rulesHash });
  return space;
}

const onGrid = (x: number, step: number) => Math.abs(x / step - Math.round(x / step)) < 1e-9;

/** The highest value of a range's grid (its `high`, or the last step below it). */
export function gridTop(d: Domain & { type: 'int' | 'float' }): number {
  return d.step === undefined ? d.high : d.low + Math.floor((d.high - d.low) / d.step + 1e-9) * d.step;
}

/** The base ruleset's value of each parameter, in order. */
export const baseValues = (space: Space): unknown[] => space.parameters.map((p) => p.base);

/** How Optuna holds a parameter: ranges as they are, choices as their JSON text (Optuna's choices are scalars). */
export function distributionOf(p: Parameter): Record<string, unknown> {
  return p.domain.type === 'categorical'
    ? { type: 'categorical', choices: p.domain.choices.map((c) => JSON.stringify(c)) }
    : { ...p.domain };
}

/** A trial's parameters (Optuna's, by name) as values in `space.parameters` order. */
export function valuesOf(space: Space, params: Record<string, unknown>): unknown[] {
  return space.parameters.map((p) => (p.domain.type === 'categorical' ? JSON.parse(String(params[p.name])) : params[p.name]));
}

/** Values (in `space.parameters` order) as Optuna's parameters, by name. */
export function paramsOf(space: Space, values: readonly unknown[]): Record<string, unknown> {
  return Object.fromEntries(
    space.parameters.map((p, i) => [p.name, p.domain.type === 'categorical' ? JSON.stringify(values[i]) : values[i]]),
  );
}

/** How far a point is from the base ruleset. */
export interface Distance {
  /**
   * The objective: deviations x (N + 2) + changed + reach / N for N parameters, so one more deviation outweighs any
   * number of free changes, one more change outweighs how far the changes reach, and among equal counts the
   * smaller moves win. 0 is the base ruleset.
   */
  distance: number;
  /** Parameters not at the base value. */
  changed: number;
  /** Sum over the changed parameters of how far each moved: |value - base| / (high - low) for a range, 1 for a choice. */
  reach: number;
  /** Deviation-class parameters changed. */
  deviations: number;
}

/** The distance of `values` from the base ruleset (see `Distance`). */
export function distanceOf(space: Space, values: readonly unknown[]): Distance {
  let changed = 0;
  let reach = 0;
  let deviations = 0;
  space.parameters.forEach((p, i) => {
    if (canonicalJson(values[i]) === canonicalJson(p.base)) return;
    changed++;
    if (p.class === 'deviation') deviations++;
    reach += p.domain.type === 'categorical' ? 1 : Math.abs((values[i] as number) - (p.base as number)) / (p.domain.high - p.domain.low);
  });
  const N = space.parameters.length;
  return { distance: deviations * (N + 2) + changed + reach / N, changed, reach, deviations };
}

/** The file name (without `.json`) of the ruleset of `values`: the same values, the same name. */
export const rulesetKey = (space: Space, values: readonly unknown[]): string =>
  `p-${contentHash({ base: space.hash, values }).slice(0, 12)}`;

/** Set `value` at `path` in the override object `over`, creating objects on the way. */
function setPath(over: Record<string, unknown>, path: readonly (string | number)[], value: unknown): void {
  let o = over;
  path.slice(0, -1).forEach((k) => {
    const next = o[k];
    o = (o[k] = typeof next === 'object' && next !== null ? next : {}) as Record<string, unknown>;
  });
  o[path.at(-1)!] = value;
}

/**
 * The ruleset of `values`: a file that `extends` the base and lists only the changed fields (an array is written
 * whole: a ruleset file replaces arrays), and a deck file per changed deck (its cards' counts, its size following).
 * `name` becomes the ruleset's `name`; `extendsRef` is what the file says it extends (default: the base as loaded).
 */
export function rulesetOf(
  space: Space,
  values: readonly unknown[],
  name: string,
  extendsRef: string = space.base.load,
): { ruleset: Record<string, unknown>; decks: Record<string, unknown> } {
  const over: Record<string, unknown> = {};
  const decks = new Map<
    string,
    { field: (string | number)[]; cards: { id?: unknown; count?: unknown }[]; json: Record<string, unknown> }
  >();
  const changes: string[] = [];
  space.parameters.forEach((p, i) => {
    if (canonicalJson(values[i]) === canonicalJson(p.base)) return;
    changes.push(`${p.name} ${JSON.stringify(p.base)} -> ${JSON.stringify(values[i])}`);
    if (p.target.kind === 'path') {
      const path = p.target.path;
      // The first array on the way is written whole, with the change in it.
      const arrayAt = path.findIndex(
        (_, j) => j < path.length - 1 && Array.isArray(valueAtPath(space.base.rules.rules, path.slice(0, j + 1))),
      );
      if (arrayAt < 0) return setPath(over, path, values[i]);
      const top = path.slice(0, arrayAt + 1);
      const existing = valueAtPath(over, top);
      const whole = structuredClone(existing ?? valueAtPath(space.base.rules.rules, top)) as unknown[];
      setPath(whole as unknown as Record<string, unknown>, path.slice(arrayAt + 1), values[i]);
      return setPath(over, top, whole);
    }
    const key = p.target.field.join('.');
    if (!decks.has(key)) {
      const json = structuredClone(deckContent(space.base.rules, p.target.field)!) as unknown as Record<string, unknown>;
      decks.set(key, { field: p.target.field, cards: json.cards as { id?: unknown; count?: unknown }[], json });
    }
    const cards = decks.get(key)!.cards;
    const t = p.target;
    cards.find((c) => c.id === t.card)!.count = values[i];
    if (t.against) {
      const other = cards.find((c) => c.id === t.against!.card)!;
      other.count = (other.count as number) - ((values[i] as number) - (p.base as number));
    }
  });
  const deckFiles: Record<string, unknown> = {};
  for (const [key, d] of decks) {
    if (typeof d.json.size === 'number') d.json.size = d.cards.reduce((t, c) => t + Number(c.count), 0);
    const file = `${name}.${key.replace(/[^A-Za-z0-9]+/g, '-')}.json`;
    deckFiles[file] = d.json;
    setPath(over, d.field, file);
  }
  const ruleset = {
    extends: extendsRef,
    name,
    description: `${space.entry.name} ruleset found by merlin tune (${space.name}) over ${space.base.ref}: ${changes.length ? changes.join('; ') : 'no change'}.`,
    ...over,
  };
  return { ruleset, decks: deckFiles };
}

/**
 * Write the ruleset of `values` (`rulesetOf`) as `dir/NAME.json` with its deck files beside it.
 * @returns the ruleset file's path and the deck files'
 */
export function writeRuleset(
  space: Space,
  values: readonly unknown[],
  dir: string,
  name: string,
  extendsRef?: string,
): { file: string; decks: string[] } {
  const { ruleset, decks } = rulesetOf(space, values, name, extendsRef);
  const file = join(dir, `${name}.json`);
  const written: string[] = [];
  for (const [deckFile, json] of Object.entries(decks)) {
    writeFileSync(join(dir, deckFile), JSON.stringify(json, null, 1) + '\n');
    written.push(join(dir, deckFile));
  }
  writeFileSync(file, JSON.stringify(ruleset, null, 1) + '\n');
  return { file, decks: written };
}

/** What a ruleset written at `file` says it extends: a shipped name as it is, a base file relative to `file`'s folder. */
export function extendsFrom(space: Space, file: string): string {
  if (!isAbsolute(space.base.load)) return space.base.load;
  const rel = relative(dirname(resolve(file)), space.base.load);
  return rel.startsWith('.') ? rel : `./${rel}`;
}
