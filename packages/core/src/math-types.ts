import { z } from 'zod';
import { LIMITS } from './constants';
import { ShortIdSchema } from './common.schemas';
import { MATH_TYPES, PRIME_DECOMPOSITION_TYPES, TABLE_CELL_TYPES, type MathType } from './math-type-names';

export {
  isTextMathType,
  MATH_TYPES,
  PRIME_DECOMPOSITION_TYPES,
  TABLE_CELL_TYPES,
  TEXT_MATH_TYPES,
  type MathType,
  type PrimeDecompositionType,
  type TableCellType,
  type TextMathType,
} from './math-type-names';

/** Accepts exactly one of {@link MATH_TYPES}. */
export const MathTypeSchema = z.enum(MATH_TYPES);

/** A LaTeX string as MathLive writes it; may be empty, bounded in length. */
export const LatexSchema = z.string().max(LIMITS.latexMaxLength);

const RequiredLatexSchema = LatexSchema.refine((value) => value.trim().length > 0, {
  message: 'must not be empty',
});

const SymbolSchema = z
  .string()
  .max(LIMITS.symbolMaxLength)
  .refine((value) => value.trim().length > 0, { message: 'must not be empty' });

/** An item of an expression list: a 6-character id and a LaTeX expression (spec 02 §3). */
export const ExpressionItemSchema = z.object({
  id: ShortIdSchema,
  latex: RequiredLatexSchema,
});

/** An item of an expression list. */
export type ExpressionItem = z.infer<typeof ExpressionItemSchema>;

function hasUniqueIds(items: readonly { id: string }[]): boolean {
  return new Set(items.map((item) => item.id)).size === items.length;
}

/** A bounded list of expression items with distinct ids. */
export const ExpressionListSchema = z
  .array(ExpressionItemSchema)
  .max(LIMITS.expressionListMaxItems)
  .refine(hasUniqueIds, { message: 'item ids must be unique' });

/** A list of expression items (constants, units, symbols, solutions, numbers…). */
export type ExpressionList = z.infer<typeof ExpressionListSchema>;

/**
 * A LaTeX interval restricting the variable, such as `[0,2\pi)`, or null for no restriction.
 * Only its size is checked here; the checker parses it.
 */
const VariableIntervalSchema = z.string().min(1).max(200).nullable();

/** simplify: rewrite `startingExpression` into a form equivalent to `target`. */
export const SimplifyDataSchema = z.object({
  startingExpression: RequiredLatexSchema,
  target: RequiredLatexSchema,
  constant: ExpressionListSchema,
  units: ExpressionListSchema,
  definedSymbols: ExpressionListSchema,
  functions: ExpressionListSchema,
  complementaryEquations: ExpressionListSchema,
  complementaryVariables: ExpressionListSchema,
  convertToDegrees: z.boolean(),
  exactExpr: z.boolean(),
  interval: VariableIntervalSchema,
  /** The required form of the final line (STACK's form tests); absent or null: the target's form. */
  form: z
    .enum([
      'factored',
      'expanded',
      'single_fraction',
      'lowest_terms',
      'rationalized_denominator',
      'partial_fractions',
      'completed_square',
    ])
    .nullable()
    .optional(),
  /** The variable the form refers to (optional; default: every variable). */
  formVariable: SymbolSchema.nullable().optional(),
});

/** The full (server-side) data of a simplify numeral or step. */
export type SimplifyData = z.infer<typeof SimplifyDataSchema>;

/** solve: find every value of `unknownVariable` satisfying `startingExpression`. */
export const SolveDataSchema = z.object({
  unknownVariable: SymbolSchema,
  startingExpression: RequiredLatexSchema,
  helpingExpression: LatexSchema.nullable(),
  constant: ExpressionListSchema,
  units: ExpressionListSchema,
  definedSymbols: ExpressionListSchema,
  functions: ExpressionListSchema,
  definedSolutions: ExpressionListSchema,
  convertToDegrees: z.boolean(),
  interval: VariableIntervalSchema,
});

/** The full (server-side) data of a solve numeral or step. */
export type SolveData = z.infer<typeof SolveDataSchema>;

/** The fields of a functions record, before the exactly-one-of rule. */
export const FunctionsDataShapeSchema = z.object({
  functionExpr: RequiredLatexSchema,
  xValue: RequiredLatexSchema.nullable(),
  yValue: RequiredLatexSchema.nullable(),
  convertToDegrees: z.boolean(),
});

/** functions: evaluate f at `xValue`, or find x where f equals `yValue` (exactly one is given). */
export const FunctionsDataSchema = FunctionsDataShapeSchema.refine(
  (data) => (data.xValue === null) !== (data.yValue === null),
  { message: 'give exactly one of xValue and yValue', path: ['xValue'] },
);

