/** The interface and content languages; Spanish first because it is the default (spec 01 §1). */
export const LANGUAGES = ['es', 'en'] as const;

/** A content or interface language code. */
export type Language = (typeof LANGUAGES)[number];

/** The language used when none is chosen (spec 01 §9). */
export const DEFAULT_LANGUAGE: Language = 'es';

/**
 * Size limits applied by the schemas so that huge or runaway input is refused before it reaches
 * the checker or the database. Shared so that forms can show the same limits.
 */
export const LIMITS = {
  /** A LaTeX expression (a starting expression, a target, a table cell, a choice text). */
  latexMaxLength: 2000,
  /** A symbol such as the unknown variable or the name used for the slope. */
  symbolMaxLength: 32,
  /** Items in an expression list (constants, units, solutions, numbers…). */
  expressionListMaxItems: 50,
  /** Choices of one multiple-choice numeral or step. */
  choicesMaxItems: 20,
  /** Question tests of one numeral or step. */
  answerTestsMaxItems: 20,
  /** Intervals of one intervals answer or record. */
  intervalsMaxItems: 20,
  /** Points on a number line. */
  numberlinePointsMaxItems: 50,
  /** Points set on a cartesian plane. */
  cartesianPointsMaxItems: 200,
  /** Points sampled from a freehand drawing. */
  drawnPointsMaxItems: 5000,
  /** The multi-line `pointsList` text of setMultiPointPlane. */
  pointsListMaxLength: 5000,
  /** Rows or columns of a table. */
  tableMaxSize: 30,
  /** Lines of a text-console answer. */
  answerLinesMaxItems: 50,
  /** A free text such as a problem description, a question or an explanation. */
  longTextMaxLength: 10000,
  /** A short text such as a title or a file key. */
  shortTextMaxLength: 500,
  /** A problem's title (the problems.title column holds 255 characters). */
  problemTitleMaxLength: 255,
  /** Numerals of one problem, and steps of one numeral. */
  itemsMaxCount: 50,
  /** Digits of a number in a prime decomposition. */
  primeDecompositionMaxDigits: 12,
} as const;
