import { z } from 'zod';

/**
 * POST classrooms/add_student: join a classroom with its registration code. Spaces are dropped and
 * letters upper-cased (codes are read aloud and typed on phones); the caller comes from the token,
 * never from `userId`.
 */
export const AddStudentRequestSchema = z.object({
  code: z
    .string()
    .transform((code) => code.replace(/\s+/g, '').toUpperCase())
    .pipe(z.string().min(1).max(32)),
  userId: z.unknown().optional(),
});

/** POST classrooms/add_student: the classroom joined, and whether the student was in it already. */
export const JoinClassroomAnswerSchema = z.object({
  classroom: z.object({ id: z.number().int(), name: z.string() }),
  alreadyMember: z.boolean(),
});
/** What POST classrooms/add_student answers. */
export type JoinClassroomAnswer = z.infer<typeof JoinClassroomAnswerSchema>;

/** A date and time as it travels: ISO 8601. */
const DateTimeSchema = z.iso.datetime();

/**
 * GET get_student_classrooms/: what a student sees of their classrooms — the classrooms and their
 * teachers (a classroom whose teacher left the school has none, `teacherId` null, until the school
 * gives it to another), the modules published to the student there (with the classroom's publish date and
 * deadline, and the student's own deadline where one is set), those modules' published problems
 * and their numerals, and the student's stats on them. Dates are ISO 8601 strings.
 */
export const StudentClassroomsSchema = z.object({
  classrooms: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      description: z.string(),
      teacherId: z.number().int().nullable(),
    }),
  ),
  teachers: z.array(z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string() })),
  modules: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      description: z.string(),
      creationDate: DateTimeSchema,
    }),
  ),
  moduleClassrooms: z.array(
    z.object({
      moduleId: z.number().int(),
      classroomId: z.number().int(),
      deadline: DateTimeSchema.nullable(),
      publishDate: DateTimeSchema.nullable(),
    }),
  ),
  moduleProblems: z.array(
    z.object({ moduleId: z.number().int(), problemId: z.number().int(), numeration: z.string().nullable() }),
  ),
  problems: z.array(z.object({ id: z.number().int(), title: z.string(), description: z.string() })),
  numerals: z.array(
    z.object({ id: z.number().int(), problemId: z.number().int(), number: z.number().int() }),
  ),
  stats: z.array(
    z.object({
      numeralId: z.number().int(),
      completed: z.boolean(),
      attempts: z.number().int(),
      answerTime: z.number().int(),
    }),
  ),
  studentModules: z.array(
    z.object({
      classroomId: z.number().int(),
      moduleId: z.number().int(),
      deadline: DateTimeSchema.nullable(),
    }),
  ),
});
/** What GET get_student_classrooms/ answers. */
export type StudentClassrooms = z.infer<typeof StudentClassroomsSchema>;
