import { ApiError } from '@kib/api-client';
import type {
  CreateTeachersCode,
  SchoolAdminData,
  SchoolClassroom,
  SchoolRegistration,
  SchoolSubscription,
  SchoolTeacher,
} from '@kib/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useOutletContext } from 'react-router';
import { useApi } from '../../app/api';
import { useUser } from '../../auth/auth';

/** The school admin's home (spec 03 §2 "School administrator landing"). */
export const SCHOOL_ADMIN_HOME = '/schooladmin';
/** The platform admin's view of one school. */
export const schoolViewPath = (institutionId: number) => `/platformAdmin/schools/${institutionId}`;

/** The pages of a school's dashboard, below its base path (the home is the base itself). */
export const SCHOOL_SECTIONS = ['teachers', 'classrooms', 'codes'] as const;
/** A page of a school's dashboard below its home. */
export type SchoolSection = (typeof SCHOOL_SECTIONS)[number];

/** Is this user a school administrator? (The server decides again on every call.) */
export function isSchoolAdmin(user: { groups: readonly string[] } | null): boolean {
  return Boolean(user?.groups.includes('School Admin'));
}

/**
 * Which school the dashboard's pages are about and where they are: a school admin's own school
 * (no `institutionId`: the server knows it) under /schooladmin, or the school a platform admin
 * opened, under /platformAdmin/schools/{id}. The area's frame hands it to its pages.
 */
export interface SchoolScope {
  area: 'school-admin' | 'platform-admin';
  /** The school named in getSchoolAdminData/ (a platform admin's view); absent for the admin's own. */
  institutionId?: number;
  /** The path of the school's home; its other pages are below it. */
  base: string;
  /**
   * Whether the home has shown the dashboard during this visit of the school admin's area: the
   * first time, a school without teachers starts on the registration codes instead (spec 03 §2).
   */
  homeShown?: { current: boolean };
}

/** The scope of the page, handed down by its area's frame. */
export const useSchoolScope = () => useOutletContext<SchoolScope>();

/** The path of a page of the school in `scope`. */
export const sectionPath = (scope: SchoolScope, section?: SchoolSection) =>
  section ? `${scope.base}/${section}` : scope.base;

/** The cache key of everything about the school in `scope`, for one account. */
const schoolKey = (userId: number | null, scope: SchoolScope) =>
  ['school-admin', userId, scope.institutionId ?? 'own'] as const;

/** One more try, except when the server refused (4xx): asking again changes nothing. */
const retryUnlessRefused = (failures: number, error: unknown) =>
  failures < 1 && !(error instanceof ApiError && error.status < 500);

/** Did the server refuse the call because the reader may not see this school? */
export const isForbidden = (error: unknown) => error instanceof ApiError && error.status === 403;
/** Does the server not know the school (or is it another school's admin asking)? */
export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** A school that has a subscription: what its dashboard shows. */
export type SubscribedSchool = SchoolAdminData & {
  institutionData: NonNullable<SchoolAdminData['institutionData']>;
  subscription: SchoolSubscription;
};

/** Whether the school has redeemed a school code (spec 03 §4: the dashboard is open). */
export const isSubscribed = (data: SchoolAdminData): data is SubscribedSchool =>
  data.institutionData !== null && data.subscription !== null;

/**
 * The school, its subscription, teachers and classrooms (POST getSchoolAdminData/). Teachers join
 * and students register elsewhere, so every page that opens reads it again (the last answer shows
 * meanwhile).
 */
export function useSchoolAdminData(scope: SchoolScope, options: { enabled?: boolean } = {}) {
  const api = useApi();
  const user = useUser();
  return useQuery({
    queryKey: [...schoolKey(user?.id ?? null, scope), 'data'],
    queryFn: () =>
      api.endpoints.schoolAdminData({
        body: scope.institutionId === undefined ? {} : { institutionId: scope.institutionId },
      }),
    retry: retryUnlessRefused,
    enabled: options.enabled ?? true,
    staleTime: 0,
  });
}

/**
 * A change of the school whose answer rewrites part of its cached data at once (`apply`: the page
 * follows without waiting), after which the data is read again from the server.
 */
