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
  const [client] = useState(() => queryClient ?? createQueryClient());
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
