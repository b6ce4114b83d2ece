/**
 * The Python the rule-search tests drive Optuna with, found as `merlin tune` finds it (designer/tune-optuna.ts
 * `pythonOf`). Without optuna the tests are skipped with a message that says how to install it, except in CI
 * (CI=1, where .ci/run installs it in the repository's .venv): there they fail.
 */
import { execFileSync } from 'node:child_process';
import { INSTALL, pythonOf } from '../tune-optuna.ts';

/** Whether the tests can run, and why not. */
export function optunaPython(): { ok: true; python: string } | { ok: false; why: string } {
  const python = pythonOf();
  try {
    execFileSync(python.path, ['-c', 'import optuna'], { stdio: 'ignore', timeout: 120_000 });
    return { ok: true, python: python.path };
  } catch {
    const why = `Python ${python.path} (from ${python.from}) has no optuna: ${INSTALL} (or set MERLIN_PYTHON)`;
    if (process.env.CI && process.env.CI !== '0') throw new Error(`the rule-search tests need optuna in CI: ${why}`);
    console.warn(`skipping the rule-search tests: ${why}`);
    return { ok: false, why };
  }
}
