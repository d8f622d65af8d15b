import { z } from 'zod';
import { MASTERY_LEVELS } from '../adaptive';

const IdSchema = z.coerce.number().int().positive().max(2_147_483_647);

/**
 * GET practice/next/?topic= | subtopic= | skill=: what to practise within a topic, a subtopic or a
 * skill (exactly one of them).
 */
export const PracticeNextQuerySchema = z
  .object({ topic: IdSchema.optional(), subtopic: IdSchema.optional(), skill: IdSchema.optional() })
  .refine(
    (q) => [q.topic, q.subtopic, q.skill].filter((v) => v !== undefined).length === 1,
    'validation.practice-scope',
  );
/** What GET practice/next/ is asked. */
export type PracticeNextQuery = z.infer<typeof PracticeNextQuerySchema>;

/** A mastery level (`MASTERY_LEVELS`). */
export const MasteryLevelSchema = z.enum(MASTERY_LEVELS);

/** A skill as the student model sees it for one student. */
export const SkillMasterySchema = z.object({
  id: z.number().int(),
  /** In the reader's language. */
  name: z.string(),
  level: MasteryLevelSchema,
  /** The chance of a right first attempt at a numeral of average difficulty (0–1). */
  estimate: z.number(),
  /** The standard error of the ability behind it (1 with no evidence, shrinking with it). */
  uncertainty: z.number(),
});
/** A skill as the student model sees it for one student. */
export type SkillMastery = z.infer<typeof SkillMasterySchema>;

/** Why practice/next chose what it chose. */
export const PracticeStatusSchema = z.enum(['practice', 'review', 'prerequisite', 'mastered', 'empty']);
/** Why practice/next chose what it chose. */
export type PracticeStatus = z.infer<typeof PracticeStatusSchema>;

/**
 * What practice/next answers: the numeral to practise (null when the scope has none left to offer),
 * the chance the model gives a first attempt at it, the skills it trains, one sentence in the
 * reader's language saying why, every skill of the scope with its level, and, once the scope is
 * mastered, the skill to go on with.
 */
export const PracticeNextAnswerSchema = z.object({
  status: PracticeStatusSchema,
  problemId: z.number().int().nullable(),
  numeralId: z.number().int().nullable(),
  predictedSuccess: z.number().nullable(),
  skills: z.array(SkillMasterySchema),
  reason: z.string(),
  scope: z.array(SkillMasterySchema),
  nextSkill: SkillMasterySchema.nullable(),
});
/** What GET practice/next/ answers. */
export type PracticeNextAnswer = z.infer<typeof PracticeNextAnswerSchema>;

/** A cell of a classroom's mastery grid: one student's model of one skill. */
export const MasteryCellSchema = z.object({
  studentId: z.number().int(),
  skillId: z.number().int(),
  level: MasteryLevelSchema,
  estimate: z.number(),
  uncertainty: z.number(),
  /** When its last evidence came (ISO). */
  lastEvidenceAt: z.string(),
});
/** A cell of a classroom's mastery grid. */
export type MasteryCell = z.infer<typeof MasteryCellSchema>;

/**
 * GET classrooms/{id}/mastery/: the classroom's students × the skills its assignments train (their
 * problems' and numerals' skills and the skills the modules are assigned to), and a cell for each
 * pair with evidence; a pair without one is not started.
 */
export const ClassroomMasterySchema = z.object({
  classroom: z.object({ id: z.number().int(), name: z.string() }),
  students: z.array(
    z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string(), email: z.string() }),
  ),
  skills: z.array(z.object({ id: z.number().int(), name: z.string(), grade: z.number().int().nullable() })),
  cells: z.array(MasteryCellSchema),
});
/** What GET classrooms/{id}/mastery/ answers. */
export type ClassroomMastery = z.infer<typeof ClassroomMasterySchema>;
