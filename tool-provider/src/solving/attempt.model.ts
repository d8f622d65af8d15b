import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';

/** A JSON value as stored in a jsonb column. */
export type StoredJson = string | number | boolean | null | StoredJson[] | { [key: string]: StoredJson };

/**
 * One checked answer (table `attempts`), an append-only log for analytics: who (user or temporary
 * student, exactly one), which numeral and step, the answer as sent, whether it was right, the
 * time spent (seconds), whether the deadline had passed and the checker's feedback codes. `id` is a bigint, so pg returns it
 * as a string.
 */
export class Attempt extends Model<InferAttributes<Attempt>, InferCreationAttributes<Attempt>> {
  declare id: CreationOptional<string>;
  declare userId: number | null;
  declare tempStudentId: number | null;
  declare numeralId: number;
  declare stepId: number | null;
  declare correct: boolean;
  declare answer: StoredJson;
  declare totalTime: CreationOptional<number>;
  declare deadlinePassed: CreationOptional<boolean>;
  /** The checker's feedback codes of a wrong answer (kebab-case, without `feedback.`). */
  declare feedbackCodes: CreationOptional<string[]>;
  declare createdAt: CreationOptional<Date>;
}

/** Binds Attempt to `sequelize` (table `attempts`, created_at only). */
export function initAttemptModel(sequelize: Sequelize): typeof Attempt {
  Attempt.init(
    {
      id: { type: DataTypes.BIGINT, autoIncrement: true, primaryKey: true },
      userId: { type: DataTypes.INTEGER, allowNull: true },
      tempStudentId: { type: DataTypes.INTEGER, allowNull: true },
      numeralId: { type: DataTypes.INTEGER, allowNull: false },
      stepId: { type: DataTypes.INTEGER, allowNull: true },
      correct: { type: DataTypes.BOOLEAN, allowNull: false },
      answer: { type: DataTypes.JSONB, allowNull: false },
      totalTime: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      deadlinePassed: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      feedbackCodes: { type: DataTypes.ARRAY(DataTypes.TEXT), allowNull: false, defaultValue: [] },
      createdAt: { type: DataTypes.DATE, allowNull: false },
    },
    { sequelize, tableName: 'attempts', underscored: true, timestamps: true, updatedAt: false },
  );
  return Attempt;
}
