import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';

/**
 * One choice of a multipleChoice numeral or step (table `multiple_choice_entries`): exactly one of
 * `numeralId` / `stepId` is set (CHECK), deleted with its owner. `position` orders the choices;
 * several may be correct (the console then becomes a multi-select).
 */
export class MultipleChoiceEntry extends Model<
  InferAttributes<MultipleChoiceEntry>,
  InferCreationAttributes<MultipleChoiceEntry>
> {
  declare id: CreationOptional<number>;
  declare numeralId: number | null;
  declare stepId: number | null;
  declare position: number;
  declare text: CreationOptional<string>;
  declare picture: CreationOptional<string | null>;
  declare correct: CreationOptional<boolean>;
  /** The creation tool's key of this item (null for rows made before the creation tool). */
  declare draftKey: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

/** Binds MultipleChoiceEntry to `sequelize` (table `multiple_choice_entries`). */
export function initMultipleChoiceEntryModel(sequelize: Sequelize): typeof MultipleChoiceEntry {
  MultipleChoiceEntry.init(
    {
      id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
      numeralId: { type: DataTypes.INTEGER, allowNull: true },
      stepId: { type: DataTypes.INTEGER, allowNull: true },
      position: { type: DataTypes.SMALLINT, allowNull: false },
      text: { type: DataTypes.TEXT, allowNull: false, defaultValue: '' },
      picture: { type: DataTypes.STRING(500), allowNull: true },
      correct: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      draftKey: { type: DataTypes.STRING(12), allowNull: true },
      createdAt: { type: DataTypes.DATE, allowNull: false },
      updatedAt: { type: DataTypes.DATE, allowNull: false },
    },
    { sequelize, tableName: 'multiple_choice_entries', underscored: true, timestamps: true },
  );
  return MultipleChoiceEntry;
}
