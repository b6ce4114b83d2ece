/**
 * One temporary folder per test run (vitest globalSetup): the tests' `mkdtempSync(join(tmpdir(), ...))`
 * folders, the checkpoints the training tests write and the temp files of every child process they start all
 * go under it, and it is removed when the run ends, so a run leaves nothing behind in the system's temp
 * folder (a full run wrote about 150 MB there, never removed, before this).
 *
 * It works through `TMPDIR`, which `os.tmpdir()` reads on every call: set here, in vitest's main process,
 * before any test worker or child process starts, so every one of them inherits it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const before = process.env.TMPDIR;
  const root = mkdtempSync(join(tmpdir(), 'merlin-gym-tests-'));
  process.env.TMPDIR = root;
  return () => {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    rmSync(root, { recursive: true, force: true });
  };
}
