import { defineConfig } from 'vitest/config';

/**
 * Operations tests (scripts/test.sh runs them only with DATABASE_URL, after every other suite, one file at a
 * time): the BUILT server (dist/main.js) as separate processes against a real PostgreSQL server. One of them
 * stops and restarts that PostgreSQL server, so nothing else may run beside them.
 */
export default defineConfig({
  test: {
    include: ['ops-test/**/*.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    maxWorkers: 1,
  },
});
