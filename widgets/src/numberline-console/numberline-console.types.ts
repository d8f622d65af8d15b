import type { EmptyPublicData, NumberlinePointsAnswer, PlotFeedback } from '@kib/core';
import type { ConsoleProps } from '../shared/console.types';

/**
 * Props of the number-line points console (math type `numberlinePoints`): no console data, the
 * answer is the list of placed numbers, the feedback that of the plot consoles.
 */
export type NumberlineConsoleProps = ConsoleProps<
  EmptyPublicData | null,
  NumberlinePointsAnswer,
  PlotFeedback
>;
