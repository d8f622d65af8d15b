/**
 * What a page asks the API for before its code has arrived. The page's head carries a small script
 * (`head-script.ts`, inlined at build time) that sends these requests while the entry and the page's
 * modules download, and the app takes their answers over (`boot-fetch.ts`) instead of asking again.
 *
 * This module is bundled into that script: it imports only modules that import nothing, so the
 * script stays small. Its paths and bodies are the contract's (`boot-plan.test.ts` checks them
 * against `API`).
 */
import { idParam } from '../app/query-id';
import { readCookie } from '../ui/remembered-choice';

/** A request of the head script. */
export interface BootRequest {
  method: 'GET' | 'POST';
  /** The path under `/api/`, as the API client writes it (no leading slash, the query included). */
  path: string;
  /** A POST's JSON body, exactly as the API client sends it (snake_case keys). */
  body?: string;
  /**
   * `none`: sent at once without a token; its answer is the same for everyone, so it serves any
   * caller. `session`: sent only with a session, with the refreshed token. `optional`: with the
   * session's token when there is one, else at once without.
   */
  auth: 'none' | 'session' | 'optional';
}

/** The refresh every page with a session starts with (the refresh cookie is spent once). */
export const BOOT_REFRESH: BootRequest = {
  method: 'POST',
  path: 'auth/jwt/refresh/',
  body: '{}',
  auth: 'none',
};

/** The readable cookie the server sets beside its httpOnly refresh cookie (no secret in it). */
export const SESSION_HINT_COOKIE = 'kib_session';

/** The cookie that remembers the reader's language. */
export const LANGUAGE_COOKIE = 'kib_lang';

/** The language the app starts in (`initialLanguage`): the remembered choice, else Spanish. */
export function bootLanguage(cookies: string): 'es' | 'en' {
  return readCookie(LANGUAGE_COOKIE, cookies) === 'en' ? 'en' : 'es';
}

/** True when the browser holds the server's session hint: there is a refresh cookie to exchange. */
export function hasSessionHint(cookies: string = document.cookie): boolean {
  return readCookie(SESSION_HINT_COOKIE, cookies) !== null;
}

/**
 * The requests a page at `pathname` + `search` makes first, beyond the refresh: the current user on
 * every page, and what the page shows first. A student's solve page needs the problem and which of
 * its numerals are done (and, in a module, the student's classrooms, for the deadline); the student
 * area's other pages show the classrooms; the anonymous demo's solve page needs the problem. Solve
 * pages also read the public configuration (where pictures and videos are).
 */
export function bootPlan(pathname: string, search: string): BootRequest[] {
  const path = pathname.replace(/\/+$/, '') || '/';
  const params = new URLSearchParams(search);
  const plan: BootRequest[] = [{ method: 'GET', path: 'auth/users/me/', auth: 'session' }];
  const classrooms: BootRequest = { method: 'GET', path: 'get_student_classrooms/', auth: 'session' };
  const config: BootRequest = { method: 'GET', path: 'config/', auth: 'none' };
  if (path === '/student/solve') {
    const problem = idParam(params, 'problem');
    if (problem !== null) {
      plan.push(
        { method: 'GET', path: `problems/${problem}/`, auth: 'session' },
        {
          method: 'POST',
          path: 'getstudentproblemsolutiondata/',
          body: JSON.stringify({ problem_id: problem }),
          auth: 'session',
        },
      );
    }
    if (params.has('module')) plan.push(classrooms);
    plan.push(config);
  } else if (path === '/demo/student/modules/solve') {
    const problem = idParam(params, 'problem');
    if (problem !== null) plan.push({ method: 'GET', path: `problems/${problem}/`, auth: 'optional' });
    plan.push(config);
  } else if (path === '/student' || path.startsWith('/student/')) {
    plan.push(classrooms);
  }
  return plan;
}

/** The key an answer is kept under: the method, the path and, for a POST, the body. */
export function bootKey(method: string, path: string, body?: string | null): string {
  return body ? `${method} ${path} ${body}` : `${method} ${path}`;
}

/** What the head script leaves for the app: each answer by its key, once. */
export interface BootState {
  /** `performance.now()` when the script ran. */
  startedAt: number;
  answers: Map<string, Promise<BootAnswer | null>>;
}

/**
 * An answer of the head script: the response, the Authorization header it was sent with (null for
 * none), and whether it serves any caller (`auth: 'none'`). Null when the request was not sent (no
 * session) or failed on the network: the app then asks itself.
 */
export interface BootAnswer {
  response: Response;
  authorization: string | null;
  anyCaller: boolean;
}

/** Where the head script leaves its state on `window`. */
export const BOOT_GLOBAL = '__kibBoot';
