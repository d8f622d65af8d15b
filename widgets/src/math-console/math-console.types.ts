import type {
  PublicEquationOfALineData,
  PublicFindExpressionData,
  PublicFunctionsData,
  PublicSimplifyData,
  PublicSolveData,
  TextAnswer,
  TextMathType,
} from '@kib/core';
import type { TextCheckResult } from '@kib/checker';
import type { ConsoleProps } from '../shared/console.types';

/**
 * The console data of the text/math-field console: the math type (solve, simplify, functions,
 * equationOfALine, findExpression) and any of the public fields of that type's data. The console
 * shows `startingExpression` and reads the symbol lists to set up its math fields.
 */
export type MathConsoleData = { mathType: TextMathType } & Partial<
  PublicSimplifyData &
    PublicSolveData &
    PublicFunctionsData &
    PublicEquationOfALineData &
    PublicFindExpressionData
>;

/** The props of the text/math-field console: lines of LaTeX in, feedback per line out. */
export type MathConsoleProps = ConsoleProps<MathConsoleData, TextAnswer, TextCheckResult>;
