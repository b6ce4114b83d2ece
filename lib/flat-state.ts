/**
 * JSON for game states made of integer scalars and typed arrays (Economicon, Dragon's Money Laundering): one
 * writer and one reader, so every such game refuses malformed input the same way.
 *
 *   const json = writeFlatState(s, STATE_VERSION, SCALARS, ARRAYS);
 *   const s = readFlatState(json, new MyState(), { version: STATE_VERSION, hash: rs.hash, scalars: SCALARS, arrays: ARRAYS });
 */
import { StateError } from './errors.ts';
import type { RngState } from './rng.ts';

/** A state this module can read and write: a ruleset hash, an RNG, integer scalars and non-negative integer typed arrays. */
export interface FlatState {
  rulesetHash: string;
  rng: RngState;
}
type IntArray = Uint8Array | Int16Array | Int32Array;

/** `s` as JSON text: version, ruleset hash, the scalars and arrays in the order given, the RNG (key order fixed). */
export function writeFlatState<S extends FlatState>(
  s: S,
  version: number,
  scalars: readonly (keyof S)[],
  arrays: readonly (keyof S)[],
): string {
  const o: Record<string, unknown> = { v: version, rulesetHash: s.rulesetHash };
  for (const k of scalars) o[k as string] = s[k];
  for (const k of arrays) o[k as string] = Array.from(s[k] as unknown as IntArray);
  o.rng = { c: s.rng.c, s0: s.rng.s0, s1: s.rng.s1, s2: s.rng.s2 };
  return JSON.stringify(o);
}

/**
 * Read `json` (written by `writeFlatState`) into `into` (a fresh state whose arrays have their final lengths),
 * then check it with `check` (the game's invariants).
 * @throws StateError on malformed JSON, another version or ruleset, a missing or mistyped field, a value out of
 *   its array's range, or a state `check` finds broken (its first three problems named)
 */
export function readFlatState<S extends FlatState>(
  json: string,
  into: S,
  o: { version: number; hash: string; scalars: readonly (keyof S)[]; arrays: readonly (keyof S)[]; check: (s: S) => string[] },
): S {
  let j: Record<string, unknown>;
  try {
    j = JSON.parse(json) as Record<string, unknown>;
  } catch (e) {
    throw new StateError(`state is not valid JSON: ${(e as Error).message}`);
  }
  if (!j || typeof j !== 'object' || Array.isArray(j)) throw new StateError('state is not an object');
  if (j.v !== o.version) throw new StateError(`state version ${String(j.v)} is not ${o.version}`);
  if (j.rulesetHash !== o.hash)
    throw new StateError(`state was made under ruleset ${String(j.rulesetHash).slice(0, 12)}, not ${o.hash.slice(0, 12)}`);
  const s = into as unknown as Record<string, unknown>;
  s.rulesetHash = o.hash;
  for (const key of o.scalars) {
    const k = key as string;
    const v = j[k];
    if (typeof v !== 'number' || !Number.isInteger(v)) throw new StateError(`state field ${k} is missing or not an integer`);
    s[k] = v;
  }
  for (const key of o.arrays) {
    const k = key as string;
    const v = j[k];
    const a = s[k] as IntArray;
    if (!Array.isArray(v) || v.length !== a.length || !v.every((x) => typeof x === 'number' && Number.isInteger(x) && x >= 0))
      throw new StateError(`state field ${k} is not an array of ${a.length} non-negative integers`);
    if (a instanceof Uint8Array && v.some((x: number) => x > 255)) throw new StateError(`state field ${k} holds a value above 255`);
    a.set(v as number[]);
  }
  const r = j.rng as Record<string, unknown> | undefined;
  if (!r || !['c', 's0', 's1', 's2'].every((k) => typeof r[k] === 'number'))
    throw new StateError('state field rng is missing or malformed');
  into.rng = { c: r.c as number, s0: r.s0 as number, s1: r.s1 as number, s2: r.s2 as number };
  const problems = o.check(into);
  if (problems.length) throw new StateError(`state breaks the rules: ${problems.slice(0, 3).join('; ')}`);
  return into;
}
