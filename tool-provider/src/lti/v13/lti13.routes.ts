import express, { type Express, type RequestHandler } from 'express';
import { unstorable } from '../../http/body-guard';
import { AppError } from '../../http/errors';
import type { Logger } from '../../logger';
import { FORM_FIELD_LIMIT, ltiRefusalPage, noStore } from '../shared/lti.routes';
import {
  LTI13_KEYS_PATH,
  LTI13_LAUNCH_CONFIRM_PATH,
  LTI13_LAUNCH_PATH,
  LTI13_LOGIN_PATH,
  type Lti13Service,
} from './lti13.service';
import { mountPlatformStorageScript, sendPlatformStoragePage } from './platform-storage.routes';
import type { ToolKeys } from './tool-keys';

/** Largest login or launch body accepted (Moodle's id_token form is about 4 kB). */
const BODY_LIMIT = '64kb';

/**
 * The string fields of a parsed form or query; repeated or nested fields are dropped. A field holding
 * a character PostgreSQL cannot store (a NUL, a lone surrogate) makes the request invalid (400).
 */
function fields(source: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (source && typeof source === 'object')
    for (const [name, value] of Object.entries(source as Record<string, unknown>))
      if (typeof value === 'string') {
        if (unstorable(name) || unstorable(value)) throw new AppError(400, 'lti-launch-invalid');
        out[name] = value;
      }
  return out;
}

/**
 * Mounts LTI 1.3 outside /api: the OIDC login initiation (GET or form POST; answers 302 to the
 * platform), the launch (form POST of id_token and state; answers 303 to /moodlelogin with a
 * one-time code) and Kib's JWKS. When the platform offers its storage (`lti_storage_target`), the
 * login and the launch answer instead a page whose script puts the login's secret there and reads it
 * back, and the launch ends with the form POST of that secret to the confirmation, which answers the
 * 303 to /moodlelogin. No CORS header is ever set: platforms call these from their servers or by
 * top-level navigation, so no origin needs to read an answer. A refusal is a small translated page;
 * the token, the state and the secret are never logged.
 */
export function mountLti13(app: Express, service: Lti13Service, keys: ToolKeys, logger: Logger): void {
  const form = express.urlencoded({ extended: false, limit: BODY_LIMIT, parameterLimit: FORM_FIELD_LIMIT });
  const login: RequestHandler = async (req, res, next) => {
    noStore(res);
    try {
      if (req.method === 'GET' && Object.keys(req.query).length > FORM_FIELD_LIMIT)
        throw new AppError(413, 'too-many-fields');
      const input = req.method === 'GET' ? fields(req.query) : fields(req.body);
      const answer = await service.login(input);
      if (!answer.storage) return res.redirect(302, answer.authUrl);
      sendPlatformStoragePage(req, res, { ...answer.storage, next: answer.authUrl });
    } catch (err) {
      next(err);
    }
  };
  const launch: RequestHandler = async (req, res, next) => {
    noStore(res);
    try {
      const answer = await service.launch(fields(req.body));
      if ('location' in answer) return res.redirect(303, answer.location);
      const { pending, ...request } = answer.storageCheck;
      sendPlatformStoragePage(req, res, request, { action: LTI13_LAUNCH_CONFIRM_PATH, pending });
    } catch (err) {
      next(err);
    }
  };
  const confirm: RequestHandler = async (req, res, next) => {
    noStore(res);
    try {
      // Only Kib's own launch page posts the secret; a browser that says where a request comes from
      // must say it comes from Kib's origin.
      const site = req.get('sec-fetch-site');
      if (site !== undefined && site !== 'same-origin') throw new AppError(403, 'lti-storage-unconfirmed');
      res.redirect(303, await service.confirmLaunch(fields(req.body)));
    } catch (err) {
      next(err);
    }
  };
  const refused = ltiRefusalPage(logger);
  app.get(LTI13_LOGIN_PATH, login, refused);
  app.post(LTI13_LOGIN_PATH, form, login, refused);
  app.post(LTI13_LAUNCH_PATH, form, launch, refused);
  app.post(LTI13_LAUNCH_CONFIRM_PATH, form, confirm, refused);
  mountPlatformStorageScript(app);
  app.get(LTI13_KEYS_PATH, async (_req, res, next) => {
    try {
      res.set('Cache-Control', 'public, max-age=300');
      res.json(await keys.jwks());
    } catch (err) {
      next(err);
    }
  });
}
