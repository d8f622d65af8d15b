import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Router } from 'express';
import expressStaticGzip from 'express-static-gzip';

/** Where `npm run build -w site` writes the site, in this repository. */
export const DEFAULT_SITE_DIR = fileURLToPath(new URL('../../../site/dist', import.meta.url));

/** Paths the site never answers: the API and the widget bundle have their own handlers. */
const NOT_SITE = /^\/(api|widgets)(\/|$)/;

/**
 * Serves the standalone site: its hashed assets (immutable), its public files, and `index.html` for
 * every other GET that asks for a page, so React Router resolves deep links (/student/solve?problem=3)
 * after a reload. The page itself is never cached, so a new release reaches readers at once. A
 * script or stylesheet the build compressed with brotli at its highest quality (`name.js.br`) is sent
 * as that file to a browser that accepts brotli: about a fifth smaller than compressing it on the
 * fly, which a phone on a slow network feels on every first visit.
 */
export function siteAssets(dir: string = DEFAULT_SITE_DIR): Router {
  const router = Router();
  const index = path.join(dir, 'index.html');
  router.use(
    expressStaticGzip(dir, {
      enableBrotli: true,
      orderPreference: ['br'],
      index: false,
      serveStatic: {
        setHeaders(res, filePath) {
          res.setHeader(
            'Cache-Control',
            /[\\/]assets[\\/]/.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      },
    }),
  );
  // A middleware, not a route: the API's access table lists every route, and this serves files only.
  router.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (NOT_SITE.test(req.path) || !req.accepts('html') || path.extname(req.path)) return next();
    if (!existsSync(index)) return next();
    // A page that carries a one-time code has already asked for no-store; keep the stricter rule.
    if (!res.getHeader('Cache-Control')) res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
  return router;
}
