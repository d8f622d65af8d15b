import { ApiError, type ApiClient, type CurrentUser, type UploadFile } from '@kib/api-client';
import {
  PICTURE_MAX_BYTES,
  VIDEO_MAX_BYTES,
  type CreatorProblemsQuery,
  type ProblemDraft,
  type PublicConfig,
  type SaveProblemAnswer,
} from '@kib/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../app/api';
import type { RemoteDraftStorage } from './creator-draft.store';

/** The creator area's home: the problem table. */
export const CREATOR_HOME = '/creator';
/** The problem table. */
export const CREATOR_PROBLEMS = '/creator/problems';
/** The creation tool on a new problem. */
export const CREATOR_TOOL = '/creator/tool';
/** The creation tool on a new problem, after the draft of the last one is cleared ('Create new problem'). */
export const CREATOR_TOOL_FRESH = '/creator/tool?fresh=1';
/** The function grapher (spec 02 §2). */
export const CREATOR_GRAPHER = '/creator/graphertool';
/** The creation tool on a saved problem. */
export const toolPath = (problemId: number) => `/creator/tool/${problemId}`;

/** The groups that author problems (the server's AUTHORS, spec 02 §6). */
const AUTHOR_GROUPS = ['Creators', 'Supervisors', 'Teachers', 'LTITeacher', 'Platform Admin'];

/** May this user open the creator area? (The server decides again on every call.) */
export function isAuthor(user: Pick<CurrentUser, 'groups'> | null): boolean {
  return Boolean(user?.groups.some((g) => AUTHOR_GROUPS.includes(g)));
}

/** Is this user also a teacher, whose menu then leads to the module builder? */
export function isTeacherUser(user: Pick<CurrentUser, 'groups'> | null): boolean {
  return Boolean(user?.groups.includes('Teachers'));
}

/** Who saves: a supervisor, a creator, or a teacher (send_create_problem_data/'s `userType`). */
export function userTypeOf(user: Pick<CurrentUser, 'groups'> | null): 'creator' | 'supervisor' | 'teacher' {
  if (user?.groups.includes('Supervisors')) return 'supervisor';
  if (user?.groups.includes('Creators') || user?.groups.includes('Platform Admin')) return 'creator';
  return 'teacher';
}

/** One more try, except when the server refused (4xx): asking again changes nothing. */
export const retryUnlessRefused = (failures: number, error: unknown) =>
  failures < 1 && !(error instanceof ApiError && error.status < 500);

/** The problem table's filters as the address keeps them. */
export interface TableFilters {
  mine: boolean;
  courseId: number | null;
  topicId: number | null;
  subtopicId: number | null;
  q: string;
  page: number;
  pageSize: number;
}

/** The cache key of the problem table's pages. */
export const CREATOR_PROBLEMS_KEY = ['creator-problems'] as const;

/** One page of the problem table (GET creator/problems/), the previous page shown while the next loads. */
export function useCreatorProblems(filters: TableFilters) {
  const api = useApi();
  const query: Partial<Record<keyof CreatorProblemsQuery, string | number>> = {
    page: filters.page,
    pageSize: filters.pageSize,
    ...(filters.mine ? { mine: 'true' } : {}),
    ...(filters.courseId ? { courseId: filters.courseId } : {}),
    ...(filters.topicId ? { topicId: filters.topicId } : {}),
    ...(filters.subtopicId ? { subtopicId: filters.subtopicId } : {}),
    ...(filters.q ? { q: filters.q } : {}),
  };
  return useQuery({
    queryKey: [...CREATOR_PROBLEMS_KEY, query],
    queryFn: () =>
      api.endpoints.creatorProblems({
        query: query as Parameters<typeof api.endpoints.creatorProblems>[0]['query'],
      }),
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });
}

/** The cache key of a problem as the creation tool opens it. */
export const creatorProblemKey = (problemId: number) => ['creator-problem', problemId] as const;

/** A problem in the creation tool's shape (GET creator/problems/{id}/). */
export function useCreatorProblem(problemId: number | null) {
  const api = useApi();
  return useQuery({
    queryKey: creatorProblemKey(problemId ?? 0),
    queryFn: () => api.endpoints.creatorProblem({ params: { id: String(problemId) } }),
    enabled: problemId !== null,
    retry: retryUnlessRefused,
    staleTime: Infinity,
  });
}

/** Deletes a problem (DELETE problems/delete/{id}/): `deleted`, or `unpublished` when modules or results hold it. */
export function useDeleteProblem() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (problemId: number) => api.endpoints.deleteProblem({ params: { id: String(problemId) } }),
    onSuccess: (_answer, problemId) => {
      void queryClient.invalidateQueries({ queryKey: CREATOR_PROBLEMS_KEY });
      queryClient.removeQueries({ queryKey: creatorProblemKey(problemId) });
    },
  });
}

/** Copies a saved problem (POST creator/problems/{id}/clone/): the copy's id. */
export function useCloneProblem() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (problemId: number) => api.endpoints.cloneProblem({ params: { id: String(problemId) } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: CREATOR_PROBLEMS_KEY }),
  });
}

/** What the browser may upload when GET config/ cannot be read: the core limits. */
export const DEFAULT_UPLOADS: PublicConfig['uploads'] = {
  pictureMaxBytes: PICTURE_MAX_BYTES,
  videoMaxBytes: VIDEO_MAX_BYTES,
  pictureTypes: ['image/jpeg', 'image/png', 'image/gif'],
  videoTypes: ['video/mp4', 'video/quicktime'],
  presigned: false,
};

/** The content languages (GET languages/). */
export function useLanguages() {
  const api = useApi();
  return useQuery({
    queryKey: ['languages'],
    queryFn: () => api.endpoints.languages(),
    staleTime: Infinity,
    retry: retryUnlessRefused,
  });
}

/** A file sent with a draft: its multipart field (`picture_{n}`, `video_{n}`) and what it belongs to. */
export type DraftUpload = UploadFile;

/** What one save sends: the draft, who saves, and the new files. */
export interface SaveInput {
  state: ProblemDraft;
  userType: 'creator' | 'supervisor' | 'teacher';
  files: DraftUpload[];
  /** Seconds spent editing since the last save (creator statistics). */
  editingSeconds?: number;
}

/** Saves the creation tool's draft with its new files (POST send_create_problem_data/, multipart). */
export function useSaveProblem() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    // The server answers every field of the saved draft; the contract's input type leaves defaulted ones optional.
    mutationFn: async ({ state, userType, files, editingSeconds }: SaveInput) =>
      (await api.upload('saveProblem', {
        body: { state, userType, ...(editingSeconds ? { editingSeconds } : {}) },
        files,
      })) as SaveProblemAnswer,
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: CREATOR_PROBLEMS_KEY });
      queryClient.removeQueries({ queryKey: creatorProblemKey(answer.problemId) });
    },
  });
}

/**
 * The author's account as the place of unsaved drafts (creator/drafts/{name}/), for a browser that
 * blocks its own storage: the creation tool's draft store uses it only then.
 */
export function remoteDrafts(api: ApiClient): RemoteDraftStorage {
  return {
    get: async (name) => (await api.endpoints.creatorDraft({ params: { name } })).value,
    set: async (name, value) => {
      await api.endpoints.keepCreatorDraft({ params: { name }, body: { value } });
    },
    remove: async (name) => {
      await api.endpoints.forgetCreatorDraft({ params: { name } });
    },
  };
}
