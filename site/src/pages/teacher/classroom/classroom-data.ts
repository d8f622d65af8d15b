import { ApiError } from '@kib/api-client';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../app/api';

/** A classroom's landing, its Overview tab (spec 03 §2 "/classroom/{classroomid}"). */
export const classroomPath = (classroomId: number) => `/teacher/classroom/${classroomId}`;
/** A classroom's Assignments tab: the modules assigned to it. */
export const assignmentsPath = (classroomId: number) => `${classroomPath(classroomId)}/assignments`;
/** One assignment of a classroom: its results per student and per problem. */
export const assignmentPath = (classroomId: number, moduleId: number) =>
  `${assignmentsPath(classroomId)}/${moduleId}`;
/** A classroom's Students tab. */
export const studentsPath = (classroomId: number) => `${classroomPath(classroomId)}/students`;
/** The Mastery tab of a classroom: its students × skills. */
export const masteryPath = (classroomId: number) => `${classroomPath(classroomId)}/mastery`;
/** One student of a classroom: their record on its assignments. */
export const studentPath = (classroomId: number, studentId: number) =>
  `${studentsPath(classroomId)}/${studentId}`;

/** A route parameter as an id: a positive whole number, else null (the page then says it is not there). */
export function idParam(value: string | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/** Every cached answer about one classroom starts with this key, so they can be refreshed together. */
export const classroomKey = (classroomId: number) => ['teacher-classroom', classroomId] as const;
/** The cache key of a classroom's overview. */
export const classroomOverviewKey = (classroomId: number) =>
  [...classroomKey(classroomId), 'overview'] as const;
/** The cache key of one assignment's results in a classroom. */
export const assignmentResultsKey = (classroomId: number, moduleId: number) =>
  [...classroomKey(classroomId), 'assignment', moduleId] as const;
/** The cache key of one student's record in a classroom. */
export const studentDetailKey = (classroomId: number, studentId: number) =>
  [...classroomKey(classroomId), 'student', studentId] as const;

/** The cache key of a classroom's mastery grid. */
export const classroomMasteryKey = (classroomId: number) =>
  [...classroomKey(classroomId), 'mastery'] as const;

/** One more try after a failure, except when the server refused (4xx): asking again changes nothing. */
const retryUnlessRefused = (failures: number, error: unknown) =>
  failures < 1 && !(error instanceof ApiError && error.status < 500);

/** The server does not know it, or it is not the caller's (another teacher's classroom): 404. */
export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** The teacher's school has no valid plan: 403 `subscription-required` (spec 03 §4). */
export const needsSubscription = (error: unknown) =>
  error instanceof ApiError && error.status === 403 && error.code === 'subscription-required';

/**
 * A classroom's progress, weekly activity, assignments and students (GET classrooms/{id}/overview/),
 * the data of its landing and of its three tabs.
 */
export function useClassroomOverview(classroomId: number) {
  const api = useApi();
  return useQuery({
    queryKey: classroomOverviewKey(classroomId),
    queryFn: () => api.endpoints.classroomOverview({ params: { id: String(classroomId) } }),
    retry: retryUnlessRefused,
  });
}

/** The classroom's students × skills with each student's level (GET classrooms/{id}/mastery/). */
export function useClassroomMastery(classroomId: number) {
  const api = useApi();
  return useQuery({
    queryKey: classroomMasteryKey(classroomId),
    queryFn: () => api.endpoints.classroomMastery({ params: { id: String(classroomId) } }),
    retry: retryUnlessRefused,
  });
}

/** One assignment's problems and each assigned student's stats (GET classrooms/{id}/assignments/{moduleId}/). */
export function useAssignmentResults(classroomId: number, moduleId: number) {
  const api = useApi();
  return useQuery({
    queryKey: assignmentResultsKey(classroomId, moduleId),
    queryFn: () =>
      api.endpoints.assignmentResults({ params: { id: String(classroomId), moduleId: String(moduleId) } }),
    retry: retryUnlessRefused,
  });
}

/** One student's progress, weekly activity and assignments in a classroom (GET classrooms/{id}/students/{studentId}/). */
export function useStudentDetail(classroomId: number, studentId: number) {
  const api = useApi();
  return useQuery({
    queryKey: studentDetailKey(classroomId, studentId),
    queryFn: () =>
      api.endpoints.studentDetail({ params: { id: String(classroomId), studentId: String(studentId) } }),
    retry: retryUnlessRefused,
  });
}
