import { defineProject } from 'vitest/config';

/** End-to-end tests: Node drives Debian's Chromium through playwright against built pages and servers. */
export default defineProject({
  test: {
    // Last, after the browser projects: its suites (a server and a Chromium each) share the run's workers.
    sequence: { groupOrder: 4 },
    name: 'e2e',
    environment: 'node',
    include: ['**/*.e2e.test.ts'],
    // The built site, the database templates and a migrated, seeded server, once per run.
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 60_000,
    // A busy machine delays what the browser shows by seconds, not by a frame.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 120_000,
  },
});
