import {
  MATH_TYPE_DATA_SCHEMAS,
  type MathType,
  type MathTypeData,
  type MathTypeDataOf,
  type MultipleChoiceChoice,
} from '@kib/core';
import { DataTypes } from 'sequelize';
import { z } from 'zod';

/*
 * How a numeral's or step's math-type record is stored (ADR 8): as JSON in its owner's `data`
 * column, described once, by the core zod schema of its math type. Everything that writes `data`
 * goes through `toStoredContent` and everything that reads it through `readMathTypeRecord`; the
 * branded `StoredMathTypeRecord` type makes any other way a type error.
 */

/**
 * A math type whose data is one record in its owner's `data` column: every one but
 * multipleChoice, whose choices are rows of `multiple_choice_entries` (answers carry their ids).
 */
export type RecordMathType = Exclude<MathType, 'multipleChoice'>;

/** The record of a numeral or step of any record math type. */
export type MathTypeRecord = MathTypeDataOf<RecordMathType>;

/** True for the math types whose data is a record in `data` (every one but multipleChoice). */
export function isRecordMathType(mathType: MathType): mathType is RecordMathType {
  return mathType !== 'multipleChoice';
}

declare const STORED: unique symbol;

/**
 * A record as `numerals.data` and `steps.data` hold it. Only {@link toStoredContent} makes one and
 * only {@link readMathTypeRecord} opens one; both pass it through the core schema of its math type.
 */
export interface StoredMathTypeRecord {
  readonly [STORED]: true;
}

/** The Sequelize attribute of `numerals.data` and `steps.data` (migration 0013); a fresh object each call. */
export function mathTypeRecordAttribute() {
  return { type: DataTypes.JSONB, allowNull: true };
}

/**
 * A math-type record that does not pass the core schema of its math type. Writing one is a bug of
 * the writer; reading one means `data` was written around {@link toStoredContent}.
 */
export class InvalidMathTypeRecordError extends Error {
  constructor(
    readonly mathType: MathType,
    readonly where: string,
    detail: string,
  ) {
    super(`${where}: the ${mathType} record does not pass its schema: ${detail}`);
    this.name = 'InvalidMathTypeRecordError';
  }
}

function parseRecord(mathType: RecordMathType, value: unknown, where: string): MathTypeRecord {
  const schema: z.ZodType<MathTypeRecord> = MATH_TYPE_DATA_SCHEMAS[mathType];
  const result = schema.safeParse(value);
  if (!result.success) throw new InvalidMathTypeRecordError(mathType, where, z.prettifyError(result.error));
  return result.data;
}

/**
 * What to store for a numeral or step that asks `content`: its `math_type` and `data` columns (the
 * record as its core schema parses it: unknown keys dropped, defaults filled in; null for
 * multipleChoice) and, for multipleChoice, the choices to write as its `multiple_choice_entries`
 * in this order. Throws {@link InvalidMathTypeRecordError} when the record does not pass its schema.
 */
export function toStoredContent(content: MathTypeData): {
  columns: { mathType: MathType; data: StoredMathTypeRecord | null };
  choices: MultipleChoiceChoice[];
} {
  if (content.mathType === 'multipleChoice') {
    const parsed = MATH_TYPE_DATA_SCHEMAS.multipleChoice.safeParse(content.data);
    if (!parsed.success)
      throw new InvalidMathTypeRecordError('multipleChoice', 'new content', z.prettifyError(parsed.error));
    return { columns: { mathType: 'multipleChoice', data: null }, choices: parsed.data.choices };
  }
  const record = parseRecord(content.mathType, content.data, 'new content');
  return {
    columns: { mathType: content.mathType, data: record as unknown as StoredMathTypeRecord },
    choices: [],
  };
}

/**
 * The record of a numeral or step read back from its `data`, parsed again by the core schema of
 * its `mathType`; null when none is stored yet (a multipleChoice owner never has one). `where`
 * names the owner (`numeral 12`, `step 40`) in the {@link InvalidMathTypeRecordError} thrown when
 * it does not pass.
 */
export function readMathTypeRecord(
  mathType: MathType,
  stored: StoredMathTypeRecord | null | undefined,
  where: string,
): MathTypeRecord | null {
  if (stored === null || stored === undefined) return null;
  if (!isRecordMathType(mathType)) {
    throw new InvalidMathTypeRecordError(mathType, where, 'multipleChoice keeps its choices, not a record');
  }
  return parseRecord(mathType, stored, where);
}
