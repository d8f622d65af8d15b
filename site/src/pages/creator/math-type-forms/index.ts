/** The form of each math type in the creation tool, the empty record it starts from, and its check by the core schema. */
export { MathTypeForm, emptyRecord, validateRecord, type MathTypeFormProps } from './math-type-form';
