import { defineProject } from 'vitest/config';

/** Pure logic of the widgets (scales, reducers, geometry): Node, fast. */
export default defineProject({
  test: { name: 'widgets', environment: 'node', include: ['src/**/*.test.ts'] },
});
