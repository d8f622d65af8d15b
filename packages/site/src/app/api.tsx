import { ApiClient } from '@kib/api-client';
import { createContext, useContext, useState, type ReactNode } from 'react';

const ApiContext = createContext<ApiClient | null>(null);

/** The site's API client: same origin, access token in memory only, refresh cookie httpOnly. */
export function createSiteApi(options: { fetch?: typeof fetch } = {}): ApiClient {
  return new ApiClient({ baseUrl: '/api/', fetch: options.fetch });
}

/** Provides one API client to the site (tests pass one with a stub fetch). */
export function ApiProvider({ client, children }: { client?: ApiClient; children: ReactNode }) {
  const [api] = useState(() => client ?? createSiteApi());
  return <ApiContext.Provider value={api}>{children}</ApiContext.Provider>;
}

/** The site's API client. */
export function useApi(): ApiClient {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi outside ApiProvider');
  return api;
}
