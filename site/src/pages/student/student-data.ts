import {
  activityTotals,
  effectiveDeadline,
  isModuleActive,
  isPublished,
  progressPercent,
  sortByNumeration,
  type ActivityTotals,
  type StudentClassrooms,
} from '@kib/core';
import type { ApiClient } from '@kib/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi } from '../../app/api';

/** The cache key of GET get_student_classrooms/, shared by every student page and the join form. */
export const STUDENT_CLASSROOMS_KEY = ['student-classrooms'] as const;

/** A student's classrooms and what is published in them, loaded once and shared by the student pages. */
export function useStudentClassrooms(options: { enabled?: boolean } = {}) {
  const api = useApi();
  return useQuery(studentClassroomsQuery(api, options.enabled ?? true));
}

/** The query of the student's classrooms, for the pages and for the student area's loader. */
export function studentClassroomsQuery(api: ApiClient, enabled = true) {
  return queryOptions({
    queryKey: STUDENT_CLASSROOMS_KEY,
    queryFn: () => api.endpoints.studentClassrooms(),
    enabled,
  });
}

/** A date from the wire: null for none or for text that is not a date. */
export function parseDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A classroom card: its name, its teacher and how many modules it shows the student. */
export interface ClassroomSummary {
  /** Classroom id. */
  id: number;
  /** Classroom name. */
  name: string;
  /** Classroom description (may be empty). */
  description: string;
  /** The teacher's full name, empty when unknown. */
  teacherName: string;
  /** Published modules of the classroom. */
  moduleCount: number;
}

/** One module as assigned to one classroom, with the deadline and status that apply to this student. */
export interface StudentModule {
  /** Module id. */
  id: number;
  /** Module name. */
  name: string;
  /** Module description (may hold `$…$` math). */
  description: string;
  /** When the teacher created it; the modules list is ordered by it, newest first. */
  creationDate: Date | null;
  /** The classroom the module is assigned to. */
  classroomId: number;
  /** That classroom's name. */
  classroomName: string;
  /** The student's own deadline when set, else the classroom's; null for none. */
  deadline: Date | null;
  /** The module is visible: its publish date has been reached or there is none. */
  published: boolean;
  /** Answers are still recorded: the deadline is in the future or absent. */
  active: boolean;
  /** Numerals of the module's problems. */
  numerals: number;
  /** Of those, the ones the student has completed. */
  completed: number;
  /** Rounded percentage of completed numerals. */
  percent: number;
}

/** A problem of a module with the student's progress on it. */
export interface ModuleProblemProgress {
  /** Problem id. */
  id: number;
  /** Problem title. */
  title: string;
  /** 1-based position in the module, after ordering by numeration. */
  position: number;
  /** The numeration the teacher gave it in the module (null for none). */
  numeration: string | null;
  /** Numerals of the problem. */
  numerals: number;
  /** Numerals the student has completed. */
  completed: number;
  /** Numerals attempted but not completed. */
  attempted: number;
  /** Every numeral is complete (a problem without numerals is never done). */
  done: boolean;
}

/** One assignment of a module to a classroom, as a map key. */
function assignmentKey(moduleId: number, classroomId: number): string {
  return `${moduleId}:${classroomId}`;
}

/** Ids of the numerals of a problem. */
function numeralIdsOfProblem(data: StudentClassrooms, problemId: number): number[] {
  return data.numerals.filter((n) => n.problemId === problemId).map((n) => n.id);
}

/** Ids of the numerals of a module's problems (each numeral once). */
function numeralIdsOfModule(data: StudentClassrooms, moduleId: number): number[] {
  const problemIds = new Set(
    data.moduleProblems.filter((mp) => mp.moduleId === moduleId).map((mp) => mp.problemId),
  );
  return data.numerals.filter((n) => problemIds.has(n.problemId)).map((n) => n.id);
}

/** The student's stats on the given numerals. */
function statsOf(data: StudentClassrooms, numeralIds: readonly number[]) {
  const ids = new Set(numeralIds);
  return data.stats.filter((s) => ids.has(s.numeralId));
}

/** Completed numerals among the given ones. */
function completedCount(data: StudentClassrooms, numeralIds: readonly number[]): number {
  return statsOf(data, numeralIds).filter((s) => s.completed).length;
}

/**
 * The deadline, publication and activity of a module in a classroom for this student: the student's
 * own deadline overrides the classroom's (core `effectiveDeadline`); active while that deadline is
 * ahead of `now` or absent; null when the module is not assigned to that classroom.
 */
export function moduleStatus(
  data: StudentClassrooms,
  moduleId: number,
  classroomId: number,
  now: Date,
): { deadline: Date | null; published: boolean; active: boolean } | null {
  const assignment = data.moduleClassrooms.find(
    (mc) => mc.moduleId === moduleId && mc.classroomId === classroomId,
  );
  if (!assignment) return null;
  const own = data.studentModules.find((sm) => sm.moduleId === moduleId && sm.classroomId === classroomId);
  const deadline = effectiveDeadline(parseDate(assignment.deadline), parseDate(own?.deadline));
  return {
    deadline,
    published: isPublished(parseDate(assignment.publishDate), now),
    active: isModuleActive(deadline, now),
  };
}

