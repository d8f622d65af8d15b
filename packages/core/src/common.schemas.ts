import { z } from 'zod';
import { LANGUAGES } from './constants';
import { MAX_ENTITY_ID } from './ids';

/** Accepts exactly one of {@link LANGUAGES}. */
export const LanguageSchema = z.enum(LANGUAGES);

/** A six-character URL-safe id, as produced by `shortId()`. */
export const ShortIdSchema = z.string().regex(/^[A-Za-z0-9_-]{6}$/, 'must be 6 URL-safe characters');

/**
 * A database id: a positive integer (problems, numerals, steps, choices, topics, users…) that fits
 * the `serial` columns it names; a larger number is a validation error, not a database one.
 */
export const EntityIdSchema = z.number().int().positive().max(MAX_ENTITY_ID, 'validation.invalid');

/** A database id: a positive integer. */
export type EntityId = z.infer<typeof EntityIdSchema>;
