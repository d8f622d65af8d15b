import type { QueryInterface } from 'sequelize';

/** The named forms a simplify numeral may require instead of the target's own form (STACK's form tests). */
export const SIMPLIFY_FORMS = [
  'factored',
  'expanded',
  'single_fraction',
  'lowest_terms',
  'rationalized_denominator',
  'partial_fractions',
  'completed_square',
] as const;

/** simplify gains `form` (a named required form, or null for "the target's form") and `form_variable`. */
export async function up({ context }: { context: QueryInterface }): Promise<void> {
  await context.sequelize.query(`
    ALTER TABLE math_type_simplify
      ADD COLUMN form varchar(32) NULL
        CHECK (form IS NULL OR form IN (${SIMPLIFY_FORMS.map((f) => `'${f}'`).join(', ')})),
      ADD COLUMN form_variable varchar(32) NULL
  `);
}

/** Drops the two columns. */
export async function down({ context }: { context: QueryInterface }): Promise<void> {
  await context.sequelize.query(`ALTER TABLE math_type_simplify DROP COLUMN form_variable, DROP COLUMN form`);
}
