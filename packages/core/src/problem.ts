import { z } from 'zod';
import { LanguageSchema } from './common.schemas';
import { LIMITS } from './constants';
import { EntityIdSchema } from './common.schemas';
import {
  EquationOfALineDataSchema,
  EquationOfALineDataShapeSchema,
  FindExpressionDataSchema,
  FunctionsDataSchema,
  IntervalsDataSchema,
  LatexSchema,
  NumberlinePointsDataSchema,
  PlotFunctionDataSchema,
  PlotLinearEquationDataSchema,
  PrimeDecompositionDataSchema,
  SetMultiPointPlaneDataSchema,
  SetPointCartesianPlaneDataSchema,
  SimplifyDataSchema,
  SolveDataSchema,
  TableSimpleDataSchema,
  TableSimpleDataShapeSchema,
} from './math-types';

const FileKeySchema = z.string().min(1).max(LIMITS.shortTextMaxLength).nullable();
const LongTextSchema = z.string().max(LIMITS.longTextMaxLength);
const ItemNumberSchema = z.number().int().min(0).max(LIMITS.itemsMaxCount);

/**
 * A row of the multiple-choice entries of a numeral or step: its id (the value a multiple-choice
 * answer carries), display position, text (math between dollar signs), picture and correctness.
 */
export const MultipleChoiceEntrySchema = z.object({
  id: EntityIdSchema,
  position: z.number().int().min(0).max(1000),
  text: LatexSchema,
  picture: FileKeySchema,
  correct: z.boolean(),
  numeralId: EntityIdSchema.nullable().default(null),
  stepId: EntityIdSchema.nullable().default(null),
});

/** A stored multiple-choice entry (server side: it carries `correct`). */
export type MultipleChoiceEntry = z.infer<typeof MultipleChoiceEntrySchema>;

/**
 * What a numeral or step asks, keyed by `mathType`: the full math-type record in `data` (null while
 * the author has not filled it in), or for multipleChoice its stored `choices`.
 */
export const MathTypeContentSchema = z.discriminatedUnion('mathType', [
  z.object({ mathType: z.literal('solve'), data: SolveDataSchema.nullable().default(null) }),
  z.object({ mathType: z.literal('simplify'), data: SimplifyDataSchema.nullable().default(null) }),
  z.object({ mathType: z.literal('functions'), data: FunctionsDataSchema.nullable().default(null) }),
  z.object({
    mathType: z.literal('equationOfALine'),
    data: EquationOfALineDataSchema.nullable().default(null),
  }),
  z.object({
    mathType: z.literal('findExpression'),
    data: FindExpressionDataSchema.nullable().default(null),
  }),
  z.object({
    mathType: z.literal('plotLinearEquation'),
    data: PlotLinearEquationDataSchema.nullable().default(null),
  }),
  z.object({
    mathType: z.literal('plotFunction'),
    data: PlotFunctionDataSchema.nullable().default(null),
  }),
  z.object({ mathType: z.literal('intervals'), data: IntervalsDataSchema.nullable().default(null) }),
  z.object({
    mathType: z.literal('multipleChoice'),
    choices: z.array(MultipleChoiceEntrySchema).max(LIMITS.choicesMaxItems).default([]),
  }),
  z.object({
    mathType: z.literal('setPointCartesianPlane'),
    data: SetPointCartesianPlaneDataSchema.nullable().default(null),
  }),
  z.object({
    mathType: z.literal('setMultiPointPlane'),
    data: SetMultiPointPlaneDataSchema.nullable().default(null),
  }),
  z.object({
    mathType: z.literal('numberlinePoints'),
    data: NumberlinePointsDataSchema.nullable().default(null),
  }),
  z.object({
    mathType: z.literal('tableSimple'),
    data: TableSimpleDataSchema.nullable().default(null),
  }),
  z.object({
    mathType: z.literal('primeDecomposition'),
    data: PrimeDecompositionDataSchema.nullable().default(null),
  }),
]);

/** What a numeral or step asks: its math type and full (server-side) data. */
export type MathTypeContent = z.infer<typeof MathTypeContentSchema>;

/** The fields of a step other than its math-type content. */
export const StepFieldsSchema = z.object({
  id: EntityIdSchema,
  numeralId: EntityIdSchema,
  number: ItemNumberSchema,
  instruction: LongTextSchema,
  explanation: LongTextSchema,
  picture: FileKeySchema,
  videoS3: FileKeySchema,
  calculator: z.boolean(),
});

