import { ApiError } from '@kib/api-client';
import type {
  AssignmentInput,
  ModuleCodes,
  ModuleDetail,
  ModuleInput,
  ModuleList,
  ModuleByCode,
  ModuleListQuery,
  NamedContent,
} from '@kib/core';
import type { Language } from '@kib/i18n';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../app/api';
import { useUser } from '../../../auth/auth';
import { teacherDataKey } from '../teacher-data';

/** The teacher's module list (spec 03 §2 "/modules"). */
export const MODULES_PATH = '/teacher/modules';
/** The module builder on a new module. */
export const NEW_MODULE_PATH = '/teacher/modules/new';
/** The module builder on one of the teacher's modules. */
export const modulePath = (moduleId: number) => `/teacher/modules/${moduleId}`;

/** The cache key of everything about one teacher's modules (what a change reads again). */
export const modulesKey = (userId: number | null) => ['teacher-modules', userId] as const;
/** The cache key of one filtered module list. */
export const moduleListKey = (userId: number | null, filters: ModuleListQuery) =>
  [...modulesKey(userId), 'list', filters] as const;
/** The cache key of one module, whole. */
export const moduleKey = (userId: number | null, moduleId: number) =>
  [...modulesKey(userId), 'module', moduleId] as const;

/** One more try, except when the server refused (4xx): asking again changes nothing. */
const retryUnlessRefused = (failures: number, error: unknown) =>
  failures < 1 && !(error instanceof ApiError && error.status < 500);

/** Did the server refuse for want of a valid school plan? (The teacher's data says where to go.) */
export const needsSubscription = (error: unknown) =>
  error instanceof ApiError && error.code === 'subscription-required';

/** The teacher's modules, newest first, filtered by classroom and creation day (GET modules/). */
export function useModuleList(filters: ModuleListQuery) {
  const api = useApi();
  const user = useUser();
  return useQuery({
    queryKey: moduleListKey(user?.id ?? null, filters),
    queryFn: () => api.endpoints.modules({ query: filters }),
    retry: retryUnlessRefused,
  });
}

/** One of the teacher's modules with its problems in order, assignments and codes (GET modules/{id}/). */
export function useModule(moduleId: number | null, options: { enabled?: boolean } = {}) {
  const api = useApi();
  const user = useUser();
  return useQuery({
    queryKey: moduleKey(user?.id ?? null, moduleId ?? 0),
    queryFn: () => api.endpoints.module({ params: { id: String(moduleId) } }),
    retry: retryUnlessRefused,
    enabled: moduleId !== null && (options.enabled ?? true),
  });
}

/** Reads the teacher's modules and data again once something changed them (counts on the classes page). */
function useRefreshModules() {
  const user = useUser();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: modulesKey(user?.id ?? null) }),
      queryClient.invalidateQueries({ queryKey: teacherDataKey(user?.id ?? null) }),
    ]);
}

/** Deletes one of the teacher's modules (POST delete-module/); the list is read again. */
export function useDeleteModule() {
  const api = useApi();
  const refresh = useRefreshModules();
  return useMutation({
    mutationFn: (moduleId: number) => api.endpoints.deleteModule({ body: { id: moduleId } }),
    onSuccess: refresh,
  });
}

/** Makes a module's activity codes when it has none (POST modules/{id}/codes/); the list is read again. */
export function useCreateCodes() {
  const api = useApi();
  const refresh = useRefreshModules();
  return useMutation({
    mutationFn: (moduleId: number): Promise<ModuleCodes> =>
      api.endpoints.moduleCodes({ params: { id: String(moduleId) } }),
    onSuccess: refresh,
  });
}

/** What the builder saves: the module (new when `moduleId` is null) and every assignment of it. */
export interface ModuleSave {
  moduleId: number | null;
  module: ModuleInput;
  assignments: AssignmentInput[];
}

/**
 * The module was saved (created, when it was new) but its assignments were not: `module` is what the
 * server keeps now, `cause` why the assignments failed.
 */
