import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'dist/**', 'dist-browser/**', 'bridge/python/**'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    // One event-loop turn before each test, so vitest's worker RPC is answered between tests.
    setupFiles: ['./tools/vitest-setup.ts'],
    // The run's temporary files go in one folder of its own, removed at the end (tools/vitest-temp.ts).
    globalSetup: ['./tools/vitest-temp.ts'],
  },
});
