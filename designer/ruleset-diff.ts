/**
 * What differs between two rulesets, path by path (microdiff over the resolved rules JSON the registry's
 * `rules(game)` gives: every rule and, for Merlin, every deck's cards). `merlin probe --compare` opens with it,
 * so the change a designer made is the first thing in the report.
 */
import diff from 'microdiff';

/** One changed value: its dotted path (`rules.supply.gold`), the first ruleset's value and the second's (undefined: absent there). */
export interface RulesetChange {
  path: string;
  old: unknown;
  new: unknown;
}

/**
 * Every path whose value differs between `a` and `b` (plain JSON), in document order: changed values, and
 * keys or array items present in only one of them.
 */
export function rulesetDiff(a: unknown, b: unknown): RulesetChange[] {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null)
    return JSON.stringify(a) === JSON.stringify(b) ? [] : [{ path: '', old: a, new: b }];
  return diff(a as Record<string, unknown>, b as Record<string, unknown>).map((d) => ({
    path: d.path.join('.'),
    old: d.type === 'CREATE' ? undefined : d.oldValue,
    new: d.type === 'REMOVE' ? undefined : d.value,
  }));
}

/** A value as the diff lines show it: JSON, cut at `max` characters; `(absent)` for undefined. */
export function diffValue(v: unknown, max = 80): string {
  if (v === undefined) return '(absent)';
  const t = JSON.stringify(v);
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

/** `rules.supply.gold: 100 -> 150`, one line per change; `no rule differs` when none does. */
export function diffLines(changes: readonly RulesetChange[]): string[] {
  return changes.length ? changes.map((c) => `${c.path}: ${diffValue(c.old)} -> ${diffValue(c.new)}`) : ['no rule differs'];
}
