import { z } from 'zod';
import { LanguageSchema } from '../constants';

const IdSchema = z.coerce.number().int().positive().max(2_147_483_647);

/**
 * GET courses/?language=&demo=: the course list, names in the reader's language when given; with
 * `demo=true` only the courses of the demo mode.
 */
export const CoursesQuerySchema = z.object({
  language: LanguageSchema.optional(),
  demo: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

/** GET get-subtopics/?topic_id=: the subtopics of a topic. */
export const SubtopicsQuerySchema = z.object({ topicId: IdSchema });

/** A path id (`courses/{id}/topics/`, `problems/topic/{id}/`). */
export const PathIdSchema = IdSchema;

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
