import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // each file opens its own database; two at a time suits the 2-core CI machine
    maxWorkers: 2,
    fileParallelism: true,
    // the files of a worker share one module graph (importing the server for each file was half the suite's time):
    // every test file builds its own app and database, no test mocks a module or changes process.env, and the
    // module-level state is keyed by the database or the app (prepared queries, hook lists registered once)
    isolate: false,
  },
});
