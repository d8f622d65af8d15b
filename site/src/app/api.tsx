import { ApiClient } from '@kib/api-client';
import { createContext, useContext, useState, type ReactNode } from 'react';
import { bootFetch } from '../boot/boot-fetch';

const ApiContext = createContext<ApiClient | null>(null);

/** The transport each site client was made with, so a token client can share it (tests stub it). */
const TRANSPORTS = new WeakMap<ApiClient, typeof fetch | undefined>();

/** The site's API client: same origin, access token in memory only, refresh cookie httpOnly. */
export function createSiteApi(options: { fetch?: typeof fetch } = {}): ApiClient {
  const client = new ApiClient({ baseUrl: '/api/', fetch: options.fetch });
  TRANSPORTS.set(client, options.fetch);
  return client;
}

let siteClient: ApiClient | undefined;

/**
 * The page's own site client, shared by the providers and by what runs before them (a route's
 * loader that asks for a page's data while its code is still downloading).
 */
export function siteApi(): ApiClient {
  // The first answers may already be on their way: the page's head script asked for them.
  siteClient ??= createSiteApi({ fetch: bootFetch() });
  return siteClient;
}

/** Makes `client` the page's site client (a test's, with its stub fetch), before the router starts. */
export function setSiteApi(client: ApiClient): void {
  siteClient = client;
}

/**
 * A second client on the site's server and transport that holds its own access token (a code
 * activity's temporary student). It sends no cookies and never refreshes, so it can neither use nor
 * rotate the session of a person logged in on the same browser. `onEnded` is told when the server
 * refuses the token (its session ended: the student removed, the activity closed).
 */
export function createTokenClient(
  site: ApiClient,
  token: string,
  lang?: string,
  onEnded?: () => void,
): ApiClient {
  const transport =
    TRANSPORTS.get(site) ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
  const noSession: typeof fetch = (input, init) => {
    const url = typeof input === 'string' || input instanceof URL ? input.toString() : input.url;
    if (new URL(url, location.href).pathname.includes('/auth/jwt/'))
      return Promise.resolve(new Response(null, { status: 401 }));
    return transport(input, { ...init, credentials: 'omit' });
  };
  return new ApiClient({
    baseUrl: '/api/',
    token,
    lang,
    fetch: noSession,
    // The token refused (it cannot be refreshed): whoever holds it is told its session ended.
    onTokenChange: (current) => {
      if (current === null) onEnded?.();
    },
  });
}

/** Provides one API client to the site (tests pass one with a stub fetch). */
export function ApiProvider({ client, children }: { client?: ApiClient; children: ReactNode }) {
  const [api] = useState(() => client ?? siteApi());
  return <ApiContext.Provider value={api}>{children}</ApiContext.Provider>;
}

/** The site's API client. */
export function useApi(): ApiClient {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi outside ApiProvider');
  return api;
}
