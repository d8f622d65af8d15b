import { readFileSync } from 'node:fs';
import { translate, type Language } from '@kib/i18n';
import type { Express, Request, Response } from 'express';
import { escapeHtml } from '../shared/lti.routes';
import type { StorageRequest } from './platform-storage';

/** The script of the platform-storage pages. */
export const LTI13_STORAGE_SCRIPT_PATH = '/lti/1.3/platform-storage.js';

/**
 * Served as a file from Kib's own origin, like the registration's close script: the CSP allows
 * scripts from 'self' only, and the pages pass their data in a JSON element, never in inline script.
 */
const STORAGE_SCRIPT = readFileSync(new URL('./platform-storage.browser.js', import.meta.url), 'utf8');

/** JSON safe inside a `<script type="application/json">` element: no `<`, `>` or `&` to end it early. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/[<>&]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * A platform-storage page in the reader's language: it says Kib is checking the launch with the LMS
 * and loads the script, which either puts the login's secret in the platform's storage and goes on
 * to `next` (the platform's authorisation URL), or reads it back and posts it with `confirm.pending`
 * to `confirm.action`. On a failure the script shows the translated message the page already holds.
 */
export function platformStoragePage(
  language: Language,
  request: StorageRequest & { value?: string; next?: string },
  confirm?: { action: string; pending: string },
): string {
  const t = (key: string) => escapeHtml(translate(language, `lti-storage.${key}`));
  const form = confirm
    ? `<form id="lti-storage-confirm" method="post" action="${escapeHtml(confirm.action)}">` +
      `<input type="hidden" name="pending" value="${escapeHtml(confirm.pending)}">` +
      `<input type="hidden" name="value" value=""></form>`
    : '';
  return (
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${t('title')}</title>` +
    `<script src="${LTI13_STORAGE_SCRIPT_PATH}" defer></script></head>` +
    `<body><main><div id="lti-storage-waiting"><h1>${t('title')}</h1><p>${t('waiting')}</p></div>` +
    `<div id="lti-storage-failed" role="alert" hidden><h1>${t('failed-title')}</h1><p>${t('failed')}</p></div>` +
    `<noscript><p>${t('no-script')}</p></noscript>${form}` +
    `<script type="application/json" id="lti-storage">${scriptJson(request)}</script>` +
    `</main></body></html>`
  );
}

/**
 * Answers a platform-storage page. Its opener is kept (Cross-Origin-Opener-Policy `unsafe-none`
 * instead of the site's `same-origin`): a platform that opens Kib in a new window keeps its storage
 * frame there, which the page reaches through `window.opener`.
 */
export function sendPlatformStoragePage(
  req: Request,
  res: Response,
  request: StorageRequest & { value?: string; next?: string },
  confirm?: { action: string; pending: string },
): void {
  res.set('Cross-Origin-Opener-Policy', 'unsafe-none');
  res.type('html').send(platformStoragePage(req.language, request, confirm));
}

/** Mounts the script of the platform-storage pages. */
export function mountPlatformStorageScript(app: Express): void {
  app.get(LTI13_STORAGE_SCRIPT_PATH, (_req, res) => {
    // Revalidated on each use (its ETag), so a page and its script never come from different releases.
    res.set('Cache-Control', 'no-cache');
    res.type('text/javascript').send(STORAGE_SCRIPT);
  });
}
