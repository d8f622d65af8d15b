import { playwright } from '@vitest/browser-playwright';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { CHROMIUM_LAUNCH } from '../tests/support/chromium.ts';

/** Widget behaviour in a real browser (Debian's Chromium): every `*.test.tsx` under src. */
export default defineProject({
  plugins: [react()],
  test: {
    name: 'widgets-browser',
    include: ['src/**/*.test.tsx'],
    testTimeout: 20_000,
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({ launchOptions: CHROMIUM_LAUNCH }),
      instances: [{ browser: 'chromium' }],
      viewport: { width: 1024, height: 768 },
    },
  },
});
