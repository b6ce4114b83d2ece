/**
 * Property-based fuzzing of every registered game (fast-check), shared by the fixed-budget tests in
 * `npm test` (games/test/fuzz.test.ts) and the long run on demand (`FUZZ_SECONDS=3600 npm run fuzz`, tools/fuzz.ts):
 *
 * - **rulesets**: the game's shipped rules (resolved JSON) with one value changed within or just outside its
 *   schema (a number nudged, doubled, halved, zeroed, made negative, fractional or huge; a boolean flipped; a
 *   value of the wrong type; an array item dropped or repeated; a key deleted or an unknown one added). Either
 *   the ruleset is refused with a RulesetError whose issues name the changed field, or it compiles to a game
 *   that plays `STEPS` random legal actions with the game's invariant checks clean after every one.
 * - **actions**: a random mid-game state and any action id (legal, illegal, outside the catalogue, fractional):
 *   a legal id applies; anything else is refused with a typed error (IllegalActionError, UnknownActionError,
 *   GameOverError) and the state is byte-identical afterwards.
 * - **states**: a random mid-game state serialises and deserialises exactly (the same text, the same legal
 *   actions, the same next state); the text truncated, a field deleted, a field or an array item of the wrong
 *   type, another version or ruleset hash is refused with a StateError.
 *
 * A game's rules are read and compiled through its registry entry (`rules(game).rules`, `compileRules`); the
 * tests fail for a registered game without `compileRules`. Explicit chance nodes are played like any other node
 * (a random outcome among the legal ones).
 */
import fc from 'fast-check';
import seedrandom from 'seedrandom';
import { GameOverError, IllegalActionError, RulesetError, StateError, UnknownActionError } from '../../lib/errors.ts';
import { legalBuffer, type Game } from '../../env/core/game.ts';
import { GAMES, type GameEntry } from '../registry.ts';

type Json = unknown;

/** Random legal actions played on a fuzzed ruleset's game (each followed by the invariant checks). */
export const STEPS = 150;

/** Every registered game with each shipped variant. */
export function gamesAndVariants(): { entry: GameEntry; variant: string }[] {
  return Object.values(GAMES).flatMap((entry) => entry.variants.map((variant) => ({ entry, variant })));
}

const clone = (x: Json): Json => JSON.parse(JSON.stringify(x));

/** Every path in `x` (object keys and array indices), parents before children, the root excluded. */
export function paths(x: Json, prefix: (string | number)[] = []): (string | number)[][] {
  if (typeof x !== 'object' || x === null) return [];
  const keys: (string | number)[] = Array.isArray(x) ? x.map((_, i) => i) : Object.keys(x);
  return keys.flatMap((k) => [[...prefix, k], ...paths((x as Record<string | number, Json>)[k], [...prefix, k])]);
}

const get = (x: Json, path: (string | number)[]): Json => path.reduce((v: Json, k) => (v as Record<string | number, Json>)[k], x);

/** How a value is changed; the first ones stay near the schema, the later ones step just outside it. */
export const MUTATIONS = [
  'nudge',
  'double',
  'halve',
  'zero',
  'one',
  'flip',
  'dropItem',
  'repeatItem',
  'negative',
  'fraction',
  'huge',
  'wrongType',
  'deleteKey',
  'unknownKey',
] as const;
export type Mutation = (typeof MUTATIONS)[number];

/** The mutations that apply to `v` (numbers, booleans, arrays, objects; any value may get a wrong type or lose its key). */
export function mutationsFor(v: Json): Mutation[] {
  if (typeof v === 'number') return ['nudge', 'double', 'halve', 'zero', 'one', 'negative', 'fraction', 'huge', 'wrongType', 'deleteKey'];
  if (typeof v === 'boolean') return ['flip', 'wrongType', 'deleteKey'];
  if (Array.isArray(v)) return ['dropItem', 'repeatItem', 'wrongType', 'deleteKey'];
  if (typeof v === 'object' && v !== null) return ['unknownKey', 'wrongType', 'deleteKey'];
  return ['wrongType', 'deleteKey'];
}

/**
 * `rules` with the value at `path` changed by `kind` (`delta` for nudges; `pick` chooses among wrong types), or
 * null when the kind does not apply to that value (the case is then skipped).
 */
