import express, { type Express, type RequestHandler } from 'express';
import { unstorable } from '../../http/body-guard';
import { AppError } from '../../http/errors';
import type { Logger } from '../../logger';
import { MOODLE_LOGIN_PATH } from '../shared/launch-codes';
import { ltiRefusalPage, noStore, tooManyFormFields } from '../shared/lti.routes';
import type { Lti11Service } from './lti11.service';

/** Where LMSs post LTI 1.1 launches (basic launches and Content-Item requests). */
export const LTI11_LAUNCH_PATH = '/lti/1.1/launch';
/** Largest launch body accepted (Moodle's are about 3 kB). */
const LAUNCH_BODY_LIMIT = '64kb';

/**
 * Mounts the LTI 1.1 launch on the app, outside /api (it is a form post that answers a redirect or
 * an HTML page), and the headers of /moodlelogin. A refused launch answers a small translated page
 * with its status (400, 401, 403, 404; 413 for a body above 64 kB or with more fields than LTI's
 * shared cap); nothing of the request is logged.
 */
export function mountLti11(app: Express, service: Lti11Service, logger: Logger): void {
  const launch: RequestHandler = async (req, res, next) => {
    noStore(res);
    try {
      if (typeof req.body !== 'string') throw new AppError(400, 'lti-launch-invalid');
      // The same cap as LTI 1.3's forms, counted on the raw text before anything is parsed (the
      // signature needs the body as sent, so express.urlencoded's parameterLimit cannot count it).
      // The query's fields are signed with the form's, so they count with them.
      const query = req.originalUrl.includes('?')
        ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1)
        : '';
      if (tooManyFormFields(query ? `${query}&${req.body}` : req.body))
        throw new AppError(413, 'too-many-fields');
      for (const [name, value] of new URLSearchParams(req.body))
        if (unstorable(name) || unstorable(value)) throw new AppError(400, 'lti-launch-invalid');
      // req.protocol and req.host follow X-Forwarded-Proto/Host only as far as "trust proxy" allows.
      const url = `${req.protocol}://${req.host}${req.originalUrl}`;
      const location = await service.launch({ method: req.method, url, body: req.body });
      res.redirect(303, location);
    } catch (err) {
      next(err);
    }
  };
  const refused = ltiRefusalPage(logger);
  app.post(
    LTI11_LAUNCH_PATH,
    express.text({ type: 'application/x-www-form-urlencoded', limit: LAUNCH_BODY_LIMIT }),
    launch,
    refused,
  );
  app.use(MOODLE_LOGIN_PATH, (_req, res, next) => {
    noStore(res);
    next();
  });
}
