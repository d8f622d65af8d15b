import { z } from 'zod';
import { LIMITS } from './constants';
import { EntityIdSchema } from './common.schemas';
import { IntervalSchema, LatexSchema, type MathType } from './math-types';

/** A point of a cartesian plane in plane units (not pixels). */
export const CartesianPointSchema = z.object({
  x: z.number(),
  y: z.number(),
});

/** A point of a cartesian plane. */
export type CartesianPoint = z.infer<typeof CartesianPointSchema>;

/** One line of the text/math-field console: its LaTeX and, for a solve, the solution it belongs to. */
export const TextAnswerLineSchema = z.object({
  math: LatexSchema,
  solNum: z.number().int().min(0).max(LIMITS.expressionListMaxItems).optional(),
});

/** One line of a text answer. */
export type TextAnswerLine = z.infer<typeof TextAnswerLineSchema>;

/** The text/math-field console's answer (solve, simplify, functions, equationOfALine, findExpression). */
export const TextAnswerSchema = z.array(TextAnswerLineSchema).min(1).max(LIMITS.answerLinesMaxItems);

/** The text/math-field console's answer: its lines, in order. */
export type TextAnswer = z.infer<typeof TextAnswerSchema>;

/** The freehand function console's answer: the drawn points and whether x is read in radians. */
export const PlotFunctionAnswerSchema = z.object({
  points: z.array(CartesianPointSchema).max(LIMITS.drawnPointsMaxItems),
  inRadians: z.boolean(),
});

/** The freehand function console's answer. */
export type PlotFunctionAnswer = z.infer<typeof PlotFunctionAnswerSchema>;

/** The two-point line console's answer: the two points [p1, p2] that define the line. */
export const LineAnswerSchema = z.tuple([CartesianPointSchema, CartesianPointSchema]);

/** The two-point line console's answer. */
export type LineAnswer = z.infer<typeof LineAnswerSchema>;

/** The set-points console's answer (setPointCartesianPlane, setMultiPointPlane). */
export const SetPointsAnswerSchema = z.array(CartesianPointSchema).max(LIMITS.cartesianPointsMaxItems);

/** The set-points console's answer: the placed points. */
export type SetPointsAnswer = z.infer<typeof SetPointsAnswerSchema>;

/**
 * The number-line intervals console's answer: complete intervals only, each [left, right]. Only the
 * shape is checked; a wrong bracket is for the checker to report, not a malformed request.
 */
export const IntervalsAnswerSchema = z.array(IntervalSchema).max(LIMITS.intervalsMaxItems);

/** The number-line intervals console's answer. */
export type IntervalsAnswer = z.infer<typeof IntervalsAnswerSchema>;

/** The number-line points console's answer: the placed numbers. */
export const NumberlinePointsAnswerSchema = z.array(z.number()).max(LIMITS.numberlinePointsMaxItems);

/** The number-line points console's answer. */
export type NumberlinePointsAnswer = z.infer<typeof NumberlinePointsAnswerSchema>;

/** The multiple-choice console's answer: the ids of the selected choices, without repeats. */
export const MultipleChoiceAnswerSchema = z
  .array(EntityIdSchema)
  .max(LIMITS.choicesMaxItems)
  .refine((ids) => new Set(ids).size === ids.length, { message: 'a choice is selected twice' });

/** The multiple-choice console's answer. */
export type MultipleChoiceAnswer = z.infer<typeof MultipleChoiceAnswerSchema>;

/** What the student typed in one answer cell of a table. */
export const TableAnswerCellSchema = z.object({
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
  cellAns: LatexSchema,
});

/** What the student typed in one answer cell of a table. */
export type TableAnswerCell = z.infer<typeof TableAnswerCellSchema>;

/** The table console's answer: one entry per answer cell the student filled. */
export const TableAnswerSchema = z
  .array(TableAnswerCellSchema)
  .max(LIMITS.tableMaxSize * LIMITS.tableMaxSize);

/** The table console's answer. */
export type TableAnswer = z.infer<typeof TableAnswerSchema>;

