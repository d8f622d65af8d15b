/**
 * @kib/core: the domain types, zod schemas, casing helpers and pure business rules of Kib.
 * Every export is named here; nothing else in `src/` is public.
 */

// Business constants and limits
/** The content and interface languages, Spanish first. */
export { LANGUAGES } from './constants';
/** A language code: `es` or `en`. */
export type { Language } from './constants';
/** The default language, `es`. */
export { DEFAULT_LANGUAGE } from './constants';
/** Accepts `es` or `en`. */
export { LanguageSchema } from './common.schemas';
/** Size limits the schemas apply so that huge input is refused. */
export { LIMITS } from './constants';

// Ids
/** A random URL-safe id (6 characters by default) from `crypto.getRandomValues`. */
export { shortId } from './ids';
/** The 64 URL-safe symbols of `shortId`. */
export { SHORT_ID_ALPHABET } from './ids';
/** The length of expression-item and editor ids: 6. */
export { SHORT_ID_LENGTH } from './ids';
/** The longest id `shortId` makes. */
export { SHORT_ID_MAX_LENGTH } from './ids';
/** Accepts a six-character URL-safe id. */
export { ShortIdSchema } from './common.schemas';
/** Accepts a database id: a positive integer. */
export { EntityIdSchema } from './common.schemas';
/** A database id. */
export type { EntityId } from './common.schemas';

// Math types and their full (server-side) data records
/** The fourteen math types. */
export { MATH_TYPES } from './math-type-names';
/** One of the fourteen math types. */
export type { MathType } from './math-type-names';
/** Accepts one of the fourteen math types. */
export { MathTypeSchema } from './math-types';
/** The math types answered in the text/math-field console. */
export { TEXT_MATH_TYPES } from './math-type-names';
/** A math type answered in the text console. */
export type { TextMathType } from './math-type-names';
/** True when a math type is answered in the text console. */
export { isTextMathType } from './math-type-names';
/** Accepts a bounded LaTeX string. */
export { LatexSchema } from './math-types';
/** Accepts an expression-list item `{ id, latex }`. */
export { ExpressionItemSchema } from './math-types';
/** An expression-list item. */
export type { ExpressionItem } from './math-types';
/** Accepts a bounded expression list with distinct ids. */
export { ExpressionListSchema } from './math-types';
/** A list of expression items. */
export type { ExpressionList } from './math-types';
/** Accepts a simplify record. */
export { SimplifyDataSchema } from './math-types';
/** The data of a simplify numeral or step. */
export type { SimplifyData } from './math-types';
/** Accepts a solve record. */
export { SolveDataSchema } from './math-types';
/** The data of a solve numeral or step. */
export type { SolveData } from './math-types';
/** Accepts a functions record (exactly one of xValue, yValue). */
export { FunctionsDataSchema } from './math-types';
/** The data of a functions numeral or step. */
export type { FunctionsData } from './math-types';
/** Accepts an equationOfALine record. */
export { EquationOfALineDataSchema } from './math-types';
/** The data of an equationOfALine numeral or step. */
export type { EquationOfALineData } from './math-types';
/** Accepts a findExpression record. */
export { FindExpressionDataSchema } from './math-types';
/** The data of a findExpression numeral or step. */
export type { FindExpressionData } from './math-types';
/** Accepts a plotFunction record. */
export { PlotFunctionDataSchema } from './math-types';
/** The data of a plotFunction numeral or step. */
export type { PlotFunctionData } from './math-types';
/** Accepts a plotLinearEquation record. */
export { PlotLinearEquationDataSchema } from './math-types';
/** The data of a plotLinearEquation numeral or step. */
export type { PlotLinearEquationData } from './math-types';
/** Accepts a setPointCartesianPlane record. */
export { SetPointCartesianPlaneDataSchema } from './math-types';
/** The data of a setPointCartesianPlane numeral or step. */
export type { SetPointCartesianPlaneData } from './math-types';
/** Accepts a setMultiPointPlane record. */
export { SetMultiPointPlaneDataSchema } from './math-types';
/** The data of a setMultiPointPlane numeral or step. */
export type { SetMultiPointPlaneData } from './math-types';
/** Accepts a bracket value: a number, `minusInf` or `inf`. */
export { BracketValueSchema } from './math-types';
/** A bracket value. */
export type { BracketValue } from './math-types';
/** Accepts an interval bracket `{ open, value }`. */
export { BracketSchema } from './math-types';
/** An interval bracket. */
export type { Bracket } from './math-types';
/** Accepts an interval `[left, right]` (shape only). */
export { IntervalSchema } from './math-types';
/** An interval `[left, right]`. */
export type { Interval } from './math-types';
/** True when an interval is non-degenerate, ordered and open at infinity. */
export { isWellFormedInterval } from './math-types';
/** A union of intervals written in LaTeX. */
export { intervalsLatex } from './math-types';
/** Accepts an intervals record of well-formed intervals. */
export { IntervalsDataSchema } from './math-types';
/** The data of an intervals numeral or step. */
export type { IntervalsData } from './math-types';
/** Accepts a numberlinePoints record. */
export { NumberlinePointsDataSchema } from './math-types';
/** The data of a numberlinePoints numeral or step. */
export type { NumberlinePointsData } from './math-types';
/** Accepts an authored choice `{ text, picture, correct }`. */
export { MultipleChoiceChoiceSchema } from './math-types';
/** An authored multiple-choice option. */
export type { MultipleChoiceChoice } from './math-types';
/** Accepts a multipleChoice record with at least one correct choice. */
export { MultipleChoiceDataSchema } from './math-types';
/** The data of a multipleChoice numeral or step. */
export type { MultipleChoiceData } from './math-types';
/** The table cell types: text, headerText, mathAns. */
export { TABLE_CELL_TYPES } from './math-type-names';
/** A table cell type. */
export type { TableCellType } from './math-type-names';
/** Accepts a table cell. */
export { TableCellSchema } from './math-types';
/** A table cell. */
export type { TableCell } from './math-types';
/** Accepts a tableSimple record with consistent cells. */
export { TableSimpleDataSchema } from './math-types';
/** The data of a tableSimple numeral or step. */
export type { TableSimpleData } from './math-types';
/** What a prime decomposition asks: Decomp, LCM or GCD. */
export { PRIME_DECOMPOSITION_TYPES } from './math-type-names';
/** What a prime decomposition asks. */
export type { PrimeDecompositionType } from './math-type-names';
/** Accepts a primeDecomposition record. */
export { PrimeDecompositionDataSchema } from './math-types';
/** The data of a primeDecomposition numeral or step. */
export type { PrimeDecompositionData } from './math-types';
/** Accepts `{ mathType, data }` with the data checked against its math type. */
export { MathTypeDataSchema } from './math-types';
/** A math type with its data record. */
export type { MathTypeData } from './math-types';
/** The data record type of a given math type. */
export type { MathTypeDataOf } from './math-types';
/** The data schema of each math type. */
export { MATH_TYPE_DATA_SCHEMAS } from './math-types';

