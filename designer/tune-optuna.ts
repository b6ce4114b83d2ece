/**
 * The optimiser of `merlin tune`: Optuna, run as a small Python process (bridge/python/merlin_gym/tune_driver.py)
 * that holds the study in an RDB storage and answers ask-and-tell requests over JSON lines on its stdin and stdout
 * (the protocol is in the driver's docstring). This module finds the Python, starts the driver and turns its
 * answers into promises and its refusals into typed errors.
 *
 * Which Python: `--python PATH`, else `$MERLIN_PYTHON`, else the repository's `.venv/bin/python` when it exists,
 * else `python3` on PATH. It needs optuna: `pip install './bridge/python[tune]'`.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { TuneError } from './tune-space.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/** The driver script: run by path, so it needs optuna but not the Python client's own dependencies. */
export const DRIVER = join(root, 'bridge', 'python', 'merlin_gym', 'tune_driver.py');
/** What a user runs to give a Python the optimiser. */
export const INSTALL = "pip install './bridge/python[tune]'";

/** The Python `merlin tune` runs the driver with, and where that choice came from. */
export function pythonOf(flag?: string, env: NodeJS.ProcessEnv = process.env): { path: string; from: string } {
  if (flag) return { path: flag, from: '--python' };
  if (env.MERLIN_PYTHON) return { path: env.MERLIN_PYTHON, from: 'MERLIN_PYTHON' };
  const venv = join(root, '.venv', 'bin', 'python');
  if (existsSync(venv)) return { path: venv, from: "the repository's .venv" };
  return { path: 'python3', from: 'PATH' };
}

/** The driver's greeting. */
export interface Hello {
  optuna: string;
  python: string;
  host: string;
  pid: number;
}

/** Trial counts of a study (the driver's `status`). */
export interface Counts {
  complete: number;
  /** Trials whose evaluation failed (a ruleset the game refused...): finished work. */
  failed: number;
  /** Trials a killed process left running, marked failed and enqueued again. */
  interrupted: number;
  running: number;
  waiting: number;
  /** complete + failed. */
  finished: number;
}

/** A trial as the driver lists it. */
export interface StoredTrial {
  number: number;
  state: 'COMPLETE' | 'FAIL' | 'RUNNING' | 'WAITING' | 'PRUNED';
  params: Record<string, unknown>;
  values: number[] | null;
  user_attrs: Record<string, unknown>;
  interrupted: boolean;
}

/** What `open` takes (the driver's `open` request). */
export interface OpenRequest {
  storage: string;
  study: string;
  directions: ('minimize' | 'maximize')[];
  distributions: Record<string, Record<string, unknown>>;
  sampler: Record<string, unknown>;
  space_hash: string;
  heartbeat_seconds?: number;
  grace_seconds?: number;
  create?: boolean;
}

type Reply = { ok: true; [k: string]: unknown } | { ok: false; error: string; message: string };

/** A running driver: one request at a time, answered in order. */
export class OptunaDriver {
  private readonly waiting: { resolve: (r: Reply) => void; reject: (e: Error) => void }[] = [];
  private stderr = '';
  private exited: Error | null = null;

  private constructor(
    private readonly child: ChildProcessWithoutNullStreams,
    private readonly python: { path: string; from: string },
  ) {
    createInterface({ input: child.stdout }).on('line', (line) => {
      const w = this.waiting.shift();
      if (!w) return;
      try {
        w.resolve(JSON.parse(line) as Reply);
      } catch {
        w.reject(this.error(`the driver wrote a line that is not JSON: ${line.slice(0, 200)}`));
      }
    });
    child.stderr.on('data', (d: Buffer) => (this.stderr = (this.stderr + d.toString()).slice(-4000)));
    const end = (why: string) => {
      this.exited ??= this.error(why);
      for (const w of this.waiting.splice(0)) w.reject(this.exited);
    };
    child.on('error', (e) => end(`cannot run Python ${python.path} (from ${python.from}): ${e.message}`));
    child.on('exit', (code, signal) => end(`the optimiser driver (${python.path}) exited (${signal ?? `status ${code}`})`));
  }

