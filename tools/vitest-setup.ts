/**
 * Keeps the test worker's event loop serviced between tests (vitest setupFiles).
 *
 * Vitest's worker reports progress to the main process over an RPC whose calls time out after 60 s
 * (`[vitest-worker]: Timeout calling "onTaskUpdate"`): the reply can only be read when the worker's event
 * loop turns. Vitest runs a file's tests back to back in one chain of promises, so a file of synchronous
 * tests (random play, invariant checks, synchronous child processes) never lets the loop turn, and under
 * load (2 cores, load 5-10) such files took 60-100 s: every test passed, the run exited 1. Yielding one
 * loop turn before each test lets the pending replies in, so only a single test longer than 60 s can still
 * trip the timeout; each test that blocks the loop for more than WARN_BLOCKED_MS is named on stderr, so it
 * can be split or made to await between games before it gets there.
 */
import { afterEach, beforeEach, expect } from 'vitest';

/** A third of vitest's 60 s RPC timeout. */
const WARN_BLOCKED_MS = 20_000;

let lastTurn = performance.now();
let worst = 0;
const tick = setInterval(() => {
  const now = performance.now();
  worst = Math.max(worst, now - lastTurn);
  lastTurn = now;
}, 250);
tick.unref();

beforeEach(async () => {
  await new Promise<void>((resolve) => setImmediate(resolve));
  lastTurn = performance.now();
  worst = 0;
});

afterEach(() => {
  const blocked = Math.max(worst, performance.now() - lastTurn);
  if (blocked > WARN_BLOCKED_MS) {
    const name = expect.getState().currentTestName ?? '(unnamed test)';
    process.stderr.write(
      `vitest-setup: "${name}" (${expect.getState().testPath ?? ''}) blocked the event loop for ${(blocked / 1000).toFixed(1)} s; vitest's worker RPC times out at 60 s: split it or await between its parts\n`,
    );
  }
});
