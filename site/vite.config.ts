import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { headScript } from './head-script-plugin';

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
    // The translation runtime without the English texts, which load when a reader chooses English.
    alias: [{ find: /^@kib\/i18n$/, replacement: '@kib/i18n/runtime' }],
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
