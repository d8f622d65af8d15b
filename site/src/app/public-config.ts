import { useQuery } from '@tanstack/react-query';
import { useApi } from './api';

/** The cache key of GET config/, read once per session by every page that needs it. */
export const PUBLIC_CONFIG_KEY = ['public-config'] as const;

/**
 * GET config/ (public): where pictures and videos are served from and the upload limits. Read once
 * and kept for the session; the answer does not change while the site runs.
 */
export function usePublicConfig() {
  const api = useApi();
  return useQuery({
    queryKey: PUBLIC_CONFIG_KEY,
    queryFn: () => api.endpoints.publicConfig(),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

/** Where the solver shows pictures and plays videos from. */
export interface MediaAddresses {
  pictureBaseUrl: string | null;
  videoBaseUrl: string | null;
}

/**
 * The solver's picture and video addresses from GET config/: null while it loads or when it cannot
 * be read, so that pictures wait and the video dialog says the video is not available.
 */
export function useMediaAddresses(): MediaAddresses {
  const { data } = usePublicConfig();
  return { pictureBaseUrl: data?.pictureBaseUrl ?? null, videoBaseUrl: data?.videoBaseUrl ?? null };
}