export function mutate(rules: Json, path: (string | number)[], kind: Mutation, delta: number, pick: number): Json | null {
  const out = clone(rules);
  const parent = get(out, path.slice(0, -1)) as Record<string | number, Json>;
  const key = path[path.length - 1];
  const v = parent[key];
  const num = typeof v === 'number';
  const arr = Array.isArray(v);
  switch (kind) {
    case 'nudge':
      if (!num) return null;
      parent[key] = v + (delta || 1);
      break;
    case 'double':
      if (!num) return null;
      parent[key] = v * 2;
      break;
    case 'halve':
      if (!num) return null;
      parent[key] = Math.floor(v / 2);
      break;
    case 'zero':
      if (!num) return null;
      parent[key] = 0;
      break;
    case 'one':
      if (!num) return null;
      parent[key] = 1;
      break;
    case 'flip':
      if (typeof v !== 'boolean') return null;
      parent[key] = !v;
      break;
    case 'dropItem':
      if (!arr || v.length === 0) return null;
      v.splice(Math.abs(delta) % v.length, 1);
      break;
    case 'repeatItem':
      if (!arr || v.length === 0) return null;
      v.push(clone(v[Math.abs(delta) % v.length]));
      break;
    case 'negative':
      if (!num) return null;
      parent[key] = -1 - Math.abs(v);
      break;
    case 'fraction':
      if (!num) return null;
      parent[key] = v + 0.5;
      break;
    case 'huge':
      if (!num) return null;
      parent[key] = 1e9;
      break;
    case 'wrongType': {
      const others: Json[] = ['x', null, true, [], {}, 7].filter((o) => typeof o !== typeof v || Array.isArray(o) !== arr);
      parent[key] = others[Math.abs(pick) % others.length];
      break;
    }
    case 'deleteKey':
      if (Array.isArray(parent)) return null;
      delete parent[key];
      break;
    case 'unknownKey':
      if (typeof v !== 'object' || v === null || arr) return null;
      (v as Record<string, Json>).fuzzedUnknownKey = 1;
      break;
  }
  return out;
}

/** Play up to `steps` random legal actions of `game` from `seed` with its invariant checks; returns the problems found. */
export function playChecked(entry: GameEntry, game: Game<unknown>, players: number, seed: string, steps: number): string[] {
  const report = entry.reporting(game);
  const rng = seedrandom(`${seed}/moves`);
  const legal = legalBuffer(game);
  const s = game.newState(players, seed);
  for (let t = 0; t < steps && !game.isTerminal(s); t++) {
    const n = game.legalActions(s, legal);
    if (n === 0) return [`step ${t}: no legal action in a running game`];
    game.applyAction(s, legal[Math.floor(rng() * n)]);
    const v = report.checkInvariants?.(s, t % 8 === 7) ?? [];
    if (v.length) return v.map((m) => `step ${t + 1}: ${m}`);
  }
  return [];
}

/** A game of `entry` under `variant` after `k` random legal steps from `seed` (stops early at the end). */
export function midGame(game: Game<unknown>, players: number, seed: string, k: number): unknown {
  const rng = seedrandom(`${seed}/walk`);
  const legal = legalBuffer(game);
  const s = game.newState(players, seed);
  for (let t = 0; t < k && !game.isTerminal(s); t++) game.applyAction(s, legal[Math.floor(rng() * game.legalActions(s, legal))]);
  return s;
}

/** The ruleset property of `entry` (every variant): see the module docs. */
export function rulesetProperty(entry: GameEntry): fc.IPropertyWithHooks<[number, number, number, number, number, number]> {
  const compile = entry.compileRules;
  if (!compile) throw new Error(`${entry.name} has no compileRules: its registry definition must say how edited rules compile`);
  const bases = entry.variants.map((v) => {
    const game = entry.game(v);
    const rules = (entry.rules(game) as { rules: Json }).rules;
    return { game, rules, paths: paths(rules) };
  });
  return fc.property(
    fc.nat(bases.length - 1),
    fc.nat(),
    fc.nat(),
    fc.integer({ min: -3, max: 3 }),
    fc.nat(),
    fc.nat(),
    (b, p, m, delta, pick, seed) => {
      const base = bases[b];
      const path = base.paths[p % base.paths.length];
      const kinds = mutationsFor(get(base.rules, path));
      const kind = kinds[m % kinds.length];
      const rules = mutate(base.rules, path, kind, delta, pick);
      fc.pre(rules !== null);
      let game: Game<unknown>;
      try {
        game = compile(base.game, rules);
      } catch (e) {
        if (!(e instanceof RulesetError))
          throw new Error(`${kind} ${path.join('.')}: not a RulesetError: ${(e as Error).stack}`, { cause: e });
        const names = path.filter((k): k is string => typeof k === 'string');
        const named = e.issues.some((i) => names.some((n) => `${i.path} ${i.message}`.includes(n)));
        if (!named) throw new Error(`${kind} ${path.join('.')}: the error names no changed field:\n${e.message}`, { cause: e });
        return;
      }
      const players = game.minPlayers + (seed % (game.maxPlayers - game.minPlayers + 1));
      const problems = playChecked(entry, game, players, `fuzz/${seed}`, STEPS);
      if (problems.length) throw new Error(`${kind} ${path.join('.')} = ${JSON.stringify(get(rules, path))}: ${problems.join('; ')}`);
    },
  );
}

/** Ids worth trying: anywhere in and just outside the catalogue, and not integers at all. */
const actionId = (numActions: number) =>
  fc.oneof(
    fc.integer({ min: 0, max: numActions - 1 }),
    fc.integer({ min: -3, max: numActions + 3 }),
    fc.constantFrom(NaN, Infinity, -1, 0.5, numActions, 2 ** 31, -0),
  );

