import type { EmptyPublicData, PlotFeedback, PlotFunctionAnswer } from '@kib/core';
import type { ConsoleProps } from '../shared/console.types';

/**
 * Props of the freehand function console (plotFunction): the public data is empty (the function is
 * never revealed), the answer is the drawn points and whether the x-axis is read in radians.
 */
export type FunctionConsoleProps = ConsoleProps<EmptyPublicData | null, PlotFunctionAnswer, PlotFeedback>;