  /** The error for a driver that failed: the flag to change and what Python said. */
  private error(message: string): TuneError {
    const said = this.stderr.trim() ? `; it said: ${this.stderr.trim().split('\n').slice(-3).join(' | ')}` : '';
    return new TuneError('the optimiser', [{ path: '--python', message: message + said }]);
  }

  /**
   * Start the driver with `python` (see `pythonOf`) and read its greeting.
   * @throws TuneError naming --python when the Python cannot run, has no optuna, or the driver is not installed here
   */
  static async start(python: { path: string; from: string }): Promise<{ driver: OptunaDriver; hello: Hello }> {
    if (!existsSync(DRIVER))
      throw new TuneError('the optimiser', [
        { path: '--python', message: `the driver ${DRIVER} is not in this installation (merlin tune runs from a clone of merlin-gym)` },
      ]);
    const child = spawn(python.path, [DRIVER], { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, PYTHONUNBUFFERED: '1' } });
    const driver = new OptunaDriver(child, python);
    const hello = await driver.next();
    if (!hello.ok) {
      await driver.close();
      throw new TuneError('the optimiser', [
        {
          path: '--python',
          message: `Python ${python.path} (from ${python.from}) has no optuna (${hello.message}): ${INSTALL}, or name another with --python or MERLIN_PYTHON`,
        },
      ]);
    }
    return { driver, hello: hello.hello as Hello };
  }

  private next(): Promise<Reply> {
    if (this.exited) return Promise.reject(this.exited);
    return new Promise((resolve, reject) => this.waiting.push({ resolve, reject }));
  }

  /**
   * One request. @throws TuneError naming --storage or --study for a storage that cannot be opened or a study made
   * from another space, and naming the optimiser for anything else it refused
   */
  async request<T>(op: string, body: Record<string, unknown> = {}): Promise<T> {
    const reply = this.next();
    this.child.stdin.write(JSON.stringify({ op, ...body }) + '\n');
    const r = await reply;
    if (r.ok) return r as unknown as T;
    const field = r.error === 'storage' ? '--storage' : r.error === 'study_mismatch' || r.error === 'no_study' ? '--study' : 'optuna';
    throw new TuneError(r.error === 'storage' ? 'cannot open the study storage' : 'the optimiser refused', [
      { path: field, message: r.message },
    ]);
  }

  open(o: OpenRequest): Promise<{ created: boolean; counts: Counts; requeued: number[] }> {
    return this.request('open', { ...o });
  }
  enqueue(params: Record<string, unknown>): Promise<unknown> {
    return this.request('enqueue', { params });
  }
  status(): Promise<{ counts: Counts; requeued: number[] }> {
    return this.request('status');
  }
  ask(): Promise<{ number: number; params: Record<string, unknown>; retry_of: number | null }> {
    return this.request('ask');
  }
  tell(number: number, values: number[], userAttrs: Record<string, unknown>): Promise<unknown> {
    return this.request('tell', { number, values, user_attrs: userAttrs });
  }
  fail(number: number, message: string, userAttrs: Record<string, unknown> = {}): Promise<unknown> {
    return this.request('fail', { number, message, user_attrs: userAttrs });
  }
  async trials(): Promise<StoredTrial[]> {
    return (await this.request<{ trials: StoredTrial[] }>('trials')).trials;
  }
  importance(): Promise<{
    objectives: { importance: Record<string, number> | null; reason?: string; notes?: string[] }[];
    trials: number;
  }> {
    return this.request('importance');
  }
  setStudyAttr(key: string, value: unknown): Promise<unknown> {
    return this.request('set_study_attr', { key, value });
  }
  async studyAttrs(): Promise<Record<string, unknown>> {
    return (await this.request<{ attrs: Record<string, unknown> }>('study_attrs')).attrs;
  }

  /** Close its stdin and wait for it to exit. */
  async close(): Promise<void> {
    if (this.exited || this.child.exitCode !== null || this.child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      this.child.once('exit', () => resolve());
      this.child.stdin.end();
    });
  }
}
