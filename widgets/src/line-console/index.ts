/** The two-point line console (plotLinearEquation): a line through two draggable points. */
export { LineConsole } from './line-console';
/** Props of the two-point line console. */
export type { LineConsoleProps } from './line-console.types';
/** The line's rules: two distinct points, placed then moved; the answer once both exist. */
export { lineAnswer, moveLinePoint, placeLinePoint, type LinePoints } from './line-console.logic';
