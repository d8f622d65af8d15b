import type { NewSchoolCode, SchoolCode } from '@kib/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../app/api';

/** The cache key of the school codes (every search below it). */
export const SCHOOL_CODES_KEY = ['school-codes'] as const;

/** The school codes a search found, with the search they answer (empty: every code). */
export interface SchoolCodeSearch {
  search: string;
  codes: SchoolCode[];
}

/**
 * The school codes whose code, institution or school name holds `search` (every code when it is
 * empty), newest first (GET platform/school-codes/). While a new search runs, the last answer stays.
 */
export function useSchoolCodes(search: string) {
  const api = useApi();
  return useQuery({
    queryKey: [...SCHOOL_CODES_KEY, search],
    queryFn: async (): Promise<SchoolCodeSearch> => {
      const answer = await api.endpoints.schoolCodes({ query: search ? { search } : {} });
      return { search, codes: answer.codes };
    },
    placeholderData: keepPreviousData,
  });
}

/** Makes a school code (POST platform/school-codes/); when it is made, the list is read again. */
export function useCreateSchoolCode() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewSchoolCode) => api.endpoints.createSchoolCode({ body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SCHOOL_CODES_KEY }),
  });
}

/**
 * Revokes a school code (POST platform/school-codes/:id/revoke/): it can no longer be redeemed and
 * a plan it gave ends now. When it is revoked, the list is read again.
 */
export function useRevokeSchoolCode() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: SchoolCode) => api.endpoints.revokeSchoolCode({ params: { id: String(code.id) } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SCHOOL_CODES_KEY }),
  });
}
