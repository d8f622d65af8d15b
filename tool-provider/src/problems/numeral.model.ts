import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type NonAttribute,
  type Sequelize,
} from 'sequelize';
import type { AnswerTest, MathType } from '@kib/core';
import { mathTypeRecordAttribute, type StoredMathTypeRecord } from './math-type-record';
import type { MultipleChoiceEntry } from './multiple-choice-entry.model';
import type { Problem } from './problem.model';
import type { Step } from './step.model';

/**
 * A numeral (question) of a problem (table `numerals`), deleted with its problem. `number` orders
 * the numerals of a problem (not unique, so reordering is a plain update). Its math-type record
 * is `data` (or, for multipleChoice, its `multiple_choice_entries`).
 */
export class Numeral extends Model<InferAttributes<Numeral>, InferCreationAttributes<Numeral>> {
  declare id: CreationOptional<number>;
  declare problemId: number;
  declare number: number;
  declare mathType: MathType;
  declare question: CreationOptional<string>;
  declare initialHint: CreationOptional<string | null>;
  declare hintPicture: CreationOptional<string | null>;
  declare picture: CreationOptional<string | null>;
  declare videoS3: CreationOptional<string | null>;
  declare calculator: CreationOptional<boolean>;
  /** The creation tool's key of this item (null for rows made before the creation tool). */
  declare draftKey: CreationOptional<string | null>;
  /** The math-type record (`readMathTypeRecord` opens it); null until filled in, and for multipleChoice. */
  declare data: CreationOptional<StoredMathTypeRecord | null>;
  /** The author's question tests (`AnswerTestSchema` of `@kib/core`), run by the authoring checks. */
  declare answerTests: CreationOptional<AnswerTest[]>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
  /** The problem, when included (`as: 'problem'`). */
  declare problem?: NonAttribute<Problem>;
  /** The steps, when included (`as: 'steps'`); order by `number`. */
  declare steps?: NonAttribute<Step[]>;
  /** The multiple-choice entries, when included (`as: 'choices'`); order by `position`. */
  declare choices?: NonAttribute<MultipleChoiceEntry[]>;
}

/** Binds Numeral to `sequelize` (table `numerals`). */
export function initNumeralModel(sequelize: Sequelize): typeof Numeral {
  Numeral.init(
    {
      id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
      problemId: { type: DataTypes.INTEGER, allowNull: false },
      number: { type: DataTypes.SMALLINT, allowNull: false },
      mathType: { type: DataTypes.STRING(32), allowNull: false },
      question: { type: DataTypes.TEXT, allowNull: false, defaultValue: '' },
      initialHint: { type: DataTypes.TEXT, allowNull: true },
      hintPicture: { type: DataTypes.STRING(500), allowNull: true },
      picture: { type: DataTypes.STRING(500), allowNull: true },
      videoS3: { type: DataTypes.STRING(500), allowNull: true },
      calculator: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      draftKey: { type: DataTypes.STRING(12), allowNull: true },
      data: mathTypeRecordAttribute(),
      answerTests: { type: DataTypes.JSONB, allowNull: false, defaultValue: [] },
      createdAt: { type: DataTypes.DATE, allowNull: false },
      updatedAt: { type: DataTypes.DATE, allowNull: false },
    },
    { sequelize, tableName: 'numerals', underscored: true, timestamps: true },
  );
  return Numeral;
}
