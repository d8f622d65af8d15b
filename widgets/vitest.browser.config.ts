import { playwright } from '@vitest/browser-playwright';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { BROWSER_DEPENDENCIES, BROWSER_WORKERS, CHROMIUM_LAUNCH } from '../tests/support/chromium.ts';

/** Widget behaviour in a real browser (Debian's Chromium): every `*.test.tsx` under src. */
export default defineProject({
  plugins: [react()],
  // Pre-bundled up front: discovering them mid-run reloads the page and fails the tests running then.
  optimizeDeps: { include: [...BROWSER_DEPENDENCIES, 'axe-core'] },
  test: {
    // Browser projects run one after another, after the Node ones, each in a few tabs of one Chromium.
    maxWorkers: BROWSER_WORKERS,
    sequence: { groupOrder: 1 },
    name: 'widgets-browser',
    include: ['src/**/*.test.tsx'],
    testTimeout: 30_000,
    // The first check loads the checker and MathLive: on a busy machine that takes seconds.
    expect: { poll: { timeout: 10_000 } },
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({ launchOptions: CHROMIUM_LAUNCH }),
      instances: [{ browser: 'chromium' }],
      viewport: { width: 1024, height: 768 },
    },
  },
});
