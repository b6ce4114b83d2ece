/**
 * Loading and compiling a poker ruleset (lib/rulesets.ts: a shipped name, `leduc` or `kuhn`, or a path to a
 * designer's file that may say `"extends": "leduc"` and list only what differs). `hash` is a SHA-256 over the
 * canonical JSON of the resolved rules, stable across processes.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RulesetError } from '../../../lib/errors.ts';
import { contentHash } from '../../../lib/hash.ts';
import { rulesetLoader, zodIssues } from '../../../lib/rulesets.ts';
import { RulesetSchema, type RulesetData } from './schema.ts';

const here = dirname(fileURLToPath(import.meta.url));
export const RULESETS_DIR = join(here, 'rulesets');

/** A validated ruleset: its data, hash and the figures every module reads. */
export interface Ruleset {
  readonly data: RulesetData;
  readonly hash: string;
  /** The most chips one seat can put in: the ante and every bet and raise of every round (Leduc: 13). */
  readonly maxStake: number;
  /** The most decisions a hand can take (every seat, every round, each raise reopening the betting). */
  readonly maxDecisions: number;
}

/**
 * Validate and compile ruleset data (its `extends` resolved).
 * @throws RulesetError naming every bad field
 */
export function compileRuleset(json: unknown, _readDeck?: unknown, source = 'ruleset'): Ruleset {
  const r = RulesetSchema.safeParse(json);
  if (!r.success) throw new RulesetError(source, zodIssues(r.error, '', json));
  const data = r.data;
  const P = data.players.max;
  return {
    data,
    hash: contentHash({ rules: data }),
    maxStake: data.ante + data.rounds.reduce((a, x) => a + x.bet * x.maxRaises, 0),
    maxDecisions: data.rounds.reduce((a, x) => a + P * (x.maxRaises + 1), 0),
  };
}

const load = rulesetLoader({ rulesetsDir: RULESETS_DIR, decksDir: RULESETS_DIR, compile: compileRuleset });

/** A ruleset by shipped name or path (cached). @throws RulesetError when missing, not JSON, or invalid */
export function loadRuleset(nameOrPath = 'leduc'): Ruleset {
  return load(nameOrPath);
}

/** The shipped variants, default first. */
export const VARIANTS = ['leduc', 'kuhn'] as const;