/** The full data of a functions numeral or step. */
export type FunctionsData = z.infer<typeof FunctionsDataSchema>;

/** The fields of an equationOfALine record, before the cross-field rules. */
export const EquationOfALineDataShapeSchema = z.object({
  x1: RequiredLatexSchema,
  y1: RequiredLatexSchema,
  x2: RequiredLatexSchema,
  y2: RequiredLatexSchema,
  xSymbol: SymbolSchema.default('x'),
  ySymbol: SymbolSchema.default('y'),
  mSymbol: SymbolSchema.default('m'),
  bSymbol: SymbolSchema.default('b'),
  mGiven: z.boolean(),
  bGiven: z.boolean(),
  findM: z.boolean(),
  findB: z.boolean(),
  findEquation: z.boolean(),
});

/** equationOfALine: from two points, find the slope, the intercept and/or the equation. */
export const EquationOfALineDataSchema = EquationOfALineDataShapeSchema.refine(
  (data) => data.findM || data.findB || data.findEquation,
  { message: 'ask for at least one of m, b or the equation', path: ['findEquation'] },
).refine((data) => !(data.x1 === data.x2 && data.y1 === data.y2), {
  message: 'the two points must differ',
  path: ['x2'],
});

/** The full data of an equationOfALine numeral or step. */
export type EquationOfALineData = z.infer<typeof EquationOfALineDataSchema>;

/** plotFunction: draw the graph of `function` (the LaTeX of f(x)) freehand. */
export const PlotFunctionDataSchema = z.object({
  function: RequiredLatexSchema,
});

/** The full data of a plotFunction numeral or step. */
export type PlotFunctionData = z.infer<typeof PlotFunctionDataSchema>;

/** plotLinearEquation: place the line y = m x + b with two points. */
export const PlotLinearEquationDataSchema = z.object({
  m: RequiredLatexSchema,
  b: RequiredLatexSchema,
});

/** The full data of a plotLinearEquation numeral or step. */
export type PlotLinearEquationData = z.infer<typeof PlotLinearEquationDataSchema>;

/** setPointCartesianPlane: place the point (x, y). */
export const SetPointCartesianPlaneDataSchema = z.object({
  x: z.number(),
  y: z.number(),
});

/** The full data of a setPointCartesianPlane numeral or step. */
export type SetPointCartesianPlaneData = z.infer<typeof SetPointCartesianPlaneDataSchema>;

/** setMultiPointPlane: place every point of `pointsList` (typed as (x,y), one per line). */
export const SetMultiPointPlaneDataSchema = z.object({
  pointsList: z
    .string()
    .max(LIMITS.pointsListMaxLength)
    .refine((value) => value.trim().length > 0, { message: 'must not be empty' }),
});

/** The full data of a setMultiPointPlane numeral or step. */
export type SetMultiPointPlaneData = z.infer<typeof SetMultiPointPlaneDataSchema>;

/** The value of an interval bracket: a number, or minus or plus infinity. */
export const BracketValueSchema = z.union([z.number(), z.literal('minusInf'), z.literal('inf')]);

/** The value of an interval bracket. */
export type BracketValue = z.infer<typeof BracketValueSchema>;

/** An interval bracket; `open` is true for a round bracket (spec 02 §3). */
export const BracketSchema = z.object({
  open: z.boolean(),
  value: BracketValueSchema,
});

/** An interval bracket. */
export type Bracket = z.infer<typeof BracketSchema>;

/** An interval as the console sends it: [left bracket, right bracket]; shape only. */
export const IntervalSchema = z.tuple([BracketSchema, BracketSchema]);

/** An interval: [left bracket, right bracket]. */
export type Interval = z.infer<typeof IntervalSchema>;

function bracketPosition(value: BracketValue): number {
  if (value === 'minusInf') return Number.NEGATIVE_INFINITY;
  if (value === 'inf') return Number.POSITIVE_INFINITY;
  return value;
}

/**
 * True when an interval is mathematically well formed: the left end is below the right end (no
 * degenerate interval), minus infinity only on the left, infinity only on the right, and every
 * infinite end open.
 */
export function isWellFormedInterval([left, right]: Interval): boolean {
  if (left.value === 'inf' || right.value === 'minusInf') return false;
  if (left.value === 'minusInf' && !left.open) return false;
  if (right.value === 'inf' && !right.open) return false;
  return bracketPosition(left.value) < bracketPosition(right.value);
}

