import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { headScript } from './head-script-plugin';

/** The modules of the solver's chunk: those every problem page runs before its first answer. */
const SOLVER_MODULES = new RegExp(
  [
    String.raw`widgets/src/(solver/|math-console/|shared/|consoles\.ts|preload\.ts)`,
    String.raw`site/src/app/(public-config|handwriting|phone-photo)\.ts`,
    String.raw`packages/core/src/(constants|math-type-names|api/handwriting)\.ts`,
    String.raw`packages/checker/src/expr/function-names\.ts`,
  ].join('|'),
);

/** What the solver loads later, for a student who asks for it or a graph console, keeps its own chunks. */
const LOADED_LATER = /solver\.offline|phone-photo-dialog|phone-photo\.logic|phone-photo-qr|shared\/graph\//;

function inSolverChunk(id: string): boolean {
  const file = id.replaceAll('\\', '/');
  return SOLVER_MODULES.test(file) && !LOADED_LATER.test(file);
}

/**
 * The standalone site: a single-page app written to `dist/`, which the tool provider serves at `/`
 * (every path that is not `/api/` or `/widgets/` answers `index.html`, and React Router takes over).
 * Each page is a lazy chunk, so the landing page does not download the solver, MathLive or JSXGraph.
 * Scripts, styles and other text files are also written compressed with brotli at its highest
 * quality (`name.js.br`), which the tool provider sends to browsers that accept it.
 * `npm run dev -w site` proxies `/api` to a tool provider on :8080.
 */
export default defineConfig({
  plugins: [react(), headScript(), compression({ algorithms: ['brotliCompress'], logLevel: 'silent' })],
  resolve: {
    alias: [
      // The translation runtime without the English texts, which load when a reader chooses English.
      { find: /^@kib\/i18n$/, replacement: '@kib/i18n/runtime' },
      // zod without its compiled parsers, which Kib's Content-Security-Policy refuses (no 'unsafe-eval').
      { find: /^zod$/, replacement: '@kib/core/zod-jitless' },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: the server reads which files a route's libraries are in.
    manifest: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        // The solver, the math console and what they share, with the site's helpers around them, make
        // one chunk instead of some twenty small ones: on a phone's link each request costs a round
        // trip, and the solve page needs them all before a student can type.
        codeSplitting: {
          groups: [{ name: 'solver', test: inSolverChunk, includeDependenciesRecursively: false }],
        },
        // A library's chunk whose entry file has a generic name (src/index.js, dist/…) is named after
        // its package: jsxgraph-…, not src-….
        chunkFileNames: (chunk) => {
          const library = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(chunk.facadeModuleId ?? '')?.[1];
          return library && ['src', 'index', 'dist', 'esm'].includes(chunk.name)
            ? `assets/${library.replace(/^@/, '').replace('/', '-')}-[hash].js`
            : 'assets/[name]-[hash].js';
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:8080' } },
});
