/** The number-line intervals console (math type `intervals`). */
export { IntervalConsole } from './interval-console';
/** Props of IntervalConsole. */
export type { IntervalConsoleProps } from './interval-console.types';
/** The intervals console's tools, as the spec names them. */
export { INTERVAL_TOOLS, type IntervalTool } from './interval-console.logic';
/** Converts between a saved answer and editor intervals, and prints an interval as "[−2, 3)". */
export { formatInterval, intervalsFromAnswer, toIntervalsAnswer } from './interval-console.logic';
