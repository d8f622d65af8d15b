import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'tool-provider',
    environment: 'node',
    // Migrates once per run: each test database is a copy of a migrated (or seeded) template.
    globalSetup: ['testing/global-setup.ts'],
    // `// @module-tag embedded` marks a file that also runs on the embedded database when the run is on
    // PostgreSQL (.ci/run's second pass): where the two databases behave differently.
    tags: [
      {
        name: 'embedded',
        description: 'Runs on the embedded database too: where it differs from PostgreSQL.',
      },
    ],
    // A worker's files share its module graph: the server's modules load once per worker instead of
    // once per file. No test mocks a module; each file builds its own app and database.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
