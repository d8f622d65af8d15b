import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';

/** Who a module code is for: students open the activity, teachers see its results (spec 03 §2). */
export type ModuleCodeAudience = 'students' | 'teachers';

/**
 * A code that opens a module without an account, or clones it (table `module_codes`): unique
 * across modules, without spaces, valid until `validUntil` (or for ever); deleted with its module.
 */
export class ModuleCode extends Model<InferAttributes<ModuleCode>, InferCreationAttributes<ModuleCode>> {
  declare id: CreationOptional<number>;
  declare moduleId: number;
  declare code: string;
  declare audience: ModuleCodeAudience;
  declare validUntil: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
}

/** Binds ModuleCode to `sequelize` (table `module_codes`, created_at only). */
export function initModuleCodeModel(sequelize: Sequelize): typeof ModuleCode {
  ModuleCode.init(
    {
      id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
      moduleId: { type: DataTypes.INTEGER, allowNull: false },
      code: { type: DataTypes.STRING(16), allowNull: false },
      audience: { type: DataTypes.STRING(10), allowNull: false },
      validUntil: { type: DataTypes.DATE, allowNull: true },
      createdAt: { type: DataTypes.DATE, allowNull: false },
    },
    { sequelize, tableName: 'module_codes', underscored: true, timestamps: true, updatedAt: false },
  );
  return ModuleCode;
}