/**
 * The kinds of prime-decomposition cell: `Math` (typed by the student), `LastMath` (the cell of the
 * last row), `fixedMath` (given, not editable).
 */
export const PRIME_DECOMPOSITION_CELL_TYPES = ['Math', 'LastMath', 'fixedMath'] as const;

/** A kind of prime-decomposition cell. */
export type PrimeDecompositionCellType = (typeof PRIME_DECOMPOSITION_CELL_TYPES)[number];

/** A cell of the prime-decomposition table; cells accept numeric text only, checked by the checker. */
export const PrimeDecompositionCellSchema = z.object({
  rIndex: z.number().int().min(0).max(200),
  cIndex: z.number().int().min(0).max(20),
  cellType: z.enum(PRIME_DECOMPOSITION_CELL_TYPES),
  cellContent: z.string().max(64),
});

/** A cell of the prime-decomposition table. */
export type PrimeDecompositionCell = z.infer<typeof PrimeDecompositionCellSchema>;

/** The prime factor table console's answer: its cells and the final answer typed as math. */
export const PrimeDecompositionAnswerSchema = z.object({
  table: z.array(PrimeDecompositionCellSchema).max(2000),
  mathText: LatexSchema,
});

/** The prime factor table console's answer. */
export type PrimeDecompositionAnswer = z.infer<typeof PrimeDecompositionAnswerSchema>;

/** The answer schema of every math type, following the console chooser of spec 02 §2. */
export const ANSWER_SCHEMAS = {
  solve: TextAnswerSchema,
  simplify: TextAnswerSchema,
  functions: TextAnswerSchema,
  equationOfALine: TextAnswerSchema,
  findExpression: TextAnswerSchema,
  plotLinearEquation: LineAnswerSchema,
  plotFunction: PlotFunctionAnswerSchema,
  intervals: IntervalsAnswerSchema,
  multipleChoice: MultipleChoiceAnswerSchema,
  setPointCartesianPlane: SetPointsAnswerSchema,
  setMultiPointPlane: SetPointsAnswerSchema,
  numberlinePoints: NumberlinePointsAnswerSchema,
  tableSimple: TableAnswerSchema,
  primeDecomposition: PrimeDecompositionAnswerSchema,
} as const satisfies Record<MathType, z.ZodType>;

/** The answer shape of math type `K`, e.g. `AnswerOf<'intervals'>` is `IntervalsAnswer`. */
export type AnswerOf<K extends MathType> = z.infer<(typeof ANSWER_SCHEMAS)[K]>;

/** Each math type with an answer of its console: `{ mathType: 'intervals', answer: IntervalsAnswer }`. */
export const MathTypeAnswerSchema = z.discriminatedUnion('mathType', [
  z.object({ mathType: z.literal('solve'), answer: TextAnswerSchema }),
  z.object({ mathType: z.literal('simplify'), answer: TextAnswerSchema }),
  z.object({ mathType: z.literal('functions'), answer: TextAnswerSchema }),
  z.object({ mathType: z.literal('equationOfALine'), answer: TextAnswerSchema }),
  z.object({ mathType: z.literal('findExpression'), answer: TextAnswerSchema }),
  z.object({ mathType: z.literal('plotLinearEquation'), answer: LineAnswerSchema }),
  z.object({ mathType: z.literal('plotFunction'), answer: PlotFunctionAnswerSchema }),
  z.object({ mathType: z.literal('intervals'), answer: IntervalsAnswerSchema }),
  z.object({ mathType: z.literal('multipleChoice'), answer: MultipleChoiceAnswerSchema }),
  z.object({ mathType: z.literal('setPointCartesianPlane'), answer: SetPointsAnswerSchema }),
  z.object({ mathType: z.literal('setMultiPointPlane'), answer: SetPointsAnswerSchema }),
  z.object({ mathType: z.literal('numberlinePoints'), answer: NumberlinePointsAnswerSchema }),
  z.object({ mathType: z.literal('tableSimple'), answer: TableAnswerSchema }),
  z.object({ mathType: z.literal('primeDecomposition'), answer: PrimeDecompositionAnswerSchema }),
]);

