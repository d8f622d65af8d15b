import { availableParallelism } from 'node:os';

/**
 * How Kib's browser tests start Debian's Chromium (never a downloaded browser): the flags keep it
 * from reaching for the network, which this machine and CI do not have.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Command-line flags for a headless, sandbox-free Chromium that makes no background connections. */
export const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** The launch options for playwright's `chromium.launch` and vitest's playwright provider. */
export const CHROMIUM_LAUNCH = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };

/**
 * The widgets' and the site's dependencies, pre-bundled by Vite before browser tests start. Those
 * imported only lazily (spoken math, the password meter) are listed too: found at run time, one
 * would make Vite bundle again and reload the page under a running test.
 */
export const BROWSER_DEPENDENCIES = [
  'react',
  'react-dom',
  'react-dom/client',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  'mathlive',
  'mathlive/ssr',
  'jsxgraph',
  '@e965/xlsx',
  'zod',
  'i18next',
  '@r2wc/react-to-web-component',
  '@cortex-js/compute-engine',
  'recharts',
  'speech-rule-engine/mjs/index.js',
  '@zxcvbn-ts/core',
  '@zxcvbn-ts/language-common',
] as const;

/**
 * Tabs a browser project runs at once. Its tests wait on rendering and on the page's timers as much as
 * on the CPU, so two tabs keep two cores busy where one left half idle; the projects themselves still
 * run one after another.
 */
export const BROWSER_WORKERS = Math.max(2, availableParallelism());
