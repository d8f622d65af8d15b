import type {
  PrimeDecompositionAnswer,
  PrimeDecompositionFeedback,
  PublicPrimeDecompositionData,
} from '@kib/core';
import type { ConsoleProps } from '../shared/console.types';

/** Props of the prime factor table console (primeDecomposition). */
export type PrimeConsoleProps = ConsoleProps<
  PublicPrimeDecompositionData,
  PrimeDecompositionAnswer,
  PrimeDecompositionFeedback
>;
