import { translate } from '@kib/i18n';
import type { Express, RequestHandler, Response } from 'express';
import { AppError } from '../../http/errors';
import type { Logger } from '../../logger';
import { escapeHtml, ltiRefusalPage, noStore } from '../shared/lti.routes';
import { LTI13_REGISTER_PATH, type DynamicRegistration } from './dynamic-registration.service';
import { normaliseOriginPattern } from '../shared/origins';
import type { Limiter } from '../../http/rate-limit';

/** The script of the registration page: tells the LMS that opened it to close it. */
export const LTI13_REGISTER_CLOSE_PATH = '/lti/1.3/register-close.js';

/**
 * The spec's close message. It is served as a file from Kib's own origin rather than inlined: the
 * site's Content-Security-Policy allows scripts from 'self' only, and a file keeps that policy one
 * and the same for every page (no per-page hash to keep in step with the script's text).
 */
const CLOSE_SCRIPT = "window.parent.postMessage({ subject: 'org.imsglobal.lti.close' }, '*');\n";

/**
 * The LMS shows the registration page in its own frame before it is a registered platform, so this
 * page alone may also be framed by the origin of the configuration URL the LMS sent (the page holds
 * no control a framing site could abuse). Only a well-formed origin is ever added.
 */
function allowFramingBy(res: Response, configurationUrl: string): void {
  let origin: string | null = null;
  try {
    origin = normaliseOriginPattern(new URL(configurationUrl).origin);
  } catch {
    origin = null;
  }
  const policy = res.getHeader('Content-Security-Policy');
  if (!origin || typeof policy !== 'string') return;
  res.setHeader(
    'Content-Security-Policy',
    policy.replace(/frame-ancestors ([^;]*)/, (_m, list: string) => `frame-ancestors ${list} ${origin}`),
  );
}

/**
 * Mounts LTI Dynamic Registration outside /api: GET /lti/1.3/register (the LMS opens it with
 * `openid_configuration` and `registration_token`) answers a translated page that says the
 * registration is complete and loads the close script; a refusal is the LTI refusal page (403
 * closed, 400 invalid request or configuration, 502 the platform failed).
 */
export function mountDynamicRegistration(
  app: Express,
  registration: DynamicRegistration,
  logger: Logger,
  limiter: Limiter,
): void {
  const register: RequestHandler = async (req, res, next) => {
    noStore(res);
    const { openid_configuration: configurationUrl, registration_token: token } = req.query as Record<
      string,
      unknown
    >;
    try {
      // A repeated parameter arrives as an array: not a request an LMS makes.
      if (typeof configurationUrl !== 'string' || (token !== undefined && typeof token !== 'string'))
        throw new AppError(400, 'lti-registration-invalid');
      // Each attempt makes Kib fetch and post to URLs of the caller's choosing: bounded per address.
      await limiter.hit(req.ip ?? 'unknown');
      allowFramingBy(res, configurationUrl);
      const done = await registration.register({
        openid_configuration: configurationUrl,
        registration_token: token,
      });
      const title = translate(req.language, 'lti-registration.done.title');
      const body = translate(req.language, 'lti-registration.done.body', { platform: done.issuer });
      res
        .type('html')
        .send(
          `<!doctype html><html lang="${req.language}"><head><meta charset="utf-8">` +
            `<meta name="viewport" content="width=device-width, initial-scale=1"><title>Kib</title>` +
            `<script src="${LTI13_REGISTER_CLOSE_PATH}" defer></script></head>` +
            `<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(body)}</p></main></body></html>`,
        );
    } catch (err) {
      next(err);
    }
  };
  app.get(LTI13_REGISTER_PATH, register, ltiRefusalPage(logger));
  app.get(LTI13_REGISTER_CLOSE_PATH, (_req, res) => {
    res.set('Cache-Control', 'public, max-age=86400');
    res.type('text/javascript').send(CLOSE_SCRIPT);
  });
}
