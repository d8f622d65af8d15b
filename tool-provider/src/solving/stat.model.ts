import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';

/**
 * A solver's progress on one numeral (table `stats`): exactly one of `userId` / `tempStudentId`
 * (CHECK), one row per (solver, numeral) (UNIQUE), so recording an attempt is an upsert.
 * `answerTime` is in seconds. Deleted with its numeral or its solver.
 */
export class Stat extends Model<InferAttributes<Stat>, InferCreationAttributes<Stat>> {
  declare id: CreationOptional<number>;
  declare userId: number | null;
  declare tempStudentId: number | null;
  declare numeralId: number;
  declare completed: CreationOptional<boolean>;
  declare answerTime: CreationOptional<number>;
  declare attempts: CreationOptional<number>;
  declare lastAttemptDate: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

/** Binds Stat to `sequelize` (table `stats`). */
export function initStatModel(sequelize: Sequelize): typeof Stat {
  Stat.init(
    {
      id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
      userId: { type: DataTypes.INTEGER, allowNull: true },
      tempStudentId: { type: DataTypes.INTEGER, allowNull: true },
      numeralId: { type: DataTypes.INTEGER, allowNull: false },
      completed: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      answerTime: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      lastAttemptDate: { type: DataTypes.DATE, allowNull: true },
      createdAt: { type: DataTypes.DATE, allowNull: false },
      updatedAt: { type: DataTypes.DATE, allowNull: false },
    },
    { sequelize, tableName: 'stats', underscored: true, timestamps: true },
  );
  return Stat;
}
