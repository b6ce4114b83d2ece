/**
 * `npm test` type-checks every TypeScript file (tsconfig.json `include`): a new top-level folder left out
 * of `include` (as designer/ once was) would have its code and tests never type-checked.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../../cli/test/run.ts';

// dist/ and dist-browser/ are build output (npm run build, npm run build:browser), not sources.
const SKIP = new Set(['node_modules', 'docs', 'checkpoints', 'runs', 'dist', 'dist-browser']);

/** Whether `dir` holds a .ts file at any depth (bridge/python and dot-folders aside). */
function hasTs(dir: string): boolean {
  return readdirSync(dir, { withFileTypes: true }).some((e) =>
    e.isDirectory() ? !e.name.startsWith('.') && e.name !== 'python' && hasTs(join(dir, e.name)) : e.name.endsWith('.ts'),
  );
}

describe('tsconfig.json', () => {
  it('includes every top-level folder and file with TypeScript in it', () => {
    const include = new Set((JSON.parse(readFileSync(join(root, 'tsconfig.json'), 'utf8')) as { include: string[] }).include);
    const roots = readdirSync(root, { withFileTypes: true })
      .filter((e) => !e.name.startsWith('.') && !SKIP.has(e.name) && (e.isDirectory() ? hasTs(join(root, e.name)) : e.name.endsWith('.ts')))
      .map((e) => e.name);
    expect(roots).toContain('designer');
    expect(roots.filter((r) => !include.has(r))).toEqual([]);
  });
});
