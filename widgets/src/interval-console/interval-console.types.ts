import type { EmptyPublicData, IntervalsAnswer, PlotFeedback } from '@kib/core';
import type { ConsoleProps } from '../shared/console.types';

/**
 * Props of the number-line intervals console (math type `intervals`): no console data, the answer
 * is the list of complete intervals, the feedback that of the plot consoles.
 */
export type IntervalConsoleProps = ConsoleProps<EmptyPublicData | null, IntervalsAnswer, PlotFeedback>;
