// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * Layer boundaries (ARCHITECTURE.md): each entry lists the internal packages a folder must not import.
 * Deep imports into another package's src/ are forbidden everywhere: packages expose an exports map.
 */
const NO_DEEP = {
  group: ['@kib/*/src/*', '**/packages/*/src/*'],
  message: 'Import the package, not its src/.',
};
const forbid = (names, why) => ({ group: names, message: why });
const zones = [
  {
    files: ['packages/core/**', 'packages/i18n/**'],
    patterns: [forbid(['@kib/*'], 'core and i18n import nothing internal.')],
  },
  {
    files: ['packages/checker/**'],
    patterns: [
      forbid(
        ['@kib/i18n', '@kib/api-client', '@kib/widgets', '@kib/site', '@kib/tool-provider'],
        'checker imports only @kib/core.',
      ),
      forbid(
        ['react', 'react-dom', 'express', 'sequelize', 'node:*'],
        'checker is isomorphic: no React, Express, Sequelize or Node-only modules.',
      ),
    ],
  },
  {
    files: ['packages/api-client/**'],
    patterns: [
      forbid(
        ['@kib/widgets', '@kib/site', '@kib/tool-provider', '@kib/checker'],
        'api-client depends on core and i18n only.',
      ),
    ],
  },
  {
    files: ['widgets/**'],
    patterns: [
      forbid(
        ['@kib/site', '@kib/tool-provider', 'express', 'sequelize'],
        'widgets never import server or site code.',
      ),
    ],
  },
  {
    files: ['site/**'],
    patterns: [
      forbid(
        ['@kib/tool-provider', 'express', 'sequelize'],
        'the site is an application of the browser: it reaches the server through @kib/api-client.',
      ),
    ],
  },
  {
    files: ['tool-provider/**'],
    patterns: [
      forbid(
        ['@kib/widgets', '@kib/site', '@kib/api-client', 'react', 'react-dom'],
        'the tool provider serves the built site and widgets; it never imports them.',
      ),
    ],
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/storybook-static/**',
      'data/**',
      'coverage/**',
      '**/*.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': ['error', { patterns: [NO_DEEP] }],
    },
  },
  {
    // A workspace reaches another by its package name and exports map, never by a relative path
    // into its folder (`../../tool-provider/src/…`): what a package offers is what it exports.
    // Vitest's project configs are loaded by Node before any TypeScript loader, so they share the
    // Chromium launch settings by path.
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['**/vitest*.config.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } } },
    rules: { 'import-x/no-relative-packages': 'error' },
  },
  {
    // Hooks are called unconditionally and list what they read (React's rules of hooks).
    files: ['widgets/**/*.{ts,tsx}', 'site/**/*.{ts,tsx}', 'storybook/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  ...zones.map(({ files, patterns }) => ({
    files,
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_DEEP, ...patterns] }] },
  })),
  {
    // The checker's tests hold its feedback codes to the catalogs' texts.
    files: ['packages/checker/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            NO_DEEP,
            forbid(
              ['@kib/api-client', '@kib/widgets', '@kib/site', '@kib/tool-provider'],
              'checker tests import only @kib/core and the catalogs of @kib/i18n.',
            ),
            forbid(['react', 'react-dom', 'express', 'sequelize', 'node:*'], 'checker is isomorphic.'),
          ],
        },
      ],
    },
  },
  {
    // The command-line front end and the benchmark of the checker run in Node only.
    files: [
      'packages/checker/src/cli.ts',
      'packages/checker/src/cli.test.ts',
      'packages/checker/src/variants/cli.ts',
      'packages/checker/src/variants/cli.test.ts',
      'packages/checker/bench/**',
      'packages/checker/bin/**',
    ],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_DEEP] }] },
  },
);
