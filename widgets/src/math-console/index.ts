/** The text/math-field console: answer lines typed in MathLive fields, with feedback per line. */
export { MathConsole } from './math-console';
/** Its props and console data. */
export type { MathConsoleData, MathConsoleProps } from './math-console.types';
/** One line of the console as the editor keeps it, and the pure line-list rules the solver may reuse. */
export {
  applyFeedback,
  linesFromAnswer,
  toAnswer,
  type EditorLine,
  type LineMark,
} from './math-console.logic';
