import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // each file opens its own database; two at a time suits the 2-core CI machine
    maxWorkers: 2,
    fileParallelism: true,
  },
});
