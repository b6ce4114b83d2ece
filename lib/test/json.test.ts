/** A malformed JSON file is reported with the line and column of its error (lib/json.ts), also through a ruleset file. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseJson } from '../json.ts';
import { RulesetError } from '../errors.ts';
import { loadRuleset } from '../../games/merlin/rules/index.ts';
import { merlinAsync } from '../../cli/test/run.ts';

/** The message `parseJson(text)` throws. */
function messageOf(text: string): string {
  try {
    parseJson(text);
  } catch (e) {
    expect(e).toBeInstanceOf(SyntaxError);
    return (e as Error).message;
  }
  throw new Error('parsed');
}

describe('JSON with line and column', () => {
  it('parses valid JSON as JSON.parse does', () => {
    expect(parseJson('{"a": [1, 2.5, "x", null, true]}')).toEqual({ a: [1, 2.5, 'x', null, true] });
  });

  it('puts the line and column of the error before V8’s message, where V8 gives a position and where it gives none', () => {
    expect(messageOf('{\n  "a": 1,\n}')).toMatch(/^line 3, column 1: Expected double-quoted property name/);
    expect(messageOf('{\n  "start": {\n    "gold": tru\n  }\n}')).toMatch(/^line 3, column 13: /);
    expect(messageOf('{\n  "a": 1\n  "b": 2\n}')).toMatch(/^line 3, column 3: /);
    expect(messageOf('{"a": [1, 2')).toMatch(/^line 1, column 12: /);
    expect(messageOf('')).toMatch(/^line 1, column 1: Unexpected end of JSON input/);
  });

  it('a ruleset file with a trailing comma: the RulesetError names the file, the line and the column', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'merlin-json-'));
    const file = join(dir, 'my-rules.json');
    writeFileSync(file, '{\n  "extends": "full",\n  "start": { "gold": 12, },\n}\n');
    expect(() => loadRuleset(file)).toThrow(RulesetError);
    expect(() => loadRuleset(file)).toThrow(/my-rules\.json[\s\S]*not valid JSON: line 3, column 26: /);
    const r = await merlinAsync(['simulate', '--games', '1', '--ruleset', file]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(
      /^merlin: INVALID_RULESET: invalid ruleset .*my-rules\.json:\n {2}- \(root\): not valid JSON: line 3, column 26: /,
    );
  });
});
