import { EntityIdSchema, LIMITS } from '@kib/core';
import { z } from 'zod';
import { parseDashboardData, type DashboardParse } from '../dashboard/dashboard-data';

/** Bounds of the results data: a class-sized activity, with room to spare. */
export const ACTIVITY_RESULTS_LIMITS = {
  /** Students of one activity. */
  students: 2000,
  /** Problems of one assignment. */
  problems: 200,
  /** Stats of one student (at most one per numeral). */
  statsPerStudent: 10000,
  /** A first name, last name or personal code. */
  nameMaxLength: 200,
} as const;

const NameSchema = z.string().max(ACTIVITY_RESULTS_LIMITS.nameMaxLength);

/** Accepts a date-time text that `Date` can read (the server sends ISO 8601). */
const DateTimeSchema = z
  .string()
  .max(64)
  .refine((text) => !Number.isNaN(Date.parse(text)), { message: 'Not a date-time' });

/** Accepts one numeral of a problem: its id and its number inside the problem (1, 2, 3…). */
export const ResultsNumeralSchema = z.object({
  id: EntityIdSchema,
  number: z.number().int().nonnegative(),
});

/** A numeral of a problem, as the results view needs it. */
export type ResultsNumeral = z.infer<typeof ResultsNumeralSchema>;

/** Accepts one problem of the assignment: id, title, numeration in the module and its numerals. */
export const ResultsProblemSchema = z.object({
  id: EntityIdSchema,
  title: z.string().max(LIMITS.shortTextMaxLength),
  numeration: z
    .union([z.string().max(32), z.number()])
    .nullable()
    .optional(),
  numerals: z.array(ResultsNumeralSchema).max(LIMITS.itemsMaxCount),
});

/** A problem of the assignment, as the results view needs it. */
export type ResultsProblem = z.infer<typeof ResultsProblemSchema>;

/**
 * Accepts one stat (spec 03 §3): a student's record on one numeral. `answerTime` is in seconds;
 * `lastAttemptDate` is optional.
 */
export const NumeralStatSchema = z.object({
  numeralId: EntityIdSchema,
  completed: z.boolean(),
  attempts: z.number().int().nonnegative(),
  answerTime: z.number().nonnegative().finite(),
  lastAttemptDate: DateTimeSchema.nullable().optional(),
});

/** A student's record on one numeral. */
export type NumeralStat = z.infer<typeof NumeralStatSchema>;

/**
 * Accepts one student of the activity (a temporary code student or a registered one): names may
 * be empty (an anonymous student), the personal code is optional, and there is at most one stat
 * per numeral.
 */
export const ResultsStudentSchema = z.object({
  id: EntityIdSchema,
  firstName: NameSchema,
  lastName: NameSchema,
  studentCode: NameSchema.nullable().optional(),
  stats: z.array(NumeralStatSchema).max(ACTIVITY_RESULTS_LIMITS.statsPerStudent),
});

/** A student of the activity with their stats. */
export type ResultsStudent = z.infer<typeof ResultsStudentSchema>;

function duplicates<T>(values: readonly T[]): T[] {
  const seen = new Set<T>();
  const repeated = new Set<T>();
  for (const value of values) (seen.has(value) ? repeated : seen).add(value);
  return [...repeated];
}

/**
 * Accepts the whole `data` of the activity results widget (spec 03, teacher activity results view):
 * the assignment, its problems with their numerals, and the students with their stats. Ids must be
 * unique (problems, numerals, students, and numerals within one student's stats). Stats of numerals
 * that are not in the assignment are allowed and ignored.
 */
export const ActivityResultsDataSchema = z
  .object({
    assignment: z.object({
      id: EntityIdSchema.optional(),
      name: z.string().max(LIMITS.shortTextMaxLength),
    }),
    problems: z.array(ResultsProblemSchema).max(ACTIVITY_RESULTS_LIMITS.problems),
    students: z.array(ResultsStudentSchema).max(ACTIVITY_RESULTS_LIMITS.students),
  })
  .superRefine((data, ctx) => {
    const report = (path: (string | number)[], what: string, ids: number[]) => {
      if (ids.length > 0)
        ctx.addIssue({ code: 'custom', path, message: `Repeated ${what} ids: ${ids.join(', ')}` });
    };
    report(['problems'], 'problem', duplicates(data.problems.map((p) => p.id)));
    report(['problems'], 'numeral', duplicates(data.problems.flatMap((p) => p.numerals.map((n) => n.id))));
    report(['students'], 'student', duplicates(data.students.map((s) => s.id)));
    data.students.forEach((student, index) =>
      report(['students', index, 'stats'], 'stat numeral', duplicates(student.stats.map((s) => s.numeralId))),
    );
  });

/** The `data` prop of the activity results widget: plain JSON, as the server sends it. */
export type ActivityResultsData = z.infer<typeof ActivityResultsDataSchema>;

/** What {@link parseActivityResultsData} returns: the data, or the schema's complaints. */
export type ActivityResultsParse = DashboardParse<ActivityResultsData>;

/**
 * Validates results data given as an object or as its JSON text (an element attribute). Never
 * throws: bad JSON and schema failures both come back as `{ ok: false, issues }`.
 */
export function parseActivityResultsData(input: unknown): ActivityResultsParse {
  return parseDashboardData(ActivityResultsDataSchema, input);
}