/** A step of a numeral (spec 01 §3): numbered from 0, with an instruction, an explanation and what it asks. */
export const StepSchema = z.intersection(StepFieldsSchema, MathTypeContentSchema);

/** A step of a numeral, full (server-side) form. */
export type Step = z.infer<typeof StepSchema>;

/** The fields of a numeral other than its math-type content. */
export const NumeralFieldsSchema = z.object({
  id: EntityIdSchema,
  problemId: EntityIdSchema,
  number: ItemNumberSchema,
  question: LongTextSchema,
  initialHint: LongTextSchema.nullable().default(null),
  hintPicture: FileKeySchema.default(null),
  picture: FileKeySchema.default(null),
  videoS3: FileKeySchema.default(null),
  calculator: z.boolean(),
  steps: z.array(StepSchema).max(LIMITS.itemsMaxCount).default([]),
});

/** A numeral (question) of a problem (spec 01 §3), with its steps and what it asks. */
export const NumeralSchema = z.intersection(NumeralFieldsSchema, MathTypeContentSchema);

/** A numeral, full (server-side) form. */
export type Numeral = z.infer<typeof NumeralSchema>;

/** A problem (spec 01 §3, spec 02 §3), full (server-side) form with every numeral and step. */
export const ProblemSchema = z.object({
  id: EntityIdSchema,
  title: z.string().min(1).max(LIMITS.problemTitleMaxLength),
  description: LongTextSchema,
  language: LanguageSchema,
  picture: FileKeySchema.default(null),
  subtopicId: EntityIdSchema.nullable(),
  topicId: EntityIdSchema.nullable(),
  authorId: EntityIdSchema,
  numeration: z.string().max(32).nullable().default(null),
  publishProblem: z.boolean(),
  videoS3: FileKeySchema.default(null),
  calculator: z.boolean(),
  numerals: z.array(NumeralSchema).max(LIMITS.itemsMaxCount).default([]),
});

/** A problem, full (server-side) form. */
export type Problem = z.infer<typeof ProblemSchema>;

// ---------------------------------------------------------------------------------------------
// Public forms: what a browser may see while a student solves (the trust rule of STYLE.md).
// ---------------------------------------------------------------------------------------------

/** Public simplify data: the expression to start from and the symbols the math field must know. */
export const PublicSimplifyDataSchema = SimplifyDataSchema.pick({
  startingExpression: true,
  constant: true,
  units: true,
  definedSymbols: true,
  functions: true,
  convertToDegrees: true,
});

/** Public simplify data (no target). */
export type PublicSimplifyData = z.infer<typeof PublicSimplifyDataSchema>;

/** Public solve data: the unknown, the equation and the symbols; never the solutions. */
export const PublicSolveDataSchema = SolveDataSchema.pick({
  unknownVariable: true,
  startingExpression: true,
  constant: true,
  units: true,
  definedSymbols: true,
  functions: true,
  convertToDegrees: true,
});

/** Public solve data (no solutions). */
export type PublicSolveData = z.infer<typeof PublicSolveDataSchema>;

/** Public functions data: all of it (the function and the given value are the question). */
export const PublicFunctionsDataSchema = FunctionsDataSchema;

/** Public functions data. */
export type PublicFunctionsData = z.infer<typeof PublicFunctionsDataSchema>;

/**
 * Public equationOfALine data: all of it (the points and what to find are the question), every
 * symbol present (a stored record has its defaults filled in).
 */
export const PublicEquationOfALineDataSchema = EquationOfALineDataShapeSchema.required();

/** Public equationOfALine data. */
export type PublicEquationOfALineData = z.infer<typeof PublicEquationOfALineDataSchema>;

/** Public findExpression data: the unknown and the defining equation; never the target expression. */
export const PublicFindExpressionDataSchema = FindExpressionDataSchema.pick({
  unknownVariable: true,
  definingEquation: true,
  constant: true,
  convertToDegrees: true,
});

/** Public findExpression data (no target expression). */
export type PublicFindExpressionData = z.infer<typeof PublicFindExpressionDataSchema>;

/**
 * The public data of the graphical types whose whole record is the answer (plotFunction,
 * plotLinearEquation, setPointCartesianPlane, setMultiPointPlane, intervals, numberlinePoints):
 * an empty object.
 */
export const EmptyPublicDataSchema = z.object({});

/** The public data of a graphical type whose record is the answer: nothing. */
export type EmptyPublicData = z.infer<typeof EmptyPublicDataSchema>;

