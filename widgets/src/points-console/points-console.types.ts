import type { EmptyPublicData, PlotFeedback, SetPointsAnswer } from '@kib/core';
import type { ConsoleProps } from '../shared/console.types';

/**
 * Props of the set-points console (setPointCartesianPlane, setMultiPointPlane): the public data is
 * empty (the points asked for are never revealed), the answer is the placed points.
 */
export type PointsConsoleProps = ConsoleProps<EmptyPublicData | null, SetPointsAnswer, PlotFeedback>;
