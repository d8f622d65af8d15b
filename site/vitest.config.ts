import { playwright } from '@vitest/browser-playwright';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { BROWSER_DEPENDENCIES, BROWSER_WORKERS, CHROMIUM_LAUNCH } from '../tests/support/chromium.ts';

/** The site's pages in a real browser (Debian's Chromium), the API answered by a stub fetch. */
export default defineProject({
  plugins: [react()],
  optimizeDeps: {
    include: [
      ...BROWSER_DEPENDENCIES,
      'react-router',
      '@tanstack/react-query',
      'react-hook-form',
      '@hookform/resolvers/zod',
      '@zxcvbn-ts/core',
      '@zxcvbn-ts/language-common',
      'axe-core',
      'zustand',
      '@dnd-kit/core',
      '@dnd-kit/sortable',
      '@dnd-kit/utilities',
    ],
  },
  test: {
    // Browser projects run one after another, after the Node ones, each in a few tabs of one Chromium.
    maxWorkers: BROWSER_WORKERS,
    sequence: { groupOrder: 2 },
    name: 'site',
    include: ['src/**/*.test.{ts,tsx}'],
    testTimeout: 30_000,
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
