import { BOOT_GLOBAL, BOOT_REFRESH, bootKey, type BootState } from './boot-plan';

/** The refresh's key: its answer is taken however late it comes. */
const REFRESH_KEY = bootKey(BOOT_REFRESH.method, BOOT_REFRESH.path, BOOT_REFRESH.body);

/** How long after the head script ran its answers may still be taken: later, the app asks again. */
export const BOOT_ANSWER_LIFETIME_MS = 30_000;

/** The path under `/api/` of a request to this origin's API, with its query; null for any other. */
function apiPath(url: URL, origin: string): string | null {
  if (url.origin !== origin || !url.pathname.startsWith('/api/')) return null;
  return url.pathname.slice('/api/'.length) + url.search;
}

function headerOf(init: RequestInit | undefined, name: string): string | null {
  return init?.headers ? new Headers(init.headers).get(name) : null;
}

/**
 * The site client's transport: a request the page's head script already sent (same method, path and
 * body, sent with the same token or needing none) is answered with that script's response, once;
 * every other request, and one whose early answer failed or (but for the refresh) is asked for more
 * than {@link BOOT_ANSWER_LIFETIME_MS} after the script ran, goes to the network. So the refresh
 * cookie is exchanged once per page, and the first data the app asks for is usually already there.
 */
export function bootFetch(
  win: Window & { [BOOT_GLOBAL]?: BootState } = window,
  network: typeof fetch = (...args) => globalThis.fetch(...args),
): typeof fetch {
  return async (input, init) => {
    const state = win[BOOT_GLOBAL];
    if (!state || state.answers.size === 0 || input instanceof Request) return network(input, init);
    const path = apiPath(new URL(String(input), win.location.href), win.location.origin);
    const body = typeof init?.body === 'string' ? init.body : init?.body == null ? null : undefined;
    if (path === null || body === undefined) return network(input, init);
    const key = bootKey((init?.method ?? 'GET').toUpperCase(), path, body);
    const early = state.answers.get(key);
    if (!early) return network(input, init);
    state.answers.delete(key);
    // The refresh is waited for however long it takes: sent again, it would carry the cookie the
    // script's refresh is rotating, which ends the session.
    if (key !== REFRESH_KEY && win.performance.now() - state.startedAt > BOOT_ANSWER_LIFETIME_MS)
      return network(input, init);
    const answer = await early;
    if (!answer || (!answer.anyCaller && answer.authorization !== headerOf(init, 'authorization')))
      return network(input, init);
    return answer.response;
  };
}
