import { defineConfig } from 'vitest/config';

/** One vitest workspace: every package with a vitest.config.ts is a project. */
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', '{widgets,tool-provider}/vitest.config.ts'],
  },
});
