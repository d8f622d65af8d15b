import type { CurrentUser } from '@kib/api-client';
import { TEACHER_SEARCH_MIN_LENGTH, type CreatorModuleInput, type OpenActivityInput } from '@kib/core';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../app/api';
import { useUser } from '../../../auth/auth';
import { retryUnlessRefused } from '../creator-data';

/** The creators' module builder on a new module (spec 02 §2 "/tempmodulecreator"). */
export const CREATOR_MODULE_BUILDER = '/creator/tempmodulecreator';
/** The creators' module builder on one of their modules. */
export const creatorModulePath = (moduleId: number) => `${CREATOR_MODULE_BUILDER}?module=${moduleId}`;
/** The creator's module list. */
export const CREATOR_MODULES = '/creator/modules';

/** The groups that build modules in the creator area (the server's MODULE_CREATORS). */
const MODULE_CREATOR_GROUPS = ['Creators', 'Supervisors'];

/** May this user build modules in the creator area? (The server decides again on every call.) */
export function isModuleCreator(user: Pick<CurrentUser, 'groups'> | null): boolean {
  return Boolean(user?.groups.some((g) => MODULE_CREATOR_GROUPS.includes(g)));
}

/** The cache key of everything about one creator's modules. */
export const creatorModulesKey = (userId: number | null) => ['creator-modules', userId] as const;

/** The creator's modules, newest first (GET getcreatormodules/). */
export function useCreatorModules(options: { enabled?: boolean } = {}) {
  const api = useApi();
  const user = useUser();
  return useQuery({
    queryKey: [...creatorModulesKey(user?.id ?? null), 'list'],
    queryFn: () => api.endpoints.creatorModules(),
    retry: retryUnlessRefused,
    enabled: options.enabled ?? true,
  });
}

/** One of the creator's modules whole (POST get_module_data/). */
export function useCreatorModule(moduleId: number | null) {
  const api = useApi();
  const user = useUser();
  return useQuery({
    queryKey: [...creatorModulesKey(user?.id ?? null), 'module', moduleId],
    queryFn: () => api.endpoints.creatorModuleData({ body: { moduleId: moduleId ?? 0 } }),
    retry: retryUnlessRefused,
    enabled: moduleId !== null,
  });
}

/** Reads the creator's modules again after a change. */
function useRefresh() {
  const user = useUser();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: creatorModulesKey(user?.id ?? null) });
}

/** Saves the builder's module (POST creator/modules/). */
export function useSaveCreatorModule() {
  const api = useApi();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CreatorModuleInput) => api.endpoints.saveCreatorModule({ body }),
    onSettled: refresh,
  });
}

/** Deletes one of the creator's modules (POST creator/delete-module/). */
export function useDeleteCreatorModule() {
  const api = useApi();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (moduleId: number) => api.endpoints.deleteCreatorModule({ body: { moduleId } }),
    onSuccess: refresh,
  });
}

/** Opens an activity of one of the creator's modules (POST creator/modules/{id}/activities/). */
export function useOpenActivity(moduleId: number) {
  const api = useApi();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: OpenActivityInput) =>
      api.endpoints.openActivity({ params: { id: String(moduleId) }, body }),
    onSuccess: refresh,
  });
}

/** Whether a teacher search is long enough to be sent (the server refuses shorter ones). */
export const searchable = (search: string) => search.trim().length >= TEACHER_SEARCH_MIN_LENGTH;

/**
 * The teachers whose name or e-mail contains `search`, a page at a time (GET creator/teachers/);
 * nothing is asked before the search has {@link TEACHER_SEARCH_MIN_LENGTH} characters.
 */
export function useTeacherSearch(search: string) {
  const api = useApi();
  const term = search.trim();
  return useInfiniteQuery({
    queryKey: ['creator-teachers', term],
    queryFn: ({ pageParam }) => api.endpoints.creatorTeachers({ query: { search: term, page: pageParam } }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    retry: retryUnlessRefused,
    enabled: searchable(term),
  });
}

/** The demo account's preset (GET demo-preset/). */
export function useDemoPreset(enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: ['demo-preset'],
    queryFn: () => api.endpoints.demoPreset(),
    retry: retryUnlessRefused,
    enabled,
  });
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A day as the module list shows it: DD/MM/YYYY (spec 02 §9), in local time. */
export function formatListDate(iso: string): string {
  const d = new Date(iso);
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
}

/**
 * The last day an open activity is valid, DD/MM/YY (spec 02 §9): it ends at midnight UTC after the
 * day the creator chose, so the day shown is the one before that instant.
 */
export function formatActivityDay(iso: string): string {
  const d = new Date(Date.parse(iso) - 1);
  return `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCFullYear() % 100)}`;
}

/** A day `days` from `now`, YYYY-MM-DD (UTC), for the date input. */
export function dayFromNow(days: number, now = new Date()): string {
  return new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}