// Console answers (what the learner gives) and feedback shapes
/** Accepts a point `{ x, y }`. */
export { CartesianPointSchema } from './answers';
/** A point of a cartesian plane. */
export type { CartesianPoint } from './answers';
/** Accepts a text-console line `{ math, solNum? }`. */
export { TextAnswerLineSchema } from './answers';
/** A text-console line. */
export type { TextAnswerLine } from './answers';
/** Accepts a text-console answer. */
export { TextAnswerSchema } from './answers';
/** The text-console answer: its lines. */
export type { TextAnswer } from './answers';
/** Accepts a freehand drawing answer. */
export { PlotFunctionAnswerSchema } from './answers';
/** The freehand function console's answer. */
export type { PlotFunctionAnswer } from './answers';
/** Accepts a two-point line answer. */
export { LineAnswerSchema } from './answers';
/** The two-point line console's answer. */
export type { LineAnswer } from './answers';
/** Accepts a set-points answer. */
export { SetPointsAnswerSchema } from './answers';
/** The set-points console's answer. */
export type { SetPointsAnswer } from './answers';
/** Accepts an intervals answer. */
export { IntervalsAnswerSchema } from './answers';
/** The number-line intervals console's answer. */
export type { IntervalsAnswer } from './answers';
/** Accepts a number-line points answer. */
export { NumberlinePointsAnswerSchema } from './answers';
/** The number-line points console's answer. */
export type { NumberlinePointsAnswer } from './answers';
/** Accepts the selected choice ids. */
export { MultipleChoiceAnswerSchema } from './answers';
/** The multiple-choice console's answer. */
export type { MultipleChoiceAnswer } from './answers';
/** Accepts one filled table cell `{ rIndex, cIndex, cellAns }`. */
export { TableAnswerCellSchema } from './answers';
/** One filled table cell. */
export type { TableAnswerCell } from './answers';
/** Accepts a table answer. */
export { TableAnswerSchema } from './answers';
/** The table console's answer. */
export type { TableAnswer } from './answers';
/** The prime-table cell types: Math, LastMath, fixedMath. */
export { PRIME_DECOMPOSITION_CELL_TYPES } from './answers';
/** A prime-table cell type. */
export type { PrimeDecompositionCellType } from './answers';
/** Accepts a prime-table cell. */
export { PrimeDecompositionCellSchema } from './answers';
/** A prime-table cell. */
export type { PrimeDecompositionCell } from './answers';
/** Accepts a prime decomposition answer `{ table, mathText }`. */
export { PrimeDecompositionAnswerSchema } from './answers';
/** The prime factor table console's answer. */
export type { PrimeDecompositionAnswer } from './answers';
/** The answer schema of each math type. */
export { ANSWER_SCHEMAS } from './answers';
/** The answer type of a given math type. */
export type { AnswerOf } from './answers';
/** Accepts `{ mathType, answer }` with the answer checked against its console. */
export { MathTypeAnswerSchema } from './answers';
/** A math type with an answer of its console. */
export type { MathTypeAnswer } from './answers';
/** Accepts a translatable message `{ key, params }`. */
export { FeedbackMessageSchema } from './answers';
/** A translatable message. */
export type { FeedbackMessage } from './answers';
/** Accepts feedback on one text-answer line. */
export { LineFeedbackSchema } from './answers';
/** Feedback on one text-answer line. */
export type { LineFeedback } from './answers';
/** Accepts plot-console feedback `{ correctAns, feedbacks }`. */
export { PlotFeedbackSchema } from './answers';
/** Plot-console feedback. */
export type { PlotFeedback } from './answers';
/** Accepts custom feedback `{ correct, feedback }`. */
export { CustomFeedbackSchema } from './answers';
/** Custom feedback. */
export type { CustomFeedback } from './answers';
/** Accepts feedback on one table cell (snake_case keys). */
export { TableCellFeedbackSchema } from './answers';
/** Feedback on one table cell. */
export type { TableCellFeedback } from './answers';
/** Accepts table-console feedback. */
export { TableFeedbackSchema } from './answers';
/** Table-console feedback. */
export type { TableFeedback } from './answers';
/** Accepts prime-table feedback. */
export { PrimeDecompositionFeedbackSchema } from './answers';
/** Prime-table feedback. */
export type { PrimeDecompositionFeedback } from './answers';

