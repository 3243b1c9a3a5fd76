import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // A time zone far from Bangkok: the date helpers must not depend on the machine's zone.
    env: { TZ: 'America/Los_Angeles' },
  },
});
