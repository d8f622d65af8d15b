import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * One vitest workspace: every package with a vitest config is a project. The browser projects
 * (widgets-browser, storybook, tests) run in Debian's Chromium through playwright.
 */
export default defineConfig({
  test: {
    // vitest leaves a core idle by default (one worker on two cores). The server's tests wait on the
    // database and the end-to-end tests on Chromium and a server, so one worker more than there are
    // cores keeps every core busy. `VITEST_MAX_WORKERS` overrides it.
    maxWorkers: availableParallelism() + 1,
    projects: [
      'packages/*/vitest.config.ts',
      'widgets/vitest.config.ts',
      'widgets/vitest.browser.config.ts',
      'site/vitest.config.ts',
      'tool-provider/vitest.config.ts',
      'storybook/vitest.config.ts',
      'tests/vitest.config.ts',
    ],
  },
});
