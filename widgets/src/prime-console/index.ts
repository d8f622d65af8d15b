/** The prime factor table console (primeDecomposition): the division table and the final answer. */
export { PrimeConsole } from './prime-console';
/** Props of the prime factor table console. */
export type { PrimeConsoleProps } from './prime-console.types';
/** The table rules: building the answer, adding and deleting rows, numeric-only cells. */
export {
  addRowBelow,
  buildPrimeAnswer,
  canDeleteRow,
  deleteRow,
  digitsOnly,
  initialRows,
  isDecompositionComplete,
  rowsFromAnswer,
  type PrimeRows,
} from './prime-table';
