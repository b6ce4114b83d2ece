/**
 * Run the `merlin` command in a child process without blocking the test worker's event loop.
 *
 * A synchronous spawn (spawnSync, execFileSync) freezes the vitest worker for as long as the child runs;
 * under load a training or probe run takes a minute, longer than vitest's 60 s RPC timeout, and the run
 * ends with "Timeout calling onTaskUpdate" and exit 1 although every test passed.
 */
import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface Run {
  /** Exit code, or null if the child was killed (e.g. by the timeout). */
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `node bin/merlin.js ...args`, resolved when the child exits (never rejected: check `status`).
 *
 * @param args the command line after `merlin`.
 * @param timeoutMs kill the child after this many milliseconds (default 10 minutes).
 */
export function merlinAsync(args: string[], timeoutMs = 600_000): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [join(root, 'bin', 'merlin.js'), ...args],
      { encoding: 'utf8', timeout: timeoutMs, maxBuffer: 64 << 20 },
      (err, stdout, stderr) => resolve({ status: err ? (typeof err.code === 'number' ? err.code : null) : 0, stdout, stderr }),
    );
  });
}

/** Like merlinAsync, but rejects unless the command exits 0; resolves its stdout. */
export async function merlinOk(...args: string[]): Promise<string> {
  const r = await merlinAsync(args);
  if (r.status !== 0) throw new Error(`merlin ${args.join(' ')} exited ${r.status}:\n${r.stderr}`);
  return r.stdout;
}

/**
 * `node [...nodeFlags] --import tsx FILE ...args` from the repository root, for a check that needs a process of its
 * own; resolves the child's stdout parsed as JSON, and rejects (with its stderr) unless it exits 0.
 *
 * @param file the script, a path from the repository root.
 * @param timeoutMs kill the child after this many milliseconds (default 2 minutes).
 */
export function tsxJson<T>(file: string, args: string[] = [], nodeFlags: string[] = [], timeoutMs = 120_000): Promise<T> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [...nodeFlags, '--import', 'tsx', join(root, file), ...args],
      { cwd: root, encoding: 'utf8', timeout: timeoutMs, maxBuffer: 64 << 20 },
      (err, stdout, stderr) =>
        err ? reject(new Error(`${file} ${args.join(' ')} failed: ${err.message}\n${stderr}`)) : resolve(JSON.parse(stdout) as T),
    );
  });
}
