import type { EmptyPublicData, LineAnswer, PlotFeedback } from '@kib/core';
import type { ConsoleProps } from '../shared/console.types';

/**
 * Props of the two-point line console (plotLinearEquation): the public data is empty (m and b are
 * never revealed), the answer is the line's two points [p1, p2].
 */
export type LineConsoleProps = ConsoleProps<EmptyPublicData | null, LineAnswer, PlotFeedback>;