// Problems, numerals, steps, and their public (browser-safe) forms
/** Accepts a stored multiple-choice entry (with `correct`). */
export { MultipleChoiceEntrySchema } from './problem';
/** A stored multiple-choice entry. */
export type { MultipleChoiceEntry } from './problem';
/** Accepts what a numeral or step asks: math type with data, or choices. */
export { MathTypeContentSchema } from './problem';
/** What a numeral or step asks, full form. */
export type { MathTypeContent } from './problem';
/** Accepts the fields of a step other than its math-type content. */
export { StepFieldsSchema } from './problem';
/** Accepts a full step. */
export { StepSchema } from './problem';
/** A step, full (server-side) form. */
export type { Step } from './problem';
/** Accepts the fields of a numeral other than its math-type content. */
export { NumeralFieldsSchema } from './problem';
/** Accepts a full numeral with its steps. */
export { NumeralSchema } from './problem';
/** A numeral, full (server-side) form. */
export type { Numeral } from './problem';
/** Accepts a full problem with its numerals and steps. */
export { ProblemSchema } from './problem';
/** A problem, full (server-side) form. */
export type { Problem } from './problem';
/** Accepts public simplify data (no target). */
export { PublicSimplifyDataSchema } from './problem';
/** Public simplify data. */
export type { PublicSimplifyData } from './problem';
/** Accepts public solve data (no solutions). */
export { PublicSolveDataSchema } from './problem';
/** Public solve data. */
export type { PublicSolveData } from './problem';
/** Accepts public functions data. */
export { PublicFunctionsDataSchema } from './problem';
/** Public functions data. */
export type { PublicFunctionsData } from './problem';
/** Accepts public equationOfALine data. */
export { PublicEquationOfALineDataSchema } from './problem';
/** Public equationOfALine data. */
export type { PublicEquationOfALineData } from './problem';
/** Accepts public findExpression data (no target expression). */
export { PublicFindExpressionDataSchema } from './problem';
/** Public findExpression data. */
export type { PublicFindExpressionData } from './problem';
/** Accepts the (empty) public data of graphical types whose record is the answer. */
export { EmptyPublicDataSchema } from './problem';
/** Empty public data. */
export type { EmptyPublicData } from './problem';
/** Accepts public table data (answer cells blank). */
export { PublicTableSimpleDataSchema } from './problem';
/** Public table data. */
export type { PublicTableSimpleData } from './problem';
/** Accepts public prime decomposition data. */
export { PublicPrimeDecompositionDataSchema } from './problem';
/** Public prime decomposition data. */
export type { PublicPrimeDecompositionData } from './problem';
/** Accepts a public choice (no correct flag). */
export { PublicChoiceSchema } from './problem';
/** A public choice. */
export type { PublicChoice } from './problem';
/** Accepts what a numeral or step asks, public form. */
export { PublicMathTypeContentSchema } from './problem';
/** What a numeral or step asks, public form. */
export type { PublicMathTypeContent } from './problem';
/** Accepts a public step. */
export { PublicStepSchema } from './problem';
/** A step as a browser sees it. */
export type { PublicStep } from './problem';
/** Accepts a public numeral. */
export { PublicNumeralSchema } from './problem';
/** A numeral as a browser sees it. */
export type { PublicNumeral } from './problem';
/** Accepts a public problem. */
export { PublicProblemSchema } from './problem';
/** A problem as a browser sees it. */
export type { PublicProblem } from './problem';
/** The browser-safe form of a problem: the one place answers are stripped. */
export { toPublicProblem } from './problem';

