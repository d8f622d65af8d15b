import {
  MATH_TYPE_DATA_SCHEMAS,
  MultipleChoiceDataSchema,
  shortId,
  type CartesianPoint,
  type ChoiceDraft,
  type ExpressionItem,
  type MathType,
  type MathTypeDataOf,
} from '@kib/core';
import type { z } from 'zod';

/** The i18n key of each message the core schemas give, for the creator's field errors. */
const MESSAGE_KEYS: Record<string, string> = {
  'must not be empty': 'creator.form.error.required',
  'give exactly one of xValue and yValue': 'creator.form.error.functions-one-value',
  'ask for at least one of m, b or the equation': 'creator.form.error.line-ask-something',
  'the two points must differ': 'creator.form.error.line-same-points',
  'the interval is not well formed': 'creator.form.error.interval-ill-formed',
  'a choice needs a text or a picture': 'creator.form.error.choice-empty',
  'at least one choice must be correct': 'creator.form.error.choice-none-correct',
  'cell outside the table': 'creator.form.error.cell-outside',
  'two cells at one position': 'creator.form.error.cell-duplicate',
  'an answer cell needs its expected answer': 'creator.form.error.answer-cell-empty',
  'the table has no answer cell': 'creator.form.error.table-no-answer',
  'must be a positive integer without sign or leading zeros': 'creator.form.error.prime-integer',
  'must be at least 2': 'creator.form.error.prime-min',
  'LCM and GCD need at least two numbers': 'creator.form.error.prime-two-numbers',
  'item ids must be unique': 'creator.form.error.duplicate-ids',
};

/** The i18n key of one schema issue. */
function issueKey(issue: z.core.$ZodIssue, mathType: MathType): string {
  const known = MESSAGE_KEYS[issue.message];
  if (known) return known;
  switch (issue.code) {
    case 'invalid_type':
      return issue.expected === 'number' ? 'creator.form.error.number' : 'creator.form.error.required';
    case 'invalid_union':
      return 'creator.form.error.number-or-infinity';
    case 'too_big':
      return issue.origin === 'array' ? 'creator.form.error.too-many' : 'creator.form.error.too-long';
    case 'too_small':
      if (issue.origin !== 'array') return 'creator.form.error.required';
      if (mathType === 'numberlinePoints') return 'creator.form.error.points-required';
      if (mathType === 'primeDecomposition') return 'creator.form.error.prime-numbers-required';
      return 'creator.form.error.choices-required';
    default:
      return 'creator.form.error.invalid';
  }
}

/** A new item of an expression list, with a fresh 6-character id. */
export function newExpressionItem(latex = ''): ExpressionItem {
  return { id: shortId(), latex };
}

/** A new multiple-choice option with a fresh key. */
export function newChoice(): ChoiceDraft {
  return { key: shortId(), id: null, text: '', picture: null, correct: false };
}

const EMPTY_RECORDS: { [K in MathType]: () => unknown } = {
  simplify: () => ({
    startingExpression: '',
    target: '',
    constant: [],
    units: [],
    definedSymbols: [],
    functions: [],
    complementaryEquations: [],
    complementaryVariables: [],
    convertToDegrees: false,
    exactExpr: false,
    interval: null,
    form: null,
    formVariable: null,
  }),
  solve: () => ({
    unknownVariable: 'x',
    startingExpression: '',
    helpingExpression: null,
    constant: [],
    units: [],
    definedSymbols: [],
    functions: [],
    definedSolutions: [],
    convertToDegrees: false,
    interval: null,
  }),
  functions: () => ({ functionExpr: '', xValue: '', yValue: null, convertToDegrees: false }),
  equationOfALine: () => ({
    x1: '',
    y1: '',
    x2: '',
    y2: '',
    xSymbol: 'x',
    ySymbol: 'y',
    mSymbol: 'm',
    bSymbol: 'b',
    mGiven: false,
    bGiven: false,
    findM: false,
    findB: false,
    findEquation: true,
  }),
  findExpression: () => ({
    unknownVariable: 'y',
    targetExpression: '',
    definingEquation: '',
    constant: [],
    convertToDegrees: false,
  }),
  plotLinearEquation: () => ({ m: '', b: '' }),
  plotFunction: () => ({ function: '' }),
  intervals: () => ({ intervals: [] }),
  multipleChoice: () => null,
  setPointCartesianPlane: () => ({ x: 0, y: 0 }),
  setMultiPointPlane: () => ({ pointsList: '' }),
  numberlinePoints: () => ({ points: [] }),
  tableSimple: () => ({
    constant: [],
    interval: false,
    numRows: 2,
    numColumns: 2,
    tableData: [
      { rIndex: 0, cIndex: 0, cellType: 'headerText', cellContent: '' },
      { rIndex: 0, cIndex: 1, cellType: 'headerText', cellContent: '' },
      { rIndex: 1, cIndex: 0, cellType: 'text', cellContent: '' },
      { rIndex: 1, cIndex: 1, cellType: 'mathAns', cellContent: '' },
    ],
  }),
  primeDecomposition: () => ({ numbers: [newExpressionItem()], decompType: 'Decomp' }),
};

