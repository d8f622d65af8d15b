import { defineProject } from 'vitest/config';

/** End-to-end tests: Node drives Debian's Chromium through playwright against built pages and servers. */
export default defineProject({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['**/*.e2e.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