/** Public tableSimple data: the layout and the given cells, every `mathAns` cell blanked. */
export const PublicTableSimpleDataSchema = TableSimpleDataShapeSchema.refine(
  (data) => data.tableData.every((cell) => cell.cellType !== 'mathAns' || cell.cellContent === ''),
  { message: 'answer cells must be blank', path: ['tableData'] },
);

/** Public tableSimple data (answer cells blank). */
export type PublicTableSimpleData = z.infer<typeof PublicTableSimpleDataSchema>;

/** Public primeDecomposition data: all of it (the numbers and what to find are the question). */
export const PublicPrimeDecompositionDataSchema = PrimeDecompositionDataSchema;

/** Public primeDecomposition data. */
export type PublicPrimeDecompositionData = z.infer<typeof PublicPrimeDecompositionDataSchema>;

/** A multiple-choice option as a browser sees it: no `correct` flag. */
export const PublicChoiceSchema = MultipleChoiceEntrySchema.pick({
  id: true,
  position: true,
  text: true,
  picture: true,
});

/** A multiple-choice option as a browser sees it. */
export type PublicChoice = z.infer<typeof PublicChoiceSchema>;

/**
 * What a numeral or step asks, in public form. For multipleChoice, `multipleSelection` tells the
 * console whether to offer a multi-select list (more than one choice is correct, spec 02 §4).
 */
export const PublicMathTypeContentSchema = z.discriminatedUnion('mathType', [
  z.object({ mathType: z.literal('solve'), data: PublicSolveDataSchema.nullable() }),
  z.object({ mathType: z.literal('simplify'), data: PublicSimplifyDataSchema.nullable() }),
  z.object({ mathType: z.literal('functions'), data: PublicFunctionsDataSchema.nullable() }),
  z.object({
    mathType: z.literal('equationOfALine'),
    data: PublicEquationOfALineDataSchema.nullable(),
  }),
  z.object({
    mathType: z.literal('findExpression'),
    data: PublicFindExpressionDataSchema.nullable(),
  }),
  z.object({ mathType: z.literal('plotLinearEquation'), data: EmptyPublicDataSchema.nullable() }),
  z.object({ mathType: z.literal('plotFunction'), data: EmptyPublicDataSchema.nullable() }),
  z.object({ mathType: z.literal('intervals'), data: EmptyPublicDataSchema.nullable() }),
  z.object({
    mathType: z.literal('multipleChoice'),
    choices: z.array(PublicChoiceSchema).max(LIMITS.choicesMaxItems),
    multipleSelection: z.boolean(),
  }),
  z.object({
    mathType: z.literal('setPointCartesianPlane'),
    data: EmptyPublicDataSchema.nullable(),
  }),
  z.object({ mathType: z.literal('setMultiPointPlane'), data: EmptyPublicDataSchema.nullable() }),
  z.object({ mathType: z.literal('numberlinePoints'), data: EmptyPublicDataSchema.nullable() }),
  z.object({ mathType: z.literal('tableSimple'), data: PublicTableSimpleDataSchema.nullable() }),
  z.object({
    mathType: z.literal('primeDecomposition'),
    data: PublicPrimeDecompositionDataSchema.nullable(),
  }),
]);

/** What a numeral or step asks, in public form. */
export type PublicMathTypeContent = z.infer<typeof PublicMathTypeContentSchema>;

/** A step as a browser sees it. */
export const PublicStepSchema = z.intersection(
  StepFieldsSchema.pick({
    id: true,
    numeralId: true,
    number: true,
    instruction: true,
    explanation: true,
    picture: true,
    videoS3: true,
    calculator: true,
  }).required(),
  PublicMathTypeContentSchema,
);

/** A step as a browser sees it. */
export type PublicStep = z.infer<typeof PublicStepSchema>;

/** A numeral as a browser sees it, with its public steps. */
export const PublicNumeralSchema = z.intersection(
  NumeralFieldsSchema.pick({
    id: true,
    problemId: true,
    number: true,
    question: true,
    initialHint: true,
    hintPicture: true,
    picture: true,
    videoS3: true,
    calculator: true,
  })
    .required()
    .extend({ steps: z.array(PublicStepSchema).max(LIMITS.itemsMaxCount) }),
  PublicMathTypeContentSchema,
);

/** A numeral as a browser sees it. */
export type PublicNumeral = z.infer<typeof PublicNumeralSchema>;

/**
 * A problem as a browser sees it while a student solves: no answers, no author or draft flags. Every
 * key is present (the fields a stored problem may leave to their defaults are required here), so the
 * schema also describes the answer of GET problems/{id}/.
 */
