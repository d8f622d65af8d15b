import type { ApiClient } from '@kib/api-client';
import type { Language } from '@kib/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { AuthProvider } from '../auth/auth';
import { LanguageProvider } from '../i18n/language';
import { ApiProvider } from './api';

/** A query client tuned for the site: one retry, no refetch on every window focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 },
    },
  });
}

let siteClient: QueryClient | undefined;

/**
 * The page's own data cache, shared by the providers and by what runs before them (a route's loader
 * that asks for a page's data while its code is still downloading).
 */
export function siteQueryClient(): QueryClient {
  siteClient ??= createQueryClient();
  return siteClient;
}

/** Makes `client` the page's data cache (a test's), before the router starts. */
export function setSiteQueryClient(client: QueryClient): void {
  siteClient = client;
}

/** Everything a page needs around it: data cache, API client, language and session. */
export function SiteProviders({
  children,
  api,
  language,
  queryClient,
}: {
  children: ReactNode;
  api?: ApiClient;
  language?: Language;
  queryClient?: QueryClient;
}) {
  const [client] = useState(() => queryClient ?? siteQueryClient());
  return (
    <QueryClientProvider client={client}>
      <ApiProvider client={api}>
        <LanguageProvider initial={language}>
          <AuthProvider>{children}</AuthProvider>
        </LanguageProvider>
      </ApiProvider>
    </QueryClientProvider>
  );
}
