import { API } from '@kib/core';
import { translate } from '@kib/i18n';
import type { CookieOptions, Request, Response } from 'express';
import type { ApiRouter } from '../http/api-router';
import { AppError } from '../http/errors';
import { requestOrigin } from '../http/origin';
import type { AuthService, Session } from './auth.service';

/** The refresh-token cookie: httpOnly, scoped to the token endpoints. */
export const REFRESH_COOKIE = 'kib_refresh';
const REFRESH_COOKIE_PATH = '/api/auth/jwt/';

/**
 * A readable companion of the refresh cookie, holding no secret: it tells the site that a session
 * may exist, so a visitor who never logged in is not sent to the refresh endpoint (and a 401) on
 * every page load. It lives and dies with the refresh cookie.
 */
export const SESSION_HINT_COOKIE = 'kib_session';

/** Cookie settings of the refresh token. */
export interface RefreshCookieSettings {
  secure: boolean;
  sameSite: 'lax' | 'strict' | 'none';
}

/** The djoser-compatible account endpoints of spec 01 §7. */
export function registerAuthRoutes(api: ApiRouter, auth: AuthService, cookie: RefreshCookieSettings): void {
  const base: CookieOptions = {
    httpOnly: true,
    secure: cookie.secure || cookie.sameSite === 'none',
    sameSite: cookie.sameSite,
    path: REFRESH_COOKIE_PATH,
  };
  const hint: CookieOptions = { ...base, httpOnly: false, path: '/' };
  const setSession = (res: Response, session: Session) => {
    res.cookie(REFRESH_COOKIE, session.refresh.token, { ...base, expires: session.refresh.expiresAt });
    res.cookie(SESSION_HINT_COOKIE, '1', { ...hint, expires: session.refresh.expiresAt });
    return { body: { access: session.access } };
  };
  const clearSession = (res: Response) => {
    res.clearCookie(REFRESH_COOKIE, base);
    res.clearCookie(SESSION_HINT_COOKIE, hint);
  };
  const cookieToken = (req: Request): string | undefined => {
    const value: unknown = req.cookies?.[REFRESH_COOKIE];
    return typeof value === 'string' && value.length > 0 && value.length <= 200 ? value : undefined;
  };

  api.handle(API.login, {
    handle: async ({ body, req, res }) => setSession(res, await auth.login(body, requestOrigin(req))),
  });

  api.handle(API.refreshSession, {
    handle: async ({ req, res }) => {
      try {
        return setSession(res, await auth.refresh(cookieToken(req), requestOrigin(req)));
      } catch (err) {
        if (err instanceof AppError && err.status === 401) clearSession(res);
        throw err;
      }
    },
  });

  api.handle(API.logout, {
    handle: async ({ req, res }) => {
      await auth.logout(cookieToken(req));
      clearSession(res);
      return { body: { detail: translate(req.language, 'auth.logged-out') } };
    },
  });

  api.handle(API.register, {
    handle: async ({ body, req }) => ({ body: await auth.register(body, requestOrigin(req), req.language) }),
  });

  api.handle(API.activate, {
    handle: async ({ body, req }) => {
      await auth.activate(body, requestOrigin(req));
      return { body: { success: true, detail: translate(req.language, 'auth.activation-done') } };
    },
  });

  api.handle(API.resendActivation, {
    handle: async ({ body, req }) => {
      await auth.resendActivation(body.email, requestOrigin(req));
    },
  });

  api.handle(API.resetPassword, {
    handle: async ({ body, req }) => {
      await auth.requestPasswordReset(body.email, requestOrigin(req));
    },
  });

  api.handle(API.confirmPasswordReset, {
    handle: async ({ body, req }) => {
      await auth.confirmPasswordReset(body, requestOrigin(req));
    },
  });

  api.handle(API.me, {
    handle: async ({ principal }) => ({ body: await auth.me(principal.userId) }),
  });

  api.handle(API.myGroups, {
    handle: async ({ principal }) => ({ body: { groups: (await auth.me(principal.userId)).groups } }),
  });
}
