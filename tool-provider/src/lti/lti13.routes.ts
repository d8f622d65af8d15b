import express, { type Express, type RequestHandler } from 'express';
import type { Logger } from '../logger';
import { ltiRefusalPage, noStore } from './lti11.routes';
import { LTI13_KEYS_PATH, LTI13_LAUNCH_PATH, LTI13_LOGIN_PATH, type Lti13Service } from './lti13.service';
import type { ToolKeys } from './tool-keys';

/** Largest login or launch body accepted (Moodle's id_token form is about 4 kB). */
const BODY_LIMIT = '64kb';

/** The string fields of a parsed form or query; repeated or nested fields are dropped. */
function fields(source: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (source && typeof source === 'object')
    for (const [name, value] of Object.entries(source as Record<string, unknown>))
      if (typeof value === 'string') out[name] = value;
  return out;
}

/**
 * Mounts LTI 1.3 outside /api: the OIDC login initiation (GET or form POST; answers 302 to the
 * platform), the launch (form POST of id_token and state; answers 303 to /moodlelogin with a
 * one-time code) and Kib's JWKS. No CORS header is ever set: platforms call these from their
 * servers or by top-level navigation, so no origin needs to read an answer. A refusal is a small
 * translated page; the token and the state are never logged.
 */
export function mountLti13(app: Express, service: Lti13Service, keys: ToolKeys, logger: Logger): void {
  const form = express.urlencoded({ extended: false, limit: BODY_LIMIT, parameterLimit: 50 });
  const login: RequestHandler = async (req, res, next) => {
    noStore(res);
    try {
      const input = req.method === 'GET' ? fields(req.query) : fields(req.body);
      res.redirect(302, await service.login(input));
    } catch (err) {
      next(err);
    }
  };
  const launch: RequestHandler = async (req, res, next) => {
    noStore(res);
    try {
      res.redirect(303, await service.launch(fields(req.body)));
    } catch (err) {
      next(err);
    }
  };
  const refused = ltiRefusalPage(logger);
  app.get(LTI13_LOGIN_PATH, login, refused);
  app.post(LTI13_LOGIN_PATH, form, login, refused);
  app.post(LTI13_LAUNCH_PATH, form, launch, refused);
  app.get(LTI13_KEYS_PATH, async (_req, res, next) => {
    try {
      res.set('Cache-Control', 'public, max-age=300');
      res.json(await keys.jwks());
    } catch (err) {
      next(err);
    }
  });
}
