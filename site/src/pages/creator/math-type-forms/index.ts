/** The form of each math type in the creation tool, the empty record it starts from, and its check by the core schema. */
export { MathTypeForm, emptyRecord, validateRecord, type MathTypeFormProps } from './math-type-form';
/** The element id of the field at a record path inside a form (`fieldId('n2-s1', 'tableData.3.cellContent')`). */
export { fieldId } from './fields';
