import { z } from 'zod';
import { ActivityNumeralStatSchema, ActivityProblemSchema } from './activities.schemas';

const DateTimeSchema = z.iso.datetime();

/** How many weeks the weekly activity chart covers (spec 03 §9). */
export const WEEKLY_CHART_WEEKS = 8;

/**
 * A class's or a student's share of numerals, in rounded percents that add up to 100 (spec 03 §5):
 * completed, attempted but not completed, and not attempted, over every numeral of every assignment
 * of every student.
 */
export const ProgressSchema = z.object({
  completed: z.number().int(),
  attempted: z.number().int(),
  notAttempted: z.number().int(),
  /** Seconds spent, on average per student (rounded). */
  averageTime: z.number().int(),
});
/** A class's or a student's progress. */
export type Progress = z.infer<typeof ProgressSchema>;

/**
 * One week of the weekly activity chart: its week number (ISO 8601 week, wrapping modulo 52 as the
 * spec says: 53 is shown as 1), the Monday it starts (UTC), the answers sent and the students who sent one.
 */
export const WeekActivitySchema = z.object({
  week: z.number().int().min(1).max(52),
  start: z.iso.date(),
  attempts: z.number().int(),
  activeStudents: z.number().int(),
});
/** One week of activity. */
export type WeekActivity = z.infer<typeof WeekActivitySchema>;

/** An assignment of a classroom as its landing lists it, with the class's progress on it. */
export const ClassroomAssignmentSchema = z.object({
  moduleId: z.number().int(),
  name: z.string(),
  publishDate: DateTimeSchema.nullable(),
  deadline: DateTimeSchema.nullable(),
  /** Assigned to chosen students of the classroom only. */
  individualStudents: z.boolean(),
  numProblems: z.number().int(),
  studentCount: z.number().int(),
  /** Rounded percent of completed numerals of the students it is assigned to. */
  progress: z.number().int(),
});
/** An assignment of a classroom. */
export type ClassroomAssignment = z.infer<typeof ClassroomAssignmentSchema>;

/** A student of a classroom with their record on the classroom's assignments (spec 03 §2). */
export const ClassroomStudentProgressSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** Rounded percent of completed numerals of their assignments in this classroom. */
  progress: z.number().int(),
  /** Seconds spent on those numerals. */
  totalTime: z.number().int(),
  lastAttempt: DateTimeSchema.nullable(),
});
/** A student's record in a classroom. */
export type ClassroomStudentProgress = z.infer<typeof ClassroomStudentProgressSchema>;

/**
 * GET classrooms/{id}/overview/: everything the classroom landing shows (its Overview, Assignments
 * and Students tabs), for the classroom's teacher. Also the data of `<kib-classroom-overview>`.
 */
export const ClassroomOverviewSchema = z.object({
  classroom: z.object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    code: z.string(),
  }),
  progress: ProgressSchema,
  weekly: z.array(WeekActivitySchema),
  assignments: z.array(ClassroomAssignmentSchema),
  students: z.array(ClassroomStudentProgressSchema),
});
/** A classroom's dashboard data. */
export type ClassroomOverview = z.infer<typeof ClassroomOverviewSchema>;

/**
 * GET classrooms/{id}/assignments/{moduleId}/: one assignment's results, shaped as the data of the
 * widgets' ActivityResults dashboard (`<kib-activity-results>`): the assignment, its problems in
 * numeration order and each student it is assigned to with their stats on its numerals.
 */
export const AssignmentResultsSchema = z.object({
  assignment: z.object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    publishDate: DateTimeSchema.nullable(),
    deadline: DateTimeSchema.nullable(),
    classroomId: z.number().int(),
    classroomName: z.string(),
  }),
  problems: z.array(ActivityProblemSchema),
  students: z.array(
    z.object({
      id: z.number().int(),
      firstName: z.string(),
      lastName: z.string(),
      /** The student's e-mail, in the column where a code student shows their personal code. */
      studentCode: z.string().nullable(),
      /** Their own deadline when it overrides the classroom's. */
      deadline: DateTimeSchema.nullable(),
      stats: z.array(ActivityNumeralStatSchema),
    }),
  ),
});
/** An assignment's results in a classroom. */
export type AssignmentResults = z.infer<typeof AssignmentResultsSchema>;

/**
 * A photo of a student's work on a numeral, sent from their phone (spec 03 §4): the picture, when it
 * was kept as one, and the LaTeX read from it, when handwriting recognition read it.
 */
export const NumeralPhotoSchema = z.object({
  pictureUrl: z.string().nullable(),
  latex: z.string().nullable(),
  receivedAt: DateTimeSchema,
});
/** A photo of a student's work on a numeral. */
export type NumeralPhoto = z.infer<typeof NumeralPhotoSchema>;

/** A student's record on one assignment: per problem and numeral, and in total. */
export const StudentAssignmentSchema = z.object({
  moduleId: z.number().int(),
  name: z.string(),
  publishDate: DateTimeSchema.nullable(),
  /** The deadline that applies to this student (their own, else the classroom's). */
  deadline: DateTimeSchema.nullable(),
  progress: z.number().int(),
  totalTime: z.number().int(),
  lastAttempt: DateTimeSchema.nullable(),
  problems: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      numeration: z.string().nullable(),
      numerals: z.array(
        z.object({
          id: z.number().int(),
          number: z.number().int(),
          completed: z.boolean(),
          attempts: z.number().int(),
          answerTime: z.number().int(),
          lastAttemptDate: DateTimeSchema.nullable(),
          /** Photos of their work the student sent from a phone while solving it, oldest first. */
          photos: z.array(NumeralPhotoSchema).optional(),
        }),
      ),
    }),
  ),
});
/** A student's record on one assignment. */
export type StudentAssignment = z.infer<typeof StudentAssignmentSchema>;

/**
 * GET classrooms/{id}/students/{studentId}/: one student of the caller's classroom (spec 03 "student
 * detail", Overview and Assignments tabs). Also the data of `<kib-student-detail>`.
 */
export const StudentDetailSchema = z.object({
  classroom: z.object({ id: z.number().int(), name: z.string() }),
  student: z.object({
    id: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    joinedAt: DateTimeSchema,
  }),
  progress: ProgressSchema,
  totalTime: z.number().int(),
  lastAttempt: DateTimeSchema.nullable(),
  weekly: z.array(WeekActivitySchema),
  assignments: z.array(StudentAssignmentSchema),
});
/** A student's dashboard data in a classroom. */
export type StudentDetail = z.infer<typeof StudentDetailSchema>;
