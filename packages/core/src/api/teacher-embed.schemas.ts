import { z } from 'zod';

const DateTimeSchema = z.iso.datetime();

/** The prefix of every classroom embed token, so a leaked one is recognised for what it is. */
export const EMBED_TOKEN_PREFIX = 'kibe_';
/** The longest an embed token lives, in days. */
export const EMBED_TOKEN_MAX_DAYS = 365;
/** The most live embed tokens one classroom has. */
export const EMBED_TOKENS_PER_CLASSROOM = 20;

/**
 * A classroom embed token as its teacher sees it (never its secret, which is shown once): a
 * read-only key to the classroom's dashboards (`<kib-classroom-overview>`, `<kib-activity-results>`,
 * `<kib-student-detail>`) for a page outside Kib, such as a school's intranet.
 */
export const EmbedTokenSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  createdAt: DateTimeSchema,
  expiresAt: DateTimeSchema,
  lastUsedAt: DateTimeSchema.nullable(),
});
/** A classroom embed token, without its secret. */
export type EmbedToken = z.infer<typeof EmbedTokenSchema>;

/** What GET classrooms/{id}/embed-tokens/ answers: the classroom's live tokens, newest first. */
export const EmbedTokenListSchema = z.object({ tokens: z.array(EmbedTokenSchema) });
/** The live embed tokens of a classroom. */
export type EmbedTokenList = z.infer<typeof EmbedTokenListSchema>;

/** POST classrooms/{id}/embed-tokens/: what the token is for, and how many days it lives. */
export const NewEmbedTokenSchema = z.object({
  label: z.string('validation.required').trim().min(1, 'validation.required').max(100, 'validation.too-long'),
  validDays: z
    .number('validation.invalid')
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(EMBED_TOKEN_MAX_DAYS, 'validation.invalid')
    .default(EMBED_TOKEN_MAX_DAYS),
});
/** A new embed token's label and lifetime. */
export type NewEmbedToken = z.input<typeof NewEmbedTokenSchema>;

/** What POST classrooms/{id}/embed-tokens/ answers: the token and, this once only, its secret. */
export const CreatedEmbedTokenSchema = z.object({ token: EmbedTokenSchema, secret: z.string() });
/** A new embed token with its secret. */
export type CreatedEmbedToken = z.infer<typeof CreatedEmbedTokenSchema>;