/** A union of intervals in LaTeX: `[1,3)\\cup(5,\\infty)`, the empty set for none. */
export function intervalsLatex(intervals: readonly Interval[]): string {
  if (intervals.length === 0) return '\\emptyset';
  const end = (value: BracketValue) =>
    value === 'minusInf' ? '-\\infty' : value === 'inf' ? '\\infty' : String(value);
  return intervals
    .map(([l, r]) => `${l.open ? '(' : '['}${end(l.value)},${end(r.value)}${r.open ? ')' : ']'}`)
    .join('\\cup ');
}

/** intervals: the solution set as a union of intervals; every interval well formed. */
export const IntervalsDataSchema = z.object({
  intervals: z
    .array(
      IntervalSchema.refine(isWellFormedInterval, {
        message: 'the interval is not well formed',
      }),
    )
    .max(LIMITS.intervalsMaxItems),
});

/** The full data of an intervals numeral or step. */
export type IntervalsData = z.infer<typeof IntervalsDataSchema>;

/** numberlinePoints: place every number of `points` on the number line. */
export const NumberlinePointsDataSchema = z.object({
  points: z.array(z.number()).min(1).max(LIMITS.numberlinePointsMaxItems),
});

/** The full data of a numberlinePoints numeral or step. */
export type NumberlinePointsData = z.infer<typeof NumberlinePointsDataSchema>;

/** A multiple-choice option as authored: text (math between dollar signs), picture, correctness. */
export const MultipleChoiceChoiceSchema = z
  .object({
    text: LatexSchema,
    picture: z.string().min(1).max(LIMITS.shortTextMaxLength).nullable(),
    correct: z.boolean(),
  })
  .refine((choice) => choice.text.trim().length > 0 || choice.picture !== null, {
    message: 'a choice needs a text or a picture',
    path: ['text'],
  });

/** A multiple-choice option as authored. */
export type MultipleChoiceChoice = z.infer<typeof MultipleChoiceChoiceSchema>;

/** multipleChoice: at least one choice, at least one of them correct. */
export const MultipleChoiceDataSchema = z.object({
  choices: z
    .array(MultipleChoiceChoiceSchema)
    .min(1)
    .max(LIMITS.choicesMaxItems)
    .refine((choices) => choices.some((choice) => choice.correct), {
      message: 'at least one choice must be correct',
    }),
});

/** The full data of a multipleChoice numeral or step. */
export type MultipleChoiceData = z.infer<typeof MultipleChoiceDataSchema>;

/** findExpression: from `definingEquation`, express `unknownVariable` (the answer is `targetExpression`). */
export const FindExpressionDataSchema = z.object({
  unknownVariable: SymbolSchema,
  targetExpression: RequiredLatexSchema,
  definingEquation: RequiredLatexSchema,
  constant: ExpressionListSchema,
  convertToDegrees: z.boolean(),
});

/** The full data of a findExpression numeral or step. */
export type FindExpressionData = z.infer<typeof FindExpressionDataSchema>;

/** A cell of a tableSimple record; for `mathAns` cells `cellContent` is the expected answer. */
export const TableCellSchema = z.object({
  rIndex: z
    .number()
    .int()
    .min(0)
    .max(LIMITS.tableMaxSize - 1),
  cIndex: z
    .number()
    .int()
    .min(0)
    .max(LIMITS.tableMaxSize - 1),
  cellType: z.enum(TABLE_CELL_TYPES),
  cellContent: LatexSchema,
});

/** A cell of a tableSimple record. */
export type TableCell = z.infer<typeof TableCellSchema>;

/** The fields of a tableSimple record, before the cross-field rules. */
export const TableSimpleDataShapeSchema = z.object({
  constant: ExpressionListSchema,
  interval: z.boolean(),
  numRows: z.number().int().min(1).max(LIMITS.tableMaxSize),
  numColumns: z.number().int().min(1).max(LIMITS.tableMaxSize),
  tableData: z.array(TableCellSchema).max(LIMITS.tableMaxSize * LIMITS.tableMaxSize),
});

/**
 * tableSimple: fill the `mathAns` cells of a table. Every cell lies inside the table, no two cells
 * share a position, and there is at least one answer cell, each with its expected answer.
 */
export const TableSimpleDataSchema = TableSimpleDataShapeSchema.superRefine((data, ctx) => {
  const seen = new Set<string>();
  data.tableData.forEach((cell, index) => {
    if (cell.rIndex >= data.numRows || cell.cIndex >= data.numColumns) {
      ctx.addIssue({ code: 'custom', message: 'cell outside the table', path: ['tableData', index] });
    }
    const position = `${cell.rIndex}:${cell.cIndex}`;
    if (seen.has(position)) {
      ctx.addIssue({ code: 'custom', message: 'two cells at one position', path: ['tableData', index] });
    }
    seen.add(position);
    if (cell.cellType === 'mathAns' && cell.cellContent.trim().length === 0) {
      ctx.addIssue({
        code: 'custom',
        message: 'an answer cell needs its expected answer',
        path: ['tableData', index, 'cellContent'],
      });
    }
  });
  if (!data.tableData.some((cell) => cell.cellType === 'mathAns')) {
    ctx.addIssue({ code: 'custom', message: 'the table has no answer cell', path: ['tableData'] });
  }
});

