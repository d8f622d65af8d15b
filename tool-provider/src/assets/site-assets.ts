import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Router } from 'express';
import expressStaticGzip from 'express-static-gzip';

/** Where `npm run build -w site` writes the site, in this repository. */
export const DEFAULT_SITE_DIR = fileURLToPath(new URL('../../../site/dist', import.meta.url));

/** Paths the site never answers: the API and the widget bundle have their own handlers. */
const NOT_SITE = /^\/(api|widgets)(\/|$)/;

/** MathLive's module, as the build's manifest names its source. */
const MATHLIVE = '../node_modules/mathlive/mathlive.min.mjs';

/** The student area's frame, around each of its pages. */
const STUDENT_LAYOUT = 'src/pages/student/student-layout.tsx';

/**
 * The modules a page needs beyond the entry, by path: the lazily loaded layout and page of its route
 * and the libraries it cannot work without, as the build's manifest names their sources. The page
 * announces them in its head, so a phone downloads them beside the entry instead of after it has run.
 */
export const PAGE_MODULES: { path: RegExp; sources: string[] }[] = [
  { path: /^\/login\/?$/, sources: ['src/pages/account/login-page.tsx'] },
  { path: /^\/student\/?$/, sources: [STUDENT_LAYOUT, 'src/pages/student/home-page.tsx'] },
  { path: /^\/student\/classrooms\/?$/, sources: [STUDENT_LAYOUT, 'src/pages/student/classrooms-page.tsx'] },
  { path: /^\/student\/modules\/?$/, sources: [STUDENT_LAYOUT, 'src/pages/student/modules-page.tsx'] },
  { path: /^\/student\/rendermodule\/?$/, sources: [STUDENT_LAYOUT, 'src/pages/student/module-page.tsx'] },
  {
    path: /^\/student\/solve\/?$/,
    sources: [STUDENT_LAYOUT, 'src/pages/student/solve-page.tsx', MATHLIVE],
  },
  {
    path: /^\/demo\/student\/modules\/solve\/?$/,
    sources: ['src/pages/student/demo-layout.tsx', 'src/pages/student/solve-page.tsx', MATHLIVE],
  },
  {
    path: /^\/code\/student\/solve\/?$/,
    sources: ['src/pages/code/code-solve-page.tsx', MATHLIVE],
  },
];

/** A chunk of the build's manifest (dist/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/**
 * The files of the build that `sources` (keys of the build's manifest) load before they run: their
 * chunks with their styles and, transitively, the chunks they import.
 */
export function pageFiles(manifest: Record<string, ManifestChunk>, sources: string[]): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.css?.forEach((css) => files.add(css));
    chunk.imports?.forEach(visit);
  };
  sources.forEach(visit);
  return [...files];
}

/** The site's page as the server answers it for one path. */
export interface SitePage {
  html: string;
  /** The CSP sources (`'sha256-…'`) of the page's inline scripts, which `script-src` must allow. */
  scriptHashes: string[];
}

/** The CSP source of an inline script: the base64 SHA-256 of its exact text. */
export function inlineScriptSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The hash sources of every inline script of `html` (a script element without `src`). */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)]
    .map((m) => m[1] ?? '')
    .filter((text) => text.trim() !== '')
    .map(inlineScriptSource);
}

/**
 * The site's `index.html` for a path: for a page of PAGE_MODULES, with a modulepreload link for each
 * script its modules need (their static imports included) and a preload link for each of their
 * stylesheets, except what the page already announces; for any other page, as it is. Read again when
 * the build changes; without a manifest, every page as it is. Null without a build.
 */
function pageHtml(dir: string): (pagePath: string) => SitePage | null {
  let cache: { stamp: string; plain: SitePage; byPath: Map<RegExp, SitePage> } | null = null;
  return (pagePath) => {
    const index = path.join(dir, 'index.html');
    const manifestFile = path.join(dir, '.vite', 'manifest.json');
    if (!existsSync(index)) return null;
    const hasManifest = existsSync(manifestFile);
    const stamp = `${statSync(index).mtimeMs}:${hasManifest ? statSync(manifestFile).mtimeMs : '-'}`;
    if (cache?.stamp !== stamp) {
      const html = readFileSync(index, 'utf8');
      const scriptHashes = inlineScriptHashes(html);
      const byPath = new Map<RegExp, SitePage>();
      if (hasManifest) {
        const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
        for (const page of PAGE_MODULES) {
          const links = pageFiles(manifest, page.sources)
            .map((file) => `/${file}`)
            .filter((href) => !html.includes(`"${href}"`))
            .map((href) =>
              href.endsWith('.css')
                ? `<link rel="preload" as="style" crossorigin fetchpriority="low" href="${href}">`
                : `<link rel="modulepreload" crossorigin fetchpriority="low" href="${href}">`,
            );
          byPath.set(page.path, {
            html: html.replace('</head>', `${links.join('\n')}\n</head>`),
            scriptHashes,
          });
        }
      }
      cache = { stamp, plain: { html, scriptHashes }, byPath };
    }
    const entry = PAGE_MODULES.find((p) => p.path.test(pagePath));
    return (entry && cache.byPath.get(entry.path)) ?? cache.plain;
  };
}

/** `policy` with `sources` added to its `script-src` directive; a policy without one, as it is. */
export function allowScripts(policy: string, sources: string[]): string {
  if (sources.length === 0) return policy;
  return policy.replace(/((?:^|;)\s*script-src\s[^;]*)/, `$1 ${sources.join(' ')}`);
}

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
  const pages = pageHtml(dir);
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
    const page = pages(req.path);
    if (!page) return next();
    // A page that carries a one-time code has already asked for no-store; keep the stricter rule.
    if (!res.getHeader('Cache-Control')) res.setHeader('Cache-Control', 'no-cache');
    // The page's head script (the session's refresh and its first data) runs by its hash.
    const policy = res.getHeader('Content-Security-Policy');
    if (typeof policy === 'string')
      res.setHeader('Content-Security-Policy', allowScripts(policy, page.scriptHashes));
    res.type('html').send(page.html);
  });
  return router;
}
