/**
 * A vitest reporter that ends the run with one plain line, "vitest: N passed, N failed, N skipped", the
 * closing line CI reads to count tests (vitest's own summary is not in a format it recognises).
 */
import type { Reporter } from 'vitest/reporters';

type Task = { type: string; mode?: string; result?: { state?: string }; tasks?: Task[] };

export default class SummaryReporter implements Reporter {
  onFinished(files: Task[] = []): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const walk = (t: Task) => {
      if (t.tasks) t.tasks.forEach(walk);
      if (t.type !== 'test') return;
      const state = t.result?.state;
      if (state === 'pass') passed++;
      else if (state === 'fail') failed++;
      else skipped++;
    };
    files.forEach(walk);
    process.stdout.write(`\nvitest: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
