import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type NonAttribute,
  type Sequelize,
} from 'sequelize';
import type { User } from '../users/user.model';

/**
 * A module (assignment, "taller"; table `modules`): a named, ordered set of problems by one author,
 * the name unique per author. `sourceModuleId` is the module it was cloned from, if any (set null
 * when that one is deleted). `creationDate` is the creation timestamp.
 */
export class Module extends Model<InferAttributes<Module>, InferCreationAttributes<Module>> {
  declare id: CreationOptional<number>;
  declare name: string;
  declare description: CreationOptional<string>;
  declare authorId: number;
  declare sourceModuleId: CreationOptional<number | null>;
  declare creationDate: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
  /** The problem links with their numeration, when included (`as: 'moduleProblems'`). */
  declare moduleProblems?: NonAttribute<ModuleProblem[]>;
  /** The classroom assignments, when included (`as: 'moduleClassrooms'`). */
  declare moduleClassrooms?: NonAttribute<ModuleClassroom[]>;
  /** The author, when included (`as: 'author'`). */
  declare author?: NonAttribute<User>;
}

/**
 * A problem of a module with its position label (table `module_problems`, key (module, problem)).
 * A problem used in a module cannot be deleted (RESTRICT): other people's assignments depend on it.
 */
export class ModuleProblem extends Model<
  InferAttributes<ModuleProblem>,
  InferCreationAttributes<ModuleProblem>
> {
  declare moduleId: number;
  declare problemId: number;
  declare numeration: CreationOptional<string | null>;
}

/**
 * A module assigned to a classroom (table `module_classrooms`, key (module, classroom)), visible
 * from `publishDate` (or at once) and active until `deadline` (or for ever). `individualStudents`
 * restricts it to the students listed in `module_students`.
 */
export class ModuleClassroom extends Model<
  InferAttributes<ModuleClassroom>,
  InferCreationAttributes<ModuleClassroom>
> {
  declare moduleId: number;
  declare classroomId: number;
  declare individualStudents: CreationOptional<boolean>;
  declare publishDate: CreationOptional<Date | null>;
  declare deadline: CreationOptional<Date | null>;
  declare creationDate: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

/** A student chosen for an individual assignment (table `module_students`); deleted with the assignment. */
export class ModuleStudent extends Model<
  InferAttributes<ModuleStudent>,
  InferCreationAttributes<ModuleStudent>
> {
  declare moduleId: number;
  declare classroomId: number;
  declare studentId: number;
}

/** A student's own deadline for an assignment, overriding the classroom's (table `student_modules`). */
export class StudentModule extends Model<
  InferAttributes<StudentModule>,
  InferCreationAttributes<StudentModule>
> {
  declare classroomId: number;
  declare moduleId: number;
  declare studentId: number;
  declare deadline: Date | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

/** A skill a module works on (table `module_skills`, key (module, skill)). */
export class ModuleSkill extends Model<InferAttributes<ModuleSkill>, InferCreationAttributes<ModuleSkill>> {
  declare moduleId: number;
  declare skillId: number;
}

/** A learning standard a module works on (table `module_learning_standards`, the spec's modulesLs). */
export class ModuleLearningStandard extends Model<
  InferAttributes<ModuleLearningStandard>,
  InferCreationAttributes<ModuleLearningStandard>
> {
  declare moduleId: number;
  declare learningStandardId: number;
}

const key = () => ({ type: DataTypes.INTEGER, allowNull: false, primaryKey: true });

/** Binds Module to `sequelize` (table `modules`; `createdAt` is the column creation_date). */
export function initModuleModel(sequelize: Sequelize): typeof Module {
  Module.init(
    {
      id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
      name: { type: DataTypes.STRING(200), allowNull: false },
      description: { type: DataTypes.TEXT, allowNull: false, defaultValue: '' },
      authorId: { type: DataTypes.INTEGER, allowNull: false },
      sourceModuleId: { type: DataTypes.INTEGER, allowNull: true },
      creationDate: { type: DataTypes.DATE, allowNull: false },
      updatedAt: { type: DataTypes.DATE, allowNull: false },
    },
    { sequelize, tableName: 'modules', underscored: true, timestamps: true, createdAt: 'creationDate' },
  );
  return Module;
}

/** Binds ModuleProblem to `sequelize` (table `module_problems`). */
export function initModuleProblemModel(sequelize: Sequelize): typeof ModuleProblem {
  ModuleProblem.init(
    {
      moduleId: key(),
      problemId: key(),
      numeration: { type: DataTypes.STRING(20), allowNull: true },
    },
    { sequelize, tableName: 'module_problems', underscored: true, timestamps: false },
  );
  return ModuleProblem;
}

/** Binds ModuleClassroom to `sequelize` (table `module_classrooms`; `createdAt` is creation_date). */
export function initModuleClassroomModel(sequelize: Sequelize): typeof ModuleClassroom {
  ModuleClassroom.init(
    {
      moduleId: key(),
      classroomId: key(),
      individualStudents: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      publishDate: { type: DataTypes.DATE, allowNull: true },
      deadline: { type: DataTypes.DATE, allowNull: true },
      creationDate: { type: DataTypes.DATE, allowNull: false },
      updatedAt: { type: DataTypes.DATE, allowNull: false },
    },
    {
      sequelize,
      tableName: 'module_classrooms',
      underscored: true,
      timestamps: true,
      createdAt: 'creationDate',
    },
  );
  return ModuleClassroom;
}

/** Binds ModuleStudent to `sequelize` (table `module_students`). */
export function initModuleStudentModel(sequelize: Sequelize): typeof ModuleStudent {
  ModuleStudent.init(
    { moduleId: key(), classroomId: key(), studentId: key() },
    { sequelize, tableName: 'module_students', underscored: true, timestamps: false },
  );
  return ModuleStudent;
}

/** Binds StudentModule to `sequelize` (table `student_modules`). */
export function initStudentModuleModel(sequelize: Sequelize): typeof StudentModule {
  StudentModule.init(
    {
      classroomId: key(),
      moduleId: key(),
      studentId: key(),
      deadline: { type: DataTypes.DATE, allowNull: true },
      createdAt: { type: DataTypes.DATE, allowNull: false },
      updatedAt: { type: DataTypes.DATE, allowNull: false },
    },
    { sequelize, tableName: 'student_modules', underscored: true, timestamps: true },
  );
  return StudentModule;
}

/** Binds ModuleSkill to `sequelize` (table `module_skills`). */
export function initModuleSkillModel(sequelize: Sequelize): typeof ModuleSkill {
  ModuleSkill.init(
    { moduleId: key(), skillId: key() },
    { sequelize, tableName: 'module_skills', underscored: true, timestamps: false },
  );
  return ModuleSkill;
}

/** Binds ModuleLearningStandard to `sequelize` (table `module_learning_standards`). */
export function initModuleLearningStandardModel(sequelize: Sequelize): typeof ModuleLearningStandard {
  ModuleLearningStandard.init(
    { moduleId: key(), learningStandardId: key() },
    { sequelize, tableName: 'module_learning_standards', underscored: true, timestamps: false },
  );
  return ModuleLearningStandard;
}
