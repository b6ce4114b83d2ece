/**
 * Every numeric flag of every `merlin` command is checked by yargs itself (cli/flags.ts): the
 * test walks each command's flag table through yargs with -1, 0, 1.5, text and huge values, then runs the
 * reported cases end to end (exit 2, a typed INVALID_ARGUMENT line, no stack trace).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import yargs from 'yargs';
import { isNumericOption, type NumericRule } from '../flags.ts';
import { COMMAND_OPTIONS } from '../options.ts';
import { merlinAsync, root } from './run.ts';

const BAD_OR_EDGE = ['-1', '0', '1.5', 'abc', '1e30', '99999999999999999999', 'Infinity', ''];

/** Whether a rule admits the text value (plain decimals only: '', 'abc' and 'Infinity' are not numbers). */
function admits(rule: NumericRule, text: string): boolean {
  const n = /^[+-]?[0-9.]+(e[+-]?[0-9]+)?$/i.test(text) ? Number(text) : NaN;
  return Number.isFinite(n) && (!rule.integer || Number.isInteger(n)) && n >= rule.min && n <= rule.max;
}

/** Parse arguments against one command's table in-process (its required flags filled in); rejects with yargs' error. */
async function parse(table: Record<string, unknown>, args: string[]): Promise<Record<string, unknown>> {
  const required = Object.entries(table)
    .filter(([, o]) => (o as { demandOption?: boolean }).demandOption)
    .flatMap(([k]) => [`--${k}`, 'x']);
  return (await yargs([...required, ...args])
    .options(table as never)
    .strict()
    .exitProcess(false)
    .fail((msg, err) => {
      throw err ?? new Error(msg);
    })
    .parseAsync()) as Record<string, unknown>;
}

/** Parse `--flag value`; resolves the value the command would receive. */
async function parseOne(table: Record<string, unknown>, flag: string, value: string): Promise<unknown> {
  return (await parse(table, [`--${flag}`, value]))[flag];
}

const numericFlags = Object.entries(COMMAND_OPTIONS).flatMap(([command, table]) =>
  Object.entries(table)
    .filter(([, o]) => isNumericOption(o))
    .map(([flag, o]) => ({ command, flag, option: o, table })),
);

