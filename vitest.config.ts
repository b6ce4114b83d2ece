import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'bridge/python/**'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
