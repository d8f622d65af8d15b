import {
  BOOT_GLOBAL,
  BOOT_REFRESH,
  bootKey,
  bootLanguage,
  bootPlan,
  hasSessionHint,
  type BootAnswer,
  type BootRequest,
  type BootState,
} from './boot-plan';

/**
 * Runs in the page's head, before the entry has even downloaded: with the server's session hint it
 * exchanges the refresh cookie for an access token and, with it, asks for the page's first data
 * (`bootPlan`); the public configuration of a solve page is asked for at once. The answers wait on
 * `window.__kibBoot` for the app, which takes each of them once (`boot-fetch.ts`), so on a phone the
 * data is there when the app starts instead of after it. Nothing here throws: a request that fails
 * leaves a null answer and the app asks again as it always would.
 */
export function startBoot(win: Window & { [BOOT_GLOBAL]?: BootState }): BootState {
  const state: BootState = { startedAt: win.performance.now(), answers: new Map() };
  win[BOOT_GLOBAL] = state;
  const cookies = win.document.cookie;
  const language = bootLanguage(cookies);
  const send = (request: BootRequest, token: string | null): Promise<BootAnswer | null> => {
    const authorization = token ? `Bearer ${token}` : null;
    const headers: Record<string, string> = { accept: 'application/json', 'accept-language': language };
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    if (authorization) headers.authorization = authorization;
    return win
      .fetch(`/api/${request.path}`, {
        method: request.method,
        headers,
        body: request.body,
        credentials: 'include',
      })
      .then(
        (response) => ({ response, authorization, anyCaller: request.auth === 'none' }),
        () => null,
      );
  };
  const keep = (request: BootRequest, answer: Promise<BootAnswer | null>) =>
    state.answers.set(bootKey(request.method, request.path, request.body), answer);

  const plan = bootPlan(win.location.pathname, win.location.search);
  const session = hasSessionHint(cookies);
  const token: Promise<string | null> = session
    ? (() => {
        const refresh = send(BOOT_REFRESH, null);
        keep(BOOT_REFRESH, refresh);
        return refresh.then((answer) =>
          answer?.response.ok
            ? answer.response
                .clone()
                .json()
                .then((body: { access?: unknown }) => (typeof body.access === 'string' ? body.access : null))
                .catch(() => null)
            : null,
        );
      })()
    : Promise.resolve(null);
  for (const request of plan) {
    if (request.auth === 'none' || (request.auth === 'optional' && !session))
      keep(request, send(request, null));
    else if (session)
      keep(
        request,
        token.then((access) => (access ? send(request, access) : null)),
      );
  }
  return state;
}