function useSchoolChange<I, O>(
  scope: SchoolScope,
  change: (input: I) => Promise<O>,
  apply: (data: SchoolAdminData, answer: O) => SchoolAdminData,
) {
  const user = useUser();
  const queryClient = useQueryClient();
  const key = [...schoolKey(user?.id ?? null, scope), 'data'];
  return useMutation({
    mutationFn: change,
    onSuccess: (answer) => {
      queryClient.setQueryData<SchoolAdminData>(key, (data) => data && apply(data, answer));
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

/** The teachers and classrooms an answer brings, with the subscription's count of teachers. */
const withPeople = (
  data: SchoolAdminData,
  answer: { teachersData: SchoolTeacher[]; classroomsData: SchoolClassroom[] },
): SchoolAdminData => ({
  ...data,
  teachersData: answer.teachersData,
  classroomsData: answer.classroomsData,
  subscription: data.subscription && { ...data.subscription, teachers: answer.teachersData.length },
});

/** Registers the admin's school (POST registerSchool/); the area moves on to the school code. */
export function useRegisterSchool(scope: SchoolScope) {
  const api = useApi();
  return useSchoolChange(
    scope,
    (body: SchoolRegistration) => api.endpoints.registerSchool({ body }),
    (data, answer) => ({ ...data, institutionData: answer.institutionData }),
  );
}

/** Redeems a school code for the school (POST setSchoolRegCode/): its plan starts, or grows. */
export function useRedeemSchoolCode(scope: SchoolScope, institutionId: number) {
  const api = useApi();
  return useSchoolChange(
    scope,
    (regCode: string) => api.endpoints.setSchoolRegCode({ body: { institutionId, regCode } }),
    (data, answer) => ({ ...data, subscription: answer.subscription }),
  );
}

/** Removes a teacher from the school (POST removeteacher/); the school keeps their classrooms. */
export function useRemoveTeacher(scope: SchoolScope, institutionId: number) {
  const api = useApi();
  return useSchoolChange(
    scope,
    (teacher: SchoolTeacher) =>
      api.endpoints.removeTeacher({ body: { institutionId, teacherId: teacher.id } }),
    withPeople,
  );
}

/** Gives a classroom of the school to one of its teachers (POST reassign-classroom/). */
export function useReassignClassroom(scope: SchoolScope, institutionId: number) {
  const api = useApi();
  return useSchoolChange(
    scope,
    (input: { classroomId: number; teacherId: number }) =>
      api.endpoints.reassignClassroom({ body: { institutionId, ...input } }),
    withPeople,
  );
}

/** The school's teacher codes, newest first (POST getTeacherCodes/). */
export function useTeacherCodes(scope: SchoolScope, institutionId: number) {
  const api = useApi();
  const user = useUser();
  return useQuery({
    queryKey: [...schoolKey(user?.id ?? null, scope), 'teacher-codes'],
    queryFn: () => api.endpoints.teacherCodes({ body: { institutionId } }),
    retry: retryUnlessRefused,
    // A code turns used when a teacher joins elsewhere: read again whenever the page opens.
    staleTime: 0,
  });
}

/** Makes a teacher code (POST createTeachersCode/); the list of codes is read again. */
export function useCreateTeacherCode(scope: SchoolScope, institutionId: number) {
  const api = useApi();
  const user = useUser();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<CreateTeachersCode, 'institutionId'>) =>
      api.endpoints.createTeachersCode({ body: { ...input, institutionId } }),
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: [...schoolKey(user?.id ?? null, scope), 'teacher-codes'],
      }),
  });
}

/** Every country a school may be in (GET get-countries/); they do not change during a visit. */
export function useCountries() {
  const api = useApi();
  return useQuery({
    queryKey: ['countries'],
    queryFn: () => api.endpoints.countries(),
    retry: retryUnlessRefused,
    staleTime: Infinity,
  });
}

/** A country's territorial entities and cities (GET get-country-data/), once a country is chosen. */
export function useCountryData(countryId: number | null) {
  const api = useApi();
  return useQuery({
    queryKey: ['country-data', countryId],
    queryFn: () => api.endpoints.countryData({ query: { country: countryId ?? 0 } }),
    retry: retryUnlessRefused,
    staleTime: Infinity,
    enabled: countryId !== null,
  });
}
