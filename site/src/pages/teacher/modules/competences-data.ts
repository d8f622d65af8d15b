import { ApiError } from '@kib/api-client';
import type { ModuleStandardsInput, StandardLinkType } from '@kib/core';
import type { Language } from '@kib/i18n';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../app/api';
import { useUser } from '../../../auth/auth';

/** One more try, except when the server refused (4xx). */
const retryUnlessRefused = (failures: number, error: unknown) =>
  failures < 1 && !(error instanceof ApiError && error.status < 500);

/** A name of the system's language, or its English translation for English readers when there is one. */
export const standardName = (item: { name: string; nameEnglish?: string | null }, language: Language) =>
  language === 'en' && item.nameEnglish ? item.nameEnglish : item.name;

/** The education systems (GET get-education-systems/). */
export function useEducationSystems() {
  const api = useApi();
  return useQuery({
    queryKey: ['learning-standards', 'systems'],
    queryFn: () => api.endpoints.educationSystems(),
    retry: retryUnlessRefused,
  });
}

/** A system's grades (GET education-system-grades/). */
export function useSystemGrades(systemId: number | null) {
  const api = useApi();
  return useQuery({
    queryKey: ['learning-standards', 'grades', systemId],
    queryFn: () => api.endpoints.educationSystemGrades({ query: { educationSystem: systemId ?? 0 } }),
    enabled: systemId !== null,
    retry: retryUnlessRefused,
  });
}

/** A grade's learning standards and skills (GET get-grade-content/). */
export function useGradeContent(gradeId: number | null) {
  const api = useApi();
  return useQuery({
    queryKey: ['learning-standards', 'grade', gradeId],
    queryFn: () => api.endpoints.gradeContent({ query: { gradeId: gradeId ?? 0 } }),
    enabled: gradeId !== null,
    retry: retryUnlessRefused,
  });
}

/** The problems found by a standard or skill (GET standard-problems/). */
export function useStandardProblems(target: { type: StandardLinkType; id: number } | null) {
  const api = useApi();
  const user = useUser();
  return useQuery({
    queryKey: ['learning-standards', 'problems', user?.id ?? null, target],
    queryFn: () => api.endpoints.standardProblems({ query: target! }),
    enabled: target !== null,
    retry: retryUnlessRefused,
  });
}

/** The modules assigned to a standard or skill (POST get-assigned-module-data/). */
export function useAssignedModules(target: { type: StandardLinkType; id: number } | null) {
  const api = useApi();
  const user = useUser();
  return useQuery({
    queryKey: ['learning-standards', 'modules', user?.id ?? null, target],
    queryFn: () => api.endpoints.assignedModules({ body: target! }),
    enabled: target !== null,
    retry: retryUnlessRefused,
  });
}

const moduleStandardsKey = (moduleId: number | null) => ['learning-standards', 'module', moduleId] as const;

/** What a module is assigned to (GET modules/{id}/learning-standards/). */
export function useModuleStandards(moduleId: number | null) {
  const api = useApi();
  return useQuery({
    queryKey: moduleStandardsKey(moduleId),
    queryFn: () => api.endpoints.moduleStandards({ params: { id: String(moduleId) } }),
    enabled: moduleId !== null,
    retry: retryUnlessRefused,
  });
}

/** Sets what a module is assigned to (PUT modules/{id}/learning-standards/); searches are read again. */
export function useSetModuleStandards(moduleId: number | null) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ModuleStandardsInput) =>
      api.endpoints.setModuleStandards({ params: { id: String(moduleId) }, body: input }),
    onSuccess: (saved) => {
      queryClient.setQueryData(moduleStandardsKey(moduleId), saved);
      void queryClient.invalidateQueries({ queryKey: ['learning-standards', 'modules'] });
    },
  });
}