/** A math type together with an answer of its console. */
export type MathTypeAnswer = z.infer<typeof MathTypeAnswerSchema>;

/**
 * A translatable message: a kebab-case key (e.g. `lost-solution`, the suffix of an i18n key) and
 * its interpolation params. The server sends keys, never rendered text.
 */
export const FeedbackMessageSchema = z.object({
  key: z.string().min(1).max(120),
  params: z
    .record(z.string().max(64), z.union([z.string().max(LIMITS.latexMaxLength), z.number()]))
    .default({}),
});

/** A translatable message: key and params. */
export type FeedbackMessage = z.infer<typeof FeedbackMessageSchema>;

/**
 * Feedback on one line of a text answer: correctness, an optional message, and an optional path into
 * the line's expression tree marking the wrong part (for highlighting).
 */
export const LineFeedbackSchema = z.object({
  correct: z.boolean(),
  /**
   * An empty or blank line: no mark at all (neither right nor wrong); `correct` is then false, so a
   * client that does not read this field never shows a blank line as right.
   */
  neutral: z.literal(true).optional(),
  feedback: FeedbackMessageSchema.optional(),
  highlight: z.array(z.number().int().min(0)).max(64).optional(),
  /**
   * The wrong part as character offsets [start, end) into the line's own LaTeX, as the student sent
   * it: what a math field boxes.
   */
  highlightRange: z
    .tuple([z.number().int().min(0), z.number().int().min(0)])
    .refine(([start, end]) => start < end, 'start before end')
    .optional(),
  /** The LaTeX of the highlighted part: the line's LaTeX in `highlightRange`. */
  highlightLatex: LatexSchema.optional(),
});

/** Feedback on one line of a text answer. */
export type LineFeedback = z.infer<typeof LineFeedbackSchema>;

/** Feedback of the plot consoles: correctness and an optional server feedback text (spec 02 §3). */
export const PlotFeedbackSchema = z.object({
  correctAns: z.boolean(),
  feedbacks: z.string().max(LIMITS.longTextMaxLength),
});

/** Feedback of the plot consoles. */
export type PlotFeedback = z.infer<typeof PlotFeedbackSchema>;

/** Custom feedback shown with a happy or sad face: correctness and a translatable message. */
export const CustomFeedbackSchema = z.object({
  correct: z.boolean(),
  feedback: FeedbackMessageSchema,
});

/** Custom feedback: correctness and a translatable message. */
export type CustomFeedback = z.infer<typeof CustomFeedbackSchema>;

/**
 * Feedback on one answer cell of a table (on the wire `r_index`, `c_index`, as the spec states them:
 * the API's casing boundary converts the keys).
 */
export const TableCellFeedbackSchema = z.object({
  rIndex: z.number().int().min(0),
  cIndex: z.number().int().min(0),
  correct: z.boolean(),
  complete: z.boolean(),
});

/** Feedback on one answer cell of a table. */
export type TableCellFeedback = z.infer<typeof TableCellFeedbackSchema>;

/** Feedback of the table console: one entry per answer cell. */
export const TableFeedbackSchema = z.array(TableCellFeedbackSchema);

/** Feedback of the table console. */
export type TableFeedback = z.infer<typeof TableFeedbackSchema>;

/**
 * Feedback of the prime factor table console: correctness, the message to show, whether to show
 * the final-answer math field, and the cells to mark (spec 02 §3; on the wire `show_math_field`, as
 * the spec spells it, through the API's casing boundary).
 */
export const PrimeDecompositionFeedbackSchema = z.object({
  correct: z.boolean(),
  message: FeedbackMessageSchema,
  showMathField: z.boolean(),
  cells: z.array(z.object({ rIndex: z.number().int().min(0), cIndex: z.number().int().min(0) })),
});

/** Feedback of the prime factor table console. */
export type PrimeDecompositionFeedback = z.infer<typeof PrimeDecompositionFeedbackSchema>;
