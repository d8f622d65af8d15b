import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';

/**
 * An open (code-based) activity of a module (table `temp_module_activities`): a student access
 * code and a teacher access code, both unique and different, for a named institution, classroom
 * and teacher that need not exist in Kib; deleted with its module.
 */
export class TempModuleActivity extends Model<
  InferAttributes<TempModuleActivity>,
  InferCreationAttributes<TempModuleActivity>
> {
  declare id: CreationOptional<number>;
  declare moduleId: number;
  declare studentAccessCode: string;
  declare teacherAccessCode: string;
  declare targetInstitution: string;
  declare targetClassroom: string;
  declare targetTeacher: string;
  /** The Kib teacher it was opened for, who reads its results with the teacher access code. */
  declare targetTeacherId: CreationOptional<number | null>;
  /** That teacher's classroom, when the classroom named is one of theirs. */
  declare targetClassroomId: CreationOptional<number | null>;
  /** Who opened it (a creator). */
  declare createdBy: CreationOptional<number | null>;
  declare creationDate: CreationOptional<Date>;
  declare validUntil: CreationOptional<Date | null>;
}

/**
 * A student without an account who opened a module by code (table `temp_students`): a name and an
 * optional personal code; their stats and attempts are deleted with them (and they with the module).
 */
export class TempStudent extends Model<InferAttributes<TempStudent>, InferCreationAttributes<TempStudent>> {
  declare id: CreationOptional<number>;
  declare moduleId: number;
  /** The code activity the student registered with; null for a module's own student code. */
  declare activityId: CreationOptional<number | null>;
  declare firstName: CreationOptional<string>;
  declare lastName: CreationOptional<string>;
  declare studentCode: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
}

/** Binds TempModuleActivity to `sequelize` (table `temp_module_activities`; `createdAt` is creation_date). */
export function initTempModuleActivityModel(sequelize: Sequelize): typeof TempModuleActivity {
  TempModuleActivity.init(
    {
      id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
      moduleId: { type: DataTypes.INTEGER, allowNull: false },
      studentAccessCode: { type: DataTypes.STRING(16), allowNull: false },
      teacherAccessCode: { type: DataTypes.STRING(16), allowNull: false },
      targetInstitution: { type: DataTypes.STRING(200), allowNull: false },
      targetClassroom: { type: DataTypes.STRING(200), allowNull: false },
      targetTeacher: { type: DataTypes.STRING(200), allowNull: false },
      targetTeacherId: { type: DataTypes.INTEGER, allowNull: true },
      targetClassroomId: { type: DataTypes.INTEGER, allowNull: true },
      createdBy: { type: DataTypes.INTEGER, allowNull: true },
      creationDate: { type: DataTypes.DATE, allowNull: false },
      validUntil: { type: DataTypes.DATE, allowNull: true },
    },
    {
      sequelize,
      tableName: 'temp_module_activities',
      underscored: true,
      timestamps: true,
      createdAt: 'creationDate',
      updatedAt: false,
    },
  );
  return TempModuleActivity;
}

/** Binds TempStudent to `sequelize` (table `temp_students`, created_at only). */
export function initTempStudentModel(sequelize: Sequelize): typeof TempStudent {
  TempStudent.init(
    {
      id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
      moduleId: { type: DataTypes.INTEGER, allowNull: false },
      activityId: { type: DataTypes.INTEGER, allowNull: true },
      firstName: { type: DataTypes.STRING(150), allowNull: false, defaultValue: '' },
      lastName: { type: DataTypes.STRING(150), allowNull: false, defaultValue: '' },
      studentCode: { type: DataTypes.STRING(50), allowNull: true },
      createdAt: { type: DataTypes.DATE, allowNull: false },
    },
    { sequelize, tableName: 'temp_students', underscored: true, timestamps: true, updatedAt: false },
  );
  return TempStudent;
}
