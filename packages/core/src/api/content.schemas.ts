import { z } from 'zod';
import { LanguageSchema } from '../common.schemas';

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

/** A course, topic or subtopic with its English and Spanish names (`nameSpanish` may be empty). */
export const NamedContentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  nameSpanish: z.string(),
});
/** A course, topic or subtopic with its names in both languages. */
export type NamedContent = z.infer<typeof NamedContentSchema>;

/** A subtopic, with the topic it belongs to. */
export const SubtopicSchema = NamedContentSchema.extend({ topicId: z.number().int() });
/** A subtopic, with the topic it belongs to. */
export type Subtopic = z.infer<typeof SubtopicSchema>;

/** GET courses/: the courses, ordered by the name the reader sees, and which topics belong to which. */
export const CoursesAnswerSchema = z.object({
  courses: z.array(NamedContentSchema),
  coursesTopics: z.array(z.object({ course: z.number().int(), topic: z.number().int() })),
});
/** What GET courses/ answers. */
export type CoursesAnswer = z.infer<typeof CoursesAnswerSchema>;

/** A published problem in a content list: what a student picks from, nothing of its numerals' answers. */
export const ProblemSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  numeration: z.string().nullable(),
  topicId: z.number().int().nullable(),
  subtopicId: z.number().int().nullable(),
});
/** A published problem in a content list. */
export type ProblemSummary = z.infer<typeof ProblemSummarySchema>;

/** A numeral in a content list: its question and math type, nothing of its answer. */
export const NumeralSummarySchema = z.object({
  id: z.number().int(),
  problemId: z.number().int(),
  number: z.number().int(),
  question: z.string(),
  mathType: z.string(),
});
/** A numeral in a content list. */
export type NumeralSummary = z.infer<typeof NumeralSummarySchema>;

/** GET problems/subtopic/{id}/: the subtopic's published problems, ordered by numeration, and their numerals. */
export const SubtopicProblemsAnswerSchema = z.object({
  problems: z.array(ProblemSummarySchema),
  numerals: z.array(NumeralSummarySchema),
});
/** What GET problems/subtopic/{id}/ answers. */
export type SubtopicProblemsAnswer = z.infer<typeof SubtopicProblemsAnswerSchema>;

/** GET problems/topic/{id}/: the topic's published problems and their numerals, and the topic's subtopics. */
export const TopicProblemsAnswerSchema = SubtopicProblemsAnswerSchema.extend({
  subtopics: z.array(SubtopicSchema),
});
/** What GET problems/topic/{id}/ answers. */
export type TopicProblemsAnswer = z.infer<typeof TopicProblemsAnswerSchema>;
