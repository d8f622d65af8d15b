import { API, PathIdSchema } from '@kib/core';
import { translate } from '@kib/i18n';
import type { ErrorRequestHandler, Response } from 'express';
import type { ApiRouter } from '../../http/api-router';
import { AppError } from '../../http/errors';
import { storageFailure } from '../../health/storage-failure';
import type { Logger } from '../../logger';
import type { Lti11Service } from '../v11/lti11.service';
import type { Lti13Service } from '../v13/lti13.service';
import { requestOrigin } from '../../http/origin';
import type { LtiAccountLinks } from './account-links';
import type { LtiLaunches } from './launch';
import type { LtiLinks } from './lti-links.service';
import type { LtiModules } from './lti-modules';

/** Text safe inside HTML elements and quoted attributes. */
export const escapeHtml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&#39;', '"': '&quot;' })[c]!);

/** Pages and answers that carry or exchange a one-time code: never cached, never sent as a referrer. */
export function noStore(res: Response): void {
  res.set('Cache-Control', 'no-store');
  res.set('Referrer-Policy', 'no-referrer');
}

/**
 * The JSON routes of LTI under /api: the code exchange, the activity picker's answer (an LTI 1.1
 * Content-Item form or, for an LTI 1.3 deep-linking selection, the signed JWT), the module view,
 * a resource link's results for its instructors, the instructor's link to their Kib teacher
 * account with that teacher's modules, and the module an instructor saves for their activity from
 * the creation tool.
 */
export function registerLtiRoutes(
  api: ApiRouter,
  {
    launches,
    lti11,
    lti13,
    links,
    accountLinks,
    ltiModules,
  }: {
    launches: LtiLaunches;
    lti11: Lti11Service;
    lti13: Lti13Service;
    links: LtiLinks;
    accountLinks: LtiAccountLinks;
    ltiModules: LtiModules;
  },
): void {
  api.handle(API.ltiSession, {
    handle: async ({ body, res }) => {
      noStore(res);
      return { body: await launches.openSession(body.code) };
    },
  });

  api.handle(API.ltiContentItem, {
    handle: async ({ body, principal, res }) => {
      noStore(res);
      const deepLinking = await lti13.deepLinkingResponse(principal, body.selection, body.activityCode);
      return {
        body: deepLinking ?? (await lti11.contentItem(principal, body.selection, body.activityCode)),
      };
    },
  });

  api.handle(API.ltiModule, {
    owns: async ({ params, principal }) => {
      const id = PathIdSchema.safeParse(params.id);
      return id.success && launches.canOpen(principal, id.data);
    },
    handle: async ({ params, principal }) => ({
      body: await launches.moduleView(principal, PathIdSchema.parse(params.id)),
    }),
  });

  api.handle(API.ltiLinkResults, {
    handle: async ({ params, principal, res }) => {
      noStore(res);
      const id = PathIdSchema.safeParse(params.id);
      if (!id.success) throw AppError.notFound();
      return { body: await links.results(principal, id.data) };
    },
  });

  api.handle(API.resendLtiGrades, {
    handle: async ({ params, principal, body }) => {
      const id = PathIdSchema.safeParse(params.id);
      if (!id.success) throw AppError.notFound();
      return { body: await links.resendGrades(principal, id.data, body.studentId) };
    },
  });

  api.handle(API.ltiRecentActivities, {
    handle: async ({ principal, res }) => {
      noStore(res);
      return { body: await links.recentActivities(principal) };
    },
  });

  api.handle(API.ltiKibAccount, {
    handle: async ({ principal, res }) => {
      noStore(res);
      return { body: await accountLinks.view(principal.userId) };
    },
  });

  api.handle(API.linkKibAccount, {
    handle: async ({ principal, body, req, res }) => {
      noStore(res);
      return { body: await accountLinks.link(principal.userId, body, requestOrigin(req)) };
    },
  });

  api.handle(API.unlinkKibAccount, {
    handle: async ({ principal }) => {
      await accountLinks.unlink(principal.userId);
    },
  });

  api.handle(API.ltiKibModuleCode, {
    handle: async ({ principal, params, res }) => {
      noStore(res);
      const id = PathIdSchema.safeParse(params.id);
      if (!id.success) throw AppError.notFound();
      return { body: await accountLinks.moduleCode(principal.userId, id.data) };
    },
  });

  api.handle(API.saveLtiModule, {
    handle: async ({ principal, body, res }) => {
      noStore(res);
      return { body: await ltiModules.save(principal, body) };
    },
  });

  api.handle(API.moduleByMoodleCode, {
    handle: async ({ body }) => ({
      body: { data: { moduleId: (await launches.moduleByCode(body.codeField)).id } },
    }),
  });
}

/**
 * The most fields an LTI launch form (1.1 or 1.3), an LTI 1.3 login form or a login's query may
 * have; more is 413 `too-many-fields`, refused before the form is parsed. Moodle 4.5 sends 37 in an
 * LTI 1.1 launch with one custom parameter and fewer than ten in LTI 1.3; the rest is room for the
 * custom parameters and `ext_` fields other LMSs and course settings add.
 */
export const FORM_FIELD_LIMIT = 100;

/**
 * Whether a urlencoded form has more than {@link FORM_FIELD_LIMIT} fields, counted as body-parser's
 * `parameterLimit` counts them (its `&`-separated parts) and without building them.
 */
export function tooManyFormFields(form: string): boolean {
  let fields = 1;
  for (let at = form.indexOf('&'); at !== -1; at = form.indexOf('&', at + 1))
    if (++fields > FORM_FIELD_LIMIT) return true;
  return false;
}

/**
 * The error handler of the LTI launch routes: a small translated page with the refusal's status
 * (400, 401, 403, 404, 413; 503 while the storage takes no write). A refusal is logged at info with
 * its path, status and reason code only (nothing of the request: no token, state, signature or
 * user); unexpected errors with their stack.
 */
export function ltiRefusalPage(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const known =
      err instanceof AppError
        ? err
        : (err as { type?: string }).type === 'entity.too.large'
          ? new AppError(413, 'payload-too-large')
          : (err as { type?: string }).type === 'parameters.too.many'
            ? new AppError(413, 'too-many-fields')
            : (err as { status?: number }).status === 400
              ? new AppError(400, 'lti-launch-invalid')
              : storageFailure(err)
                ? AppError.storageUnavailable(err)
                : null;
    if (!known)
      logger.error(
        { err: { message: (err as Error).message, stack: (err as Error).stack } },
        'LTI launch failed',
      );
    else logger.info({ path: req.path, status: known.status, reason: known.code }, 'LTI launch refused');
    const status = known?.status ?? 500;
    const message = translate(
      req.language,
      known ? known.detail.key : 'errors.internal',
      known?.detail.params,
    );
    noStore(res);
    if (known?.headers) res.set(known.headers);
    res
      .status(status)
      .type('html')
      .send(
        `<!doctype html><html lang="${req.language}"><head><meta charset="utf-8">` +
          `<meta name="viewport" content="width=device-width, initial-scale=1"><title>Kib</title></head>` +
          `<body><main><h1>${escapeHtml(message)}</h1><p>${escapeHtml(known?.code ?? 'internal')}</p></main></body></html>`,
      );
  };
}