/** Completed numerals over the module's numerals, with the rounded percentage. */
export function moduleProgress(
  data: StudentClassrooms,
  moduleId: number,
): { numerals: number; completed: number; percent: number } {
  const ids = numeralIdsOfModule(data, moduleId);
  const completed = completedCount(data, ids);
  return { numerals: ids.length, completed, percent: progressPercent(completed, ids.length) };
}

function toStudentModule(
  data: StudentClassrooms,
  moduleId: number,
  classroomId: number,
  now: Date,
): StudentModule | null {
  const module = data.modules.find((m) => m.id === moduleId);
  const status = moduleStatus(data, moduleId, classroomId, now);
  if (!module || !status || !status.published) return null;
  const classroom = data.classrooms.find((c) => c.id === classroomId);
  return {
    id: module.id,
    name: module.name,
    description: module.description,
    creationDate: parseDate(module.creationDate),
    classroomId,
    classroomName: classroom?.name ?? '',
    ...status,
    ...moduleProgress(data, moduleId),
  };
}

function newestFirst(a: StudentModule, b: StudentModule): number {
  return (b.creationDate?.getTime() ?? 0) - (a.creationDate?.getTime() ?? 0);
}

/**
 * The published modules of one classroom, newest first (spec 01 §9). The server already leaves out
 * unpublished ones; checking again keeps a stale cache from showing a module before its time.
 */
export function modulesOfClassroom(data: StudentClassrooms, classroomId: number, now: Date): StudentModule[] {
  return data.moduleClassrooms
    .filter((mc) => mc.classroomId === classroomId)
    .map((mc) => toStudentModule(data, mc.moduleId, classroomId, now))
    .filter((m): m is StudentModule => m !== null)
    .sort(newestFirst);
}

/** Every published module of every classroom (a module in two classrooms appears twice), newest first. */
export function allModules(data: StudentClassrooms, now: Date): StudentModule[] {
  const seen = new Set<string>();
  return data.moduleClassrooms
    .filter((mc) => {
      const key = assignmentKey(mc.moduleId, mc.classroomId);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map((mc) => toStudentModule(data, mc.moduleId, mc.classroomId, now))
    .filter((m): m is StudentModule => m !== null)
    .sort(newestFirst);
}

/** One module of one classroom, or null when the student does not see it there. */
export function findModule(
  data: StudentClassrooms,
  moduleId: number,
  classroomId: number,
  now: Date,
): StudentModule | null {
  return toStudentModule(data, moduleId, classroomId, now);
}

/** The classrooms as cards, in the server's order (by name). */
export function classroomSummaries(data: StudentClassrooms, now: Date): ClassroomSummary[] {
  return data.classrooms.map((classroom) => {
    const teacher = data.teachers.find((t) => t.id === classroom.teacherId);
    return {
      id: classroom.id,
      name: classroom.name,
      description: classroom.description,
      teacherName: teacher ? `${teacher.firstName} ${teacher.lastName}`.trim() : '',
      moduleCount: modulesOfClassroom(data, classroom.id, now).length,
    };
  });
}

/** One classroom card, or null when the student is not in it. */
export function findClassroom(
  data: StudentClassrooms,
  classroomId: number,
  now: Date,
): ClassroomSummary | null {
  return classroomSummaries(data, now).find((c) => c.id === classroomId) ?? null;
}

/** How far the student got in one problem: numerals completed and attempted, and whether all are done. */
export function problemProgress(
  data: StudentClassrooms,
  problemId: number,
): { numerals: number; completed: number; attempted: number; done: boolean } {
  const ids = numeralIdsOfProblem(data, problemId);
  const stats = statsOf(data, ids);
  const completed = stats.filter((s) => s.completed).length;
  return {
    numerals: ids.length,
    completed,
    attempted: stats.length - completed,
    done: ids.length > 0 && completed === ids.length,
  };
}

/**
 * The problems of a module in the order the teacher numbered them (core `sortByNumeration`: numeric
 * numerations ascending, then the non-numeric and missing ones), each with the student's progress.
 */
export function problemsOfModule(data: StudentClassrooms, moduleId: number): ModuleProblemProgress[] {
  const rows = data.moduleProblems.filter((mp) => mp.moduleId === moduleId);
  return sortByNumeration(rows, (row) => row.numeration)
    .flatMap((row) => {
      const problem = data.problems.find((p) => p.id === row.problemId);
      if (!problem) return [];
      return [
        {
          id: problem.id,
          title: problem.title,
          numeration: row.numeration,
          ...problemProgress(data, problem.id),
        },
      ];
    })
    .map((problem, index) => ({ ...problem, position: index + 1 }));
}

/**
 * Solved / attempted / not-attempted counts over the numerals of the given modules (each numeral
 * once, for this one student), with rounded percentages: the classroom's progress pie.
 */
export function pieCounts(data: StudentClassrooms, moduleIds: readonly number[]): ActivityTotals {
  const ids = [...new Set(moduleIds.flatMap((id) => numeralIdsOfModule(data, id)))];
  return activityTotals({ numerals: ids.length, students: 1, stats: statsOf(data, ids) });
}