export const PublicProblemSchema = ProblemSchema.pick({
  id: true,
  title: true,
  description: true,
  language: true,
  picture: true,
  subtopicId: true,
  topicId: true,
  numeration: true,
  videoS3: true,
  calculator: true,
})
  .required()
  .extend({ numerals: z.array(PublicNumeralSchema).max(LIMITS.itemsMaxCount) });

/** A problem as a browser sees it while a student solves. */
export type PublicProblem = z.infer<typeof PublicProblemSchema>;

/** The public schema of each math type's data (multipleChoice and tableSimple are built apart). */
const PUBLIC_DATA_SCHEMAS = {
  simplify: PublicSimplifyDataSchema,
  solve: PublicSolveDataSchema,
  functions: PublicFunctionsDataSchema,
  equationOfALine: PublicEquationOfALineDataSchema,
  findExpression: PublicFindExpressionDataSchema,
  plotLinearEquation: EmptyPublicDataSchema,
  plotFunction: EmptyPublicDataSchema,
  intervals: EmptyPublicDataSchema,
  setPointCartesianPlane: EmptyPublicDataSchema,
  setMultiPointPlane: EmptyPublicDataSchema,
  numberlinePoints: EmptyPublicDataSchema,
  primeDecomposition: PublicPrimeDecompositionDataSchema,
} as const;

/**
 * Copies only the keys the public schema declares (an allow list: a field added to a record later
 * stays on the server until someone adds it to the public schema). Deep copies; validates nothing.
 */
function allowListed(schema: z.ZodObject, data: object): Record<string, unknown> {
  const source = data as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(schema.shape)
      .filter((key) => source[key] !== undefined)
      .map((key) => [key, structuredClone(source[key])]),
  );
}

/** Builds the public content of a numeral or step: the allow-listed data of its math type. */
function toPublicContent(content: MathTypeContent): PublicMathTypeContent {
  switch (content.mathType) {
    case 'multipleChoice':
      return {
        mathType: 'multipleChoice',
        choices: [...content.choices]
          .sort((a, b) => a.position - b.position)
          .map((c) => ({ id: c.id, position: c.position, text: c.text, picture: c.picture })),
        multipleSelection: content.choices.filter((c) => c.correct).length > 1,
      };
    case 'tableSimple': {
      const { data } = content;
      return {
        mathType: 'tableSimple',
        data: data && {
          ...(allowListed(TableSimpleDataShapeSchema, data) as Omit<PublicTableSimpleData, 'tableData'>),
          tableData: data.tableData.map((cell) => ({
            ...cell,
            cellContent: cell.cellType === 'mathAns' ? '' : cell.cellContent,
          })),
        },
      };
    }
    default: {
      const schema: z.ZodObject = PUBLIC_DATA_SCHEMAS[content.mathType];
      return {
        mathType: content.mathType,
        data: content.data && allowListed(schema, content.data),
      } as PublicMathTypeContent;
    }
  }
}

function toPublicStep(step: Step): PublicStep {
  return {
    id: step.id,
    numeralId: step.numeralId,
    number: step.number,
    instruction: step.instruction,
    explanation: step.explanation,
    picture: step.picture,
    videoS3: step.videoS3,
    calculator: step.calculator,
    ...toPublicContent(step),
  };
}

function toPublicNumeral(numeral: Numeral): PublicNumeral {
  return {
    id: numeral.id,
    problemId: numeral.problemId,
    number: numeral.number,
    question: numeral.question,
    initialHint: numeral.initialHint,
    hintPicture: numeral.hintPicture,
    picture: numeral.picture,
    videoS3: numeral.videoS3,
    calculator: numeral.calculator,
    steps: [...numeral.steps].sort((a, b) => a.number - b.number).map(toPublicStep),
    ...toPublicContent(numeral),
  };
}

/**
 * The form of a problem that is safe to send to a browser for solving: everything a console needs to
 * render and nothing that reveals an answer (no targets, solutions, defined solutions, correct flags
 * of choices, contents of answer cells, points or intervals to place), nor the author or draft
 * state. Numerals and steps come ordered by number, choices by position. Returns new objects; the
 * input is not changed.
 */
export function toPublicProblem(problem: Problem): PublicProblem {
  return {
    id: problem.id,
    title: problem.title,
    description: problem.description,
    language: problem.language,
    picture: problem.picture,
    subtopicId: problem.subtopicId,
    topicId: problem.topicId,
    numeration: problem.numeration,
    videoS3: problem.videoS3,
    calculator: problem.calculator,
    numerals: [...problem.numerals].sort((a, b) => a.number - b.number).map(toPublicNumeral),
  };
}
