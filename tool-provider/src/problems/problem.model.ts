import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type NonAttribute,
  type Sequelize,
} from 'sequelize';
import type { Language } from '@kib/core';
import type { User } from '../users/user.model';
import type { Numeral } from './numeral.model';
import type { ProblemReview } from './problem-review.model';

/**
 * A problem (table `problems`): title, description and picture, made of numerals. Its topic and
 * subtopic are optional (SET NULL when deleted); its author cannot be deleted while it exists.
 * `picture` and `videoS3` are storage keys. Only problems with `publishProblem` reach students.
 */
export class Problem extends Model<InferAttributes<Problem>, InferCreationAttributes<Problem>> {
  declare id: CreationOptional<number>;
  declare title: string;
  declare description: CreationOptional<string>;
  declare language: CreationOptional<Language>;
  declare picture: CreationOptional<string | null>;
  declare topicId: number | null;
  /** The course it was written for (its topic may be in several); set by the creation tool. */
  declare courseId: CreationOptional<number | null>;
  declare subtopicId: number | null;
  declare authorId: number;
  declare numeration: CreationOptional<string | null>;
  declare publishProblem: CreationOptional<boolean>;
  declare videoS3: CreationOptional<string | null>;
  declare calculator: CreationOptional<boolean>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
  /** The numerals, when included (`as: 'numerals'`); order by `number`. */
  declare numerals?: NonAttribute<Numeral[]>;
  /** The author, when included (`as: 'author'`). */
  declare author?: NonAttribute<User>;
  /** The coauthors, when included (`as: 'coauthors'`). */
  declare coauthors?: NonAttribute<User[]>;
  /** The review record, when included (`as: 'review'`). */
  declare review?: NonAttribute<ProblemReview | null>;
}

/** A coauthor of a problem, who may edit it too (table `problem_coauthors`, key (problem, user)). */
export class ProblemCoauthor extends Model<
  InferAttributes<ProblemCoauthor>,
  InferCreationAttributes<ProblemCoauthor>
> {
  declare problemId: number;
  declare userId: number;
}

/** Binds Problem to `sequelize` (table `problems`). */
export function initProblemModel(sequelize: Sequelize): typeof Problem {
  Problem.init(
    {
      id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
      title: { type: DataTypes.STRING(255), allowNull: false },
      description: { type: DataTypes.TEXT, allowNull: false, defaultValue: '' },
      language: { type: DataTypes.STRING(2), allowNull: false, defaultValue: 'es' },
      picture: { type: DataTypes.STRING(500), allowNull: true },
      topicId: { type: DataTypes.INTEGER, allowNull: true },
      courseId: { type: DataTypes.INTEGER, allowNull: true },
      subtopicId: { type: DataTypes.INTEGER, allowNull: true },
      authorId: { type: DataTypes.INTEGER, allowNull: false },
      numeration: { type: DataTypes.STRING(20), allowNull: true },
      publishProblem: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      videoS3: { type: DataTypes.STRING(500), allowNull: true },
      calculator: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      createdAt: { type: DataTypes.DATE, allowNull: false },
      updatedAt: { type: DataTypes.DATE, allowNull: false },
    },
    { sequelize, tableName: 'problems', underscored: true, timestamps: true },
  );
  return Problem;
}

/** Binds ProblemCoauthor to `sequelize` (table `problem_coauthors`). */
export function initProblemCoauthorModel(sequelize: Sequelize): typeof ProblemCoauthor {
  ProblemCoauthor.init(
    {
      problemId: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true },
      userId: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true },
    },
    { sequelize, tableName: 'problem_coauthors', underscored: true, timestamps: false },
  );
  return ProblemCoauthor;
}
