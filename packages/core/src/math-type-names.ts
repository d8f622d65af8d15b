/**
 * The math types and the kinds they name, as plain lists without schemas: what a browser needs to
 * pick a console, without downloading the validation (`math-types.ts`) only the server and the
 * creation tool run.
 */

/** The fourteen math types of spec 02 §3; each numeral or step has exactly one. */
export const MATH_TYPES = [
  'solve',
  'simplify',
  'functions',
  'equationOfALine',
  'findExpression',
  'plotLinearEquation',
  'plotFunction',
  'intervals',
  'multipleChoice',
  'setPointCartesianPlane',
  'setMultiPointPlane',
  'numberlinePoints',
  'tableSimple',
  'primeDecomposition',
] as const;

/** One of the fourteen math types. */
export type MathType = (typeof MATH_TYPES)[number];

/** The math types answered in the text/math-field console (spec 02 §2, console chooser). */
export const TEXT_MATH_TYPES = [
  'solve',
  'simplify',
  'functions',
  'equationOfALine',
  'findExpression',
] as const satisfies readonly MathType[];

/** A math type answered in the text/math-field console. */
export type TextMathType = (typeof TEXT_MATH_TYPES)[number];

/** True when the math type is answered with lines of math in the text console. */
export function isTextMathType(mathType: MathType): mathType is TextMathType {
  return (TEXT_MATH_TYPES as readonly MathType[]).includes(mathType);
}

/** The kinds of table cell: plain text, a header, or an answer field (`mathAns`). */
export const TABLE_CELL_TYPES = ['text', 'headerText', 'mathAns'] as const;

/** A kind of table cell. */
export type TableCellType = (typeof TABLE_CELL_TYPES)[number];

/** What a prime decomposition asks for: the decomposition, the LCM or the GCD. */
export const PRIME_DECOMPOSITION_TYPES = ['Decomp', 'LCM', 'GCD'] as const;

/** What a prime decomposition asks for. */
export type PrimeDecompositionType = (typeof PRIME_DECOMPOSITION_TYPES)[number];
