import { fileURLToPath } from 'node:url';
import type { RequestHandler } from 'express';
import expressStaticGzip from 'express-static-gzip';

/** Where `npm run build -w widgets` writes the bundle, next to this repository's tool provider. */
export const DEFAULT_WIDGETS_DIR = fileURLToPath(new URL('../../../widgets/dist', import.meta.url));

/**
 * Serves the widget bundle (`/widgets/kib-widgets.js`, its lazy chunks and fonts) to any page that
 * embeds it: public, credential-free files, so any origin may load them as module scripts (CORS `*`)
 * and cross-origin-isolated LMS pages may too (CORP cross-origin). Hashed chunks are immutable; the
 * entry is revalidated so a new release reaches pages at once. A script the build also wrote with
 * brotli (`.js.br`) is sent as that file to browsers that accept brotli.
 */
export function widgetAssets(dir: string = DEFAULT_WIDGETS_DIR): RequestHandler {
  return expressStaticGzip(dir, {
    enableBrotli: true,
    orderPreference: ['br'],
    index: false,
    serveStatic: {
      fallthrough: true,
      setHeaders(res, filePath) {
        res.setHeader('Access-Control-Allow-Origin', '*');
        res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
        res.setHeader(
          'Cache-Control',
          /[\\/]chunks[\\/]|[\\/]fonts[\\/]/.test(filePath)
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=0, must-revalidate',
        );
      },
    },
  }) as RequestHandler;
}
