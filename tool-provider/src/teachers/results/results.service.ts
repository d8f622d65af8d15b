import {
  averageTimePerStudent,
  progressPercent,
  type ActivityNumeralStat,
  type AssignmentResults,
  type ClassroomOverview,
  type Progress,
  type StudentAssignment,
  type StudentDetail,
  type WeekActivity,
} from '@kib/core';
import type { ActivityRepository } from '../../activities/activity.repository';
import { AppError } from '../../http/errors';
import type { TeacherService } from '../teacher.service';
import { isoOrNull, type ResultsRepository, type WeekCountRow } from './results.repository';
import { chartWeek, progressShares, weeklyWindow, type WeeklyWindow } from './results.rules';

/** Slots (numerals to do), and how many are completed or only attempted. */
interface Counts {
  slots: number;
  completed: number;
  attempted: number;
}

const noCounts = (): Counts => ({ slots: 0, completed: 0, attempted: 0 });

function add(into: Counts, more: Counts): void {
  into.slots += more.slots;
  into.completed += more.completed;
  into.attempted += more.attempted;
}

/** A progress answer: the shares of the slots (adding up to 100) and the time per student. */
function progressOf(counts: Counts, totalTime: number, students: number): Progress {
  return {
    ...progressShares(counts.completed, counts.attempted, counts.slots),
    averageTime: averageTimePerStudent(totalTime, students),
  };
}

/** The weekly chart of a window: every week, oldest first, zero where the log has nothing. */
function weeklyChart(window: WeeklyWindow, rows: readonly WeekCountRow[]): WeekActivity[] {
  const byWeek = new Map(rows.map((row) => [row.week, row]));
  return window.starts.map((start, i) => ({
    week: chartWeek(start),
    start: start.toISOString().slice(0, 10),
    attempts: byWeek.get(i)?.attempts ?? 0,
    activeStudents: byWeek.get(i)?.activeStudents ?? 0,
  }));
}

/** The later of two ISO 8601 instants (null counts as none). */
function later(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return new Date(a) >= new Date(b) ? a : b;
}

/**
 * What a teacher follows in their classrooms (spec 03 §2 "classroom landing", "student detail" and
 * the results of an assignment): the class's and each student's progress on their assignments,
 * counted over the numerals of the assignments' published problems (spec 03 §5: completed, attempted,
 * the rest not attempted), time spent, and answers per week over the last 8 weeks (spec 03 §9).
 * Only the teacher's own classrooms, with a valid school plan (403 `subscription-required`); a
 * classroom, assignment or student that is not theirs is not found (404).
 */
export class ResultsService {
  constructor(
    private readonly deps: {
      results: ResultsRepository;
      /** The code activities' reads of a module's problems and of users' stats, shared by the results view. */
      activities: Pick<ActivityRepository, 'content' | 'userStats'>;
      /** The teachers' plan check. */
      teachers: Pick<TeacherService, 'requireSubscription'>;
      /** The address a stored picture is shown from. */
      pictureUrl: (key: string) => string;
      now?: () => Date;
    },
  ) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /** The plan check and a lookup together: a missing plan (403) wins over a missing row (404). */
  private async owned<T>(teacherId: number, lookup: Promise<T | null>): Promise<T> {
    const [, row] = await Promise.all([this.deps.teachers.requireSubscription(teacherId), lookup]);
    if (row === null) throw AppError.notFound();
    return row;
  }

  /**
   * GET classrooms/{id}/overview/: the classroom, the class's progress over every numeral of every
   * assignment of every student, its weekly answers, its assignments with the progress of the
   * students they are given to, and its students with their progress, time and last attempt.
   */
  async classroomOverview(teacherId: number, classroomId: number): Promise<ClassroomOverview> {
    const { results } = this.deps;
    const classroom = await this.owned(teacherId, results.classroom(teacherId, classroomId));
    const window = weeklyWindow(this.now());
    const [assignments, students, totals, weeks] = await Promise.all([
      results.assignments(classroomId),
      results.students(classroomId),
      results.totals(classroomId),
      results.weekly(classroomId, window),
    ]);

    const byStudent = new Map<number, Counts>();
    const byModule = new Map<number, Counts>();
    const all = noCounts();
    for (const row of totals.assignments) {
      for (const [map, key] of [
        [byStudent, row.studentId],
        [byModule, row.moduleId],
      ] as const) {
        const counts = map.get(key) ?? noCounts();
        add(counts, row);
        map.set(key, counts);
      }
      add(all, row);
    }
    const times = new Map(totals.students.map((row) => [row.studentId, row]));
    const totalTime = totals.students.reduce((sum, row) => sum + row.totalTime, 0);

    return {
      classroom,
      progress: progressOf(all, totalTime, students.length),
      weekly: weeklyChart(window, weeks),
      assignments: assignments.map((a) => {
        const counts = byModule.get(a.moduleId) ?? noCounts();
        return {
          moduleId: a.moduleId,
          name: a.name,
          publishDate: isoOrNull(a.publishDate),
          deadline: isoOrNull(a.deadline),
          individualStudents: a.individualStudents,
          numProblems: a.numProblems,
          studentCount: a.studentCount,
          progress: progressPercent(counts.completed, counts.slots),
        };
      }),
      students: students.map((s) => {
        const counts = byStudent.get(s.id) ?? noCounts();
        const time = times.get(s.id);
        return {
          id: s.id,
          firstName: s.firstName,
          lastName: s.lastName,
          email: s.email,
          progress: progressPercent(counts.completed, counts.slots),
          totalTime: time?.totalTime ?? 0,
          lastAttempt: isoOrNull(time?.lastAttempt ?? null),
        };
      }),
    };
  }

