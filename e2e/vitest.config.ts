import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.e2e.ts'],
    // a failed test prints the server's requests still under way (failure-report.ts)
    setupFiles: ['./failure-report.ts'],
    pool: 'forks',
    // one file at a time, with its own server (a random port), database and Chromium. Two at a time (two servers,
    // two Chromiums and PostgreSQL on the 2-core machine) lost actions in dialogs — a confirmation's OK or a modal's
    // button clicked with no request following — in four of six full runs on PostgreSQL; one at a time, none so far
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 180_000, // long flows (a vehicle from creation to a corrected repair) take 40–60 s on a loaded machine
    hookTimeout: 120_000,
    // a banner or a total polled after a click waits as long as an element does (30 s), not vitest's 1 s default:
    // the first alert on a page can be a status that the action's result banner replaces a moment later
    expect: { poll: { timeout: 30_000 } },
  },
});
