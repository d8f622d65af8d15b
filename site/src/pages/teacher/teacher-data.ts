import { ApiError, type ApiClient } from '@kib/api-client';
import type {
  ClassroomLevels,
  NewStudentRow,
  RegisterStudentsAnswer,
  TeacherClassroom,
  TeacherData,
} from '@kib/core';
import type { Language } from '@kib/i18n';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../app/api';
import { followJob, type FollowedJob } from '../../app/follow-job';
import { useUser } from '../../auth/auth';
import { useT } from '../../i18n/language';

/** The teacher's home: the classes page. */
export const TEACHER_HOME = '/teacher';
/** The school page, always open to a teacher (spec 03 §2). */
export const TEACHER_SCHOOL = '/teacher/school';
/** The bulk registration page of one classroom (spec 03 §2 "/createRegisterStudents"). */
export const registerStudentsPath = (classroomId: number) =>
  `/teacher/classroom/${classroomId}/createRegisterStudents`;

/** Is this user a teacher? (The server decides again on every call.) */
export function isTeacher(user: { groups: readonly string[] } | null): boolean {
  return Boolean(user?.groups.includes('Teachers'));
}

/** The cache key of GET get-teacher-data/ for one account, shared by the area's frame and its pages. */
export const teacherDataKey = (userId: number | null) => ['teacher-data', userId] as const;
/** The cache key of GET get-classroom-levels/. */
export const CLASSROOM_LEVELS_KEY = ['classroom-levels'] as const;

/** One more try, except when the server refused (4xx): asking again changes nothing. */
const retryUnlessRefused = (failures: number, error: unknown) =>
  failures < 1 && !(error instanceof ApiError && error.status < 500);

/** Did the server refuse the call because the reader is not a teacher? */
export const isForbidden = (error: unknown) =>
  error instanceof ApiError && error.status === 403 && error.code !== 'subscription-required';

/** The teacher's school, whether its plan is valid now, and the classrooms (GET get-teacher-data/). */
export function useTeacherData(options: { enabled?: boolean } = {}) {
  const api = useApi();
  const user = useUser();
  return useQuery({
    queryKey: teacherDataKey(user?.id ?? null),
    queryFn: () => api.endpoints.teacherData(),
    retry: retryUnlessRefused,
    enabled: options.enabled ?? true,
  });
}

/** The query key of a classroom's students. */
export const classroomStudentsKey = (classroomId: number) => ['classroom-students', classroomId] as const;

/** The students of one of the teacher's classrooms (GET getregisterstudents/). */
export function useClassroomStudents(classroomId: number) {
  const api = useApi();
  return useQuery({
    queryKey: classroomStudentsKey(classroomId),
    queryFn: () => api.endpoints.classroomStudents({ query: { classroom: classroomId } }),
    retry: retryUnlessRefused,
  });
}

/** The levels a classroom may have (GET get-classroom-levels/); they do not change during a visit. */
export function useClassroomLevels() {
  const api = useApi();
  return useQuery({
    queryKey: CLASSROOM_LEVELS_KEY,
    queryFn: () => api.endpoints.classroomLevels(),
    retry: retryUnlessRefused,
    staleTime: Infinity,
  });
}

/** A level. */
export type ClassroomLevel = ClassroomLevels['levels'][number];

/** A level's name in the reader's language. */
export const levelName = (level: ClassroomLevel, language: Language) =>
  language === 'es' ? level.nameSpanish : level.name;

/** What a teacher writes about a classroom: its name, description and level. */
export interface ClassroomFields {
  name: string;
  description: string;
  levelId: number;
}

/** The changes a teacher makes, each a call of the teacher API. */
export const TEACHER_CHANGES = {
  createClassroom: (api: ApiClient, fields: ClassroomFields) =>
    api.endpoints.createClassroom({ body: fields }),
  updateClassroom: (api: ApiClient, { id, ...fields }: ClassroomFields & { id: number }) =>
    api.endpoints.updateClassroom({ params: { id: String(id) }, body: fields }),
  deleteClassroom: (api: ApiClient, classroom: TeacherClassroom) =>
    api.endpoints.deleteClassroom({ params: { id: String(classroom.id) } }),
  registerToSchool: (api: ApiClient, code: string) =>
    api.endpoints.registerTeacherToSchool({ body: { code } }),
};

/**
 * A change of the teacher's data (one of {@link TEACHER_CHANGES}). When it succeeds, `apply` writes
 * its answer into the cached data at once (the new card shows without waiting) and the data is read
 * again from the server. A refusal for want of a valid plan reads the data again too, so the area
 * follows (the classes page sends the teacher to the school page).
 */
export function useTeacherChange<I, O>(
  change: (api: ApiClient, input: I) => Promise<O>,
  apply: (data: TeacherData, answer: O, input: I) => TeacherData = (data) => data,
) {
  const api = useApi();
  const user = useUser();
  const queryClient = useQueryClient();
  const key = teacherDataKey(user?.id ?? null);
  return useMutation({
    mutationFn: (input: I) => change(api, input),
    onSuccess: async (answer, input) => {
      queryClient.setQueryData<TeacherData>(key, (data) => data && apply(data, answer, input));
      await queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'subscription-required')
        void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

/** The refusals of a bulk registration that come from the school's plan. */
const PLAN_REFUSALS = new Set(['plan-student-limit', 'subscription-required']);

/** What a bulk registration sends: rows the teacher typed, or a spreadsheet's bytes in base64. */
export type StudentRegistration =
  | { kind: 'rows'; classroom: number; newStudents: NewStudentRow[] }
  | { kind: 'file'; classroom: number; content: string };

/**
 * Registers students in a classroom (POST createregisterstudents/ or createregisterstudents/file/),
 * each row answered on its own: the server runs it as a background job, followed here until its
 * outcome is there (`onProgress` hears each state it passes through). Once it succeeds the teacher's data and the classroom's students are
 * read again, so the classroom counts and lists its new students. A refusal for the school's plan
 * (full, or no longer running) reads the teacher's data again, so the school page shows where the
 * plan stands; any other refusal leaves the data alone. The page shows why in every case.
 */
export function useRegisterStudents(
  onProgress: (job: FollowedJob<unknown> | null) => void = () => undefined,
) {
  const api = useApi();
  const user = useUser();
  const t = useT();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: StudentRegistration): Promise<RegisterStudentsAnswer> => {
      const job =
        input.kind === 'rows'
          ? await api.endpoints.registerStudents({
              body: { classroom: input.classroom, newStudents: input.newStudents },
            })
          : await api.endpoints.registerStudentsFile({
              body: { classroom: input.classroom, content: input.content },
            });
      return followJob(job, (id) => api.endpoints.registrationJob({ params: { id } }), {
        onProgress,
        tooLong: () => new ApiError(504, 'internal', t('site.job-too-long')),
      });
    },
    onSettled: () => onProgress(null),
    onSuccess: (_answer, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: teacherDataKey(user?.id ?? null) }),
        queryClient.invalidateQueries({ queryKey: classroomStudentsKey(input.classroom) }),
      ]),
    onError: (error) => {
      if (error instanceof ApiError && PLAN_REFUSALS.has(error.code))
        void queryClient.invalidateQueries({ queryKey: teacherDataKey(user?.id ?? null) });
    },
  });
}
