import { builtinModules } from 'node:module';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import pkg from './package.json' with { type: 'json' };

/**
 * Two builds (`vite build --mode embed|lib`):
 * - embed: `dist/kib-widgets.js`, one self-contained ES module (React included) that defines every
 *   `<kib-*>` element; MathLive, JSXGraph, the checker and the spreadsheet writer are lazy chunks.
 *   Each script is also written compressed with brotli at its highest quality (`.js.br`), which the
 *   tool provider sends to browsers that accept it.
 * - lib: `dist/lib/index.js`, the React components for bundler users, with React and the other
 *   dependencies left to the application (React is a peer dependency).
 */
/** Names a lazy chunk after the package it starts from (`jsxgraph-…js`, `checker-…js`), not its file. */
function chunkName(facade: string | null, fallback: string): string {
  if (!facade) return fallback;
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(facade);
  if (inModules?.[1]) return inModules[1].replace('@', '').replace('/', '-');
  const inRepo = /\/(packages|widgets)\/([^/]+)\/src\/(.*)\.tsx?$/.exec(facade);
  if (inRepo) return inRepo[1] === 'packages' ? inRepo[2]! : inRepo[3]!.replace(/\//g, '-');
  return fallback;
}

export default defineConfig(({ mode }) => {
  const embed = mode !== 'lib';
  const externals = [
    ...Object.keys(pkg.peerDependencies),
    ...Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@kib/')),
    'zod',
    'i18next',
  ];
  return {
    plugins: [
      react(),
      ...(embed ? [compression({ algorithms: ['brotliCompress'], logLevel: 'silent' })] : []),
    ],
    define: embed ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
    // The bundle's own zod, without the compiled parsers a strict Content-Security-Policy refuses;
    // the React library leaves zod, and its settings, to the application.
    resolve: embed ? { alias: [{ find: /^zod$/, replacement: '@kib/core/zod-jitless' }] } : {},
    build: {
      outDir: embed ? 'dist' : 'dist/lib',
      emptyOutDir: embed,
      sourcemap: true,
      target: 'es2022',
      chunkSizeWarningLimit: 1200,
      lib: {
        entry: embed ? 'src/web-components.ts' : 'src/index.ts',
        formats: ['es'],
        fileName: () => (embed ? 'kib-widgets.js' : 'index.js'),
      },
      rolldownOptions: {
        external: embed
          ? []
          : (id: string) =>
              builtinModules.includes(id) || externals.some((e) => id === e || id.startsWith(`${e}/`)),
        output: {
          chunkFileNames: (chunk) => `chunks/${chunkName(chunk.facadeModuleId, chunk.name)}-[hash].js`,
        },
      },
    },
  };
});
