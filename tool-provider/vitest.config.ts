import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'tool-provider',
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