/** An empty record of a math type that the form starts from (not necessarily valid). */
export function emptyRecord(mathType: MathType): unknown {
  return EMPTY_RECORDS[mathType]();
}

/** Fields a record may leave out (the schema's optional ones): a loaded record keeps them out. */
const OPTIONAL_FIELDS: Partial<Record<MathType, readonly string[]>> = {
  simplify: ['form', 'formVariable'],
};

/**
 * The record a form edits: `data` when it is an object, with the fields it lacks taken from the
 * empty record (but for the optional ones it left out), else the math type's empty record.
 */
export function recordOf<K extends MathType>(mathType: K, data: unknown): MathTypeDataOf<K> {
  const base = emptyRecord(mathType) as Record<string, unknown>;
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return base as MathTypeDataOf<K>;
  for (const field of OPTIONAL_FIELDS[mathType] ?? []) if (!(field in data)) delete base[field];
  return { ...base, ...(data as object) } as MathTypeDataOf<K>;
}

/** A line of `pointsList` written as (x, y) with two parts, whatever the parts are. */
const POINT_LINE = /^\(\s*[^,()]+(?:\([^()]*\)[^,()]*)*,\s*[^,()]+(?:\([^()]*\)[^,()]*)*\)$/;

/** The issues of a pointsList the schema does not see: lines not written as (x, y). */
function pointsListErrors(pointsList: unknown): Record<string, string> {
  if (typeof pointsList !== 'string') return {};
  const bad = pointsList
    .split('\n')
    .map((line) => line.trim())
    .some((line) => line.length > 0 && !POINT_LINE.test(line));
  return bad ? { pointsList: 'creator.form.error.points-list-format' } : {};
}

/**
 * The record's field errors by the core schema, keyed by their path inside the record joined by
 * dots ('target', 'tableData.3.cellContent'), values i18n keys; the first issue of a path wins. A
 * null record is checked as the empty record, so the fields still to fill are named.
 * multipleChoice is checked on `choices` (the option's picture counts only once it is stored).
 */
export function validateRecord(
  mathType: MathType,
  data: unknown,
  choices: ChoiceDraft[],
): Record<string, string> {
  const record = data ?? emptyRecord(mathType);
  const result =
    mathType === 'multipleChoice'
      ? MultipleChoiceDataSchema.safeParse({
          choices: choices.map(({ text, picture, correct }) => ({ text, picture, correct })),
        })
      : (MATH_TYPE_DATA_SCHEMAS[mathType] as z.ZodType).safeParse(record);
  const errors: Record<string, string> = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.');
      errors[path] ??= issueKey(issue, mathType);
    }
  }
  if (mathType === 'setMultiPointPlane' && record && typeof record === 'object' && !errors.pointsList) {
    Object.assign(errors, pointsListErrors((record as { pointsList?: unknown }).pointsList));
  }
  return errors;
}

const PLAIN_NUMBER = /^[-+]?\d+(?:\.\d+)?$/;

/**
 * The points of a pointsList when every line is (x, y) with plain decimal coordinates, in order;
 * null when a line holds something else (a fraction, a root), which a graph cannot show as typed.
 */
export function plainPoints(pointsList: string): CartesianPoint[] | null {
  const points: CartesianPoint[] = [];
  for (const raw of pointsList.split('\n')) {
    const line = raw.trim();
    if (line.length === 0) continue;
    const match = /^\(\s*([^,]+?)\s*,\s*([^,]+?)\s*\)$/.exec(line);
    if (!match || !PLAIN_NUMBER.test(match[1] ?? '') || !PLAIN_NUMBER.test(match[2] ?? '')) return null;
    points.push({ x: Number(match[1]), y: Number(match[2]) });
  }
  return points;
}

/** A number as the creator reads it: no float noise from the console's arithmetic. */
export function tidyNumber(value: number): number {
  return Number(value.toFixed(6));
}

/** The pointsList text of placed points: one (x,y) per line. */
export function pointsListOf(points: readonly CartesianPoint[]): string {
  return points.map((p) => `(${tidyNumber(p.x)},${tidyNumber(p.y)})`).join('\n');
}

/** The error of `path` in `errors`, if any. */
export function errorAt(errors: Record<string, string> | undefined, path: string): string | undefined {
  return errors?.[path];
}
