import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

describe('the test run temp folder (tools/vitest-temp.ts)', () => {
  it("puts this worker's and its child processes' temporary files in the run's own folder", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'merlin-temp-check-'));
    expect(basename(dirname(dir))).toMatch(/^merlin-gym-tests-/);
    const { stdout } = await promisify(execFile)(process.execPath, ['-e', 'process.stdout.write(require("node:os").tmpdir())']);
    expect(stdout).toBe(tmpdir());
  });
});
