/** The number-line points console (math type `numberlinePoints`). */
export { NumberlineConsole } from './numberline-console';
/** Props of NumberlineConsole. */
export type { NumberlineConsoleProps } from './numberline-console.types';
/** The number-line points console's tools, as the spec names them. */
export { NUMBERLINE_TOOLS, type NumberlineTool } from './numberline-console.logic';
/** Converts between a saved answer and editor dots. */
export { dotsFromAnswer, toPointsAnswer } from './numberline-console.logic';
