import { windowDays, CREATOR_STATS_MAX_DAYS } from '@kib/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApi } from '../../../app/api';
import { retryUnlessRefused } from '../creator-data';

/** The creator statistics page. */
export const CREATOR_STATS_PATH = '/creator/creatorstats';

/** The statistics page's choices as the address keeps them (`?creator=&from=&to=`). */
export interface StatsChoice {
  creatorId: number | null;
  from: string | null;
  to: string | null;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const dateOf = (raw: string | null): string | null => (raw && DATE.test(raw) ? raw : null);

/** Reads the page's choices from the address; anything malformed is left out. */
export function choiceOf(params: URLSearchParams): StatsChoice {
  const raw = params.get('creator');
  const id = Number(raw);
  return {
    creatorId: raw && /^\d{1,10}$/.test(raw) && id > 0 ? id : null,
    from: dateOf(params.get('from')),
    to: dateOf(params.get('to')),
  };
}

/** Why a window cannot be asked for (an i18n key of the page), or null when it can. */
export function windowProblem(
  from: string,
  to: string,
): 'creator-stats.window-order' | 'creator-stats.window-long' | null {
  if (!from || !to) return null;
  const days = windowDays(from, to);
  if (days < 1) return 'creator-stats.window-order';
  if (days > CREATOR_STATS_MAX_DAYS) return 'creator-stats.window-long';
  return null;
}

/** The creators whose statistics the reader may see (get_creators/). */
export function useCreators() {
  const api = useApi();
  return useQuery({
    queryKey: ['creator-stats', 'creators'],
    queryFn: () => api.endpoints.creators(),
    retry: retryUnlessRefused,
  });
}

/** A creator's statistics in the chosen window (get_creator_stats/), the last answer shown while the next loads. */
export function useCreatorStats(creatorId: number | null, from: string | null, to: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: ['creator-stats', 'stats', creatorId, from, to],
    queryFn: () =>
      api.endpoints.creatorStats({
        body: { creatorId: creatorId!, ...(from ? { start: from } : {}), ...(to ? { end: to } : {}) },
      }),
    enabled: creatorId !== null,
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });
}

/** May this user see creator statistics (creators their own, supervisors anyone's)? The server decides again. */
export function isStatsReader(user: { groups: readonly string[] } | null): boolean {
  return Boolean(user?.groups.some((g) => g === 'Creators' || g === 'Supervisors'));
}