// Pure business rules
/** Rounded completed/total percentage; 0 when the total is 0. */
export { progressPercent } from './rules';
/** A duration in hours, minutes and seconds. */
export type { DurationParts } from './rules';
/** Splits seconds into hours, minutes and seconds. */
export { splitDuration } from './rules';
/** A compact duration: `45 s`, `2 min 5 s`, `1 h 2 min 3 s`. */
export { formatDuration } from './rules';
/** True while a module's deadline is absent or in the future. */
export { isModuleActive } from './rules';
/** True once a publish date is absent or reached. */
export { isPublished } from './rules';
/** The student-module deadline if set, else the classroom deadline. */
export { effectiveDeadline } from './rules';
/** A numeration as stored: string, number or absent. */
export type { Numeration } from './rules';
/** Numeric numerations ascending, non-numeric or missing last. */
export { compareNumeration } from './rules';
/** A stable sort of items by numeration. */
export { sortByNumeration } from './rules';
/** Solved / attempted / not-attempted counts and percentages. */
export type { ActivityTotals } from './rules';
/** The inputs of `activityTotals`. */
export type { ActivityTotalsInput } from './rules';
/** Counts and rounded percentages of a teacher's activity results. */
export { activityTotals } from './rules';
/** Total answer time over students, rounded. */
export { averageTimePerStudent } from './rules';
/** Options of the date formatters (time zone). */
export type { DateFormatOptions } from './rules';
/** `DD-MM-YYYY`. */
export { formatDateDmy } from './rules';
/** `DD-MM-YYYY HH:mm`. */
export { formatDateTimeDmy } from './rules';
export { csvCell, csvText, type CsvRow } from './csv';
/** `DD/MM/YYYY`. */
export { formatDateSlash } from './rules';
/** `DD/MM/YY`. */
export { formatDateSlashShort } from './rules';

// snake_case on the wire, camelCase in code
/** A deep copy with snake_case keys. */
export { toSnakeCase } from './casing';
/** A deep copy with camelCase keys. */
export { toCamelCase } from './casing';
/** One key to snake_case. */
export { snakeCaseKey } from './casing';
/** One key to camelCase. */
export { camelCaseKey } from './casing';
/** A string literal type in snake_case. */
export type { SnakeCase } from './casing';
/** A string literal type in camelCase. */
export type { CamelCase } from './casing';
/** A type with snake_case keys at every depth. */
export type { SnakeCasedDeep } from './casing';
/** A type with camelCase keys at every depth. */
export type { CamelCasedDeep } from './casing';

// ---------------------------------------------------------------------------------------------
// API payload schemas (auth and more), maintained in ./api/ by its owners.
// ---------------------------------------------------------------------------------------------
export * from './api/index';

// ---------------------------------------------------------------------------------------------
// The student model of adaptive practice (ADR 31).
// ---------------------------------------------------------------------------------------------
export * from './adaptive';
