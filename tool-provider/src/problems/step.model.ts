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
import type { Numeral } from './numeral.model';

/**
 * A step of a numeral (table `steps`), deleted with its numeral. `number` orders the steps (the UI
 * shows number + 1). Like a numeral, it has a math type and its record in `data` (or, for
 * multipleChoice, its `multiple_choice_entries`).
 */
export class Step extends Model<InferAttributes<Step>, InferCreationAttributes<Step>> {
  declare id: CreationOptional<number>;
  declare numeralId: number;
  declare number: number;
  declare mathType: MathType;
  declare instruction: CreationOptional<string>;
  declare explanation: CreationOptional<string>;
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
  /** The numeral, when included (`as: 'numeral'`). */
  declare numeral?: NonAttribute<Numeral>;
  /** The multiple-choice entries, when included (`as: 'choices'`); order by `position`. */
  declare choices?: NonAttribute<MultipleChoiceEntry[]>;
}

/** Binds Step to `sequelize` (table `steps`). */
export function initStepModel(sequelize: Sequelize): typeof Step {
  Step.init(
    {
      id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
      numeralId: { type: DataTypes.INTEGER, allowNull: false },
      number: { type: DataTypes.SMALLINT, allowNull: false },
      mathType: { type: DataTypes.STRING(32), allowNull: false },
      instruction: { type: DataTypes.TEXT, allowNull: false, defaultValue: '' },
      explanation: { type: DataTypes.TEXT, allowNull: false, defaultValue: '' },
      picture: { type: DataTypes.STRING(500), allowNull: true },
      videoS3: { type: DataTypes.STRING(500), allowNull: true },
      calculator: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      draftKey: { type: DataTypes.STRING(12), allowNull: true },
      data: mathTypeRecordAttribute(),
      answerTests: { type: DataTypes.JSONB, allowNull: false, defaultValue: [] },
      createdAt: { type: DataTypes.DATE, allowNull: false },
      updatedAt: { type: DataTypes.DATE, allowNull: false },
    },
    { sequelize, tableName: 'steps', underscored: true, timestamps: true },
  );
  return Step;
}