export class AssignmentsNotSaved extends Error {
  constructor(
    readonly module: ModuleDetail,
    override readonly cause: unknown,
  ) {
    super('assignments not saved', { cause });
    this.name = 'AssignmentsNotSaved';
  }
}

/**
 * Saves the builder's module: POST modules/ (new) or PUT modules/{id}/, then PUT
 * modules/{id}/assignments/. Answers the module as saved, with its assignments. When the assignments
 * fail after the module was saved, the failure is an {@link AssignmentsNotSaved}. Either way the
 * module and the teacher's lists are read again.
 */
export function useSaveModule() {
  const api = useApi();
  const user = useUser();
  const queryClient = useQueryClient();
  const refresh = useRefreshModules();
  return useMutation({
    mutationFn: async ({ moduleId, module, assignments }: ModuleSave): Promise<ModuleDetail> => {
      const saved =
        moduleId === null
          ? await api.endpoints.createModule({ body: module })
          : await api.endpoints.updateModule({ params: { id: String(moduleId) }, body: module });
      try {
        const answer = await api.endpoints.moduleAssignments({
          params: { id: String(saved.id) },
          body: { assignments },
        });
        return { ...saved, assignments: answer.assignments };
      } catch (error) {
        throw new AssignmentsNotSaved(saved, error);
      }
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(moduleKey(user?.id ?? null, saved.id), saved);
    },
    onSettled: refresh,
  });
}

/**
 * Looks a module up by one of its activity codes, to clone its problems (GET module-by-code/, or
 * `find` when another area looks it up its own way).
 */
export function useModuleByCode(find?: (code: string) => Promise<ModuleByCode>) {
  const api = useApi();
  return useMutation({
    mutationFn: (code: string) => (find ? find(code) : api.endpoints.moduleByCode({ query: { code } })),
  });
}

/** A course, topic or subtopic's name in the reader's language (Spanish when there is one). */
export const contentName = (item: NamedContent, language: Language) =>
  language === 'es' && item.nameSpanish ? item.nameSpanish : item.name;

/** The courses, named in the reader's language (GET courses/); shared with the course dashboard. */
export function useCourses(language: Language) {
  const api = useApi();
  return useQuery({
    queryKey: ['courses', language, { demo: false }],
    queryFn: () => api.endpoints.courses({ query: { language } }),
  });
}

/** The topics of a course (GET courses/{id}/topics/). */
export function useCourseTopics(courseId: number | null, language: Language) {
  const api = useApi();
  return useQuery({
    queryKey: ['course-topics', courseId, language],
    queryFn: () => api.endpoints.courseTopics({ params: { id: String(courseId) } }),
    enabled: courseId !== null,
  });
}

/** The subtopics of a topic (GET get-subtopics/). */
export function useSubtopics(topicId: number | null, language: Language) {
  const api = useApi();
  return useQuery({
    queryKey: ['subtopics', topicId, language],
    queryFn: () => api.endpoints.subtopics({ query: { topicId: topicId ?? 0 } }),
    enabled: topicId !== null,
  });
}

/** The published problems of a subtopic and their numerals (GET problems/subtopic/{id}/). */
export function useSubtopicProblems(subtopicId: number | null, language: Language) {
  const api = useApi();
  return useQuery({
    queryKey: ['subtopic-problems', subtopicId, language],
    queryFn: () => api.endpoints.subtopicProblems({ params: { id: String(subtopicId) } }),
    enabled: subtopicId !== null,
  });
}

/** One problem in its public form, for its preview (GET problems/{id}/). */
export function useProblem(problemId: number | null) {
  const api = useApi();
  return useQuery({
    queryKey: ['problem', problemId],
    queryFn: () => api.endpoints.problem({ params: { id: String(problemId) } }),
    enabled: problemId !== null,
    retry: retryUnlessRefused,
  });
}

/** The modules in the spec's order: newest first (spec 03 §9), whatever order they arrive in. */
export function newestFirst(modules: ModuleList['modules']): ModuleList['modules'] {
  return [...modules].sort((a, b) => Date.parse(b.creationDate) - Date.parse(a.creationDate));
}