/** The full data of a tableSimple numeral or step. */
export type TableSimpleData = z.infer<typeof TableSimpleDataSchema>;

const IntegerExpressionItemSchema = z.object({
  id: ShortIdSchema,
  latex: z
    .string()
    .regex(
      new RegExp(`^[1-9][0-9]{0,${LIMITS.primeDecompositionMaxDigits - 1}}$`),
      'must be a positive integer without sign or leading zeros',
    )
    .refine((value) => Number(value) >= 2, { message: 'must be at least 2' }),
});

/** primeDecomposition: decompose the numbers, or find their LCM or GCD (two numbers or more). */
export const PrimeDecompositionDataSchema = z
  .object({
    numbers: z
      .array(IntegerExpressionItemSchema)
      .min(1)
      .max(10)
      .refine(hasUniqueIds, { message: 'item ids must be unique' }),
    decompType: z.enum(PRIME_DECOMPOSITION_TYPES),
  })
  .refine((data) => data.decompType === 'Decomp' || data.numbers.length >= 2, {
    message: 'LCM and GCD need at least two numbers',
    path: ['numbers'],
  });

/** The full data of a primeDecomposition numeral or step. */
export type PrimeDecompositionData = z.infer<typeof PrimeDecompositionDataSchema>;

/** Each math type with its data record: `{ mathType: 'simplify', data: SimplifyData }` etc. */
export const MathTypeDataSchema = z.discriminatedUnion('mathType', [
  z.object({ mathType: z.literal('solve'), data: SolveDataSchema }),
  z.object({ mathType: z.literal('simplify'), data: SimplifyDataSchema }),
  z.object({ mathType: z.literal('functions'), data: FunctionsDataSchema }),
  z.object({ mathType: z.literal('equationOfALine'), data: EquationOfALineDataSchema }),
  z.object({ mathType: z.literal('findExpression'), data: FindExpressionDataSchema }),
  z.object({ mathType: z.literal('plotLinearEquation'), data: PlotLinearEquationDataSchema }),
  z.object({ mathType: z.literal('plotFunction'), data: PlotFunctionDataSchema }),
  z.object({ mathType: z.literal('intervals'), data: IntervalsDataSchema }),
  z.object({ mathType: z.literal('multipleChoice'), data: MultipleChoiceDataSchema }),
  z.object({
    mathType: z.literal('setPointCartesianPlane'),
    data: SetPointCartesianPlaneDataSchema,
  }),
  z.object({ mathType: z.literal('setMultiPointPlane'), data: SetMultiPointPlaneDataSchema }),
  z.object({ mathType: z.literal('numberlinePoints'), data: NumberlinePointsDataSchema }),
  z.object({ mathType: z.literal('tableSimple'), data: TableSimpleDataSchema }),
  z.object({ mathType: z.literal('primeDecomposition'), data: PrimeDecompositionDataSchema }),
]);

/** A math type together with its full data record. */
export type MathTypeData = z.infer<typeof MathTypeDataSchema>;

/** The data record of math type `K`, e.g. `MathTypeDataOf<'solve'>` is `SolveData`. */
export type MathTypeDataOf<K extends MathType> = Extract<MathTypeData, { mathType: K }>['data'];

/** The data schema of every math type, for validating a record whose type is known at run time. */
export const MATH_TYPE_DATA_SCHEMAS = {
  solve: SolveDataSchema,
  simplify: SimplifyDataSchema,
  functions: FunctionsDataSchema,
  equationOfALine: EquationOfALineDataSchema,
  findExpression: FindExpressionDataSchema,
  plotLinearEquation: PlotLinearEquationDataSchema,
  plotFunction: PlotFunctionDataSchema,
  intervals: IntervalsDataSchema,
  multipleChoice: MultipleChoiceDataSchema,
  setPointCartesianPlane: SetPointCartesianPlaneDataSchema,
  setMultiPointPlane: SetMultiPointPlaneDataSchema,
  numberlinePoints: NumberlinePointsDataSchema,
  tableSimple: TableSimpleDataSchema,
  primeDecomposition: PrimeDecompositionDataSchema,
} as const satisfies { [K in MathType]: z.ZodType<MathTypeDataOf<K>, unknown> };