/** The action property of `entry` (every variant): see the module docs. */
export function actionProperty(entry: GameEntry) {
  const games = entry.variants.map((v) => entry.game(v));
  const maxActions = Math.max(...games.map((g) => g.numActions));
  return fc.property(fc.nat(games.length - 1), fc.nat(), fc.nat(400), actionId(maxActions), fc.boolean(), (gi, seed, k, id, pickLegal) => {
    const game = games[gi];
    const players = game.minPlayers + (seed % (game.maxPlayers - game.minPlayers + 1));
    const s = midGame(game, players, `fuzz/${seed}`, k);
    const legal = legalBuffer(game);
    const n = game.isTerminal(s) ? 0 : game.legalActions(s, legal);
    const legalIds = legal.subarray(0, n);
    const a = pickLegal && n > 0 ? legalIds[Math.abs(Math.trunc(id) || 0) % n] : id;
    const before = game.serialize(s);
    const isLegal = Number.isInteger(a) && legalIds.includes(a);
    try {
      game.applyAction(s, a);
    } catch (e) {
      if (isLegal) throw new Error(`legal action ${a} refused: ${(e as Error).stack}`, { cause: e });
      const typed = e instanceof IllegalActionError || e instanceof UnknownActionError || e instanceof GameOverError;
      if (!typed) throw new Error(`action ${a}: not a typed refusal: ${(e as Error).stack}`, { cause: e });
      if (game.serialize(s) !== before)
        throw new Error(`action ${a} refused (${(e as Error).message}) but the state changed`, { cause: e });
      return;
    }
    if (!isLegal) throw new Error(`illegal action ${a} (${describe(game, a)}) was applied`);
  });
}

const describe = (game: Game<unknown>, a: number) => {
  try {
    return game.describeAction(null, a);
  } catch {
    return '?';
  }
};

/** Ways to corrupt a serialised state that a reader must refuse. */
export const CORRUPTIONS = ['truncate', 'deleteField', 'wrongTypeField', 'wrongTypeItem', 'version', 'rulesetHash', 'notAnObject'] as const;
export type Corruption = (typeof CORRUPTIONS)[number];

/** `text` (a serialised state) corrupted by `kind` at `at`; null when the kind does not apply. */
export function corrupt(text: string, kind: Corruption, at: number): string | null {
  if (kind === 'truncate') return text.slice(0, at % text.length);
  if (kind === 'notAnObject') return ['[]', '42', 'null', '"state"'][at % 4];
  const o = JSON.parse(text) as Record<string, Json>;
  const keys = Object.keys(o);
  if (kind === 'version') o.v = typeof o.v === 'number' ? o.v + 1 + (at % 5) : 'v?';
  else if (kind === 'rulesetHash') o.rulesetHash = 'f'.repeat(64);
  else if (kind === 'deleteField') delete o[keys[at % keys.length]];
  else if (kind === 'wrongTypeField') {
    const k = keys[at % keys.length];
    o[k] = typeof o[k] === 'string' ? 12 : Array.isArray(o[k]) ? 'x' : typeof o[k] === 'number' ? 'x' : 3;
  } else {
    const arrays = keys.filter((k) => Array.isArray(o[k]) && (o[k] as Json[]).length > 0);
    if (!arrays.length) return null;
    const arr = o[arrays[at % arrays.length]] as Json[];
    const i = Math.floor(at / arrays.length) % arr.length;
    arr[i] = typeof arr[i] === 'number' ? 'x' : Array.isArray(arr[i]) ? 'x' : 5;
  }
  return JSON.stringify(o);
}

/** The serialisation property of `entry` (every variant): see the module docs. */
export function stateProperty(entry: GameEntry) {
  const games = entry.variants.map((v) => entry.game(v));
  return fc.property(
    fc.nat(games.length - 1),
    fc.nat(),
    fc.nat(400),
    fc.constantFrom(...CORRUPTIONS),
    fc.nat(),
    (gi, seed, k, kind, at) => {
      const game = games[gi];
      const players = game.minPlayers + (seed % (game.maxPlayers - game.minPlayers + 1));
      const s = midGame(game, players, `fuzz/${seed}`, k);
      const text = game.serialize(s);
      const back = game.deserialize(text);
      if (game.serialize(back) !== text) throw new Error('round trip changed the text');
      if (!game.isTerminal(s)) {
        const a = legalBuffer(game);
        const b = legalBuffer(game);
        const n = game.legalActions(s, a);
        if (n !== game.legalActions(back, b) || a.some((x, i) => x !== b[i])) throw new Error('round trip changed the legal actions');
        const next = a[seed % n];
        game.applyAction(s, next);
        game.applyAction(back, next);
        if (game.serialize(s) !== game.serialize(back)) throw new Error(`round trip changed the state after action ${next}`);
      }
      const bad = corrupt(text, kind, at);
      fc.pre(bad !== null && bad !== text);
      try {
        game.deserialize(bad);
      } catch (e) {
        if (e instanceof StateError) return;
        throw new Error(`${kind}: not a StateError: ${(e as Error).stack}`, { cause: e });
      }
      throw new Error(`${kind} at ${at}: the corrupted state was accepted: ${bad.slice(0, 300)}`);
    },
  );
}
