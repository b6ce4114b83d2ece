/**
 * JSON.parse for the files people edit or hand to the CLI (rulesets and decks, replay logs, checkpoints): a syntax
 * error says where it is as a line and a column, which V8's message does not (it gives a character position, or
 * for an unexpected token none at all). The position comes from jsonc-parser's scanner, run only when JSON.parse
 * has failed.
 */
import { visit } from 'jsonc-parser';

/** Where the first syntax error of `text` as strict JSON is: line and column, both from 1; null when there is none. */
export function jsonErrorAt(text: string): { line: number; column: number } | null {
  let at: { line: number; column: number } | null = null;
  visit(
    text,
    {
      onError: (_error, _offset, _length, startLine, startCharacter) => {
        at ??= { line: startLine + 1, column: startCharacter + 1 };
      },
    },
    { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false },
  );
  return at;
}

/**
 * `JSON.parse(text)`.
 * @throws SyntaxError whose message starts with the line and column of the error: `line 3, column 1: Expected
 *   double-quoted property name in JSON at position 12`
 */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    const at = jsonErrorAt(text);
    const message = (e as Error).message;
    throw new SyntaxError(at ? `line ${at.line}, column ${at.column}: ${message}` : message, { cause: e });
  }
}
