import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineProject } from 'vitest/config';
import { BROWSER_DEPENDENCIES, BROWSER_WORKERS, CHROMIUM_LAUNCH } from '../tests/support/chromium.ts';

const dirname = path.dirname(fileURLToPath(import.meta.url));

/** Every story is a test: it renders, its play function passes, and axe finds nothing. */
export default defineProject({
  plugins: [storybookTest({ configDir: path.join(dirname, '.storybook') })],
  optimizeDeps: { include: [...BROWSER_DEPENDENCIES] },
  test: {
    // Browser projects run one after another, after the Node ones, each in a few tabs of one Chromium.
    maxWorkers: BROWSER_WORKERS,
    sequence: { groupOrder: 3 },
    name: 'storybook',
    testTimeout: 30_000,
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({ launchOptions: CHROMIUM_LAUNCH }),
      instances: [{ browser: 'chromium' }],
    },
  },
});
