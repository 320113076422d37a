import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['engine/**/*.test.ts', 'portal/**/*.test.ts', 'sdk/**/*.test.ts', 'docs/**/*.test.ts', 'scripts/**/*.test.ts', 'client/**/*.test.ts', 'tests/**/*.test.ts', 'examples/**/*.test.ts'],
    // Every file gets its own databases, so files may run side by side; MariaDB work is I/O-bound.
    pool: 'forks',
    // Browser tests drive the built client (client/testing): built here once when stale.
    globalSetup: ['client/testing/global-setup.ts'],
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