describe('numeric flags', () => {
  it('are all declared with a checked rule and a finite, stated range', () => {
    expect(numericFlags.length).toBeGreaterThan(25);
    for (const [command, table] of Object.entries(COMMAND_OPTIONS))
      for (const [flag, o] of Object.entries(table))
        expect((o as { type?: string }).type, `${command} --${flag} bypasses cli/flags.ts`).not.toBe('number');
    for (const { command, flag, option } of numericFlags) {
      expect(isNumericOption(option), `${command} --${flag} has no rule`).toBe(true);
      if (!isNumericOption(option)) continue;
      expect(option.rule.min, `${command} --${flag}`).toBeGreaterThanOrEqual(0);
      expect(Number.isFinite(option.rule.max), `${command} --${flag}`).toBe(true);
      expect(option.describe).toMatch('gameRange' in option ? /\[integer, the game's range\]/ : /\[(integer|number) [0-9.,]+-[0-9.,]+/);
      if (option.default !== undefined) expect(admits(option.rule, String(option.default)), `${command} --${flag} default`).toBe(true);
    }
  });

  it('cli/main.ts declares no number outside the checked tables', () => {
    expect(readFileSync(join(root, 'cli', 'main.ts'), 'utf8')).not.toMatch(/type:\s*'number'/);
  });

  it('refuse -1, 0, 1.5, text and huge values through yargs when the range says so, naming the flag', async () => {
    let refused = 0;
    for (const { command, flag, option, table } of numericFlags) {
      if (!isNumericOption(option)) continue;
      if ('gameRange' in option) {
        // --players: passed through as typed, checked against the game's range by cli/main.ts (below, end to end).
        for (const value of BAD_OR_EDGE) if (value !== '') expect(await parseOne(table, flag, value), `${command} --${flag}`).toBe(value);
        continue;
      }
      for (const value of BAD_OR_EDGE) {
        const where = `${command} --${flag} ${JSON.stringify(value)}`;
        if (admits(option.rule, value)) {
          expect(await parseOne(table, flag, value), where).toBe(Number(value));
        } else {
          await expect(parseOne(table, flag, value), where).rejects.toThrow(new RegExp(`^--${flag} must be an? (integer|number) from`));
          refused++;
        }
      }
    }
    for (const { command, flag, option, table } of numericFlags)
      if (isNumericOption(option) && !('gameRange' in option))
        await expect(parseOne(table, flag, String(option.rule.max)), `${command} --${flag} max`).resolves.toBe(option.rule.max);
    expect(refused).toBeGreaterThan(numericFlags.length * 4);
  });

  it("--players: one message naming the game's range, whatever was wrong (2.5, 9, abc, 0), per command and game", async () => {
    const runs = await Promise.all(
      [
        ['simulate', '--players', '2.5'],
        ['simulate', '--players', '9'],
        ['train', '--players', 'abc'],
        ['bench', '--players', '0'],
        ['simulate', '--game', 'economicon', '--players', '5'],
        ['eval', '--agents', 'random,random,random', '--players', '4'],
      ].map((args) => merlinAsync(args)),
    );
    const messages = runs.map((r) => {
      expect(r.status).toBe(2);
      return r.stderr.trim();
    });
    expect(messages).toEqual([
      `merlin: INVALID_ARGUMENT: --players must be an integer from 2 to 6 (merlin's full ruleset allows), got "2.5"`,
      `merlin: INVALID_ARGUMENT: --players must be an integer from 2 to 6 (merlin's full ruleset allows), got "9"`,
      `merlin: INVALID_ARGUMENT: --players must be an integer from 2 to 6 (merlin's full ruleset allows), got "abc"`,
      `merlin: INVALID_ARGUMENT: --players must be an integer from 2 to 6 (merlin's full ruleset allows), got "0"`,
      `merlin: INVALID_ARGUMENT: --players must be an integer from 2 to 4 (economicon's standard ruleset allows), got "5"`,
      `merlin: INVALID_ARGUMENT: --players must be an integer from 2 to 3 (merlin's full ruleset allows; the 3 --agents specs allow), got "4"`,
    ]);
  });

  it('refuse a flag given twice', async () => {
    await expect(parse(COMMAND_OPTIONS.simulate, ['--games', '1', '--games', '2'])).rejects.toThrow(/--games was given 2 times/);
  });

  it('end to end: the reported inputs exit 2 with a typed line and no stack trace', async () => {
    // One process per way of failing (each costs a CLI start-up); the walk above covers every flag in-process.
    const cases: [string[], RegExp][] = [
      [['simulate', '--games', 'abc'], /--games must be an integer from 1 to 10,000,000, got "abc"/],
      [['simulate', '--players', '3.5'], /--players must be an integer from 2 to 6 \(merlin's full ruleset allows\), got "3.5"/],
      [['bench', '--seconds', '-2'], /--seconds must be a number from 0.1 to 3,600, got "-2"/],
      [['eval', '--agents', 'random,random', '--games', '-1'], /--games must be an integer from 1/],
      [['simulate', '--no-such-flag'], /unknown flag --no-such-flag\n/],
      [['serve', '--port'], /Not enough arguments following: port/],
    ];
    for (const [args, message] of cases) {
      const r = await merlinAsync(args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(/^merlin: INVALID_ARGUMENT: /);
      expect(r.stderr, args.join(' ')).toMatch(message);
      expect(r.stderr, args.join(' ')).not.toMatch(/\n\s+at /);
      expect(r.stdout).toBe('');
    }
  });
});
