import type {
  AnswerOf,
  CustomFeedback,
  FeedbackMessage,
  LineFeedback,
  MathType,
  MathTypeDataOf,
  PlotFeedback,
  PrimeDecompositionFeedback,
  TableFeedback,
} from '@kib/core';

/** A stored multiple-choice entry as the checker needs it: its id and whether it is correct. */
export interface CheckChoice {
  id: number;
  correct: boolean;
}

/** What the checker is given for each math type: the record of spec 02 §3 (choices with their ids). */
export type CheckData<K extends MathType> = K extends 'multipleChoice'
  ? { choices: CheckChoice[] }
  : MathTypeDataOf<K>;

/** One check: the math type, its data record, the console's answer. */
export interface CheckRequest<K extends MathType = MathType> {
  mathType: K;
  data: CheckData<K>;
  answer: AnswerOf<K>;
  /** The step being answered (0-based), when the numeral is solved step by step. */
  step?: number;
}

/** Result of the text math types: `correct` means the numeral or step is complete; one entry per line. */
export interface TextCheckResult {
  correct: boolean;
  lines: LineFeedback[];
}

/** The feedback of an empty or blank line: no mark, never correct. */
export function blankLine(): LineFeedback {
  return { correct: false, neutral: true };
}

/** True when a line's feedback marks it wrong (a blank line is neither right nor wrong). */
export function isWrongLine(line: LineFeedback): boolean {
  return !line.correct && line.neutral !== true;
}

/** The result shape of each math type (spec 02 §3 feedback shapes; feedback texts are i18n keys). */
export interface CheckResultMap {
  solve: TextCheckResult;
  simplify: TextCheckResult;
  functions: TextCheckResult;
  equationOfALine: TextCheckResult;
  findExpression: TextCheckResult;
  plotFunction: PlotFeedback;
  plotLinearEquation: PlotFeedback;
  setPointCartesianPlane: PlotFeedback;
  setMultiPointPlane: PlotFeedback;
  numberlinePoints: PlotFeedback;
  intervals: PlotFeedback;
  multipleChoice: CustomFeedback;
  tableSimple: TableFeedback;
  primeDecomposition: PrimeDecompositionFeedback;
}

/** The result of checking math type K. */
export type CheckResult<K extends MathType = MathType> = CheckResultMap[K];

/** A hint request: the same as a check, plus how many hints the student has already seen. */
export interface HintRequest<K extends MathType = MathType> extends CheckRequest<K> {
  /** Hints already shown; the answer holds `shown + 1` hints when there are that many. */
  shown?: number;
  /** The author's own hint of the numeral or step, shown first. */
  initialHint?: string | null;
  /** The author's hint picture, shown with the initial hint. */
  hintPicture?: string | null;
}

/** Hints for the current state, as many as asked (spec 01: one more per press). */
export interface HintResult {
  /** Each hint is a message (i18n key + params) or the author's own text. */
  hints: (FeedbackMessage | { text: string })[];
  /** The expression the hints start from (the last correct line, or the starting expression). */
  startingMath: string | null;
  /** Index of the answer line the hints refer to. */
  lineIndex: number;
  /** True when the first hint is the author's initial hint. */
  initialHint: boolean;
  /** True when there is nothing (more) to say: the client shows its no-hints message. */
  exhausted: boolean;
}
