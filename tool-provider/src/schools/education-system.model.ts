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
 * `learningStandardName` is what that system calls its learning standards. `code` names a system
 * loaded from a reference file (docs/learning-standards.md); the English names are translations.
 */
export class EducationSystem extends Model<
  InferAttributes<EducationSystem>,
  InferCreationAttributes<EducationSystem>
> {
  declare id: CreationOptional<number>;
  declare name: string;
  declare learningStandardName: CreationOptional<string>;
  declare code: CreationOptional<string | null>;
  declare nameEnglish: CreationOptional<string | null>;
  declare learningStandardNameEnglish: CreationOptional<string | null>;
}

/** A grade of an education system (table `grades`); `numeration` is its number (10 for grade ten). */
export class Grade extends Model<InferAttributes<Grade>, InferCreationAttributes<Grade>> {
  declare id: CreationOptional<number>;
  declare educationSystemId: number;
  declare name: string;
  declare numeration: number;
  declare nameEnglish: CreationOptional<string | null>;
}

/**
 * A learning standard of a grade (table `learning_standards`), in the system's own words (`name`);
 * `thinking` is the "pensamiento" it belongs to, where the system groups standards that way.
 */
export class LearningStandard extends Model<
  InferAttributes<LearningStandard>,
  InferCreationAttributes<LearningStandard>
> {
  declare id: CreationOptional<number>;
  declare gradeId: number;
  declare name: string;
  declare code: CreationOptional<string | null>;
  declare nameEnglish: CreationOptional<string | null>;
  declare thinking: CreationOptional<string | null>;
  declare position: CreationOptional<number>;
}

/** A skill of a learning standard (table `skills`); modules link to skills through `module_skills`. */
export class Skill extends Model<InferAttributes<Skill>, InferCreationAttributes<Skill>> {
  declare id: CreationOptional<number>;
  declare learningStandardId: number;
  declare name: string;
  declare code: CreationOptional<string | null>;
  declare nameEnglish: CreationOptional<string | null>;
  declare position: CreationOptional<number>;
}

/** Binds EducationSystem to `sequelize` (table `education_systems`). */
export function initEducationSystemModel(sequelize: Sequelize): typeof EducationSystem {
  EducationSystem.init(
    {
      id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
      name: { type: DataTypes.STRING(200), allowNull: false },
      learningStandardName: { type: DataTypes.STRING(200), allowNull: false, defaultValue: '' },
      code: { type: DataTypes.STRING(40), allowNull: true },
      nameEnglish: { type: DataTypes.STRING(200), allowNull: true },
      learningStandardNameEnglish: { type: DataTypes.STRING(200), allowNull: true },
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
      nameEnglish: { type: DataTypes.STRING(100), allowNull: true },
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
      code: { type: DataTypes.STRING(60), allowNull: true },
      nameEnglish: { type: DataTypes.TEXT, allowNull: true },
      thinking: { type: DataTypes.STRING(20), allowNull: true },
      position: { type: DataTypes.SMALLINT, allowNull: false, defaultValue: 0 },
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
      code: { type: DataTypes.STRING(60), allowNull: true },
      nameEnglish: { type: DataTypes.TEXT, allowNull: true },
      position: { type: DataTypes.SMALLINT, allowNull: false, defaultValue: 0 },
    },
    { sequelize, tableName: 'skills', underscored: true, timestamps: false },
  );
  return Skill;
}
