import { z } from 'zod';
import { LanguageSchema } from '../common.schemas';
import { MathTypeSchema } from '../math-types';
import { NamedContentSchema } from './content.schemas';

/** GET topics/: every topic, with its English and Spanish names, ordered by name. */
export const TopicsAnswerSchema = z.array(NamedContentSchema);
/** What GET topics/ answers. */
export type TopicsAnswer = z.infer<typeof TopicsAnswerSchema>;

/** A math type (spec 02 §3) with its names in English and Spanish, for the creation tool's pickers. */
export const MathTypeEntrySchema = z.object({
  id: MathTypeSchema,
  name: z.string(),
  nameSpanish: z.string(),
});
/** A math type with its names. */
export type MathTypeEntry = z.infer<typeof MathTypeEntrySchema>;

/** GET math-types/: the fourteen math types, in the order of spec 02 §3. */
export const MathTypesAnswerSchema = z.array(MathTypeEntrySchema);
/** What GET math-types/ answers. */
export type MathTypesAnswer = z.infer<typeof MathTypesAnswerSchema>;

/** A content and interface language (`es`, `en`) with its name in English and in Spanish. */
export const LanguageEntrySchema = z.object({
  id: LanguageSchema,
  name: z.string(),
  nameSpanish: z.string(),
});
/** A language with its names. */
export type LanguageEntry = z.infer<typeof LanguageEntrySchema>;

/** GET languages/: the languages, Spanish (the default) first. */
export const LanguagesAnswerSchema = z.array(LanguageEntrySchema);
/** What GET languages/ answers. */
export type LanguagesAnswer = z.infer<typeof LanguagesAnswerSchema>;

/** An education system (the Colombian standards), and what it calls its learning standards. */
export const EducationSystemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  learningStandardName: z.string(),
});
/** An education system. */
export type EducationSystem = z.infer<typeof EducationSystemSchema>;

/** A grade of an education system; `numeration` is its number (10 for grade ten). */
export const GradeSchema = z.object({
  id: z.number().int(),
  educationSystemId: z.number().int(),
  name: z.string(),
  numeration: z.number().int(),
});
/** A grade of an education system. */
export type Grade = z.infer<typeof GradeSchema>;

/**
 * GET get-education-systems/: the education systems in Spanish order and their grades by system id
 * and number, the first two choices of the module builder's competences search (spec 02 §2).
 */
export const EducationSystemsAnswerSchema = z.object({
  educationSystems: z.array(EducationSystemSchema),
  grades: z.array(GradeSchema),
});
/** What GET get-education-systems/ answers. */
export type EducationSystemsAnswer = z.infer<typeof EducationSystemsAnswerSchema>;
