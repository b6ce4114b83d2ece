/**
 * Numeric flags of the `merlin` command, checked by yargs itself: every number a command reads
 * is declared here once with its kind (an integer count or a real quantity), its range and its unit, and
 * yargs' `coerce` refuses anything else before a command runs: `-1`, `0` where a count must be positive,
 * `1.5` for a count, `abc` (NaN), `Infinity`, a value beyond the stated maximum, or the flag given twice.
 * The refusal is an `ArgumentError` (code `INVALID_ARGUMENT`), which cli/main.ts prints on stderr with
 * exit code 2.
 *
 * Ranges are the tool's sanity bounds, stated in each flag's `--help` line. `--players` is the exception:
 * its range is the game's (the ruleset's `players.min..max`: 2-6 for Merlin, 2-4 for Economicon), which the
 * parser does not know, so its option (`playersFlag`) keeps the text as typed and cli/main.ts checks it once
 * the game is known (`checkPlayers`): `--players 2.5`, `--players 9` and `--players abc` get one message
 * naming the game's range.
 */
import { ArgumentError } from '../lib/errors.ts';

/** How a numeric flag is checked: an integer count or a real quantity, in [min, max]. */
export interface NumericRule {
  /** Whole numbers only (counts: games, players, envs, workers, ports, bytes). */
  integer: boolean;
  /** Smallest accepted value (inclusive). */
  min: number;
  /** Largest accepted value (inclusive). */
  max: number;
}

/**
 * A yargs option for one numeric flag. It is read as text (`type: 'string'`, `requiresArg`) and parsed by
 * `coerce`, because yargs' own number type turns `--n ''` into 0 and `--n abc` into NaN, losing what was
 * typed; the value the command receives is a number.
 */
export interface NumericOption<D extends number | undefined> {
  type: 'string';
  requiresArg: true;
  describe: string;
  default: D;
  hidden?: boolean;
  /** Checks the text given (or the default); an absent flag without a default stays undefined. */
  coerce: (value: unknown) => D extends number ? number : number | undefined;
  /** The rule `coerce` enforces (read by the tests that walk every flag). */
  rule: NumericRule;
}

/** Largest `--players` any game may allow (the flag's stated sanity bound; each game's own range is narrower). */
export const MAX_PLAYERS_FLAG = 64;

/** A plain decimal number as typed: optional sign, digits, optional fraction and exponent (no hex, no Infinity). */
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

const fmt = (x: number) => (Number.isInteger(x) ? x.toLocaleString('en') : String(x));

/**
 * Check one flag value against its rule and return it as a number.
 *
 * @param flag the flag's name without dashes (for the message).
 * @param value the text typed (or a number default), or an array when the flag was given twice.
 * @throws ArgumentError (INVALID_ARGUMENT) naming the flag, the rule and the value given.
 */
export function checkNumber(flag: string, value: unknown, rule: NumericRule): number {
  const what = `${rule.integer ? 'an integer' : 'a number'} from ${fmt(rule.min)} to ${fmt(rule.max)}`;
  if (Array.isArray(value)) throw new ArgumentError(`--${flag} was given ${value.length} times; give it once (${what})`);
  const n = typeof value === 'number' ? value : typeof value === 'string' && DECIMAL.test(value) ? Number(value) : NaN;
  if (!Number.isFinite(n) || (rule.integer && !Number.isInteger(n)) || n < rule.min || n > rule.max)
    throw new ArgumentError(`--${flag} must be ${what}, got ${JSON.stringify(String(value))}`);
  return n;
}

function numeric<D extends number | undefined>(
  flag: string,
  rule: NumericRule,
  describe: string,
  def: D,
  unit: string,
  hidden?: boolean,
): NumericOption<D> {
  const range = `${rule.integer ? 'integer' : 'number'} ${fmt(rule.min)}-${fmt(rule.max)}${unit ? ` ${unit}` : ''}`;
  return {
    type: 'string',
    requiresArg: true,
    describe: `${describe} [${range}]`,
    default: def,
    rule,
    coerce: (v: unknown) => (v === undefined ? undefined : checkNumber(flag, v, rule)) as D extends number ? number : number | undefined,
    ...(hidden ? { hidden } : {}),
  };
}

/**
 * An integer count flag (games, players, envs, workers, updates, ports, bytes).
 *
 * @param flag the flag's name without dashes; must equal its key in the options table.
 * @param min, max the accepted range (inclusive); stated in `--help`.
 * @param unit what one unit is (e.g. "bytes"), shown after the range; '' for plain counts.
 */
export function intFlag<D extends number | undefined>(
  flag: string,
  min: number,
  max: number,
  describe: string,
  def: D,
  unit = '',
): NumericOption<D> {
  return numeric(flag, { integer: true, min, max }, describe, def, unit);
}

/**
 * A real-valued flag (minutes, seconds).
 *
 * @param flag the flag's name without dashes; must equal its key in the options table.
 * @param min, max the accepted range (inclusive); a positive quantity uses a small positive `min`.
 * @param unit the unit (e.g. "seconds"), shown in `--help` after the range.
 */
export function realFlag<D extends number | undefined>(
  flag: string,
  min: number,
  max: number,
  describe: string,
  def: D,
  unit: string,
): NumericOption<D> {
  return numeric(flag, { integer: false, min, max }, describe, def, unit);
}

/**
 * `--players`: an integer whose range is the game's. The option passes the text through unchecked (typed as
 * the number it becomes): cli/main.ts replaces it with `checkPlayers(text, range)` before any command runs.
 */
export function playersFlag<D extends number | undefined>(describe: string, def: D): NumericOption<D> & { gameRange: true } {
  return {
    ...intFlag('players', 1, MAX_PLAYERS_FLAG, describe, def),
    describe: `${describe} [integer, the game's range]`,
    coerce: (v: unknown) => v as D extends number ? number : number | undefined,
    gameRange: true,
  };
}

/** The players a game allows, and whose range it is (`merlin's full ruleset`), for `checkPlayers`. */
export interface PlayersRange {
  min: number;
  max: number;
  /** What sets the range, e.g. `merlin's full ruleset allows` or `the 2 --agents specs allow`. */
  why: string;
}

/**
 * The one check of `--players`: an integer within the game's range, the same message for `2.5`, `9` or `abc`
 * (`--players must be an integer from 2 to 6 (merlin's full ruleset allows), got "9"`).
 * @param value the text typed (a number default passes as a number; an array when the flag was given twice).
 * @throws ArgumentError (INVALID_ARGUMENT)
 */
export function checkPlayers(value: unknown, range: PlayersRange): number {
  try {
    return checkNumber('players', value, { integer: true, min: range.min, max: range.max });
  } catch (e) {
    throw new ArgumentError(`${(e as Error).message.replace(/, got /, ` (${range.why}), got `)}`);
  }
}

/** True for an option built by intFlag/realFlag. */
export function isNumericOption(o: unknown): o is NumericOption<number | undefined> {
  return typeof o === 'object' && o !== null && 'rule' in o && typeof (o as { coerce?: unknown }).coerce === 'function';
}
