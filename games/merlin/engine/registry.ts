/**
 * The action-kind registry: how each kind behaves, declared once by the chapter that owns it and gathered
 * by engine.ts into dense tables indexed by kind (no Map or string key on the hot path). A new kind is one
chapter's work: `defineKind` (actions.ts) gives it a number, name and shape, and the chapter's table its rules.
 *
 * A chapter exports a `KindRules` table: for each of its kinds, the phases in which it is a choice, the
 * reference legality check, the apply and the description. A shipped kind's arguments and category are its
 * `SHAPES` row in actions.ts (the catalogue must be buildable without loading the chapters); a kind a chapter
 * adds declares them with `defineKind` when the chapter loads. engine.ts's
 * `whyIllegal`, `applyAction` and `describeAction` dispatch through the tables; `legalActions` keeps its
 * fast per-phase enumerator, which the invariant tests check against `whyIllegal` on every id.
 */
import type { Ruleset } from '../rules/index.ts';
import { Phase, type MerlinState } from './state.ts';
import { KIND_LIMIT, KIND_NAMES, KINDS } from './actions.ts';

/**
 * Why the action of kind `kind` with arguments (`a`, `b`) is illegal for the deciding `seat` now, or null.
 * Called only in one of the kind's phases; for a Main-phase kind, only below the per-turn action cap.
 */
export type KindCheck = (s: MerlinState, rs: Ruleset, seat: number, a: number, b: number, kind: number) => string | null;
/** Apply a legal action of kind `kind` for `seat` (the engine has checked it), mutating `s`. */
export type KindApply = (s: MerlinState, rs: Ruleset, seat: number, a: number, b: number, kind: number) => void;
/** A readable description of the action; with a state, from the deciding player's point of view. */
export type KindDescribe = (rs: Ruleset, a: number, b: number, s: MerlinState | undefined, kind: number) => string;

/** One action kind's behaviour. */
export interface KindRule {
  /** The phases (state.ts `Phase`) in which the kind is a choice; `Phase.Main` makes it a free action. */
  readonly phases: readonly number[];
  /** The reference legality check; absent when every id of the kind is legal in its phases. */
  readonly check?: KindCheck;
  readonly apply: KindApply;
  readonly describe: KindDescribe;
}

/** The rule of a free action of the Main phase (`phases: [Phase.Main]`) from its check, apply and description. */
export function mainKind(check: KindCheck, apply: KindApply, describe: KindDescribe): KindRule {
  return { phases: [Phase.Main], check, apply, describe };
}

/** A chapter's kinds and their behaviour, by kind value (`Kind.X`, or a chapter's `defineKind`). */
export type KindRules = { readonly [kind: number]: KindRule };

/** One more than the largest Phase value: the stride of `KindRegistry.inPhase`. */
export const PHASE_LIMIT = Math.max(...Object.values(Phase)) + 1;

/** The gathered rules, as tables indexed by kind. */
export interface KindRegistry {
  /** 1 at `kind * PHASE_LIMIT + phase` when the kind is a choice in that phase. */
  readonly inPhase: Uint8Array;
  /** 1 for a free action of the Main phase (sized KIND_LIMIT, from the largest kind). */
  readonly main: Uint8Array;
  readonly check: (KindCheck | null)[];
  readonly apply: KindApply[];
  readonly describe: KindDescribe[];
}

/**
 * Gather chapter tables into one registry.
 * @throws Error when a kind is declared twice or a kind of actions.ts `Kind` has no rule.
 */
export function buildRegistry(tables: readonly KindRules[]): KindRegistry {
  const inPhase = new Uint8Array(KIND_LIMIT * PHASE_LIMIT);
  const main = new Uint8Array(KIND_LIMIT);
  const check: (KindCheck | null)[] = new Array(KIND_LIMIT).fill(null);
  const apply: KindApply[] = new Array(KIND_LIMIT);
  const describe: KindDescribe[] = new Array(KIND_LIMIT);
  const seen = new Uint8Array(KIND_LIMIT);
  for (const table of tables) {
    for (const [key, rule] of Object.entries(table) as [string, KindRule][]) {
      const k = Number(key);
      if (seen[k]) throw new Error(`action kind ${KIND_NAMES[k]} (${k}) is declared twice`);
      seen[k] = 1;
      for (const p of rule.phases) inPhase[k * PHASE_LIMIT + p] = 1;
      if (rule.phases.includes(Phase.Main)) main[k] = 1;
      check[k] = rule.check ?? null;
      apply[k] = rule.apply;
      describe[k] = rule.describe;
    }
  }
  for (const k of KINDS) if (!seen[k]) throw new Error(`action kind ${KIND_NAMES[k]} (${k}) has no rule`);
  return { inPhase, main, check, apply, describe };
}
