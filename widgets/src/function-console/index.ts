/** The freehand function console (plotFunction): the graph of a function drawn on a cartesian plane. */
export { FunctionConsole } from './function-console';
/** Props of the freehand function console. */
export type { FunctionConsoleProps } from './function-console.types';
/** The freehand drawing as data: sampling, erasing, restoring a saved answer, the tools. */
export {
  FREEHAND_TOOLS,
  drawingPoints,
  eraseAt,
  extendStroke,
  freehandAnswer,
  restoreStrokes,
  startStroke,
  type FreehandTool,
  type Stroke,
  type Strokes,
} from './function-console.logic';
