import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';

/**
 * An education system (table `education_systems`), e.g. the Colombian standards;
 * `learningStandardName` is what that system calls its learning standards.
 */
export class EducationSystem extends Model<
  InferAttributes<EducationSystem>,
  InferCreationAttributes<EducationSystem>
> {
  declare id: CreationOptional<number>;
  declare name: string;
  declare learningStandardName: CreationOptional<string>;
}

/** A grade of an education system (table `grades`); `numeration` is its number (10 for grade ten). */
export class Grade extends Model<InferAttributes<Grade>, InferCreationAttributes<Grade>> {
  declare id: CreationOptional<number>;
  declare educationSystemId: number;
  declare name: string;
  declare numeration: number;
}

/** A learning standard of a grade (table `learning_standards`). */
export class LearningStandard extends Model<
  InferAttributes<LearningStandard>,
  InferCreationAttributes<LearningStandard>
> {
  declare id: CreationOptional<number>;
  declare gradeId: number;
  declare name: string;
}

/** A skill of a learning standard (table `skills`); modules link to skills through `module_skills`. */
export class Skill extends Model<InferAttributes<Skill>, InferCreationAttributes<Skill>> {
  declare id: CreationOptional<number>;
  declare learningStandardId: number;
  declare name: string;
}

/** Binds EducationSystem to `sequelize` (table `education_systems`). */
export function initEducationSystemModel(sequelize: Sequelize): typeof EducationSystem {
  EducationSystem.init(
    {
      id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
      name: { type: DataTypes.STRING(200), allowNull: false },
      learningStandardName: { type: DataTypes.STRING(200), allowNull: false, defaultValue: '' },
    },
    { sequelize, tableName: 'education_systems', underscored: true, timestamps: false },
  );
  return EducationSystem;
}

/** Binds Grade to `sequelize` (table `grades`). */
export function initGradeModel(sequelize: Sequelize): typeof Grade {
  Grade.init(
    {
      id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
      educationSystemId: { type: DataTypes.INTEGER, allowNull: false },
      name: { type: DataTypes.STRING(100), allowNull: false },
      numeration: { type: DataTypes.SMALLINT, allowNull: false },
    },
    { sequelize, tableName: 'grades', underscored: true, timestamps: false },
  );
  return Grade;
}

/** Binds LearningStandard to `sequelize` (table `learning_standards`). */
export function initLearningStandardModel(sequelize: Sequelize): typeof LearningStandard {
  LearningStandard.init(
    {
      id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
      gradeId: { type: DataTypes.INTEGER, allowNull: false },
      name: { type: DataTypes.TEXT, allowNull: false },
    },
    { sequelize, tableName: 'learning_standards', underscored: true, timestamps: false },
  );
  return LearningStandard;
}

/** Binds Skill to `sequelize` (table `skills`). */
export function initSkillModel(sequelize: Sequelize): typeof Skill {
  Skill.init(
    {
      id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
      learningStandardId: { type: DataTypes.INTEGER, allowNull: false },
      name: { type: DataTypes.TEXT, allowNull: false },
    },
    { sequelize, tableName: 'skills', underscored: true, timestamps: false },
  );
  return Skill;
}
