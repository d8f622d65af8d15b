/** The multiple-choice console (multipleChoice): a radio group, or a checkbox group for several answers. */
export { ChoiceConsole } from './choice-console';
/** Props and console data of the multiple-choice console. */
export type { ChoiceConsoleData, ChoiceConsoleProps } from './choice-console.types';
/** The selection rules of the console: a single list replaces, a multi-select list toggles. */
export { normalizeSelection, pickChoice } from './choice-selection';