  /**
   * GET classrooms/{id}/assignments/{moduleId}/: one assignment's results as the activity results
   * dashboard reads them (the same reads as a teacher code's results): its published problems in
   * numeration order, and each student it is given to with their own deadline and their stats on
   * its numerals. The student's e-mail stands where a code student shows their personal code.
   */
  async assignmentResults(
    teacherId: number,
    classroomId: number,
    moduleId: number,
  ): Promise<AssignmentResults> {
    const { results, activities } = this.deps;
    const header = await this.owned(teacherId, results.assignment(teacherId, classroomId, moduleId));
    const [students, { problems, numerals }] = await Promise.all([
      results.assignedStudents(classroomId, moduleId),
      activities.content(moduleId),
    ]);
    const stats = await activities.userStats(
      students.map((s) => s.id),
      numerals.map((n) => n.id),
    );
    return {
      assignment: {
        ...header,
        publishDate: isoOrNull(header.publishDate),
        deadline: isoOrNull(header.deadline),
      },
      problems,
      students: students.map((s) => ({
        id: s.id,
        firstName: s.firstName,
        lastName: s.lastName,
        studentCode: s.email,
        deadline: isoOrNull(s.deadline),
        stats: stats.get(s.id) ?? [],
      })),
    };
  }

  /**
   * GET classrooms/{id}/students/{studentId}/: one student of the teacher's classroom: their
   * progress over the numerals of their assignments there, time, last attempt, weekly answers, and
   * each assignment with the deadline that applies to them and their record per problem and numeral.
   */
  async studentDetail(teacherId: number, classroomId: number, studentId: number): Promise<StudentDetail> {
    const { results, activities } = this.deps;
    const member = await this.owned(teacherId, results.member(teacherId, classroomId, studentId));
    const window = weeklyWindow(this.now());
    const [assignments, weeks] = await Promise.all([
      results.studentAssignments(classroomId, studentId),
      results.weekly(classroomId, window, studentId),
    ]);
    const problemsByModule = await results.moduleProblems(assignments.map((a) => a.moduleId));
    const numeralIds = [
      ...new Set([...problemsByModule.values()].flat().flatMap((p) => p.numerals.map((n) => n.id))),
    ];
    const [userStats, photos] = await Promise.all([
      activities.userStats([studentId], numeralIds),
      results.phonePhotos(studentId, numeralIds),
    ]);
    const stats = new Map<number, ActivityNumeralStat>(
      (userStats.get(studentId) ?? []).map((s) => [s.numeralId, s]),
    );

    const all = noCounts();
    const records: StudentAssignment[] = assignments.map((a) => {
      const counts = noCounts();
      let totalTime = 0;
      let lastAttempt: string | null = null;
      const problems = (problemsByModule.get(a.moduleId) ?? []).map((p) => ({
        id: p.id,
        title: p.title,
        numeration: p.numeration,
        numerals: p.numerals.map((n) => {
          const stat = stats.get(n.id);
          counts.slots += 1;
          if (stat?.completed) counts.completed += 1;
          else if (stat) counts.attempted += 1;
          totalTime += stat?.answerTime ?? 0;
          lastAttempt = later(lastAttempt, stat?.lastAttemptDate ?? null);
          return {
            id: n.id,
            number: n.number,
            completed: stat?.completed ?? false,
            attempts: stat?.attempts ?? 0,
            answerTime: stat?.answerTime ?? 0,
            lastAttemptDate: stat?.lastAttemptDate ?? null,
            photos: (photos.get(n.id) ?? []).map((photo) => ({
              pictureUrl: photo.pictureKey === null ? null : this.deps.pictureUrl(photo.pictureKey),
              latex: photo.latex,
              receivedAt: photo.receivedAt,
            })),
          };
        }),
      }));
      add(all, counts);
      return {
        moduleId: a.moduleId,
        name: a.name,
        publishDate: isoOrNull(a.publishDate),
        deadline: isoOrNull(a.deadline),
        progress: progressPercent(counts.completed, counts.slots),
        totalTime,
        lastAttempt,
        problems,
      };
    });
    // Time and last attempt count each numeral once, though it may be in two assignments.
    const own = [...stats.values()];
    const totalTime = own.reduce((sum, s) => sum + s.answerTime, 0);
    const lastAttempt = own.reduce<string | null>((at, s) => later(at, s.lastAttemptDate), null);

    return {
      classroom: { id: member.classroomId, name: member.classroomName },
      student: {
        id: member.id,
        firstName: member.firstName,
        lastName: member.lastName,
        email: member.email,
        joinedAt: new Date(member.joinedAt).toISOString(),
      },
      progress: progressOf(all, totalTime, 1),
      totalTime,
      lastAttempt,
      weekly: weeklyChart(window, weeks),
      assignments: records,
    };
  }
}
