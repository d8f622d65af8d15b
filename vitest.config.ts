import { defineConfig } from 'vitest/config';

/**
 * One vitest workspace: every package with a vitest config is a project. The browser projects
 * (widgets-browser, storybook, tests) run in Debian's Chromium through playwright.
 */
export default defineConfig({
  test: {
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
